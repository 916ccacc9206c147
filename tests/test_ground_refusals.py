"""Refused commands leave the state unchanged and say why (R-ACT-1, R-GRID-5, R-INIT-4, R-ORD-1)."""

from dataclasses import replace

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import BeginActions, EndGroupTurn, StartCombat
from tactics.engine.combat.actions import Action, Declare, ResolveNext, Undeclare
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.combat.queries import legal_kinds, slots_left, snapshot
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document

ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
    "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7),
}


def fight(text: str = ROOM, spawns: dict = SPAWNS, seed: int = 1) -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    room = replace(BattleMap.from_text(text), spawns=[Spawn(n, c) for n, c in spawns.items()])
    enc = Encounter(definition, room, seed=seed)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    return enc


def refused(enc: Encounter, command, match: str) -> None:
    before, entries = snapshot(enc.state), len(enc.journal.entries)
    with pytest.raises(Refused, match=match) as info:
        enc.submit(command)
    assert info.value.reason  # a sentence for the player
    assert snapshot(enc.state) == before and len(enc.journal.entries) == entries


def test_second_standard_action_refused():  # R-ACT-1
    enc = fight()
    enc.submit(Declare("james", Action("technique", technique="shock", target="bear2")))
    refused(enc, Declare("james", Action("standard-attack", target="bear2")), "already has a Standard")
    refused(enc, Declare("james", Action("standard-move", path=[(2, 5)])), "already has a Standard")


def test_simple_after_a_bonus_refused():  # R-ACT-1
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-move", path=[(3, 2)])))
    enc.submit(Declare("brandon", Action("bonus-move", path=[(4, 2)])))
    refused(enc, Declare("brandon", Action("simple-after", effect="step", path=[(4, 3)])), "Bonus")
    refused(enc, Declare("brandon", Action("simple", note="draw")), "Bonus")
    enc.submit(ResolveNext(others_pass=True))
    enc.submit(ResolveNext(others_pass=True))
    assert enc.state.combatants["brandon"].cell == (4, 2)


def test_simple_before_the_standard_rules_out_the_bonus():  # R-ACT-1
    enc = fight()
    enc.submit(Declare("brandon", Action("simple", note="draws his pistol")))
    enc.submit(Declare("brandon", Action("standard-move", path=[(3, 2)])))
    assert "bonus-move" not in legal_kinds(enc.state, "brandon")
    refused(enc, Declare("brandon", Action("bonus-move", path=[(4, 2)])), "Simple action before")


def test_acting_out_of_turn_refused():  # R-INIT-4: it is the group's turn, never a player's
    enc = fight()
    refused(enc, Declare("art", Action("standard-attack", target="bear4")), "Party Vanguard acts now")
    refused(enc, Declare("bear1", Action("standard-attack", target="james")), "not Bear 1's group's turn")


def test_moving_through_an_enemy_refused():  # R-GRID-5
    enc = fight()
    path = [(3, 4), (4, 4), (5, 4), (6, 4), (7, 4), (8, 4)]  # Bear 2 stands on (7, 4)
    refused(enc, Declare("james", Action("standard-move", path=path)), "through an enemy")


def test_out_of_range_and_out_of_sight_refused():  # R-ROLL-1: target in range and in sight
    enc = fight(spawns={**SPAWNS, "Bear 4": (14, 10)})
    refused(enc, Declare("james", Action("technique", technique="shock", target="bear4")), "reaches 30 ft")
    walled = "\n".join(["....#" + "." * 11] * 12)
    enc = fight(walled)
    refused(enc, Declare("brandon", Action("standard-attack", target="bear1")), "line of sight")


def test_a_bonus_attack_needs_a_successful_attack():  # R-ACT-1, N-ACT-2
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])  # d20 2 - d2 1 (not proficient) + 5 = 6: miss
    assert enc.state.combat.declarations[0].success is False
    assert slots_left(enc.state, "brandon")["bonus"] == 0
    refused(enc, Declare("brandon", Action("bonus-attack", target="bear1")), "did not succeed")
    enc.submit(Declare("brandon", Action("simple-after", effect="step", path=[(2, 3)])))


def test_a_declared_bonus_is_lost_when_the_standard_fails():  # R-ACT-1
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    enc.submit(Declare("brandon", Action("bonus-attack", target="bear1")))
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])
    entry = enc.submit(ResolveNext(others_pass=True))
    assert [e.kind for e in entry.events] == ["action.lost"]


def test_stunned_combatant_may_still_take_a_simple_action():  # R-COND-1
    enc = fight()
    enc.submit(ApplyCondition("james", "Stunned", 1))
    assert legal_kinds(enc.state, "james") == ["free", "simple"]
    refused(enc, Declare("james", Action("technique", technique="shock", target="bear2")), "Stunned")
    enc.submit(Declare("james", Action("simple", effect="step", path=[(2, 5)])))


def test_ending_the_turn_with_unresolved_actions_refused():  # R-ORD-1
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-move", path=[(3, 2)])))
    refused(enc, EndGroupTurn(), "not resolved")
    enc.submit(Undeclare(1))
    enc.submit(EndGroupTurn())
    assert enc.state.combat.acting_group().key == "bears:vanguard"


def test_declaring_outside_the_action_phase_refused():
    definition = read_document(bundled("space-bears.encounter.toml"))
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    enc = Encounter(definition, room, seed=1)
    refused(enc, Declare("brandon", Action("free")), "combat has not started")
    enc.submit(StartCombat())
    refused(enc, Declare("brandon", Action("free")), "Action Phase")
    refused(enc, StartCombat(), "already under way")
