"""Traps in play: walking into them, spotting them, disarming and setting them
(R-TRAP-2..6, N-TRAP-1..6, R-GRID-5).

What is tested: commands through the journal, as the window would submit them.
Dice are typed in (the table's own faces) where the outcome matters, seeded
otherwise; every assertion is something a GM would see on the map or in the log.
"""

from __future__ import annotations

import pytest

from tactics.engine.board import Walk
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.commands import (
    ActiveSearch,
    DetectTrap,
    Disarm,
    PlaceTrap,
    RemoveTrap,
    SetTrap,
    TriggerRemote,
    visible_to_players,
)
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap

ROOM = "\n".join(["." * 14] * 10)


def fighter(cid: str, team: str, cell, *, hp: int = 30, **sheet) -> dict:
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": hp, "sheet": sheet}


def encounter(*combatants: dict, text: str = ROOM, traps: list | None = None, seed: int = 11) -> Encounter:
    definition = {
        "name": "Trap test",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": list(combatants),
        "traps": traps or [],
    }
    return Encounter(definition, BattleMap.from_text(text), seed=seed)


def kinds(entry) -> list[str]:
    return [e.kind for e in entry.events]


def events_of(entry, kind: str) -> list[dict]:
    return [e.data for e in entry.events if e.kind == kind]


def east(start: tuple[int, int], to_col: int) -> list[tuple[int, int]]:
    return [(c, start[1]) for c in range(start[0] + 1, to_col + 1)]


# -- walking into traps (R-TRAP-4) ----------------------------------------------------------


def test_walking_across_a_tripwire_stops_the_mover_on_it():  # R-TRAP-4, N-TRAP-3
    enc = encounter(fighter("ann", "party", (1, 3), skills={"Perception": -5}))
    enc.submit(PlaceTrap("tripwire", (4, 2), wire_end=(4, 8)))  # the charge sits at (4, 2)
    entry = enc.submit(Walk("ann", east((1, 3), 9)))
    moved = events_of(entry, "token.moved")[0]
    assert moved["path"][-1] == [4, 3]  # destination was (9, 3): stopped on the wire
    assert enc.state.combatants["ann"].cell == (4, 3)
    hit = events_of(entry, "hazard.hit")[0]
    assert hit["combatant"] == "ann" and hit["damage"] > 0
    assert enc.state.combatants["ann"].hp == 30 - hit["damage"]
    assert enc.state.traps["trap-1"].status == "spent"


def test_contact_trap_on_the_path_goes_off_even_if_the_path_goes_on():  # R-TRAP-4
    enc = encounter(fighter("ann", "party", (0, 0), skills={"Perception": -10}))
    enc.submit(PlaceTrap("simple_mechanical", (3, 0)))
    entry = enc.submit(Walk("ann", east((0, 0), 8)))
    assert enc.state.combatants["ann"].cell == (3, 0)
    assert "trap.triggered" in kinds(entry)


def test_proximity_mine_stops_the_mover_at_the_edge_of_its_range():  # R-TRAP-4
    enc = encounter(fighter("ann", "party", (0, 5), skills={"Perception": -10}))
    enc.submit(PlaceTrap("proximity_sensor", (8, 5)))  # 10 ft
    enc.submit(Walk("ann", east((0, 5), 10)))
    assert enc.state.combatants["ann"].cell == (6, 5)


def test_trap_in_an_allys_square_stops_the_mover_one_square_short():  # R-GRID-5
    enc = encounter(
        fighter("ann", "party", (0, 0), skills={"Perception": -10}),
        fighter("bob", "party", (3, 0)),
    )
    enc.submit(PlaceTrap("tripwire", (3, 0), wire_end=(3, 5)))
    entry = enc.submit(Walk("ann", east((0, 0), 6)))
    assert enc.state.combatants["ann"].cell == (2, 0)
    assert "trap.triggered" in kinds(entry)


def test_anyone_sets_a_trap_off_even_its_own_side():  # N-TRAP-3
    enc = encounter(fighter("bear", "bears", (0, 0)))
    enc.submit(PlaceTrap("simple_mechanical", (2, 0), team="bears"))
    enc.submit(Walk("bear", east((0, 0), 3)))
    assert enc.state.combatants["bear"].cell == (2, 0)
    assert enc.state.traps["trap-1"].status == "spent"


def test_undo_puts_the_trap_back():
    enc = encounter(fighter("ann", "party", (0, 0), skills={"Perception": -10}))
    enc.submit(PlaceTrap("simple_mechanical", (2, 0)))
    enc.submit(Walk("ann", east((0, 0), 4)))
    enc.undo()
    assert enc.state.traps["trap-1"].status == "armed"
    assert enc.state.combatants["ann"].hp == 30 and enc.state.combatants["ann"].cell == (0, 0)


# -- spotting traps (R-TRAP-2, R-TRAP-6, N-TRAP-2, N-TRAP-5) ------------------------------


def test_passive_perception_spots_a_trap_within_10_ft_and_stops_the_mover():  # R-TRAP-2, N-TRAP-2
    enc = encounter(fighter("ann", "party", (0, 3), skills={"Perception": 2}))
    enc.submit(PlaceTrap("frag_mine", (7, 3)))  # DC 10, passive 12
    assert not visible_to_players(enc.state.traps["trap-1"])  # R-TRAP-6
    entry = enc.submit(Walk("ann", east((0, 3), 10)))
    found = events_of(entry, "trap.detected")[0]
    assert found["at"] == [5, 3] and found["passive"] == 12  # first square within 10 ft
    assert enc.state.combatants["ann"].cell == (5, 3)  # halted before stepping on it
    assert "trap.triggered" not in kinds(entry)
    trap = enc.state.traps["trap-1"]
    assert trap.detected_by == ["ann"] and visible_to_players(trap)


def test_a_trap_off_the_path_is_spotted_without_stopping():  # R-TRAP-2, N-TRAP-2
    enc = encounter(fighter("ann", "party", (0, 3), skills={"Perception": 2}))
    enc.submit(PlaceTrap("frag_mine", (4, 1)))
    entry = enc.submit(Walk("ann", east((0, 3), 8)))
    assert "trap.detected" in kinds(entry)
    assert enc.state.combatants["ann"].cell == (8, 3)


def test_low_perception_misses_the_trap_and_walks_into_it():  # R-TRAP-2
    enc = encounter(fighter("ann", "party", (0, 3), skills={"Perception": 1}))
    enc.submit(PlaceTrap("stealth_mine", (4, 3)))  # DC 12 > passive 11
    entry = enc.submit(Walk("ann", east((0, 3), 6)))
    assert "trap.detected" not in kinds(entry)
    assert "trap.triggered" in kinds(entry)


def test_known_trap_is_walked_into_knowingly():  # N-TRAP-2
    enc = encounter(fighter("ann", "party", (0, 3), skills={"Perception": 5}))
    enc.submit(PlaceTrap("simple_mechanical", (4, 3)))
    enc.submit(Walk("ann", [(1, 3), (2, 3)]))  # spots it from 10 ft
    assert enc.state.traps["trap-1"].players_know
    entry = enc.submit(Walk("ann", east((2, 3), 6)))
    assert "trap.triggered" in kinds(entry) and enc.state.combatants["ann"].cell == (4, 3)


def test_engineer_spots_from_20_ft_with_trap_sense():  # R-TRAP-2, N-TRAP-5
    enc = encounter(fighter("eng", "party", (0, 3), skills={"Perception": 0}, **{"class": "Engineer"}))
    enc.submit(PlaceTrap("frag_mine", (8, 3)))  # DC 10; 10 + 0 + 2 = 12
    entry = enc.submit(Walk("eng", east((0, 3), 5)))
    found = events_of(entry, "trap.detected")[0]
    assert found["at"] == [4, 3] and found["passive"] == 12  # 20 ft away
    assert enc.state.traps["trap-1"].players_know
    plain = encounter(fighter("ann", "party", (0, 3), skills={"Perception": 0}))
    plain.submit(PlaceTrap("frag_mine", (8, 3)))
    entry = plain.submit(Walk("ann", east((0, 3), 7)))
    assert events_of(entry, "trap.detected")[0]["at"] == [6, 3]  # 10 ft away


def test_walls_hide_traps_from_passive_perception():  # R-TRAP-2: traps it can see
    text = "\n".join(["......#.......", "......#.......", "..............", "......#......."])
    enc = encounter(fighter("ann", "party", (0, 0), skills={"Perception": 10}), text=text)
    enc.submit(PlaceTrap("frag_mine", (8, 0)))
    entry = enc.submit(Walk("ann", east((0, 0), 5)))
    assert "trap.detected" not in kinds(entry)


def test_an_enemy_spotting_a_trap_does_not_show_it_to_players():  # R-TRAP-6
    enc = encounter(fighter("bear", "bears", (0, 3), skills={"Perception": 5}))
    enc.submit(PlaceTrap("frag_mine", (4, 3)))
    enc.submit(Walk("bear", [(1, 3), (2, 3)]))
    trap = enc.state.traps["trap-1"]
    assert trap.detected_by == ["bear"] and not visible_to_players(trap)


def test_active_search_finds_within_10_ft_and_keeps_misses_for_the_gm():  # R-TRAP-2
    enc = encounter(fighter("ann", "party", (5, 5), skills={"Perception": 3}))
    enc.submit(PlaceTrap("frag_mine", (7, 5), detection_dc=15))
    enc.submit(PlaceTrap("frag_mine", (3, 5), detection_dc=20))
    enc.submit(PlaceTrap("frag_mine", (12, 5), detection_dc=5))  # 35 ft away
    entry = enc.submit(ActiveSearch("ann"), typed=[14])  # 14 + 3 = 17
    search = events_of(entry, "trap.search")[0]
    assert [f["trap"] for f in search["found"]] == ["trap-1"]
    assert [m["trap"] for m in search["gm_only"]["missed"]] == ["trap-2"]
    assert enc.state.traps["trap-1"].players_know and not enc.state.traps["trap-3"].players_know


def test_gm_can_reveal_or_mark_detected():  # R-TRAP-6
    enc = encounter(fighter("ann", "party", (0, 0)))
    enc.submit(PlaceTrap("frag_mine", (5, 5)))
    enc.submit(PlaceTrap("frag_mine", (6, 6)))
    enc.submit(DetectTrap("trap-1"))
    enc.submit(DetectTrap("trap-2", "ann"))
    assert visible_to_players(enc.state.traps["trap-1"]) and visible_to_players(enc.state.traps["trap-2"])
    enc.submit(RemoveTrap("trap-1"))
    assert not visible_to_players(enc.state.traps["trap-1"])


# -- disarming (R-TRAP-3, N-TRAP-6) -------------------------------------------------------------


def _known_trap(enc: Encounter, cell=(3, 3), kind="simple_mechanical") -> str:
    enc.submit(PlaceTrap(kind, cell, hidden=False))
    return sorted(enc.state.traps)[-1]


def test_disarm_success_retry_and_trigger():  # R-TRAP-3
    enc = encounter(fighter("ann", "party", (2, 3), skills={"Disable Device": 2}))
    tid = _known_trap(enc)
    retry = enc.submit(Disarm("ann", tid), typed=[4])  # 6 vs 10: within 4
    assert events_of(retry, "trap.disarm")[0]["result"] == "retry"
    assert enc.state.traps[tid].armed
    boom = enc.submit(Disarm("ann", tid), typed=[3])  # 5 vs 10: fails by 5
    assert events_of(boom, "trap.disarm")[0]["result"] == "triggered"
    assert "trap.triggered" in kinds(boom) and enc.state.traps[tid].status == "spent"
    enc.undo()
    done = enc.submit(Disarm("ann", tid), typed=[8])
    assert events_of(done, "trap.disarm")[0]["result"] == "disarmed"
    assert enc.state.traps[tid].status == "disarmed"


def test_demolitions_for_explosives():  # R-TRAP-3, N-TRAP-6
    enc = encounter(fighter("ann", "party", (2, 3), skills={"Disable Device": 1, "Demolitions": 4}))
    tid = _known_trap(enc, kind="frag_mine")
    entry = enc.submit(Disarm("ann", tid), typed=[6])
    roll = events_of(entry, "trap.disarm")[0]["roll"]
    assert roll["what"] == "Demolitions" and roll["total"] == 10


def test_disarm_needs_a_known_trap_within_reach():  # N-TRAP-6
    enc = encounter(fighter("ann", "party", (0, 0)))
    enc.submit(PlaceTrap("simple_mechanical", (1, 1)))
    with pytest.raises(Refused, match="does not know"):
        enc.submit(Disarm("ann", "trap-1"))
    enc.submit(DetectTrap("trap-1", "ann"))
    enc.submit(PlaceTrap("simple_mechanical", (5, 5), hidden=False))
    with pytest.raises(Refused, match="next to"):
        enc.submit(Disarm("ann", "trap-2"))


# -- setting traps (R-TRAP-5, N-TRAP-1) ----------------------------------------------------------


def test_set_trap_result_is_the_detection_dc():  # R-TRAP-5, N-TRAP-1
    enc = encounter(fighter("ann", "party", (2, 2), skills={"Demolitions": 3}))
    entry = enc.submit(SetTrap("ann", "stealth_mine", (3, 2)), typed=[14])  # 17
    check = events_of(entry, "trap.set-check")[0]
    assert check["result"] == "set" and check["roll"]["what"] == "Demolitions"
    trap = enc.state.traps["trap-1"]
    assert trap.detection_dc == 19 and trap.disarm_dc == 10  # +2 stealth; disarm DC 10 unless chosen (R-TRAP-3)
    assert trap.owner == "ann" and visible_to_players(trap)  # the party set it


def test_set_trap_natural_one_explodes_in_hand():  # R-TRAP-5
    enc = encounter(fighter("ann", "party", (2, 2), skills={"Demolitions": 9}))
    entry = enc.submit(SetTrap("ann", "frag_mine", (3, 2)), typed=[1])
    assert events_of(entry, "trap.set-check")[0]["result"] == "explodes"
    assert [h["combatant"] for h in events_of(entry, "hazard.hit")] == ["ann"]
    assert not enc.state.traps


def test_set_trap_failure_places_nothing():  # R-TRAP-5
    enc = encounter(fighter("ann", "party", (2, 2)))
    entry = enc.submit(SetTrap("ann", "frag_mine", (3, 2)), typed=[3])
    assert events_of(entry, "trap.set-check")[0]["result"] == "failed"
    assert not enc.state.traps


def test_set_trap_only_next_to_the_setter():
    enc = encounter(fighter("ann", "party", (2, 2)))
    with pytest.raises(Refused):
        enc.submit(SetTrap("ann", "frag_mine", (6, 2)))


def test_remote_charge_only_for_its_side():  # R-TRAP-1 remote
    enc = encounter(
        fighter("ann", "party", (2, 2), skills={"Demolitions": 5}),
        fighter("bear", "bears", (9, 2)),
    )
    enc.submit(SetTrap("ann", "remote_charge", (3, 2)), typed=[10])
    with pytest.raises(Refused, match="detonator"):
        enc.submit(TriggerRemote("trap-1", "bear"))
    entry = enc.submit(TriggerRemote("trap-1", "ann"))
    assert "trap.triggered" in kinds(entry)


# -- encounter files ---------------------------------------------------------------------------------


def test_traps_listed_in_the_encounter_file():
    enc = encounter(
        fighter("ann", "party", (0, 0)),
        traps=[{"kind": "directional_mine", "cell": [5, 5], "facing": "W", "id": "claymore"}],
    )
    trap = enc.state.traps["claymore"]
    assert trap.facing == "W" and trap.hidden and trap.armed
