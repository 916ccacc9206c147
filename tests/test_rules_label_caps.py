"""Names, labels and descriptions in rules data are capped and printable (outside review, issue 12 "Bad input").

What a GM notices: a house-ruled file giving a weapon, grenade, trap, condition, skill, ship or sheet a
name of 10,000 characters, or one holding a line break, a terminal control character or a NUL, is
refused when the encounter opens with one short line naming the file, the field and the problem,
instead of being drawn as a plate wider than the window (or a NUL crashing the drawing later).
One shared type (tactics.rules.data.Label / Prose) carries the caps; the bundled data fits them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactics.rules import catalogue, data
from tactics.rules.data import MAX_LABEL_CHARS, MAX_PROSE_CHARS, DataError, bundled_data_path

LONG = "W" * 10_000


def _q(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's: ``\\u0000``, ``\\n``)."""
    return json.dumps(text)


#: (file, text replaced in the bundled copy or None to append, the new text, the field the error names,
#: words of the problem)
CASES = [
    ("weapons.toml", None, f'\n[weapon.{_q(LONG)}]\nkind = "melee"\ndamage = "1d4"\n', "name", "10,000 characters"),
    ("weapons.toml", None, f'\n[weapon.cudgel]\nkind = "melee"\ndamage = "1d4"\nlabel = {_q(LONG)}\n',
     "weapon.cudgel.label", f"at most {MAX_LABEL_CHARS}"),
    ("weapons.toml", None, f'\n[weapon.cudgel]\nkind = "melee"\ndamage = "1d4"\nlabel = {_q("Big" + chr(10) + "stick")}\n',
     "weapon.cudgel.label", "control characters"),
    ("weapons.toml", None, f'\n[weapon.cudgel]\nkind = "melee"\ndamage = "1d4"\ngroup = {_q(LONG)}\n',
     "weapon.cudgel.group", "10,000 characters"),
    ("grenades.toml", None, f'\n[grenade.{_q("fr" + chr(0) + "ag")}]\nradius_ft = 5\n', "grenade.fr\\x00ag", "NUL"),
    ("grenades.toml", None, f'\n[grenade.glue]\nlabel = {_q("Glue" + chr(0x9B) + "2J")}\n',
     "grenade.glue.label", "control characters"),
    ("grenades.toml", None, f'\n[grenade.glue]\nnote = {_q(LONG)}\n', "grenade.glue.note", f"at most {MAX_PROSE_CHARS}"),
    ("traps.toml", None, f'\n[trap.pit]\nlabel = {_q(LONG)}\n', "trap.pit.label", "10,000 characters"),
    ("conditions.toml", None, f'\n[condition.{_q(LONG)}]\nlabel = "Dazed"\n', "name", "10,000 characters"),
    ("conditions.toml", None, f'\n[condition.dazed]\ndescription = {_q(LONG)}\n',
     "condition.dazed.description", f"at most {MAX_PROSE_CHARS}"),
    ("skills.toml", "[skills]\n", f'[skills]\n{_q(LONG)} = "DEX"\n', "skills.", "10,000 characters"),
    ("creatures.toml", 'class = "Tracer"', f"class = {_q(LONG)}", "creature.brandon.class", "10,000 characters"),
    ("creatures.toml", 'class = "Tracer"', f'class = "Tracer"\ngear = [{_q(LONG)}]', "creature.brandon.gear.0",
     "10,000 characters"),
    ("terrain.toml", 'label = "floor"', f"label = {_q(LONG)}", "terrain.floor.label", "10,000 characters"),
    ("ship_actions.toml", 'label = "Give an order"', f"label = {_q(LONG)}", "action.order.label", "10,000 characters"),
    ("ships/wayfarer.toml", 'name = "Wayfarer"', f"name = {_q(LONG)}", "name", "10,000 characters"),
    ("ships/wayfarer.toml", 'name = "Dorsal turret"', f"name = {_q('Dorsal' + chr(10) + 'turret')}",
     "hard_points.0.name", "control characters"),
    ("battle_damage.toml", 'name = "Standard Battle Damage"', f"name = {_q(LONG)}", "name", "10,000 characters"),
    # a direction override turns the rest of a log line around (review 12, hostile M4)
    ("weapons.toml", None, f'\n[weapon.cudgel]\nkind = "melee"\ndamage = "1d4"\nlabel = {_q("Club" + chr(0x202E) + "gnik")}\n',
     "weapon.cudgel.label", "text-direction control"),
    ("conditions.toml", None, f'\n[condition.dazed]\nlabel = {_q(chr(0x2067) + "Dazed")}\n', "condition.dazed.label",
     "text-direction control"),
]


def _house_ruled(folder: Path, name: str, old: str | None, new: str) -> None:
    text = bundled_data_path(name).read_text(encoding="utf-8")
    if old is None:
        text += new
    else:
        assert text.count(old) >= 1, f"{name} no longer holds {old!r}: update the test"
        text = text.replace(old, new, 1)
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("name", "old", "new", "field", "problem"), CASES,
                         ids=[f"{c[0]}:{c[3][:30]}:{c[4][:12]}" for c in CASES])
def test_a_long_or_unprintable_name_is_refused_in_one_short_line(name, old, new, field, problem, tmp_path,
                                                                  fresh_sweep):
    _house_ruled(tmp_path, name, old, new)
    data.use_folder(tmp_path)
    catalogue.forget()
    with pytest.raises(DataError) as refused:
        catalogue.checked_rules_data()
    message = str(refused.value)
    assert Path(name).name in message and field in message and problem in message, message
    assert message.isprintable(), f"the line holds a control character: {message[:200]!r}"
    assert len(message) < 400, f"a {len(message):,}-character line: {message[:200]}..."


def test_the_bundled_rules_data_fits_the_caps(fresh_sweep):
    catalogue.checked_rules_data()  # raises on the first name, label or description over its cap


def test_names_joined_by_the_engine_are_not_held_to_a_files_cap():
    """Many conditions together, or a token without a sheet whose name is long (an encounter allows
    200 characters), are not refused as if they were a rules file's label."""
    from tactics.engine.combat.state import sheet_of
    from tactics.rules.conditions import combined, rule

    together = combined(["Shaken", "Stunned", "Flat-footed"] * 10)
    assert together.flat_footed and together.name.startswith("Shaken+Stunned")
    assert rule("A note the GM wrote " * 10).label.startswith("A note")

    class Token:  # (only what sheet_of reads)
        sheet = None
        id = "w"
        name = "W" * 120

    assert sheet_of(Token()).title == "W" * 120  # type: ignore[arg-type]
