"""Trap and mine commands: placing, disarming, setting, setting off (R-TRAP-1..6, N-TRAP-1..8).

Why it exists: traps are state the GM and the combatants change through
commands, and every way a trap goes off ends in :func:`trigger_events`.
Spotting traps (the path hook and the active search) lives in
:mod:`tactics.engine.hazards.spotting`.

Commands: :class:`PlaceTrap` (GM, hidden by default), :class:`RemoveTrap`,
:class:`DetectTrap` (GM marks a trap found or shows it to all),
:class:`Disarm`, :class:`SetTrap` (a combatant sets one, R-TRAP-5),
:class:`TriggerRemote`. Traps live in ``state.traps`` as
:class:`tactics.rules.traps.Trap`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.hazards.events import (
    TrapDetected, TrapDisarm, TrapPlaced, TrapRemoved, TrapRevealed, TrapSetCheck, TrapStatus, TrapTriggered,
)
from tactics.engine.hazards.blast import blast_events, roll_d20_check
from tactics.engine.hazards.fuses import current_round, set_moment
from tactics.engine.hazards.trap_checks import disarm_check, set_check
from tactics.engine.board import combatant_or_refuse
from tactics.engine.combat.gate import action_events
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import traps as tr
from tactics.rules.data import DataError
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell, distance_ft

reducer = Reducer()


# --------------------------------------------------------------------------- helpers
def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


def on_map_or_refuse(state: EncounterState, cid: str) -> Combatant:
    who = combatant_or_refuse(state, cid)
    if who.cell is None or not who.present:
        raise Refused(f"{who.name} is not on the map")
    return who


def _trap(state: EncounterState, trap_id: str) -> tr.Trap:
    trap: tr.Trap | None = state.traps.get(trap_id)
    if trap is None or trap.status == "removed":
        raise Refused(f"there is no trap {trap_id!r}")
    return trap


def _kind(name: str) -> tr.TrapKind:
    kinds = tr.default_trap_kinds()
    if name not in kinds:
        raise Refused(f"unknown trap {name!r}; known: {', '.join(sorted(kinds))}")
    return kinds[name]


def next_trap_id(state: EncounterState) -> str:
    n = len(state.traps) + 1
    while f"trap-{n}" in state.traps:
        n += 1
    return f"trap-{n}"


def _check_cell(state: EncounterState, cell: Cell, what: str) -> None:
    if state.current_map().move_cost(cell) is None:
        raise Refused(f"{what} cannot go on that square")


def _build(
    state: EncounterState, kind: tr.TrapKind, cell: Cell, trap_id: str | None = None, **kw: Any
) -> tr.Trap:
    try:
        trap = tr.make_trap(trap_id or next_trap_id(state), kind, cell, **kw)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    if trap.trigger == "timer":  # its timer is a round counter: when it was armed (R-CNT-1, N-TRAP-13)
        moment = set_moment(state)
        trap.set_in_round, trap.set_after_group = int(moment["set_in_round"]), moment["set_after_group"]
    return trap


def trigger_events(
    state: EncounterState,
    trap: tr.Trap,
    dice: Dice,
    *,
    by: str | None,
    positions: dict[str, Cell] | None = None,
    at: Cell | None = None,
    placed: bool = True,
) -> list[Event]:
    """A trap goes off: a chasing mine rolls first, then its blast (R-TRAP-4)."""
    positions = dict(positions or {})
    battle_map = state.current_map()
    origin = trap.cell if at is None else at
    chase: tuple[Cell, ...] = ()
    if trap.chasing and at is None:
        creatures = [positions.get(c.id, c.cell) for c in state.on_map() if c.cell is not None]  # (all are)
        chase = tr.chase_path(trap, creatures, walls=battle_map)
        if chase:
            origin = chase[-1]
    cells = tr.trap_area(trap, at=origin, walls=battle_map)
    events: list[Event] = [
        TrapTriggered(trap=trap.id, label=trap.label, by=by, at=(origin[0], origin[1]), chase=list(chase),
                      placed=placed, explosive=trap.explosive)
    ]
    events += blast_events(
        state, dice, source=trap.id, label=trap.label, origin=origin, cells=cells,
        damage=trap.damage, save="Reflex", dc=tr.save_dc(trap), conditions=trap.conditions,
        positions=positions, explosive=trap.explosive,
    )
    return events


def detected_event(trap: tr.Trap, who: Combatant, how: str, **extra: Any) -> Event:
    return TrapDetected(trap=trap.id, combatant=who.id, team=who.team, how=how, **extra)


def _near(trap: tr.Trap, cell: Cell, feet: int | None = None) -> bool:
    reach = tr.default_trap_rules().reach_ft if feet is None else feet  # traps.toml [rules] reach_ft
    return tr.trap_distance_ft(trap, cell) <= reach


# --------------------------------------------------------------------------- commands
@dataclass
class PlaceTrap:
    """The GM puts a trap on the map, hidden from the players unless ``hidden=False``."""

    kind: str
    cell: Cell
    facing: str | None = None
    wire_end: Cell | None = None
    detection_dc: int | None = None
    disarm_dc: int | None = None
    hidden: bool = True
    team: str | None = None
    trap_id: str | None = None
    name: str = "place-trap"

    def args(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "cell": list(self.cell), "facing": self.facing,
            "wire_end": list(self.wire_end) if self.wire_end is not None else None,
            "detection_dc": self.detection_dc, "disarm_dc": self.disarm_dc,
            "hidden": self.hidden, "team": self.team, "trap_id": self.trap_id,
        }

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        kind = _kind(self.kind)
        cell = _cell(self.cell)
        _check_cell(state, cell, "a trap")
        if self.trap_id is not None and self.trap_id in state.traps:
            raise Refused(f"there is already a trap {self.trap_id!r}")
        if self.team is not None and self.team not in state.teams:
            raise Refused(f"no team called {self.team!r}")
        trap = _build(
            state, kind, cell, facing=self.facing,
            wire_end=_cell(self.wire_end) if self.wire_end is not None else None,
            detection_dc=self.detection_dc, disarm_dc=self.disarm_dc, team=self.team,
            hidden=self.hidden, trap_id=self.trap_id,
        )
        return [TrapPlaced(trap=trap.to_dict(), by=None)]


@dataclass
class RemoveTrap:
    """The GM takes a trap off the map."""

    trap: str
    name: str = "remove-trap"

    def args(self) -> dict[str, Any]:
        return {"trap": self.trap}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        _trap(state, self.trap)
        return [TrapRemoved(trap=self.trap)]


@dataclass
class DetectTrap:
    """The GM marks a trap as found by a combatant (its team learns of it), or,
    with no combatant, shows it to everyone."""

    trap: str
    combatant: str | None = None
    name: str = "detect-trap"

    def args(self) -> dict[str, Any]:
        return {"trap": self.trap, "combatant": self.combatant}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        trap = _trap(state, self.trap)
        if self.combatant is None:
            return [TrapRevealed(trap=trap.id)]
        return [detected_event(trap, combatant_or_refuse(state, self.combatant), "gm")]


def _disarm_actions(state: EncounterState) -> list[str]:
    """What disarming costs in the running fight: Simple + Standard, or a whole individual turn."""
    from tactics.engine.combat.gate import INDIVIDUAL, fight_mode

    return ["both actions of the turn"] if fight_mode(state) == INDIVIDUAL else ["Simple", "Standard"]


@dataclass
class Disarm:
    """Disable Device (Demolitions for explosives) against the disarm DC (R-TRAP-3).

    In a fight it takes the Simple and Standard action together, with
    disadvantage. Failing by 5 or more sets it off; by 4 or less, the
    combatant may try again after one round (at once outside a fight).
    """

    combatant: str
    trap: str
    name: str = "disarm"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "trap": self.trap}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        trap = _trap(state, self.trap)
        gated = action_events(state, dice, self.combatant, "disarm", target_cell=trap.cell, note=trap.id)
        return self.perform(state, dice) if gated is None else gated  # reading: N-GATE-1

    def perform(self, state: EncounterState, dice: Dice) -> list[Event]:
        """The check itself, once the action economy allowed it (or outside a fight)."""
        who = on_map_or_refuse(state, self.combatant)
        trap = _trap(state, self.trap)
        if not trap.armed:
            raise Refused(f"the {trap.label} is not armed")
        if not trap.known_to(who.team):
            raise Refused(f"{who.name} does not know of a trap there")
        assert who.cell is not None  # on_map_or_refuse refused a token off the map
        if not _near(trap, who.cell):
            raise Refused(f"{who.name} must stand next to the {trap.label} to disarm it")
        check = disarm_check(state, who, trap)  # the same answer the trap tool's preview shows
        in_combat = check.in_combat
        rnd = current_round(state)
        wait = trap.retry_after.get(who.id)
        if in_combat and wait is not None and rnd < wait:
            raise Refused(f"{who.name} can try again in round {wait}")
        roll = roll_d20_check(dice, check.skill, [(check.named, check.modifier)], dc=check.dc,
                              advantage=check.advantage, affinity=check.affinity)
        result = tr.disarm_result(roll["total"], check.dc)
        events: list[Event] = [TrapDisarm(combatant=who.id, trap=trap.id, roll=roll, result=result,
                             retry_round=rnd + 1 if (result == "retry" and in_combat) else None,
                             actions=_disarm_actions(state) if in_combat else [])]
        if result == "triggered":
            events += trigger_events(state, trap, dice, by=who.id)
        return events


@dataclass
class SetTrap:
    """A combatant sets a trap or mine on its square or next to it (R-TRAP-5).

    INT or Demolitions (the better) against DC 5; a natural 1 sets it off in
    the setter's hands. The check's result (+ the kind's bonus) is the DC to
    spot it; the disarm DC is 10, or higher up to the result (N-TRAP-1).
    """

    combatant: str
    kind: str
    cell: Cell
    facing: str | None = None
    wire_end: Cell | None = None
    disarm_dc: int | None = None
    name: str = "set-trap"

    def args(self) -> dict[str, Any]:
        return {
            "combatant": self.combatant, "kind": self.kind, "cell": list(self.cell),
            "facing": self.facing, "wire_end": list(self.wire_end) if self.wire_end is not None else None,
            "disarm_dc": self.disarm_dc,
        }

    def options(self) -> dict[str, Any]:
        """How the trap is set, as the ``trap`` field of a Use Item action."""
        raw = {"facing": self.facing, "wire_end": list(self.wire_end) if self.wire_end is not None else None,
               "disarm_dc": self.disarm_dc}
        return {k: v for k, v in raw.items() if v is not None}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        gated = action_events(state, dice, self.combatant, f"set-trap:{self.kind}", target_cell=self.cell,
                              options={"trap": self.options()} if self.options() else None)
        return self.perform(state, dice) if gated is None else gated  # reading: N-GATE-1

    def perform(self, state: EncounterState, dice: Dice) -> list[Event]:
        """The setting check itself, once the action economy allowed it (or outside a fight)."""
        who = on_map_or_refuse(state, self.combatant)
        kind = _kind(self.kind)
        cell = _cell(self.cell)
        _check_cell(state, cell, "a trap")
        assert who.cell is not None  # on_map_or_refuse refused a token off the map
        if distance_ft(who.cell, cell) > tr.default_trap_rules().reach_ft:
            raise Refused(f"{who.name} can only set a trap on or next to their own square")
        probe = _build(state, kind, cell, facing=self.facing,
                       wire_end=_cell(self.wire_end) if self.wire_end is not None else None)
        check = set_check(who)  # the same answer the trap tool's preview shows
        roll = roll_d20_check(dice, check.skill, [(check.named, check.modifier)], dc=check.dc,
                              advantage=check.advantage, affinity=check.affinity)
        result = tr.set_result(roll["d20"], roll["total"])
        events: list[Event] = [TrapSetCheck(combatant=who.id, trap_kind=kind.name, roll=roll, result=result,
                               action="Standard")]
        if result == "explodes":
            events += trigger_events(state, probe, dice, by=who.id, at=who.cell, placed=False)
        elif result == "set":
            detection, disarm = tr.set_trap_dcs(kind, roll["total"], self.disarm_dc)
            trap = _build(state, kind, cell, facing=self.facing,
                          wire_end=_cell(self.wire_end) if self.wire_end is not None else None,
                          detection_dc=detection, disarm_dc=disarm, owner=who.id, team=who.team)
            events.append(TrapPlaced(trap=trap.to_dict(), by=who.id))
        return events


@dataclass
class TriggerRemote:
    """Set off a remote charge: a Standard action (Use Item) for its owner's side,
    or the GM (``operator=None``)."""

    trap: str
    operator: str | None = None
    name: str = "trigger-remote"

    def args(self) -> dict[str, Any]:
        return {"trap": self.trap, "operator": self.operator}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        if self.operator is not None:  # the GM's own (operator None) is never gated
            trap = _trap(state, self.trap)
            gated = action_events(state, dice, self.operator, "remote", target_cell=trap.cell)
            if gated is not None:
                return gated  # reading: N-GATE-1
        return self.perform(state, dice)

    def perform(self, state: EncounterState, dice: Dice) -> list[Event]:
        """The charge goes off, once the action economy allowed it (or by the GM)."""
        trap = _trap(state, self.trap)
        if trap.trigger != "remote":
            raise Refused(f"the {trap.label} has no remote detonator")
        if not trap.armed:
            raise Refused(f"the {trap.label} is not armed")
        if self.operator is not None:
            who = combatant_or_refuse(state, self.operator)
            if trap.team is not None and who.team != trap.team and who.id != trap.owner:
                raise Refused(f"{who.name} does not hold the detonator of the {trap.label}")
        return trigger_events(state, trap, dice, by=self.operator)


# --------------------------------------------------------------------------- reducers
@reducer.on(TrapPlaced)
def _placed(state: EncounterState, event: TrapPlaced) -> None:
    trap = tr.Trap.from_dict(event.trap)
    if trap.team is not None:
        if trap.team not in trap.known_to_teams:
            trap.known_to_teams.append(trap.team)
        team = state.teams.get(trap.team)
        trap.players_know = trap.players_know or bool(team and team.players)
    state.traps[trap.id] = trap


@reducer.on(TrapRemoved)
def _removed(state: EncounterState, event: TrapRemoved) -> None:
    state.traps[event.trap].status = "removed"


@reducer.on(TrapRevealed)
def _revealed(state: EncounterState, event: TrapRevealed) -> None:
    state.traps[event.trap].hidden = False


@reducer.on(TrapDetected)
def _detected(state: EncounterState, event: TrapDetected) -> None:
    trap = state.traps[event.trap]
    if event.combatant not in trap.detected_by:
        trap.detected_by.append(event.combatant)
    team = event.team
    if team is not None and team not in trap.known_to_teams:
        trap.known_to_teams.append(team)
    t = state.teams.get(team) if team is not None else None
    trap.players_know = trap.players_know or bool(t and t.players)


@reducer.on(TrapTriggered)
def _triggered(state: EncounterState, event: TrapTriggered) -> None:
    if event.placed and event.trap in state.traps:
        trap = state.traps[event.trap]
        trap.status = "spent"
        trap.hidden = False  # everyone saw it go off


@reducer.on(TrapDisarm)
def _disarm(state: EncounterState, event: TrapDisarm) -> None:
    trap = state.traps[event.trap]
    if event.result == "disarmed":
        trap.status = "disarmed"
    elif event.result == "retry" and event.retry_round is not None:
        trap.retry_after[event.combatant] = int(event.retry_round)


@reducer.on(TrapStatus)
def _status(state: EncounterState, event: TrapStatus) -> None:
    state.traps[event.trap].status = event.status
    if event.timer_rounds is not None:
        state.traps[event.trap].timer_rounds = event.timer_rounds


reducer.on(TrapSetCheck)(lambda state, event: None)  # log only


# --------------------------------------------------------------------------- counters and encounter files
def timer_counters(state: EncounterState) -> list[tuple[dict[str, Any], Any]]:
    """Every armed timer trap (Clocked mines) as a round counter, for the team rules' Counter Phase
    to count with the environmental counters, and individual turns after the last character's turn
    (R-CNT-1: held while no opposing group has had its turn since it was set; readings: N-TRAP-13,
    N-CNT-4)."""
    from tactics.engine.combat.state import EnvCounter

    return [({"kind": "trap", "label": t.label, "secret": t.hidden and not t.players_know},
             EnvCounter(t.id, t.label, t.timer_rounds, t.team, t.set_in_round, t.set_after_group))
            for t in sorted(state.traps.values(), key=lambda t: t.id) if t.armed and t.trigger == "timer"]


def timer_hook(state: EncounterState, counted: Any, dice: Dice) -> list[Event]:
    """A Clocked mine whose timer the Counter Phase took to 0 goes off (N-TRAP-8)."""
    events: list[Event] = []
    for e in counted.env:
        trap = state.traps.get(e["id"]) if e.get("kind") == "trap" else None
        if trap is not None and int(e["to"]) <= 0:
            events += trigger_events(state, trap, dice, by=None)
    return events


def build_traps(state: EncounterState, definition: dict[str, Any]) -> None:
    """Traps listed in an encounter file: ``[[traps]] kind = "frag_mine" cell = [4, 5]``
    (optional: id, facing, wire_end, detection_dc, disarm_dc, hidden, team)."""
    where = str(definition.get("source") or definition.get("name") or "encounter")
    for i, raw in enumerate(definition.get("traps", []) or []):
        if not isinstance(raw, dict):
            raise DataError(where, f"traps[{i}]", "expected a table with kind and cell")
        kind = tr.default_trap_kinds().get(str(raw.get("kind")))
        if kind is None:
            known = ", ".join(sorted(tr.default_trap_kinds()))
            raise DataError(where, f"traps[{i}].kind", f"unknown trap kind {raw.get('kind')!r} (known: {known})")
        if "cell" not in raw:
            raise DataError(where, f"traps[{i}].cell", "missing: the trap's square as [column, row]")
        try:
            trap = tr.make_trap(
                str(raw.get("id") or next_trap_id(state)), kind, _cell(raw["cell"]),
                facing=raw.get("facing"), wire_end=_cell(raw["wire_end"]) if raw.get("wire_end") else None,
                detection_dc=raw.get("detection_dc"), disarm_dc=raw.get("disarm_dc"),
                hidden=bool(raw.get("hidden", True)), team=raw.get("team"),
            )
        except (TypeError, ValueError) as exc:  # the trap's own field, not "combatants"
            raise DataError(where, f"traps[{i}]", str(exc)) from None
        _placed(state, TrapPlaced(trap=trap.to_dict(), by=None))


__all__ = [
    "DetectTrap",
    "Disarm",
    "PlaceTrap",
    "RemoveTrap",
    "SetTrap",
    "TriggerRemote",
    "build_traps",
    "detected_event",
    "on_map_or_refuse",
    "reducer",
    "timer_counters",
    "timer_hook",
    "trigger_events",
]
