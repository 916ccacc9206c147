"""Rules data validated once and remembered (tactics/rules/remembered.py; issue 12: start time).

What a GM notices: a later start opens faster, with the same numbers on every panel as if
each file had been validated again; a file they edit, house-rule or damage is validated as
before and its error names the file, the field and the problem.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from tactics.rules.plain_model import PlainModel

from tactics.engine.core.definition import EncounterDefinition, check_definition
from tactics.maps.battlemap import BattleMap
from tactics.rules import catalogue, remembered
from tactics.rules.checked_cache import CACHE_ENV
from tactics.rules.data import (DataError, DataModel, bundled_data_path, clear_rules_caches, load_items, read_document,
                                validate)
from tactics.rules.sheets import Armoury, Weapon


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A private cache folder, forgotten before and after (each test starts as a new process would)."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    remembered.forget()
    clear_rules_caches()
    yield tmp_path / "cache" / remembered.CACHE_FILE
    remembered.forget()
    clear_rules_caches()


@pytest.fixture
def validations(monkeypatch) -> list[str]:
    """The models pydantic validates from now on, by name."""
    seen: list[str] = []
    original = PlainModel.model_validate.__func__  # type: ignore[attr-defined]

    def counting(cls: type[PlainModel], obj: Any, *args: Any, **kwargs: Any) -> PlainModel:
        seen.append(cls.__name__)
        return original(cls, obj, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(PlainModel, "model_validate", classmethod(counting))
    return seen


def _new_process() -> None:
    remembered.forget()
    clear_rules_caches()


def _plain(value: Any) -> Any:
    return vars(value) if isinstance(value, Armoury) else value


def test_every_rules_file_rebuilt_is_what_validation_gave(cache, validations):
    loaders = catalogue._loaders()
    validated = [_plain(load()) for load in loaders]
    assert validations and cache.exists()
    _new_process()
    validations.clear()
    rebuilt = [_plain(load()) for load in loaders]
    assert validations == []  # not one model validated again
    for fresh, again in zip(validated, rebuilt):
        assert again == fresh and remembered._same_types(again, fresh)  # ints stay ints, squares tuples ...


def test_the_remembered_weapon_is_a_model_like_the_validated_one(cache, tmp_path):
    path = tmp_path / "weapons.toml"
    path.write_bytes(bundled_data_path("weapons.toml").read_bytes())
    first = load_items(path, Weapon, "weapon")
    _new_process()
    again = load_items(path, Weapon, "weapon")
    name = next(iter(first))
    assert type(again[name]) is Weapon and again == first
    assert again[name].model_fields_set == first[name].model_fields_set  # (what exclude_unset reads)
    assert again[name].model_dump(exclude_defaults=True) == first[name].model_dump(exclude_defaults=True)


def test_a_damaged_or_house_ruled_file_is_validated_again_naming_the_field(cache, tmp_path, validations):
    path = tmp_path / "weapons.toml"
    text = bundled_data_path("weapons.toml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    load_items(path, Weapon, "weapon")
    _new_process()
    path.write_text(text + '\n[weapon.bent]\nkind = "melee"\ndamage = "1d6"\nrange_ft = "far"\n', encoding="utf-8")
    with pytest.raises(DataError) as refused:
        load_items(path, Weapon, "weapon")
    assert str(path) in str(refused.value) and "weapon.bent.range_ft" in str(refused.value)
    assert "\n" not in str(refused.value)  # one line
    path.write_text(text, encoding="utf-8")  # put back as it was: remembered, not validated again
    _new_process()
    validations.clear()
    load_items(path, Weapon, "weapon")
    assert validations == []


def test_other_code_or_a_broken_cache_file_means_validating_again(cache, tmp_path, validations):
    path = tmp_path / "weapons.toml"
    path.write_bytes(bundled_data_path("weapons.toml").read_bytes())
    load_items(path, Weapon, "weapon")
    stored = json.loads(cache.read_text(encoding="utf-8"))
    assert stored["format"] == remembered.FORMAT and len(stored["entries"]) > 1
    assert not [p for p in cache.parent.iterdir() if p.name.endswith(".tmp")]  # written atomically
    for broken in (json.dumps({**stored, "code": "other code"}), "{not json", json.dumps({**stored, "entries": 3}),
                   "[" * 100_000 + "]" * 100_000):  # (json's RecursionError: a traceback at start before, review 12)
        cache.write_text(broken, encoding="utf-8")
        _new_process()
        validations.clear()
        assert load_items(path, Weapon, "weapon")
        assert validations  # validated as on a first start
        assert json.loads(cache.read_text(encoding="utf-8"))["code"] == stored["code"]  # and remembered again


def test_a_damaged_entry_is_not_used(cache, tmp_path, validations):
    path = tmp_path / "weapons.toml"
    path.write_bytes(bundled_data_path("weapons.toml").read_bytes())
    first = load_items(path, Weapon, "weapon")
    stored = json.loads(cache.read_text(encoding="utf-8"))
    key = next(k for k in stored["entries"] if k.startswith("model ") and "Weapon" in k)
    stored["entries"][key] = stored["entries"][key].replace('"damage": "', '"damage": "9', 1)  # (a bad dice text)
    cache.write_text(json.dumps(stored), encoding="utf-8")
    _new_process()
    validations.clear()
    assert load_items(path, Weapon, "weapon") == first
    assert validations == ["Weapon"]  # that one validated again; the others rebuilt


def test_a_remembered_document_is_a_fresh_copy_each_time(cache, tmp_path):
    path = tmp_path / "terrain.toml"
    path.write_bytes(bundled_data_path("terrain.toml").read_bytes())
    first = read_document(path)
    _new_process()
    again = read_document(path)
    assert again == first
    again.clear()
    assert read_document(path) == first


class _Dated(DataModel):
    name: str
    since: date


def test_a_model_it_cannot_rebuild_exactly_is_validated_every_time(cache, validations):
    """A date is not a type the rebuild knows: that model is validated at every start, as before."""
    raw = {"name": "a", "since": "2026-12-02"}
    validate("dated.toml", _Dated, raw)
    _new_process()
    validations.clear()
    assert validate("dated.toml", _Dated, raw).since == date(2026, 12, 2)
    assert validations == ["_Dated"]


class _Loose(DataModel):
    name: str
    anything: Any = None


def test_a_value_json_would_change_is_not_remembered(cache, validations):
    """A tuple given to an ``Any`` field stays a tuple when validated; JSON would give a list back."""
    raw = {"name": "a", "anything": [1, 2]}
    assert validate("loose.toml", _Loose, raw).anything == [1, 2]
    _new_process()
    validations.clear()
    assert validate("loose.toml", _Loose, raw).anything == [1, 2]
    assert validations == []  # lists come back as lists: remembered
    validations.clear()
    assert validate("loose.toml", _Loose, {"name": "a", "anything": (1, 2)}).anything == (1, 2)
    assert validations == ["_Loose"]  # not the list remembered for [1, 2]
    model = _Loose.model_validate({"name": "b", "anything": (1, 2)})
    remembered.remember(_Loose, {"name": "b"}, model)  # (as if validated from other data)
    assert remembered.recalled(_Loose, {"name": "b"}) is None


def test_the_encounter_file_is_remembered_and_its_references_still_checked(cache, validations):
    definition = {"name": "Two", "map": "x.json", "teams": {"a": {"name": "A"}},
                  "combatants": [{"id": "ann", "team": "a", "cell": [1, 1]}]}
    battle_map = BattleMap(width=4, height=4)
    parsed = check_definition(definition, battle_map, "two.encounter.toml")
    _new_process()
    validations.clear()
    again = check_definition(definition, battle_map, "two.encounter.toml")
    assert validations == [] and again == parsed and type(again) is EncounterDefinition
    assert again.combatants[0].cell == (1, 1)  # a square is a tuple, as validated
    with pytest.raises(DataError, match="combatants"):
        check_definition(definition, BattleMap(width=1, height=1), "two.encounter.toml")  # off this map


def test_cache_files_that_are_fifos_are_not_read(tmp_path):
    """The per-user cache's files replaced by FIFOs (a special file opened for reading waits for a
    writer forever): the start's check and the loaders run on as with no cache (in a child process
    with a time limit, so a hang fails the test instead of holding the suite)."""
    import os
    import subprocess
    import sys

    from tactics.rules.checked_cache import CACHE_FILE as CHECKED_FILE

    folder = tmp_path / "cache"
    folder.mkdir()
    for name in (remembered.CACHE_FILE, CHECKED_FILE):
        os.mkfifo(folder / name)
    code = ("from tactics.rules import catalogue; catalogue.checked_rules_data(); "
            "from tactics.rules.sheets import default_armoury; print(default_armoury().weapon('bear_claws').damage)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, CACHE_ENV: str(folder)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1d8+2"]


def test_a_cache_file_of_more_json_than_a_store_holds_is_not_parsed(cache, tmp_path):
    """Review 13: a damaged store of ``[],`` under its 64 MB cap was parsed into a gigabyte of lists
    at start; over its budget of values it is ignored unread (the data validated as on a first start)."""
    from limits import memory_peak

    path = tmp_path / "weapons.toml"
    path.write_bytes(bundled_data_path("weapons.toml").read_bytes())
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text("[" + "[]," * 1_000_000 + "0]", encoding="utf-8")  # 3 MB: 64 MB as lists
    _new_process()
    with memory_peak() as peak:
        weapons = load_items(path, Weapon, "weapon")
    assert weapons and peak.bytes < 3 * cache.stat().st_size + 20_000_000  # read, never made into lists
