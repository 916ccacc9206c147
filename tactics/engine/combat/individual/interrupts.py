"""Held actions on another creature's turn: the prompts, Use, Pass and Block (R-TURN-3, R-TURN-4).

Why it exists: while anyone holds a non-contested action, the current
character's action waits (``state.combat.pending``) and the holders are asked
one at a time in turn order after the actor. Each answers with
:class:`UseHeld` (alias :class:`Interrupt`: the held action goes first),
:class:`Block` (a held move into an enemy mover's path: the mover stops on the
square before the blocker and loses the rest of that move; a hidden blocker is
given away, N-HIDE-4) or :class:`Pass`.
After the last answer the waiting action resolves in the same command; one
that a held move made impossible (target out of reach or out of sight) is
withdrawn and the actor chooses again, its action not spent.
:class:`ResolvePending` lets the GM go on when no holder is left to ask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.core.board_events import TokenMoved
from tactics.engine.combat.events import CombatantRevealed
from tactics.engine.combat.individual.events import (
    TurnsActionTaken, TurnsHeldAimed, TurnsHeldUsed, TurnsMoveBlocked, TurnsNote, TurnsPassed, TurnsWithdrawn,
)
from tactics.engine.combat.team import out_of_fight
from tactics.engine.combat.actions import limits_of, move_budget, move_events
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.engine.board import combatant_or_refuse as who_or_refuse
from tactics.engine.combat.individual.procedure import Pending, TurnsState, after, reducer, running
from tactics.engine.combat.individual.actions import (
    EXTEND, MOVE, TurnAction, equip_interrupted, perform, resolution, settle, slot_for, slots_for, validate,
)
from tactics.rules import turns as rt
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell
from tactics.rules.movement import plan
from tactics.engine.core.labels import possessive


def next_to_ask(state: EncounterState, turns: TurnsState, *, missing: bool = False) -> str | None:
    """The holder the waiting action asks next (R-TURN-3). ``missing``: count a holder this copy
    of the state leaves out (the players' copy has no creature hidden from them) as still asked."""
    p = turns.pending
    if p is None:
        return None
    for h in p.ask:
        if h in p.asked or h not in turns.held:
            continue
        who = state.combatants.get(h)
        if (who is None and not missing) or (who is not None and out_of_fight(who)):
            continue
        return h
    return None


def _prompted(state: EncounterState, turns: TurnsState, cid: str) -> Pending:
    p = turns.pending
    if p is None:
        raise Refused("no action is waiting for an answer")
    asked = next_to_ask(state, turns)
    if asked != cid:
        who = state.combatants.get(asked) if asked else None
        raise Refused(f"{who.name} is asked first" if who else f"{state.combatants[cid].name} is not being asked")
    return p


def after_answer(state: EncounterState, dice: Dice) -> list[Event]:
    """Following a holder's answer (``state`` includes it): re-check the waiting
    action, then ask the next holder or resolve it."""
    turns: TurnsState = state.combat
    p = turns.pending
    if p is None or turns.phase != "action":
        return []
    actor = state.combatants[p.actor]
    action = TurnAction.from_dict(p.action)
    try:
        validate(state, turns, actor, action)
    except Refused as exc:  # reading: R-TURN-3, the actor chooses again; its action is not spent
        return [TurnsWithdrawn(id=p.id, combatant=actor.id, reason=exc.reason)] + settle(state, dice)
    if next_to_ask(state, turns) is not None:
        return []
    return resolution(state, p.id, p.actor, action, p.slot, dice)


def _holder(state: EncounterState, turns: TurnsState, cid: str) -> Combatant:
    who = who_or_refuse(state, cid)
    if who.id not in turns.held:
        raise Refused(f"{who.name} holds no action")
    if turns.current == who.id and turns.phase == "action":
        raise Refused(f"it is {possessive(who.name)} own turn: act normally")
    if out_of_fight(who):
        raise Refused(f"{who.name} is out of the fight")
    limits = limits_of(who)
    if limits.no_actions:
        raise Refused(f"{who.name} cannot act ({limits.reason or 'helpless'})")
    return who


@dataclass
class UseHeld:
    """A holder spends its held (non-contested) action on another's turn, before
    the waiting action resolves (R-TURN-3). Without a waiting action it may be
    used at any moment of another's turn."""

    combatant: str
    action: TurnAction
    at: Cell | None = None  # fire when the waiting mover reaches this square of its path (N-HELD-1)
    name: str = "use-held"

    def args(self) -> dict[str, Any]:
        out: dict[str, Any] = {"combatant": self.combatant, "action": self.action.to_dict()}
        if self.at is not None:
            out["at"] = list(self.at)
        return out

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        who = _holder(state, turns, self.combatant)
        action = self.action
        if turns.pending is not None:
            _prompted(state, turns, who.id)
        if slot_for(action) != rt.NON_CONTESTED or action.kind == EXTEND:
            raise Refused("a held action is a non-contested one: move, throw, reload ... not an attack")
        if len(slots_for(action)) > 1:
            raise Refused("a held action is one action; this takes both actions of a turn")
        if self.at is not None:  # in the middle of the movement: it fires when the mover gets there
            from tactics.engine.combat.individual.midmove import aim_or_refuse

            square = aim_or_refuse(state, turns, who, action, self.at)
            waiting = turns.pending
            assert waiting is not None  # aim_or_refuse refuses when no one is moving
            events: list[Event] = [TurnsHeldAimed(combatant=who.id, pending=waiting.id, mover=waiting.actor,
                                                  action=action.to_dict(), at=square)]
            return events + after_answer(after(state, events), dice)
        validate(state, turns, who, action)
        p = turns.pending
        if p is not None and action.kind == MOVE and p.action.get("kind") == MOVE:
            path = [tuple(c) for c in p.action.get("path", [])]
            if action.cells and action.cells[-1] in path:
                raise Refused(f"to step into {possessive(state.combatants[p.actor].name)} path, Block")
        events = equip_interrupted(turns, who.id, action)
        events.append(TurnsHeldUsed(combatant=who.id, pending=p.id if p else None, action=action.to_dict()))
        events += perform(after(state, events), who, action, dice)
        now = after(state, events)
        return events + (after_answer(now, dice) if p is not None else settle(now, dice))


#: The brief's name for the same command.
#: The brief's name for the same command.
Interrupt = UseHeld


@dataclass
class Pass:
    """The holder being asked lets the waiting action go on (keeps holding)."""

    combatant: str
    name: str = "pass"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        who = who_or_refuse(state, self.combatant)
        p = _prompted(state, turns, who.id)
        events: list[Event] = [TurnsPassed(combatant=who.id, pending=p.id)]
        return events + after_answer(after(state, events), dice)


@dataclass
class ResolvePending:
    """The GM lets a waiting action resolve when no holder is left to ask
    (a holder fell meanwhile)."""

    name: str = "resolve-pending"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        if turns.pending is None:
            raise Refused("no action is waiting")
        asked = next_to_ask(state, turns)
        if asked is not None:
            raise Refused(f"{state.combatants[asked].name} has not answered yet")
        return after_answer(state, dice)


@dataclass
class Block:
    """A holder asked about an enemy's move steps into its path (R-TURN-4).

    ``cell``: the square of the mover's path to step onto (not its first: the
    mover always gets one square); ``path``: the blocker's own route (default:
    the shortest within its run). The mover stops on the square before the
    blocker and loses the rest of that move; a hidden blocker is revealed to it
    (reading: N-HIDE-4).
    """

    combatant: str
    cell: Cell
    path: list[Cell] | None = None
    name: str = "block"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "cell": list(self.cell),
                "path": [list(c) for c in self.path] if self.path is not None else None}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        blocker = _holder(state, turns, self.combatant)
        p = _prompted(state, turns, blocker.id)
        if p.action.get("kind") != MOVE:
            raise Refused(f"{state.combatants[p.actor].name} is not moving: nothing to block")
        mover = state.combatants[p.actor]
        if mover.team == blocker.team:
            raise Refused(f"{blocker.name} blocks enemies, not an ally")  # reading: N-TURN-6
        planned = [(int(c[0]), int(c[1])) for c in p.action["path"]]
        cell = (int(self.cell[0]), int(self.cell[1]))
        try:
            rt.stop_before_blocker(planned, cell)
        except rt.TurnRefused as exc:
            raise Refused(str(exc)) from None
        budget = move_budget(blocker)
        route = [(int(c[0]), int(c[1])) for c in self.path] if self.path else block_route(state, blocker, cell)
        if not route or route[-1] != cell:
            raise Refused(f"{blocker.name} cannot reach {cell} with {budget} ft")
        events = equip_interrupted(turns, blocker.id, None)
        events.append(TurnsHeldUsed(combatant=blocker.id, pending=p.id, block=True,
                                    action=TurnAction(MOVE, path=route).to_dict()))
        events += move_events(state, blocker, route, budget, dice)[0]
        now = after(state, events)
        stand = now.combatants[blocker.id].cell
        if stand not in planned[1:]:  # stopped short (a failed check, a trap): no block
            events.append(TurnsNote(combatant=blocker.id, text=f"{blocker.name} does not get into the path"))
            return events + after_answer(after(now, events[-1:]), dice)
        walked = rt.stop_before_blocker(planned, stand)
        while walked and (other := now.at(walked[-1])) is not None and other.id != mover.id:
            walked.pop()  # cannot end on an ally's square (R-GRID-5): back up to a free one
        mover_budget = move_budget(mover)
        aims = [a for a in p.aims if tuple(a["at"]) in walked]
        if aims and walked:  # held actions aimed at squares the mover still reaches (N-HELD-1)
            from tactics.engine.combat.individual.midmove import walk_with_shots

            moved = walk_with_shots(now, p.id, mover.id, walked, aims, dice)
        else:
            moved = move_events(now, now.combatants[mover.id], walked, mover_budget, dice)[0] if walked else []
        end = mover.cell
        walked_ft = 0
        for e in moved:
            if isinstance(e, TokenMoved) and e.combatant == mover.id:
                end = e.path[-1]
                walked_ft += e.feet
        taken = TurnsActionTaken(id=p.id, combatant=mover.id, slot=p.slot, action=p.action)
        assert mover.cell is not None and end is not None  # a mover on the map (checked above)
        blocked = TurnsMoveBlocked(id=p.id, mover=mover.id, blocker=blocker.id, at=stand,
                                   start=mover.cell, planned=list(planned),
                                   walked=list(walked), stop=end, walked_ft=walked_ft,
                                   budget_ft=mover_budget, lost_ft=rt.movement_lost(mover_budget, walked_ft))
        # the mover's own walk first (a check it fails on its first square comes before the block's
        # line), then what the block did to it (R-TURN-4; reading: N-TURN-15)
        events += [taken] + moved + [blocked]
        if blocker.hidden:  # reading: N-HIDE-4, the mover stopped against the blocker: it knows where it stands
            events.append(CombatantRevealed(combatant=blocker.id, reason=f"blocked {mover.name}"))
        return events + settle(after(state, events), dice)


def block_route(state: EncounterState, blocker: Combatant, cell: Cell) -> list[Cell]:
    """The blocker's shortest legal route to ``cell`` within its run (R-GRID-3..5)."""
    if blocker.cell is None:
        return []
    enemies = [c.cell for c in state.enemies_of(blocker) if c.cell is not None]
    allies = [c.cell for c in state.allies_of(blocker) if c.cell is not None]
    p = plan(state.current_map(), blocker.cell, move_budget(blocker), enemies=enemies, occupied=allies)
    return p.path_to(cell) if cell in p.endable else []


def block_squares(state: EncounterState, blocker_id: str) -> list[Cell]:
    """Squares of the waiting move's path this holder could step onto to block it."""
    turns = state.combat
    if not isinstance(turns, TurnsState) or turns.pending is None or turns.pending.action.get("kind") != MOVE:
        return []
    blocker = state.combatants[blocker_id]
    if blocker.team == state.combatants[turns.pending.actor].team or blocker.cell is None:
        return []
    path = [(int(c[0]), int(c[1])) for c in turns.pending.action["path"]]
    return [c for c in rt.blockable_cells(path) if block_route(state, blocker, c)]


# --------------------------------------------------------------------------- reducers
@reducer.on(TurnsPassed)
def _passed(state: EncounterState, event: TurnsPassed) -> None:
    state.combat.pending.asked.append(event.combatant)


@reducer.on(TurnsWithdrawn)
def _withdrawn(state: EncounterState, event: TurnsWithdrawn) -> None:
    t = state.combat
    t.pending = None
    t.next_id = max(t.next_id, int(event.id) + 1)


@reducer.on(TurnsHeldUsed)
def _held_used(state: EncounterState, event: TurnsHeldUsed) -> None:
    t = state.combat
    if event.combatant in t.held:
        t.held.remove(event.combatant)
    if t.pending is not None and event.pending == t.pending.id:
        t.pending.asked.append(event.combatant)


@reducer.on(TurnsMoveBlocked)
def _blocked(state: EncounterState, event: TurnsMoveBlocked) -> None:
    state.combat.last_block = event.to_dict()["data"]
