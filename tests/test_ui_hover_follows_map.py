"""The square under a still pointer follows the map when the map moves by itself.

Why: the map is fitted again when a panel opens or F2 switches to the players'
view; the pointer does not move, so without a new motion the preview kept
showing the old square while the click (worked out from the pointer) walked the
token somewhere else (an outside reviewer's finding: "40 ft sprint to 8,6", the
token went to 12,5).
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


def test_after_f2_refits_the_map_the_preview_shows_the_square_under_the_pointer(app):
    """In a fight the players' view has no combat panels: F2 fits the map bigger, and back."""
    click(app, app.battle.combat.button_rect("start").center)
    click(app, centre(app, app.battle.state.combatants["brandon"].cell))
    assert app.battle.selected == "brandon"
    start = app.battle.state.combatants["brandon"].cell
    pos = centre(app, (start[0] - 3, start[1] + 2))
    move(app, pos)
    for _ in range(2):
        before = app.battle.camera.cell_at(pos)
        assert app.battle.hover_cell == before
        key(app, pygame.K_F2)  # the map is fitted again; the pointer does not move
        under = app.battle.camera.cell_at(pos)
        assert under != before  # the map moved under the pointer
        assert app.battle.hover_cell == under  # the preview is drawn to the square a click would use
