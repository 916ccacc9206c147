"""A pymunk model of the map's walls: grenade flights and sight lines.

Why it exists: a thrown grenade stops at the first wall on its path and drops
in front of it (R-GREN-3), and the window wants the flight as a list of points
to animate. The walls of a map (wall segments, closed doors and the outline of
solid squares, exactly ``battle_map.walls.segments``) become static segments of
a :class:`pymunk.Space`; the map's border is added as a second kind of static
segment so a grenade thrown off the map drops at its edge.

Two questions are answered here:

* :func:`line_of_sight` (p, q): pymunk's ``segment_query`` finds every wall
  near the line; each candidate is then confirmed with the same exact test the
  wall index uses (:func:`tactics.rules.geometry.segments_cross_strictly`), so
  the answer agrees with :meth:`tactics.rules.walls.Walls.line_clear` by
  construction (a hypothesis test checks it on random grids). The window may
  use either.
* :func:`fly` (start cell, aimed cell): where a grenade stops and the sampled
  points of its flight. The stop point comes from the same query; the sampled
  points come from stepping a small dynamic pymunk body along the path at a
  fixed time step, so the same throw always gives the same points.

Coordinates are grid units (one square = 1.0, cell (c, r) spans c..c+1).
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Any

import pymunk

from tactics.rules.geometry import EPS, segments_cross_strictly
from tactics.rules.grid import Cell, Point, cell_center, cell_of_point
from tactics.rules.walls import Walls

#: Shape filter categories: map walls (sight and flights) and the map's border
#: (flights only).
WALL_CATEGORY = 0b01
EDGE_CATEGORY = 0b10

#: Candidates are gathered with a slightly fat ray so that touching a wall's
#: end point is never missed; the exact test then decides.
_QUERY_RADIUS = 1e-6
#: How far in front of a wall (grid units) a stopped grenade drops.
DROP_BACK = 0.05
#: Flight simulation: speed in squares per second and the fixed time step.
FLIGHT_SPEED = 12.0
FLIGHT_DT = 1.0 / 60.0
#: Highest point of the arc, in squares, for the window's animation.
MAX_ARC_HEIGHT = 1.5

_SPACES: "weakref.WeakKeyDictionary[Walls, pymunk.Space]" = weakref.WeakKeyDictionary()


def _walls_of(obj: Any) -> Walls:
    walls = getattr(obj, "walls", obj)
    if not isinstance(walls, Walls):
        raise TypeError(f"expected a BattleMap or Walls, not {type(obj).__name__}")
    return walls


def build_space(walls_or_map: Any) -> pymunk.Space:
    """A fresh static space of the walls (and the map border) of a map."""
    walls = _walls_of(walls_or_map)
    space = pymunk.Space()
    shapes: list[pymunk.Shape] = []
    for seg in walls.segments:
        shape = pymunk.Segment(space.static_body, seg.a, seg.b, 0.0)
        shape.filter = pymunk.ShapeFilter(categories=WALL_CATEGORY)
        shapes.append(shape)
    w, h = float(walls.width), float(walls.height)
    for a, b in (((0.0, 0.0), (w, 0.0)), ((w, 0.0), (w, h)), ((w, h), (0.0, h)), ((0.0, h), (0.0, 0.0))):
        shape = pymunk.Segment(space.static_body, a, b, 0.0)
        shape.filter = pymunk.ShapeFilter(categories=EDGE_CATEGORY)
        shapes.append(shape)
    space.add(*shapes)
    return space


def space_for(walls_or_map: Any) -> pymunk.Space:
    """The cached space of a map's walls (one per door state: Walls is rebuilt then)."""
    if isinstance(walls_or_map, pymunk.Space):
        return walls_or_map
    walls = _walls_of(walls_or_map)
    space = _SPACES.get(walls)
    if space is None:
        space = build_space(walls)
        _SPACES[walls] = space
    return space


def _crossings(space: pymunk.Space, p: Point, q: Point, mask: int) -> list[float]:
    """Fractions t in [0, 1] along p->q where a wall of ``mask`` is crossed.

    Crossing follows the wall index's rule: a line that only starts or ends on
    a wall is not stopped by it; one that passes through (or runs along) it is.
    """
    query = pymunk.ShapeFilter(mask=mask)
    if abs(p[0] - q[0]) <= EPS and abs(p[1] - q[1]) <= EPS:
        hits: list[Any] = space.point_query(p, _QUERY_RADIUS, query)
    else:
        hits = space.segment_query(p, q, _QUERY_RADIUS, query)
    out: list[float] = []
    for hit in hits:
        shape = hit.shape
        if not isinstance(shape, pymunk.Segment):
            continue
        a = (shape.a.x, shape.a.y)
        b = (shape.b.x, shape.b.y)
        if segments_cross_strictly(p, q, a, b):
            out.append(_crossing_t(p, q, a, b))
    return out


def _crossing_t(p: Point, q: Point, a: Point, b: Point) -> float:
    """Where along p->q (0..1) the segment a-b is first met."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    denom = rx * sy - ry * sx
    if abs(denom) > EPS:
        t = ((a[0] - p[0]) * sy - (a[1] - p[1]) * sx) / denom
        return min(1.0, max(0.0, t))
    # Collinear: the first point of the overlap.
    length2 = rx * rx + ry * ry
    if length2 <= EPS:
        return 0.0
    ts = [((x - p[0]) * rx + (y - p[1]) * ry) / length2 for x, y in (a, b)]
    lo = min(ts)
    return min(1.0, max(0.0, lo))


def line_of_sight(space_or_map: Any, p: Point, q: Point) -> bool:
    """No wall lies across the straight line from ``p`` to ``q`` (grid units).

    Agrees with :meth:`Walls.line_clear` (R-AOE-1): starting or ending on a
    wall does not block; passing through a wall or a wall's end point does.
    """
    return not _crossings(space_for(space_or_map), p, q, WALL_CATEGORY)


@dataclass(frozen=True)
class Flight:
    """A grenade's flight from the thrower's square toward where it should land.

    ``points`` are sampled positions (grid units) for the animation, first the
    thrower's square centre, last the point where it comes to rest; ``heights``
    the height of the arc at each point (squares, 0 at the end). ``cell`` is
    the square it lands in; ``stopped`` is True when a wall or the map's edge
    cut the flight short (R-GREN-3).
    """

    start: Point
    aimed: Point
    points: tuple[Point, ...]
    heights: tuple[float, ...]
    cell: Cell
    stopped: bool
    wall_hit: Point | None = None


def stop_point(space_or_map: Any, start: Point, aimed: Point) -> tuple[Point, Point | None]:
    """Where a grenade flying from ``start`` toward ``aimed`` comes to rest.

    Returns (rest point, wall hit point or None). A grenade that meets a wall
    (or the map's edge) drops just in front of it (R-GREN-3).
    """
    space = space_for(space_or_map)
    ts = _crossings(space, start, aimed, WALL_CATEGORY | EDGE_CATEGORY)
    if not ts:
        return aimed, None
    t = min(ts)
    dx, dy = aimed[0] - start[0], aimed[1] - start[1]
    length = math.hypot(dx, dy)
    hit = (start[0] + t * dx, start[1] + t * dy)
    back = max(0.0, t * length - DROP_BACK) / length
    return (start[0] + back * dx, start[1] + back * dy), hit


def fly(space_or_map: Any, start_cell: Cell, aimed_cell: Cell) -> Flight:
    """The flight of a grenade thrown from ``start_cell`` toward ``aimed_cell``.

    Deterministic: the same walls and cells always give the same points.
    """
    start = cell_center(start_cell)
    aimed = cell_center(aimed_cell)
    rest, hit = stop_point(space_or_map, start, aimed)
    total = math.hypot(aimed[0] - start[0], aimed[1] - start[1])
    travel = math.hypot(rest[0] - start[0], rest[1] - start[1])
    points: list[Point] = [start]
    if travel > EPS:
        # A small dynamic body stepped at a fixed rate; no shape, so it never
        # bounces: where it stops is the rule's business (stop_point above).
        sim = pymunk.Space()
        body = pymunk.Body(mass=0.4, moment=0.01)
        body.position = start
        ux, uy = (rest[0] - start[0]) / travel, (rest[1] - start[1]) / travel
        body.velocity = (ux * FLIGHT_SPEED, uy * FLIGHT_SPEED)
        sim.add(body)
        while True:
            sim.step(FLIGHT_DT)
            x, y = body.position.x, body.position.y
            if math.hypot(x - start[0], y - start[1]) >= travel - 1e-9:
                break
            points.append((x, y))
        points.append(rest)
    peak = min(MAX_ARC_HEIGHT, total / 4.0)
    heights: list[float] = []
    for x, y in points:
        s = math.hypot(x - start[0], y - start[1]) / total if total > EPS else 1.0
        heights.append(4.0 * peak * s * (1.0 - s))
    heights[-1] = 0.0
    return Flight(
        start=start,
        aimed=aimed,
        points=tuple(points),
        heights=tuple(heights),
        cell=cell_of_point(rest),
        stopped=hit is not None,
        wall_hit=hit,
    )


__all__ = ["Flight", "build_space", "fly", "line_of_sight", "space_for", "stop_point"]
