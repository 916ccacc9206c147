"""The rules text's example played on the bundled Space Bears map as written (issue 11, point 8).

What is tested (R-SURP-1, R-ACT-1, R-ORD-1, R-CNT-1, R-INIT-5, N-HIDE-3, N-EX-2): the bundled
encounter with its own map, walls, crates and rubble, started with its opening (the party Shaken,
Bear 1 Stunned, Brandon alone in Round 0). Brandon can shoot the closest bear in Round 0; "James
uses a Technique to shock one of the other bears" (either Rearguard bear is within 30 ft and in
sight); "They cannot see Brandon"; the Vanguard bear "attacks James with a charge" over clear
floor (no terrain check on the way); Art can see Bear 3 and shoots the Rearguard bear not stunned;
a Rearguard bear charges Art; the counters of the text at the Counter Phase; Katie joins.
Typed dice stand for the table's physical dice.
"""

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.opening import opening_commands, opening_of
from tactics.engine.combat.team import BeginActions, EndGroupTurn, Join, NextRound
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.queries import attack_odds
from tactics.engine.core.journal import Refused

CHARGE_JAMES = [(22, 2), (21, 3), (20, 4), (19, 4), (18, 3)]  # Bear 2 through the breach, round the rubble
CHARGE_ART = [(22, 5), (21, 5), (20, 6), (19, 6), (18, 7), (17, 7)]  # Bear 4, past Bear 1


def kinds(entry) -> list[str]:
    return [e.kind for e in entry.events]


@pytest.fixture
def enc():
    e = load_encounter(bundled("space-bears.encounter.toml"), seed=3)
    opening = opening_of(e.definition)
    for command in opening_commands(e.state, opening, opening.surprise_aware):
        e.submit(command)
    return e


def test_the_tokens_stand_where_the_example_can_be_played(enc):  # N-EX-2
    s = enc.state
    assert s.combat.groups["bears"] == {"vanguard": ["bear1", "bear2"], "rearguard": ["bear3", "bear4"]}
    assert attack_odds(s, "brandon", "bear1", weapon="silenced_pistol").problem is None
    for bear in ("bear3", "bear4"):  # either Rearguard bear: Shock (30 ft) and Art's rifle
        assert attack_odds(s, "james", bear, technique="shock").problem is None
        assert attack_odds(s, "art", bear, weapon="xeno_dart_rifle").problem is None
    brandon = s.combatants["brandon"].cell
    closest = min(s.enemies_of(s.combatants["brandon"]),
                  key=lambda c: max(abs(c.cell[0] - brandon[0]), abs(c.cell[1] - brandon[1])))
    assert closest.id == "bear1"  # "I will attack the closest bear"


def test_the_example_plays_as_written_on_the_bundled_map(enc):  # R-SURP-1, R-ACT-1, R-CNT-1, N-HIDE-3
    s = enc.state
    assert s.combat.round == 0
    # Round 0: Brandon, unseen, shoots the closest bear and misses.
    enc.submit(BeginActions())
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    shot = next(e for e in enc.submit(ResolveNext(), typed=[3, 1]).events if e.kind == "attack.rolled")
    assert shot.data["outcome"] == "miss"
    enc.submit(EndGroupTurn())

    # Round 1, the party's Vanguard: Brandon hides again, James shocks a Rearguard bear.
    enc.submit(BeginActions())
    enc.submit(Declare("brandon", Action("use-item", item="stealth")))
    enc.submit(Declare("james", Action("technique", technique="shock", target="bear3")))
    enc.submit(ResolveNext(), typed=[15, 1, 2, 3])  # 15 - 1 + WIS 4 + 1 = 19 vs AC 12
    assert {c.name: c.rounds for c in s.combatants["bear3"].conditions}["Stunned"] == 2
    enc.submit(ResolveNext(), typed=[15, 1])
    assert s.combatants["brandon"].hidden
    enc.submit(EndGroupTurn())

    # The bears' Vanguard: "They cannot see Brandon"; the bear not stunned charges James.
    assert s.combat.acting_group().key == "bears:vanguard"
    with pytest.raises(Refused, match="cannot see Brandon"):
        enc.submit(Declare("bear2", Action("standard-attack", target="brandon")))
    hp = s.combatants["james"].hp
    enc.submit(Declare("bear2", Action("technique", technique="bear_charge", target="james", path=CHARGE_JAMES)))
    enc.submit(DoNothing("bear1"))  # the stunned bear commits to nothing: only then do rolls resolve (N-ORD-4)
    entry = enc.submit(ResolveNext(), typed=[10, 2])  # STR 5 + 10 = 15 vs AC 13: Hit, 1d6+2
    assert "combat.check" not in kinds(entry)  # clear floor: no terrain check on the way
    assert s.combatants["bear2"].cell == CHARGE_JAMES[-1] and s.combatants["james"].hp == hp - 4
    enc.submit(EndGroupTurn())

    # Art, the lone Rearguard, sees Bear 3 and shoots the bear not stunned.
    assert attack_odds(s, "art", "bear3").problem is None
    enc.submit(Declare("art", Action("standard-attack", weapon="xeno_dart_rifle", target="bear4")))
    enc.submit(ResolveNext(), typed=[11, 5])  # proficient and Shaken cancel: 11 + DEX 2 = 13 vs AC 12
    assert s.combatants["bear4"].hp == 30 - 6
    enc.submit(EndGroupTurn())

    # The bears' Rearguard: the one Art hit charges him (the stunned one cannot, N-EX-1).
    with pytest.raises(Refused, match="Stunned"):
        enc.submit(Declare("bear3", Action("technique", technique="bear_charge", target="james")))
    hp = s.combatants["art"].hp
    enc.submit(Declare("bear4", Action("technique", technique="bear_charge", target="art", path=CHARGE_ART)))
    enc.submit(DoNothing("bear3"))  # stunned: it commits to nothing (N-ORD-4)
    entry = enc.submit(ResolveNext(), typed=[10, 1])
    assert "combat.check" not in kinds(entry) and s.combatants["art"].hp == hp - 3
    enc.submit(EndGroupTurn())

    # The Counter Phase: the text's counters; Katie joins the Rearguard.
    assert s.combat.phase == "counters"
    assert not s.combatants["bear1"].has("Stunned")
    assert {c.name: c.rounds for c in s.combatants["bear3"].conditions} == {"Stunned": 1}
    assert not any(s.combatants[c].has("Shaken") for c in ("brandon", "james", "art"))
    enc.submit(Join("katie"))
    assert s.combat.groups["party"]["rearguard"] == ["art", "katie"]
    enc.submit(NextRound())
    assert s.combat.round == 2
