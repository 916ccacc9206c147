"""Movement on the grid (R-GRID-2..5, R-MOVE-1).

Every step costs 5 ft times the entered square's terrain cost (water, climbing:
double, R-GRID-3). Steps obey walls and corner-cutting (R-GRID-4). A mover may
pass through allies' squares but not enemies', and may not end in an occupied
square (R-GRID-5).
"""

from __future__ import annotations

import heapq
from typing import Any, Iterable, Protocol

from tactics.rules.grid import SQUARE_FT, Cell
from tactics.rules.walls import Walls



def __getattr__(name: str) -> int:
    """``RUN_FT``: the default run speed, ``[defaults] run_ft`` of creatures.toml (R-MOVE-1);
    a combatant's own speed comes from its sheet."""
    if name == "RUN_FT":
        from tactics.rules.sheets import default_run_ft

        return default_run_ft()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class MovementMap(Protocol):
    width: int
    height: int

    @property
    def walls(self) -> Walls: ...

    def move_cost(self, cell: Cell) -> int | None: ...


class Plan:
    """Cheapest cost and predecessor of every square within a movement budget.

    Predecessors are worked out on demand (drawing a path needs a few, a
    reach tint none); each is the one the plain Dijkstra search in
    :func:`plan_reference` picks. That search pops squares by (cost, diagonal
    steps on the way, square) and a square keeps the first popped neighbour
    that reaches it at its final cost: the cheapest neighbour that can step to
    it, then the one with fewer diagonal steps behind it, then the smaller square.
    """

    def __init__(self, start: Cell, cost: dict[Cell, int], parent: dict[Cell, Cell] | None,
                 endable: frozenset[Cell], allowed: Any = None, move_cost: Any = None) -> None:
        self.start = start
        self.cost = cost
        self.endable = endable
        self._parent = parent
        self._allowed = allowed
        self._lazy: dict[Cell, Cell] = {}
        self._diag: dict[Cell, int] = {start: 0}
        self._move_cost = move_cost

    @property
    def parent(self) -> dict[Cell, Cell]:
        """The predecessor of every reached square (all of them worked out)."""
        if self._parent is None:
            for cell in sorted(self.cost, key=self.cost.__getitem__):
                self._parent_of(cell)
            self._parent = dict(self._lazy)
        return self._parent

    def narrowed(self, endable: frozenset[Cell]) -> Plan:
        """The same search with fewer squares to end on (a shorter budget cut from it).

        The predecessors worked out so far, and those worked out later, are shared
        with this plan: a caller that cuts many plans from one search pays only for
        the paths it draws, not for every square's predecessor.
        """
        out = Plan(self.start, self.cost, self._parent, endable, self._allowed, self._move_cost)
        out._lazy = self._lazy
        out._diag = self._diag
        return out

    def _parent_of(self, cell: Cell) -> Cell | None:
        """One square's predecessor, worked out on demand (only the squares a path needs)."""
        if self._parent is not None:
            return self._parent.get(cell)
        if cell == self.start:
            return None
        known = self._lazy.get(cell)
        if known is not None:
            return known
        # Work the chain out from the start side first, so no recursion runs deep.
        chain = []
        cost, allowed, diag = self.cost, self._allowed, self._diag  # the loop below runs for every square of a path
        while True:
            want = cost[cell] - SQUARE_FT * self._move_cost(cell)
            best: Cell | None = None
            best_key: tuple[int, Cell] | None = None
            cx, cy = cell
            pending = None
            for dx, dy in _DIRS:
                prev = (cx - dx, cy - dy)
                if cost.get(prev) != want or not allowed(prev, dx, dy):
                    continue
                d = diag.get(prev)  # _diag_of
                if d is None:
                    pending = prev
                    break
                key = (d, prev)
                if best_key is None or key < best_key:
                    best, best_key = prev, key
            if pending is not None:
                chain.append(cell)
                cell = pending
                continue
            if best is None:  # pragma: no cover - the costs came from the same steps
                raise AssertionError(f"no predecessor for {cell}")
            self._lazy[cell] = best
            self._diag[cell] = self._diag[best] + (1 if best[0] != cx and best[1] != cy else 0)
            if not chain:
                return best
            cell = chain.pop()

    def previous(self, cell: Cell) -> Cell | None:
        """The square before ``cell`` on the path to it (None for the start)."""
        return self._parent_of(cell)

    def _diag_of(self, cell: Cell) -> int | None:
        """Diagonal steps on the chosen path to ``cell`` (None: its predecessor is not known yet)."""
        return self._diag.get(cell)

    def path_to(self, goal: Cell) -> list[Cell]:
        """Squares from the start (excluded) to ``goal``; empty if unreachable."""
        if goal not in self.cost or goal == self.start:
            return []
        path = [goal]
        while path[-1] != self.start:
            nxt = self._parent_of(path[-1])
            assert nxt is not None
            path.append(nxt)
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
    """The cheapest cost of every square within ``feet`` of ``start``.

    ``enemies``: squares that cannot be entered. ``occupied``: squares that may
    be passed (allies) but not ended in. Straighter paths win ties.

    Worked on whole rows of bits at once (:mod:`tactics.rules.bitgrid`): each
    5 ft of budget is one wave of the frontier through the exits of all its
    squares, so the cost does not grow with the squares one by one. The result
    equals :func:`plan_reference`, the plain Dijkstra search (tests/test_movement.py).
    """
    if feet < 0:
        raise ValueError(f"movement cannot be negative: {feet} ft")
    blocked = set(enemies)
    no_end = set(occupied) | blocked
    walls = battle_map.walls
    if not walls.in_bounds(start) or not hasattr(battle_map, "kinds"):
        return plan_reference(battle_map, start, feet, enemies=blocked, occupied=occupied)
    from tactics.rules.bitgrid import wave_costs

    cost, steps = wave_costs(battle_map, walls, start, feet, blocked)
    endable = frozenset(c for c in cost if c not in no_end or c == start)
    allowed = steps.allowed if steps is not None else (lambda a, dx, dy: walls.step_allowed(a, (a[0] + dx, a[1] + dy)))
    return Plan(start, cost, None, endable, allowed, battle_map.move_cost)


_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def plan_reference(
    battle_map: MovementMap,
    start: Cell,
    feet: int,
    *,
    enemies: Iterable[Cell] = (),
    occupied: Iterable[Cell] = (),
) -> Plan:
    """Plain Dijkstra over the squares within ``feet`` of ``start``, one square at a time.

    The reference :func:`plan` must agree with; also used for a start off the map.
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


#: What a path is, said with every refusal of one that is not a chain of steps.
PATH_FORM = "a path lists every square one step at a time, without the start"


def path_problem(battle_map: MovementMap, start: Cell, path: list[Cell], mover: str = "the mover") -> str | None:
    """Why :func:`path_cost` refuses ``path`` from ``start``, as a sentence (None: it does not).

    A path is the squares walked, in order, each next to the one before (a diagonal
    counts, R-GRID-2), the start left out: a script that skips a square, lists one
    twice or begins with the mover's own square (a from/to habit) is told so, not
    that a wall is in the way."""
    walls = battle_map.walls
    previous = start
    for cell in path:
        if cell == previous:
            where = f"where {mover} starts" if previous == start else "listed twice in a row"
            return f"{cell} is {where}: {PATH_FORM}"
        if max(abs(cell[0] - previous[0]), abs(cell[1] - previous[1])) != 1:
            return f"{cell} is not next to {previous}: {PATH_FORM}"
        if not (0 <= cell[0] < battle_map.width and 0 <= cell[1] < battle_map.height):
            return f"{cell} is outside the map"
        if battle_map.move_cost(cell) is None:
            return f"no one can stand on {cell}"
        if not walls.step_allowed(previous, cell):
            return f"the step from {previous} to {cell} crosses a wall or cuts a wall's corner"
        previous = cell
    return None


def clear_caches(battle_map: MovementMap) -> None:
    """Forget what movement search memoised for this map (the benchmark's cold start)."""
    walls = battle_map.walls
    walls._exits.clear()
    walls.move_memo.clear()
