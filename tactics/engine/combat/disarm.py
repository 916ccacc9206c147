"""Disarming a trap and setting off a remote charge as actions in a ground fight (R-TRAP-3, R-TRAP-5).

Why it exists: in combat, disarming "takes the Simple and Standard action
together, with disadvantage" (R-TRAP-3). The ground engine's action economy
knows one slot per declaration, so :class:`DeclareDisarm` declares the pair
at once: a Simple action (no roll, marked as part of the disarm) and a Use
Item action (``item="disarm"``) that resolves in the Use Item slot of the
order of resolution (R-ORD-1) with the hazards engine's
:class:`~tactics.engine.hazards.traps.Disarm` (which applies the disadvantage).

A remote charge is set off as a Standard Use Item action (``item="remote"``,
``target_cell`` = the charge's square) by its owner's side.

Both uses are added to :data:`tactics.engine.combat.actions.ITEM_USES` by
:func:`register` (idempotent; called by :mod:`tactics.engine.features`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.hazards.events import TrapDisarm
from tactics.engine.combat.events import ActionDeclared
from tactics.engine.combat.team import CombatState, combat_or_refuse, group_label
from tactics.engine.combat.actions import ITEM_USES, Action, Declare, ItemUse, limits_of
from tactics.engine.hazards.traps import Disarm, TriggerRemote
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.labels import possessive
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import actions as act
from tactics.rules import traps as tr
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell

DISARM_ITEM = "disarm"
REMOTE_ITEM = "remote"
DISARM_NOTE = "part of disarming a trap"  # reading: R-TRAP-3 (the Simple part's note in older saves)


def _simple_taken_for_disarm(state: EncounterState, who: Combatant) -> bool:
    combat = state.combat
    if not isinstance(combat, CombatState):
        return True  # individual turns: the disarm takes both actions of the turn (N-TRAP-10)
    return any(
        d.kind in act.SIMPLE_SLOT and d.params.get("item") == DISARM_ITEM
        for d in combat.declarations_of(who.id)
    )


def _disarm_ok(state: EncounterState, who: Combatant, action: Action) -> None:
    if not _simple_taken_for_disarm(state, who):
        raise Refused("disarming takes the Simple and the Standard action together: declare it as a disarm")
    Disarm(who.id, action.note).perform(state, Dice(0))  # a dry run: Refused if impossible now


def _disarm(state: EncounterState, who: Combatant, action: Action, dice: Dice) -> tuple[list[Event], bool]:
    """The Disable Device (or Demolitions) check, with disadvantage in a fight (R-TRAP-3)."""
    events = Disarm(who.id, action.note).perform(state, dice)
    ok = any(isinstance(e, TrapDisarm) and e.result == "disarmed" for e in events)
    return events, ok


def remote_trap_at(state: EncounterState, cell: Cell | None) -> tr.Trap | None:
    """The armed remote charge on a square, if any."""
    if cell is None:
        return None
    for trap in sorted(state.traps.values(), key=lambda t: t.id):
        if trap.trigger == "remote" and trap.armed and trap.cell == (int(cell[0]), int(cell[1])):
            found: tr.Trap = trap
            return found
    return None


def _remote_ok(state: EncounterState, who: Combatant, action: Action) -> None:
    trap = remote_trap_at(state, action.target_cell)
    if trap is None:
        raise Refused("there is no armed remote charge on that square")
    TriggerRemote(trap.id, who.id).perform(state, Dice(0))  # a dry run: Refused if not theirs


def _remote(state: EncounterState, who: Combatant, action: Action, dice: Dice) -> tuple[list[Event], bool]:
    trap = remote_trap_at(state, action.target_cell)
    if trap is None:
        raise Refused("the remote charge is gone")
    return TriggerRemote(trap.id, who.id).perform(state, dice), True


@dataclass
class DeclareDisarm:
    """A combatant of the acting group commits to disarming a trap (R-TRAP-3, N-TRAP-6).

    Declares two actions at once: the Simple action and the Standard (Use Item)
    action; refused when either slot is already taken, when it is not the
    combatant's group's turn, or when the trap cannot be disarmed from here.
    """

    combatant: str
    trap: str
    name: str = "declare-disarm"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "trap": self.trap}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        who = state.combatants.get(self.combatant)
        if who is None:
            raise Refused(f"no combatant called {self.combatant!r}")
        trap = state.traps.get(self.trap)
        if trap is None or trap.status == "removed":
            raise Refused(f"there is no trap {self.trap!r}")
        if combat.phase != "action" or not combat.can_act_now(who.id):
            group = combat.acting_group()
            now = group_label(state, group.key) if group else "no group"
            raise Refused(f"it is not {who.name}'s group's turn: {now} acts now")
        existing = combat.declarations_of(who.id)
        try:
            closed = combat.declaring_closed(who.id)  # reading: N-ORD-4
            act.check_economy(who.name, existing, act.SIMPLE, limits_of(who), closed=closed)
            act.check_economy(who.name, existing, act.USE_ITEM, limits_of(who), closed=closed)
        except act.ActionRefused as exc:
            raise Refused(f"disarming takes the Simple and the Standard action together: {exc}") from None
        Disarm(who.id, trap.id).perform(state, Dice(0))  # a dry run: Refused with the reason if impossible
        first = combat.next_id
        cell = [int(trap.cell[0]), int(trap.cell[1])]
        return [
            ActionDeclared(id=first, combatant=who.id, action_kind=act.SIMPLE,
                           params={"item": DISARM_ITEM, "note": trap.id}, needs_roll=False),  # the trap, for the log
            ActionDeclared(id=first + 1, combatant=who.id, action_kind=act.USE_ITEM,
                           params={"item": DISARM_ITEM, "note": trap.id, "target_cell": cell}, needs_roll=True),
        ]


def declare_remote(cid: str, cell: Cell) -> Declare:
    """The Standard Use Item action that sets off a remote charge on ``cell``."""
    return Declare(cid, Action(act.USE_ITEM, item=REMOTE_ITEM, target_cell=(cell[0], cell[1])))


def register() -> None:
    """Add the disarm and remote-charge Use Item kinds to the ground engine (idempotent)."""
    # reading: N-TRAP-10 (individual turns: non-contested, both actions of the turn)
    ITEM_USES.setdefault(DISARM_ITEM, ItemUse("Disarm a trap (Simple + Standard)", True, _disarm_ok, _disarm,
                                              contested=False, actions=2))
    ITEM_USES.setdefault(REMOTE_ITEM, ItemUse("Set off a remote charge", True, _remote_ok, _remote))



def disarm_declared_text(state: EncounterState | None, name: str, kind: str, note: str) -> str:
    """The log's words for the two halves of a declared disarm (R-TRAP-3): the Simple half says
    what is declared, the Use Item half when its check comes (the trap by its label, not its id)."""
    trap = state.traps.get(note) if state is not None else None
    what = f"the {trap.label}" if trap is not None else "a trap"
    if kind in act.SIMPLE_SLOT:
        return f"{name} declares disarming {what} (Simple + Standard action together, with disadvantage)."
    return f"{possessive(name)} check to disarm {what} comes in the Use Item slot."


__all__ = ["DISARM_ITEM", "REMOTE_ITEM", "DeclareDisarm", "disarm_declared_text", "declare_remote", "register", "remote_trap_at"]
