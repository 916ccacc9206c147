"""The plain data models behave as the pydantic models they are written as (tactics/rules/plain_model.py).

What a user would notice if it broke: a house-ruled file accepted that pydantic refused (or the
other way round), an error naming another field or saying something else, an exported sheet or a
save written differently (``model_dump``), a frozen rules value that could be changed in play, or
a start that imports pydantic although it validates nothing. Each behaviour is checked against a
twin written with pydantic itself, on the same inputs.
"""

# (no `from __future__ import annotations`: the models below are made in a function, and a model's
# annotations written as text are read in its module's namespace, where a local class is not)
import enum
import os
import subprocess
import sys
from typing import Annotated, Any

import pydantic
import pytest

from tactics.rules import catalogue
# (the models below read these names off this module, as they read pydantic's off pydantic)
from tactics.rules.plain_model import (AfterValidator, ConfigDict, Field, PlainModel, StrictInt,  # noqa: F401
                                       field_validator, model_validator, validation_error)


def _positive(value: int) -> int:
    if value <= 0:
        raise ValueError("must be positive")
    return value


def _short(value: str) -> str:
    if len(value) > 8:
        raise ValueError("at most 8 characters")
    return value


class Kind(enum.Enum):
    MELEE = "melee"
    RANGED = "ranged"


def _models(api: Any, base: type) -> tuple[type, type]:
    """The same two models written against ``api`` (pydantic itself, or the plain models' names)."""

    class Item(base):  # type: ignore[misc, valid-type]
        model_config = api.ConfigDict(extra="forbid", frozen=True)
        name: Annotated[str, api.AfterValidator(_short)]
        kind: Kind = Kind.MELEE
        dice: Annotated[int, api.AfterValidator(_positive), api.Field(le=10)] = 1
        range_ft: int = api.Field(default=5, ge=5, le=100)
        tags: tuple[str, ...] = ()
        _trimmed = api.field_validator("name", mode="before")(classmethod(lambda cls, v: v.strip()
                                                                              if isinstance(v, str) else v))

        @api.model_validator(mode="after")
        def _ranged_reach(self) -> Any:
            if self.kind is Kind.RANGED and self.range_ft < 10:
                raise ValueError("a ranged item reaches at least 10 ft")
            return self

    class Sheet(base):  # type: ignore[misc, valid-type]
        model_config = api.ConfigDict(extra="forbid", populate_by_name=True)
        class_: str = api.Field(default="", alias="class")
        items: list[Item] = api.Field(default_factory=list)
        counts: dict[str, Annotated[int, api.Field(ge=0)]] = api.Field(default_factory=lambda: {"a": 1})
        level: api.StrictInt = 1
        best: Item | None = None

    return Item, Sheet


PlainItem, PlainSheet = _models(sys.modules[__name__], PlainModel)
RealItem, RealSheet = _models(pydantic, pydantic.BaseModel)

GOOD = [
    {},
    {"class": "Tracer", "items": [{"name": " knife "}, {"name": "bow", "kind": "ranged", "range_ft": 60}]},
    {"class_": "Tracer", "counts": {"a": 1}, "level": 3, "best": {"name": "axe", "dice": 3, "tags": ["heavy"]}},
    {"items": [{"name": "a", "tags": ("x", "y")}], "counts": {}},
]
BAD = [
    {"items": [{"name": "a very long name"}]},
    {"items": [{"name": "bow", "kind": "ranged"}]},
    {"items": [{"name": "a", "dice": 0}]},
    {"items": [{"name": "a", "dice": 11}]},
    {"items": [{"name": "a", "range_ft": 1}]},
    {"items": [{"name": "a", "kind": "magic"}]},
    {"items": [{"name": "a", "colour": "red"}]},
    {"level": "3"},
    {"counts": {"a": -1}},
    {"best": "axe"},
    {"unknown": 1},
    {"items": "none"},
]


def _problems(model: type, raw: Any) -> list[tuple[Any, ...]]:
    try:
        model.model_validate(raw)
    except pydantic.ValidationError as exc:
        return [(tuple(e["loc"]), e["msg"], e["type"]) for e in exc.errors()]
    return []


@pytest.mark.parametrize("raw", BAD)
def test_a_bad_value_is_refused_with_pydantics_own_errors(raw):
    expected = _problems(RealSheet, raw)
    assert expected
    assert _problems(PlainSheet, raw) == expected


@pytest.mark.parametrize("raw", GOOD)
def test_good_data_gives_the_same_values_and_the_same_dumps(raw):
    plain, real = PlainSheet.model_validate(raw), RealSheet.model_validate(raw)
    assert type(plain) is PlainSheet and all(type(i) is PlainItem for i in plain.items)
    for mode in ("python", "json"):
        for by_alias in (False, True):
            for exclude_defaults in (False, True):
                for exclude_unset in (False, True):
                    flags = dict(mode=mode, by_alias=by_alias, exclude_defaults=exclude_defaults,
                                 exclude_unset=exclude_unset)
                    assert plain.model_dump(**flags) == real.model_dump(**flags), flags
    assert plain.model_fields_set == real.model_fields_set
    assert repr(plain).replace("Plain", "") == repr(real).replace("Real", "")


def test_construction_equality_hashing_and_frozen_values_are_pydantics():
    knife = PlainItem(name="knife", dice=2)
    assert knife == PlainItem(name=" knife ", dice=2) and hash(knife) == hash(PlainItem(name="knife", dice=2))
    assert knife != PlainItem(name="knife", dice=3)
    with pytest.raises(pydantic.ValidationError, match="Instance is frozen"):
        knife.dice = 5
    with pytest.raises(pydantic.ValidationError):
        PlainItem(name="knife", dice=0)
    sheet = PlainSheet(**{"class": "Tracer"})
    assert sheet.class_ == "Tracer" and PlainSheet(class_="Tracer") == sheet
    with pytest.raises(TypeError):
        hash(sheet)  # (a model that is not frozen does not hash, as pydantic's)
    sheet.level = 4
    assert sheet.level == 4 and "level" in sheet.model_fields_set
    with pytest.raises(ValueError, match='object has no field "levle"'):
        sheet.levle = 4
    copied = knife.model_copy(update={"dice": 9})
    assert (copied.dice, knife.dice) == (9, 2)
    built = PlainSheet.model_construct(level=2)
    assert built.items == [] and built.counts == {"a": 1} and built.model_fields_set == {"level"}
    assert PlainSheet.model_validate(sheet) is sheet  # (an instance is kept, as pydantic keeps one)
    assert validation_error() is pydantic.ValidationError


def test_every_bundled_rules_file_survives_its_own_dump():
    """What a GM exports (the builder writes sheets with ``model_dump``) reads back as the same value."""
    seen = 0
    for load in catalogue._loaders():
        loaded = load()
        values = loaded.values() if isinstance(loaded, dict) else list(vars(loaded).values()) if not isinstance(
            loaded, PlainModel) else [loaded]
        for value in values:
            if isinstance(value, dict):
                value = list(value.values())
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, PlainModel):
                    for flags in ({}, {"by_alias": True, "exclude_defaults": True}):
                        dumped = item.model_dump(mode="json", **flags)
                        assert type(item).model_validate(dumped) == item, (type(item), flags)
                    seen += 1
    assert seen > 50


def test_making_the_models_imports_no_pydantic(tmp_path):
    """Importing every data model (the rules, the encounter file, saves, the opponent's weights)
    costs no pydantic: it is imported when something first validates (the engine's parts read the
    trap kinds when imported: the first process validates them, a later one rebuilds them)."""
    code = ("import sys\n"
            "import tactics.rules.sheets, tactics.rules.explosives, tactics.rules.traps, tactics.rules.turns\n"
            "import tactics.rules.starship_data, tactics.engine.core.definition, tactics.engine.saves.document\n"
            "import tactics.ai.settings, tactics.engine.combat.events\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core')))")
    env = {**os.environ, "TACTICS_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
            for _ in range(2)]
    assert "'pydantic'" in runs[0].stdout  # (the check sees it: the first validated)
    assert runs[1].stdout.strip() == "[]"
