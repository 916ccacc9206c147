"""Fit puts a map that does not fill the room's width in the middle of the window.

Why: Fit keeps the side card's column free, so a tall map (a .dd2vtt cave, a
Tiled keep) sat left of centre with a wide empty band on the right (an outside
reviewer's finding). It now sits as near the middle as the panels let it.
"""

from __future__ import annotations

import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App

from ui_driver import app_session


@pytest.fixture
def app():
    tall = BattleMap.from_text("\n".join(["." * 12] * 40), name="Tall cave")
    yield from app_session(App(Encounter({"name": "Cave", "combatants": []}, tall, seed=1), size=(1920, 1080)))


def test_a_tall_map_sits_in_the_middle_of_the_window(app):
    view = app.battle
    m, cam, board = view.encounter.map, view.camera, view.board_rect()
    left, right = cam.origin_x, cam.origin_x + m.width * cam.cell_px
    assert abs((left + right) / 2 - board.centerx) <= 2  # in the middle, not of the room left of the side column
    room = view.fit_rect()
    assert room.left <= left and right <= room.right  # and still inside the room Fit leaves
    assert m.height * cam.cell_px >= 0.9 * (room.height - 48)  # as big as the height allows
