"""Individual turns: the procedure of a fight in the second text's mode (R-TURN-1..5, R-FACE-1).

Why it exists: a table that prefers "each character takes its own turn with
two actions" sets ``mode = "individual"`` in the encounter file (or
``tactics --mode individual``). Then ``state.combat`` holds a
:class:`TurnsState` instead of the team rules' ``CombatState``, and these
commands move the fight on:

* :class:`StartTurns` ``(order="table"|"rolled", npc_grouping=...)``: the turn
  order (R-TURN-1); :class:`ReorderTurns` (the tracker's drag);
  :class:`JoinTurns` for a latecomer;
* :class:`BeginTurn`: the next character's turn starts; its effects apply and
  their counters run down; an effect of its own that ends now may be extended
  by its first action (N-TURN-2, N-TURN-3); an unused held action is lost;
* :class:`EndTurn` ``(facing=..., keep_facing=...)``: facing is declared at the
  end of the turn (R-FACE-1); :class:`EndTurns` (the GM stops the fight).

Actions, held actions, interrupts and blocking are in
:mod:`tactics.engine.combat.individual.actions`; questions for the window and the log in
:mod:`tactics.engine.combat.individual.view`.

``TurnsState`` also answers the few questions other modules ask any running
fight (``round``, ``phase``, ``acting_group()``, ``group_of()``,
``turn_order()``, ``turns_done``): each character is its own one-member
"group" ``"<id>:turn"``, so a grenade's fuse (R-GREN-4) names the targeted
character's turn, and ``ground.GROUP_HOOKS`` hear the start and end of every
turn as they hear a group's (reading: N-TURN-10).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from tactics.engine.hazards.events import FacingSet
from tactics.engine.combat.individual.events import (
    TurnsBegan, TurnsEndedTurn, TurnsExtended, TurnsJoined, TurnsLapsed, TurnsOver, TurnsReordered, TurnsRound, TurnsSkipped,
    TurnsStarted,
)
from tactics.engine.board import combatant_or_refuse as who_or_refuse
from tactics.engine.combat.team import GROUP_HOOKS, Group, GroupMoment, out_of_fight, sheet_of
from tactics.engine.combat.roster import entry_square
from tactics.engine.core.fork import fork
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.labels import possessive
from tactics.engine.core.state import Combatant, Condition, EncounterState
from tactics.rules import turns as rt
from tactics.rules.dice import Dice

reducer = Reducer()

TURN = "turn"  # the "group" kind of a one-character turn


# --------------------------------------------------------------------------- state
@dataclass
class Pending:
    """An action declared and waiting while the holders are asked (R-TURN-3)."""

    id: int
    actor: str
    action: dict[str, Any]
    slot: str  # "contested" | "non-contested"
    ask: list[str]  # holders to ask, in turn order after the actor
    asked: list[str] = field(default_factory=list)
    aims: list[dict[str, Any]] = field(default_factory=list)  # held actions to fire mid-move (N-HELD-1)


@dataclass
class TurnsState:
    round: int
    order: list[str]
    how: str  # "table" | "rolled"
    phase: str = "ready"  # "ready" | "action" | "between" | "ended"
    current: str | None = None
    acted: list[str] = field(default_factory=list)  # took (or skipped) their turn this round
    spent: list[str] = field(default_factory=list)  # the current character's actions: contested/non-contested/hold
    held: list[str] = field(default_factory=list)  # who holds a non-contested action now
    lapsing: list[dict[str, Any]] = field(default_factory=list)  # own effects that ended at this turn's start
    lived: dict[str, list[list[Any]]] = field(default_factory=dict)  # conditions that lived through a turn
    began_with: list[list[Any]] = field(default_factory=list)  # the current character's effects as its turn began
    equipping: dict[str, int] = field(default_factory=dict)  # shield: actions done so far
    shields: list[str] = field(default_factory=list)
    fired: dict[str, dict[str, int]] = field(default_factory=dict)  # shots since the last reload, per weapon
    pending: Pending | None = None
    free_queue: list[dict[str, Any]] = field(default_factory=list)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 1
    last_block: dict[str, Any] | None = None
    turns_done: list[str] = field(default_factory=list)
    winner: str | None = None
    mode: str = "individual"

    # -- the questions any running fight answers (duck typing, see the module doc)
    @property
    def group_index(self) -> int:
        return self.order.index(self.current) if self.current in self.order else 0

    def turn_order(self) -> list[Group]:
        return [Group(cid, TURN, [cid]) for cid in self.order]

    def acting_group(self) -> Group | None:
        if self.phase != "action" or self.current is None:
            return None
        return Group(self.current, TURN, [self.current])

    def group_of(self, cid: str) -> str | None:
        return f"{cid}:{TURN}" if cid in self.order else None

    def can_act_now(self, cid: str) -> bool:
        return self.phase == "action" and self.current == cid and self.pending is None


def turns_of(state: EncounterState) -> TurnsState | None:
    return state.combat if isinstance(state.combat, TurnsState) else None


def why_not_acting(state: EncounterState, cid: str) -> str | None:
    """Why ``cid`` cannot act now in individual turns, in words for the tracker's buttons (None: it
    is its turn and no held action waits): the turns not running, another's turn, an action
    waiting for the holders' answers (R-TURN-3)."""
    turns = turns_of(state)
    who = state.combatants[cid]
    if turns is None or turns.phase == "ended":
        return "individual turns are not running"
    if turns.phase != "action" or turns.current != cid:
        now = state.combatants[turns.current].name if turns.current in state.combatants else "no one"
        return f"it is not {possessive(who.name)} turn: {now} acts now"
    if turns.pending is not None:
        return f"{possessive(state.combatants[turns.pending.actor].name)} action is waiting for the holders' answers"
    return None


def running(state: EncounterState) -> TurnsState:
    turns = turns_of(state)
    if turns is None:
        if state.mode != "individual":
            raise Refused("this encounter plays the team rules; individual turns are off (mode = \"team\")")
        raise Refused("the fight has not started: start the turn order first")
    if turns.phase == "ended":
        raise Refused("the fight is over")
    return turns


def rules_of(state: EncounterState) -> rt.TurnRules:
    try:
        return rt.turn_rules(state.settings)
    except ValueError as exc:
        raise Refused(str(exc)) from None


def signature(cond: Condition) -> list[Any]:
    """What identifies one application of a condition (a re-applied one is new)."""
    return [cond.name, cond.set_in_round, cond.set_after_group, cond.source]


def after(state: EncounterState, events: list[Event]) -> EncounterState:
    """A scratch copy of the state with ``events`` applied, so a command can
    work out what follows an interrupt on the board as it will then be.

    The parts events change are copied with :func:`fork` (what ``copy.deepcopy``
    gives, several times faster: this runs several times per command); the map,
    teams and settings are shared, as no event changes them.
    """
    if not events:
        return state
    from tactics.engine.features import ENCOUNTER_REDUCER  # late: the features import this module

    scratch = copy.copy(state)
    scratch.combatants = fork(state.combatants)
    scratch.combat = fork(state.combat)
    scratch.traps = fork(state.traps)
    scratch.grenades = fork(state.grenades)
    scratch.open_doors = set(state.open_doors)
    scratch.closed_doors = set(state.closed_doors)
    scratch.revealed_doors = set(state.revealed_doors)
    scratch.notes = list(state.notes)
    for e in events:
        ENCOUNTER_REDUCER.apply(scratch, e)
    return scratch


def hook_events(state: EncounterState, turns: TurnsState, cid: str, when: str, dice: Dice) -> list[Event]:
    """What other modules do at the start or end of a character's turn (grenade fuses)."""
    moment = GroupMoment(turns.round, cid, TURN, when)
    out: list[Event] = []
    for hook in GROUP_HOOKS:
        out.extend(hook(state, moment, dice))
    return out


def over_events(state: EncounterState) -> list[Event]:
    """The fight ends when one side is left standing (R-END-1)."""
    from tactics.engine.combat.team import winner_if_over

    turns = turns_of(state)
    if turns is None or turns.phase == "ended":
        return []
    winner = winner_if_over(state)
    if winner is None:
        return []
    return [TurnsOver(round=turns.round, winner=winner)]


# --------------------------------------------------------------------------- commands
@dataclass
class StartTurns:
    """Set the turn order (R-TURN-1).

    ``order="table"``: players first, then NPCs, in roster order (the GM may
    drag them afterwards). ``order="rolled"``: d20 + Reflex, highest first,
    ties re-rolled; NPCs roll ``npc_grouping="single"`` (each alone),
    ``"groups"`` (one roll per group: ``npc_groups`` maps ids to group names,
    by default NPCs with the same sheet roll together) or ``"one"`` (one roll
    for every NPC). Players always roll for themselves.
    """

    order: str = "table"
    npc_grouping: str = "single"
    npc_groups: dict[str, str] | None = None
    name: str = "start-turns"

    def args(self) -> dict[str, Any]:
        return {"order": self.order, "npc_grouping": self.npc_grouping, "npc_groups": self.npc_groups}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        if state.mode != "individual":
            raise Refused("this encounter plays the team rules; set mode = \"individual\" to take individual turns")
        if state.combat is not None and getattr(state.combat, "phase", "ended") != "ended":
            raise Refused("the fight is already under way")
        if self.order not in rt.ORDERS:
            raise Refused(f"turn order is {' or '.join(rt.ORDERS)}, not {self.order!r}")
        if self.npc_grouping not in rt.NPC_GROUPINGS:
            raise Refused(f"NPCs roll {', '.join(rt.NPC_GROUPINGS)}, not {self.npc_grouping!r}")
        present = [c for c in state.combatants.values() if c.present and c.cell is not None]
        if len({c.team for c in present}) < 2:
            raise Refused("a fight needs at least two sides on the map")
        groups = dict(self.npc_groups or {})
        unknown = [g for g in groups if g not in state.combatants]
        if unknown:
            raise Refused(f"no combatant called {unknown[0]!r}")

        def players(c: Combatant) -> bool:
            team = state.teams.get(c.team)
            return bool(team and team.players)

        rolls: list[dict[str, Any]] = []
        if self.order == "table":
            order = rt.table_order((c.id, players(c)) for c in present)
        else:
            entries = [(c.id, players(c), sheet_of(c).save("Reflex"), groups.get(c.id) or sheet_of(c).name)
                       for c in present]
            how = rules_of(state).turns.npc_group_reflex
            rolling = rt.rollers(entries, self.npc_grouping, how=how)  # reading: N-TURN-1
            order, raw = rt.rolled_order(rolling, lambda: dice.d(20))
            rolls = [{"key": r.key, "members": list(r.members), "attempt": r.attempt, "d20": r.d20,
                      "bonus": r.bonus, "total": r.total} for r in raw]
        return [TurnsStarted(round=1, how=self.order, grouping=self.npc_grouping, order=order, rolls=rolls)]


@dataclass
class ReorderTurns:
    """The GM drags the tracker into a new order (any time; R-TURN-1).

    Whoever has not acted this round acts next in the new order; the current
    character keeps its turn.
    """

    order: list[str]
    name: str = "reorder-turns"

    def args(self) -> dict[str, Any]:
        return {"order": list(self.order)}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        new = [str(c) for c in self.order]
        if sorted(new) != sorted(turns.order) or len(set(new)) != len(new):
            raise Refused("the new order must list everyone in the turn order exactly once")
        if new == turns.order:
            raise Refused("that is the order already")
        return [TurnsReordered(order=new)]


@dataclass
class JoinTurns:
    """A latecomer joins the fight at ``index`` in the order (default: last)."""

    combatant: str
    cell: tuple[int, int] | None = None
    index: int | None = None
    name: str = "join-turns"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "cell": list(self.cell) if self.cell else None, "index": self.index}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        who = who_or_refuse(state, self.combatant)
        if who.id in turns.order:
            raise Refused(f"{who.name} is already in the turn order")
        cell = entry_square(state, who, self.cell)
        index = len(turns.order) if self.index is None else max(0, min(len(turns.order), int(self.index)))
        return [TurnsJoined(combatant=who.id, cell=cell, index=index)]


def _next_up(state: EncounterState, turns: TurnsState) -> tuple[int, list[str]]:
    """(round, candidates in order) for the next turn: the first in the order
    who has not acted this round; after the last, the next round from the top."""
    left = [c for c in turns.order if c not in turns.acted]
    if left:
        return turns.round, left
    return turns.round + 1, list(turns.order)


def up_next(state: EncounterState) -> tuple[int, str | None]:
    """(round, combatant) of the turn :class:`BeginTurn` would begin now, between two turns: the
    first in the order still to act, passing over who is out of the fight or off the map, into the
    next round after the last (the combatant None: no one can act, or the fight would end instead).
    The banner says it ("Round 2: Brandon's turn next"; review 18: it said "Round 1: begin the next
    character's turn" as Round 2 began)."""
    turns = turns_of(state)
    if turns is None or turns.phase == "ended":
        return (turns.round if turns is not None else 0), None
    if over_events(state):
        return turns.round, None
    rnd, candidates = _next_up(state, turns)
    for _ in range(2):  # what is left of this round, then a whole round
        for cid in candidates:
            who = state.combatants.get(cid)
            if who is not None and not out_of_fight(who) and who.cell is not None:
                return rnd, cid
        rnd, candidates = rnd + 1, list(turns.order)
    return turns.round, None


def start_of_turn(state: EncounterState, turns: TurnsState, cid: str) -> dict[str, Any]:
    """The counters of one character's effects at the start of its turn (N-TURN-2).

    A counter goes down by one only if the effect has lived through one of the
    bearer's turns (on it from the start to the end of its last turn: one that
    landed during that turn, a mine walked into or the GM's ruling, has not), so
    "Stunned for 1 round" costs the bearer its next turn whoever set it and when
    (one that lands as the turn starts, a cooked grenade, costs that turn). At 0 the
    effect ends; one the bearer set on itself lapses instead and may be
    extended by the bearer's first action (N-TURN-3).
    """
    who = state.combatants[cid]
    lived = {tuple(s) for s in turns.lived.get(cid, [])}
    ticks, ended, lapsing, effects = [], [], [], []
    for cond in who.conditions:
        left = cond.rounds
        if cond.rounds is not None and tuple(signature(cond)) in lived:
            left = max(0, cond.rounds - 1)
            ticks.append({"name": cond.name, "from": cond.rounds, "to": left})
            if left == 0:
                if cond.source == cid:
                    lapsing.append({"name": cond.name, "source": cond.source})
                else:
                    ended.append(cond.name)
                continue
        effects.append({"name": cond.name, "rounds": left})
    return {"ticks": ticks, "ended": ended, "lapsing": lapsing, "effects": effects,
            "held_lost": cid in turns.held}


@dataclass
class BeginTurn:
    """The next character's turn begins (R-TURN-2, N-TURN-2, R-TURN-3).

    Combatants out of the fight are passed over (their turn's start and end
    still happen for fuses). At the start of the turn its effects apply and
    their counters run down; an unused held action from last turn is lost.
    """

    name: str = "begin-turn"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        if turns.phase == "action":
            who = state.combatants[turns.current] if turns.current else None
            raise Refused(f"{who.name if who else 'someone'}'s turn is not over yet: end it first")
        ended = over_events(state)  # the GM's own changes may have settled it (R-END-1)
        if ended:
            return ended
        if not any(not out_of_fight(state.combatants[c]) and state.combatants[c].cell is not None
                   for c in turns.order):
            raise Refused("no one in the turn order can act")
        events: list[Event] = []
        rnd, candidates = _next_up(state, turns)
        while True:
            if rnd != turns.round and not (events and events[-1].kind == "turns.round"):
                events.append(TurnsRound(round=rnd))
            for cid in candidates:
                who = state.combatants[cid]
                if out_of_fight(who) or who.cell is None:
                    events += hook_events(state, turns, cid, "start", dice)
                    events.append(TurnsSkipped(round=rnd, combatant=cid, held_lost=cid in turns.held))
                    events += hook_events(state, turns, cid, "end", dice)
                    continue
                events += hook_events(state, turns, cid, "start", dice)
                events.append(TurnsBegan(round=rnd, combatant=cid, **start_of_turn(state, turns, cid)))
                return events
            rnd, candidates = rnd + 1, list(turns.order)  # everyone left was out: the next round


@dataclass
class EndTurn:
    """The current character's turn ends; it declares its facing (R-FACE-1).

    ``facing``: one of the 8 directions, or ``keep_facing``: a combatant or an
    object to keep facing (its facing then follows that target), or
    ``keep_facing_cell``: a square to keep facing. Neither: the facing stays as
    it is (reading: N-TURN-9). Declaring a facing costs no action.
    """

    facing: str | None = None
    keep_facing: str | None = None
    keep_facing_cell: tuple[int, int] | None = None
    name: str = "end-turn"

    def args(self) -> dict[str, Any]:
        out: dict[str, Any] = {"facing": self.facing, "keep_facing": self.keep_facing}
        if self.keep_facing_cell is not None:
            out["keep_facing_cell"] = [int(self.keep_facing_cell[0]), int(self.keep_facing_cell[1])]
        return out

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        if turns.phase != "action" or turns.current is None:
            raise Refused("no one's turn is running")
        who = state.combatants[turns.current]
        if turns.pending is not None:
            raise Refused("an action is still waiting for the holders' answers")
        events: list[Event] = []
        if self.facing is not None or self.keep_facing is not None or self.keep_facing_cell is not None:
            from tactics.engine.hazards.commands import SetFacing

            events += SetFacing(who.id, self.facing, self.keep_facing, self.keep_facing_cell).perform(state, dice)
        if turns.lapsing:
            events.append(TurnsLapsed(combatant=who.id, names=[x["name"] for x in turns.lapsing]))
        facing = next((e.facing for e in events if isinstance(e, FacingSet)), who.facing)
        # reading: N-TURN-2 (only effects the turn began with have lived through it)
        began = {tuple(x) for x in turns.began_with}
        lived = [signature(c) for c in who.conditions if tuple(signature(c)) in began]
        events.append(TurnsEndedTurn(round=turns.round, combatant=who.id, lived=lived, facing=facing))
        events += hook_events(state, turns, who.id, "end", dice)
        return events


@dataclass
class EndTurns:
    """The GM ends the fight (everyone surrendered, fled, or the story moves on)."""

    winner: str | None = None
    name: str = "end-turns"

    def args(self) -> dict[str, Any]:
        return {"winner": self.winner}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        return [TurnsOver(round=turns.round, winner=self.winner or "")]


# --------------------------------------------------------------------------- reducers
@reducer.on(TurnsStarted)
def _started(state: EncounterState, event: TurnsStarted) -> None:
    state.combat = TurnsState(round=int(event.round), order=list(event.order), how=event.how, rolls=list(event.rolls))


@reducer.on(TurnsReordered)
def _reordered(state: EncounterState, event: TurnsReordered) -> None:
    state.combat.order = list(event.order)


@reducer.on(TurnsJoined)
def _joined(state: EncounterState, event: TurnsJoined) -> None:
    who = state.combatants[event.combatant]
    who.present = True
    who.cell = (int(event.cell[0]), int(event.cell[1]))
    state.combat.order.insert(int(event.index), who.id)


@reducer.on(TurnsRound)
def _round(state: EncounterState, event: TurnsRound) -> None:
    t = state.combat
    t.round = int(event.round)
    t.acted = []
    t.turns_done = []


@reducer.on(TurnsSkipped)
def _skipped(state: EncounterState, event: TurnsSkipped) -> None:
    t = state.combat
    t.acted.append(event.combatant)
    t.turns_done.append(f"{event.combatant}:{TURN}")
    if event.held_lost and event.combatant in t.held:
        t.held.remove(event.combatant)


@reducer.on(TurnsBegan)
def _began(state: EncounterState, event: TurnsBegan) -> None:
    t = state.combat
    cid = event.combatant
    t.phase = "action"
    t.current = cid
    t.spent = []
    t.last_block = None
    t.lapsing = [dict(x) for x in event.lapsing]
    if event.held_lost and cid in t.held:
        t.held.remove(cid)
    who = state.combatants[cid]
    gone = set(event.ended) | {x["name"] for x in event.lapsing}
    for tick in event.ticks:
        for cond in who.conditions:
            if cond.name == tick["name"]:
                cond.rounds = int(tick["to"])
    who.conditions = [c for c in who.conditions if c.name not in gone]
    t.began_with = [signature(c) for c in who.conditions]  # what lives through this turn (N-TURN-2)


@reducer.on(TurnsExtended)
def _extended(state: EncounterState, event: TurnsExtended) -> None:
    """An extended effect carries on the one the turn began with (N-TURN-3): it lives
    through this turn, so it comes up for extending again at the next turn's start."""
    t = state.combat
    for cond in state.combatants[event.combatant].conditions:
        if cond.name == event.name and signature(cond) not in t.began_with:
            t.began_with.append(signature(cond))


@reducer.on(TurnsLapsed)
def _lapsed(state: EncounterState, event: TurnsLapsed) -> None:
    state.combat.lapsing = []


@reducer.on(TurnsEndedTurn)
def _ended_turn(state: EncounterState, event: TurnsEndedTurn) -> None:
    t = state.combat
    cid = event.combatant
    t.lived[cid] = [list(x) for x in event.lived]
    t.acted.append(cid)
    t.turns_done.append(f"{cid}:{TURN}")
    t.phase = "between"
    t.current = None
    t.spent = []
    t.lapsing = []
    t.began_with = []


@reducer.on(TurnsOver)
def _over(state: EncounterState, event: TurnsOver) -> None:
    t = state.combat
    t.phase = "ended"
    t.winner = event.winner or ""
    t.pending = None
    t.free_queue = []


def with_mode(encounter: Any, mode: str) -> Any:
    """A new (not saved) encounter rebuilt to play ``mode`` ("team" or "individual"),
    whatever its file says: the choice made when an encounter is created."""
    from tactics.engine.core.encounter import Encounter

    if mode not in ("team", "individual"):
        raise ValueError(f"mode is 'team' or 'individual', not {mode!r}")
    if encounter.journal.entries:
        raise ValueError("the turn rules of an encounter already under way cannot change")
    definition = {**encounter.definition, "mode": mode}
    return Encounter(definition, encounter.map, seed=encounter.seed, source=encounter.source)
