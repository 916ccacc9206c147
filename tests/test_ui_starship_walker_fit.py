"""At 1280x720 every post acting now has a walker chip that opens it (review 9, finding 4).

Why: with five posts of the corvette acting in round 1's Action Phase (the Science Officer held)
the walker row dropped its fifth chip, the Chief Engineer's, whose choice comes first (N-SHIP-2),
and said nothing. What is tested with real clicks at 1280x720 (the layout test checks every size):
each of the five chips is on screen inside the walker, and a click on the Chief Engineer's opens
that post's dialog.
Expected: the five posts of the engine's list, the engineer's dialog.
"""

from __future__ import annotations

import pytest

import layout_states as L
from tactics.engine.starship.view import posts_acting_now
from tactics.ui.app import App

from test_ui_starship import press, walker_posts
from ui_driver import app_session

pytestmark = pytest.mark.usefixtures("data_dir")


def test_the_fifth_post_keeps_its_chip_at_1280x720_and_opens() -> None:  # R-SHIP-2, N-SHIP-2
    for app in app_session(App(L.encounter("pirate-corvette.encounter.toml"), size=(1280, 720))):
        L.starship_five_posts(app)
        screen = app.starship
        acting = posts_acting_now(app.battle.state, "red_maw")
        assert acting == ["science", "helm", "sensors", "weapons", "engineer"]
        assert walker_posts(screen, "red_maw") == acting
        walker = screen.layout()["walker"]
        assert all(walker.contains(screen.spot_rect("walker_post", ship="red_maw", post=p)) for p in acting)
        press(app, screen, "walker_post", ship="red_maw", post="engineer")
        assert screen.dialog is not None and getattr(screen.dialog, "post", None) == "engineer"
