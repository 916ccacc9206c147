"""The move search walks around traps the mover's side knows of, and says when it cannot (N-TRAP-12).

Review 3 (finding 5): Art spotted the Stealth mine, yet the path preview ran straight over it
("20 ft", no mark) and a click there set it off, though an equally short way round was free.
These check the engine's answer the Select tool draws (``move_routes``, ``known_trap_ahead``):

1. a trap the side knows of (spotted, shown by the GM, set by it) is walked around at the same cost,
   and at a higher one when the way round still fits the move (reading N-TRAP-12; the text's
   Traps/Mines: "Once a trap is detected, it can be bypassed or disabled");
2. in a fight a way round that needs the sprint wins over a run over the trap;
3. the trap's own square stays a destination, and a corridor it blocks keeps the way over it,
   which :func:`known_trap_ahead` reports (the same step test the walk uses);
4. a trap hidden from the mover's side changes no route at all (or the path would give it away),
   and the walk sets the known one off where the preview says.
"""

from __future__ import annotations

import copy

from tactics.engine.board import Walk
from tactics.engine.combat.known_traps import known_trap_ahead, squares_to_walk_around, warning_words
from tactics.engine.combat.moves import MoveAllowance, move_routes
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.commands import DetectTrap
from tactics.maps import BattleMap
from tactics.rules import traps as tr

from ui_driver import fighter

OPEN = "\n".join(["." * 12] * 9)
#: a wall down column 5 with a gap at row 4 (the trap's square) and one at row 8
WALLED = "\n".join(["....." + ("." if r in (4, 8) else "#") + "......" for r in range(9)])
#: a corridor one square wide along row 1
CORRIDOR = "############\n............\n############"


def encounter(text: str, traps: list[dict], ann: tuple[int, int] = (1, 4), bear: tuple[int, int] = (11, 0),
              seed: int = 3) -> Encounter:
    definition = {
        "name": "Known traps",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", ann), fighter("bear", "bears", bear)],
        "traps": traps,
    }
    return Encounter(definition, BattleMap.from_text(text), seed=seed)


def stealth_mine(cell: tuple[int, int], **extra) -> dict:
    return {"id": "mine", "kind": "stealth_mine", "cell": list(cell), **extra}


def path_to(enc: Encounter, cell: tuple[int, int], allowance: MoveAllowance | None = None) -> list:
    return move_routes(enc.state, "ann", allowance)[cell].path


def test_a_spotted_mine_is_walked_around_at_the_same_cost():  # R-TRAP-2, N-TRAP-12
    enc = encounter(OPEN, [stealth_mine((3, 4))])
    before = move_routes(enc.state, "ann")[(5, 4)]
    assert (3, 4) in before.path, "hidden from the party: the straight way, as with no trap"
    enc.submit(DetectTrap("mine", "ann"))  # Art-like: the party spotted it
    after = move_routes(enc.state, "ann")[(5, 4)]
    assert (3, 4) not in after.path and after.cost == before.cost == 20
    assert known_trap_ahead(enc.state, "ann", (1, 4), after.path) is None


def test_a_trap_the_gm_shows_or_the_side_set_is_walked_around_too():  # N-TRAP-12
    shown = encounter(OPEN, [stealth_mine((3, 4), hidden=False)])
    assert (3, 4) not in path_to(shown, (5, 4))
    theirs = encounter(OPEN, [stealth_mine((3, 4), team="party")])
    assert (3, 4) not in path_to(theirs, (5, 4))


def test_the_way_round_may_cost_more_when_it_fits_the_move():  # N-TRAP-12
    enc = encounter(WALLED, [stealth_mine((5, 4), hidden=False)])
    route = move_routes(enc.state, "ann")[(7, 4)]  # 30 ft run, 60 ft sprint out of a fight
    assert (5, 4) not in route.path and (5, 8) in route.path, "through the other gap"
    assert route.cost > 30 and route.sprint, "the way round is longer: it needs the sprint (amber)"


def test_in_a_fight_the_way_round_takes_the_sprint_rather_than_the_run_over_the_trap():  # N-TRAP-12, R-MOVE-1
    enc = encounter(WALLED, [stealth_mine((5, 4), hidden=False)])
    split = MoveAllowance(30, 60, origin=(1, 4), run_as="standard-move", sprint_as="bonus-move", split=True)
    route = move_routes(enc.state, "ann", split)[(7, 4)]
    assert len(route.legs) == 2 and route.sprint, "Standard Move + Bonus Move round the mine"
    assert (5, 4) not in route.path
    assert sum(len(leg) for leg in route.legs) == len(route.path)


def test_the_trap_square_stays_a_destination_and_a_blocked_corridor_keeps_the_way_over_it():  # N-TRAP-12
    enc = encounter(CORRIDOR, [stealth_mine((4, 1), hidden=False)], ann=(0, 1), bear=(11, 1))
    routes = move_routes(enc.state, "ann")
    onto = routes[(4, 1)]
    ahead = known_trap_ahead(enc.state, "ann", (0, 1), onto.path)
    assert ahead is not None and ahead.last and ahead.cell == (4, 1)
    assert warning_words("Ann", ahead) == "onto the Stealth mine: it goes off"
    beyond = routes[(6, 1)]
    assert (4, 1) in beyond.path, "no other way: the corridor's only way stays on offer"
    ahead = known_trap_ahead(enc.state, "ann", (0, 1), beyond.path)
    assert ahead is not None and not ahead.last and ahead.index == 3
    assert warning_words("Ann", ahead) == "through the Stealth mine at 4, 1: it goes off and Ann stops there"
    enc.submit(Walk("ann", beyond.path, budget_ft=60))  # the walk agrees: it goes off there, Ann stops
    assert enc.state.combatants["ann"].cell == (4, 1) and enc.state.traps["mine"].status == "spent"


def test_a_trap_hidden_from_the_side_changes_no_route_and_says_nothing():  # R-TRAP-6, N-TRAP-12
    traps = [stealth_mine((3, 4)), {"id": "wire", "kind": "tripwire", "cell": [3, 2], "wire_end": [3, 6]},
             {"id": "bears'", "kind": "proximity_sensor", "cell": [6, 5], "team": "bears"}]
    enc = encounter(OPEN, traps)
    bare = copy.copy(enc.state)
    bare.traps = {}
    assert squares_to_walk_around(enc.state, enc.state.combatants["ann"]) == frozenset()
    with_traps, without = move_routes(enc.state, "ann"), move_routes(bare, "ann")
    assert with_traps == without
    assert all(known_trap_ahead(enc.state, "ann", (1, 4), r.path) is None for r in with_traps.values())
    # the bears set the sensor: their own moves go round it, the party's do not
    bear_squares = squares_to_walk_around(enc.state, enc.state.combatants["bear"])
    assert bear_squares == tr.trigger_squares(enc.state.traps["bears'"], enc.state.current_map())
    assert (6, 5) in bear_squares


def test_no_way_round_a_known_wire_steps_across_it_between_two_squares():  # N-TRAP-3, N-TRAP-12
    """A diagonal wire (3,3)-(6,6) passes through the corners between its squares: the search
    that only kept off the wire's squares stepped from (4,3) to (3,4) across it, and 33 of the
    106 squares Ann could reach were reached over the wire she could see. Now only the wire's own
    squares (no way round reaches them) keep a way that sets it off; the rest go round its ends."""
    wire = {"id": "wire", "kind": "tripwire", "cell": [3, 3], "wire_end": [6, 6], "hidden": False}
    enc = encounter(OPEN, [wire], ann=(5, 3))
    routes = move_routes(enc.state, "ann")
    on_wire = set(tr.wire_cells(enc.state.traps["wire"]))
    over = {cell for cell, route in routes.items() if known_trap_ahead(enc.state, "ann", (5, 3), route.path)}
    assert over == on_wire & set(routes), f"ways over the known wire to {sorted(over - on_wire)}"
    assert routes[(3, 5)].cost > 15, "the straight way (10 ft) and the one beside it (15 ft) cross the wire"
    hidden = encounter(OPEN, [dict(wire, hidden=True)], ann=(5, 3))  # unknown to Ann: no change at all
    assert move_routes(hidden.state, "ann")[(3, 5)].cost == 10
