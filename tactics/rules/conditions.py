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
    #: the badge on a crowded token ("Sh"); none given: the name's first two letters, or, where
    #: another condition has those, letters of its own (:func:`load_conditions`)
    short: str = Field(default="", pattern=r"^[A-Za-z]{0,3}$")
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
    return _shorts_told_apart(path, rules)


def _default_short(name: str) -> str:
    return name[:2].capitalize()


def _shorts_told_apart(path: str | Path, rules: dict[str, ConditionRule]) -> dict[str, ConditionRule]:
    """Every condition's badge its own: "Sh1" read Shaken 1 or Shocked 1, "Fl" Flat-footed or Fled
    (review 16 F16b's key listed both, the badge alone stayed ambiguous). A ``short`` the data
    gives is kept, and two the same are a data error; a condition without one takes its name's
    first two letters, or where those are taken its first letter and the first later letter that
    makes it new ("Shocked": "Sk" once "Sh" is Shaken's)."""
    taken: dict[str, str] = {}
    for name, r in rules.items():
        if r.short:
            other = taken.get(r.short.casefold())
            if other is not None:
                raise DataError(path, f"condition.{name}.short", f"{r.short!r} is {other}'s short form too: give each its own")
            taken[r.short.casefold()] = name
    out = dict(rules)
    for name, r in rules.items():
        if r.short:
            continue
        letters = [ch for ch in name[1:] if ch.isalpha()]
        tries = [_default_short(name)] + [(name[0] + ch).capitalize() for ch in letters] \
            + [(name[0] + a + b).capitalize() for i, a in enumerate(letters) for b in letters[i + 1:]]
        short = next((t for t in tries if t.casefold() not in taken), _default_short(name))
        taken.setdefault(short.casefold(), name)
        out[name] = r.model_copy(update={"short": short})
    return out


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


def short_of(name: str, rules: dict[str, ConditionRule] | None = None) -> str:
    """A condition's badge on a crowded token ("Sh" for Shaken, "Sk" for Shocked): its data's
    ``short`` (told apart when loaded), else its name's first two letters (a GM's own note)."""
    return rule(name, rules).short or _default_short(name)


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
