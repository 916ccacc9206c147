"""At 1280x720 every token on the GM's map keeps a name, all of one size in a frame.

Why (outside review 17, N2): at 22 px a square, after Start combat and E, Brandon and James had
no name at all (only their "Shaken 1" / "Sh1 Fl" badges over discs whose initials were ~8 px
high), while Art and the bears kept theirs in the large type; before combat some names were
small and others large. Here the real app is driven (the tracker's Start combat button, then E)
and each frame's drawn names are read: every visible token has one (whole or cut with "…"),
they are all of one height, and none lies on another token's disc or on a condition badge.
"""

from __future__ import annotations

import os

import pygame
import pytest

from tactics.engine.combat.individual.procedure import with_mode
from tactics.ui.app import App
from tactics.ui.opening import open_default

from test_ui_name_owners import TOUCH, _gap
from ui_driver import app_session, centre, click, key, zoomed_to


def _check_frame(app: App, when: str) -> None:
    app.draw()
    if os.environ.get("TACTICS_SHOTS"):
        pygame.image.save(app.window, os.path.join(os.environ["TACTICS_SHOTS"], f"names-720-{when}.png"))
    view = app.battle
    painter = view.renderer.tokens
    badges, names = painter.drawn_labels()
    tokens = {c.id: c for c in view.state.on_map() if view.visible(c)}
    named = {cid: (rect, text) for cid, rect, text in names}
    for cid, who in tokens.items():
        assert cid in named, f"{when}: {who.name} has no name drawn"
        text = named[cid][1]
        assert len(text.rstrip("…")) >= 3 and who.name.startswith(text.rstrip("…")), \
            f"{when}: {who.name}'s name is drawn as {text!r}"
    heights = {rect.height for rect, _ in named.values()}
    assert len(heights) == 1, f"{when}: names in {len(heights)} sizes: " + \
        ", ".join(f"{tokens[c].name} {r.height}" for c, (r, _) in named.items())
    keep = max(3, view.camera.cell_px // 4)
    for cid, (rect, text) in named.items():
        assert _gap(rect, view.camera, tokens[cid].cell) <= TOUCH, f"{when}: {text} does not touch its own disc"
        for other, who in tokens.items():
            if other != cid:
                assert _gap(rect, view.camera, who.cell) >= keep, f"{when}: {text} lies against {who.name}'s disc"
        for owner, badge in badges:
            assert not rect.colliderect(badge), f"{when}: {text} covers a badge of {tokens[owner].name}"


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=1), size=(1280, 720)), closing=True)


def test_every_token_keeps_a_name_of_one_size_at_1280x720(app):
    _check_frame(app, "start, at the fit")  # 24 px a square since review 17 N6
    zoomed_to(app, 22)  # the cramped zoom the reviewer saw (the fit then)
    _check_frame(app, "start")
    start = app.battle.combat.tracker.button_rect("start")
    assert start is not None
    click(app, start.center)
    key(app, pygame.K_e)
    _check_frame(app, "declare")


def test_in_individual_turns_too_every_name_is_of_one_size():
    """The review's individual-turns fight (90-720-ind.png): "Bear 4", "James" and "Bear 1" small, the rest large."""
    for app in app_session(App(with_mode(open_default(seed=1), "individual"), size=(1280, 720)), closing=True):
        zoomed_to(app, 21)  # the review's zoom (the fit then; 23 since review 17 N6)
        _check_frame(app, "individual")
        click(app, centre(app, app.battle.state.combatants["brandon"].cell))
        assert app.battle.selected == "brandon"
        _check_frame(app, "individual-selected")
