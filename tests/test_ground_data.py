"""Sheets, weapons and conditions are data a GM can edit; bad data names file and field (R-COND-1)."""

import pytest

from tactics.rules.conditions import combined, default_conditions
from tactics.rules.data import DataError
from tactics.rules.sheets import Sheet, default_armoury, load_armoury, modifier


def test_bundled_sheets_give_the_examples_numbers():  # R-INIT-1
    arms = default_armoury()
    inits = {k: s.initiative for k, s in arms.sheets.items()}
    assert inits == {"brandon": 7, "james": 6, "art": 3, "katie": -1, "space_bear": 4}
    assert arms.sheets["space_bear"].passive_perception < 18  # the bears miss Brandon's Stealth 18
    art = arms.sheets["art"]
    assert art.proficient_with(arms.weapon("xeno_dart_rifle"))
    assert arms.weapon("xeno_dart_rifle").damage == "1d6+1"
    assert arms.technique("shock").condition == "Stunned" and arms.technique("shock").condition_rounds == 2


def test_modifiers_from_scores():
    assert [modifier(s) for s in (3, 8, 9, 10, 11, 18)] == [-4, -1, -1, 0, 0, 4]
    s = Sheet(name="x", abilities={"DEX": 14}, modifiers={"DEX": 5})
    assert s.mod("DEX") == 5 and s.mod("STR") == 0


def test_conditions_are_data():  # R-COND-1
    c = default_conditions()
    assert c["Shaken"].attack_disadvantage == 1 and c["Shaken"].save_disadvantage == 1
    assert c["Stunned"].no_standard and c["Stunned"].no_bonus
    assert c["Flat-footed"].flat_footed and c["Entangled"].speed_half
    assert combined(["Shaken", "Prone"]).attack_disadvantage == 2


def test_house_ruled_conditions_that_each_ease_attacks_combine_within_the_bounds(tmp_path):  # R-COND-1
    """Two house-ruled conditions of -3 attackers' advantage each: a creature bearing both is attacked at -5
    (the field's bound), not refused with a traceback when the engine asks what they impose together."""
    from tactics.rules.conditions import load_conditions

    from tactics.rules.data import data_path

    path = tmp_path / "conditions.toml"
    path.write_text(data_path("conditions.toml").read_text() + '\n[condition.Warded]\nattackers_advantage = -3\n[condition.Blessed]\nattackers_advantage = -3\n'
                    '[condition.Marked]\nattackers_advantage = 4\n[condition.Lit]\nattackers_advantage = 4\n')
    rules = load_conditions(path)
    assert combined(["Warded", "Blessed"], rules).attackers_advantage == -5
    assert combined(["Marked", "Lit"], rules).attackers_advantage == 5
    assert combined(["Warded", "Marked"], rules).attackers_advantage == 1


def _sheet_refusal(tmp_path, creatures_text: str) -> str:
    """The one-line error of a creatures.toml holding ``creatures_text`` (beside a plain club)."""
    weapons = tmp_path / "weapons.toml"
    weapons.write_text('[weapon.club]\nkind = "melee"\ndamage = "1d6"\n')
    creatures = tmp_path / "creatures.toml"
    creatures.write_text(creatures_text)
    with pytest.raises(DataError) as info:
        load_armoury(weapons, creatures)
    return str(info.value)


def test_unknown_weapon_on_a_sheet_names_file_and_field(tmp_path):
    error = _sheet_refusal(tmp_path, '[creature.ogre]\nweapons = ["axe"]\n')
    assert "creatures.toml" in error and "creature.ogre.weapons" in error
    assert "'axe'" in error


def test_bad_damage_dice_and_unknown_fields_are_refused(tmp_path):
    creatures = tmp_path / "creatures.toml"
    creatures.write_text('[creature.ogre]\n')
    weapons = tmp_path / "weapons.toml"
    weapons.write_text('[weapon.club]\nkind = "melee"\ndamage = "d6 plus two"\n')
    with pytest.raises(DataError, match=r"weapon\.club\.damage"):
        load_armoury(weapons, creatures)
    weapons.write_text('[weapon.club]\nkind = "melee"\ndamage = "1d6"\nsharpness = 3\n')
    with pytest.raises(DataError, match=r"weapon\.club\.sharpness"):
        load_armoury(weapons, creatures)
    weapons.write_text('[weapon.club]\nkind = "melee"\ndamage = "1d6"\n')
    creatures.write_text('[creature.ogre]\nabilities = { STRENGTH = 18 }\n')
    with pytest.raises(DataError, match="unknown ability"):
        load_armoury(weapons, creatures)


def test_a_sheet_says_whether_it_is_a_character_or_a_creature(tmp_path):  # the Set up form's default side
    arms = default_armoury()
    assert {k: s.kind for k, s in arms.sheets.items()} == {
        "brandon": "character", "james": "character", "art": "character", "katie": "character",
        "space_bear": "creature"}
    error = _sheet_refusal(tmp_path, '[creature.ogre]\nkind = "monster"\n')
    assert "creatures.toml" in error and "creature.ogre.kind" in error
    assert "'character'" in error and "'creature'" in error, "the allowed words"


def test_inline_sheet_in_an_encounter():
    arms = default_armoury()
    s = arms.sheet_from({"label": "Guard", "ac": 12, "weapons": ["unarmed"]}, where="combatants[0].sheet")
    assert s.ac == 12 and s.title == "Guard"
    with pytest.raises(DataError, match="unknown sheet"):
        arms.sheet_from("dragon")
