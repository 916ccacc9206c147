"""The opponent's levels and creature behaviours, read from ``tactics/data/opponents.toml``.

Why it exists: how the opponent weighs damage against safety is a house rule
like any other number, so it lives in data and is validated on load: a bad
value is refused with the file, the field and the problem.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tactics.rules.plain_model import ConfigDict, Field, model_validator

from tactics.rules.data import DataError, DataModel, data_path, read_document, validate
from tactics.rules.sheets import Sheet, default_armoury


class _Strict(DataModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Level(_Strict):
    label: str = Field(min_length=1, max_length=60)
    kill_bonus: float = Field(ge=0, le=100)
    condition_value: float = Field(ge=0, le=100)
    next_turn: float = Field(ge=0, le=1)
    exposure: float = Field(ge=0, le=100)
    retreat_below: float = Field(ge=0, le=1)
    focus: bool
    simple: bool


class Behaviour(_Strict):
    charge: bool = False
    keep_ft: int = Field(default=0, ge=0, le=1000)
    hide: bool = False


class ShipLevel(_Strict):
    """How the app plays a ship's crew posts at one level (see the ``[starship]`` table)."""

    dealt: float = Field(ge=0, le=1000)
    finish: float = Field(ge=0, le=1000)
    taken: float = Field(ge=0, le=1000)
    doomed: float = Field(ge=0, le=1000)
    repair: float = Field(ge=0, le=1000)
    treat: float = Field(ge=0, le=1000)
    reach: float = Field(ge=0, le=1)
    cloak_kept: float = Field(ge=0, le=1)
    next_round: float = Field(ge=0, le=1)
    minimum: float = Field(ge=0, le=1000)
    simple: bool


class OpponentRules(_Strict):
    level: dict[str, Level]
    behaviour: dict[str, Behaviour]
    creatures: dict[str, str] = Field(default_factory=dict)
    starship: dict[str, ShipLevel]
    door_walk_ft: int = Field(default=10, ge=0, le=1000)

    @model_validator(mode="after")
    def _known_behaviours(self) -> "OpponentRules":
        for sheet, name in self.creatures.items():
            if name not in self.behaviour:
                raise ValueError(f"creatures.{sheet}: no behaviour {name!r} (known: {', '.join(self.behaviour)})")
        for needed in ("brawler", "shooter"):
            if needed not in self.behaviour:
                raise ValueError(f"behaviour.{needed} is needed (the default for sheets not listed)")
        for name in self.level:
            if name not in self.starship:
                raise ValueError(f"starship.{name} is needed (every level plays ships too)")
        return self


def load_opponent_rules(path: str | Path | None = None) -> OpponentRules:
    path = Path(path) if path is not None else data_path("opponents.toml")
    return validate(path, OpponentRules, read_document(path))


@lru_cache(maxsize=1)
def opponent_rules() -> OpponentRules:
    return load_opponent_rules()


LEVELS = ("win", "monster")


def level(name: str) -> Level:
    rules = opponent_rules()
    if name not in rules.level:
        raise DataError(data_path("opponents.toml"), "level", f"no level {name!r} (known: {', '.join(rules.level)})")
    return rules.level[name]


def ship_level(name: str) -> ShipLevel:
    """The weights the app plays a ship's crew with at level ``name``."""
    rules = opponent_rules()
    if name not in rules.starship:
        raise DataError(data_path("opponents.toml"), "starship", f"no level {name!r} (known: {', '.join(rules.starship)})")
    return rules.starship[name]


def behaviour_of(sheet: Sheet) -> Behaviour:
    rules = opponent_rules()
    name = rules.creatures.get(sheet.name)
    if name is None:
        ranged = False
        if sheet.weapons:
            ranged = default_armoury().weapon(sheet.weapons[0]).kind == "ranged"
        name = "shooter" if ranged else "brawler"
    return rules.behaviour[name]
