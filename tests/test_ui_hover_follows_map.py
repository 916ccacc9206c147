"""The square under a still pointer follows the map when the map moves by itself.

Why: the map was fitted again when a panel opened or F2 switched to the players' view; the
pointer did not move, so without a new motion the preview kept showing the old square while the
click (worked out from the pointer) walked the token somewhere else (an outside reviewer's
finding: "40 ft sprint to 8,6", the token went to 12,5). Since review 16 (F3) F2 and the log's
first line no longer move the map at all; it is fitted again by itself only when the GM changes
the layout (the fight begins or ends, a panel folds), and then the preview still follows.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, centre, click, key, move


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=1), size=(1280, 720)), closing=True)


def test_f2_keeps_the_map_and_the_square_under_the_pointer(app):
    """In a fight the players' view shows no Declare/Resolve/Log column: the map stays where it is
    all the same (the same room in both views), so the pointer keeps its square both ways."""
    click(app, app.battle.combat.button_rect("start").center)
    click(app, centre(app, app.battle.state.combatants["brandon"].cell))
    assert app.battle.selected == "brandon"
    start = app.battle.state.combatants["brandon"].cell
    pos = centre(app, (start[0] - 3, start[1] + 2))
    move(app, pos)
    before = app.battle.camera.cell_at(pos)
    for _ in range(2):
        key(app, pygame.K_F2)
        assert app.battle.camera.cell_at(pos) == before  # the map did not move under the pointer
        assert app.battle.hover_cell == before


def test_when_the_map_is_fitted_again_the_preview_shows_the_square_under_the_pointer(app):
    """The log folded to its title row before the fight (its "-"): the map, untouched since its
    fit, grows into the column and the height the fight would keep (review 17 N6: in the fight the
    bundled map is fitted by its height now, so the tracker's fold there leaves it as it is); the
    pointer does not move, and the preview follows the square now under it."""
    click(app, centre(app, app.battle.state.combatants["brandon"].cell))
    start = app.battle.state.combatants["brandon"].cell
    pos = centre(app, (start[0] - 3, start[1] + 2))
    move(app, pos)
    before = app.battle.camera.cell_at(pos)
    assert app.battle.hover_cell == before
    px = app.battle.camera.cell_px
    app.battle.combat.log.collapsed = True  # (as its "-" does, with the pointer left on the map)
    app.dirty = True
    app.step()
    assert app.battle.camera.cell_px > px, "the map grew into the room the folded log gave"
    under = app.battle.camera.cell_at(pos)
    assert under != before  # the map moved under the pointer
    assert app.battle.hover_cell == under  # the preview is drawn to the square a click would use
