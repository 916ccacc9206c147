"""Attacks and Techniques against a combatant on the map (R-ROLL-1, R-ROLL-2, R-HIT-1..3).

Compute, then commit: :func:`attack_setup` works out everything about an
attack before any die is thrown (ability, weapon accuracy, advantages and
their reasons, the target's AC with or without its DEX bonus, the exact odds);
the window's preview and the engine's resolution both call it, so the odds the
player sees are the odds the engine rolls. :func:`attack_events` then rolls
(d20, advantage die, damage rolls, in that order) and returns the events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tactics.engine.combat.events import AttackRolled, CombatantDowned, CombatantRevealed, DamageRolled, HpChanged
from tactics.engine.core.journal import Event
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.attacks import (
    SUCCESSES,
    advantage_die,
    classify,
    hit_chances,
    roll_accuracy,
    roll_damage,
)
from tactics.rules.conditions import combined, rule
from tactics.rules.dice import Dice
from tactics.rules.facing import arc_of, attack_advantage, facing_options
from tactics.rules.grid import Cell, cell_center, distance_ft
from tactics.rules.sheets import Technique, Weapon, default_armoury

from tactics.engine.combat.shields import shield_bonus
from tactics.engine.combat.team import conditions_of, sheet_of

#: How the GM's situational advantages (+) or disadvantages (-) of an attack are named in its
#: list of advantages, on the card and in the log (``Action.situational``).
SITUATIONAL_LABEL = "situational (GM)"


def situational_words(n: int) -> str:
    """The GM's situational count in words: "+1 situational advantage (GM)",
    "-2 situational disadvantages (GM)", "no situational advantage"."""
    n = int(n)
    if n == 0:
        return "no situational advantage"
    noun = "advantage" if n > 0 else "disadvantage"
    return f"{n:+d} situational {noun}{'s' if abs(n) != 1 else ''} (GM)"


@dataclass
class AttackSetup:
    """Everything about one accuracy check before the dice (for preview and roll)."""

    attacker: str
    target: str
    using: str  # weapon or Technique id
    label: str
    technique: bool
    modifiers: list[tuple[str, int]]
    advantages: list[tuple[str, int]]
    advantage: int
    affinity_die: int
    ac: int
    ac_note: str
    crit_range: int
    crit_multiplier: int
    threshold: int
    damage: str | None
    range_ft: int
    distance_ft: int
    problem: str | None = None  # why it cannot be made now (range, sight)
    chances: dict[str, Fraction] = field(default_factory=dict)

    @property
    def bonus(self) -> int:
        return sum(v for _, v in self.modifiers)

    @property
    def extra_die(self) -> tuple[int, int]:
        """(sides, sign) of the one advantage die this check rolls after the d20, as
        :func:`attack_events` rolls it; (0, 0) when the advantages cancel out (R-ROLL-2)."""
        return advantage_die(self.advantage, self.affinity_die)


def find_arms(who: Combatant, using: str | None, *, technique: bool) -> Weapon | Technique:
    """The weapon (default: the first on the sheet) or Technique named, or KeyError."""
    sheet = sheet_of(who)
    arms = default_armoury()
    if technique:
        if not using or using not in sheet.techniques:
            known = ", ".join(sheet.techniques) or "none"
            raise KeyError(f"{who.name} knows no Technique {using!r} (known: {known})")
        return arms.technique(using)
    if using is None:
        if not sheet.weapons:
            raise KeyError(f"{who.name} has no weapon")
        using = sheet.weapons[0]
    if using not in sheet.weapons:
        known = ", ".join(sheet.weapons) or "none"
        raise KeyError(f"{who.name} has no weapon {using!r} (carries: {known})")
    return arms.weapon(using)


def _rear_arc_advantage(state: EncounterState, target: Combatant, start: Cell | None) -> int:
    """One advantage from the defender's rear arc, when the table turned it on (R-FACE-2)."""
    if start is None or target.cell is None or start == target.cell:
        return 0
    options = facing_options(state.settings)
    from tactics.engine.hazards.facing import effective_facing  # a kept target, wherever it is now (R-FACE-1)

    return attack_advantage(options, arc_of(target.cell, effective_facing(state, target.id), start))


def unseen_by(state: EncounterState, attacker: Combatant, target: Combatant) -> bool:
    """Is ``target`` hidden from ``attacker``'s side? (reading: N-HIDE-3; "hidden" is
    hidden from the other side, N-HIDE-2: a hidden ally is still seen)."""
    return bool(target.hidden) and target.team != attacker.team


def unseen_problem(attacker: Combatant, target: Combatant) -> str:
    """The refusal for targeting a hidden combatant as if seen (the text: "They cannot see Brandon")."""
    return f"{attacker.name} cannot see {target.name}: {target.name} is hidden (a Perception search may find them)"


def reach_problem(state: EncounterState, attacker: Combatant, target: Combatant, arms: Weapon | Technique,
                  start: Cell) -> str | None:
    """Why ``arms`` cannot reach ``target`` from ``start`` (range, then line of sight), or None.

    The attack itself and a charge's choice of square (:mod:`tactics.engine.combat.charge`) both ask this.
    """
    if target.cell is None:
        return "not on the map"
    dist = distance_ft(start, target.cell)
    if dist > arms.range_ft:
        return f"{target.name} is {dist} ft away; {arms.label or arms.name} reaches {arms.range_ft} ft"
    if not state.current_map().walls.line_clear(cell_center(start), cell_center(target.cell)):
        where = sight_blocker(state, start, target.cell)
        at = f": {blocker_words(start, target.cell, where)} is in the way" if where is not None else ""
        return f"{attacker.name} has no line of sight to {target.name}{at}"
    return None


def blocker_words(start: Cell, end: Cell, point: tuple[float, float]) -> str:
    """The wall at ``point`` (where :func:`sight_blocker` found the line stopped) in the squares a GM
    counts: "the corner of square 16,3", "a wall on the edge of square 15,3" (the square the line
    goes into there; review 13 recheck: "at 15.8,3" was a point, not a square)."""
    p, q = cell_center(start), cell_center(end)
    length = max(1e-9, ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5)
    ahead = (point[0] + 0.01 * (q[0] - p[0]) / length, point[1] + 0.01 * (q[1] - p[1]) / length)
    square = f"{int(ahead[0] // 1)},{int(ahead[1] // 1)}"
    corner = all(abs(v - round(v)) < 0.05 for v in point)
    return f"a wall's corner at square {square}" if corner else f"a wall on the edge of square {square}"


def sight_blocker(state: EncounterState, start: Cell, end: Cell) -> tuple[float, float] | None:
    """Where the sight line from ``start``'s centre to ``end``'s first meets a wall (grid units,
    rounded to a tenth: 16,3 is the top-left corner of square 16,3), or None when it is clear. The
    refusal says it and the attack tool marks it (review 13 F8: "no line of sight" said nothing of
    a crate's corner the line only touched; touching counts, R-AOE-1)."""
    p, q = cell_center(start), cell_center(end)
    t = state.current_map().walls.first_crossing(p, q)
    if t is None:
        return None
    return (round(p[0] + t * (q[0] - p[0]), 1), round(p[1] + t * (q[1] - p[1]), 1))


def attack_setup(
    state: EncounterState,
    attacker: Combatant,
    arms: Weapon | Technique,
    target: Combatant,
    *,
    from_cell: Cell | None = None,
    situational: int = 0,
    two_weapon: bool = False,
) -> AttackSetup:
    """Work out an accuracy check (R-ROLL-1): d20 + advantage die + ability
    (STR melee, DEX ranged, a Technique's own) + weapon accuracy vs AC."""
    sheet, tsheet = sheet_of(attacker), sheet_of(target)
    technique = isinstance(arms, Technique)
    ability = arms.ability
    modifiers = [(ability, sheet.mod(ability))]
    if arms.accuracy:
        modifiers.append(("Technique" if technique else "weapon", int(arms.accuracy)))
    advantages: list[tuple[str, int]] = []
    rules = default_armoury().rules
    if not technique:
        if isinstance(arms, Weapon) and sheet.proficient_with(arms):
            if rules.proficient_advantage:
                advantages.append(("proficient", rules.proficient_advantage))
        elif rules.nonproficient_disadvantage:
            advantages.append(("not proficient", -rules.nonproficient_disadvantage))
    for name in conditions_of(attacker):
        c = combined([name])
        if c.attack_disadvantage:
            advantages.append((name, -c.attack_disadvantage))
    for name in conditions_of(target):
        c = combined([name])
        if c.attackers_advantage:
            advantages.append((f"target {name}", c.attackers_advantage))
    if situational:  # the GM's ruling (the text's "Situation Specific": cover, flanking, height)
        advantages.append((SITUATIONAL_LABEL, int(situational)))
    start = from_cell if from_cell is not None else attacker.cell
    rear = _rear_arc_advantage(state, target, start)
    if rear:
        advantages.append(("rear arc", rear))
    net = sum(v for _, v in advantages)
    ac, note = tsheet.ac, ""
    if combined(conditions_of(target)).flat_footed and tsheet.mod("DEX") > 0:
        # reading: R-SURP-1 (flat-footed), N-PRONE-1 (prone): the note names what takes the DEX away
        why = [rule(n).label or n for n in conditions_of(target) if combined([n]).flat_footed]
        ac -= tsheet.mod("DEX")
        note = f"{' and '.join(w.lower() for w in why)}, no DEX {tsheet.mod('DEX'):+d}"
    shield, shield_note = shield_bonus(state, target, start)  # reading: R-FACE-2 (shield_front_only)
    ac += shield
    if shield_note:
        note = f"{note}; {shield_note}" if note else shield_note
    problem = None
    dist = distance_ft(start, target.cell) if start is not None and target.cell is not None else 0
    if start is None or target.cell is None:
        problem = "not on the map"
    elif target.id == attacker.id:
        problem = f"{attacker.name} cannot attack themselves"
    elif unseen_by(state, attacker, target):
        problem = unseen_problem(attacker, target)
    else:
        problem = reach_problem(state, attacker, target, arms, start)
    thresholds = default_armoury().rules  # weapons.toml [rules] (R-HIT-3)
    threshold = thresholds.two_weapon_threshold if two_weapon else thresholds.extra_damage_threshold
    setup = AttackSetup(
        attacker=attacker.id,
        target=target.id,
        using=arms.name,
        label=arms.label or arms.name,
        technique=technique,
        modifiers=modifiers,
        advantages=advantages,
        advantage=net,
        affinity_die=sheet.affinity_die,
        ac=ac,
        ac_note=note,
        crit_range=arms.crit_range,
        crit_multiplier=arms.crit_multiplier,
        threshold=threshold,
        damage=arms.damage,
        range_ft=arms.range_ft,
        distance_ft=dist,
        problem=problem,
    )
    setup.chances = hit_chances(
        setup.bonus, ac, advantage=net, crit_range=setup.crit_range,
        affinity_die=setup.affinity_die, extra_damage_threshold=threshold,
    )
    return setup


def attack_events(
    state: EncounterState, setup: AttackSetup, dice: Dice, *, action_id: int | None = None
) -> tuple[list[Event], str]:
    """Roll the attack of ``setup``; the events and the outcome.

    Dice order: the d20, the advantage die (if the net count is not zero), then
    the damage rolls (one, or two on a Major Hit or critical).
    """
    acc = roll_accuracy(dice, list(setup.modifiers), advantage=setup.advantage, affinity_die=setup.affinity_die)
    outcome = classify(acc.total, acc.natural, setup.ac, crit_range=setup.crit_range,
                       extra_damage_threshold=setup.threshold)
    events: list[Event] = [
        AttackRolled(action=action_id, attacker=setup.attacker, target=setup.target, using=setup.using,
                     label=setup.label, technique=setup.technique, d20=acc.natural,
                     extra=[acc.extra_sides, acc.extra_face, acc.extra_sign],
                     modifiers=[list(m) for m in acc.modifiers], advantages=[list(a) for a in setup.advantages],
                     net_advantage=setup.advantage, total=acc.total, ac=setup.ac, ac_note=setup.ac_note,
                     outcome=outcome,
                     odds={k: f"{v.numerator}/{v.denominator}" for k, v in setup.chances.items()})
    ]
    attacker = state.combatants[setup.attacker]
    if attacker.hidden:  # reading: N-HIDE-1, attacking gives a hidden attacker away
        events.append(CombatantRevealed(combatant=attacker.id, reason="attacked"))
    if outcome == "miss" or not setup.damage:
        return events, outcome
    dmg = roll_damage(dice, outcome, setup.damage, crit_multiplier=setup.crit_multiplier)
    events.append(
        DamageRolled(action=action_id, attacker=setup.attacker, target=setup.target, expr=dmg.expr,
                     rolls=[[list(f), t] for f, t in dmg.rolls], kept=dmg.kept, multiplier=dmg.multiplier,
                     halved=dmg.halved, amount=dmg.amount, outcome=outcome)
    )
    events += hp_events(state, setup.target, -dmg.amount, f"{setup.label} ({outcome})")
    return events, outcome


def hp_events(state: EncounterState, cid: str, delta: int, reason: str) -> list[Event]:
    """Hit points change (never below 0 nor above the maximum, reading N-HP-1); a
    combatant at 0 is down."""
    who = state.combatants[cid]
    new = max(0, min(who.max_hp, who.hp + int(delta)))
    events: list[Event] = [HpChanged(combatant=cid, delta=new - who.hp, hp=new, reason=reason)]
    if who.hp > 0 and new <= 0:
        events.append(CombatantDowned(combatant=cid))
    return events


def succeeded(outcome: str) -> bool:
    return outcome in SUCCESSES


def odds_text(chances: dict[str, Fraction]) -> dict[str, Any]:
    return {k: f"{v.numerator}/{v.denominator}" for k, v in chances.items()}
