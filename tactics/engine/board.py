"""Commands that move things on the battle map outside the combat procedure.

* :class:`Place`: the GM puts a token on a square (no movement rules).
* :class:`Walk`: a token walks a path; every step must be legal (walls, corner
  cutting, enemies, terrain; R-GRID-3..5) and the path must fit the budget.
  Outside a fight only: in one, a move is an action (N-GATE-1).
* :class:`SetDoor`: open or close a door, at once: out of a fight anyone's click, in one
  the GM's override (a combatant opens a door as its Simple action, N-DOOR-2).

Ground combat wraps :class:`Walk` with the action economy (Standard Move,
Bonus Move); traps hook the path to stop a mover where a trap triggers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable

from tactics.engine.core.board_events import DoorSet, TokenMoved, TokenPlaced
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.lookup import combatant_or_refuse as combatant_or_refuse  # commands import it from here
from tactics.engine.core.state import EncounterState
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell
from tactics.rules.movement import path_cost, path_problem

reducer = Reducer()

PathHook = Callable[[EncounterState, str, list[Cell], Dice], tuple[list[Cell], list[Event]]]
#: Functions that see every walk before it is committed. Each returns the path
#: actually walked (cut short where something stops the mover, e.g. a trap,
#: R-TRAP-4) and extra events to append (detections, triggers). Registered by
#: :mod:`tactics.engine.hazards.commands` and others; called in order.
PATH_HOOKS: list[PathHook] = []

PathLimit = Callable[[EncounterState, str, list[Cell]], "int | None"]
#: Functions that say, without rolling, the index of the last square of a path
#: the mover will reach (-1: none) because something stops it there (a trap),
#: or None. A combat move rolls no terrain check beyond it (N-MOVE-5).
PATH_LIMITS: list[PathLimit] = []


PlaceHook = Callable[[EncounterState, str, Cell], list[Event]]
#: Called when the GM sets a token on a square (:class:`Place`), with the state
#: before; each returns extra events (facings that follow it turn, R-FACE-1).
PLACE_HOOKS: list[PlaceHook] = []


def path_limit(state: EncounterState, cid: str, path: list[Cell]) -> int | None:
    """The earliest stop any :data:`PATH_LIMITS` entry finds on ``path``, or None."""
    stops = [i for fn in PATH_LIMITS if (i := fn(state, cid, path)) is not None]
    return min(stops) if stops else None


def walk_events(
    state: EncounterState, cid: str, path: list[Cell], budget_ft: int, dice: Dice
) -> list[Event]:
    """Validate a walk and produce its events, letting path hooks cut it short.

    Every command that moves a token (a free walk, a Standard or Bonus Move in
    combat, a held move that blocks) builds its events through this.
    """
    path = [(int(c[0]), int(c[1])) for c in path]
    check_path(state, cid, path, budget_ft)
    extra: list[Event] = []
    for hook in PATH_HOOKS:
        path, more = hook(state, cid, path, dice)
        extra.extend(more)
    if not path:
        return extra
    here = state.combatants[cid].cell
    assert here is not None  # check_path refused a token that is not on the map
    cost = path_cost(state.current_map(), here, path) or 0
    return [TokenMoved(combatant=cid, path=path, feet=cost)] + extra


def check_path(state: EncounterState, cid: str, path: list[Cell], budget_ft: int, *, start: Cell | None = None,
               battle_map: Any = None) -> int:
    """Validate a walk; return its cost in feet or raise Refused with the reason.

    ``start``: where the walk begins when not the token's square (a move declared
    after another that has not resolved yet starts where that one ends).
    ``battle_map``: the map the walk will be taken on when not the map as it stands (a
    door a declared action opens first, N-DOOR-3)."""
    who = combatant_or_refuse(state, cid)
    if who.cell is None or not who.present:
        raise Refused(f"{who.name} is not on the map")
    if not path:
        raise Refused("the path is empty")
    battle_map = battle_map if battle_map is not None else state.current_map()
    enemies = {c.cell for c in state.enemies_of(who)}
    for cell in path:
        if cell in enemies:
            raise Refused(f"{who.name} cannot move through an enemy at {cell}")
    origin = who.cell if start is None else (start[0], start[1])
    cost = path_cost(battle_map, origin, list(path))
    if cost is None:  # name the real problem: a gap, a repeat, the start listed, a wall (review 7 lib, finding 9)
        raise Refused(path_problem(battle_map, origin, list(path), who.name)
                      or "that path crosses a wall or leaves the open squares")
    if cost > budget_ft:
        raise Refused(f"that path costs {cost} ft; {who.name} has {budget_ft} ft")
    end = path[-1]
    if end == origin:  # reading: N-MOVE-9, a round trip spends the action on nothing (review 14, finding 4)
        raise Refused(f"that path ends on {origin}, where {who.name} starts: a move ends on another square")
    other = state.at(end)
    if other is not None and other.id != cid:
        raise Refused(f"{other.name} already stands on that square")
    return cost


@dataclass
class Place:
    """The GM sets a token on a square (or takes it off the map with ``cell=None``)."""

    combatant: str
    cell: Cell | None
    name: str = "place"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "cell": self.cell}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.combatant)
        if self.cell is not None:
            cell = (int(self.cell[0]), int(self.cell[1]))
            if state.current_map().move_cost(cell) is None:
                raise Refused("no one can stand on that square")
            other = state.at(cell)
            if other is not None and other.id != who.id:
                raise Refused(f"{other.name} already stands there")
        else:
            cell = None
        events: list[Event] = [TokenPlaced(combatant=who.id, cell=cell)]
        if cell is not None:
            for hook in PLACE_HOOKS:
                events += hook(state, who.id, cell)
        return events


@dataclass
class Walk:
    """A token walks ``path`` with at most ``budget_ft``.

    ``path``: every square walked, in order, one step at a time (each next to the one
    before, diagonals included), the token's own square left out: ``Walk("art", [(16, 7),
    (16, 8)])`` from (16, 6). A path that skips a square, lists one twice or starts with
    the token's square is refused with a sentence saying so."""

    combatant: str
    path: list[Cell]
    budget_ft: int = 10_000
    name: str = "walk"

    def args(self) -> dict[str, Any]:
        return asdict(self) | {"path": [list(c) for c in self.path]}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        from tactics.engine.combat.gate import fight_mode

        who = combatant_or_refuse(state, self.combatant)
        if fight_mode(state) is not None and state.combat.group_of(who.id) is not None:  # reading: N-GATE-1
            raise Refused(f"in a fight {who.name} moves as an action (declare a move); the GM moves tokens with Place")
        return walk_events(state, self.combatant, list(self.path), self.budget_ft, dice)


@dataclass
class SetDoor:
    """Open (``open=True``) or close a door now, with no action spent (never gated: the GM's
    override in a fight, like :class:`Place`; reading: N-DOOR-2)."""

    door: int
    open: bool
    name: str = "door"

    def args(self) -> dict[str, Any]:
        return {"door": self.door, "open": self.open}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        from tactics.rules.doors import door_name

        if type(self.door) is not int or not 0 <= self.door < len(state.map.doors):
            raise Refused(f"there is no door {self.door}")
        name = door_name(state.map.doors[self.door].segment)
        if state.door_open(self.door) == bool(self.open):
            raise Refused(f"{name} is already {'open' if self.open else 'closed'}")
        if not self.open:
            problem = doorway_problem(state, self.door)
            if problem:
                raise Refused(problem)
        return [DoorSet(door=self.door, open=bool(self.open))]


def doorway_problem(state: EncounterState, door: int) -> str | None:
    """Why door ``door`` cannot be closed now: someone stands in its doorway (reading: N-DOOR-1)."""
    from tactics.rules.doors import door_name, stands_in

    seg = state.map.doors[door].segment
    for who in state.on_map():
        if who.cell is not None and stands_in(seg, who.cell):
            return f"{who.name} stands in {door_name(seg)}: it cannot close"
    return None


@reducer.on(TokenPlaced)
def _placed(state: EncounterState, event: TokenPlaced) -> None:
    state.combatants[event.combatant].cell = event.cell


@reducer.on(TokenMoved)
def _moved(state: EncounterState, event: TokenMoved) -> None:
    state.combatants[event.combatant].cell = event.path[-1]


@reducer.on(DoorSet)
def _door(state: EncounterState, event: DoorSet) -> None:
    doors = state.map.doors
    if event.open and 0 <= event.door < len(doors) and doors[event.door].secret:
        state.revealed_doors.add(event.door)  # found: an ordinary door from now on (reading: N-DOOR-6)
    if not 0 <= event.door < len(doors) or doors[event.door].closed:  # a door the map has closed: opened since?
        (state.open_doors.add if event.open else state.open_doors.discard)(event.door)
    else:  # a door the map has open: closed since?
        (state.closed_doors.discard if event.open else state.closed_doors.add)(event.door)
