"""What stops movement and sight on a map (R-GRID-4, R-AOE-1).

``Walls`` is built once from a map's wall segments, closed doors and solid
cells. It answers two questions fast:

* ``step_allowed(a, b)``: may a mover step from cell ``a`` to the adjacent cell
  ``b``? A step may not cross a wall, and a diagonal step may not squeeze between
  two walls or cut a wall's corner (R-GRID-4): all four cell edges that meet at
  the corner it passes must be open and both cells beside it passable.
* ``line_clear(p, q)``: does a straight line from point ``p`` to point ``q``
  (grid units) pass no wall? Used for line of sight and for templates that walls
  stop (R-AOE-1). A line that only starts on a wall is not blocked by it.

Blocked steps are precomputed as a set, so movement search costs one set lookup
per step; sight lines use a bucket index over the segments.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Iterable

from tactics.rules.geometry import Segment, segments_cross_strictly, segments_touch
from tactics.rules.grid import DELTAS, Cell, Point, cell_center

_BUCKET = 4  # cells per bucket side in the sight-line index


def _edge(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a <= b else (b, a)


class Walls:
    """The obstruction model of one map state (doors as they are now)."""

    def __init__(
        self,
        width: int,
        height: int,
        segments: Iterable[Segment] = (),
        solid: Iterable[Cell] = (),
    ) -> None:
        self.width = width
        self.height = height
        self.solid: frozenset[Cell] = frozenset(solid)
        self.segments: tuple[Segment, ...] = tuple(segments) + tuple(
            _solid_outline(self.solid)
        )
        self._blocked: set[tuple[Cell, Cell]] = set()
        self._exits: dict[Cell, tuple[Cell, ...]] = {}
        self._buckets: dict[tuple[int, int], list[Segment]] = defaultdict(list)
        for seg in self.segments:
            self._index(seg)

    # -- building ---------------------------------------------------------
    def _index(self, seg: Segment) -> None:
        x0, y0, x1, y1 = seg.bbox()
        for bx in range(math.floor(x0) // _BUCKET, math.floor(x1) // _BUCKET + 1):
            for by in range(math.floor(y0) // _BUCKET, math.floor(y1) // _BUCKET + 1):
                self._buckets[(bx, by)].append(seg)
        # Every step between adjacent cells whose centre-to-centre line touches
        # it. Only cells near the segment are tried: it is walked in pieces of
        # at most one cell, so a long slanted wall costs time linear in length.
        near: set[Cell] = set()
        pieces = max(1, math.ceil(math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1)))
        for i in range(pieces + 1):
            t = i / pieces
            px = seg.x1 + (seg.x2 - seg.x1) * t
            py = seg.y1 + (seg.y2 - seg.y1) * t
            for c in range(math.floor(px) - 2, math.floor(px) + 2):
                for r in range(math.floor(py) - 2, math.floor(py) + 2):
                    near.add((c, r))
        for a in near:
            c, r = a
            pa = cell_center(a)
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                b = (c + dx, r + dy)
                if segments_touch(pa, cell_center(b), seg.a, seg.b):
                    self._blocked.add(_edge(a, b))

    # -- questions ---------------------------------------------------------
    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def passable(self, cell: Cell) -> bool:
        return self.in_bounds(cell) and cell not in self.solid

    def edge_open(self, a: Cell, b: Cell) -> bool:
        """No wall crosses the straight step between two adjacent cells."""
        return _edge(a, b) not in self._blocked

    def step_allowed(self, a: Cell, b: Cell) -> bool:
        """May a mover step from ``a`` to adjacent ``b``? (R-GRID-4)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1:
            return False
        if not self.passable(b) or not self.edge_open(a, b):
            return False
        if dx and dy:
            side1 = (a[0] + dx, a[1])
            side2 = (a[0], a[1] + dy)
            if not (self.passable(side1) and self.passable(side2)):
                return False  # squeezing past a solid cell's corner
            if not (
                self.edge_open(a, side1)
                and self.edge_open(a, side2)
                and self.edge_open(side1, b)
                and self.edge_open(side2, b)
            ):
                return False  # cutting a wall's corner
        return True

    def exits(self, cell: Cell) -> tuple[Cell, ...]:
        """The adjacent cells a mover may step to from ``cell`` (cached per cell).

        Movement search asks this once per square instead of re-checking walls
        for each of the eight steps every time.
        """
        found = self._exits.get(cell)
        if found is None:
            cx, cy = cell
            found = tuple(
                (cx + dx, cy + dy)
                for dx, dy in DELTAS.values()
                if self.step_allowed(cell, (cx + dx, cy + dy))
            )
            self._exits[cell] = found
        return found

    def line_clear(self, p: Point, q: Point) -> bool:
        """No wall lies across the straight line from ``p`` to ``q`` (grid units)."""
        for seg in self._candidates(p, q):
            if segments_cross_strictly(p, q, seg.a, seg.b):
                return False
        return True

    def sees_cell(self, origin: Point, cell: Cell) -> bool:
        """Is the centre of ``cell`` in sight of ``origin``? (R-AOE-1)."""
        if cell in self.solid:
            return False
        return self.line_clear(origin, cell_center(cell))

    def _candidates(self, p: Point, q: Point) -> list[Segment]:
        x0, x1 = sorted((p[0], q[0]))
        y0, y1 = sorted((p[1], q[1]))
        seen: dict[int, Segment] = {}
        for bx in range(math.floor(x0) // _BUCKET, math.floor(x1) // _BUCKET + 1):
            for by in range(math.floor(y0) // _BUCKET, math.floor(y1) // _BUCKET + 1):
                for seg in self._buckets.get((bx, by), ()):
                    seen[id(seg)] = seg
        return list(seen.values())


def _solid_outline(solid: frozenset[Cell]) -> list[Segment]:
    """The outline of solid cells as segments, merged along each row/column.

    Edges between two solid cells are inner and skipped, so a block of wall
    cells costs a handful of segments, not four per cell.
    """
    horizontal: dict[int, list[int]] = defaultdict(list)  # y -> x of unit edges
    vertical: dict[int, list[int]] = defaultdict(list)  # x -> y of unit edges
    for c, r in solid:
        if (c, r - 1) not in solid:
            horizontal[r].append(c)
        if (c, r + 1) not in solid:
            horizontal[r + 1].append(c)
        if (c - 1, r) not in solid:
            vertical[c].append(r)
        if (c + 1, r) not in solid:
            vertical[c + 1].append(r)
    out: list[Segment] = []
    for y, xs in horizontal.items():
        for start, end in _runs(xs):
            out.append(Segment(start, y, end, y))
    for x, ys in vertical.items():
        for start, end in _runs(ys):
            out.append(Segment(x, start, x, end))
    return out


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Merge unit edges at ``values`` into [start, end) runs."""
    runs: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if runs and runs[-1][1] == v:
            runs[-1] = (runs[-1][0], v + 1)
        else:
            runs.append((v, v + 1))
    return runs


__all__ = ["Walls", "DELTAS"]
