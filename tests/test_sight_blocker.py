"""A refused attack for want of a sight line says where the wall is met, and the map marks it (review 13 F8).

What a GM saw: "Brandon has no line of sight to Bear 3" in red, and nothing on the map: the
centre-to-centre line only touched a crate's corner (touching counts: R-AOE-1, reading N-GREN-2's
rule for sight). The refusal now names the point (16,3: a square's top-left corner) and the attack
tool draws a ring with a cross there on the red line.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.attack import reach_problem, sight_blocker
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.rules.geometry import Segment
from tactics.rules.sheets import default_armoury
from tactics.ui.app import App
from tactics.ui.tools.attack import BAD_LINE

from ui_driver import app_session, centre, click, fighter, key, move

#: a crate on square (15, 3): its top and right edges are walls
CRATE = [Segment(15, 3, 16, 3), Segment(16, 3, 16, 4), Segment(15, 4, 16, 4), Segment(15, 3, 15, 4)]


def encounter() -> Encounter:
    definition = {"name": "Crate", "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": [fighter("brandon", "party", (15, 2), modifiers={"DEX": 5}, weapons=["silenced_pistol"]),
                                 fighter("bear", "bears", (17, 4))]}
    return Encounter(definition, BattleMap(width=24, height=12, wall_segments=CRATE), seed=2)


def test_the_refusal_names_the_corner_the_line_touches():  # R-AOE-1
    enc = encounter()
    state = enc.state
    brandon, bear = state.combatants["brandon"], state.combatants["bear"]
    assert sight_blocker(state, brandon.cell, bear.cell) == (16.0, 3.0)  # the crate's top-right corner
    problem = reach_problem(state, brandon, bear, default_armoury().weapon("silenced_pistol"), brandon.cell)
    assert problem == "Brandon has no line of sight to Bear: a wall's corner at square 16,3 is in the way"
    from tactics.engine.combat.attack import blocker_words

    down = sight_blocker(state, (15, 1), (15, 6))  # straight down into the crate's top edge
    assert down == (15.5, 3.0) and blocker_words((15, 1), (15, 6), down) == "a wall on the edge of square 15,3"
    assert sight_blocker(state, brandon.cell, (20, 2)) is None  # along the row above: clear


def test_the_attack_tool_marks_where_the_wall_is_met():
    enc = encounter()
    enc.submit(StartCombat())
    enc.submit(Advance())
    assert enc.state.combat.can_act_now("brandon")
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        view = app.battle
        key(app, pygame.K_t)
        click(app, centre(app, (15, 2)))
        move(app, centre(app, (17, 4)))
        assert view.tool.shown is not None and "corner at square 16,3 is in the way" in view.tool.shown.problem
        x, y = (int(round(v)) for v in view.camera.to_screen((16.0, 3.0)))
        r = max(6, view.camera.cell_px // 5)
        # the ring's top, off the diagonal red line itself
        ring = {tuple(pygame.display.get_surface().get_at((x + dx, y - r + dy))[:3]) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        assert tuple(BAD_LINE[:3]) in ring
