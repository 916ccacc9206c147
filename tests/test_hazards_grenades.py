"""Grenades and facing in play (R-GREN-1..6, N-GREN-1..3, R-FACE-1).

What is tested: ThrowGrenade / Detonate / SetFacing through the journal, the
fuse tied to a group's turn in a real ground-combat round, blasts with Reflex
saves for half. Typed dice where the outcome matters.
"""

from __future__ import annotations

import pytest

from tactics.engine.board import Walk
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.commands import Detonate, PlaceTrap, SetFacing, ThrowGrenade, attack_arc, cloud_counters, effective_facing
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap
from tactics.rules.geometry import Segment

ROOM = "\n".join(["." * 16] * 12)


def fighter(cid: str, team: str, cell, *, hp: int = 40, **sheet) -> dict:
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": hp, "sheet": sheet}


def encounter(*combatants: dict, battle_map: BattleMap | None = None, seed: int = 5) -> Encounter:
    definition = {
        "name": "Grenade test",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": list(combatants),
    }
    return Encounter(definition, battle_map or BattleMap.from_text(ROOM), seed=seed)


def events_of(entry, kind: str) -> list[dict]:
    return [e.data for e in entry.events if e.kind == kind]


# -- throwing (R-GREN-1..3) ------------------------------------------------------------------


def test_throw_records_both_dice_flight_and_landing():  # R-GREN-2
    enc = encounter(fighter("ann", "party", (1, 5)))
    entry = enc.submit(ThrowGrenade("ann", (7, 5), "frag"), typed=[2, 9])  # 2 left, 2 long
    thrown = events_of(entry, "grenade.thrown")[0]
    assert thrown["dice"] == [2, 9] and thrown["scatter"] == [-2, 2]
    assert thrown["cell"] == [9, 3]  # throwing east: left is north, long is east
    assert thrown["flight"][0] == [1.5, 5.5] and [int(v) for v in thrown["flight"][-1]] == [9, 3]  # rests on it
    assert thrown["flight_ms"] > 0 and len(thrown["heights"]) == len(thrown["flight"])
    g = enc.state.grenades["grenade-1"]
    assert g.status == "live" and g.cell == (9, 3)


def test_throw_out_of_range_is_refused():  # R-GREN-1
    enc = encounter(fighter("ann", "party", (0, 0), modifiers={"STR": -1, "DEX": 0}))
    with pytest.raises(Refused, match="25 ft"):
        enc.submit(ThrowGrenade("ann", (6, 0)))
    enc.submit(ThrowGrenade("ann", (5, 0)))


def test_wall_between_thrower_and_target_stops_the_grenade():  # R-GREN-3
    m = BattleMap(width=16, height=12, wall_segments=[Segment(5, 0, 5, 12)])
    enc = encounter(fighter("ann", "party", (1, 5)), battle_map=m)
    entry = enc.submit(ThrowGrenade("ann", (7, 5)), typed=[5, 5])
    thrown = events_of(entry, "grenade.thrown")[0]
    assert thrown["stopped"] and thrown["cell"] == [4, 5]


def test_no_fight_running_means_the_gm_sets_it_off():  # R-GREN-4
    enc = encounter(fighter("ann", "party", (1, 5)), fighter("bear", "bears", (7, 5)))
    entry = enc.submit(ThrowGrenade("ann", (7, 5)), typed=[5, 5])
    assert "GM" in events_of(entry, "grenade.thrown")[0]["fuse_text"]
    boom = enc.submit(Detonate("grenade-1"))
    assert [h["combatant"] for h in events_of(boom, "hazard.hit")] == ["bear"]
    assert enc.state.grenades["grenade-1"].status == "spent"
    with pytest.raises(Refused):
        enc.submit(Detonate("grenade-1"))


# -- blasts (R-GREN-6) ----------------------------------------------------------------------------


def test_reflex_save_halves_damage():  # R-GREN-6
    enc = encounter(
        fighter("ann", "party", (1, 5)),
        fighter("bear", "bears", (7, 5)),
        fighter("cub", "bears", (8, 5)),
    )
    enc.submit(ThrowGrenade("ann", (7, 5)), typed=[5, 5])
    # frag 3d6 = 6+6+6 = 18; bear saves (20), cub fails (1); ids in order: bear, cub
    boom = enc.submit(Detonate("grenade-1"), typed=[6, 6, 6, 20, 1])
    blast = events_of(boom, "hazard.blast")[0]
    assert blast["damage"]["faces"] == [6, 6, 6] and blast["dc"] == 13
    hits = {h["combatant"]: h for h in events_of(boom, "hazard.hit")}
    assert hits["bear"]["saved"] and hits["bear"]["damage"] == 9
    assert not hits["cub"]["saved"] and hits["cub"]["damage"] == 18
    assert "Reflex d20 20" in hits["bear"]["text"] and hits["bear"]["text"].endswith(": saved, takes 9 (half of 18)")
    assert hits["cub"]["text"].endswith(": failed, takes 18")  # one sentence: no ". takes" (review7lib 12)
    assert enc.state.combatants["bear"].hp == 31 and enc.state.combatants["cub"].hp == 22


def test_stun_grenade_stuns_those_who_fail():  # R-GREN-6, R-COND-1
    enc = encounter(fighter("ann", "party", (1, 5)), fighter("bear", "bears", (7, 5)))
    enc.submit(ThrowGrenade("ann", (7, 5), "stun"), typed=[5, 5])
    enc.submit(Detonate("grenade-1"), typed=[2])
    assert enc.state.combatants["bear"].has("Stunned")


def test_emp_switches_off_electronic_traps():  # R-GREN-6
    enc = encounter(fighter("ann", "party", (1, 5)))
    enc.submit(PlaceTrap("frag_mine", (8, 5)))
    enc.submit(PlaceTrap("simple_mechanical", (7, 5)))
    enc.submit(ThrowGrenade("ann", (7, 5), "emp"), typed=[5, 5])
    enc.submit(Detonate("grenade-1"))
    assert enc.state.traps["trap-1"].status == "off"
    assert enc.state.traps["trap-2"].status == "armed"


def test_contact_grenade_explodes_as_it_lands():
    enc = encounter(fighter("ann", "party", (1, 5)), fighter("bear", "bears", (7, 5)))
    entry = enc.submit(ThrowGrenade("ann", (7, 5), "impact"), typed=[5, 5])
    assert events_of(entry, "grenade.exploded") and enc.state.grenades["grenade-1"].status == "spent"


def test_smoke_cloud_lingers_and_thins_out():
    enc = encounter(fighter("ann", "party", (1, 5)))
    enc.submit(ThrowGrenade("ann", (7, 5), "smoke"), typed=[5, 5])
    enc.submit(Detonate("grenade-1"))
    g = enc.state.grenades["grenade-1"]
    assert g.status == "cloud" and g.cloud_rounds == 3 and (7, 5) in g.cloud_cells
    # a round counter of Ann's side, risen before any fight: counted from the first Counter Phase
    # (N-CNT-4; its rounds going down: tests/test_round_counters.py)
    [(tag, counter)] = cloud_counters(enc.state)
    assert tag == {"kind": "cloud", "label": "Smoke cloud at (7, 5)"}
    assert (counter.rounds, counter.team, counter.set_in_round, counter.set_after_group) == (3, "party", 0, None)


# -- cooking (R-GREN-5) -------------------------------------------------------------------------


def test_cooking_natural_one_explodes_in_the_throwers_hand():  # R-GREN-5
    enc = encounter(fighter("ann", "party", (1, 5), modifiers={"WIS": 9}), fighter("bear", "bears", (7, 5)))
    entry = enc.submit(ThrowGrenade("ann", (7, 5), cook=True), typed=[1])
    assert events_of(entry, "grenade.cooked")[0]["result"] == "in_hand"
    assert [h["combatant"] for h in events_of(entry, "hazard.hit")] == ["ann"]
    assert events_of(entry, "grenade.thrown")[0]["dice"] == []  # no scatter roll


def test_cooking_failure_bursts_harmlessly():  # R-GREN-5
    enc = encounter(fighter("ann", "party", (1, 5)), fighter("bear", "bears", (7, 5)))
    entry = enc.submit(ThrowGrenade("ann", (7, 5), cook=True), typed=[12, 5, 5])
    assert events_of(entry, "grenade.cooked")[0]["result"] == "dud"
    assert enc.state.grenades["grenade-1"].status == "dud"
    assert not events_of(entry, "hazard.hit")


# -- fuses in a real round (R-GREN-4, R-GREN-5) -------------------------------------------------------


def _fight() -> Encounter:
    from tactics.engine.combat.team import BeginActions, StartCombat

    enc = encounter(
        fighter("ann", "party", (1, 5), modifiers={"DEX": 3, "WIS": 5}),
        fighter("bear", "bears", (7, 5), modifiers={"DEX": -2}),
    )
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    return enc


def throw_in_fight(enc: Encounter, command: ThrowGrenade, typed: list[int]):
    """In a fight the throw is declared (N-GATE-1) and rolls when it resolves (R-ORD-1)."""
    from tactics.engine.combat.actions import ResolveNext

    declared = enc.submit(command)
    assert [e.kind for e in declared.events] == ["action.declared"]
    return enc.submit(ResolveNext(), typed=typed)


def test_grenade_explodes_at_the_end_of_the_targeted_groups_turn():  # R-GREN-4
    from tactics.engine.combat.team import Advance

    enc = _fight()
    assert enc.state.combat.acting_group().team == "party"
    entry = throw_in_fight(enc, ThrowGrenade("ann", (7, 5)), [5, 5])
    thrown = events_of(entry, "grenade.thrown")[0]
    assert thrown["fuse"] == {"team": "bears", "group": "vanguard", "when": "end"}
    assert thrown["fuse_text"] == "explodes at the end of the Bears' Vanguard turn"
    start_bears = enc.submit(Advance())  # party's turn ends, the Bears' Vanguard starts
    assert not events_of(start_bears, "grenade.exploded")
    assert enc.state.grenades["grenade-1"].status == "live"
    end_bears = enc.submit(Advance())  # the Bears' turn ends: boom
    assert events_of(end_bears, "grenade.exploded")
    assert enc.state.grenades["grenade-1"].status == "spent"


def test_cooked_grenade_explodes_at_the_start_of_that_turn():  # R-GREN-5
    from tactics.engine.combat.team import Advance

    enc = _fight()
    entry = throw_in_fight(enc, ThrowGrenade("ann", (7, 5), cook=True), [20, 5, 5])  # 20 + WIS 5 = 25
    assert events_of(entry, "grenade.cooked")[0]["result"] == "early"
    assert events_of(entry, "grenade.thrown")[0]["fuse"]["when"] == "start"
    start_bears = enc.submit(Advance())
    assert events_of(start_bears, "grenade.exploded")


def test_empty_square_fuse_is_the_next_group_to_act():  # R-GREN-4
    enc = _fight()
    entry = throw_in_fight(enc, ThrowGrenade("ann", (4, 9)), [5, 5])
    assert events_of(entry, "grenade.thrown")[0]["fuse"]["team"] == "bears"


# -- facing (R-FACE-1, R-FACE-2) -----------------------------------------------------------------------


def test_set_facing_and_keep_facing_a_target_that_moves():  # R-FACE-1
    enc = encounter(fighter("ann", "party", (5, 5)), fighter("bear", "bears", (9, 5)))
    enc.submit(SetFacing("ann", direction="N"))
    assert enc.state.combatants["ann"].facing == "N"
    enc.submit(SetFacing("ann", keep_facing="bear"))
    assert enc.state.combatants["ann"].facing == "E"
    enc.submit(Walk("bear", [(9, 6), (9, 7), (9, 8), (8, 9)]))
    assert enc.state.combatants["ann"].facing == "SE"
    assert effective_facing(enc.state, "ann") == "SE"
    enc.submit(Walk("ann", [(6, 6), (7, 7), (8, 7)]))
    assert enc.state.combatants["ann"].facing == "S"


def test_attack_arc_uses_the_defenders_facing():  # R-FACE-2
    enc = encounter(fighter("ann", "party", (5, 5)), fighter("bear", "bears", (5, 8)))
    enc.submit(SetFacing("ann", direction="N"))
    assert attack_arc(enc.state, "bear", "ann") == "rear"
    enc.submit(SetFacing("ann", keep_facing="bear"))
    assert attack_arc(enc.state, "bear", "ann") == "front"


def test_set_facing_refusals():
    enc = encounter(fighter("ann", "party", (5, 5)))
    with pytest.raises(Refused):
        enc.submit(SetFacing("ann"))
    with pytest.raises(Refused):
        enc.submit(SetFacing("ann", direction="up"))
    with pytest.raises(Refused):
        enc.submit(SetFacing("ann", keep_facing="ann"))


def test_grenade_throw_is_a_use_item_action_in_a_fight():  # R-ORD-1, R-GREN-4
    from tactics.engine.combat.actions import Action, Declare, ResolveNext

    enc = _fight()
    with pytest.raises(Refused, match="ft away"):
        enc.submit(Declare("ann", Action("use-item", item="grenade", grenade="frag", target_cell=(15, 5))))
    enc.submit(Declare("ann", Action("use-item", item="grenade", grenade="frag", target_cell=(7, 5))))
    entry = enc.submit(ResolveNext(), typed=[5, 5])
    thrown = events_of(entry, "grenade.thrown")[0]
    assert thrown["cell"] == [7, 5] and thrown["fuse"]["team"] == "bears"
    assert events_of(entry, "action.resolved")[0]["success"]


def test_search_and_set_traps_are_use_item_actions():  # R-TRAP-2, R-TRAP-5
    from tactics.engine.combat.actions import Action, Declare, ResolveNext

    enc = _fight()
    enc.submit(Declare("ann", Action("use-item", item="set-trap:frag_mine", target_cell=(2, 5))))
    entry = enc.submit(ResolveNext(), typed=[15])
    assert events_of(entry, "trap.placed")
    assert enc.state.traps["trap-1"].team == "party"


def test_a_save_line_names_the_advantage_die():  # R-ROLL-2: "- disadvantage d2 1", not a negative die
    from tactics.engine.hazards.blast import roll_text

    worse = {"what": "Reflex", "d20": 12, "extra": [2, 1, -1], "modifiers": [["DEX", 2]], "total": 13, "dc": 13}
    assert roll_text(worse) == "Reflex d20 12 - disadvantage d2 1 + DEX 2 = 13 vs DC 13"
    better = dict(worse, extra=[4, 3, 1], total=17)
    assert roll_text(better) == "Reflex d20 12 + advantage d4 3 + DEX 2 = 17 vs DC 13"


def test_a_cooked_dud_on_target_is_logged_as_a_dud_not_off_target():  # R-GREN-5, N-GREN-12
    """Both scatter dice on target, but the cook check made it burst in the air: the resolve line says
    so (the reviewer saw "lands at (7, 5) ... the throw is off target"), and it is no success."""
    from tactics.engine.combat.queries import describe

    enc = _fight()
    entry = throw_in_fight(enc, ThrowGrenade("ann", (7, 5), cook=True), [12, 5, 5])  # 12 + WIS 5 < 25: a dud
    assert events_of(entry, "grenade.cooked")[0]["result"] == "dud"
    assert events_of(entry, "grenade.thrown")[0]["cell"] == [7, 5]
    resolved = [e for e in entry.events if e.kind == "action.resolved"][0]
    assert not resolved.success
    line = describe(resolved, enc.state)
    assert "off target" not in line
    assert line.endswith("the cooked grenade bursts harmlessly: not a success.")
