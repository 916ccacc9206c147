"""Character and creature sheets, weapons and Techniques (the combatant data model).

A sheet is what a player writes on paper: ability scores, Initiative misc, AC,
hit points, run speed, proficiencies, weapons, Techniques, skills and the
Affinity Die. Sheets live in ``data/creatures.toml`` (or inline in an encounter
file); weapons and Techniques in ``data/weapons.toml``. Everything is validated
with pydantic so a typo gives "creatures.toml: creature.art.weapons: unknown
weapon 'xeno_rifle'" instead of a crash mid-fight.

Sheets are immutable: the engine shares one object between the many copies of
an encounter state the journal makes (undo, replay).
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from tactics.rules.plain_model import ConfigDict, Field, field_validator, model_validator

from tactics.rules.data import (AbilityScore, Bonus, DataError, DataModel, Label, Prose, data_path, load_items, read_document,
                                validate)
from tactics.rules.dice import DiceError, DiceExpr
from tactics.rules.initiative import initiative_score

ABILITIES: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
#: Saving throws and the ability each one uses (R-GREN-6, R-TRAP-4 need Reflex).
SAVES: dict[str, str] = {"Reflex": "DEX", "Fortitude": "CON", "Will": "WIS"}


def modifier(score: int) -> int:
    """The usual ability modifier: (score - 10) // 2."""
    return (int(score) - 10) // 2


def _check_dice(value: str | None) -> str | None:
    if value is None:
        return value
    try:
        return str(DiceExpr.parse(value))
    except DiceError as exc:
        raise ValueError(str(exc)) from None


class _Frozen(DataModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> "_Frozen":
        return self  # immutable: copies of a state share it


class Weapon(_Frozen):
    name: Label
    label: Label = ""
    kind: Literal["melee", "ranged"]
    accuracy: Bonus = 0
    damage: str
    crit_range: int = Field(default=20, ge=2, le=20)
    crit_multiplier: int = Field(default=2, ge=1, le=10)
    range_ft: int = Field(default=5, ge=5, le=10_000)
    group: Label = ""
    two_handed: bool = False
    clunky: bool = False
    heavy: bool = False
    off_hand: bool = False
    load: int = Field(default=0, ge=0, le=100)  # shots a load holds (a crossbow 1); 0: never reloaded in play
    sure_hit_ft: int = Field(default=0, ge=0, le=10_000)  # guaranteed-hit range of a loaded firearm/crossbow

    _dice = field_validator("damage")(classmethod(lambda cls, v: _check_dice(v)))

    @model_validator(mode="after")
    def _sure_hit_needs_a_load(self) -> "Weapon":
        if self.sure_hit_ft and (self.kind != "ranged" or not self.load):
            raise ValueError("sure_hit_ft is for a loaded ranged weapon (a firearm or crossbow): give it a load")
        if self.sure_hit_ft > self.range_ft:
            raise ValueError(f"sure_hit_ft {self.sure_hit_ft} is beyond the weapon's range_ft {self.range_ft}")
        return self

    @property
    def title(self) -> str:
        return self.label or self.name

    @property
    def ability(self) -> str:
        """STR for melee, DEX for ranged (R-ROLL-1)."""
        return "STR" if self.kind == "melee" else "DEX"


class Technique(_Frozen):
    name: Label
    label: Label = ""
    description: Prose = ""
    ability: Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"] = "WIS"
    accuracy: Bonus = 0
    range_ft: int = Field(default=5, ge=5, le=10_000)
    move_ft: int = Field(default=0, ge=0, le=1000)
    damage: str | None = None
    crit_range: int = Field(default=20, ge=2, le=20)
    crit_multiplier: int = Field(default=2, ge=1, le=10)
    condition: Label | None = None
    condition_rounds: int | None = Field(default=None, ge=1, le=100)

    _dice = field_validator("damage")(classmethod(lambda cls, v: _check_dice(v)))

    @property
    def title(self) -> str:
        return self.label or self.name


class ArmsRules(_Frozen):
    """Table-wide numbers from ``[rules]`` in weapons.toml (R-ROLL-1, R-HIT-1..3)."""

    proficient_advantage: int = Field(default=1, ge=0, le=5)
    nonproficient_disadvantage: int = Field(default=1, ge=0, le=5)
    extra_damage_threshold: int = Field(default=4, ge=1, le=60)  # beat AC by this for a Major Hit
    two_weapon_threshold: int = Field(default=5, ge=1, le=60)  # ... when fighting with two weapons
    minor_margin: int = Field(default=2, ge=0, le=60)  # miss AC by at most this: a Minor Hit


class SheetDefaults(_Frozen):
    """``[defaults]`` in creatures.toml: what a sheet that leaves a field out gets."""

    run_ft: int = Field(default=30, ge=0, le=1000)
    affinity_die: int = Field(default=2, ge=2, le=20)
    ac: int = Field(default=10, ge=0, le=60)
    hp: int = Field(default=10, ge=1, le=10_000)


class SheetRules(_Frozen):
    """``[rules]`` in creatures.toml: the numbers every sheet is read with."""

    sprint_multiple: int = Field(default=2, ge=1, le=10)  # R-MOVE-1: the sprint covers the run this many times
    passive_base: int = Field(default=10, ge=0, le=60)  # R-SURP-1, R-TRAP-2: Passive Perception = base + Perception


def load_sheet_defaults(path: str | Path) -> SheetDefaults:
    return validate(path, SheetDefaults, read_document(path).get("defaults", {}), "defaults")


@lru_cache(maxsize=1)
def sheet_defaults() -> SheetDefaults:
    """The table's sheet defaults (creatures.toml, or the table's own copy)."""
    return load_sheet_defaults(data_path("creatures.toml"))


def load_sheet_rules(path: str | Path) -> SheetRules:
    return validate(path, SheetRules, read_document(path).get("rules", {}), "rules")


@lru_cache(maxsize=1)
def sheet_rules() -> SheetRules:
    """The table's ``[rules]`` of creatures.toml (sprint, Passive Perception)."""
    return load_sheet_rules(data_path("creatures.toml"))


def sprint_ft(run_ft: int) -> int:
    """How far a sprint reaches in all: the run and the Bonus Move that covers it again (R-MOVE-1),
    ``sprint_multiple`` runs of creatures.toml."""
    return int(run_ft) * sheet_rules().sprint_multiple


def default_run_ft() -> int:
    """Run speed of a sheet that names none (R-MOVE-1): ``[defaults] run_ft`` of creatures.toml."""
    return sheet_defaults().run_ft


def load_arms_rules(path: str | Path) -> ArmsRules:
    return validate(path, ArmsRules, read_document(path).get("rules", {}), "rules")


@lru_cache(maxsize=1)
def default_arms_rules() -> ArmsRules:
    """The table's ``[rules]`` of weapons.toml (thresholds of the accuracy check)."""
    return load_arms_rules(data_path("weapons.toml"))


class Sheet(_Frozen):
    """One character's or creature's ground combat numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: Label
    label: Label = ""
    class_: Label = Field(default="", alias="class")
    #: "character" (a player character's sheet) or "creature" (a beast or monster the GM plays):
    #: the Set up form puts a new combatant from a creature sheet on the GM's side.
    kind: Literal["character", "creature"] = "character"
    abilities: dict[str, AbilityScore] = Field(default_factory=lambda: {a: 10 for a in ABILITIES})
    modifiers: dict[str, Bonus] = Field(default_factory=dict)
    initiative_misc: Bonus = 0
    ac: int = Field(default_factory=lambda: sheet_defaults().ac, ge=0, le=60)  # [defaults] of creatures.toml
    hp: int = Field(default_factory=lambda: sheet_defaults().hp, ge=1, le=10_000)
    run_ft: int = Field(default_factory=default_run_ft, ge=0, le=1000)  # [defaults] of creatures.toml
    affinity_die: int = Field(default_factory=lambda: sheet_defaults().affinity_die, ge=2, le=20)
    proficiencies: list[Label] = Field(default_factory=list)
    weapons: list[Label] = Field(default_factory=list)
    techniques: list[Label] = Field(default_factory=list)
    skills: dict[Label, Bonus] = Field(default_factory=dict)
    saves: dict[Label, Bonus] = Field(default_factory=dict)
    #: feats that change an action's speed ("Quick Reload": a Simple reload; common_actions.toml)
    feats: list[Label] = Field(default_factory=list, max_length=100)
    #: items carried that an action may need ("Medical kit" for Treat Injury; common_actions.toml)
    gear: list[Label] = Field(default_factory=list, max_length=100)
    #: where a weapon starts a fight (weapon id -> a place of common_actions.toml [draw.places]:
    #: "holster", "pack"); a weapon not named here starts in hand (reading: N-READY-2)
    carried: dict[Label, Label] = Field(default_factory=dict)

    @field_validator("abilities", "modifiers")
    @classmethod
    def _known_abilities(cls, v: dict[str, int]) -> dict[str, int]:
        for key in v:
            if key not in ABILITIES:
                raise ValueError(f"unknown ability {key!r}; expected {', '.join(ABILITIES)}")
        return v

    @field_validator("saves")
    @classmethod
    def _known_saves(cls, v: dict[str, int]) -> dict[str, int]:
        for key in v:
            if key not in SAVES:
                raise ValueError(f"unknown save {key!r}; expected {', '.join(SAVES)}")
        return v

    @property
    def title(self) -> str:
        return self.label or self.name

    def score(self, ability: str) -> int:
        return int(self.abilities.get(ability, 10))

    def mod(self, ability: str) -> int:
        if ability in self.modifiers:
            return int(self.modifiers[ability])
        return modifier(self.score(ability))

    @property
    def dex_score(self) -> int:
        return self.score("DEX")

    @property
    def initiative(self) -> int:
        """DEX mod + WIS mod + misc (R-INIT-1)."""
        return initiative_score(self.mod("DEX"), self.mod("WIS"), self.initiative_misc)

    def skill(self, name: str) -> int:
        """A skill's bonus: the sheet's number, else its governing ability's modifier (N-SKILL-1)."""
        return self.skill_check(name)[1]

    def skill_check(self, name: str) -> tuple[str, int]:
        """How a skill check is rolled, as the log names it: ``("Acrobatics", 4)`` for a skill the
        sheet lists (the whole bonus, N-MOVE-3), ``("Acrobatics (DEX)", 2)`` for one it does not
        (untrained = the governing ability's modifier, skills.toml; reading: N-SKILL-1), and
        ``(name, 0)`` for a skill the table's rules do not know."""
        if name in self.skills:
            return name, int(self.skills[name])
        from tactics.rules.skills import default_skill_rules

        ability = default_skill_rules().governing(name)
        if ability is None:
            return name, 0
        return f"{name} ({ability})", self.mod(ability)

    @property
    def passive_perception(self) -> int:
        """10 + Perception (R-SURP-1, R-TRAP-2): ``passive_base`` of creatures.toml's ``[rules]``."""
        return sheet_rules().passive_base + self.skill("Perception")

    def save(self, name: str) -> int:
        """A saving throw bonus: the ability modifier plus any bonus on the sheet."""
        return self.mod(SAVES[name]) + int(self.saves.get(name, 0))

    def proficient_with(self, weapon: Weapon) -> bool:
        return weapon.name in self.proficiencies or (
            bool(weapon.group) and weapon.group in self.proficiencies
        )


class Armoury:
    """Every weapon, Technique and sheet known to an encounter."""

    def __init__(
        self,
        weapons: dict[str, Weapon],
        techniques: dict[str, Technique],
        sheets: dict[str, Sheet],
        rules: ArmsRules | None = None,
    ) -> None:
        self.weapons = weapons
        self.techniques = techniques
        self.sheets = sheets
        self.rules = rules or ArmsRules()

    def weapon(self, name: str) -> Weapon:
        try:
            return self.weapons[name]
        except KeyError:
            raise KeyError(f"unknown weapon {name!r}") from None

    def technique(self, name: str) -> Technique:
        try:
            return self.techniques[name]
        except KeyError:
            raise KeyError(f"unknown Technique {name!r}") from None

    def check_sheet(self, path: str | Path, where: str, sheet: Sheet) -> Sheet:
        for w in sheet.weapons:
            if w not in self.weapons:
                raise DataError(path, f"{where}.weapons", f"unknown weapon {w!r}")
        for t in sheet.techniques:
            if t not in self.techniques:
                raise DataError(path, f"{where}.techniques", f"unknown Technique {t!r}")
        if sheet.carried:
            from tactics.rules.common_actions import default_common_actions

            places = default_common_actions().draw.places
            for w, place in sheet.carried.items():
                if w not in sheet.weapons:
                    raise DataError(path, f"{where}.carried.{w}", f"{w!r} is not one of the sheet's weapons")
                if place not in places:
                    raise DataError(path, f"{where}.carried.{w}",
                                    f"unknown place {place!r} (known: {', '.join(places)})")
        return sheet

    def sheet_from(self, ref: Any, *, path: str | Path = "encounter", where: str = "sheet") -> Sheet:
        """A sheet by id (``"brandon"``) or an inline table of sheet fields."""
        if isinstance(ref, Sheet):
            return ref
        if isinstance(ref, str):
            if ref not in self.sheets:
                known = ", ".join(sorted(self.sheets))
                raise DataError(path, where, f"unknown sheet {ref!r} (known: {known})")
            return self.sheets[ref]
        if isinstance(ref, dict):
            raw = {"name": str(ref.get("name", "inline")), **ref}
            return self.check_sheet(path, where, validate(path, Sheet, raw, where))
        raise DataError(path, where, "expected a sheet id or a table of sheet fields")


def load_armoury(weapons_path: str | Path, creatures_path: str | Path) -> Armoury:
    """Weapons, Techniques and sheets from two data files, cross-checked."""
    weapons = load_items(weapons_path, Weapon, "weapon")
    doc = read_document(weapons_path)
    techniques = load_items(weapons_path, Technique, "technique") if "technique" in doc else {}
    rules = load_arms_rules(weapons_path)
    armoury = Armoury(weapons, techniques, {}, rules)
    sheets = load_items(creatures_path, Sheet, "creature")
    for name, sheet in sheets.items():
        armoury.check_sheet(creatures_path, f"creature.{name}", sheet)
    armoury.sheets = sheets
    return armoury


@lru_cache(maxsize=1)
def default_armoury() -> Armoury:
    return load_armoury(data_path("weapons.toml"), data_path("creatures.toml"))
