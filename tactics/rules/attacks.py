"""Accuracy checks and damage (R-ROLL-1, R-ROLL-2, R-HIT-1..3).

An accuracy check is d20 + advantage die + ability modifier + weapon accuracy
against AC. Advantages and disadvantages cancel one for one; any net advantage
adds ONE roll of the character's Affinity Die, any net disadvantage subtracts
ONE d2 (R-ROLL-2). The result is one of five outcomes:

* ``"critical"``: the natural d20 is inside the weapon's crit range, whatever
  the total (reading: N-CRIT-1);
* ``"major"``: the total beats AC by the Extra Damage threshold (4, or 5 when
  fighting with two weapons, R-HIT-3) or more;
* ``"hit"``: total >= AC;
* ``"minor"``: total misses AC by 1 or 2 (half damage, no bonus effects);

The three numbers (4, 5, 2) are ``[rules]`` of weapons.toml (a table may
house-rule them); the names ``EXTRA_DAMAGE_THRESHOLD``, ``TWO_WEAPON_THRESHOLD``
and ``MINOR_MARGIN`` still read them (module ``__getattr__``).
* ``"miss"``.

Odds are exact fractions by enumerating every d20 face and advantage-die face,
so the window can show "Major 25%" before anyone rolls, and the engine rolls
with the same numbers (compute, then commit).

>>> classify(19, 14, 15)
'major'
>>> classify(13, 9, 15)
'minor'
>>> hit_chances(5, 15)["hit"]
Fraction(1, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from tactics.rules.dice import Dice, DiceExpr
from tactics.rules.sheets import ArmsRules, default_arms_rules

OUTCOMES: tuple[str, ...] = ("miss", "minor", "hit", "major", "critical")
#: Outcomes that count as a successful Standard Attack (they earn the Bonus
#: Attack, R-ACT-1). A Minor Hit triggers no bonus effects (R-HIT-1), so it does
#: not earn one either (reading: N-ACT-2).
SUCCESSES: frozenset[str] = frozenset({"hit", "major", "critical"})

_RULE_NAMES = {"EXTRA_DAMAGE_THRESHOLD": "extra_damage_threshold",
               "TWO_WEAPON_THRESHOLD": "two_weapon_threshold", "MINOR_MARGIN": "minor_margin"}


def __getattr__(name: str) -> int:
    """The old constants, now read from the table's weapons.toml ``[rules]``."""
    if name in _RULE_NAMES:
        return int(getattr(_rules(), _RULE_NAMES[name]))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _rules() -> ArmsRules:
    return default_arms_rules()


def _threshold(extra_damage_threshold: int | None, major_margin: int | None) -> int:
    if major_margin is not None:
        return int(major_margin)
    if extra_damage_threshold is not None:
        return int(extra_damage_threshold)
    return int(_rules().extra_damage_threshold)


def classify(
    total: int,
    natural: int,
    ac: int,
    *,
    crit_range: int = 20,
    extra_damage_threshold: int | None = None,
    major_margin: int | None = None,
    minor_margin: int | None = None,
) -> str:
    """The outcome of one accuracy check (R-HIT-1, R-HIT-2, R-HIT-3).

    ``crit_range`` is the lowest natural face that crits (20: only a 20;
    19: 19-20). A natural inside it is a critical even when the total misses
    AC (reading: N-CRIT-1, "Criticals happen when the d20 lands on a 20").
    ``extra_damage_threshold`` (alias ``major_margin``) is how far the total
    must beat AC for a Major Hit, ``minor_margin`` how far it may miss for a
    Minor Hit; left out, both come from weapons.toml ``[rules]``.
    """
    if natural >= crit_range:
        return "critical"
    margin = total - ac
    if margin >= _threshold(extra_damage_threshold, major_margin):
        return "major"
    if margin >= 0:
        return "hit"
    if margin >= -(_rules().minor_margin if minor_margin is None else int(minor_margin)):
        return "minor"
    return "miss"


def advantage_die(advantage: int, affinity_die: int = 2) -> tuple[int, int]:
    """(sides, sign) of the extra die for a net advantage count; (0, 0) for none (R-ROLL-2)."""
    if advantage > 0:
        return int(affinity_die), 1
    if advantage < 0:
        return 2, -1
    return 0, 0


def hit_chances(
    bonus: int,
    ac: int,
    *,
    advantage: int = 0,
    crit_range: int = 20,
    affinity_die: int = 2,
    extra_damage_threshold: int | None = None,
    major_margin: int | None = None,
) -> dict[str, Fraction]:
    """Exact chance of each outcome, by enumerating d20 x advantage die.

    ``bonus`` is everything flat (ability modifier + weapon accuracy + misc);
    ``advantage`` the net count of advantages minus disadvantages.
    """
    major = _threshold(extra_damage_threshold, major_margin)
    minor = int(_rules().minor_margin)
    return dict(_hit_chances(bonus, ac, advantage, crit_range, affinity_die, major, minor))


@lru_cache(maxsize=4096)
def _hit_chances(bonus: int, ac: int, advantage: int, crit_range: int, affinity_die: int, major: int,
                 minor: int) -> tuple[tuple[str, Fraction], ...]:
    """:func:`hit_chances` with the thresholds read: the enumeration, remembered.

    Every attack's odds are asked for (the odds card, each resolution, and the
    opponent's weighing of every attack it might make, many times a turn), and
    a table has few distinct (bonus, AC, advantage) triples; every input is in
    the key, the thresholds included, so a house rule is never answered from an old one.
    """
    sides, sign = advantage_die(advantage, affinity_die)
    extra = [sign * f for f in range(1, sides + 1)] if sides else [0]
    counts = {o: 0 for o in OUTCOMES}
    for natural in range(1, 21):
        for e in extra:
            counts[
                classify(
                    natural + e + bonus,
                    natural,
                    ac,
                    crit_range=crit_range,
                    extra_damage_threshold=major,
                    minor_margin=minor,
                )
            ] += 1
    whole = 20 * len(extra)
    return tuple((o, Fraction(c, whole)) for o, c in counts.items())


@dataclass(frozen=True)
class AccuracyRoll:
    """The faces and modifiers of one accuracy check, for the log."""

    natural: int
    extra_sides: int  # 0: no advantage die
    extra_face: int
    extra_sign: int
    modifiers: tuple[tuple[str, int], ...]
    total: int

    @property
    def extra(self) -> int:
        return self.extra_sign * self.extra_face


def roll_accuracy(
    dice: Dice,
    modifiers: list[tuple[str, int]],
    *,
    advantage: int = 0,
    affinity_die: int = 2,
) -> AccuracyRoll:
    """Roll an accuracy check. Dice order: the d20 first, then the advantage die
    (the Affinity Die for a net advantage, a d2 for a net disadvantage) if any."""
    natural = dice.d(20)
    sides, sign = advantage_die(advantage, affinity_die)
    face = dice.d(sides) if sides else 0
    total = natural + sign * face + sum(v for _, v in modifiers)
    return AccuracyRoll(natural, sides, face, sign, tuple(modifiers), total)


@dataclass(frozen=True)
class DamageRoll:
    """How much damage an outcome dealt and the dice behind it (R-HIT-1, R-HIT-2)."""

    outcome: str
    expr: str
    rolls: tuple[tuple[tuple[int, ...], int], ...]  # (faces, total incl. bonus) per roll
    kept: int
    multiplier: int
    halved: bool
    amount: int


def rolls_needed(outcome: str) -> int:
    """How many damage rolls an outcome takes: none on a miss, two on a Major or critical."""
    return {"miss": 0, "minor": 1, "hit": 1, "major": 2, "critical": 2}[outcome]


def damage_from_rolls(
    outcome: str, totals: list[int], *, crit_multiplier: int = 2
) -> tuple[int, int, int, bool]:
    """(amount, kept, multiplier, halved) for the rolled damage totals of an outcome.

    Minor: half, rounded down; Major: the higher of two; critical: the higher
    of two times the crit multiplier. Damage is never negative.
    """
    if outcome == "miss" or not totals:
        return 0, 0, 1, False
    kept = max(totals)
    if outcome == "minor":
        return max(0, kept // 2), kept, 1, True
    mult = int(crit_multiplier) if outcome == "critical" else 1
    return max(0, kept * mult), kept, mult, False


def roll_damage(
    dice: Dice, outcome: str, damage: str | DiceExpr, *, crit_multiplier: int = 2
) -> DamageRoll:
    """Roll damage for an outcome. Dice order: the first damage roll, then the
    second (Major, critical)."""
    expr = DiceExpr.parse(damage) if isinstance(damage, str) else damage
    rolls = []
    for _ in range(rolls_needed(outcome)):
        faces, total = dice.expr(expr)
        rolls.append((tuple(faces), total))
    amount, kept, mult, halved = damage_from_rolls(
        outcome, [t for _, t in rolls], crit_multiplier=crit_multiplier
    )
    return DamageRoll(outcome, str(expr), tuple(rolls), kept, mult, halved, amount)


def expected_damage(
    chances: dict[str, Fraction], damage: str | DiceExpr, *, crit_multiplier: int = 2
) -> Fraction:
    """Exact mean damage of an attack, given its outcome chances."""
    expr = DiceExpr.parse(damage) if isinstance(damage, str) else damage
    dist = expr.distribution()
    one = sum((max(0, k) * p for k, p in dist.items()), Fraction(0))
    half = sum((max(0, k) // 2 * p for k, p in dist.items()), Fraction(0))
    # the higher of two rolls: P(higher <= k) = F(k)^2, one pass over the totals in order, not over
    # every pair (review 21: 100d1000, which the dice accept, is ten billion pairs)
    best = Fraction(0)
    below = below_squared = Fraction(0)
    for k in sorted(dist):
        below += dist[k]
        squared = below * below
        best += max(0, k) * (squared - below_squared)
        below_squared = squared
    return (
        chances.get("minor", 0) * half
        + chances.get("hit", 0) * one
        + chances.get("major", 0) * best
        + chances.get("critical", 0) * best * crit_multiplier
    )
