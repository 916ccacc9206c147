"""Ground combat: the procedure of a fight in team mode (R-INIT, R-SURP, R-CNT, R-END).

``state.combat`` holds a :class:`CombatState`: the round, the phase
(Advantages -> Action -> Counters), the team order, each team's Vanguard and
Rearguard, the acting group, and the actions its members declared. Commands in
this module move the procedure on:

* :class:`StartCombat`: Initiative, Team Initiative, team order (ties: best
  DEX score, then opposed rolls), groups, and Round 0 when someone is unaware.
* :class:`BeginActions`, :class:`EndGroupTurn`, :class:`NextRound` (or the
  one-button :class:`Advance`): Advantages Phase -> each group's Action Phase
  in order (R-INIT-4) -> Counter Phase (R-CNT-1) -> next round.
* :class:`Join` at the Counter Phase (R-INIT-5), :class:`SetGroup` before
  play, :class:`AddCounter` / :class:`RemoveCounter` for environmental
  counters, :class:`EndCombat`.

Declaring and resolving actions lives in :mod:`tactics.engine.combat.actions`,
GM adjustments in :mod:`tactics.engine.combat.gm`, read-only questions for the
window in :mod:`tactics.engine.combat.queries`. Other modules (grenade fuses)
hear the start and end of every group's turn through :data:`GROUP_HOOKS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tactics.engine.combat.events import (
    ActionsBegan, CombatEnded, CombatStarted, ConditionAdded, ConditionRemoved, CountersTicked, GroupEnded,
    GroupStarted, RoundStarted,
)
from tactics.engine.combat.state import (  # noqa: F401  (re-exported: the ground API)
    GROUP_KINDS,
    REARGUARD,
    VANGUARD,
    CombatState,
    Declaration,
    EnvCounter,
    Group,
    combat_or_refuse,
    conditions_of,
    group_key,
    group_label,
    out_of_fight,
    reducer,
    set_moment,
    sheet_of,
    team_label,
    winner_if_over,
)
from tactics.engine.combat.passing import end_of_turn_passes
from tactics.engine.combat.round_counters import (
    COUNTER_HOOKS, COUNTER_SOURCES, after_count, count, ended_of, had_turn_since, source_counters,
)
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Condition, EncounterState
from tactics.rules.dice import Dice
from tactics.rules.initiative import TeamEntry, order_teams, split_groups, team_initiative


GroupHook = Callable[[EncounterState, "GroupMoment", Dice], list[Event]]
#: Called at the start and at the end of every group's turn with the state as
#: it stands before the command's events (e.g. grenade fuses, R-GREN-4). Each
#: returns extra events to commit with the turn change.
GROUP_HOOKS: list[GroupHook] = []

#: Round counters other parts keep (a Clocked mine's timer, a smoke cloud) and what their count sets
#: off: :mod:`tactics.engine.combat.round_counters`, one mechanism for both modes (R-CNT-1;
#: readings: N-TRAP-13, N-CNT-4).
# (COUNTER_SOURCES, COUNTER_HOOKS: re-exported from there.)


@dataclass(frozen=True)
class GroupMoment:
    """The start or end of a group's turn in a round, as the group hooks see it (a fuse burns then)."""

    round: int
    team: str
    group: str  # "vanguard" | "rearguard"
    when: str  # "start" | "end"

    @property
    def key(self) -> str:
        return group_key(self.team, self.group)


def _hooks(state: EncounterState, moment: GroupMoment, dice: Dice) -> list[Event]:
    out: list[Event] = []
    for hook in GROUP_HOOKS:
        out.extend(hook(state, moment, dice))
    return out


def able_members(state: EncounterState, combat: CombatState, group: Group) -> list[str]:
    """The members of ``group`` who can act in its turn: not barred by surprise (R-SURP-1) and not out
    of the fight (R-END-1, N-HP-1: down, fled, helpless, unconscious, surrendered)."""
    return [m for m in group.members
            if combat.can_act(m) and m in state.combatants and not out_of_fight(state.combatants[m])]


def has_able_members(state: EncounterState, combat: CombatState, group: Group) -> bool:
    """Whether anyone of ``group`` can act in its turn (:func:`able_members`, stopping at the first:
    the turn banner and the tracker ask it of every later group at every change, 500 members each)."""
    return any(combat.can_act(m) and m in state.combatants and not out_of_fight(state.combatants[m])
               for m in group.members)


def _group_start_events(state: EncounterState, combat: CombatState, index: int, dice: Dice) -> list[Event]:
    group = combat.turn_order()[index]
    passed = not able_members(state, combat, group)  # reading: N-END-3, nobody able to act
    events: list[Event] = [
        GroupStarted(round=combat.round, team=group.team, group=group.kind, index=index,
                     members=list(group.members), acting=able_members(state, combat, group),
                     passed=passed)
    ]
    if combat.round >= 1 and not combat.in_joiners_round() and not passed:  # flat-footed until they first act (R-SURP-1)
        for cid in group.members:
            who = state.combatants[cid]
            for cond in who.conditions:
                if cond.name == "Flat-footed" and cond.source == "surprise":
                    events.append(
                        ConditionRemoved(combatant=cid, name=cond.name, reason="acts at last")
                    )
    events += _hooks(state, GroupMoment(combat.round, group.team, group.kind, "start"), dice)
    return events


def teams_on_the_map(state: EncounterState) -> list[str]:
    """The teams with someone present on the map, in the encounter's order: a fight needs two
    (:class:`StartCombat` refuses with fewer; the window offers Start combat once there are two)."""
    present = {c.team for c in state.combatants.values() if c.present}
    order = list(state.teams)
    return sorted(present, key=lambda t: (order.index(t) if t in order else len(order), t))


# --------------------------------------------------------------------------- commands
@dataclass
class StartCombat:
    """Roll up the fight: Initiative, team order, groups, Round 0 if needed.

    ``surprise_aware``: the combatants aware of their opponents when a
    surprise round is played (R-SURP-1); None or everyone present: no Round 0.
    Only present combatants take part (absent ones :class:`Join` later).
    """

    surprise_aware: list[str] | None = None
    name: str = "start-combat"

    def args(self) -> dict[str, Any]:
        return {"surprise_aware": self.surprise_aware}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        if isinstance(state.combat, CombatState) and state.combat.phase != "ended":
            raise Refused("combat is already under way")
        present = [c for c in state.combatants.values() if c.present]
        teams = teams_on_the_map(state)
        if len(teams) < 2:
            raise Refused("a fight needs at least two teams on the map")
        aware = None
        if self.surprise_aware is not None:
            unknown = [a for a in self.surprise_aware if a not in state.combatants]
            if unknown:
                raise Refused(f"no combatant called {unknown[0]!r}")
            if not self.surprise_aware:
                raise Refused("a surprise round needs at least one aware combatant")
            if any(c.id not in self.surprise_aware for c in present):
                aware = [c.id for c in present if c.id in self.surprise_aware]
        initiative = {c.id: sheet_of(c).initiative for c in state.combatants.values()}
        entries, groups, team_init, best_dex = [], {}, {}, {}
        for team in teams:
            members = [c for c in present if c.team == team]
            team_init[team] = team_initiative(initiative[c.id] for c in members)
            best_dex[team] = max(sheet_of(c).dex_score for c in members)
            entries.append(TeamEntry(team, team_init[team], best_dex[team]))
            ranked_members = [_Ranked(c.id, initiative[c.id], sheet_of(c).dex_score) for c in members]
            van, rear = split_groups(ranked_members)
            groups[team] = {VANGUARD: [m.id for m in van], REARGUARD: [m.id for m in rear]}
        order, rolls = order_teams(entries, lambda: dice.d(20))
        events: list[Event] = [
            CombatStarted(round=0 if aware is not None else 1, aware=aware, initiative=initiative,
                          team_initiative=team_init, best_dex=best_dex, team_order=order,
                          opposed_rolls=[{"teams": list(r.teams), "d20": list(r.faces), "totals": list(r.totals)}
                                         for r in rolls],
                          groups=groups)
        ]
        if aware is not None:
            for c in present:
                if c.id not in aware and not c.has("Flat-footed"):
                    events.append(
                        ConditionAdded(combatant=c.id, name="Flat-footed", rounds=None, source="surprise",
                                       set_in_round=0, set_after_group=None)
                    )
        return events


@dataclass
class _Ranked:
    """A combatant as the initiative order ranks it (ties broken by Dexterity score)."""

    id: str
    initiative: int
    dex_score: int


@dataclass
class BeginActions:
    """End the Advantages Phase: the first group's Action Phase begins."""

    name: str = "begin-actions"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if combat.phase != "advantages":
            raise Refused(f"the Action Phase cannot begin during the {combat.phase} phase")
        if not combat.turn_order():
            raise Refused("no group can act")
        return turns_from(state, [ActionsBegan(round=combat.round, joiners=combat.in_joiners_round())], 0, dice)


@dataclass
class EndGroupTurn:
    """The acting group is done; the next group acts, or the round's Counter
    Phase runs after the last group (Round 0 has none: Round 1 follows)."""

    name: str = "end-group-turn"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        group = combat.acting_group()
        if group is None:
            raise Refused("no group is acting now")
        pending = [d for d in combat.declarations if d.status == "declared"]
        if pending:
            raise Refused(
                f"{len(pending)} declared action{'s' if len(pending) != 1 else ''} "
                f"{'is' if len(pending) == 1 else 'are'} not resolved yet: resolve or withdraw "
                f"{'it' if len(pending) == 1 else 'them'} first"
            )
        events = end_of_turn_passes(state)  # reading: N-ORD-4, the log says who did nothing
        hooked = _hooks(state, GroupMoment(combat.round, group.team, group.kind, "end"), dice)
        events += hooked
        events.append(GroupEnded(round=combat.round, team=group.team, group=group.kind))
        nxt = combat.group_index + 1
        if nxt < len(combat.turn_order()):
            return turns_from(state, events, nxt, dice)
        return events + _round_end(state, combat, hooked, combat.turns_done + [group.key], dice)


def _round_end(state: EncounterState, combat: CombatState, hooked: list[Event], done: list[str],
               dice: Dice) -> list[Event]:
    """After the last group's turn: the next round (Round 0 has no Counter Phase), else the Counter
    Phase. ``state`` as before the last turn's end, ``hooked`` what that end set off."""
    if combat.round == 0 or combat.in_joiners_round():  # R-SURP-1, N-SURP-5: no Counter Phase
        return [RoundStarted(round=combat.round + 1)]
    if hooked:  # what the turn's end set off (a smoke cloud rising) is counted too: as held (N-CNT-4)
        from tactics.engine.combat.individual.procedure import after  # late: it imports this module

        state = after(state, hooked)
    counted = counter_phase_events(state, state.combat, done)
    return counted + after_count(state, counted[0], dice)  # type: ignore[arg-type]


def turns_from(state: EncounterState, events: list[Event], index: int, dice: Dice) -> list[Event]:
    """``events`` (the command's so far, not yet applied to ``state``), then the turn of the group at
    ``index`` begins. A group with nobody able to act is passed over (reading: N-END-3): its turn's
    start and end still happen (a fuse set for it goes off, its turn counts for the counters) with
    one line in the log, and the next group's turn begins, or the round ends after the last."""
    from tactics.engine.combat.individual.procedure import after  # late: it imports this module

    base = state
    last: tuple[EncounterState, list[Event], str] | None = None  # the last passed group: state, end hooks, key
    while True:
        now = after(base, events)
        combat = now.combat
        order = combat.turn_order()
        if index >= len(order):
            if last is None:
                return events + _round_end(now, combat, [], list(combat.turns_done), dice)
            started, hooked, key = last
            return events + _round_end(started, started.combat, hooked, started.combat.turns_done + [key], dice)
        start = _group_start_events(now, combat, index, dice)
        if not start[0].passed:  # type: ignore[attr-defined]
            return events + start
        group = order[index]
        started = after(now, start)
        hooked = _hooks(started, GroupMoment(combat.round, group.team, group.kind, "end"), dice)
        events = events + start + hooked + [GroupEnded(round=combat.round, team=group.team, group=group.kind,
                                                       passed=True)]
        last = (started, hooked, group.key)
        index += 1


def counter_phase_events(state: EncounterState, combat: CombatState, done: list[str]) -> list[Event]:
    """Every counter down by one, except those whose subject's group has not had
    its turn since it was set (R-CNT-1; N-CNT-2: a counter set during its
    subject's own group turn waits for that group's next turn); what ended."""
    ticks, held = [], []
    for who in state.combatants.values():
        subject = combat.group_of(who.id)
        for cond in who.conditions:
            if cond.rounds is None:
                continue
            if had_turn_since(done, subject, cond.set_in_round, cond.set_after_group, combat.round):
                ticks.append({"combatant": who.id, "name": cond.name, "from": cond.rounds, "to": max(0, cond.rounds - 1)})
            else:
                held.append({"combatant": who.id, "name": cond.name, "rounds": cond.rounds})
    plain: dict[str, Any] = {}
    env, parts_held = count(state, done, combat.round, [(plain, c) for c in combat.counters] + source_counters(state))
    held += parts_held
    # a mine's counter at 0 is said by what it sets off (its blast), not as "ends"
    ended = [t for t in ticks if t["to"] == 0] + ended_of(env)
    # The end of combat is determined after newcomers had their chance to join (reading:
    # N-END-2, the Counter Phase's order: counters, adding new combatants, end of combat).
    return [CountersTicked(round=combat.round, ticks=ticks, env=env, held=held, ended=ended)]


@dataclass
class NextRound:
    """From the Counter Phase to the next round's Advantages Phase, or the end of
    combat when one side alone still stands (R-END-1, checked last: N-END-2)."""

    name: str = "next-round"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if combat.phase != "counters":
            raise Refused("a new round starts after the Counter Phase")
        winner = winner_if_over(state)  # reading: N-END-2, after the newcomers joined
        if winner is not None:
            return [CombatEnded(round=combat.round, winner=winner)]
        if combat.unseen_joiners:  # reading: N-SURP-5, their own Round 0 first
            return joiners_round_events(state, combat)
        return [RoundStarted(round=combat.round + 1)]


def joiners_round_events(state: EncounterState, combat: CombatState) -> list[Event]:
    """The unseen joiners' own Round 0 (the Counter Phase text, "Adding new Combatants": they
    start in the Surprise Phase and only they act; reading: N-SURP-5). Their active enemies,
    unaware of them, are flat-footed until they first act again (R-SURP-1, N-SURP-3)."""
    joiners = list(combat.unseen_joiners)
    events: list[Event] = [RoundStarted(round=combat.round, joiners=joiners)]
    teams = {state.combatants[j].team for j in joiners}
    for who in state.combatants.values():
        if (combat.group_of(who.id) is not None and who.team not in teams and not out_of_fight(who)
                and not who.has("Flat-footed")):
            events.append(ConditionAdded(combatant=who.id, name="Flat-footed", rounds=None, source="surprise",
                                         set_in_round=combat.round, set_after_group="counters"))
    return events


@dataclass
class Advance:
    """The window's one "Next" button: whatever step comes next in the procedure."""

    name: str = "advance"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        steps: dict[str, BeginActions | EndGroupTurn | NextRound] = {
            "advantages": BeginActions(), "action": EndGroupTurn(), "counters": NextRound()}
        step = steps[combat.phase]
        return step.execute(state, dice)


# --------------------------------------------------------------------------- reducers
@reducer.on(CombatStarted)
def _started(state: EncounterState, event: CombatStarted) -> None:
    state.combat = CombatState(
        round=int(event.round),
        phase="advantages",
        team_order=list(event.team_order),
        team_initiative=dict(event.team_initiative),
        best_dex=dict(event.best_dex),
        initiative=dict(event.initiative),
        groups={t: {k: list(v) for k, v in g.items()} for t, g in event.groups.items()},
        aware=list(event.aware) if event.aware is not None else None,
        opposed_rolls=[dict(r) for r in event.opposed_rolls],
    )


@reducer.on(ActionsBegan)
def _began(state: EncounterState, event: ActionsBegan) -> None:
    state.combat.phase = "action"
    state.combat.group_index = 0
    state.combat.played = True


@reducer.on(GroupStarted)
def _group_started(state: EncounterState, event: GroupStarted) -> None:
    c = state.combat
    c.phase = "action"
    c.group_index = int(event.index)
    c.declarations = []
    c.passed = []


@reducer.on(GroupEnded)
def _group_ended(state: EncounterState, event: GroupEnded) -> None:
    c = state.combat
    c.turns_done.append(group_key(event.team, event.group))
    c.declarations = []
    c.passed = []


@reducer.on(RoundStarted)
def _round(state: EncounterState, event: RoundStarted) -> None:
    c = state.combat
    c.round = int(event.round)
    c.phase = "advantages"
    c.group_index = 0
    c.declarations = []
    c.passed = []
    c.turns_done = []
    c.forming = []
    c.joiners_round = list(event.joiners)  # the unseen joiners' own Round 0, or none (N-SURP-5)
    c.joiners_round_of = int(event.round) if event.joiners else -1
    c.unseen_joiners = []


@reducer.on(CountersTicked)
def _ticked(state: EncounterState, event: CountersTicked) -> None:
    c = state.combat
    if isinstance(c, CombatState):  # individual turns count too, with no phase of their own (N-CNT-4)
        c.phase = "counters"
    for t in event.ticks:
        who = state.combatants[t["combatant"]]
        for cond in list(who.conditions):
            if cond.name == t["name"] and cond.rounds is not None:
                cond.rounds = int(t["to"])
                if cond.rounds <= 0:
                    who.conditions.remove(cond)
                break
    for e in event.env:
        if e.get("kind") == "trap":  # a Clocked mine's timer (N-TRAP-13); at 0 its blast follows
            trap = state.traps.get(e["id"])
            if trap is not None:
                trap.timer_rounds = int(e["to"])
            continue
        if e.get("kind") == "cloud":  # a smoke cloud thins out; at 0 it is gone (N-CNT-4)
            cloud = state.grenades.get(e["id"])
            if cloud is not None:
                cloud.cloud_rounds = int(e["to"])
                if cloud.cloud_rounds <= 0:
                    cloud.status, cloud.cloud_cells = "spent", []
            continue
        for counter in list(getattr(c, "counters", [])):
            if counter.id == e["id"]:
                counter.rounds = int(e["to"])
                if counter.rounds <= 0:
                    c.counters.remove(counter)


@reducer.on(CombatEnded)
def _ended(state: EncounterState, event: CombatEnded) -> None:
    state.combat.phase = "ended"
    state.combat.winner = event.winner or ""
    state.combat.ended_by_gm = bool(event.by_gm)
    state.combat.declarations = []


@reducer.on(ConditionAdded)
def _cond_added(state: EncounterState, event: ConditionAdded) -> None:
    who = state.combatants[event.combatant]
    who.conditions = [c for c in who.conditions if c.name != event.name]
    who.conditions.append(
        Condition(
            name=event.name,
            rounds=None if event.rounds is None else int(event.rounds),
            set_in_round=int(event.set_in_round),
            set_after_group=event.set_after_group,
            source=event.source,
        )
    )


@reducer.on(ConditionRemoved)
def _cond_removed(state: EncounterState, event: ConditionRemoved) -> None:
    who = state.combatants[event.combatant]
    who.conditions = [c for c in who.conditions if c.name != event.name]


# The commands that change who fights (Join, SetGroup, counters, EndCombat) live in
# ground_roster; importing it here registers their events and keeps one import path.
from tactics.engine.combat.roster import AddCounter, EndCombat, Join, RemoveCounter, SetGroup  # noqa: E402,F401

__all__ = [  # the team-round API, with what it re-exports from combat.state
    "AddCounter", "Advance", "BeginActions", "COUNTER_HOOKS", "COUNTER_SOURCES", "CombatState", "Declaration", "EndCombat", "EndGroupTurn",
    "EnvCounter", "GROUP_HOOKS", "GROUP_KINDS", "Group", "GroupMoment", "Join", "NextRound", "REARGUARD",
    "RemoveCounter", "SetGroup", "StartCombat", "VANGUARD", "combat_or_refuse", "conditions_of",
    "counter_phase_events", "group_key", "group_label", "out_of_fight", "reducer", "set_moment", "sheet_of",
    "team_label", "winner_if_over",
]
