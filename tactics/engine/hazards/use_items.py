"""Trap searches and trap setting as Use Item actions in a fight.

Why it exists: in ground combat searching for traps and setting one are
Standard Use Item actions resolved in the Use Item slot of the order of
resolution (R-ORD-1). The ground engine takes Use Item kinds from
``tactics.engine.combat.actions.ITEM_USES`` (its own ``"grenade"`` item throws
with :class:`~tactics.engine.hazards.commands.ThrowGrenade`); this module adds:

* ``"search-traps"``: an active search around the searcher (R-TRAP-2);
* ``"set-trap:<kind>"`` on ``Action.target_cell`` (default: the setter's
  square), for kinds that need neither a facing nor a wire; cone mines and
  tripwires use the :class:`~tactics.engine.hazards.traps.SetTrap` command.

Disarming takes the Simple and the Standard action together (R-TRAP-3), which
the Use Item slot cannot express; the window submits
:class:`~tactics.engine.hazards.traps.Disarm` directly.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import traps as tr
from tactics.rules.dice import Dice


def _search_use() -> Any:
    from tactics.engine.combat.actions import ItemUse
    from tactics.engine.hazards.spotting import ActiveSearch

    def validate(state: EncounterState, who: Combatant, action: Any) -> None:
        if who.cell is None:
            raise Refused(f"{who.name} is not on the map")

    def resolve(state: EncounterState, who: Combatant, action: Any, dice: Dice) -> tuple[list[Event], bool]:
        events = ActiveSearch(who.id).execute(state, dice)
        found = any(e.kind == "trap.detected" for e in events)
        return events, found

    return ItemUse("Search for traps (Perception)", True, validate, resolve)


def _set_use(kind: tr.TrapKind) -> Any:
    from tactics.engine.combat.actions import ItemUse
    from tactics.engine.hazards.traps import SetTrap

    def validate(state: EncounterState, who: Combatant, action: Any) -> None:
        if who.cell is None:
            raise Refused(f"{who.name} is not on the map")
        cell = action.target_cell if action.target_cell is not None else who.cell
        if max(abs(cell[0] - who.cell[0]), abs(cell[1] - who.cell[1])) > 1:
            raise Refused(f"{who.name} can only set a trap on or next to their own square")
        if state.current_map().move_cost(tuple(cell)) is None:
            raise Refused("a trap cannot go on that square")

    def resolve(state: EncounterState, who: Combatant, action: Any, dice: Dice) -> tuple[list[Event], bool]:
        cell = action.target_cell if action.target_cell is not None else who.cell
        events = SetTrap(who.id, kind.name, tuple(cell)).execute(state, dice)
        return events, any(e.kind == "trap.placed" for e in events)

    return ItemUse(f"Set {kind.label or kind.name}", True, validate, resolve)


def register_item_uses() -> None:
    """Add the hazard Use Item kinds to the ground engine (idempotent)."""
    try:
        from tactics.engine.combat.actions import ITEM_USES
    except ImportError:  # pragma: no cover - no ground engine
        return
    ITEM_USES.setdefault("search-traps", _search_use())
    for kind in tr.default_trap_kinds().values():
        if kind.area != "cone" and kind.trigger != "tripwire":
            ITEM_USES.setdefault(f"set-trap:{kind.name}", _set_use(kind))


__all__ = ["register_item_uses"]
