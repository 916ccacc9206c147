"""Committing to nothing: a member of the acting group passes its turn (R-ORD-1; reading: N-ORD-4).

Why it exists: the text lets no one roll "until ... all other players have committed
to action". A player who means to do nothing must be able to say so, or the group's
rolls would wait for ever; and a member the GM forgot must not lose the turn
silently because someone else's attack was rolled first. So:

* :class:`DoNothing` ``(combatant)``: the combatant does nothing this turn ("James does
  nothing this turn." in the log). Declaring an action before the group begins
  resolving takes the pass back; undo takes it back too.
* :func:`uncommitted` names the acting members who have neither declared nor passed
  (and are able to act): :class:`~tactics.engine.combat.actions.ResolveNext` refuses
  to roll while any is left, and the window asks for them.
* Ending the group's turn passes for whoever is still uncommitted, so the log says
  who did nothing: in one line per group turn ("Bear, Wolf and Rat do nothing this
  turn"), not a line per member (reading: N-ORD-6); :func:`silent_pass` is that event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.combat.events import ActionDeclared, ActionPassed
from tactics.engine.combat.state import CombatState, combat_or_refuse, group_label, reducer
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.labels import listed, possessive
from tactics.engine.core.lookup import unknown_combatant
from tactics.engine.core.state import EncounterState
from tactics.rules.conditions import combined


def able_to_act(state: EncounterState, cid: str) -> bool:
    """Up and not barred from every action by a condition (a Stunned member still has its Simple action)."""
    who = state.combatants[cid]
    return who.hp > 0 and not combined([c.name for c in who.conditions]).no_actions


def uncommitted(state: EncounterState) -> list[str]:
    """Acting members able to act who have neither declared nor passed (R-ORD-1; reading: N-ORD-4)."""
    combat = state.combat
    if not isinstance(combat, CombatState) or combat.phase != "action":
        return []
    group = combat.acting_group()
    if group is None:
        return []
    return [cid for cid in group.members
            if combat.can_act(cid) and not combat.committed(cid) and able_to_act(state, cid)]


def waiting_text(state: EncounterState, waiting: list[str]) -> str:
    """"James has not committed to an action yet" for a refusal or the window."""
    names = [state.combatants[c].name for c in waiting]
    return f"{listed(names)} {'has' if len(names) == 1 else 'have'} not committed to an action yet"


@dataclass
class DoNothing:
    """The combatant commits to doing nothing this group turn (R-ORD-1; reading: N-ORD-4);
    ``also``: more members of its group at once, in one line (the app's idle side, N-ORD-6)."""

    combatant: str
    also: tuple[str, ...] = ()
    name: str = "do-nothing"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, **({"also": list(self.also)} if self.also else {})}

    def execute(self, state: EncounterState, dice: Any) -> list[Event]:
        combat = combat_or_refuse(state)
        for cid in (self.combatant, *self.also):
            who = state.combatants.get(cid)
            if who is None:
                raise Refused(unknown_combatant(state, cid))
            if combat.phase != "action":
                raise Refused(f"one passes in the Action Phase, not the {combat.phase} phase")
            if not combat.can_act_now(who.id):
                group = combat.acting_group()
                now = group_label(state, group.key) if group else "no group"
                raise Refused(f"it is not {possessive(who.name)} group's turn: {now} acts now")
            if who.id in combat.passed:
                raise Refused(f"{who.name} already does nothing this turn")
            if combat.declarations_of(who.id):
                raise Refused(f"{who.name} has declared actions: withdraw them to do nothing instead")
        return silent_pass(list(dict.fromkeys((self.combatant, *self.also))))


def silent_pass(waiting: list[str], *, by_end: bool = False) -> list[Event]:
    """The members in ``waiting`` do nothing this turn: one event, one line (reading: N-ORD-6)."""
    if not waiting:
        return []
    return [ActionPassed(combatant=waiting[0], by_end=by_end, also=list(waiting[1:]))]


def end_of_turn_passes(state: EncounterState) -> list[Event]:
    """The group's turn ends: whoever never committed did nothing, and the log says so."""
    return silent_pass(uncommitted(state), by_end=True)


@reducer.on(ActionPassed)
def _passed(state: EncounterState, event: ActionPassed) -> None:
    for cid in event.combatants:
        if cid not in state.combat.passed:
            state.combat.passed.append(cid)


def take_back_pass(state: EncounterState, event: ActionDeclared) -> None:
    """Declaring an action takes back a pass (called by the declaration's reducer)."""
    combat = state.combat
    if isinstance(combat, CombatState) and event.combatant in combat.passed:
        combat.passed.remove(event.combatant)
