"""The built-in Use Item actions: hide, search, throw a grenade, anything else (R-ORD-1, R-SURP-1).

Each is an :class:`~tactics.engine.combat.actions.ItemUse` in
:data:`~tactics.engine.combat.actions.ITEM_USES`, chosen by ``Action.item``:

* ``"stealth"``: hide (Use a Skill): a Stealth check; hidden unless an enemy's
  Passive Perception meets it (N-SURP-2).
* ``"perception"``: search: reveals hidden enemies whose Stealth the check meets.
* ``"grenade"``: a throw by the hazards engine's ``ThrowGrenade``; it resolves
  as a Use Item action in the order of resolution (R-ORD-1).
* ``"note"``: any other item; no roll, the GM says what happens.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.combat.events import ActionNote, CombatCheck, CombatantHidden, CombatantRevealed
from tactics.engine.combat.actions import ITEM_USES, Action, ItemUse
from tactics.engine.combat.state import sheet_of
from tactics.engine.core.journal import Event, Refused
from tactics.engine.hazards.events import GrenadeThrown
from tactics.engine.core.state import Combatant, EncounterState
from tactics.engine.combat.skill_odds import SkillOdds, name_run, odds_fraction, skill_odds
from tactics.rules.checks import CheckRoll, roll_check
from tactics.rules.dice import Dice


def _no_check(state: EncounterState, who: Combatant, action: Action) -> None:
    return None


def _skill_check(state: EncounterState, who: Combatant, action: Action, dice: Dice,
                 item: str) -> tuple[CheckRoll, SkillOdds]:
    """Roll the skill action's check with the odds it was declared against (reading: N-SKILL-2)."""
    odds = skill_odds(state, who, item, action.situational)
    assert odds is not None
    roll = roll_check(dice, odds.skill, list(odds.modifiers), advantage=odds.advantage, affinity_die=odds.affinity_die)
    return roll, odds


def _check_event(who: Combatant, reason: str, roll: CheckRoll, odds: SkillOdds, result: str) -> CombatCheck:
    """The check as the card and the log show it: what it was rolled against and the chance, as an
    attack names its AC (review 14, finding 2)."""
    return CombatCheck(combatant=who.id, reason=reason, advantages=[list(a) for a in odds.advantages], result=result,
                       against=odds.against, odds=odds_fraction(odds.chance), **roll.to_dict())


def _stealth(state: EncounterState, who: Combatant, action: Action, dice: Dice) -> tuple[list[Event], bool]:
    """Hide (Use a Skill): the Stealth result is what enemies' Perception must meet (N-SURP-2)."""
    roll, odds = _skill_check(state, who, action, dice, "stealth")
    noticed = [e.id for e in state.enemies_of(who) if e.hp > 0 and sheet_of(e).passive_perception >= roll.total]
    events: list[Event] = [_check_event(who, "hiding", roll, odds, "seen" if noticed else "hidden")]
    if noticed:
        names = name_run(state.combatants[n].name for n in noticed)
        events.append(ActionNote(text=f"{who.name} is seen by {names}: Stealth {roll.total} vs Passive Perception "
                                      f"{odds.number}."))  # (the highest: meeting it sees, N-SURP-2)
        return events, False
    events.append(CombatantHidden(combatant=who.id, stealth=roll.total))
    return events, True


def _perception(state: EncounterState, who: Combatant, action: Action, dice: Dice) -> tuple[list[Event], bool]:
    """Search actively (Use a Skill): reveals hidden enemies whose Stealth the check meets."""
    roll, odds = _skill_check(state, who, action, dice, "perception")
    found = [e for e in state.enemies_of(who) if e.hidden and (e.stealth or 0) <= roll.total]
    events: list[Event] = [_check_event(who, "searching", roll, odds, "found" if found else "nothing found")]
    events += [CombatantRevealed(combatant=e.id, reason=f"spotted by {who.name}") for e in found]
    return events, bool(found)


def _note(state: EncounterState, who: Combatant, action: Action, dice: Dice) -> tuple[list[Event], bool]:
    return [ActionNote(text=f"{who.name}: {action.note or 'uses an item'}")], True


def _throw(who: Combatant, action: Action) -> Any:  # a ThrowGrenade (hazards), imported late
    try:
        from tactics.engine.hazards.commands import ThrowGrenade
    except ImportError:  # pragma: no cover - the hazards engine is not installed
        raise Refused("grenades are not available") from None
    if action.target_cell is None:
        raise Refused("choose the square to throw the grenade at")
    cell = action.target_cell
    return ThrowGrenade(who.id, (cell[0], cell[1]), action.grenade or "frag", cook=bool(action.cook))


def _grenade_ok(state: EncounterState, who: Combatant, action: Action) -> None:
    _throw(who, action).perform(state, Dice(0))  # a dry run on throwaway dice: Refused if impossible


def _grenade(state: EncounterState, who: Combatant, action: Action, dice: Dice) -> tuple[list[Event], bool]:
    """A grenade throw resolves as a Use Item action (R-ORD-1), by the hazards engine. It succeeds
    (an Attack action's success: the Bonus Attack follows) when its accuracy check does, both
    scatter d10s on target, and the grenade is live (reading: N-GREN-12)."""
    events = _throw(who, action).perform(state, dice)
    return events, any(thrown_on_target(e) for e in events)


def thrown_on_target(event: Event) -> bool:
    """A throw whose accuracy check succeeded on both axes (R-GREN-2: 4-7 or 0 on each d10): it lands
    where it was aimed, live (not a cooked grenade that burst in the air or went off in the hand)."""
    return (isinstance(event, GrenadeThrown) and len(event.dice) == 2 and tuple(event.scatter) == (0, 0)
            and event.status != "dud")


ITEM_USES.update(
    {
        "grenade": ItemUse("Throw a grenade", True, _grenade_ok, _grenade),
        "stealth": ItemUse("Hide (Stealth)", True, _no_check, _stealth),
        "perception": ItemUse("Search (Perception)", True, _no_check, _perception),
        "note": ItemUse("Use an item (GM adjudicates)", False, _no_check, _note),
    }
)
