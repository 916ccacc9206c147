"""One gate for every action in a fight (R-ACT-1, R-ORD-1, R-TURN-2, N-GATE-1).

Why it exists: the hazards commands that a combatant performs (throwing a
grenade, setting, disarming or searching for traps, setting off a remote
charge) also work outside a fight, where they simply happen. In a fight each
of them is an action: it must be the actor's group's turn (team rules) or the
actor's own turn (individual turns), and the action economy must allow it.
Instead of repeating those checks in every command, such a command submitted
while a fight runs becomes the declaration the window makes for it:

* team rules: :class:`~tactics.engine.combat.actions.Declare` of a Use Item
  action (disarming: :class:`~tactics.engine.combat.disarm.DeclareDisarm`, the
  Simple and the Standard action together), resolved in the order of
  resolution like any other declaration;
* individual turns: :class:`~tactics.engine.combat.individual.actions.TakeAction`
  of a ``use-item`` action, with its holders' prompts and its slot.

The events are those of that command, so a refusal is the same sentence the
Declare / TakeAction gives. The GM's overrides stay their own commands and are
never gated: ``PlaceTrap``, ``RemoveTrap``, ``DetectTrap``, ``Detonate``,
``TriggerRemote`` without an operator, ``GMSetFacing``, ``Place``.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell

TEAM, INDIVIDUAL = "team", "individual"


def fight_mode(state: EncounterState) -> str | None:
    """"team" or "individual" while a fight runs, None otherwise."""
    combat = state.combat
    if combat is None or getattr(combat, "phase", "ended") == "ended":
        return None
    from tactics.engine.combat.individual.procedure import TurnsState
    from tactics.engine.combat.state import CombatState

    if isinstance(combat, CombatState):
        return TEAM
    if isinstance(combat, TurnsState):
        return INDIVIDUAL
    return None


def action_events(
    state: EncounterState,
    dice: Dice,
    actor: str,
    item: str,
    *,
    target_cell: Cell | None = None,
    note: str = "",
    options: dict[str, Any] | None = None,
) -> list[Event] | None:
    """The events of a Use Item ``item`` by ``actor`` as an action of the running
    fight (refused as Declare / TakeAction refuse it), or None when no fight runs.

    ``options``: further fields of the ground ``Action`` (``grenade``, ``cook``,
    ``trap``). Disarming (``item="disarm"``, ``note`` = the trap's id) takes the
    Simple and the Standard action together in team turns (R-TRAP-3).
    """
    mode = fight_mode(state)
    if mode is None:
        return None
    cell = (int(target_cell[0]), int(target_cell[1])) if target_cell is not None else None
    if mode == TEAM:
        from tactics.engine.combat.actions import Action, Declare
        from tactics.engine.combat.disarm import DISARM_ITEM, DeclareDisarm

        if item == DISARM_ITEM:
            return DeclareDisarm(actor, note).execute(state, dice)
        try:
            action = Action("use-item", item=item, target_cell=cell, note=note, **(options or {}))
        except TypeError as exc:
            raise Refused(f"unknown option for an item use: {exc}") from None
        return Declare(actor, action).execute(state, dice)
    from tactics.engine.combat.individual.actions import TakeAction, TurnAction

    turn_action = TurnAction("use-item", item=item, target_cell=cell, note=note, options=dict(options) if options else None)
    return TakeAction(actor, turn_action).execute(state, dice)


__all__ = ["INDIVIDUAL", "TEAM", "action_events", "fight_mode"]
