"""Starship combat arithmetic: Battle Damage DC, the weapons pool and 2d10 checks.

Space combat does not use accuracy and hit points. A Weapons Officer rolls a
pool of d10s (one per hard point used) against the target's Battle Damage DC
``(count, threshold)``; enough successes deal one Battle Damage (R-SHIP-3,
R-SHIP-4). Everything else a crew does is a 2d10 check (R-SHIP-8).

This module is pure (no engine, no pygame): the exact odds the screen shows
(:func:`damage_chance`) and the roll the engine records (:func:`roll_weapons`)
read the rule the same way, so a preview can never disagree with play.

Ship d10s read a face of 10 as 10 (unlike the grenade scatter die, R-GREN-2,
where the 10 is read as 0): the text says a success is "a d10 that lands 4 or
higher", and 10 is the best face.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Callable, Sequence, cast

from tactics.rules.dice import Dice, affinity_term

D10_FACES = tuple(range(1, 11))  # a ship's d10: 10 counts as 10

#: Crew posts in the text's suggested order (the numbers before each post).
POSTS: tuple[str, ...] = ("captain", "science", "helm", "sensors", "weapons", "medical", "engineer")
POST_NAMES: dict[str, str] = {
    "captain": "Captain",
    "science": "Science Officer",
    "helm": "Helm",
    "sensors": "Sensors/Comms",
    "weapons": "Weapons Officer",
    "medical": "Medical Officer",
    "engineer": "Chief Engineer",
}
#: The three phases of a round (R-SHIP-1).
PHASES: tuple[str, ...] = ("support", "action", "response")
PHASE_NAMES: dict[str, str] = {"support": "Support", "action": "Action", "response": "Response"}
#: Which posts act in which phase by default (R-SHIP-2). The Science Officer
#: may hold to the Action Phase; the Chief Engineer may act in the Action Phase
#: instead of the Response Phase.
PHASE_POSTS: dict[str, tuple[str, ...]] = {
    "support": ("captain", "science"),
    "action": ("helm", "sensors", "weapons"),
    "response": ("medical", "engineer"),
}
ATTRIBUTES: tuple[str, ...] = ("armor_mod", "shield_mod", "weapons_mod", "sensor_mod")
ATTRIBUTE_NAMES: dict[str, str] = {
    "armor_mod": "Armor Mod",
    "shield_mod": "Shield Mod",
    "weapons_mod": "Weapons Mod",
    "sensor_mod": "Sensor Mod",
}


def bd_dc(armor_mod: int, shield_mod: int) -> tuple[int, int]:
    """Battle Damage DC ``(count, threshold)`` = (4 + Armor Mod, 4 + Shield Mod).

    reading: R-SHIP-3. The default ship (mods 0) is 4,4; Armor +2 and Shield +3
    give 6,7 as in the text's example. The two 4s are ``[rules]`` of
    ``ship_actions.toml`` (a table may house-rule them).
    """
    from tactics.rules.starship_data import space_rules  # data loads lazily: this module stays plain arithmetic

    rules = space_rules()
    return (rules.battle_damage_count_base + int(armor_mod), rules.battle_damage_threshold_base + int(shield_mod))


def die_success_chance(threshold: int, sensor_bonus: int = 0) -> Fraction:
    """Chance one ship d10 succeeds: face + sensor bonus >= threshold (R-SHIP-4)."""
    hits = sum(1 for face in D10_FACES if face + sensor_bonus >= threshold)
    return Fraction(hits, len(D10_FACES))


@lru_cache(maxsize=4096)
def _extra_successes(available: int, points: int, p: Fraction) -> tuple[tuple[int, Fraction], ...]:
    """Distribution of successes gained by re-rolls.

    ``available`` successes may still be re-rolled, ``points`` re-rolls are
    left. A re-roll uses one available success (which stays) and one point; a
    success on it counts and is itself available again (R-SHIP-4). The officer
    re-rolls whenever both are there: it can only add successes.
    """
    if available <= 0 or points <= 0:
        return ((0, Fraction(1)),)
    out: dict[int, Fraction] = {}
    for extra, chance in _extra_successes(available, points - 1, p):  # success: one more
        out[extra + 1] = out.get(extra + 1, Fraction(0)) + chance * p
    for extra, chance in _extra_successes(available - 1, points - 1, p):  # failure: used up
        out[extra] = out.get(extra, Fraction(0)) + chance * (1 - p)
    return tuple(sorted(out.items()))


def successes_distribution(
    dice: int, threshold: int, *, weapons_mod: int = 0, sensor_bonus: int = 0
) -> dict[int, Fraction]:
    """Exact distribution of the number of successes a weapons pool scores.

    ``dice`` d10s (one per hard point), each a success when face +
    ``sensor_bonus`` >= ``threshold``; then up to ``weapons_mod`` re-rolls of
    successful dice (reading: R-SHIP-4). A Weapons Mod below 0 gives no re-rolls.
    """
    if dice < 0:
        raise ValueError(f"a weapons pool cannot have {dice} dice")
    p = die_success_chance(threshold, sensor_bonus)
    points = max(0, int(weapons_mod))
    out: dict[int, Fraction] = {}
    for first in range(dice + 1):
        chance = comb(dice, first) * p**first * (1 - p) ** (dice - first)
        if chance == 0:
            continue
        for extra, more in _extra_successes(first, points, p):
            total = first + extra
            out[total] = out.get(total, Fraction(0)) + chance * more
    return {k: v for k, v in sorted(out.items()) if v}


@lru_cache(maxsize=4096)  # a pure function of its numbers; the opponent asks it often (tactics.ai)
def damage_chance(
    dice: int, bd_dc: tuple[int, int], *, weapons_mod: int = 0, sensor_bonus: int = 0
) -> Fraction:
    """Exact chance that ``dice`` d10s deal Battle Damage against ``bd_dc``.

    reading: R-SHIP-4. ``bd_dc`` is ``(count, threshold)`` (see :func:`bd_dc`).
    Successes >= count deal one Battle Damage; a count of 0 or less always
    does. Re-rolls are used whenever a success is available and points remain.

    >>> damage_chance(4, (4, 4))  # four dice, each 7/10, all must succeed
    Fraction(2401, 10000)
    """
    count, threshold = int(bd_dc[0]), int(bd_dc[1])
    dist = successes_distribution(dice, threshold, weapons_mod=weapons_mod, sensor_bonus=sensor_bonus)
    return sum((chance for hits, chance in dist.items() if hits >= count), Fraction(0))


# -- rolling (the engine records these) --------------------------------------


@dataclass(frozen=True)
class PoolDie:
    """One d10 of a weapons pool. ``reroll_of`` is the index of the success it re-rolls."""

    index: int
    face: int
    total: int
    success: bool
    reroll_of: int | None = None

    def to_dict(self) -> dict[str, int | bool | None]:
        return {
            "index": self.index,
            "face": self.face,
            "total": self.total,
            "success": self.success,
            "reroll_of": self.reroll_of,
        }


@dataclass(frozen=True)
class WeaponsRoll:
    """A rolled weapons pool: the dice (first roll, then re-rolls) and the verdict."""

    dice: tuple[PoolDie, ...]
    bd_dc: tuple[int, int]
    sensor_bonus: int
    rerolls_allowed: int

    @property
    def successes(self) -> int:
        return sum(1 for d in self.dice if d.success)

    @property
    def rerolls_used(self) -> int:
        return sum(1 for d in self.dice if d.reroll_of is not None)

    @property
    def battle_damage(self) -> bool:
        return self.successes >= self.bd_dc[0]


def settle_weapons(
    first: Sequence[int],
    rerolls: Sequence[int],
    target_dc: tuple[int, int],
    *,
    weapons_mod: int = 0,
    sensor_bonus: int = 0,
    more: Callable[[], int] | None = None,
) -> WeaponsRoll:
    """Judge a weapons pool from its faces (reading: R-SHIP-4).

    ``first`` are the pool's faces (one per hard point); ``rerolls`` the re-roll
    faces already thrown, used in order. While re-roll points remain and a
    success has not yet been re-rolled, the earliest such success is re-rolled
    with the next face (from ``rerolls``, then from ``more`` if given); a
    success on a re-roll may be re-rolled in turn. The verdict is a function of
    the faces and the numbers only, so a volley judged when its phase ends
    (R-SHIP-1) does not depend on whether a Scan was rolled before or after it.
    """
    count, threshold = int(target_dc[0]), int(target_dc[1])
    points = max(0, int(weapons_mod))
    queue = list(rerolls)
    rolled: list[PoolDie] = []

    def one(face: int, reroll_of: int | None) -> PoolDie:
        total = face + sensor_bonus
        die = PoolDie(len(rolled), face, total, total >= threshold, reroll_of)
        rolled.append(die)
        return die

    waiting = [d.index for d in (one(int(f), None) for f in first) if d.success]
    while points > 0 and waiting:
        if queue:
            face = int(queue.pop(0))
        elif more is not None:
            face = more()
        else:
            break
        points -= 1
        again = one(face, waiting.pop(0))
        if again.success:
            waiting.append(again.index)
    return WeaponsRoll(tuple(rolled), (count, threshold), sensor_bonus, max(0, int(weapons_mod)))


def roll_weapons(
    dice: Dice, pool: int, target_dc: tuple[int, int], *, weapons_mod: int = 0, sensor_bonus: int = 0
) -> WeaponsRoll:
    """Roll a weapons pool as :func:`damage_chance` reads it (reading: R-SHIP-4).

    The first ``pool`` dice are rolled; then, while re-roll points remain and a
    success has not yet been re-rolled, the earliest such success is re-rolled
    (one die each, recorded separately); a success on a re-roll may be re-rolled
    in turn (see :func:`settle_weapons`).
    """
    first = [dice.d(10) for _ in range(pool)]
    return settle_weapons(first, [], target_dc, weapons_mod=weapons_mod, sensor_bonus=sensor_bonus,
                          more=lambda: dice.d(10))


@dataclass(frozen=True)
class CheckRoll:
    """A 2d10 check (R-SHIP-8): faces, an advantage die if any, named modifiers."""

    faces: tuple[int, int]
    modifiers: tuple[tuple[str, int], ...] = ()
    affinity: int = 0  # + one d2 for net advantage, - one d2 for disadvantage (R-ROLL-2)
    dc: int | None = None
    extra: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.faces) + self.affinity + sum(v for _, v in self.modifiers)

    @property
    def success(self) -> bool:
        return self.dc is None or self.total >= self.dc

    def to_dict(self) -> dict[str, object]:
        return {
            "faces": list(self.faces),
            "affinity": self.affinity,
            "modifiers": [[label, value] for label, value in self.modifiers],
            "total": self.total,
            "dc": self.dc,
            "success": self.success,
        }


def roll_check(
    dice: Dice, modifiers: Sequence[tuple[str, int]], *, dc: int | None = None, advantage: int = 0
) -> CheckRoll:
    """Roll 2d10 + modifiers (R-SHIP-8); net advantage adds a d2, disadvantage subtracts one (R-ROLL-2)."""
    faces = (dice.d(10), dice.d(10))
    affinity = 0
    if advantage > 0:
        affinity = dice.d(2)
    elif advantage < 0:
        affinity = -dice.d(2)
    mods = tuple((label, int(value)) for label, value in modifiers if value)
    return CheckRoll(faces, mods, affinity, dc)


def check_text(check: dict[str, object]) -> str:
    """'2d10 (7, 9) + advantage d2 1 + Sensor Mod 2 = 19 vs DC 12: success' from a recorded check."""
    faces: Any = check.get("faces", [])
    parts = [f"2d10 ({', '.join(str(f) for f in faces)})"]
    affinity = int(cast(Any, check.get("affinity", 0)) or 0)
    if affinity:
        parts.append(affinity_term(2, abs(affinity), 1 if affinity > 0 else -1))  # "+ advantage d2 1" (R-ROLL-2)
    modifiers: Any = check.get("modifiers", [])
    for label, value in modifiers:
        parts.append(f"{'+' if value >= 0 else '-'} {label} {abs(value)}")
    text = " ".join(parts) + f" = {check.get('total')}"
    if check.get("dc") is not None:
        terms: Any = check.get("dc_terms") or []
        shown = f" ({sum_text(int(cast(Any, check.get('dc_base'))), terms)})" if any(v for _, v in terms) else ""
        text += f" vs DC {check['dc']}{shown}: " + ("success" if check.get("success") else "failure")
    return text


def sum_text(base: int, terms: Sequence[Sequence[Any]]) -> str:
    """'12 + Red Maw's Sensor Mod 1': a number and its named parts, signed as a check's modifiers."""
    text = str(base)
    for label, value in terms:
        text += f" {'+' if int(value) >= 0 else '-'} {label} {abs(int(value))}"
    return text
