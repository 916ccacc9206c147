"""Which ability governs each skill, and which checks a move may choose between (``data/skills.toml``).

Why it exists: a sheet lists the skills its character has trained, each as the
whole bonus (N-MOVE-3). A skill it does not list was rolled at +0, dropping
the ability: a DEX 14 bear crossed difficult ground with Acrobatics 0 instead
of +2. The d20 convention (reading N-SKILL-1) is that an untrained skill is its
governing ability's modifier; which ability governs which skill is rules data a
table may house-rule, so it lives here, validated, a bad entry named with the
file and the field.

The text also lets a mover choose ("a Dexterity Ability Check or an Acrobatics
Skill check", R-MOVE-2): ``[movement] either`` lists the checks a square's roll
may be made with; the mover rolls the better (reading N-MOVE-7).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tactics.rules.plain_model import ConfigDict, Field

from tactics.rules.data import DataError, DataModel, Label, data_path, read_document, validate

#: The six abilities (the sheets' own list; repeated here so this module needs no sheet).
ABILITY_NAMES: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")


class MovementChecks(DataModel):
    """The checks a roll to enter a square may be made with (the better is rolled)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    either: tuple[Label, ...] = Field(default=("DEX", "Acrobatics"), max_length=10)


class SkillRules(DataModel):
    """``skills.toml``: skill -> governing ability, and the movement roll's choice."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    skills: dict[Label, Label] = Field(min_length=1)
    movement: MovementChecks = MovementChecks()

    def governing(self, skill: str) -> str | None:
        """The ability an unlisted ``skill`` is rolled with (None: a skill this table does not know)."""
        return self.skills.get(skill)


def load_skill_rules(path: str | Path) -> SkillRules:
    """Read and check ``skills.toml``; a bad entry is a DataError naming its field."""
    rules = validate(path, SkillRules, read_document(path))
    for skill, ability in rules.skills.items():
        if ability not in ABILITY_NAMES:
            raise DataError(path, f"skills.{skill}",
                            f"unknown ability {ability!r}; expected one of {', '.join(ABILITY_NAMES)}")
    for i, check in enumerate(rules.movement.either):
        if check not in ABILITY_NAMES and check not in rules.skills:
            raise DataError(path, f"movement.either[{i}]", f"{check!r} is neither an ability nor a skill of [skills]")
    return rules


@lru_cache(maxsize=1)
def default_skill_rules() -> SkillRules:
    return load_skill_rules(data_path("skills.toml"))


__all__ = ["ABILITY_NAMES", "MovementChecks", "SkillRules", "default_skill_rules", "load_skill_rules"]
