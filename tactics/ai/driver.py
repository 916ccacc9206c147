"""Playing the app-controlled teams through the encounter's ordinary commands.

Why it exists: the opponent must be a player like any other: whatever it does
is a command submitted to the journal (so it is logged, undoable, replayable
and autosaved), checked by the same rules a person's click is. The window calls
:meth:`Opponent.step` once per beat (so a table can follow each declaration,
move and roll); tests and the benchmark call :meth:`Opponent.play` to run the
app's whole turn at once.

It acts only at its own teams' moments: the Advantages step and the Action
Phase of their groups (team rounds), their characters' turns and held-action
prompts (individual turns). The Counter Phase and everything else stay the
GM's. On the starship screen it plays the crew posts of the app's ships in each
phase (:mod:`tactics.ai.starship_turn`), one ``TakeAction`` a step; ending a
phase stays the GM's, unless the app plays every ship.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from tactics.ai.individual_turn import plan_action, why_not_attack
from tactics.ai.knowledge import known_state
from tactics.ai.team_turn import Choice, plan_group
from tactics.engine.combat.actions import Declare, ResolveNext
from tactics.engine.combat.passing import DoNothing, uncommitted
from tactics.engine.combat.individual.actions import TakeAction
from tactics.engine.combat.individual.interrupts import Pass
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, TurnsState
from tactics.engine.combat.state import out_of_fight
from tactics.engine.combat.team import Advance
from tactics.ai.starship_turn import due_posts, plan_post
from tactics.engine.core.control import app_sides, app_teams, ship_sides
from tactics.engine.core.journal import Entry, Refused
from tactics.engine.core.state import EncounterState
from tactics.engine.hazards.facing import SetFacing, facing_window
from tactics.rules.grid import distance_ft
from tactics.engine.starship.commands import EndPhase
from tactics.engine.starship.commands import TakeAction as TakeShipAction
from tactics.engine.starship.state import SpaceState


def app_controlled_teams(state: EncounterState) -> dict[str, str]:
    """Every team the app plays, with its level (``"win"`` / ``"monster"``)."""
    return app_teams(state)


@dataclass
class Step:
    """One command the opponent submitted, and why."""

    entry: Entry
    reason: str = ""


@dataclass
class HeldBack:
    """A command :attr:`Opponent.hold` kept from the journal: the window asks the table for something
    first (a player's typed save) and submits it then (:meth:`Opponent.submitted`)."""

    command: Any
    reason: str
    choice: Any


@dataclass
class Opponent:
    """The app's player for every app-controlled team of one encounter."""

    encounter: Any  # tactics.engine.core.encounter.Encounter (or anything with .state and .submit)
    _queue: list[Choice] = field(default_factory=list)
    _planned_for: tuple[Any, ...] | None = None
    _faced: set[tuple[Any, ...]] = field(default_factory=set)  # facing moments already answered
    refused: list[str] = field(default_factory=list)  # what the engine refused (each retried with the next best choice)
    _kept: set[tuple[Any, ...]] = field(default_factory=set)  # ship posts that keep their action this phase
    #: where the app plays: None everywhere, "ground" only the battle map, "space" only the starship
    #: battle (the window plays the screen that is shown)
    scope: str | None = None
    _space_plan: tuple[Any, Any] | None = None  # (the moment, its next command): the window asks every frame
    #: individual turns: (round, character, square, actions spent, foe) of a move made "to attack" that foe
    _aim: tuple[Any, ...] | None = None
    #: asked with each command before it is submitted; True holds it back (nothing submitted, the
    #: step is None): the window asks the table for a player's typed save first, then submits it
    #: itself and reports it (:meth:`submitted`). None (tests, the benchmark): every command goes in.
    hold: Callable[[Any], bool] | None = None
    held_back: HeldBack | None = None  # the command held back, until it is submitted or let go

    @property
    def state(self) -> EncounterState:
        return self.encounter.state

    # ------------------------------------------------------------------ whose moment
    def due(self) -> bool:
        """Is it an app-controlled team's moment to act?"""
        return self._next() is not None

    def step(self) -> Step | None:
        """Submit the app's next command (None: nothing for the app to do now)."""
        for _ in range(12):  # a refused choice falls back to the next best; never loop for ever
            command = self._next()
            if command is None:
                return None
            cmd, reason, choice = command
            if isinstance(cmd, SetFacing):  # once per creature and moment, even if refused (review 14, finding 8:
                self._faced.add(self._facing_key(cmd.combatant))  # due() asking first used it up, unchosen)
            if self.hold is not None and self.hold(cmd):
                self.held_back = HeldBack(cmd, reason, choice)
                return None
            try:
                entry = self.encounter.submit(cmd)
            except Refused as exc:
                self.refused.append(f"{cmd.name}: {exc}")
                if isinstance(choice, tuple):  # a ship's post: it keeps its action this phase
                    self._kept.add(choice)
                else:
                    self._drop(choice)
                continue
            return self._went_in(entry, reason, choice)
        return None

    def submitted(self, entry: Entry) -> Step:
        """The command held back (:attr:`hold`) is in the journal as ``entry``: the app goes on from
        it as from any of its steps (its group's plan moves past it)."""
        held, self.held_back = self.held_back, None
        if held is None:
            return Step(entry)
        return self._went_in(entry, held.reason, held.choice)

    def _went_in(self, entry: Entry, reason: str, choice: Any) -> Step:
        """The bookkeeping after one of the app's commands went in."""
        if isinstance(self.state.combat, TurnsState):
            self._queue = []  # the next action is planned afresh, with this one's dice in view
            self._aim = self._aim_after(choice)
        elif choice is not None and self._queue and self._queue[0] is choice:
            choice.actions.pop(0)
            choice.said = True
        return Step(entry, reason)

    def play(self, limit: int = 200) -> list[Step]:
        """Every command of the app's current moment(s) until people (or the GM) must act."""
        out: list[Step] = []
        for _ in range(limit):
            done = self.step()
            if done is None:
                break
            out.append(done)
        return out

    # ------------------------------------------------------------------ what next
    def _next(self) -> tuple[Any, str, Any] | None:
        state = self.state
        if self.scope != "ground":
            in_space = self._next_space(state)
            if in_space is not None or self.scope == "space":
                return in_space
        combat = state.combat
        teams = app_teams(state)
        if combat is None or not teams or getattr(combat, "phase", "ended") == "ended" or getattr(combat, "winner", None):
            return None
        if isinstance(combat, TurnsState):
            return self._next_individual(state, combat, teams)
        facing = self._next_facing(state, teams)
        if facing is not None:
            return facing, "", None
        return self._next_team(state, combat, teams)

    def _next_facing(self, state: EncounterState, teams: dict[str, str]) -> SetFacing | None:
        """After its group's turn each app creature keeps facing its nearest known foe (R-FACE-1:
        decided at the end of the turn; the facing then follows that foe)."""
        window = facing_window(state) or []
        for cid in window:
            who = state.combatants.get(cid)
            key = self._facing_key(cid)
            if who is None or who.team not in teams or who.down or key in self._faced:
                continue
            foe = nearest_foe(state, who)
            if foe is not None and who.facing_target != foe:
                return SetFacing(cid, keep_facing=foe)  # marked faced when submitted (step): due() only asks
            self._faced.add(key)
        return None

    def _facing_key(self, cid: str) -> tuple[Any, ...]:
        combat = self.state.combat
        return (combat.round, combat.group_index, combat.phase, cid)

    def _next_team(self, state: EncounterState, combat: Any, teams: dict[str, str]) -> tuple[Any, str, Choice | None] | None:
        order = combat.turn_order()
        upcoming = order[combat.group_index] if 0 <= combat.group_index < len(order) else None
        if combat.phase == "advantages":
            if upcoming is not None and upcoming.team in teams:
                return Advance(), "", None
            return None
        if combat.phase != "action" or upcoming is None or upcoming.team not in teams:
            return None
        key = (combat.round, combat.group_index, upcoming.team)
        if self._planned_for != key:
            self._planned_for = key
            self._queue = plan_group(state, upcoming.team, teams[upcoming.team])
        while self._queue:
            choice = self._queue[0]
            if not choice.actions:
                self._queue.pop(0)
                continue
            action = choice.actions[0]
            if not choice.said and choice.reason:  # the reason goes with the first declaration
                action = replace(action, note=choice.reason)
            return Declare(choice.combatant, action), choice.reason, choice
        idle = [cid for cid in uncommitted(state) if state.combatants[cid].team == upcoming.team]
        if idle:  # members with nothing worth doing say so, in one line: no roll waits (N-ORD-4, N-ORD-6)
            return DoNothing(idle[0], tuple(idle[1:])), "", None
        if any(d.status == "declared" for d in combat.declarations):
            return ResolveNext(), "", None
        return Advance(), "", None

    def _next_space(self, state: EncounterState) -> tuple[Any, str, Any] | None:
        """The next crew post of an app ship to act in this phase of the starship battle."""
        space = getattr(state, "space", None)
        if not isinstance(space, SpaceState) or not space.started:
            return None
        sides = app_sides(state)
        if not sides:
            return None
        if self._space_plan is not None and self._space_plan[0] == self._moment(state, space, sides):
            return self._space_plan[1]
        planned = self._plan_space(state, space, sides)
        self._space_plan = (self._moment(state, space, sides), planned)  # (planning may keep posts)
        return planned

    def _moment(self, state: EncounterState, space: SpaceState, sides: dict[str, str]) -> tuple[Any, ...]:
        """What a ship's plan depends on, cheaply: any roll, phase, undo or controller change alters it."""
        last = space.rolls[-1] if space.rolls else None
        return (id(state), id(space), space.round, space.phase, len(space.rolls), id(last),
                tuple(sorted(sides.items())), len(self._kept))

    def _plan_space(self, state: EncounterState, space: SpaceState, sides: dict[str, str]) -> tuple[Any, str, Any] | None:
        for ship in list(space.ships.values()):
            if ship.side not in sides:
                continue
            for post in due_posts(space, ship.id):
                key = (space.round, space.phase, ship.id, post)
                if key in self._kept:
                    continue
                choice = plan_post(space, ship.id, post, sides[ship.side])
                if choice is None:
                    self._kept.add(key)  # nothing worth its action: the post keeps it
                    continue
                note = choice.reason.split(": ", 1)[-1]  # the log line already names the ship and post
                params = dict(choice.params) | {"note": note}
                return TakeShipAction(ship.id, post, choice.action, params), choice.reason, key
        if set(ship_sides(state)) <= set(sides):  # no people to wait for: the app ends the phase
            return EndPhase(), "", None
        return None

    def _drop(self, choice: Choice | None) -> None:
        """The engine refused ``choice``'s next action: fall back, or give up that member."""
        if choice is None:
            # an Advance / ResolveNext refused: nothing sensible to retry this moment
            if self.state.combat is None:
                return
            self._planned_for = ("stuck", self.state.combat.round)
            self._queue = []
            return
        if isinstance(self.state.combat, TurnsState):
            self._queue = list(choice.alternatives)
            return
        if self._queue and self._queue[0] is choice:
            self._queue.pop(0)
        declared = self.state.combat.declarations_of(choice.combatant)
        if not declared and choice.alternatives:
            nxt = choice.alternatives[0]
            nxt.alternatives = choice.alternatives[1:]
            self._queue.insert(0, nxt)

    def _next_individual(self, state: EncounterState, turns: TurnsState, teams: dict[str, str]) -> tuple[Any, str, Choice | None] | None:
        if turns.pending is not None:
            asked = [c for c in turns.pending.ask if c not in turns.pending.asked]
            holder = asked[0] if asked else None
            if holder is not None and state.combatants[holder].team in teams:
                return Pass(holder), "", None
            return None
        if turns.phase in ("ready", "between"):
            upcoming = _next_up(state, turns)
            if upcoming is not None and state.combatants[upcoming].team in teams:
                return BeginTurn(), "", None
            return None
        if turns.phase != "action" or turns.current is None:
            return None
        who = state.combatants[turns.current]
        if who.team not in teams:
            return None
        if self._queue:
            choice = self._queue[0]
            if choice.actions:
                action = choice.actions[0]
                if not action.note and choice.reason:
                    action = replace(action, note=choice.reason)
                self._queue.pop(0)
                return TakeAction(who.id, action), choice.reason, choice
        aim = self._aim_now(turns, who.id)
        planned = plan_action(state, who.id, teams[who.team], aim=aim)
        if planned is None:
            foe = nearest_foe(state, who)
            why = f" ({why_not_attack(state, who.id, aim)})" if aim is not None else ""
            return EndTurn(keep_facing=foe), f"{who.name} ends its turn{why}", None
        action = planned.actions[0]
        if not action.note and planned.reason:
            action = replace(action, note=planned.reason)
        return TakeAction(who.id, action), planned.reason, planned


    def _aim_after(self, choice: Any) -> tuple[Any, ...] | None:
        """What the action just taken promised: the foe its move was made to attack this turn."""
        turns = self.state.combat
        if not isinstance(choice, Choice) or choice.aim is None or not isinstance(turns, TurnsState):
            return None
        who = self.state.combatants.get(choice.combatant)
        return (turns.round, choice.combatant, who.cell if who else None, len(turns.spent), choice.aim)

    def _aim_now(self, turns: TurnsState, cid: str) -> str | None:
        """The foe ``cid``'s move this turn was made to attack, while nothing has moved it since
        (an undone move, a new turn: no promise)."""
        if self._aim is None:
            return None
        round_, who, cell, spent, foe = self._aim
        here = self.state.combatants.get(cid)
        if (round_, who, spent) != (turns.round, cid, len(turns.spent)) or here is None or here.cell != cell:
            return None
        return foe


def nearest_foe(state: EncounterState, who: Any) -> str | None:
    """The id of the nearest foe ``who``'s side knows of (ties: the lower id)."""
    view = known_state(state, who.team)
    foes = [c for c in view.enemies_of(who) if not c.down and c.cell is not None]
    here = who.cell
    if not foes or here is None:
        return None
    return min(foes, key=lambda c: (distance_ft(here, c.cell) if c.cell is not None else 10**6, c.id)).id


def _next_up(state: EncounterState, turns: TurnsState) -> str | None:
    """Who BeginTurn will start next (the engine's own order, the fallen passed over)."""
    left = [c for c in turns.order if c not in turns.acted]  # as BeginTurn orders them
    candidates = left or list(turns.order)
    for cid in candidates:
        who = state.combatants[cid]
        if not out_of_fight(who) and who.cell is not None:
            return cid
    return None
