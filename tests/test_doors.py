"""Doors through the command API: a Simple action in team rounds, a non-contested action in
individual turns, an instant click out of a fight (N-DOOR-1..4, R-ACT-1, R-ORD-1, R-TURN-2).

What is tested: on the bundled Space Bears map, Katie (joined at the Counter Phase of round 1,
in the party's Rearguard) cannot open her room's door from across the room; she declares a
Standard Move to it and opening it as the Simple action after, the log says she opened it, and
next round her reach goes through to 21,15. The Simple slot: a door before the Standard rules
out the Bonus Move, a Bonus Move rules out the door, one door action a turn. A move declared
after a door action that resolves first is checked on the door open (N-DOOR-3). Undo, redo and a
save bring the door back as it was; a door the map has open can be closed and opened again;
the one-line refusals (not next to it, no such door, already open, someone in the doorway).
"""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactics.assets import bundled
from tactics.engine.board import Place, SetDoor
from tactics.engine.combat.actions import Action, Declare, ResolveNext, Undeclare
from tactics.engine.combat.doors import doors_in_reach, planned_map
from tactics.engine.combat.moves import move_allowance, move_routes
from tactics.engine.combat.queries import describe, legal_kinds
from tactics.engine.combat.team import BeginActions, EndGroupTurn, Join, NextRound
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.core.opening import opening_commands, opening_of
from tactics.engine.saves.document import reloaded
from tactics.maps.battlemap import Door
from tactics.rules.doors import door_name, reach_squares, sides, stands_in, touches
from tactics.rules.geometry import Segment

KATIE_DOOR = 1  # the west door of Katie's room: the line x = 23 from row 14 to row 16, closed
HALL_DOOR = 0  # the door the map has open: x = 20, rows 14-15
OUTSIDE = (21, 15)  # "just outside her door"


def advance(enc: Encounter) -> None:
    """One step of the procedure with nobody declaring: begin, end the group's turn, next round."""
    combat = enc.state.combat
    if combat.phase == "advantages":
        enc.submit(BeginActions())
    elif combat.phase == "counters":
        enc.submit(NextRound())
    else:
        enc.submit(EndGroupTurn())


def to_group_of(enc: Encounter, cid: str) -> None:
    for _ in range(30):
        combat = enc.state.combat
        group = combat.acting_group() if combat.phase == "action" else None
        if group is not None and cid in group.members:
            return
        advance(enc)
    raise AssertionError(f"{cid}'s group never acted")


def katies_turn() -> Encounter:
    """Space Bears at round 2, the party's Rearguard (Art and Katie) acting."""
    e = load_encounter(bundled("space-bears.encounter.toml"), seed=3)
    opening = opening_of(e.definition)
    for command in opening_commands(e.state, opening, opening.surprise_aware):
        e.submit(command)
    while e.state.combat.phase != "counters":
        advance(e)
    e.submit(Join("katie"))  # R-INIT-5: she joins at the Counter Phase of round 1
    to_group_of(e, "katie")
    return e


@pytest.fixture
def enc() -> Encounter:
    e = katies_turn()
    assert e.state.combat.round == 2 and e.state.combatants["katie"].cell == (26, 15)
    return e


def resolve_all(enc: Encounter) -> list[str]:
    lines = []
    while any(d.status == "declared" for d in enc.state.combat.declarations):
        entry = enc.submit(ResolveNext())
        lines += [describe(e, enc.state) for e in entry.events]
    return lines


# --------------------------------------------------------------------------- geometry (N-DOOR-1)
def test_a_door_is_reached_from_the_squares_its_line_touches():  # N-DOOR-1
    door = Segment(23, 14, 23, 16)
    assert sorted(reach_squares(door)) == [(22, r) for r in range(13, 17)] + [(23, r) for r in range(13, 17)]
    assert touches(door, (22, 15)) and touches(door, (23, 13))  # beside it, at its corner
    assert not touches(door, (24, 15)) and not touches(door, (21, 15))  # one square away
    assert not any(stands_in(door, c) for c in reach_squares(door))  # on square edges: nobody stands in it
    assert stands_in(Segment(22.5, 14, 22.5, 15), (22, 14))  # a door drawn across a square
    assert door_name(door) == "the door between (22, 15) and (23, 15)"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 20), st.integers(0, 20), st.integers(1, 3), st.booleans())
def test_a_door_on_square_edges_is_reached_from_both_sides_and_stood_in_by_none(c, r, length, vertical):  # N-DOOR-1
    seg = Segment(c, r, c, r + length) if vertical else Segment(c, r, c + length, r)
    squares = set(reach_squares(seg))
    assert len(squares) == 2 * (length + 2)  # a ring of squares on both sides, corners included
    assert not any(stands_in(seg, sq) for sq in squares)
    one, two = sides(seg)
    assert one in squares and two in squares and one != two  # the name points at both sides of it
    assert all(touches(seg, sq) for sq in squares)


# --------------------------------------------------------------------------- team rounds
def test_katie_opens_her_door_and_reaches_outside_next_round(enc):  # N-DOOR-2, R-ACT-1, R-ORD-1
    s = enc.state
    assert OUTSIDE not in move_routes(s, "katie")  # the reviewer's "no way there": the door is shut
    with pytest.raises(Refused, match=r"Katie is not next to the door between \(22, 15\) and \(23, 15\)"):
        enc.submit(Declare("katie", Action("simple", effect="open-door", door=KATIE_DOOR)))
    route = move_routes(s, "katie")[(23, 15)]
    enc.submit(Declare("katie", Action("standard-move", path=route.path)))
    # judged from where her move leaves her (N-DOOR-2), as the Simple action after the Standard
    assert doors_in_reach(s, (23, 15)) == [KATIE_DOOR]
    enc.submit(Declare("katie", Action("simple-after", effect="open-door", door=KATIE_DOOR)))
    assert "bonus-move" not in legal_kinds(s, "katie")  # the door took the Simple slot (R-ACT-1)
    declared = describe(enc.journal.entries[-1].events[0], s)
    assert declared == "Katie declares a Simple action (after the Standard): open the door between (22, 15) and (23, 15)."
    lines = resolve_all(enc)
    assert "Katie opens the door between (22, 15) and (23, 15)." in lines
    door_event = next(e for e in enc.journal.entries[-1].events if e.kind == "door.set")
    assert door_event.data == {"door": KATIE_DOOR, "open": True, "by": "katie"}
    assert s.door_open(KATIE_DOOR) and s.combatants["katie"].cell == (23, 15)
    enc.submit(EndGroupTurn())
    to_group_of(enc, "katie")  # round 3
    assert s.combat.round == 3
    routes = move_routes(s, "katie")
    assert OUTSIDE in routes and not routes[OUTSIDE].sprint  # 10 ft through the open door


def test_a_move_declared_after_the_door_sees_it_open(enc):  # N-DOOR-3, R-ORD-1
    s = enc.state
    enc.submit(Place("katie", (23, 15)))  # the GM puts her at the door
    assert OUTSIDE not in move_routes(s, "katie")
    enc.submit(Declare("katie", Action("simple", effect="open-door", door=KATIE_DOOR)))
    assert not s.door_open(KATIE_DOOR)  # declared, not resolved yet
    assert planned_map(s, "katie", "standard-move").doors[KATIE_DOOR].closed is False
    routes = move_routes(s, "katie", move_allowance(s, "katie"))
    assert OUTSIDE in routes  # the reach already goes through
    enc.submit(Declare("katie", Action("standard-move", path=routes[OUTSIDE].path)))
    lines = resolve_all(enc)
    assert lines[0] == "Katie opens the door between (22, 15) and (23, 15)."  # no-roll Simple first (R-ORD-1)
    assert s.combatants["katie"].cell == OUTSIDE


def test_withdrawing_the_door_closes_the_way_again(enc):  # N-DOOR-3
    s = enc.state
    enc.submit(Place("katie", (23, 15)))
    enc.submit(Declare("katie", Action("simple", effect="open-door", door=KATIE_DOOR)))
    door_id = s.combat.declarations[-1].id
    enc.submit(Undeclare(door_id))
    assert OUTSIDE not in move_routes(s, "katie")


def test_the_simple_slot_one_door_no_bonus_with_it(enc):  # R-ACT-1, N-DOOR-2
    s = enc.state
    enc.submit(Place("katie", (23, 15)))
    enc.submit(Declare("katie", Action("simple", effect="open-door", door=KATIE_DOOR)))
    with pytest.raises(Refused, match="already used the Simple action"):
        enc.submit(Declare("katie", Action("simple", effect="close-door", door=KATIE_DOOR)))
    path = move_routes(s, "katie")[(22, 15)].path
    enc.submit(Declare("katie", Action("standard-move", path=path)))
    with pytest.raises(Refused, match="took a Simple action before the Standard: no Bonus action"):
        enc.submit(Declare("katie", Action("bonus-move", path=[(21, 15)])))


def test_a_bonus_move_rules_out_the_door(enc):  # R-ACT-1
    s = enc.state
    enc.submit(Place("katie", (24, 15)))
    enc.submit(Declare("katie", Action("standard-move", path=[(23, 15)])))
    enc.submit(Declare("katie", Action("bonus-move", path=[(23, 14)])))
    with pytest.raises(Refused, match="took a Bonus action: no Simple action after it"):
        enc.submit(Declare("katie", Action("simple-after", effect="open-door", door=KATIE_DOOR)))
    assert not s.door_open(KATIE_DOOR)


def test_refusals_say_why_in_one_line(enc):  # N-DOOR-1
    enc.submit(Place("katie", (23, 15)))
    with pytest.raises(Refused, match="no such door"):
        enc.submit(Declare("katie", Action("simple", effect="open-door", door=7)))
    with pytest.raises(Refused, match="is already closed"):
        enc.submit(Declare("katie", Action("simple", effect="close-door", door=KATIE_DOOR)))
    with pytest.raises(Refused, match="Art is not next to"):
        enc.submit(Declare("art", Action("simple", effect="open-door", door=KATIE_DOOR)))
    enc.submit(Declare("katie", Action("simple", effect="open-door", door=KATIE_DOOR)))
    enc.submit(Place("art", (22, 14)))
    with pytest.raises(Refused, match="will already be open"):
        enc.submit(Declare("art", Action("simple", effect="open-door", door=KATIE_DOOR)))


def test_the_door_fails_when_she_did_not_get_there(enc):  # N-DOOR-2, N-ORD-3
    s = enc.state
    route = move_routes(s, "katie")[(23, 15)]
    enc.submit(Declare("katie", Action("standard-move", path=route.path)))
    enc.submit(Declare("katie", Action("simple-after", effect="open-door", door=KATIE_DOOR)))
    enc.submit(ResolveNext())  # the move
    enc.submit(Place("katie", (26, 15)))  # the GM sets her back before the door action
    entry = enc.submit(ResolveNext())
    assert [e.kind for e in entry.events] == ["action.failed"]
    assert "Katie is not next to" in entry.events[0].data["reason"]
    assert not s.door_open(KATIE_DOOR)


def test_undo_redo_and_a_save_keep_the_door(enc):  # N-DOOR-2
    s = enc.state
    enc.submit(Place("katie", (23, 15)))
    enc.submit(Declare("katie", Action("simple", effect="open-door", door=KATIE_DOOR)))
    enc.submit(ResolveNext())
    assert enc.state.door_open(KATIE_DOOR)
    enc.undo()
    assert not enc.state.door_open(KATIE_DOOR)  # declared again, not resolved
    enc.undo()
    assert OUTSIDE not in move_routes(enc.state, "katie")  # not even declared
    enc.redo()
    enc.redo()
    assert enc.state.door_open(KATIE_DOOR)
    back = reloaded(enc)
    assert back.state.door_open(KATIE_DOOR) and back.state.open_doors == {KATIE_DOOR}
    assert s is not back.state
    enc.submit(EndGroupTurn())
    to_group_of(enc, "katie")
    assert OUTSIDE in move_routes(reloaded(enc).state, "katie")


# --------------------------------------------------------------------------- the GM and out of a fight
def test_set_door_opens_and_closes_any_door_and_refuses_a_no_change():  # N-DOOR-2
    e = load_encounter(bundled("space-bears.encounter.toml"), seed=3)
    s = e.state
    assert s.door_open(HALL_DOOR) and not s.door_open(KATIE_DOOR)
    e.submit(SetDoor(HALL_DOOR, False))  # a door the map has open closes
    assert not s.door_open(HALL_DOOR) and s.current_map().doors[HALL_DOOR].closed
    assert describe(e.journal.entries[-1].events[0], s) == "The door between (19, 15) and (20, 15) is closed."
    with pytest.raises(Refused, match="is already closed"):
        e.submit(SetDoor(HALL_DOOR, False))
    e.submit(SetDoor(HALL_DOOR, True))
    assert s.door_open(HALL_DOOR) and not s.closed_doors
    e.submit(SetDoor(KATIE_DOOR, True))
    back = reloaded(e).state
    assert back.door_open(KATIE_DOOR) and back.door_open(HALL_DOOR)
    e.submit(SetDoor(HALL_DOOR, False))
    assert not reloaded(e).state.door_open(HALL_DOOR)  # a closed door the map has open reloads closed
    with pytest.raises(Refused, match="there is no door 9"):
        e.submit(SetDoor(9, True))


def test_set_door_is_the_gm_override_in_a_fight(enc):  # N-DOOR-2, N-GATE-1
    enc.submit(SetDoor(KATIE_DOOR, True))
    assert enc.state.door_open(KATIE_DOOR) and OUTSIDE in move_routes(enc.state, "katie")


def test_a_door_does_not_close_on_someone_standing_in_it():  # N-DOOR-1
    e = load_encounter(bundled("space-bears.encounter.toml"), seed=3)
    s = e.state
    s.map = replace(s.map, doors=[Door(Segment(21.5, 14, 21.5, 15), closed=False)])  # across square 21,14
    e.submit(Place("james", (21, 14)))
    with pytest.raises(Refused, match=r"James stands in the door between \(21, 14\) and \(22, 14\): it cannot close"):
        e.submit(SetDoor(0, False))


# --------------------------------------------------------------------------- individual turns (N-DOOR-4)
def individual() -> Encounter:
    from tactics.engine.combat.individual.procedure import BeginTurn, JoinTurns, StartTurns
    from tactics.engine.combat.individual.view import current

    e = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=3)
    e.submit(StartTurns("table"))
    e.submit(BeginTurn())
    e.submit(JoinTurns("katie", (23, 15), index=0))
    from tactics.engine.combat.individual.procedure import EndTurn

    for _ in range(20):
        if current(e.state) == "katie":
            return e
        if current(e.state) is not None:
            e.submit(EndTurn())
        e.submit(BeginTurn())
    raise AssertionError("Katie never got a turn")


def test_individual_turns_a_door_is_one_non_contested_action():  # N-DOOR-4, R-TURN-2
    from tactics.engine.combat.individual.actions import TakeAction, TurnAction

    e = individual()
    s = e.state
    entry = e.submit(TakeAction("katie", TurnAction("door", effect="open-door", door=KATIE_DOOR)))
    assert "Katie opens the door between (22, 15) and (23, 15)." in [describe(x, s) for x in entry.events]
    assert s.door_open(KATIE_DOOR) and s.combat.spent == ["non-contested"]
    routes = move_routes(s, "katie")
    assert OUTSIDE in routes  # the second action moves through it
    e.submit(TakeAction("katie", TurnAction("move", path=routes[OUTSIDE].path)))
    assert s.combatants["katie"].cell == OUTSIDE
    with pytest.raises(Refused):
        e.submit(TakeAction("katie", TurnAction("door", effect="close-door", door=KATIE_DOOR)))


def test_individual_turns_refuse_a_door_out_of_reach():  # N-DOOR-1, N-DOOR-4
    from tactics.engine.combat.individual.actions import TakeAction, TurnAction

    e = individual()
    e.submit(Place("katie", (26, 15)))
    with pytest.raises(Refused, match=r"Katie is not next to the door between \(22, 15\) and \(23, 15\)"):
        e.submit(TakeAction("katie", TurnAction("door", effect="open-door", door=KATIE_DOOR)))
    with pytest.raises(Refused, match="opens or closes"):
        e.submit(TakeAction("katie", TurnAction("door", door=KATIE_DOOR)))


def test_a_saved_file_with_an_opened_door_reloads_open(enc, tmp_path):  # N-DOOR-2
    from tactics.engine.saves.document import load_save, save_encounter

    enc.submit(Place("katie", (23, 15)))
    enc.submit(Declare("katie", Action("simple", effect="open-door", door=KATIE_DOOR)))
    enc.submit(ResolveNext())
    enc.submit(SetDoor(HALL_DOOR, False))  # and the hall door the map has open, shut by the GM
    path = save_encounter(enc, tmp_path / "night.tactics.json")
    back = load_save(path)
    assert back.state.door_open(KATIE_DOOR) and not back.state.door_open(HALL_DOOR)
    assert not back.state.current_map().doors[KATIE_DOOR].closed and back.state.current_map().doors[HALL_DOOR].closed
    lines = [describe(e, back.state) for e in back.journal.events if e.kind == "door.set"]
    assert lines == ["Katie opens the door between (22, 15) and (23, 15).", "The door between (19, 15) and (20, 15) is closed."]
