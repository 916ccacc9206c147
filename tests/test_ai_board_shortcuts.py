"""The opponent's shortcuts give the numbers worked out the long way (R-MOVE-2).

Why it exists: the opponent's Board works out a move's chance to get there square
by square down the search's tree of paths (and skips the paths that cannot cross
a square asking a roll), and an attack's pull per distance once: each must equal
the plain computation exactly, or its choices would drift.
"""

from __future__ import annotations

from tactics.ai.knowledge import known_state
from tactics.ai.positions import STEP_FT, WALK_FT, Board
from tactics.ai.settings import opponent_rules
from tactics.ai.scoring import path_chance
from tactics.ai.team_turn import _reach_plan
from tactics.assets import bundled
from tactics.engine.combat.state import sheet_of
from tactics.engine.core.encounter import load_encounter
from tactics.rules.movement import plan_reference


def _board() -> Board:
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=1)
    return Board(known_state(enc.state, "bears"), "bears")


def test_the_chance_to_get_there_equals_the_product_along_the_drawn_path():
    board = _board()
    rolled = 0
    for who in board.ours():
        reach = _reach_plan(board, who, 60, set())
        for cell in sorted(reach.cost):
            plain = path_chance(board.view, who, reach.path_to(cell))
            assert board.path_chance(who, reach, cell) == plain, (who.id, cell)
            rolled += plain < 1
    assert rolled > 20  # the bears stand by difficult ground: many paths ask a roll


def test_a_foe_s_pull_equals_the_discount_per_turn_of_walking_there():  # N-DOOR-5
    """The pull counts the squares on foot around walls (a plain Dijkstra from the foe's square),
    a square only a closed door leads to through it at ``door_walk_ft`` (opponents.toml) more, as the crow flies
    only beyond ``WALK_FT``."""
    board = _board()
    who = board.ours()[0]
    run = max(STEP_FT, sheet_of(who).run_ft)
    m = board.view.current_map()
    through = m
    for index, door in enumerate(m.doors):  # on foot every door is a way: one opens it (N-DOOR-5)
        if door.closed:
            through = through.with_door(index, closed=False)
    walks = {}
    round_the_wall = 0
    for x in range(m.width):
        for y in range(m.height):
            best, toward = 0.0, None
            for reach, (fx, fy), value, foe in board.offers(who):
                if (fx, fy) not in walks:
                    shut = plan_reference(m, (fx, fy), WALK_FT).cost
                    ways = plan_reference(through, (fx, fy), WALK_FT).cost
                    price = opponent_rules().door_walk_ft
                    walks[(fx, fy)] = {**{c: f + price for c, f in ways.items()}, **shut}
                crow = max(abs(fx - x), abs(fy - y))
                feet = walks[(fx, fy)].get((x, y))
                squares = feet // STEP_FT if feet is not None else max(crow, WALK_FT // STEP_FT + 1)
                round_the_wall += squares > crow
                gap = STEP_FT * squares - reach
                turns = 1 + -(-gap // run) if gap > 0 else 1
                if value * 0.7 ** turns > best:
                    best, toward = value * 0.7 ** turns, foe
            assert board.approach_toward(who, (x, y), 0.7) == (best, toward)
    assert round_the_wall > 100  # the map's walls make many squares farther on foot than as the crow flies
