"""What the hazard rules need to know about a combatant, read defensively.

Why it exists: grenades and traps need a few numbers from a combatant's sheet
(Perception, Disable Device, Demolitions, STR/DEX/INT/WIS modifiers, Reflex,
class, Affinity Die) and its conditions (Shaken: disadvantage on saves and
skill checks). Sheets belong to the ground engine (:mod:`tactics.rules.sheets`);
this module reads them through duck typing so hazards work with a real
``Sheet``, a plain dict (tests, hand-written encounters) or no sheet at all
(every number 0, Affinity Die d2). Point it elsewhere with :func:`use`.

A dict sheet looks like ``{"skills": {"Perception": 3}, "modifiers": {"DEX": 2},
"saves": {"Reflex": 1}, "class": "Engineer", "affinity_die": 2}``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from tactics.rules.sheets import modifier

SAVE_ABILITY = {"Reflex": "DEX", "Fortitude": "CON", "Will": "WIS"}


def _field(sheet: Any, name: str) -> Any:
    if isinstance(sheet, dict):
        return sheet.get(name)
    return getattr(sheet, name, None)


def _default_skill(who: Any, name: str) -> int:
    sheet = getattr(who, "sheet", None)
    fn = getattr(sheet, "skill", None)
    if callable(fn):
        return int(fn(name))
    skills = _field(sheet, "skills") or {}
    if isinstance(skills, dict) and name in skills:
        return int(skills[name])
    governing = _governing(name)  # untrained: the ability's modifier (N-SKILL-1)
    return _default_ability(who, governing) if governing else 0


def _governing(name: str) -> str | None:
    from tactics.rules.skills import default_skill_rules

    return default_skill_rules().governing(name)


def _listed(who: Any, name: str) -> bool:
    skills = _field(getattr(who, "sheet", None), "skills")
    return isinstance(skills, dict) and name in skills


def _default_ability(who: Any, ability: str) -> int:
    sheet = getattr(who, "sheet", None)
    fn = getattr(sheet, "mod", None)
    if callable(fn):
        return int(fn(ability))
    mods = _field(sheet, "modifiers") or _field(sheet, "mods") or {}
    if isinstance(mods, dict) and ability in mods:
        return int(mods[ability])
    scores = _field(sheet, "abilities") or {}
    if isinstance(scores, dict) and ability in scores:
        return modifier(int(scores[ability]))  # the sheet's own formula, written once
    return 0


def _default_save(who: Any, name: str) -> int:
    sheet = getattr(who, "sheet", None)
    fn = getattr(sheet, "save", None)
    if callable(fn):
        return int(fn(name))
    saves = _field(sheet, "saves") or {}
    bonus = int(saves.get(name, 0)) if isinstance(saves, dict) else 0
    return ability(who, SAVE_ABILITY.get(name, "DEX")) + bonus


def _default_classes(who: Any) -> set[str]:
    sheet = getattr(who, "sheet", None)
    out: set[str] = set()
    for key in ("class_", "class", "classes", "char_class"):
        value = _field(sheet, key)
        if isinstance(value, str) and value:
            out.add(value)
        elif isinstance(value, (list, tuple, set)):
            out.update(str(v) for v in value)
    return out


def _default_affinity(who: Any) -> int:
    value = _field(getattr(who, "sheet", None), "affinity_die")
    if value:
        return int(value)
    from tactics.rules.sheets import sheet_defaults  # creatures.toml [defaults] (R-ROLL-2)

    return sheet_defaults().affinity_die


_ACCESSORS: dict[str, Callable[..., Any]] = {
    "skill": _default_skill,
    "ability": _default_ability,
    "save": _default_save,
    "classes": _default_classes,
    "affinity": _default_affinity,
}


def use(**accessors: Callable[..., Any]) -> None:
    """Replace how a number is read, e.g. ``use(skill=lambda who, name: ...)``."""
    unknown = set(accessors) - set(_ACCESSORS)
    if unknown:
        raise ValueError(f"unknown accessor(s): {', '.join(sorted(unknown))}")
    _ACCESSORS.update(accessors)


def skill(who: Any, name: str) -> int:
    """A skill's total bonus (the governing ability's modifier when the sheet has none, N-SKILL-1)."""
    value: int = _ACCESSORS["skill"](who, name)  # an accessor from use() keeps this contract
    return value


def skill_check(who: Any, name: str) -> tuple[str, int]:
    """A skill's label and bonus: ``("Disable Device (DEX)", 2)`` when the sheet does not list it
    (rolled with the governing ability, N-SKILL-1), so the log and the odds say which was used."""
    value = skill(who, name)
    governing = None if _listed(who, name) else _governing(name)
    return (f"{name} ({governing})" if governing else name), value


def ability(who: Any, name: str) -> int:
    """An ability modifier (STR, DEX, CON, INT, WIS, CHA)."""
    value: int = _ACCESSORS["ability"](who, name)  # an accessor from use() keeps this contract
    return value


def save(who: Any, name: str) -> int:
    """A saving throw bonus (Reflex: DEX modifier + the sheet's Reflex bonus)."""
    value: int = _ACCESSORS["save"](who, name)  # an accessor from use() keeps this contract
    return value


def classes(who: Any) -> set[str]:
    """The combatant's class names (Engineer, Electro-Mancer ...)."""
    value: set[str] = _ACCESSORS["classes"](who)  # an accessor from use() keeps this contract
    return value


def affinity_die(who: Any) -> int:
    value: int = _ACCESSORS["affinity"](who)  # an accessor from use() keeps this contract
    return value


def condition_names(who: Any) -> list[str]:
    return [getattr(c, "name", str(c)) for c in getattr(who, "conditions", [])]


def _disadvantages(names: Iterable[str], what: str) -> int:
    try:
        from tactics.rules.conditions import combined
    except ImportError:  # the condition data is not there: Shaken as the rules say
        return 1 if "Shaken" in set(names) else 0
    c = combined(list(names))
    return int(c.save_disadvantage if what == "save" else c.skill_disadvantage)


def check_advantage(who: Any, what: str, situational: int = 0) -> int:
    """Net advantage of a ``what`` = "save" or "skill" check (R-ROLL-2, R-COND-1)."""
    return int(situational) - _disadvantages(condition_names(who), what)


__all__ = [
    "ability",
    "affinity_die",
    "check_advantage",
    "classes",
    "condition_names",
    "save",
    "skill",
    "use",
]
