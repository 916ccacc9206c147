"""The rules text's example combat, driven through the command API.

What is tested: the Space Bears example of the ground combat chapter (R-INIT-1..5, R-SURP-1,
R-ACT-1, R-COND-1, R-CNT-1). Actions: the explosion Shakes the party (1 round) and Stuns a bear
(1 round); combat starts with Brandon, hidden, acting alone in Round 0; round 1 runs the party
Vanguard (Brandon hides again, James Stuns a Rearguard bear for 2 rounds), the bears' Vanguard,
Art's Rearguard and the bears' Rearguard; Katie joins at the Counter Phase.
Expected end state: the counters of the text (1 -> 0, 1 -> 0, 2 -> 1), Katie in the Rearguard,
the Team Initiative unchanged. Typed dice stand for the table's physical dice.
"""

from dataclasses import replace

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import BeginActions, EndGroupTurn, Join, NextRound, StartCombat
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.combat.queries import acting_combatants, describe, legal_kinds, slots_left
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document

ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
    "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7),
}


def space_bears(seed: int = 3) -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=seed)


def conds(enc: Encounter, cid: str) -> dict[str, int | None]:
    return {c.name: c.rounds for c in enc.state.combatants[cid].conditions}


@pytest.fixture
def enc() -> Encounter:
    e = space_bears()
    # The explosive trap: the party Shaken for one round, one bear Stunned for one round.
    for cid in ("brandon", "james", "art"):
        e.submit(ApplyCondition(cid, "Shaken", 1, source="explosion"))
    e.submit(ApplyCondition("bear1", "Stunned", 1, source="explosion"))
    return e


def start(enc: Encounter) -> None:
    enc.submit(StartCombat(surprise_aware=["brandon"]))


def test_team_initiative_without_katie_beats_the_bears(enc):  # R-INIT-1, R-INIT-2
    start(enc)
    combat = enc.state.combat
    assert combat.team_initiative == {"party": 5, "bears": 4}
    assert combat.team_order == ["party", "bears"]
    # With Katie the party's mean would be (7 + 6 + 3 - 1) / 4 -> 3, below the bears' 4.
    inits = combat.initiative
    assert (inits["brandon"] + inits["james"] + inits["art"] + inits["katie"]) // 4 < 4


def test_groups_match_the_example(enc):  # R-INIT-3
    start(enc)
    g = enc.state.combat.groups
    assert g["party"] == {"vanguard": ["brandon", "james"], "rearguard": ["art"]}
    # Four bears of equal Initiative and DEX split 2 + 2 in roster order; the explosion-stunned
    # bear is in the Vanguard, so one Vanguard bear acts (the text's "one Bear in the Vanguard").
    assert g["bears"] == {"vanguard": ["bear1", "bear2"], "rearguard": ["bear3", "bear4"]}


def test_whole_example(enc):  # R-SURP-1, R-ACT-1, R-CNT-1, R-INIT-5
    start(enc)
    s = enc.state
    assert s.combat.round == 0
    assert s.combatants["bear2"].has("Flat-footed") and s.combatants["james"].has("Flat-footed")
    assert not s.combatants["brandon"].has("Flat-footed")

    # Round 0: only Brandon, who is aware, acts.
    enc.submit(BeginActions())
    assert acting_combatants(s) == ["brandon"]
    with pytest.raises(Refused, match="unaware"):
        enc.submit(Declare("james", Action("technique", technique="shock", target="bear3")))
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    # He rolls a d20 and one d2 to subtract (Shaken, and not proficient with the pistol): misses.
    entry = enc.submit(ResolveNext(), typed=[3, 1])
    shot = next(e for e in entry.events if e.kind == "attack.rolled")
    assert shot.data["extra"] == [2, 1, -1] and shot.data["outcome"] == "miss"
    assert shot.data["ac_note"].startswith("flat-footed")  # the unaware bear has no DEX to AC
    line = describe(shot, enc.state)
    assert "Miss" in line
    assert "d20 3 - disadvantage d2 1 + " in line  # R-ROLL-2: the die is named, never "- [-d2 1]"
    enc.submit(EndGroupTurn())  # Round 0 has no Counter Phase: Round 1 begins
    assert s.combat.round == 1 and s.combat.phase == "advantages"
    assert conds(enc, "brandon") == {"Shaken": 1}
    assert conds(enc, "bear1") == {"Stunned": 1, "Flat-footed": None}

    # Round 1, the party's Vanguard: Brandon hides again, James shocks a Rearguard bear.
    enc.submit(BeginActions())
    assert s.combat.acting_group().key == "party:vanguard"
    assert not s.combatants["james"].has("Flat-footed")  # he acts at last
    enc.submit(Declare("brandon", Action("use-item", item="stealth")))
    enc.submit(Declare("james", Action("technique", technique="shock", target="bear3")))
    assert slots_left(s, "james")["standard"] == 0
    # Technique resolves before Use Item (R-ORD-1): d20 15, -d2 1, WIS 4, +1 = 19 vs AC 12.
    entry = enc.submit(ResolveNext(), typed=[15, 1, 2, 3])
    assert [e.kind for e in entry.events][0] == "attack.rolled"
    assert conds(enc, "bear3") == {"Flat-footed": None, "Stunned": 2}
    entry = enc.submit(ResolveNext(), typed=[15, 1])  # Stealth 15 - 1 + 8 = 22 vs passive 13
    assert s.combatants["brandon"].hidden and s.combatants["brandon"].stealth == 22
    enc.submit(EndGroupTurn())

    # The bears' Vanguard: the stunned bear cannot take a Standard action; the other charges James.
    assert s.combat.acting_group().key == "bears:vanguard"
    assert "standard-attack" not in legal_kinds(s, "bear1")
    with pytest.raises(Refused, match="Stunned"):
        enc.submit(Declare("bear1", Action("standard-attack", target="james")))
    hp = s.combatants["james"].hp
    enc.submit(Declare("bear2", Action("technique", technique="bear_charge", target="james",
                                       path=[(6, 4), (5, 4), (4, 4), (3, 4)])))
    enc.submit(DoNothing("bear1"))  # the stunned bear commits to nothing: only then do rolls resolve (N-ORD-4)
    enc.submit(ResolveNext(), typed=[10, 2])  # STR 5 + 10 = 15 vs AC 13 (James lost flat-footed): Hit
    assert s.combatants["bear2"].cell == (3, 4)
    assert s.combatants["james"].hp == hp - 4
    enc.submit(EndGroupTurn())

    # Art, the lone Rearguard, shoots the bear that is not stunned.
    assert s.combat.acting_group().key == "party:rearguard"
    enc.submit(Declare("art", Action("standard-attack", weapon="xeno_dart_rifle", target="bear4")))
    entry = enc.submit(ResolveNext(), typed=[11, 5])  # proficient +1, Shaken -1: no extra die; 13 vs 12
    shot = next(e for e in entry.events if e.kind == "attack.rolled")
    assert shot.data["extra"] == [0, 0, 0] and shot.data["outcome"] == "hit"
    assert s.combatants["bear4"].hp == 30 - 6  # d6+1
    enc.submit(EndGroupTurn())

    # The bears' Rearguard: the bear James stunned cannot attack; the other one goes for Art.
    assert s.combat.acting_group().key == "bears:rearguard"
    with pytest.raises(Refused):
        enc.submit(Declare("bear3", Action("standard-attack", target="james")))
    enc.submit(Declare("bear4", Action("technique", technique="bear_charge", target="art",
                                       path=[(7, 7), (6, 7), (5, 7), (4, 7), (3, 7), (2, 7)])))
    enc.submit(DoNothing("bear3"))  # stunned: it commits to nothing (N-ORD-4)
    enc.submit(ResolveNext(), typed=[10, 1])
    enc.submit(EndGroupTurn())

    # The Counter Phase of round 1: exactly the text's counters.
    assert s.combat.phase == "counters"
    ticked = enc.journal.entries[-1].events[-1]
    assert ticked.kind == "counters.ticked"
    assert conds(enc, "bear1") == {}  # Stunned 1 -> 0: no longer stunned
    for cid in ("brandon", "james", "art"):
        assert "Shaken" not in conds(enc, cid)  # Shaken 1 -> 0
    assert conds(enc, "bear3") == {"Stunned": 1}  # James's bear: 2 -> 1
    ended = {(t["combatant"], t["name"]) for t in ticked.data["ended"]}
    assert ended == {("bear1", "Stunned"), ("brandon", "Shaken"), ("james", "Shaken"), ("art", "Shaken")}

    # Katie joins at the Counter Phase: the Rearguard, Team Initiative unchanged.
    enc.submit(Join("katie"))
    assert s.combat.groups["party"]["rearguard"] == ["art", "katie"]
    assert s.combat.team_initiative == {"party": 5, "bears": 4}
    assert s.combat.team_order == ["party", "bears"]
    enc.submit(NextRound())
    assert s.combat.round == 2 and s.combat.phase == "advantages"


def test_katie_cannot_join_mid_round(enc):  # R-INIT-5: newcomers join at the Counter Phase
    start(enc)
    enc.submit(BeginActions())
    with pytest.raises(Refused, match="Counter Phase"):
        enc.submit(Join("katie"))
