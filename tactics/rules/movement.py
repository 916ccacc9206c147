"""Movement on the grid (R-GRID-2..5, R-MOVE-1).

Every step costs 5 ft times the entered square's terrain cost (water, climbing:
double, R-GRID-3). Steps obey walls and corner-cutting (R-GRID-4). A mover may
pass through allies' squares but not enemies', and may not end in an occupied
square (R-GRID-5).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Iterable, Protocol

from tactics.rules.grid import SQUARE_FT, Cell
from tactics.rules.walls import Walls

RUN_FT = 30  # default; a combatant's own speed comes from its data (R-MOVE-1)


class MovementMap(Protocol):
    width: int
    height: int

    @property
    def walls(self) -> Walls: ...

    def move_cost(self, cell: Cell) -> int | None: ...


@dataclass(frozen=True)
class Plan:
    """Cheapest cost and predecessor of every square within a movement budget."""

    start: Cell
    cost: dict[Cell, int]
    parent: dict[Cell, Cell]
    endable: frozenset[Cell]

    def path_to(self, goal: Cell) -> list[Cell]:
        """Squares from the start (excluded) to ``goal``; empty if unreachable."""
        if goal not in self.cost or goal == self.start:
            return []
        path = [goal]
        while path[-1] != self.start:
            path.append(self.parent[path[-1]])
        path.pop()
        path.reverse()
        return path


def plan(
    battle_map: MovementMap,
    start: Cell,
    feet: int,
    *,
    enemies: Iterable[Cell] = (),
    occupied: Iterable[Cell] = (),
) -> Plan:
    """Dijkstra over the squares within ``feet`` of ``start``.

    ``enemies``: squares that cannot be entered. ``occupied``: squares that may
    be passed (allies) but not ended in. Straighter paths win ties.
    """
    if feet < 0:
        raise ValueError(f"movement cannot be negative: {feet} ft")
    exits = battle_map.walls.exits
    blocked = set(enemies)
    no_end = set(occupied) | blocked
    move_cost = battle_map.move_cost
    cost: dict[Cell, int] = {start: 0}
    parent: dict[Cell, Cell] = {}
    # (feet spent, diagonal steps, cell): straighter paths win ties.
    heap: list[tuple[int, int, Cell]] = [(0, 0, start)]
    done: set[Cell] = set()
    entry_cost: dict[Cell, int | None] = {}
    while heap:
        spent, diagonals, cell = heapq.heappop(heap)
        if cell in done:
            continue
        done.add(cell)
        cx, cy = cell
        for nxt in exits(cell):
            if nxt in done or nxt in blocked:
                continue
            mult = entry_cost.get(nxt, -1)
            if mult == -1:
                mult = move_cost(nxt)
                entry_cost[nxt] = mult
            if mult is None:
                continue
            total = spent + SQUARE_FT * mult
            if total > feet:
                continue
            known = cost.get(nxt)
            if known is not None and known <= total:
                continue
            cost[nxt] = total
            parent[nxt] = cell
            diagonal = nxt[0] != cx and nxt[1] != cy
            heapq.heappush(heap, (total, diagonals + diagonal, nxt))
    endable = frozenset(c for c in cost if c not in no_end or c == start)
    return Plan(start, cost, parent, endable)


def reachable(
    battle_map: MovementMap,
    start: Cell,
    feet: int,
    *,
    enemies: Iterable[Cell] = (),
    occupied: Iterable[Cell] = (),
) -> dict[Cell, int]:
    """Every square a mover at ``start`` can end on with ``feet``, mapped to its cost.

    The start maps to 0. Walls, corner-cutting and terrain costs apply
    (R-GRID-3..5); allies' squares (in ``occupied``) can be passed through but
    are not listed, enemies' squares (``enemies``) cannot be entered.
    """
    p = plan(battle_map, start, feet, enemies=enemies, occupied=occupied)
    return {c: p.cost[c] for c in p.endable}


def path_cost(battle_map: MovementMap, start: Cell, path: list[Cell]) -> int | None:
    """Feet that walking ``path`` (start excluded) costs, or None if a step is illegal."""
    walls = battle_map.walls
    total = 0
    previous = start
    for cell in path:
        mult = battle_map.move_cost(cell)
        if mult is None or not walls.step_allowed(previous, cell):
            return None
        total += SQUARE_FT * mult
        previous = cell
    return total


def clear_caches(battle_map: MovementMap) -> None:
    """Forget what movement search memoised for this map (the benchmark's cold start)."""
    battle_map.walls._exits.clear()
