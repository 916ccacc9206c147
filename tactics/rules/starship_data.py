"""Starship rules data: ships, Battle Damage charts and crew actions.

A table house-rules space combat by editing these files, not code:

* ``data/ships/<id>.toml``: one ship each (attributes, hard points, functions);
* ``data/battle_damage.toml``: the default Battle Damage chart (2d6 -> repair DC,
  effect text and the machine effect the engine applies, R-SHIP-5); a ship or an
  encounter may name its own chart file;
* ``data/ship_actions.toml``: what each crew post may do in which phase, the
  2d10 check it needs (R-SHIP-8) and its effects (R-SHIP-2).

Every model forbids unknown fields, so a typo is a :class:`DataError` naming
the file and the field.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from tactics.rules.plain_model import ConfigDict, Field, field_validator, model_validator

from tactics.rules.data import DataError, DataModel, Label, Prose, data_path, load_items, read_document, validate

Post = Literal["captain", "science", "helm", "sensors", "weapons", "medical", "engineer"]
Phase = Literal["support", "action", "response"]
Attribute = Literal["armor_mod", "shield_mod", "weapons_mod", "sensor_mod"]
ShipFunction = Literal["cloak", "grapple", "hacking", "jamming", "crypto", "tractor"]
Size = Literal["tiny", "small", "medium", "large", "huge", "colossal"]


class _Strict(DataModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class HardPoint(_Strict):
    """A weapon mount. Each hard point used on a target adds one d10 (R-SHIP-4)."""

    name: Label = Field(min_length=1)
    weapon: Label = Field(min_length=1)


class ShipSpec(_Strict):
    """A ship as its data file describes it."""

    id: Label = Field(min_length=1)
    name: Label = Field(min_length=1)
    size: Size = "small"
    armor_mod: int = Field(default=0, ge=-4, le=10)
    shield_mod: int = Field(default=0, ge=-4, le=10)
    weapons_mod: int = Field(default=0, ge=-4, le=10)
    sensor_mod: int = Field(default=0, ge=-4, le=10)
    hard_points: list[HardPoint] = Field(default_factory=list)
    max_battle_damage: int = Field(default=3, ge=0, le=5)  # R-SHIP-6
    passive_sensor_range: float = Field(default=20.0, ge=0)  # space units (see engine.space)
    functions: list[ShipFunction] = Field(default_factory=list)
    battle_damage_chart: Label | None = None  # a chart file; None: the default chart
    description: Prose = ""

    @field_validator("hard_points")
    @classmethod
    def _unique_hard_points(cls, value: list[HardPoint]) -> list[HardPoint]:
        names = [h.name for h in value]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"hard point name {name!r} is used twice")
        return value


class MachineEffect(_Strict):
    """What a Battle Damage effect does while active, for the engine to apply."""

    armor_mod: int = 0
    shield_mod: int = 0
    weapons_mod: int = 0
    sensor_mod: int = 0
    hard_points: int = Field(default=0, le=0)  # hard points out of action (negative)
    checks: int = 0  # added to every 2d10 check the ship's crew rolls
    disabled_posts: list[Post] = Field(default_factory=list)  # posts that cannot act
    injured_posts: list[Post] = Field(default_factory=list)  # crew hurt: cannot act until treated

    def changes(self) -> dict[str, Any]:
        return {k: v for k, v in self.model_dump().items() if v}


class ChartEntry(_Strict):
    """One line of a Battle Damage chart: a 2d6 result (or range) and what it does."""

    rolls: list[int] = Field(min_length=1)
    repair_dc: int = Field(ge=0, le=60)
    effect: Prose = Field(min_length=1)
    machine: MachineEffect = Field(default_factory=MachineEffect)

    @field_validator("rolls")
    @classmethod
    def _in_range(cls, value: list[int]) -> list[int]:
        for r in value:
            if not 2 <= r <= 12:
                raise ValueError(f"2d6 cannot roll {r}; results run 2 to 12")
        return value


class BattleDamageChart(_Strict):
    """A complete 2d6 chart: every result 2..12 exactly once (R-SHIP-5)."""

    name: Label = Field(min_length=1)
    entries: list[ChartEntry] = Field(min_length=1)

    @field_validator("entries")
    @classmethod
    def _complete(cls, value: list[ChartEntry]) -> list[ChartEntry]:
        seen: dict[int, int] = {}
        for i, entry in enumerate(value):
            for r in entry.rolls:
                if r in seen:
                    raise ValueError(f"2d6 result {r} is on the chart twice (entries {seen[r]} and {i})")
                seen[r] = i
        missing = [r for r in range(2, 13) if r not in seen]
        if missing:
            raise ValueError(f"2d6 results {missing} are missing; a chart covers 2 to 12")
        return value

    def entry(self, roll: int) -> ChartEntry:
        for entry in self.entries:
            if roll in entry.rolls:
                return entry
        raise KeyError(roll)


class Check(_Strict):
    """A 2d10 check (R-SHIP-8): 2d10 + the own ship's attributes + the crew member's
    bonus (``skill``: the sheet's number for that skill) vs ``dc`` + the target ship's
    ``target_adds`` attributes; ``repair_dc`` takes the DC from the chosen Battle Damage instead."""

    attributes: list[Attribute] = Field(default_factory=list)
    dc: int = Field(default=10, ge=0, le=60)
    target_adds: list[Attribute] = Field(default_factory=list)
    repair_dc: bool = False
    #: the skill of skills.toml whose sheet number is the crew bonus (None: the GM sets it by hand)
    skill: Label | None = None


EffectKind = Literal[
    "advantage", "hold", "modify", "scan", "move", "join", "battle_damage", "repair", "cloak", "fire", "note",
    "engineer_to_action", "counter_hack", "treat",
]


class ActionEffect(_Strict):
    """One effect of a crew action (see ``ship_actions.toml`` for each kind)."""

    kind: EffectKind
    who: Literal["self", "target"] = "self"
    attribute: Attribute | None = None
    amount: float = 0
    phases: int = Field(default=2, ge=1, le=12)  # how many phases a modify/cloak lasts
    text: Prose = ""

    @model_validator(mode="after")
    def _needs(self) -> "ActionEffect":
        if self.kind == "modify" and (self.attribute is None or not self.amount):
            raise ValueError("a 'modify' effect needs an attribute and a non-zero amount")
        return self


class ShipAction(_Strict):
    """Something a crew post may do (R-SHIP-2)."""

    name: Label
    post: Post
    phases: list[Phase] = Field(min_length=1)
    label: Label = Field(min_length=1)
    hint: Label = ""  # a few words under an action with no roll (what the choice is for)
    text: Prose = ""
    requires: ShipFunction | None = None  # a ship function the ship must have
    target: Literal["none", "ship", "crew", "battle_damage"] = "none"
    check: Check | None = None
    effects: list[ActionEffect] = Field(default_factory=list)
    on_failure: list[ActionEffect] = Field(default_factory=list)
    uses_action: bool = True  # False: a declaration (the Science Officer's hold)
    hack: bool = False  # its effects on the target are a hack, which a counter-hack can stop


def load_ship(path: str | Path) -> ShipSpec:
    """One ship file; its id is the file name without ``.toml`` unless it sets one."""
    path = Path(path)
    raw = read_document(path)
    return validate(path, ShipSpec, {"id": path.name.split(".")[0], **raw})


#: A ship id is a file name in ``data/ships`` without ``.toml``: never a path.
SHIP_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def known_ships() -> list[str]:
    """The ids of the bundled ships (file names in ``data/ships``)."""
    return sorted(p.stem for p in data_path("ships").glob("*.toml") if SHIP_ID.fullmatch(p.stem))


def unknown_ship(ship_id: Any) -> str | None:
    """Why ``ship_id`` names no bundled ship (None: it does). ``../weapons`` names none."""
    if not isinstance(ship_id, str) or not SHIP_ID.fullmatch(ship_id) or ship_id not in known_ships():
        return f"no ship called {ship_id!r} (known: {', '.join(known_ships())})"
    return None


def ship_path(ship_id: str) -> Path:
    """The file of a bundled ship; an id that is not a plain name is refused (no path traversal)."""
    if not isinstance(ship_id, str) or not SHIP_ID.fullmatch(ship_id):
        raise DataError(data_path("ships"), "", f"{ship_id!r} is not a ship id (letters, digits, - and _)")
    return data_path("ships", f"{ship_id}.toml")


@lru_cache(maxsize=64)
def bundled_ship(ship_id: str) -> ShipSpec:
    """A ship from ``data/ships`` by its id."""
    path = ship_path(ship_id)
    problem = unknown_ship(ship_id)
    if problem:
        raise DataError(path, "", problem)
    return load_ship(path)


def load_chart(path: str | Path) -> BattleDamageChart:
    """A Battle Damage chart file: ``name`` and ``[[entries]]`` covering 2d6 results 2..12."""
    path = Path(path)
    raw = read_document(path)
    return validate(path, BattleDamageChart, {"name": path.stem, **raw})


def chart_path(ref: str | None) -> Path:
    """A chart reference: a bundled file name under ``data/`` or a path."""
    if not ref:
        return data_path("battle_damage.toml")
    path = Path(ref)
    return path if path.is_absolute() or path.exists() else data_path(ref)


@lru_cache(maxsize=16)
def chart(ref: str | None = None) -> BattleDamageChart:
    return load_chart(chart_path(ref))


class SpaceRules(_Strict):
    """``[rules]`` in ship_actions.toml: the table-wide numbers of space combat."""

    # R-SHIP-3: Battle Damage DC = (count base + Armor Mod, threshold base + Shield Mod)
    battle_damage_count_base: int = Field(default=4, ge=1, le=20)
    battle_damage_threshold_base: int = Field(default=4, ge=1, le=20)


def load_space_rules(path: str | Path) -> SpaceRules:
    return validate(path, SpaceRules, read_document(path).get("rules", {}), "rules")


@lru_cache(maxsize=1)
def space_rules() -> SpaceRules:
    """The table's ``[rules]`` of ship_actions.toml (the Battle Damage DC's bases)."""
    return load_space_rules(data_path("ship_actions.toml"))


def load_actions(path: str | Path) -> dict[str, ShipAction]:
    """The crew actions of a file; a check's ``skill`` must be one of skills.toml's (it names where
    the crew bonus comes from: a typo would read every sheet as +0)."""
    actions = load_items(path, ShipAction, "action")
    from tactics.rules.skills import default_skill_rules

    known = default_skill_rules().skills
    for name, action in actions.items():
        skill = action.check.skill if action.check is not None else None
        if skill is not None and skill not in known:
            raise DataError(path, f"action.{name}.check.skill",
                            f"unknown skill {skill!r}; skills.toml knows {', '.join(sorted(known))}")
    return actions


@lru_cache(maxsize=1)
def default_actions() -> dict[str, ShipAction]:
    return load_actions(data_path("ship_actions.toml"))
