"""The sprint on the map (issue 10): its real path, and "uses your Bonus action" before the click.

What is tested, by real pointer events in a fight (R-MOVE-1, R-ACT-1, R-ORD-1): hovering an amber
square draws the second leg (the Bonus Move) in amber from the square where the first leg ends,
as ``move_routes`` plans it, and says "uses your Bonus action" on the map and in the status bar
while nothing is declared yet; after the click the declared Bonus Move is drawn from the end of
the Standard Move (``declared_origins``), not from the token's square.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.actions import declared_origins
from tactics.ui.app import App
from tactics.ui.tools.select import SPRINT_LEG

from test_ui_combat import explosion, press, space_bears, token
from ui_driver import app_session, click, move

SIZE = (1600, 900)
DECLARED = (150, 200, 255)  # the declared-actions layer's path colour


@pytest.fixture
def app():
    enc = space_bears()
    explosion(enc)
    yield from app_session(App(enc, size=SIZE))


def close(colour, want, tol: int = 30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(colour[:3], want))


def between(a, b):
    return ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)


def a_two_leg_square(app: App):
    reach = app.battle.reach
    cell = max((c for c, r in reach.routes.items() if len(r.legs) == 2), key=lambda c: (c[0], c[1]))
    return cell, reach.routes[cell]


def test_hovering_a_sprint_square_draws_the_real_second_leg_and_warns(app):  # R-MOVE-1, R-ACT-1
    press(app, "start")
    press(app, "banner-advance")
    click(app, token(app, "james"))
    cell, route = a_two_leg_square(app)
    journal = app.battle.encounter.journal
    before = len(journal.entries)
    move(app, app.battle.camera.cell_centre(cell))
    app.draw()
    assert "uses your Bonus action" in app.battle.tool.status()
    cam = app.battle.camera
    surface = pygame.display.get_surface()
    leg1_end, leg2_first = route.legs[0][-1], route.legs[1][0]
    assert close(surface.get_at(between(cam.cell_centre(leg1_end), cam.cell_centre(leg2_first))), SPRINT_LEG), \
        "the second leg starts where the first one ends, in amber"
    first_step = route.legs[0][0]
    assert not close(surface.get_at(between(cam.cell_centre(first_step), cam.cell_centre(route.legs[0][1]))),
                     SPRINT_LEG), "the first leg is the Standard Move's colour"
    assert len(journal.entries) == before, "hovering declares nothing"


def test_the_declared_bonus_move_starts_where_the_standard_move_ends(app):  # R-ORD-1
    press(app, "start")
    press(app, "banner-advance")
    click(app, token(app, "james"))
    cell, route = a_two_leg_square(app)
    click(app, app.battle.camera.cell_centre(cell))
    combat = app.battle.state.combat
    standard, bonus = [d for d in combat.declarations if d.combatant == "james"]
    assert (standard.kind, bonus.kind) == ("standard-move", "bonus-move")
    origins = declared_origins(app.battle.state)
    assert origins[bonus.id] == tuple(standard.params["path"][-1])
    move(app, (5, 300))  # the pointer off the board: only the declared paths are drawn
    app.draw()
    cam = app.battle.camera
    surface = pygame.display.get_surface()
    leg2_first = tuple(bonus.params["path"][0])
    assert close(surface.get_at(between(cam.cell_centre(origins[bonus.id]), cam.cell_centre(leg2_first))), DECLARED)
    james = cam.cell_centre(app.battle.state.combatants["james"].cell)
    wrong = between(james, cam.cell_centre(leg2_first))  # where the old drawing ran, token -> Bonus Move
    assert not close(surface.get_at(wrong), DECLARED)
