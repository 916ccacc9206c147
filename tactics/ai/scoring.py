"""What an attack is worth, computed with the engine's exact odds.

Why it exists: the opponent chooses by expected value, and the numbers must be
the ones the engine rolls with. Every value here starts from
:func:`tactics.engine.combat.attack.attack_setup` (the same function the
window's odds card and the resolution call) and the exact outcome chances it
carries; damage is the exact distribution of the weapon's dice under each
outcome (Minor: half, Major: the better of two, critical: that times the crit
multiplier), so "70% to damage (62% Hit or better), 4.1 expected damage" in the log is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tactics.engine.combat.attack import AttackSetup, attack_setup, succeeded
from tactics.engine.combat.state import conditions_of, sheet_of
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.checks import check_advantage, check_chance, movement_check
from tactics.rules.dice import DiceExpr
from tactics.rules.grid import Cell
from tactics.rules.sheets import Technique, Weapon, default_armoury

Arms = Weapon | Technique


#: Totals of one damage roll the opponent weighs one by one; a roll with more (a table's 100d1000:
#: 99,901) is weighed by as many runs of neighbouring totals, each at its mean (review 21: every
#: square's threat summed them all; the bundled weapons have at most a few dozen).
MAX_DAMAGE_POINTS = 256


@lru_cache(maxsize=256)
def _dice(damage: str) -> tuple[tuple[int, float], ...]:
    exact = sorted((k, float(p)) for k, p in DiceExpr.parse(damage).distribution().items())
    if len(exact) <= MAX_DAMAGE_POINTS:
        return tuple(exact)
    size = -(-len(exact) // MAX_DAMAGE_POINTS)
    runs = []
    for i in range(0, len(exact), size):
        run = exact[i:i + size]
        p = sum(q for _, q in run)
        if p > 0:
            runs.append((round(sum(k * q for k, q in run) / p), p))
    return tuple(runs)


@lru_cache(maxsize=4096)
def _amounts(damage: str, outcome: str, crit_multiplier: int) -> tuple[tuple[int, float], ...]:
    """The distribution of the damage dealt by one outcome (exact, as floats)."""
    dist = _dice(damage)
    out: dict[int, float] = {}
    if outcome in ("minor", "hit"):
        for k, p in dist:
            amount = max(0, k) // 2 if outcome == "minor" else max(0, k)
            out[amount] = out.get(amount, 0.0) + p
    elif outcome in ("major", "critical"):
        mult = crit_multiplier if outcome == "critical" else 1
        for a, pa in dist:  # (every pair: at most MAX_DAMAGE_POINTS squared, once per weapon)
            for b, pb in dist:
                amount = max(0, a, b) * mult
                out[amount] = out.get(amount, 0.0) + pa * pb
    return tuple(sorted(out.items()))


@lru_cache(maxsize=4096)
def _distribution(damage: str | None, crit_multiplier: int, chances: tuple[tuple[str, float], ...]) -> tuple[tuple[int, float], ...]:
    out: dict[int, float] = {}
    for outcome, p in chances:
        if not p:
            continue
        if outcome == "miss" or not damage:
            out[0] = out.get(0, 0.0) + p
            continue
        for amount, q in _amounts(damage, outcome, crit_multiplier):
            out[amount] = out.get(amount, 0.0) + p * q
    return tuple(sorted(out.items()))


def damage_distribution(setup: AttackSetup) -> dict[int, float]:
    """P(damage = k) for an attack, misses included (k = 0), from the engine's exact odds."""
    chances = tuple(sorted((o, float(p)) for o, p in setup.chances.items()))
    return dict(_distribution(setup.damage, setup.crit_multiplier, chances))


@dataclass(frozen=True)
class AttackValue:
    """One attack by one attacker on one target from one square, valued."""

    setup: AttackSetup
    p_success: float  # the attack succeeds (a Hit or better: a Minor Hit earns no bonus, N-ACT-2)
    expected: float  # mean damage dealt, capped at the target's remaining hit points
    p_kill: float  # the target drops to 0
    mean: float = 0.0  # mean damage, uncapped (what the log says)

    @property
    def target(self) -> str:
        return self.setup.target

    @property
    def using(self) -> str:
        return self.setup.using

    @property
    def technique(self) -> bool:
        return self.setup.technique


def value_attack(
    view: EncounterState,
    attacker: Combatant,
    arms: Arms,
    target: Combatant,
    *,
    from_cell: Cell | None = None,
    hp_left: int | None = None,
) -> AttackValue | None:
    """The attack's value, or None when it cannot be made from there (range, sight)."""
    setup = attack_setup(view, attacker, arms, target, from_cell=from_cell)
    if setup.problem:
        return None
    hp = target.hp if hp_left is None else hp_left
    dist = damage_distribution(setup)
    return valued(setup, dist, hp)


def valued(setup: AttackSetup, dist: dict[int, float], hp: int) -> AttackValue:
    """An attack's value against a target with ``hp`` hit points left."""
    expected = sum(min(k, max(hp, 0)) * p for k, p in dist.items())
    p_kill = sum(p for k, p in dist.items() if hp > 0 and k >= hp)
    p_success = float(sum(p for o, p in setup.chances.items() if succeeded(o)))
    mean = sum(k * p for k, p in dist.items())
    return AttackValue(setup, p_success, expected, p_kill, mean)


def arms_of(who: Combatant) -> list[Arms]:
    """Every weapon and Technique on the combatant's sheet."""
    sheet = sheet_of(who)
    armoury = default_armoury()
    out: list[Arms] = [armoury.weapon(w) for w in sheet.weapons]
    out += [armoury.technique(t) for t in sheet.techniques]
    return out


def threat_of(view: EncounterState, who: Combatant, against: Combatant) -> float:
    """How much damage ``who`` can be expected to deal ``against`` with one attack (range aside)."""
    best = 0.0
    for arms in arms_of(who):
        setup = attack_setup(view, who, arms, against, from_cell=against.cell)  # distance 0: range aside
        if setup.problem and "themselves" in setup.problem:
            continue
        dist = damage_distribution(setup)
        best = max(best, sum(k * p for k, p in dist.items()))
    return best


def run_ft(arms: Arms) -> int:
    """The run a charging Technique makes before it strikes (0: none).

    Not memoised: reading the field is cheaper than hashing the arms for a memo
    (the opponent asks it for every square it weighs).
    """
    return int(arms.move_ft or 0) if isinstance(arms, Technique) else 0


def reach_ft(arms: Arms) -> int:
    """How far an attack with these arms reaches, a charge's run included."""
    return int(arms.range_ft) + run_ft(arms)


def path_chance(view: EncounterState, who: Combatant, path: list[Cell] | None) -> float:
    """The exact chance that ``who`` walks the whole path: every square that needs a roll
    (difficult terrain, R-MOVE-2) passed, with the same odds the engine rolls them at."""
    if not path:
        return 1.0
    chance = 1.0
    for cell in path:
        made = square_chance(view, who, cell)
        if made is not None:
            chance *= made
    return chance


def square_chance(view: EncounterState, who: Combatant, cell: Cell) -> float | None:
    """The chance ``who`` passes the roll entering ``cell`` asks (R-MOVE-2); None: it asks none."""
    battle_map = view.current_map()
    if not asks_roll(battle_map, cell):
        return None
    terrain = battle_map.terrain_at(cell)
    assert terrain.check is not None and terrain.dc is not None
    sheet = sheet_of(who)
    what, mods = movement_check(sheet, terrain.check)  # the engine's choice (N-MOVE-7)
    adv = check_advantage(what, conditions_of(who))
    return float(check_chance(sum(v for _, v in mods), terrain.dc, advantage=adv, affinity_die=sheet.affinity_die))


def asks_roll(battle_map: Any, cell: Cell) -> bool:
    """Does entering ``cell`` ask for a roll (difficult terrain, R-MOVE-2)?"""
    if not battle_map.in_bounds(cell):
        return False
    terrain = battle_map.terrain_at(cell)
    return bool(terrain.check and terrain.dc is not None)


def percent(p: float) -> str:
    return f"{round(100 * p)}%"
