"""Opening and closing doors as actions in a fight (reading: N-DOOR-1, N-DOOR-2, N-DOOR-3).

Why it exists: "Open Unlocked Door" is one of the text's Simple actions ("A Character
can only perform 1 Simple action per Action Phase ... Examples include ... opening a
door"), and in the text's example Katie comes out of the other room. In team rounds a
combatant declares ``Action("simple", effect="open-door", door=i)`` (or
``"simple-after"``, or ``effect="close-door"``) like any Simple action; it uses the
Simple slot (so no Bonus action with it, R-ACT-1) and, rolling nothing, resolves with
the other no-roll Simple actions before every Standard of its group (R-ORD-1). In
individual turns it is a non-contested action (``TurnAction("door", ...)``, R-TURN-2).
When it resolves the door changes (a ``DoorSet`` naming who did it).

A move declared after a door action that resolves before it is checked on the map as
that door will leave it (:func:`planned_map`), so Art can declare "open the door" and
then a Standard Move through it in the same turn; the reach the window shows asks the
same question (:func:`tactics.engine.combat.moves.move_routes`).

Out of a fight a click opens or closes a door at once (``board.SetDoor``), and the GM
may do so at any time as an override, like ``Place``.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.board import doorway_problem
from tactics.engine.core.board_events import DoorSet
from tactics.engine.core.journal import Event
from tactics.engine.core.state import Combatant, EncounterState
from tactics.maps.battlemap import BattleMap
from tactics.rules import actions as act
from tactics.rules.doors import door_name, touches
from tactics.rules.grid import Cell

OPEN, CLOSE = "open-door", "close-door"
#: The effect of a door action and whether it leaves the door open.
DOOR_EFFECTS: dict[str, bool] = {OPEN: True, CLOSE: False}


def name_of(state: EncounterState, door: int) -> str:
    """``"the door between 22,15 and 23,15"`` (what the log and the window call it)."""
    return door_name(state.map.doors[door].segment)


def door_index_problem(state: EncounterState, door: Any) -> str | None:
    """Why ``door`` names no door of this map, or None."""
    if type(door) is not int or not 0 <= door < len(state.map.doors):
        return "choose a door: there is no such door on this map"
    return None


def in_reach(state: EncounterState, door: int, cell: Cell | None) -> bool:
    """Can someone standing on ``cell`` reach door ``door``? Its square touches the door's line
    (an edge or a corner of the square: within 5 ft; reading: N-DOOR-1)."""
    return cell is not None and touches(state.map.doors[door].segment, cell)


def doors_in_reach(state: EncounterState, cell: Cell | None) -> list[int]:
    """The doors someone standing on ``cell`` can open or close, in the map's order (a secret
    door the GM has not opened yet is no door to anyone but the GM: reading N-DOOR-6)."""
    return [i for i in range(len(state.map.doors)) if in_reach(state, i, cell) and not state.door_secret(i)]


def door_problem(state: EncounterState, who: Combatant, door: Any, opening: bool, *,
                 at: Cell | None = None, planned: dict[int, bool] | None = None) -> str | None:
    """Why ``who`` cannot open (``opening``) or close door ``door`` from ``at`` (its square by
    default), or None. ``planned``: doors that declared actions will have changed by then."""
    problem = door_index_problem(state, door)
    if problem:
        return problem
    if state.door_secret(door):  # reading: N-DOOR-6: only the GM opens it (at once, right click)
        return "choose a door: there is no such door on this map"
    name = name_of(state, door)
    is_open = (planned or {}).get(door, state.door_open(door))
    if is_open == opening:
        will = door in (planned or {})
        return f"{name} {'will already be' if will else 'is already'} {'open' if opening else 'closed'}"
    where = at if at is not None else who.cell
    if not in_reach(state, door, where):
        return f"{who.name} is not next to {name} (stand on a square beside it)"
    if not opening:
        return doorway_problem(state, door)
    return None


def door_events(state: EncounterState, who: Combatant, door: int, opening: bool) -> list[Event]:
    """The door changes as ``who``'s action resolves: refused (by the caller's ``Refused``) when
    it no longer can (moved away, someone in the doorway, N-ORD-3)."""
    from tactics.engine.core.journal import Refused

    problem = door_problem(state, who, door, opening)
    if problem:
        raise Refused(problem)
    return [DoorSet(door=door, open=opening, by=who.id)]


# --------------------------------------------------------------------------- planned doors
def _declared_door(d: Any) -> tuple[int, bool] | None:
    effect = d.params.get("effect")
    door = d.params.get("door")
    if d.kind in (act.SIMPLE, act.SIMPLE_AFTER) and effect in DOOR_EFFECTS and type(door) is int:
        return door, DOOR_EFFECTS[effect]
    return None


def pending_doors(state: EncounterState) -> dict[int, bool]:
    """Every door a declared, not yet resolved door action of the acting group will change,
    as the last one declared leaves it (a second "open" of the same door is refused)."""
    from tactics.engine.combat.team import CombatState

    combat = state.combat
    if not isinstance(combat, CombatState):
        return {}
    found = (_declared_door(d) for d in combat.declarations if d.status == "declared")
    return {door: opening for door, opening in (f for f in found if f is not None)}


def planned_doors(state: EncounterState, cid: str, kind: str, needs_roll: bool = False) -> dict[int, bool]:
    """Doors that declared, not yet resolved door actions of the acting group will have
    opened or closed before a new action of ``kind`` by ``cid`` resolves (R-ORD-1)."""
    from tactics.engine.combat.actions import resolution_order
    from tactics.engine.combat.team import CombatState, sheet_of

    combat = state.combat
    if not isinstance(combat, CombatState) or not any(_declared_door(d) for d in combat.declarations):
        return {}
    who = state.combatants[cid]
    init, dex = combat.initiative.get(cid, 0), sheet_of(who).dex_score
    new_key = (combat.declaring_closed(cid),) + act.resolution_key(kind, needs_roll, init, dex, combat.next_id)
    out: dict[int, bool] = {}
    for d in resolution_order(state):
        found = _declared_door(d)
        if found is None:
            continue
        other = state.combatants[d.combatant]
        key = (d.late,) + act.resolution_key(d.kind, d.needs_roll, combat.initiative.get(d.combatant, 0),
                                             sheet_of(other).dex_score, d.seq)
        if key < new_key and 0 <= found[0] < len(state.map.doors):
            out[found[0]] = found[1]
    return out


def planned_map(state: EncounterState, cid: str, kind: str, needs_roll: bool = False) -> BattleMap:
    """The map as it will be when a new action of ``kind`` by ``cid`` resolves: the doors
    as they stand, changed by the door actions that resolve before it (:func:`planned_doors`)."""
    changes = {i: o for i, o in planned_doors(state, cid, kind, needs_roll).items() if state.door_open(i) != o}
    battle_map = state.current_map()
    for index, opening in sorted(changes.items()):
        battle_map = battle_map.with_door(index, closed=not opening)
    return battle_map


# --------------------------------------------------------------------------- the log
def describe_door(event: Event, state: EncounterState | None) -> str:
    """``"Katie opens the door between 22,15 and 23,15."`` (the log's line for a ``DoorSet``)."""
    door = int(getattr(event, "door", -1))
    opening = bool(getattr(event, "open", False))
    if state is not None and 0 <= door < len(state.map.doors):
        name = name_of(state, door)
    else:
        name = f"door {door}"
    by = getattr(event, "by", None)
    who = state.combatants.get(by) if state is not None and by else None
    if who is not None:
        return f"{who.name} {'opens' if opening else 'closes'} {name}."
    return f"{name[0].upper()}{name[1:]} is {'opened' if opening else 'closed'}."

