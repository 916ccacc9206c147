"""Conditions as data (R-COND-1), loaded from ``data/conditions.toml``.

A condition says what it imposes (disadvantages, lost actions, no DEX to AC,
half speed ...) so the engine never hard-codes "Shaken means -1 die": a table
that plays Shaken differently edits the data file.
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, cast

from tactics.rules.plain_model import ConfigDict, Field

from tactics.rules.data import DataError, DataModel, Label, Prose, data_path, load_items


class ConditionRule(DataModel):
    """What one condition does to its bearer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Label
    label: Label = ""
    description: Prose = ""
    attack_disadvantage: int = Field(default=0, ge=0, le=5)
    save_disadvantage: int = Field(default=0, ge=0, le=5)
    skill_disadvantage: int = Field(default=0, ge=0, le=5)
    attackers_advantage: int = Field(default=0, ge=-5, le=5)
    no_standard: bool = False
    no_bonus: bool = False
    no_actions: bool = False
    flat_footed: bool = False
    speed_half: bool = False
    out_of_fight: bool = False
    hidden: bool = False


def load_conditions(path: str | Path) -> dict[str, ConditionRule]:
    rules = load_items(path, ConditionRule, "condition")
    for needed in ("Shaken", "Stunned", "Flat-footed"):
        if needed not in rules:
            raise DataError(path, f"condition.{needed}", "this condition is required")
    return rules


@lru_cache(maxsize=1)
def default_conditions() -> dict[str, ConditionRule]:
    return load_conditions(data_path("conditions.toml"))


def rule(name: str, rules: dict[str, ConditionRule] | None = None) -> ConditionRule:
    """The rule for a condition name; an unknown name imposes nothing (a GM's own note)."""
    rules = rules if rules is not None else default_conditions()
    # (built, not validated: the name is whatever the state holds, which no data file's cap has to fit)
    return rules.get(name) or ConditionRule.model_construct(name=name, label=name)


def label_of(name: str, rules: dict[str, ConditionRule] | None = None) -> str:
    """The words a condition is shown in: its data's ``label`` ("Flat-footed"), else its name (a
    GM's own note, "On fire"). The map's key of short badges reads them here (review 16 F16b)."""
    return rule(name, rules).label or name


def combined(names: Iterable[str], rules: dict[str, ConditionRule] | None = None) -> ConditionRule:
    """Everything a set of conditions imposes together (counts add, flags or).

    With the table's own rules the answer is remembered: the engine and the
    opponent ask it for every attack's odds and every action's check, with a
    handful of distinct sets of names (a ConditionRule is frozen, so one answer
    is safely shared).
    """
    names = tuple(names)
    if rules is not None:
        return _combine(names, rules)
    global _default_memo
    table = default_conditions()
    if _default_memo[0] is not table:  # the data was loaded afresh: start again
        _default_memo = (table, {})
    memo = _default_memo[1]
    found = memo.get(names)
    if found is None:
        if len(memo) >= 1024:
            memo.clear()
        found = memo[names] = _combine(names, table)
    return found


#: (the default rules table, its answers): the table is held, so "is" compares it safely
_default_memo: tuple[object, dict[tuple[str, ...], ConditionRule]] = (None, {})


def _combine(names: tuple[str, ...], rules: dict[str, ConditionRule]) -> ConditionRule:
    out: dict[str, object] = {"name": "combined"}
    for n in names:
        r = rule(n, rules)
        for key in ("attack_disadvantage", "save_disadvantage", "skill_disadvantage", "attackers_advantage"):
            # summed, then held to the field's own bounds: two conditions of -3 attackers' advantage are -5, not -6
            out[key] = max(-5, min(5, int(cast(Any, out.get(key, 0))) + getattr(r, key)))
        for key in ("no_standard", "no_bonus", "no_actions", "flat_footed", "speed_half", "out_of_fight", "hidden"):
            out[key] = bool(out.get(key, False)) or getattr(r, key)
    # the names joined may be longer than one name may be (MAX_LABEL_CHARS): only the numbers are validated
    return ConditionRule.model_validate(out).model_copy(update={"name": "+".join(names) or "none"})
