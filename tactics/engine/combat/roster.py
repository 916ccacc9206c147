"""Changing who fights and what counts down: joining, regrouping, counters, ending (R-INIT-3, R-INIT-5, R-CNT-1, R-END-1).

* :class:`Join` at the Counter Phase (R-INIT-5): Team Initiative unchanged, the
  nearer group; a new third party is placed by its own Team Initiative, and
  several of one new team joining at the same Counter Phase by theirs together
  (N-INIT-10).
* :class:`SetGroup`: the GM moves someone to the other group before play (R-INIT-3).
* :class:`AddCounter` / :class:`RemoveCounter`: environmental round counters (R-CNT-1).
* :class:`EndCombat`: the GM ends the fight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.combat.events import CombatEnded, CombatGroupSet, CombatJoined, CounterAdded, CounterRemoved
from tactics.engine.combat.state import (
    GROUP_KINDS,
    REARGUARD,
    VANGUARD,
    CombatState,
    EnvCounter,
    combat_or_refuse,
    out_of_fight,
    reducer,
    set_moment,
    sheet_of,
    winner_if_over,
)
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.checks import aware_of
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell
from tactics.rules.initiative import TeamEntry, nearer_group, order_teams, split_groups, team_initiative


def entry_square(state: EncounterState, who: Combatant, cell: tuple[int, int] | None) -> Cell:
    """The square a latecomer enters on (the one chosen, else its own), refused
    when there is none, no one can stand there or someone else already does."""
    chosen = tuple(cell) if cell is not None else who.cell
    if chosen is None:
        raise Refused(f"choose a square for {who.name} to enter on")
    square = (int(chosen[0]), int(chosen[1]))
    if state.current_map().move_cost(square) is None:
        raise Refused("no one can stand on that square")
    other = state.at(square)
    if other is not None and other.id != who.id:
        raise Refused(f"{other.name} already stands on that square")
    return square


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
        cell = entry_square(state, who, self.cell)
        init = sheet_of(who).initiative
        data: dict[str, Any] = {"combatant": who.id, "team": who.team, "cell": cell, "initiative": init,
                                "unseen": unseen_by_every_enemy(state, combat, who)}
        if who.team in combat.forming:
            data.update(_form_together(state, combat, who, init, dice))
        elif who.team in combat.groups:
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
        return [CombatJoined(**data)]


def unseen_by_every_enemy(state: EncounterState, combat: CombatState, who: Combatant) -> bool:
    """Does a newcomer enter stealthed and unseen by 100% of the active enemies in the fight (the
    Counter Phase text, "Adding new Combatants")? Hidden with a Stealth result that every active
    enemy's Passive Perception is below (R-SURP-1; meeting it notices, N-SURP-2); reading: N-SURP-5."""
    if not who.hidden or who.stealth is None:
        return False
    enemies = [e for e in state.combatants.values()
               if e.team != who.team and combat.group_of(e.id) is not None and not out_of_fight(e)]
    return bool(enemies) and not any(aware_of(sheet_of(e), int(who.stealth)) for e in enemies)


@dataclass
class _Joiner:
    """A combatant joining at a Counter Phase, as its team's initiative ranks it."""

    id: str
    initiative: int
    dex_score: int


def _form_together(state: EncounterState, combat: CombatState, who: Combatant, init: int, dice: Dice) -> dict[str, Any]:
    """Another member of a team that entered at this Counter Phase: the new team is
    compared as a team (reading: N-INIT-10): its Team Initiative is the mean of everyone
    who joined with it (R-INIT-1), its groups split again (R-INIT-3), and it is placed
    again among the other teams (R-INIT-2, N-INIT-9)."""
    team = who.team
    members = [m for kind in GROUP_KINDS for m in combat.groups[team][kind]]
    joiners = [_Joiner(m, combat.initiative[m], sheet_of(state.combatants[m]).dex_score) for m in members]
    joiners.append(_Joiner(who.id, init, sheet_of(who).dex_score))
    team_init = team_initiative(j.initiative for j in joiners)
    dex = max(j.dex_score for j in joiners)
    van, rear = split_groups(joiners)
    others = [t for t in combat.team_order if t != team]
    order, rolls = _insert_team(combat, team, team_init, dex, dice, order=others)
    return {"group": VANGUARD if who.id in [j.id for j in van] else REARGUARD, "team_order": order,
            "new_team_initiative": team_init, "best_dex": dex, "opposed_rolls": rolls,
            "team_groups": {VANGUARD: [j.id for j in van], REARGUARD: [j.id for j in rear]}}


def _insert_team(
    combat: CombatState, team: str, init: int, dex: int, dice: Dice, *, order: list[str] | None = None
) -> tuple[list[str], list[dict[str, Any]]]:
    """Place a new team among the others by Team Initiative (R-INIT-2, R-INIT-5)
    without re-rolling ties already settled between the old teams."""
    rolls: list[dict[str, Any]] = []
    order = list(combat.team_order if order is None else order)
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
        if combat.played:  # reading: R-INIT-3, play starts with the first Action Phase (Round 0 too)
            raise Refused("groups can only be changed before play starts")
        key = combat.group_of(self.combatant)
        if key is None:
            raise Refused(f"{self.combatant!r} is not in the fight")
        if key.partition(":")[2] == self.group:
            raise Refused(f"already in the {self.group.capitalize()}")
        return [CombatGroupSet(combatant=self.combatant, group=self.group)]


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
        return [CounterAdded(id=self.id, label=self.label, rounds=int(self.rounds), team=self.team,
                             **set_moment(combat))]


@dataclass
class RemoveCounter:
    """The GM removes a counter of the fight (refused for one it does not have)."""

    id: str
    name: str = "remove-counter"

    def args(self) -> dict[str, Any]:
        return {"id": self.id}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if not any(c.id == self.id for c in combat.counters):
            raise Refused(f"no counter called {self.id!r}")
        return [CounterRemoved(id=self.id)]


@dataclass
class EndCombat:
    """The GM ends the fight (everyone surrendered, fled, or the story moves on)."""

    winner: str | None = None
    name: str = "end-combat"

    def args(self) -> dict[str, Any]:
        return {"winner": self.winner}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        undecided = not self.winner and winner_if_over(state) is None  # sides still stand (R-END-1)
        return [CombatEnded(round=combat.round, winner=self.winner or "", by_gm=undecided)]


@reducer.on(CombatJoined)
def _joined(state: EncounterState, event: CombatJoined) -> None:
    c = state.combat
    who = state.combatants[event.combatant]
    who.present = True
    who.cell = event.cell
    c.initiative[who.id] = int(event.initiative)
    c.opposed_rolls.extend(dict(r) for r in event.opposed_rolls)  # a new team's ties (R-INIT-2)
    if event.unseen:  # their own Round 0 before the next round (N-SURP-5)
        c.unseen_joiners.append(who.id)
    team = event.team
    if event.team_groups is not None:  # a new team joining together (N-INIT-10)
        assert event.new_team_initiative is not None and event.best_dex is not None
        c.groups[team] = {k: list(v) for k, v in event.team_groups.items()}
        c.team_initiative[team] = int(event.new_team_initiative)
        c.best_dex[team] = int(event.best_dex)
        c.team_order = list(event.team_order)
        return
    if team not in c.groups:
        assert event.new_team_initiative is not None and event.best_dex is not None  # a new team's
        c.groups[team] = {VANGUARD: [], REARGUARD: []}
        c.team_initiative[team] = int(event.new_team_initiative)
        c.best_dex[team] = int(event.best_dex)
        c.forming.append(team)
    c.team_order = list(event.team_order)
    c.groups[team][event.group].append(who.id)


@reducer.on(CombatGroupSet)
def _group_set(state: EncounterState, event: CombatGroupSet) -> None:
    c = state.combat
    for groups in c.groups.values():
        for members in groups.values():
            if event.combatant in members:
                members.remove(event.combatant)
                groups[event.group].append(event.combatant)
                return


@reducer.on(CounterAdded)
def _counter_added(state: EncounterState, event: CounterAdded) -> None:
    state.combat.counters.append(
        EnvCounter(event.id, event.label, int(event.rounds), event.team, int(event.set_in_round), event.set_after_group)
    )


@reducer.on(CounterRemoved)
def _counter_removed(state: EncounterState, event: CounterRemoved) -> None:
    state.combat.counters = [c for c in state.combat.counters if c.id != event.id]
