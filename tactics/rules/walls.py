"""What stops movement and sight on a map (R-GRID-4, R-AOE-1).

``Walls`` is built once from a map's wall segments, closed doors and solid
cells (and windows: segments that stop steps but not sight). It answers two
questions fast:

* ``step_allowed(a, b)``: may a mover step from cell ``a`` to the adjacent cell
  ``b``? A step may not cross a wall, and a diagonal step may not squeeze between
  two walls or cut a wall's corner (R-GRID-4): all four cell edges that meet at
  the corner it passes must be open and both cells beside it passable.
* ``line_clear(p, q)``: does a straight line from point ``p`` to point ``q``
  (grid units) pass no wall? Used for line of sight and for templates that walls
  stop (R-AOE-1). A line that only starts on a wall is not blocked by it.
  ``first_crossing(p, q)`` says where such a line is first stopped (a thrown
  grenade, R-GREN-3).

This is the one spatial index of walls: sight, moves, templates and where a
grenade stops all ask it. pymunk (:mod:`tactics.rules.physics`) only animates a
grenade's flight against the same segments; it decides nothing.

Blocked steps are kept as bits per map row (movement search works on whole
rows at once, tactics/rules/movement.py); sight lines use a bucket index over
the segments. Both are built on first use.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from typing import Any, Iterable, Iterator

from tactics.rules.geometry import EPS, Segment, segments_cross_strictly, segments_touch, side_of
from tactics.rules.grid import DELTAS, Cell, Point, cell_center

_BUCKET = 4  # cells per bucket side in the sight-line index
BAND = 32  # rows per band of the step index, built band by band on first use
_CLEAR_MEMO = 1 << 14  # sight lines remembered per map state before the memo starts again (a few MB at most)
_BOX_MARGIN = 1e-6  # well above the touch test's EPS: a wall this far off the line's box never touches it


def _edge(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a <= b else (b, a)


class Walls:
    """The obstruction model of one map state (doors as they are now).

    Both indexes are built on first use, so opening a big map costs nothing
    until someone moves or looks: the blocked steps as one integer of bits per
    map row and forward direction (E, S, SE, NE), the sight segments in
    buckets. The outline of solid squares takes no part in the step index: a
    step that would touch it enters that square or squeezes past its corner,
    which ``passable`` already refuses (R-GRID-4).
    """

    def __init__(
        self,
        width: int,
        height: int,
        segments: Iterable[Segment] = (),
        solid: Iterable[Cell] = (),
        see_through: Iterable[Segment] = (),
        *,
        solid_rows: list[int] | None = None,
    ) -> None:
        self.width = width
        self.height = height
        # The solid squares, as a set or as rows of bits (``solid_rows``: bit c of row r, what a
        # map's terrain grid gives at once; the set is then made only when asked for: a 1000x1000
        # map with 300,000 wall squares took 150 ms to list them and 130 ms to make the rows again).
        self._solid: frozenset[Cell] | None = None if solid_rows is not None else frozenset(solid)
        self._given: tuple[Segment, ...] = tuple(segments)
        # windows: they stop steps, not sight (a Universal VTT portal that lets light through)
        self._steps_given: tuple[Segment, ...] = self._given + tuple(see_through)
        self._segments: tuple[Segment, ...] | None = None
        self._rows: list[list[int]] | None = None  # per direction, per row: bits of blocked edges
        self._seg_bands: dict[int, list[int]] = {}
        self._seg_done = bytearray()
        self._band_done = bytearray()
        self._outside: set[tuple[Cell, Cell]] = set()  # blocked edges from cells off the map
        self._solid_rows: list[int] | None = list(solid_rows) if solid_rows is not None else None
        self._exits: dict[Cell, tuple[Cell, ...]] = {}
        self._buckets: dict[tuple[int, int], list[Segment]] | None = None
        self._clear: dict[tuple[Point, Point], bool] = {}  # line_clear's answers (this map state's)
        self.move_memo: dict[Any, Any] = {}  # movement search's own per-map data (tactics.rules.movement)

    @property
    def solid(self) -> frozenset[Cell]:
        """Every solid square (made from the rows of bits when the walls were given those)."""
        if self._solid is None:
            self._solid = frozenset(_cells_of_rows(self.solid_rows()))
        return self._solid

    def is_solid(self, cell: Cell) -> bool:
        """Is ``cell`` a solid square? (the set's answer, or its bit's when only the rows are made)"""
        if self._solid is not None:
            return cell in self._solid
        c, r = cell
        return 0 <= r < self.height and 0 <= c and bool((self.solid_rows()[r] >> c) & 1)

    @property
    def segments(self) -> tuple[Segment, ...]:
        """Every segment that stops sight: the given ones and the solid squares' outline."""
        if self._segments is None:
            self._segments = self._given + tuple(_outline_of_rows(self.solid_rows()))
        return self._segments

    # -- building ---------------------------------------------------------
    def step_rows(self, r0: int = 0, r1: int | None = None) -> list[list[int]]:
        """Blocked forward edges: ``rows[k][r] >> c & 1`` for k in E, S, SE, NE (see FORWARD).

        Only the bands of ``BAND`` rows that cover rows ``r0`` to ``r1`` are sure
        to be filled in: a reach on a big map indexes the walls near it, not all.
        """
        if self._rows is None:
            self._rows = [[0] * self.height for _ in FORWARD]
            bands: dict[int, list[int]] = {}
            last = (self.height - 1) // BAND
            for i, seg in enumerate(self._steps_given):
                lo, hi = min(seg.y1, seg.y2), max(seg.y1, seg.y2)
                if not (math.isfinite(lo) and math.isfinite(hi)):
                    continue  # nothing of it lies near the map (and it cannot be walked in pieces)
                if hi < -3 or lo > self.height + 3:
                    continue
                b0 = max(0, (math.floor(lo) - 3) // BAND)
                b1 = min(last, (math.ceil(hi) + 3) // BAND)
                for b in range(b0, b1 + 1):
                    bands.setdefault(b, []).append(i)
            self._seg_bands = bands
            self._seg_done = bytearray(len(self._steps_given))
            self._band_done = bytearray(last + 1)
        r1 = self.height if r1 is None else r1
        done, seg_done = self._band_done, self._seg_done
        for b in range(max(0, r0 // BAND), min(len(done), (max(r0, r1) - 1) // BAND + 1)):
            if not done[b]:
                for i in self._seg_bands.get(b, ()):
                    if not seg_done[i]:
                        seg_done[i] = 1
                        self._index_steps(self._steps_given[i])
                done[b] = 1
        return self._rows

    def solid_rows(self) -> list[int]:
        if self._solid_rows is None:
            rows = [0] * self.height
            for c, r in self._solid or ():
                if 0 <= r < self.height and 0 <= c < self.width:
                    rows[r] |= 1 << c
            self._solid_rows = rows
        return self._solid_rows

    def _block(self, a: Cell, k: int) -> None:
        c, r = a
        if 0 <= c < self.width and 0 <= r < self.height:
            rows = self._rows[k]  # type: ignore[index]
            rows[r] |= 1 << c
        else:
            dx, dy = FORWARD[k]
            self._outside.add((a, (c + dx, r + dy)))

    def _index_steps(self, seg: Segment) -> None:
        """Every step between adjacent cells whose centre-to-centre line touches ``seg``."""
        x1, y1, x2, y2 = seg.x1, seg.y1, seg.x2, seg.y2
        if (x1 == x2) != (y1 == y2) and all(float(v).is_integer() for v in (x1, y1, x2, y2)):
            self._index_grid_line(int(x1), int(y1), int(x2), int(y2))
            return
        # Any other segment: only cells near it are tried. It is walked in pieces of at
        # most one cell, clipped to the map and a margin, so a long or far-off wall
        # costs time linear in the length that lies on the map.
        span = _clip_to_box(seg, -3.0, -3.0, self.width + 3.0, self.height + 3.0)
        if span is None:
            return
        t0, t1 = span
        ax, ay = x1 + (x2 - x1) * t0, y1 + (y2 - y1) * t0
        bx, by = x1 + (x2 - x1) * t1, y1 + (y2 - y1) * t1
        near: set[Cell] = set()
        pieces = max(1, math.ceil(math.hypot(bx - ax, by - ay)))
        for i in range(pieces + 1):
            t = i / pieces
            px = ax + (bx - ax) * t
            py = ay + (by - ay) * t
            for c in range(math.floor(px) - 2, math.floor(px) + 2):
                for r in range(math.floor(py) - 2, math.floor(py) + 2):
                    near.add((c, r))
        # A step whose box misses the wall's (by more than the touch test's tolerance) cannot
        # touch it, and a step already blocked stays so: both skipped before the exact test
        # (review 21: 200,000 short wall pieces in a 6x4 room took 20 s to index on the first move)
        lo_x, hi_x = min(x1, x2) - _BOX_MARGIN, max(x1, x2) + _BOX_MARGIN
        lo_y, hi_y = min(y1, y2) - _BOX_MARGIN, max(y1, y2) + _BOX_MARGIN
        rows, w, h = self._rows, self.width, self.height
        assert rows is not None
        wall_a, wall_b = seg.a, seg.b
        for a in near:
            c, r = a
            pa = (c + 0.5, r + 0.5)  # cell_center
            on_map = 0 <= c < w and 0 <= r < h
            for k, (dx, dy) in enumerate(FORWARD):
                bx, by = pa[0] + dx, pa[1] + dy
                if (bx < lo_x or pa[0] > hi_x or max(pa[1], by) < lo_y or min(pa[1], by) > hi_y
                        or (on_map and (rows[k][r] >> c) & 1)):
                    continue
                if segments_touch(pa, (bx, by), wall_a, wall_b):
                    self._block(a, k)

    def _index_grid_line(self, x1: int, y1: int, x2: int, y2: int) -> None:
        """A wall along a grid line with whole-number ends: the steps it touches, by formula.

        The same answer as ``segments_touch`` against each centre-to-centre line
        (tests/test_walls.py checks it), without trying cells one by one.
        """
        lo_w, hi_w = -3, max(self.width, self.height) + 3
        rows, w, h = self._rows, self.width, self.height
        assert rows is not None
        if x1 == x2 and 1 <= x1 <= w and 0 <= min(y1, y2) and max(y1, y2) <= h - 1:
            # Wholly inside the map: set the row bits directly (the common case, fast).
            bit = 1 << (x1 - 1)
            y0, y1 = sorted((y1, y2))
            east, south_east, north_east = rows[0], rows[2], rows[3]
            for r in range(y0, y1):
                east[r] |= bit
            for r in range(max(0, y0 - 1), y1):
                south_east[r] |= bit
            for r in range(y0, y1 + 1):
                north_east[r] |= bit
            if y0 == 0:
                self._block((x1 - 1, -1), 2)
            return
        if y1 == y2 and 1 <= y1 <= h - 1 and 0 <= min(x1, x2) and max(x1, x2) <= w:
            y = y1
            x0, x1 = sorted((x1, x2))
            span = ((1 << (x1 - x0)) - 1) << x0
            wide = (((1 << (x1 - x0 + 1)) - 1) << (x0 - 1)) if x0 > 0 else ((1 << x1) - 1)
            wide &= (1 << w) - 1
            rows[1][y - 1] |= span
            rows[2][y - 1] |= wide
            rows[3][y] |= wide
            if x0 == 0:
                self._block((-1, y - 1), 2)
                self._block((-1, y), 3)
            if x1 == w:
                pass  # the step from column w - 1 to w leaves the map: its bit is set above
            return
        if x1 == x2:  # vertical at x = X, y in [y0, y1]
            x, (y0, y1) = x1, sorted((y1, y2))
            y0, y1 = max(y0, lo_w), min(y1, hi_w)
            for r in range(y0, y1):
                self._block((x - 1, r), 0)  # E
            for r in range(y0 - 1, y1):
                self._block((x - 1, r), 2)  # SE through (x, r + 1)
            for r in range(y0, y1 + 1):
                self._block((x - 1, r), 3)  # NE through (x, r)
        else:  # horizontal at y = Y, x in [x0, x1]
            y, (x0, x1) = y1, sorted((x1, x2))
            x0, x1 = max(x0, lo_w), min(x1, hi_w)
            for c in range(x0, x1):
                self._block((c, y - 1), 1)  # S
            for c in range(x0 - 1, x1):
                self._block((c, y - 1), 2)  # SE through (c + 1, y)
                self._block((c, y), 3)  # NE through (c + 1, y)

    # -- questions ---------------------------------------------------------
    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def passable(self, cell: Cell) -> bool:
        return self.in_bounds(cell) and not self.is_solid(cell)

    def edge_open(self, a: Cell, b: Cell) -> bool:
        """No wall crosses the straight step between two adjacent cells."""
        a, b = _edge(a, b)
        k = _FORWARD_INDEX.get((b[0] - a[0], b[1] - a[1]))
        if k is None:
            return True
        c, r = a
        if 0 <= c < self.width and 0 <= r < self.height:
            return not (self.step_rows(r, r + 1)[k][r] >> c) & 1
        self.step_rows()
        return (a, b) not in self._outside

    def step_allowed(self, a: Cell, b: Cell) -> bool:
        """May a mover step from ``a`` to adjacent ``b``? (R-GRID-4)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1 or self.is_solid(a):
            return False  # a solid square's own outline shuts every step out of it
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
        """The adjacent cells a mover may step to from ``cell`` (cached per cell)."""
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
        """No wall lies across the straight line from ``p`` to ``q`` (grid units).

        Remembered per line: the walls of one map state never change, and the same
        sight lines are asked again and again (the opponent weighs every square of a
        move by them, turn after turn; every attack's reach check asks one).
        """
        key = (p, q)
        known = self._clear.get(key)
        if known is None:
            if len(self._clear) >= _CLEAR_MEMO:
                self._clear.clear()  # a bound on memory (a viewer sweeping a huge map)
            known = self._clear[key] = self._line_clear(p, q)
        return known

    def forget_lines(self) -> None:
        """Forget the remembered sight lines (the benchmark's cold decisions)."""
        self._clear.clear()

    def _line_clear(self, p: Point, q: Point) -> bool:
        # A wall that cannot reach the line's box (by more than the tolerance of the
        # touch test, EPS) cannot cross it: skipped before the exact test.
        x0, x1 = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
        y0, y1 = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
        x0, y0, x1, y1 = x0 - _BOX_MARGIN, y0 - _BOX_MARGIN, x1 + _BOX_MARGIN, y1 + _BOX_MARGIN
        for seg in self._candidates(p, q):
            sx1, sx2, sy1, sy2 = seg.x1, seg.x2, seg.y1, seg.y2
            if (sx1 < x0 and sx2 < x0) or (sx1 > x1 and sx2 > x1) or (sy1 < y0 and sy2 < y0) or (sy1 > y1 and sy2 > y1):
                continue
            if segments_cross_strictly(p, q, seg.a, seg.b):
                return False
        return True

    def first_crossing(self, p: Point, q: Point, *, edge: bool = False, graze: bool = False) -> float | None:
        """Where along ``p`` -> ``q`` (0..1) the line first crosses a wall, by the rule of
        :meth:`line_clear`; None when it crosses none. ``edge``: the map's border counts
        as a wall too (a grenade thrown off the map, R-GREN-3). ``graze``: a line that only
        touches walls' ends at a point, every wall there on one side of it (a crate's outer
        corner), passes (a thrown grenade: reading N-GREN-2, review 13 F13)."""
        near = self._candidates(p, q)
        crossing = [seg for seg in near if segments_cross_strictly(p, q, seg.a, seg.b)]
        if graze and crossing:
            crossing = [seg for seg in crossing if not _grazed(p, q, seg, near)]
        found = [_crossing_t(p, q, seg.a, seg.b) for seg in crossing]
        if edge:
            w, h = float(self.width), float(self.height)
            for a, b in (((0.0, 0.0), (w, 0.0)), ((w, 0.0), (w, h)), ((w, h), (0.0, h)), ((0.0, h), (0.0, 0.0))):
                if segments_cross_strictly(p, q, a, b):
                    found.append(_crossing_t(p, q, a, b))
        return min(found) if found else None

    def segments_near(self, p: Point, q: Point) -> list[Segment]:
        """The segments that may lie in the box with corners ``p`` and ``q`` (from the sight
        buckets: a superset, never missing one)."""
        return self._candidates(p, q)

    def on_wall(self, point: Point) -> bool:
        """Does ``point`` lie on a wall (a segment's inside or end, doors and solid outline too)?

        A sight line that starts on a wall is not stopped by it (``line_clear``), so a
        template whose origin lies on one must first say which side it is on (N-AOE-1).
        """
        return any(segments_touch(point, point, seg.a, seg.b) for seg in self._candidates(point, point))

    def sees_cell(self, origin: Point, cell: Cell) -> bool:
        """Is the centre of ``cell`` in sight of ``origin``? (R-AOE-1)."""
        if self.is_solid(cell):
            return False
        return self.line_clear(origin, cell_center(cell))

    def _sight_buckets(self) -> dict[tuple[int, int], list[Segment]]:
        if self._buckets is None:
            buckets: dict[tuple[int, int], list[Segment]] = defaultdict(list)
            lo, hi = -2, max(self.width, self.height) // _BUCKET + 2
            for seg in self.segments:
                x0, y0, x1, y1 = seg.bbox()
                if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
                    continue
                bx0, bx1 = max(lo, math.floor(x0) // _BUCKET), min(hi, math.floor(x1) // _BUCKET)
                by0, by1 = max(lo, math.floor(y0) // _BUCKET), min(hi, math.floor(y1) // _BUCKET)
                for bx in range(bx0, bx1 + 1):
                    for by in range(by0, by1 + 1):
                        buckets[(bx, by)].append(seg)
            self._buckets = buckets
        return self._buckets

    def _candidates(self, p: Point, q: Point) -> list[Segment]:
        buckets = self._sight_buckets()
        x0, x1 = sorted((p[0], q[0]))
        y0, y1 = sorted((p[1], q[1]))
        lo, hi = -2, max(self.width, self.height) // _BUCKET + 2
        seen: dict[int, Segment] = {}
        for bx in range(max(lo, math.floor(x0) // _BUCKET), min(hi, math.floor(x1) // _BUCKET) + 1):
            for by in range(max(lo, math.floor(y0) // _BUCKET), min(hi, math.floor(y1) // _BUCKET) + 1):
                for seg in buckets.get((bx, by), ()):
                    seen[id(seg)] = seg
        return list(seen.values())


def _grazed(p: Point, q: Point, seg: Segment, near: list[Segment]) -> bool:
    """Does the line ``p`` -> ``q`` only touch ``seg`` at one of its ends, with every wall meeting
    that point lying on the same side of the line (so the line passes the corner outside it)?"""
    side = [side_of(p, q, seg.a), side_of(p, q, seg.b)]
    if abs(side[0]) <= EPS:
        corner, other = seg.a, side[1]
    elif abs(side[1]) <= EPS:
        corner, other = seg.b, side[0]
    else:
        return False  # it crosses the wall's inside
    if abs(other) <= EPS:
        return False  # along the wall
    for wall in near:
        for end, far in ((wall.a, wall.b), (wall.b, wall.a)):
            if abs(end[0] - corner[0]) <= EPS and abs(end[1] - corner[1]) <= EPS:
                if side_of(p, q, far) * other < -EPS:
                    return False  # a wall on the other side meets it there: the corner is closed
                break
    return True  # (a wall running through the corner is met inside it: never grazed itself)


def _crossing_t(p: Point, q: Point, a: Point, b: Point) -> float:
    """Where along p->q (0..1) the segment a-b is first met (collinear: the overlap's start)."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    denom = rx * sy - ry * sx
    if abs(denom) > 1e-12:
        t = ((a[0] - p[0]) * sy - (a[1] - p[1]) * sx) / denom
        return min(1.0, max(0.0, t))
    length2 = rx * rx + ry * ry
    if length2 <= 1e-18:
        return 0.0
    lo = min(((x - p[0]) * rx + (y - p[1]) * ry) / length2 for x, y in (a, b))
    return min(1.0, max(0.0, lo))


FORWARD: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))  # E, S, SE, NE
_FORWARD_INDEX = {d: k for k, d in enumerate(FORWARD)}


def _clip_to_box(seg: Segment, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float] | None:
    """The parameter range [t0, t1] of ``seg`` inside the box (Liang-Barsky), None if outside."""
    dx, dy = seg.x2 - seg.x1, seg.y2 - seg.y1
    if not all(math.isfinite(v) for v in (seg.x1, seg.y1, dx, dy)):
        return None
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, seg.x1 - x0), (dx, x1 - seg.x1), (-dy, seg.y1 - y0), (dy, y1 - seg.y1)):
        if p == 0:
            if q < 0:
                return None
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
    return (t0, t1) if t0 <= t1 else None


def _cells_of_rows(rows: list[int]) -> Iterator[Cell]:
    """The squares whose bits are set, row by row."""
    for r, bits in enumerate(rows):
        if bits:
            for c in _set_bits(bits):
                yield (c, r)


def _outline_of_rows(rows: list[int]) -> list[Segment]:
    """The outline of the solid squares (rows of bits, bit ``c`` of row ``r``) as segments, merged
    along each row and column.

    Edges between two solid squares are inner and skipped, so a block of wall squares costs a
    handful of segments, not four a square. Worked out on the rows' bits: the horizontal edges at
    ``y`` are where row ``y`` and the row above differ (``rows[y] ^ rows[y - 1]``), the vertical
    ones in a row where a square and its left neighbour differ (``bits ^ (bits << 1)``), so a
    dungeon's cost follows its walls' length, not its area (a 1000x1000 map, 300,000 wall squares:
    660 ms square by square). Squares off the map are not in the rows: nothing there is seen.
    """
    out: list[Segment] = []
    above = 0
    for y in range(len(rows) + 1):
        here = rows[y] if y < len(rows) else 0
        for start, end in _bit_runs(here ^ above):
            out.append(Segment(start, y, end, y))
        above = here
    vertical: dict[int, list[int]] = defaultdict(list)  # x -> the rows of its unit edges, in order
    for r, bits in enumerate(rows):
        if bits:
            for x in _set_bits(bits ^ (bits << 1)):
                vertical[x].append(r)
    for x, ys in vertical.items():
        for start, end in _runs(ys):
            out.append(Segment(x, start, x, end))
    return out


_ONES = re.compile("1+")


def _bit_runs(bits: int) -> list[tuple[int, int]]:
    """The [start, end) runs of set bits of ``bits``, lowest first."""
    if not bits:
        return []
    return [m.span() for m in _ONES.finditer(bin(bits)[:1:-1])]


def _set_bits(bits: int) -> Iterator[int]:
    """The set bits of ``bits``, lowest first."""
    marks = bin(bits)[:1:-1]
    c = marks.find("1")
    while c >= 0:
        yield c
        c = marks.find("1", c + 1)


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
