"""Trap searches and trap setting as Use Item actions in a fight.

Why it exists: in ground combat searching for traps and setting one are
Standard Use Item actions resolved in the Use Item slot of the order of
resolution (R-ORD-1). The ground engine takes Use Item kinds from
``tactics.engine.combat.actions.ITEM_USES`` (its own ``"grenade"`` item throws
with :class:`~tactics.engine.hazards.commands.ThrowGrenade`); this module adds:

* ``"search-traps"``: an active search around the searcher (R-TRAP-2);
* ``"set-trap:<kind>"`` on ``Action.target_cell`` (default: the setter's
  square), every kind; ``Action.trap`` gives a cone's ``facing``, a tripwire's
  ``wire_end`` and a chosen ``disarm_dc`` (N-TRAP-1). Setting a trap rolls
  against no one, so in individual turns it is a non-contested action (N-TURN-14).

Disarming takes the Simple and the Standard action together (R-TRAP-3): it is
the ``"disarm"`` item of :mod:`tactics.engine.combat.disarm`.
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
        events = ActiveSearch(who.id).perform(state, dice)
        found = any(e.kind == "trap.detected" for e in events)
        return events, found

    return ItemUse("Search for traps (Perception)", True, validate, resolve)


def _setting(who: Combatant, kind: tr.TrapKind, action: Any) -> Any:
    """The :class:`SetTrap` a Use Item action stands for."""
    from tactics.engine.hazards.traps import SetTrap

    if action.trap is not None and not isinstance(action.trap, dict):
        raise Refused("how to set the trap is a table of facing, wire_end and disarm_dc")
    options = dict(action.trap or {})
    unknown = sorted(set(options) - {"facing", "wire_end", "disarm_dc"})
    if unknown:
        raise Refused(f"unknown trap option {unknown[0]!r} (known: facing, wire_end, disarm_dc)")
    cell = action.target_cell if action.target_cell is not None else who.cell
    if cell is None:  # (validate refused this already)
        raise Refused(f"{who.name} is not on the map")
    end = options.get("wire_end")
    try:
        wire_end = (int(end[0]), int(end[1])) if end is not None else None
        disarm_dc = None if options.get("disarm_dc") is None else int(options["disarm_dc"])
    except (TypeError, ValueError, IndexError):
        raise Refused("a tripwire's end is a square [column, row] and a disarm DC a whole number") from None
    return SetTrap(who.id, kind.name, (int(cell[0]), int(cell[1])), facing=options.get("facing"),
                   wire_end=wire_end, disarm_dc=disarm_dc)


def _set_use(kind: tr.TrapKind) -> Any:
    from tactics.engine.combat.actions import ItemUse

    def validate(state: EncounterState, who: Combatant, action: Any) -> None:
        if who.cell is None:
            raise Refused(f"{who.name} is not on the map")
        _setting(who, kind, action).perform(state, Dice(0))  # a dry run: Refused with the reason if impossible

    def resolve(state: EncounterState, who: Combatant, action: Any, dice: Dice) -> tuple[list[Event], bool]:
        events = _setting(who, kind, action).perform(state, dice)
        return events, any(e.kind == "trap.placed" for e in events)

    # reading: N-TURN-14 (no opponent: a non-contested action in individual turns)
    return ItemUse(f"Set {kind.label or kind.name}", True, validate, resolve, contested=False)


def register_item_uses() -> None:
    """Add the hazard Use Item kinds to the ground engine (idempotent)."""
    try:
        from tactics.engine.combat.actions import ITEM_USES
    except ImportError:  # pragma: no cover - no ground engine
        return
    ITEM_USES.setdefault("search-traps", _search_use())
    for kind in tr.default_trap_kinds().values():
        ITEM_USES.setdefault(f"set-trap:{kind.name}", _set_use(kind))


__all__ = ["register_item_uses"]
