"""Starship rules data: ships, Battle Damage charts (R-SHIP-5), crew actions (R-SHIP-2).

What is tested: the bundled files load and are complete; a bad file is a DataError that
names the file and the field, so a GM can fix it.
"""

from pathlib import Path

import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.rules.data import DataError, data_path
from tactics.rules.starship import PHASE_POSTS, POSTS
from tactics.rules.starship_data import (
    bundled_ship,
    chart,
    default_actions,
    load_actions,
    load_chart,
    load_ship,
)

GOOD_SHIP = """
name = "Skiff"
armor_mod = 1
shield_mod = 0
max_battle_damage = 2
[[hard_points]]
name = "Nose gun"
weapon = "Laser"
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_ships_load():
    ships = sorted(p.stem for p in data_path("ships").glob("*.toml"))
    assert {"wayfarer", "pirate_corvette"} <= set(ships)
    for sid in ships:
        ship = bundled_ship(sid)
        assert ship.id == sid and 0 <= ship.max_battle_damage <= 5  # R-SHIP-6
        assert ship.hard_points


def test_default_chart_covers_2_to_12_exactly_once():  # R-SHIP-5
    table = chart()
    rolls = sorted(r for entry in table.entries for r in entry.rolls)
    assert rolls == list(range(2, 13))
    for r in range(2, 13):
        entry = table.entry(r)
        assert entry.repair_dc > 0 and entry.effect


def test_a_ship_file_loads_with_its_id_from_the_file_name(tmp_path):
    ship = load_ship(_write(tmp_path, "skiff.toml", GOOD_SHIP))
    assert ship.id == "skiff" and ship.armor_mod == 1 and ship.hard_points[0].weapon == "Laser"


@pytest.mark.parametrize(
    "extra,field",
    [
        ('armour_mod = 2', "armour_mod"),  # a typo: unknown field
        ('sensor_mod = "high"', "sensor_mod"),
        ('passive_sensor_range = -5', "passive_sensor_range"),
        ('functions = ["warp"]', "functions.0"),
        ('size = "enormous"', "size"),
    ],
)
def test_bad_ship_file_names_file_and_field(tmp_path, extra, field):
    path = _write(tmp_path, "bad.toml", extra + "\n" + GOOD_SHIP)
    with pytest.raises(DataError) as err:
        load_ship(path)
    assert err.value.path == str(path)
    assert err.value.field == field
    assert str(path) in str(err.value)


def test_bad_max_battle_damage_is_refused(tmp_path):  # R-SHIP-6: 0 to 5
    path = _write(tmp_path, "big.toml", GOOD_SHIP.replace("max_battle_damage = 2", "max_battle_damage = 6"))
    with pytest.raises(DataError) as err:
        load_ship(path)
    assert err.value.field == "max_battle_damage"


def test_duplicate_hard_point_names_are_refused(tmp_path):
    text = GOOD_SHIP + '[[hard_points]]\nname = "Nose gun"\nweapon = "Railgun"\n'
    with pytest.raises(DataError) as err:
        load_ship(_write(tmp_path, "twin.toml", text))
    assert err.value.field == "hard_points" and "Nose gun" in err.value.problem


def _chart_text(skip: int | None = None, twice: int | None = None) -> str:
    lines = ['name = "Test chart"']
    for r in range(2, 13):
        if r == skip:
            continue
        rolls = [r, twice] if r == 2 and twice else [r]
        lines += ["[[entries]]", f"rolls = {rolls}", "repair_dc = 12", f'effect = "result {r}"']
    return "\n".join(lines) + "\n"


def test_chart_file_must_be_complete(tmp_path):  # R-SHIP-5
    assert len(load_chart(_write(tmp_path, "ok.toml", _chart_text())).entries) == 11
    with pytest.raises(DataError) as err:
        load_chart(_write(tmp_path, "gap.toml", _chart_text(skip=7)))
    assert err.value.field == "entries" and "[7]" in err.value.problem
    with pytest.raises(DataError) as err:
        load_chart(_write(tmp_path, "dup.toml", _chart_text(twice=9)))
    assert "9" in err.value.problem


def test_chart_machine_effect_typo_names_the_field(tmp_path):
    text = _chart_text() + '[entries.machine]\nshields = -1\n'
    with pytest.raises(DataError) as err:
        load_chart(_write(tmp_path, "typo.toml", text))
    assert err.value.field == "entries.10.machine.shields"


def test_an_encounter_may_name_its_own_chart(tmp_path):  # R-SHIP-5
    own = _write(tmp_path, "house.toml", _chart_text())
    definition = {
        "name": "House rules",
        "space": {
            "chart": str(own),
            "ships": [
                {"id": "a", "ship": "wayfarer", "side": "party"},
                {"id": "b", "ship": "pirate_corvette", "side": "pirates", "chart": "battle_damage.toml"},
            ],
        },
    }
    enc = Encounter(definition, BattleMap.from_text("..."), seed=1)
    assert enc.state.space.ships["a"].chart.name == "Test chart"
    assert enc.state.space.ships["b"].chart.name == "Standard Battle Damage"


def test_every_post_has_something_to_do_in_its_phase():  # R-SHIP-2
    actions = default_actions()
    for phase, posts in PHASE_POSTS.items():
        for post in posts:
            assert any(a.post == post and phase in a.phases for a in actions.values()), (post, phase)
    assert {a.post for a in actions.values()} == set(POSTS)
    assert actions["hold"].uses_action is False
    assert any(a.post == "engineer" and "action" in a.phases for a in actions.values())


def test_bad_action_file_names_the_action_and_field(tmp_path):
    text = '[action.shout]\npost = "bosun"\nphases = ["support"]\nlabel = "Shout"\n'
    with pytest.raises(DataError) as err:
        load_actions(_write(tmp_path, "actions.toml", text))
    assert err.value.field == "action.shout.post"
