"""A skill a sheet does not list is rolled with its governing ability (N-SKILL-1); a move's roll is
the better of DEX and Acrobatics (R-MOVE-2, N-MOVE-7); the table of skills is data (skills.toml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_ground_flow import fight
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.queries import describe
from tactics.engine.hazards import sheet as hazard_sheet
from tactics.rules import skills
from tactics.rules.checks import check_modifiers, movement_check
from tactics.rules.data import DataError, bundled_data_path
from tactics.rules.sheets import Sheet

ROOM = "\n".join(["." * 16] * 4 + ["...^" + "." * 12] + ["." * 16] * 7)  # difficult ground at (3, 4)


def test_an_unlisted_skill_is_its_governing_abilitys_modifier():  # N-SKILL-1, N-MOVE-3
    s = Sheet(name="x", abilities={"DEX": 14, "WIS": 8, "INT": 16}, skills={"Stealth": 6})
    assert s.skill_check("Stealth") == ("Stealth", 6)  # listed: the whole bonus, ability included
    assert s.skill_check("Acrobatics") == ("Acrobatics (DEX)", 2)
    assert s.skill_check("Demolitions") == ("Demolitions (INT)", 3)
    assert s.skill("Perception") == -1 and s.passive_perception == 9  # 10 + untrained Perception (WIS 8)
    assert s.skill_check("Basket Weaving") == ("Basket Weaving", 0)  # a skill the table does not know
    assert check_modifiers(s, "Acrobatics") == [("Acrobatics (DEX)", 2)]
    # a plain dict sheet (hazard tests, hand-written encounters) reads the same way
    who = type("Who", (), {"sheet": {"modifiers": {"DEX": 3}, "skills": {"Perception": 1}}})()
    assert hazard_sheet.skill_check(who, "Disable Device") == ("Disable Device (DEX)", 3)
    assert hazard_sheet.skill_check(who, "Perception") == ("Perception", 1)


def test_a_move_rolls_the_better_of_dex_and_acrobatics():  # R-MOVE-2, N-MOVE-7
    clumsy = Sheet(name="x", abilities={"DEX": 14}, skills={"Acrobatics": 0})  # e.g. armour: listed 0
    assert movement_check(clumsy, "Acrobatics") == ("DEX", [("DEX", 2)])
    nimble = Sheet(name="y", abilities={"DEX": 14}, skills={"Acrobatics": 5})
    assert movement_check(nimble, "DEX") == ("Acrobatics", [("Acrobatics", 5)])  # zero-G asks DEX
    plain = Sheet(name="z", abilities={"DEX": 14, "STR": 16})
    assert movement_check(plain, "Acrobatics") == ("Acrobatics", [("Acrobatics (DEX)", 2)])  # a tie: the square's
    assert movement_check(plain, "DEX") == ("DEX", [("DEX", 2)])
    assert movement_check(plain, "Athletics") == ("Athletics", [("Athletics (STR)", 3)])  # not a choice: as asked


def test_james_crosses_difficult_ground_with_his_dex():  # R-MOVE-2, N-SKILL-1
    enc = fight(text=ROOM)  # James (DEX 14, no Acrobatics on his sheet) at (2, 4)
    enc.submit(Declare("james", Action("standard-move", path=[(3, 4)])))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[10])  # d20 10 + Acrobatics (DEX) 2 = 12 vs DC 12: made it
    check = next(e for e in entry.events if e.kind == "combat.check")
    assert check.modifiers == [["Acrobatics (DEX)", 2]] and check.total == 12
    assert check.odds == "11/20"  # d20 + 2 >= 12: faces 10..20
    assert "d20 10 + Acrobatics (DEX) 2 = 12 vs DC 12: success (chance was 55%)" in describe(check, enc.state)
    assert enc.state.combatants["james"].cell == (3, 4)


def test_an_unlisted_stealth_hides_with_dex():  # N-SKILL-1, R-SURP-1
    enc = fight()
    enc.submit(Declare("james", Action("use-item", item="stealth")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[12])  # 12 + Stealth (DEX) 2 = 14 > the bears' passive 13
    check = next(e for e in entry.events if e.kind == "combat.check")
    assert "d20 12 + Stealth (DEX) 2 = 14" in describe(check, enc.state)
    assert enc.state.combatants["james"].hidden


def test_the_skill_table_is_house_rulable_and_a_bad_entry_is_named(tmp_path: Path, monkeypatch):
    house = tmp_path / "skills.toml"
    house.write_text(bundled_data_path("skills.toml").read_text().replace('Acrobatics = "DEX"', 'Acrobatics = "STR"'))
    monkeypatch.setattr(skills, "default_skill_rules", lambda: skills.load_skill_rules(house))
    assert Sheet(name="x", abilities={"STR": 8, "DEX": 14}).skill_check("Acrobatics") == ("Acrobatics (STR)", -1)
    house.write_text('[skills]\nStealth = "DX"\n')
    with pytest.raises(DataError, match=r"skills\.toml: skills\.Stealth: unknown ability 'DX'"):
        skills.load_skill_rules(house)
    house.write_text('[skills]\nStealth = "DEX"\n[movement]\neither = ["DEX", "Acrobatic"]\n')
    with pytest.raises(DataError, match=r"skills\.toml: movement\.either\[1\]: 'Acrobatic' is neither"):
        skills.load_skill_rules(house)


def test_a_hide_that_is_seen_does_not_fall_short():  # review7lib finding 12: the log's words
    enc = fight()
    enc.submit(Declare("james", Action("use-item", item="stealth")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[5])  # 5 + 2 = 7: every bear's Passive Perception 13 sees it
    lines = [describe(e, enc.state) for e in entry.events]
    assert "James is seen by Bear 1-4: Stealth 7 vs Passive Perception 13." in lines  # review 14, finding 2
    assert lines[-1] == "James' Use Item did not succeed."
    moved = fight(text=ROOM)
    moved.submit(Declare("james", Action("standard-move", path=[(3, 4)])))
    stopped = moved.submit(ResolveNext(others_pass=True), typed=[1])  # 1 + 2 = 3 vs DC 12: stops before the square
    assert describe(stopped.events[-1], moved.state) == "James' Standard Move fell short."  # review 14, finding 12
