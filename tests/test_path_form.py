"""A path that is not a chain of steps is refused with what is wrong with it (review 7 lib, finding 9).

A script or a bot writes paths by hand (``Walk("art", [(1, 8)])``, or a python-chess
from/to habit with the start listed): the refusal names the gap, the repeat or the
start, not a wall that is not there (R-GRID-2: a move is steps to adjacent squares);
a wall is still named as a wall (R-GRID-4).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings, strategies as st

from tactics.assets import bundled
from tactics.engine.board import Walk
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document
from tactics.rules.movement import PATH_FORM, path_cost, path_problem
from tests.test_ground_refusals import ROOM, SPAWNS, fight, refused


def _out_of_fight() -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=1)


def test_walk_names_a_skipped_square_a_repeat_and_the_start() -> None:  # R-GRID-2
    enc = _out_of_fight()  # Art at (1, 6) on open floor
    refused(enc, Walk("art", [(1, 8)]), r"^\(1, 8\) is not next to \(1, 6\): " + PATH_FORM + "$")
    refused(enc, Walk("art", [(1, 7), (1, 9)]), r"\(1, 9\) is not next to \(1, 7\)")
    refused(enc, Walk("art", [(1, 6), (1, 7)]), r"^\(1, 6\) is where Art starts: " + PATH_FORM)
    refused(enc, Walk("art", [(1, 7), (1, 7)]), r"\(1, 7\) is listed twice in a row")
    enc.submit(Walk("art", [(1, 7), (1, 8)]))  # the same squares one step at a time: walked
    assert enc.state.combatants["art"].cell == (1, 8)


def test_a_declared_move_names_the_gap_too() -> None:  # R-GRID-2, R-ACT-1
    enc = fight()  # the party's Vanguard acts: Brandon at (2, 2)
    refused(enc, Declare("brandon", Action("standard-move", path=[(4, 2)])),
            r"^\(4, 2\) is not next to \(2, 2\): " + PATH_FORM)


def test_a_wall_is_still_named_as_a_wall() -> None:  # R-GRID-4
    m = BattleMap.from_text(".#.\n...")
    assert path_problem(m, (0, 0), [(1, 0)]) == "no one can stand on (1, 0)"
    assert path_problem(m, (0, 0), [(-1, 0)]) == "(-1, 0) is outside the map"
    corner = BattleMap.from_text("..\n#.")
    assert path_problem(corner, (0, 0), [(1, 1)]) == "the step from (0, 0) to (1, 1) crosses a wall or cuts a wall's corner"


SMALL = BattleMap.from_text("..#..\n.....\n..~..\n.....")
CELLS = st.tuples(st.integers(-1, 5), st.integers(-1, 4))


@settings(max_examples=200, deadline=None)
@given(CELLS, st.lists(CELLS, max_size=5))
def test_a_problem_is_named_exactly_when_the_path_is_refused(start, path) -> None:  # R-GRID-2..4
    assert (path_problem(SMALL, start, path) is None) == (path_cost(SMALL, start, path) is not None)
