"""Firing a held action in the middle of a movement (R-TURN-3, the second text).

Why it exists: the text lets a reserved action be used "at odd timings where it makes sense.
Such as: 'I fire my crossbow on them when they get in range', may mean you fire when they are in
the middle of their movement action before they reach their destination tile." So a holder
asked about a waiting move may answer :class:`~tactics.engine.combat.individual.interrupts.UseHeld`
with ``at``: a square of the mover's path before its destination. When the move resolves
(after every holder has answered), the mover walks to that square, stops there while the held
action resolves (its dice and damage at once, R-TURN-5), and then goes on with the rest of its
path (reading: N-HELD-1). A mover who is down (or can no longer act) after the held action
stays where it was hit; a mover stopped short of the square (a failed terrain check, a trap)
never got there, and the holder keeps the held action.
"""

from __future__ import annotations

import copy
from typing import Any

from tactics.engine.core.board_events import TokenMoved
from tactics.engine.combat.individual.events import TurnsHeldAimed, TurnsHeldUsed, TurnsNote
from tactics.engine.board import check_path
from tactics.engine.combat.actions import limits_of, move_budget, move_events
from tactics.engine.combat.individual.actions import EXTEND, MOVE, TurnAction, perform, validate
from tactics.engine.combat.individual.procedure import TurnsState, after, reducer
from tactics.engine.combat.team import out_of_fight
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell


def fire_squares(path: list[Cell]) -> list[Cell]:
    """Squares of a move where a held action may fire: every square before the destination."""
    return list(path[:-1])


def with_mover_at(state: EncounterState, mover: str, cell: Cell) -> EncounterState:
    """A scratch copy of the board with the mover standing on ``cell`` (to check an aim)."""
    scratch = copy.copy(state)
    scratch.combatants = copy.deepcopy(state.combatants)
    scratch.combatants[mover].cell = (int(cell[0]), int(cell[1]))
    return scratch


def aim_or_refuse(state: EncounterState, turns: TurnsState, holder: Combatant, action: TurnAction, at: Cell) -> Cell:
    """Validate a held action aimed at a square of the waiting move; return the square."""
    p = turns.pending
    if p is None or p.action.get("kind") != MOVE:
        raise Refused("a held action fires in the middle of a movement only while a move waits for the holders")
    if action.kind == EXTEND:
        raise Refused("a held action is a non-contested one: move, throw, reload ... not an attack")
    path = [(int(c[0]), int(c[1])) for c in p.action.get("path", [])]
    try:
        square = (int(at[0]), int(at[1]))
    except (TypeError, ValueError, IndexError):
        raise Refused(f"{at!r} is not a square (column, row)") from None
    if square not in fire_squares(path):
        mover = state.combatants[p.actor].name
        if path and square == path[-1]:
            raise Refused(f"that is where {mover} stops: use the held action after the move instead")
        raise Refused(f"{square} is not on {mover}'s path before its destination")
    if action.kind == MOVE and action.cells and action.cells[-1] in path:
        raise Refused(f"to step into {state.combatants[p.actor].name}'s path, Block")
    # reading: N-HELD-1 — checked as the board will be with the mover on that square
    validate(with_mover_at(state, p.actor, square), turns, holder, action)
    return square


def _feet(events: list[Event], mover: str) -> int:
    return sum(e.feet for e in events if isinstance(e, TokenMoved) and e.combatant == mover)


def _note(cid: str, text: str) -> Event:
    return TurnsNote(combatant=cid, text=text)


def walk_with_shots(state: EncounterState, pid: int, mover_id: str, path: list[Cell], aims: list[dict[str, Any]],
                    dice: Dice) -> list[Event]:
    """The mover walks ``path`` and the aimed held actions fire on their squares, in path order
    (two on one square in the order they were declared). Dice: each segment's terrain checks and
    hooks, then each held action's, in order."""
    events: list[Event] = []
    now = state
    budget = move_budget(state.combatants[mover_id])
    walked_ft, done = 0, 0
    order = sorted((a for a in aims if tuple(a["at"]) in path), key=lambda a: path.index(tuple(a["at"])))
    for aim in order:
        at = (int(aim["at"][0]), int(aim["at"][1]))
        index = path.index(at)
        if index + 1 > done:
            moved, _ = move_events(now, now.combatants[mover_id], path[done:index + 1], budget - walked_ft, dice)
            events += moved
            now = after(state, events)
            walked_ft += _feet(moved, mover_id)
            done = index + 1
        mover = now.combatants[mover_id]
        holder = now.combatants[aim["combatant"]]
        if mover.cell != at:
            events.append(_note(holder.id, f"{mover.name} never reaches {at}: {holder.name} keeps the held action"))
            return events
        if out_of_fight(holder) or limits_of(holder).no_actions:
            events.append(_note(holder.id, f"{holder.name} can no longer use the held action"))
            continue
        action = TurnAction.from_dict(aim["action"])
        fired: list[Event] = [TurnsHeldUsed(combatant=holder.id, pending=pid, action=dict(aim["action"]), at=at,
                               mid_move=True, mover=mover_id)]
        try:
            validate(now, now.combat, holder, action)
            fired += perform(after(now, fired), holder, action, dice)
        except Refused as exc:
            fired.append(_note(holder.id, f"the held action fails: {exc.reason}"))
        events += fired
        now = after(state, events)
        mover = now.combatants[mover_id]
        if out_of_fight(mover) or limits_of(mover).no_actions:
            events.append(_note(mover_id, f"{mover.name} stops at {mover.cell}"))
            return events
    rest = path[done:]
    if not rest:
        return events
    mover = now.combatants[mover_id]
    try:
        check_path(now, mover_id, rest, budget - walked_ft)
    except Refused as exc:
        events.append(_note(mover_id, f"{mover.name} stops at {mover.cell}: {exc.reason}"))
        return events
    return events + move_events(now, mover, rest, budget - walked_ft, dice)[0]


@reducer.on(TurnsHeldAimed)
def _aimed(state: EncounterState, event: TurnsHeldAimed) -> None:
    p = state.combat.pending
    if p is not None and p.id == int(event.pending):
        p.asked.append(event.combatant)
        p.aims.append({"combatant": event.combatant, "action": dict(event.action), "at": list(event.at)})


__all__ = ["aim_or_refuse", "fire_squares", "walk_with_shots", "with_mover_at"]
