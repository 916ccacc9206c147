"""Skill checks, ability checks and saving throws (R-ROLL-2, R-SURP-1, R-COND-1).

A check is d20 + advantage die + bonus against a DC; meeting the DC succeeds.
Advantages and disadvantages cancel as for attacks (R-ROLL-2); Shaken adds a
disadvantage to skill checks and saves (from the condition data). Odds are
exact fractions by enumeration, like :func:`tactics.rules.attacks.hit_chances`.

>>> check_chance(5, 15)
Fraction(11, 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from tactics.rules.attacks import advantage_die
from tactics.rules.conditions import ConditionRule, combined
from tactics.rules.dice import Dice
from tactics.rules.sheets import ABILITIES, SAVES, Sheet


def check_chance(bonus: int, dc: int, *, advantage: int = 0, affinity_die: int = 2) -> Fraction:
    """Exact chance that d20 + advantage die + ``bonus`` meets ``dc``."""
    sides, sign = advantage_die(advantage, affinity_die)
    extra = [sign * f for f in range(1, sides + 1)] if sides else [0]
    wins = sum(1 for n in range(1, 21) for e in extra if n + e + bonus >= dc)
    return Fraction(wins, 20 * len(extra))


@dataclass(frozen=True)
class CheckRoll:
    """One check as the log shows it: faces, modifiers, total, DC and result."""

    what: str
    natural: int
    extra_sides: int
    extra_face: int
    extra_sign: int
    modifiers: tuple[tuple[str, int], ...]
    total: int
    dc: int | None

    @property
    def success(self) -> bool | None:
        return None if self.dc is None else self.total >= self.dc

    def to_dict(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "d20": self.natural,
            "extra": [self.extra_sides, self.extra_face, self.extra_sign],
            "modifiers": [list(m) for m in self.modifiers],
            "total": self.total,
            "dc": self.dc,
        }


def roll_check(
    dice: Dice,
    what: str,
    modifiers: list[tuple[str, int]],
    *,
    dc: int | None = None,
    advantage: int = 0,
    affinity_die: int = 2,
) -> CheckRoll:
    """Roll a check. Dice order: the d20, then the advantage die if any."""
    natural = dice.d(20)
    sides, sign = advantage_die(advantage, affinity_die)
    face = dice.d(sides) if sides else 0
    total = natural + sign * face + sum(v for _, v in modifiers)
    return CheckRoll(what, natural, sides, face, sign, tuple(modifiers), total, dc)


def check_modifiers(sheet: Sheet, what: str) -> list[tuple[str, int]]:
    """The flat bonuses of a check named by a skill, an ability or a save."""
    if what in ABILITIES:
        return [(what, sheet.mod(what))]
    if what in SAVES:
        mods = [(SAVES[what], sheet.mod(SAVES[what]))]
        if sheet.saves.get(what):
            mods.append((what, int(sheet.saves[what])))
        return mods
    return [sheet.skill_check(what)]  # an unlisted skill: its ability's modifier (N-SKILL-1)


def movement_check(sheet: Sheet, asked: str, either: Iterable[str] | None = None) -> tuple[str, list[tuple[str, int]]]:
    """The check a mover rolls for a square that asks for ``asked`` (R-MOVE-2): ``(what, modifiers)``.

    The text offers "a Dexterity Ability Check or an Acrobatics Skill check": when ``asked`` is one
    of ``either`` (skills.toml ``[movement]``), the better of them is rolled, the square's own on a
    tie (reading: N-MOVE-7); any other check (a table's own terrain) is rolled as asked.
    """
    if either is None:
        from tactics.rules.skills import default_skill_rules

        either = default_skill_rules().movement.either
    choices = list(either)
    if asked not in choices:
        return asked, check_modifiers(sheet, asked)
    best, best_mods = asked, check_modifiers(sheet, asked)
    for other in choices:
        mods = check_modifiers(sheet, other)
        if sum(v for _, v in mods) > sum(v for _, v in best_mods):
            best, best_mods = other, mods
    return best, best_mods


def check_advantage(what: str, conditions: Iterable[str], situational: int = 0) -> int:
    """Net advantage of a check given the bearer's conditions (R-COND-1: Shaken)."""
    c: ConditionRule = combined(list(conditions))
    penalty = c.save_disadvantage if what in SAVES else c.skill_disadvantage
    return int(situational) - penalty


def check_advantages(what: str, conditions: Iterable[str], situational: int = 0) -> list[tuple[str, int]]:
    """Where :func:`check_advantage`'s net comes from, as the cards show it: ("Shaken", -1) for each
    condition that weighs on the check (counts add, R-COND-1), ("situational", n) for the GM's."""
    out: list[tuple[str, int]] = []
    for name in conditions:
        c = combined([name])
        penalty = c.save_disadvantage if what in SAVES else c.skill_disadvantage
        if penalty:
            out.append((name, -penalty))
    if situational:
        out.append(("situational", int(situational)))
    return out


def aware_of(observer: Sheet, stealth_total: int) -> bool:
    """Passive Perception (10 + Perception) meets the hider's Stealth (R-SURP-1; N-SURP-2:
    meeting the Stealth result is enough to notice)."""
    return observer.passive_perception >= int(stealth_total)
