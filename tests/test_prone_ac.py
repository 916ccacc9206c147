"""A Prone creature is attacked against its flat-footed AC (N-PRONE-1, R-SURP-1, R-COND-1).

What is tested: the text's order rules ask which AC an attacker rolls against once "a Technique
... causes the enemy to be knocked prone": "the prone/flat-footed AC of the Enemy, or the one if
they are still standing?". The project reads Prone as flat-footed against attacks (no positive DEX
bonus to AC; no advantage for the attacker: the text names none), from the conditions data. The
odds, the roll and the card's AC note all say so. Space Bears, fixed typed dice.
"""

from __future__ import annotations

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.combat.queries import attack_odds, describe, advantages_in_force
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.rules.conditions import default_conditions

from test_space_bears import space_bears


def _fight():
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())  # Round 1: the party's Vanguard (Brandon, James) acts
    return enc


def test_prone_is_in_the_data_as_no_dex_to_ac():  # R-COND-1, N-PRONE-1
    prone = default_conditions()["Prone"]
    assert prone.flat_footed and prone.attackers_advantage == 0


def test_a_prone_bear_is_attacked_against_its_ac_without_dex():  # N-PRONE-1
    enc = _fight()
    standing = attack_odds(enc.state, "james", "bear3")
    assert standing.ac == 14 and standing.ac_note == ""  # Bear: AC 14 with DEX +2
    enc.submit(ApplyCondition("bear3", "Prone"))
    prone = attack_odds(enc.state, "james", "bear3")
    assert prone.ac == 12 and prone.ac_note == "prone, no DEX +2"
    assert prone.advantages == standing.advantages  # no advantage for attacking it
    assert prone.chances != standing.chances
    # Flat-footed as well takes the same bonus once, and the note names both causes.
    enc.submit(ApplyCondition("bear3", "Flat-footed"))
    both = attack_odds(enc.state, "james", "bear3")
    assert both.ac == 12 and both.ac_note == "prone and flat-footed, no DEX +2"


def test_the_roll_that_misses_a_standing_bear_hits_a_prone_one():  # N-PRONE-1, R-HIT-1
    enc = _fight()
    enc.submit(ApplyCondition("bear3", "Prone"))
    enc.submit(Declare("james", Action("standard-attack", target="bear3")))
    # d20 9 + proficiency d2 1 + DEX 2 = 12: a Minor Hit against AC 14, a Hit against 12.
    entry = enc.submit(ResolveNext(others_pass=True), typed=[9, 1, 4])
    shot = next(e for e in entry.events if e.kind == "attack.rolled")
    assert shot.data["total"] == 12 and shot.data["ac"] == 12 and shot.data["outcome"] == "hit"
    assert "prone, no DEX +2" in describe(shot, enc.state)


def test_prone_takes_nothing_from_a_creature_without_a_dex_bonus():  # N-PRONE-1, R-SURP-1 "any Dexterity bonus"
    enc = _fight()
    assert enc.state.combatants["katie"].sheet.mod("DEX") == 0
    before = attack_odds(enc.state, "bear3", "katie")
    enc.submit(ApplyCondition("katie", "Prone"))
    after = attack_odds(enc.state, "bear3", "katie")
    assert (after.ac, after.ac_note) == (before.ac, before.ac_note) == (16, "")


def test_the_table_is_told_what_prone_does():  # N-PRONE-1 (the Advantages Phase's list)
    enc = _fight()
    enc.submit(ApplyCondition("bear3", "Prone"))
    assert any(line.startswith("Bear 3 is Prone:") and "no DEX bonus to AC" in line for line in advantages_in_force(enc.state))
