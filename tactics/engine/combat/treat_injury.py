"""Treating Injury as a Standard Use Item action in team rounds (reading: N-TREAT-1).

Why it exists: the text says "Treating Injury: This is using the Treat Injury skill usually
with a Medical kit. This is considered a Standard Use Item Action", and gives no DC nor
amount. Every number is the table's (``data/common_actions.toml`` ``[treat_injury]``): the
skill, the DC, the healing dice, whether the kit is required or only spares a disadvantage,
how near the patient must be and whether oneself or a downed ally may be treated.

``Action(USE_ITEM, item="treat-injury", target=<ally id>)`` (no target: oneself). It rolls,
so it resolves in the Use Item slot of the order of resolution (R-ORD-1), after the group's
moves: the distance is checked from where the treater's declared moves leave it, and again
when it resolves. The check is rolled on the seeded dice like every check, its dice,
modifiers and advantages in the log; a success rolls the healing dice (their faces in the
log, as the GM's rolled heal) and restores that many hit points, never above the maximum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactics.engine.combat.actions import ITEM_USES, Action, ItemUse, planned_origin
from tactics.engine.combat.attack import hp_events
from tactics.engine.combat.events import ActionNote, CombatCheck, HpRolled
from tactics.engine.combat.state import conditions_of, sheet_of
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.labels import possessive
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import actions as act
from tactics.rules.checks import check_advantage, check_advantages, check_chance, check_modifiers, roll_check
from tactics.rules.dice import Dice, DiceExpr
from tactics.rules.grid import Cell, distance_ft

if TYPE_CHECKING:
    from tactics.rules.common_actions import TreatRules

ITEM = "treat-injury"


def _rules() -> TreatRules:
    from tactics.rules.common_actions import default_common_actions  # (when first asked: issue 12, start)

    return default_common_actions().treat_injury


def has_kit(who: Combatant) -> bool:
    return _rules().kit in sheet_of(who).gear


def patient_of(state: EncounterState, who: Combatant, target: str | None) -> Combatant:
    """Who is treated: the target, or ``who`` when none is named."""
    if not target:
        return who
    patient = state.combatants.get(target)
    if patient is None or not patient.present or patient.cell is None:
        raise Refused(f"there is no {target!r} on the map to treat")
    return patient


def treat_problem(state: EncounterState, who: Combatant, patient: Combatant, at: Cell | None = None) -> str | None:
    """Why ``who`` cannot treat ``patient`` (standing on ``at``, by default its square), or None."""
    rules = _rules()
    if patient.team != who.team:
        return f"{patient.name} is not an ally: Treat Injury is for one's own side"
    if patient.id == who.id and not rules.self_treat:
        return f"{who.name} cannot treat their own injuries"
    if rules.kit_required and not has_kit(who):
        return f"{who.name} has no {rules.kit}"
    if patient.hp >= patient.max_hp:
        return f"{patient.name} is not injured"
    if patient.hp <= 0 and not rules.treat_down:
        return f"{patient.name} is down: past treating in a fight"
    start = at if at is not None else who.cell
    if patient.id != who.id and (start is None or patient.cell is None
                                 or distance_ft(start, patient.cell) > rules.reach_ft):
        return f"{patient.name} is out of reach: treating needs them within {rules.reach_ft} ft"
    return None


def why_no_treatment(state: EncounterState, who: Combatant, at: Cell | None = None) -> str | None:
    """Why ``who`` (standing on ``at``) can treat no one now, in words for the declare card, or
    None when someone can (reading: N-TREAT-1). The nearest injured ally's refusal is the one said:
    "Rook is out of reach: treating needs them within 5 ft: move next to them first"."""
    rules = _rules()
    patients = [who] + [c for c in state.allies_of(who) if c.present and c.cell is not None]
    if any(treat_problem(state, who, p, at=at) is None for p in patients):
        return None
    if rules.kit_required and not has_kit(who):
        return f"{who.name} has no {rules.kit}: Treat Injury needs one"
    injured = [p for p in patients if p.hp < p.max_hp and (p.id != who.id or rules.self_treat)]
    if not injured:
        return f"No one on {possessive(who.name)} side is injured"
    start = at if at is not None else who.cell
    far = {p.id: distance_ft(start, p.cell) if start is not None and p.cell is not None else 0 for p in injured}
    nearest = min(injured, key=lambda p: far[p.id])
    problem = str(treat_problem(state, who, nearest, at=at))
    if far[nearest.id] > rules.reach_ft:
        problem += ": move next to them first"
    return problem[0].upper() + problem[1:]


def offers_treatment(who: Combatant) -> bool:
    """Is ``who`` a medic whose card names Treat Injury even when it cannot be taken (greyed,
    with why)? A sheet that lists the skill or carries the kit. Anyone may still treat an ally
    next to them: the action is offered to them only when it can be taken (N-TREAT-1)."""
    return _rules().skill in sheet_of(who).skills or has_kit(who)


def shows_greyed_treatment(state: EncounterState, cid: str) -> bool:
    """Does ``cid``'s card show Treat Injury greyed when it cannot be taken, in either procedure?
    Only while the action exists (a table may remove it from the data), for a medic
    (:func:`offers_treatment`) still in the fight (N-TREAT-1)."""
    from tactics.engine.combat.team import out_of_fight  # (team's module is the larger; kept out of this one's imports)

    who = state.combatants[cid]
    return ITEM in ITEM_USES and offers_treatment(who) and not out_of_fight(who)


def treat_refusal(state: EncounterState, cid: str) -> str | None:
    """Why ``cid`` cannot declare Treat Injury now in team rounds, in words for the declare card,
    or None when it can (reading: N-TREAT-1). The action economy first: Treat Injury "is
    considered a Standard Use Item Action", so once the Standard is spent (a Standard Move, an
    attack) the card says so: "Medic already has a Standard action this turn (Standard Move):
    Treat Injury is a Standard Use Item action"; then who could be treated, from where the
    declared moves leave the treater (:func:`why_no_treatment`)."""
    from tactics.engine.combat.queries import kind_refusal  # the queries import the whole engine

    who = state.combatants[cid]
    economy = kind_refusal(state, cid, act.USE_ITEM)
    if economy is not None:
        why = f"{economy}: Treat Injury is a Standard Use Item action"
        return why[0].upper() + why[1:]
    return why_no_treatment(state, who, at=planned_origin(state, cid, act.USE_ITEM, True))


def treat_terms(who: Combatant, situational: int = 0) -> tuple[str, list[tuple[str, int]], int, list[tuple[str, int]]]:
    """(skill, modifiers, net advantage, why) of the treater's check."""
    rules = _rules()
    sheet = sheet_of(who)
    why = check_advantages(rules.skill, conditions_of(who), situational)
    adv = check_advantage(rules.skill, conditions_of(who), situational)
    if not has_kit(who) and rules.no_kit_disadvantage:
        why.append((f"no {rules.kit}", -rules.no_kit_disadvantage))
        adv -= rules.no_kit_disadvantage
    return rules.skill, check_modifiers(sheet, rules.skill), adv, why


def treat_chance(who: Combatant, situational: int = 0) -> float:
    """The treater's chance of success, for the window's button."""
    _, mods, adv, _ = treat_terms(who, situational)
    return float(check_chance(sum(v for _, v in mods), _rules().dc, advantage=adv,
                              affinity_die=sheet_of(who).affinity_die))


def _validate(state: EncounterState, who: Combatant, action: Action) -> None:
    patient = patient_of(state, who, action.target)
    problem = treat_problem(state, who, patient, at=planned_origin(state, who.id, act.USE_ITEM, True))
    if problem:
        raise Refused(problem)


def _resolve(state: EncounterState, who: Combatant, action: Action, dice: Dice) -> tuple[list[Event], bool]:
    rules = _rules()
    patient = patient_of(state, who, action.target)
    problem = treat_problem(state, who, patient)
    if problem:
        raise Refused(problem)
    what, mods, adv, why = treat_terms(who, action.situational)
    sheet = sheet_of(who)
    odds = check_chance(sum(v for _, v in mods), rules.dc, advantage=adv, affinity_die=sheet.affinity_die)
    roll = roll_check(dice, what, mods, dc=rules.dc, advantage=adv, affinity_die=sheet.affinity_die)
    whose = "their own" if patient.id == who.id else possessive(patient.name)
    events: list[Event] = [CombatCheck(combatant=who.id, reason=f"treating {whose} injuries",
                                       odds=f"{odds.numerator}/{odds.denominator}",
                                       advantages=[list(a) for a in why], **roll.to_dict())]
    if not roll.success:
        events.append(ActionNote(text=f"{who.name} fails to treat {patient.name if patient.id != who.id else 'themselves'}."))
        return events, False
    expr = DiceExpr.parse(rules.heal.replace(" ", "").lower())
    faces, total = dice.expr(expr)
    total = max(0, total)
    events.append(HpRolled(combatant=patient.id, expr=str(expr), faces=faces, total=total, heal=True))
    if total:
        events += hp_events(state, patient.id, total, f"Treat Injury by {who.name}: {expr}")
    return events, True


# reading: N-TURN-14 as for setting a trap: no opponent, a non-contested action in individual turns
ITEM_USES.setdefault(ITEM, ItemUse("Treat Injury", True, _validate, _resolve, contested=False))

__all__ = ["ITEM", "has_kit", "offers_treatment", "patient_of", "treat_chance", "treat_problem", "treat_refusal",
           "treat_terms", "why_no_treatment"]
