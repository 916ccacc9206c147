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

Declaring and resolving actions lives in :mod:`tactics.engine.ground_actions`,
GM adjustments in :mod:`tactics.engine.ground_gm`, read-only questions for the
window in :mod:`tactics.engine.ground_queries`. Other modules (grenade fuses)
hear the start and end of every group's turn through :data:`GROUP_HOOKS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from tactics.engine.journal import Event, Reducer, Refused
from tactics.engine.state import Combatant, Condition, EncounterState
from tactics.rules.conditions import combined
from tactics.rules.dice import Dice
from tactics.rules.initiative import TeamEntry, nearer_group, order_teams, split_groups, team_initiative
from tactics.rules.sheets import Sheet

reducer = Reducer()

VANGUARD = "vanguard"
REARGUARD = "rearguard"
GROUP_KINDS = (VANGUARD, REARGUARD)


# --------------------------------------------------------------------------- state
@dataclass
class Group:
    """One group's turn slot: a team's Vanguard or Rearguard and its members."""

    team: str
    kind: str  # "vanguard" | "rearguard"
    members: list[str]

    @property
    def key(self) -> str:
        return group_key(self.team, self.kind)


def group_key(team: str, kind: str) -> str:
    return f"{team}:{kind}"


@dataclass
class Declaration:
    """An action a combatant committed to in its group's turn (R-ORD-1)."""

    id: int
    combatant: str
    kind: str
    params: dict[str, Any]
    seq: int
    needs_roll: bool
    status: str = "declared"  # "declared" | "resolved" | "failed" | "lost"
    success: bool | None = None
    outcome: str | None = None


@dataclass
class EnvCounter:
    """A round counter not on a combatant (a wind, a fire), R-CNT-1."""

    id: str
    label: str
    rounds: int
    team: str | None
    set_in_round: int
    set_after_group: str | None


@dataclass
class CombatState:
    round: int
    phase: str  # "advantages" | "action" | "counters" | "ended"
    team_order: list[str]
    team_initiative: dict[str, int]
    best_dex: dict[str, int]
    initiative: dict[str, int]
    groups: dict[str, dict[str, list[str]]]  # team -> {"vanguard": [...], "rearguard": [...]}
    aware: list[str] | None = None  # who acts in Round 0 (None: no surprise round)
    group_index: int = 0
    declarations: list[Declaration] = field(default_factory=list)
    turns_done: list[str] = field(default_factory=list)  # group keys that had their turn this round
    next_id: int = 1
    counters: list[EnvCounter] = field(default_factory=list)
    winner: str | None = None

    def turn_order(self) -> list[Group]:
        """Every Vanguard in team order, then every Rearguard (R-INIT-4).

        Empty groups are skipped; in Round 0 so are groups with no aware member
        (R-SURP-1).
        """
        out: list[Group] = []
        for kind in GROUP_KINDS:
            for team in self.team_order:
                members = list(self.groups.get(team, {}).get(kind, []))
                if self.round == 0 and self.aware is not None:
                    if not any(m in self.aware for m in members):
                        continue
                if members:
                    out.append(Group(team, kind, members))
        return out

    def acting_group(self) -> Group | None:
        if self.phase != "action":
            return None
        order = self.turn_order()
        return order[self.group_index] if 0 <= self.group_index < len(order) else None

    def group_of(self, cid: str) -> str | None:
        for team, groups in self.groups.items():
            for kind, members in groups.items():
                if cid in members:
                    return group_key(team, kind)
        return None

    def can_act_now(self, cid: str) -> bool:
        group = self.acting_group()
        if group is None or cid not in group.members:
            return False
        return not (self.round == 0 and self.aware is not None and cid not in self.aware)

    def declarations_of(self, cid: str) -> list[Declaration]:
        return [d for d in self.declarations if d.combatant == cid]

    def declaration(self, did: int) -> Declaration | None:
        for d in self.declarations:
            if d.id == did:
                return d
        return None


# --------------------------------------------------------------------------- helpers
def sheet_of(who: Combatant) -> Sheet:
    """The combatant's sheet (a blank one for a token without rules data)."""
    if isinstance(who.sheet, Sheet):
        return who.sheet
    return Sheet(name=who.id, label=who.name)


def combat_or_refuse(state: EncounterState) -> CombatState:
    combat = state.combat
    if not isinstance(combat, CombatState):
        raise Refused("combat has not started")
    if combat.phase == "ended":
        raise Refused("combat is over")
    return combat


def conditions_of(who: Combatant) -> list[str]:
    return [c.name for c in who.conditions]


def out_of_fight(who: Combatant) -> bool:
    """Dead, fled, helpless, unconscious or surrendered (R-END-1), or not present."""
    if not who.present or who.hp <= 0:
        return True
    return combined(conditions_of(who)).out_of_fight


def team_label(state: EncounterState, team: str) -> str:
    t = state.teams.get(team)
    return t.name if t else team


def group_label(state: EncounterState, key: str) -> str:
    team, _, kind = key.partition(":")
    return f"{team_label(state, team)} {kind.capitalize()}"


def winner_if_over(state: EncounterState) -> str | None:
    """The one side still standing (R-END-1), "" if nobody is, None if the fight goes on."""
    standing = {c.team for c in state.combatants.values() if not out_of_fight(c)}
    if len(standing) > 1:
        return None
    return next(iter(standing), "")


GroupHook = Callable[[EncounterState, "GroupMoment", Dice], list[Event]]
#: Called at the start and at the end of every group's turn with the state as
#: it stands before the command's events (e.g. grenade fuses, R-GREN-4). Each
#: returns extra events to commit with the turn change.
GROUP_HOOKS: list[GroupHook] = []


@dataclass(frozen=True)
class GroupMoment:
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


def _group_start_events(state: EncounterState, combat: CombatState, index: int, dice: Dice) -> list[Event]:
    group = combat.turn_order()[index]
    events = [
        Event(
            "group.started",
            {"round": combat.round, "team": group.team, "group": group.kind, "index": index, "members": list(group.members)},
        )
    ]
    if combat.round >= 1:  # unaware combatants stay flat-footed until they first act (R-SURP-1)
        for cid in group.members:
            who = state.combatants[cid]
            for cond in who.conditions:
                if cond.name == "Flat-footed" and cond.source == "surprise":
                    events.append(
                        Event("condition.removed", {"combatant": cid, "name": cond.name, "reason": "acts at last"})
                    )
    events += _hooks(state, GroupMoment(combat.round, group.team, group.kind, "start"), dice)
    return events


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
        teams = sorted({c.team for c in present}, key=list(state.teams).index if state.teams else None)
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
        events = [
            Event(
                "combat.started",
                {
                    "round": 0 if aware is not None else 1,
                    "aware": aware,
                    "initiative": initiative,
                    "team_initiative": team_init,
                    "best_dex": best_dex,
                    "team_order": order,
                    "opposed_rolls": [
                        {"teams": list(r.teams), "d20": list(r.faces), "totals": list(r.totals)} for r in rolls
                    ],
                    "groups": groups,
                },
            )
        ]
        if aware is not None:
            for c in present:
                if c.id not in aware and not c.has("Flat-footed"):
                    events.append(
                        Event(
                            "condition.added",
                            {"combatant": c.id, "name": "Flat-footed", "rounds": None, "source": "surprise",
                             "set_in_round": 0, "set_after_group": None},
                        )
                    )
        return events


@dataclass
class _Ranked:
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
        return [Event("actions.began", {"round": combat.round})] + _group_start_events(state, combat, 0, dice)


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
                f"{len(pending)} declared action(s) are not resolved yet: resolve or withdraw them first"
            )
        events = _hooks(state, GroupMoment(combat.round, group.team, group.kind, "end"), dice)
        events.append(Event("group.ended", {"round": combat.round, "team": group.team, "group": group.kind}))
        nxt = combat.group_index + 1
        if nxt < len(combat.turn_order()):
            return events + _group_start_events(state, combat, nxt, dice)
        if combat.round == 0:  # R-SURP-1: Round 0 has no Counter Phase
            return events + [Event("round.started", {"round": 1})]
        done = combat.turns_done + [group.key]
        return events + counter_phase_events(state, combat, done)


def _had_turn_since(done: list[str], subject: str | None, set_in_round: int, set_after: str | None, rnd: int) -> bool:
    if subject is None or subject not in done:
        return False
    if set_in_round < rnd or set_after is None:
        return True
    if set_after not in done:
        return False  # set during the Counter Phase or by a group that never finished
    return done.index(subject) > done.index(set_after)


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
            if _had_turn_since(done, subject, cond.set_in_round, cond.set_after_group, combat.round):
                ticks.append({"combatant": who.id, "name": cond.name, "from": cond.rounds, "to": max(0, cond.rounds - 1)})
            else:
                held.append({"combatant": who.id, "name": cond.name, "rounds": cond.rounds})
    env = []
    for counter in combat.counters:
        opposing = [
            k for k in done
            if k.partition(":")[0] != counter.team
            and _had_turn_since(done, k, counter.set_in_round, counter.set_after_group, combat.round)
        ]
        if opposing:
            env.append({"id": counter.id, "from": counter.rounds, "to": max(0, counter.rounds - 1)})
        else:
            held.append({"counter": counter.id, "rounds": counter.rounds})
    ended = [t for t in ticks if t["to"] == 0] + [e for e in env if e["to"] == 0]
    events = [Event("counters.ticked", {"round": combat.round, "ticks": ticks, "env": env, "held": held, "ended": ended})]
    winner = _winner_after_ticks(state, ticks)
    if winner is not None:
        events.append(Event("combat.ended", {"round": combat.round, "winner": winner}))
    return events


def _winner_after_ticks(state: EncounterState, ticks: list[dict[str, Any]]) -> str | None:
    ending = {(t["combatant"], t["name"]) for t in ticks if t["to"] == 0}
    standing = set()
    for c in state.combatants.values():
        if not c.present or c.hp <= 0:
            continue
        names = [x.name for x in c.conditions if (c.id, x.name) not in ending]
        if not combined(names).out_of_fight:
            standing.add(c.team)
    if len(standing) > 1:
        return None
    return next(iter(standing), "")


@dataclass
class NextRound:
    """From the Counter Phase to the next round's Advantages Phase."""

    name: str = "next-round"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if combat.phase != "counters":
            raise Refused("a new round starts after the Counter Phase")
        return [Event("round.started", {"round": combat.round + 1})]


@dataclass
class Advance:
    """The window's one "Next" button: whatever step comes next in the procedure."""

    name: str = "advance"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        step = {"advantages": BeginActions(), "action": EndGroupTurn(), "counters": NextRound()}[combat.phase]
        return step.execute(state, dice)


@dataclass
class Join:
    """A combatant joins the fight at the Counter Phase (R-INIT-5).

    It does not change its team's Team Initiative and joins the group whose
    mean Initiative is nearer to its own. A combatant of a team not yet in the
    fight starts a new team placed by its own Team Initiative.
    """

    combatant: str
    cell: tuple[int, int] | None = None
    name: str = "join"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "cell": list(self.cell) if self.cell else None}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        who = state.combatants.get(self.combatant)
        if who is None:
            raise Refused(f"no combatant called {self.combatant!r}")
        if combat.phase != "counters":
            raise Refused("newcomers join the fight at the Counter Phase")
        if combat.group_of(who.id) is not None:
            raise Refused(f"{who.name} is already in the fight")
        cell = tuple(self.cell) if self.cell is not None else who.cell
        if cell is None:
            raise Refused(f"choose a square for {who.name} to enter on")
        cell = (int(cell[0]), int(cell[1]))
        if state.current_map().move_cost(cell) is None:
            raise Refused("no one can stand on that square")
        other = state.at(cell)
        if other is not None and other.id != who.id:
            raise Refused(f"{other.name} already stands on that square")
        init = sheet_of(who).initiative
        data: dict[str, Any] = {"combatant": who.id, "team": who.team, "cell": list(cell), "initiative": init}
        if who.team in combat.groups:
            g = combat.groups[who.team]
            inits = combat.initiative
            data["group"] = nearer_group(init, [inits[m] for m in g[VANGUARD]], [inits[m] for m in g[REARGUARD]])
            data["team_order"] = list(combat.team_order)
            data["new_team_initiative"] = None
        else:
            data["group"] = VANGUARD
            dex = sheet_of(who).dex_score
            order, rolls = _insert_team(combat, who.team, init, dex, dice)
            data["team_order"] = order
            data["new_team_initiative"] = init
            data["best_dex"] = dex
            data["opposed_rolls"] = rolls
        return [Event("combat.joined", data)]


def _insert_team(combat: CombatState, team: str, init: int, dex: int, dice: Dice) -> tuple[list[str], list[dict]]:
    """Place a new team among the others by Team Initiative (R-INIT-2, R-INIT-5)
    without re-rolling ties already settled between the old teams."""
    rolls: list[dict] = []
    order = list(combat.team_order)
    for i, other in enumerate(order):
        mine, theirs = (init, dex), (combat.team_initiative[other], combat.best_dex[other])
        if mine > theirs:
            return order[:i] + [team] + order[i:], rolls
        if mine == theirs:
            won, r = order_teams([TeamEntry(team, init, dex), TeamEntry(other, *theirs)], lambda: dice.d(20))
            rolls += [{"teams": list(x.teams), "d20": list(x.faces), "totals": list(x.totals)} for x in r]
            if won[0] == team:
                return order[:i] + [team] + order[i:], rolls
    return order + [team], rolls


@dataclass
class SetGroup:
    """The GM moves a combatant to the other group before play starts (R-INIT-3)."""

    combatant: str
    group: str
    name: str = "set-group"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "group": self.group}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if self.group not in GROUP_KINDS:
            raise Refused("the group is 'vanguard' or 'rearguard'")
        if combat.round > 1 or (combat.round == 1 and combat.turns_done) or combat.phase == "action":
            raise Refused("groups can only be changed before play starts")
        key = combat.group_of(self.combatant)
        if key is None:
            raise Refused(f"{self.combatant!r} is not in the fight")
        if key.partition(":")[2] == self.group:
            raise Refused(f"already in the {self.group.capitalize()}")
        return [Event("combat.group-set", {"combatant": self.combatant, "group": self.group})]


@dataclass
class AddCounter:
    """An environmental round counter (R-CNT-1): it goes down once an opposing
    group has had its turn since it was set. ``team``: the side that set it."""

    id: str
    label: str
    rounds: int
    team: str | None = None
    name: str = "add-counter"

    def args(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "rounds": self.rounds, "team": self.team}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if self.rounds < 1:
            raise Refused("a counter needs at least one round")
        if any(c.id == self.id for c in combat.counters):
            raise Refused(f"there is already a counter called {self.id!r}")
        return [Event("counter.added", {"id": self.id, "label": self.label, "rounds": int(self.rounds),
                                        "team": self.team, **set_moment(combat)})]


@dataclass
class RemoveCounter:
    id: str
    name: str = "remove-counter"

    def args(self) -> dict[str, Any]:
        return {"id": self.id}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if not any(c.id == self.id for c in combat.counters):
            raise Refused(f"no counter called {self.id!r}")
        return [Event("counter.removed", {"id": self.id})]


@dataclass
class EndCombat:
    """The GM ends the fight (everyone surrendered, fled, or the story moves on)."""

    winner: str | None = None
    name: str = "end-combat"

    def args(self) -> dict[str, Any]:
        return {"winner": self.winner}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        return [Event("combat.ended", {"round": combat.round, "winner": self.winner or ""})]


def set_moment(combat: CombatState | None) -> dict[str, Any]:
    """When a counter is set, for R-CNT-1: the round and the acting group (None
    before any group acted this round; "counters" during the Counter Phase)."""
    if combat is None:
        return {"set_in_round": 0, "set_after_group": None}
    group = combat.acting_group()
    if combat.phase == "counters":
        after = "counters"
    elif group is not None:
        after = group.key
    else:
        after = combat.turns_done[-1] if combat.turns_done else None
    return {"set_in_round": combat.round, "set_after_group": after}


# --------------------------------------------------------------------------- reducers
@reducer.on("combat.started")
def _started(state: EncounterState, d: dict[str, Any]) -> None:
    state.combat = CombatState(
        round=int(d["round"]),
        phase="advantages",
        team_order=list(d["team_order"]),
        team_initiative=dict(d["team_initiative"]),
        best_dex=dict(d["best_dex"]),
        initiative=dict(d["initiative"]),
        groups={t: {k: list(v) for k, v in g.items()} for t, g in d["groups"].items()},
        aware=list(d["aware"]) if d.get("aware") is not None else None,
    )


@reducer.on("actions.began")
def _began(state: EncounterState, d: dict[str, Any]) -> None:
    state.combat.phase = "action"
    state.combat.group_index = 0


@reducer.on("group.started")
def _group_started(state: EncounterState, d: dict[str, Any]) -> None:
    c = state.combat
    c.phase = "action"
    c.group_index = int(d["index"])
    c.declarations = []


@reducer.on("group.ended")
def _group_ended(state: EncounterState, d: dict[str, Any]) -> None:
    c = state.combat
    c.turns_done.append(group_key(d["team"], d["group"]))
    c.declarations = []


@reducer.on("round.started")
def _round(state: EncounterState, d: dict[str, Any]) -> None:
    c = state.combat
    c.round = int(d["round"])
    c.phase = "advantages"
    c.group_index = 0
    c.declarations = []
    c.turns_done = []


@reducer.on("counters.ticked")
def _ticked(state: EncounterState, d: dict[str, Any]) -> None:
    c = state.combat
    c.phase = "counters"
    for t in d["ticks"]:
        who = state.combatants[t["combatant"]]
        for cond in list(who.conditions):
            if cond.name == t["name"] and cond.rounds is not None:
                cond.rounds = int(t["to"])
                if cond.rounds <= 0:
                    who.conditions.remove(cond)
                break
    for e in d["env"]:
        for counter in list(c.counters):
            if counter.id == e["id"]:
                counter.rounds = int(e["to"])
                if counter.rounds <= 0:
                    c.counters.remove(counter)


@reducer.on("combat.ended")
def _ended(state: EncounterState, d: dict[str, Any]) -> None:
    state.combat.phase = "ended"
    state.combat.winner = d.get("winner") or ""
    state.combat.declarations = []


@reducer.on("combat.joined")
def _joined(state: EncounterState, d: dict[str, Any]) -> None:
    c = state.combat
    who = state.combatants[d["combatant"]]
    who.present = True
    who.cell = tuple(d["cell"])
    c.initiative[who.id] = int(d["initiative"])
    team = d["team"]
    if team not in c.groups:
        c.groups[team] = {VANGUARD: [], REARGUARD: []}
        c.team_initiative[team] = int(d["new_team_initiative"])
        c.best_dex[team] = int(d["best_dex"])
    c.team_order = list(d["team_order"])
    c.groups[team][d["group"]].append(who.id)


@reducer.on("combat.group-set")
def _group_set(state: EncounterState, d: dict[str, Any]) -> None:
    c = state.combat
    for groups in c.groups.values():
        for kind, members in groups.items():
            if d["combatant"] in members:
                members.remove(d["combatant"])
                groups[d["group"]].append(d["combatant"])
                return


@reducer.on("counter.added")
def _counter_added(state: EncounterState, d: dict[str, Any]) -> None:
    state.combat.counters.append(
        EnvCounter(d["id"], d["label"], int(d["rounds"]), d.get("team"), int(d["set_in_round"]), d.get("set_after_group"))
    )


@reducer.on("counter.removed")
def _counter_removed(state: EncounterState, d: dict[str, Any]) -> None:
    state.combat.counters = [c for c in state.combat.counters if c.id != d["id"]]


@reducer.on("condition.added")
def _cond_added(state: EncounterState, d: dict[str, Any]) -> None:
    who = state.combatants[d["combatant"]]
    who.conditions = [c for c in who.conditions if c.name != d["name"]]
    who.conditions.append(
        Condition(
            name=d["name"],
            rounds=None if d.get("rounds") is None else int(d["rounds"]),
            set_in_round=int(d.get("set_in_round", 0)),
            set_after_group=d.get("set_after_group"),
            source=d.get("source"),
        )
    )


@reducer.on("condition.removed")
def _cond_removed(state: EncounterState, d: dict[str, Any]) -> None:
    who = state.combatants[d["combatant"]]
    who.conditions = [c for c in who.conditions if c.name != d["name"]]
