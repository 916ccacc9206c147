"""One gate for every action in a fight (issue 11; R-ACT-1, R-ORD-1, R-TURN-2, N-GATE-1).

What is tested: the audit's finding, "a bear threw two grenades and set a mine during the
party's turn", through the raw hazards commands (ThrowGrenade, SetTrap, Disarm, ActiveSearch,
TriggerRemote with an operator, Walk). In a fight each is refused as Declare / TakeAction refuse
it (not the combatant's turn, no action left) and, when allowed, is that declaration; outside a
fight it still happens at once. The GM's overrides (PlaceTrap, Detonate, TriggerRemote without an
operator, GMSetFacing, Place) are never gated. Fixed seeds and typed dice.
"""

from __future__ import annotations

import pytest

from tactics.engine.board import Place, Walk
from tactics.engine.combat.actions import ResolveNext
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.combat.team import BeginActions, EndGroupTurn, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Refused
from tactics.engine.hazards.commands import (
    ActiveSearch, DetectTrap, Detonate, Disarm, GMSetFacing, PlaceTrap, SetTrap, ThrowGrenade, TriggerRemote,
)
from tactics.maps import BattleMap

ROOM = "\n".join(["." * 16] * 12)


def fighter(cid: str, team: str, cell, **sheet) -> dict:
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": 40, "sheet": sheet}


def encounter(mode: str = "team") -> Encounter:
    definition = {
        "name": "Gate", "mode": mode,
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (1, 5), modifiers={"DEX": 3, "WIS": 5}, skills={"Demolitions": 6}),
                       fighter("bear", "bears", (7, 5), modifiers={"DEX": -2}, skills={"Demolitions": 2})],
    }
    enc = Encounter(definition, BattleMap.from_text(ROOM), seed=11)
    enc.submit(PlaceTrap("frag_mine", (6, 5), trap_id="mine"))
    enc.submit(DetectTrap("mine", "bear"))
    enc.submit(PlaceTrap("remote_charge", (8, 8), trap_id="charge", team="bears"))
    return enc


def raw_actions_of_the_bear() -> list:
    return [ThrowGrenade("bear", (4, 5)), ThrowGrenade("bear", (3, 5)), SetTrap("bear", "frag_mine", (7, 6)),
            Disarm("bear", "mine"), ActiveSearch("bear"), TriggerRemote("charge", "bear"),
            Walk("bear", [(8, 5)])]


def test_in_the_partys_turn_the_bear_can_do_none_of_it():  # R-INIT-4, R-ORD-1
    enc = encounter()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    assert enc.state.combat.acting_group().team == "party"
    before = len(enc.journal.entries)
    for command in raw_actions_of_the_bear():
        with pytest.raises(Refused, match="not Bear's group's turn|moves as an action"):
            enc.submit(command)
    assert len(enc.journal.entries) == before
    assert not enc.state.grenades and set(enc.state.traps) == {"mine", "charge"}


def test_in_the_bears_turn_a_raw_throw_is_its_declaration_and_the_economy_holds():  # R-ACT-1, R-ORD-1
    enc = encounter()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(EndGroupTurn())
    assert enc.state.combat.acting_group().team == "bears"
    entry = enc.submit(ThrowGrenade("bear", (4, 5)))
    assert [e.kind for e in entry.events] == ["action.declared"]
    assert entry.events[0].data["params"]["item"] == "grenade"
    with pytest.raises(Refused, match="already has a Standard"):
        enc.submit(ThrowGrenade("bear", (3, 5)))  # the second grenade
    with pytest.raises(Refused, match="already has a Standard"):
        enc.submit(SetTrap("bear", "frag_mine", (7, 6)))  # and the mine
    resolved = enc.submit(ResolveNext(), typed=[5, 5])
    assert [e.kind for e in resolved.events if e.kind.startswith("grenade")] == ["grenade.thrown"]


def test_individual_turns_gate_the_same_commands():  # R-TURN-2
    enc = encounter("individual")
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    assert enc.state.combat.current == "ann"
    before = len(enc.journal.entries)
    for command in raw_actions_of_the_bear():
        with pytest.raises(Refused, match="not Bear's turn|moves as an action"):
            enc.submit(command)
    assert len(enc.journal.entries) == before
    enc.submit(EndTurn())
    enc.submit(BeginTurn())
    entry = enc.submit(ThrowGrenade("bear", (4, 5)), typed=[5, 5])  # its turn: the contested action
    assert [e.kind for e in entry.events][:2] == ["turns.action-taken", "grenade.thrown"]
    with pytest.raises(Refused, match="contested"):
        enc.submit(ThrowGrenade("bear", (3, 5)))
    enc.submit(SetTrap("bear", "frag_mine", (7, 6)), typed=[15])  # non-contested: allowed (N-TURN-14)
    with pytest.raises(Refused, match="both actions"):
        enc.submit(ActiveSearch("bear"))
    assert enc.state.combat.spent == ["contested", "non-contested"]


def test_the_gms_overrides_are_never_gated():  # N-GATE-1
    enc = encounter()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(PlaceTrap("frag_mine", (3, 3), trap_id="gm-mine"))
    enc.submit(GMSetFacing("bear", direction="W"))
    enc.submit(Place("bear", (9, 5)))
    enc.submit(TriggerRemote("charge"))  # the GM's own detonator
    assert enc.state.traps["charge"].status == "spent"
    assert enc.state.combatants["bear"].cell == (9, 5) and enc.state.combatants["bear"].facing == "W"


def test_outside_a_fight_the_commands_still_happen_at_once():  # R-GREN-4
    enc = encounter()
    entry = enc.submit(ThrowGrenade("bear", (4, 5)), typed=[5, 5])
    assert [e.kind for e in entry.events] == ["grenade.thrown"]
    enc.submit(Detonate("grenade-1"))
    enc.submit(Walk("bear", [(8, 5)]))
    assert enc.state.combatants["bear"].cell == (8, 5)


def test_a_raw_disarm_in_turn_declares_the_simple_and_the_standard_action():  # R-TRAP-3, N-TRAP-9
    enc = encounter()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(EndGroupTurn())  # the Bears' Vanguard
    entry = enc.submit(Disarm("bear", "mine"))
    assert [(e.data["kind"], e.data["params"].get("item")) for e in entry.events] == [
        ("simple", "disarm"), ("use-item", "disarm")]
    with pytest.raises(Refused, match="already has a Standard"):
        enc.submit(TriggerRemote("charge", "bear"))  # its Standard action is the disarm
    enc.submit(ResolveNext())  # the Simple half
    resolved = enc.submit(ResolveNext(), typed=[18, 1])
    assert [e.data["result"] for e in resolved.events if e.kind == "trap.disarm"] == ["disarmed"]
