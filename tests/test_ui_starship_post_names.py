"""The starship crew cards show every post's whole name at 1280x720 and on the players' window.

Why (review 14, finding 10): "Sensors/Comms" was cut to "Sensors/Com..." on both ships' crew
cards at 1280x720 (and in the 1280x800 players' window), a few pixels short of its column.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.rules.starship import POST_NAMES
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.theme import fs
from tactics.ui.app import App
from tactics.ui.opening import open_path

from ui_driver import app_session


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
def test_each_post_s_whole_name_shows_on_the_crew_cards(size):
    for app in app_session(App(open_path(bundled("pirate-corvette.encounter.toml"), seed=1), size=size), closing=True):
        app.show_starship()
        app.step()
        rec = probe.start()
        try:
            app.draw()
        finally:
            probe.stop()
        marks = [m for m in rec.on(pygame.display.get_surface()) if m.kind == "text"]
        for name in POST_NAMES.values():
            # the name's whole width at each of the cards' two sizes, known by its height
            whole = dict(reversed(theme.font(fs(size), "semibold").size(name)) for size in (17, 18))
            drawn = [m.rect for m in marks if m.label == name]
            assert len(drawn) == 2 and all(rect.width >= whole[rect.height] for rect in drawn), f"{name}: cut on a crew card"

