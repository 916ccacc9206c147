"""A thrown grenade's flight: where the rules stop it, and a pymunk body that flies there.

Why it exists: the window animates every throw, and a grenade that flies through a
wall, or lands beside the square the log names, breaks the table's trust. Two jobs,
kept apart on purpose:

* **Where it comes down is the rules' business** (:func:`landing_point`): the straight
  line from the thrower's square centre to the scattered square's centre (N-GREN-2); the
  first wall, closed door, solid square or the map's edge on it stops the grenade, and it
  drops just in front (R-GREN-3). The question goes to the map's one wall index,
  :meth:`tactics.rules.walls.Walls.first_crossing` (the same index sight, moves and
  templates use). The landing odds the window shows ask only this: fast, exact.
* **How it gets there is pymunk's** (:func:`fly`): a small ball thrown at the speed a
  lob of that length needs (launch angle :data:`LAUNCH_DEG`, gravity in squares), in a
  :class:`pymunk.Space` built from the *same* wall segments (``Walls.segments``) and the
  map's border. It flies the rules' line, strikes the wall the rules found, bounces off
  it, comes down and rolls to rest. Its height follows the ballistic arc. The bounce is
  damped so the ball comes to rest inside the rules' landing square: the dice decide
  where it lands, physics only draws a believable flight that never passes a wall
  (reading: N-GREN-10, docs/rules-notes.md).

Why not make pymunk the wall index too (issue 12)? ``Walls`` answers sight and steps
exactly and fast (bit rows, buckets); a second index would have to be kept in agreement
with it. Here pymunk has a job the index cannot do (contacts, bounces, rolling) and no
say in any rule.

The flight is sampled every :data:`SAMPLE_DT` seconds and stored in the throw's event
(``flight``, ``heights``, ``flight_ms``), so replay and undo draw the recorded path
and never run the simulation again. Coordinates are grid units (one square = 1.0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from tactics.rules.geometry import EPS
from tactics.rules.grid import Cell, Point, cell_center, cell_of_point
from tactics.rules.walls import Walls

if TYPE_CHECKING:  # pymunk is imported when a flight is simulated, not when the rules load
    import pymunk

#: How far in front of a wall (grid units) a stopped grenade drops (R-GREN-3).
DROP_BACK = 0.05
#: Gravity in squares per second squared (9.81 m/s^2, one square = 5 ft = 1.524 m).
GRAVITY = 9.81 / 1.524
#: Launch angle of a thrown grenade (a lob), degrees above the ground.
LAUNCH_DEG = 35.0
#: The ball: radius in squares (a grenade is a few inches), wall thickness for contacts.
BALL_RADIUS = 0.06
WALL_RADIUS = 0.02
#: Bounce off a wall, and how much speed survives touching the ground.
WALL_ELASTICITY = 0.45
GROUND_KEEP = 0.35
#: Rolling: the fraction of the way to the landing square's edge a roll may go, and the
#: longest roll in seconds of its speed on landing (it slows evenly to a stop).
ROLL_SHARE = 0.6
ROLL_S = 0.15
#: Simulation step and the spacing of the recorded samples (seconds).
SIM_DT = 1.0 / 240.0
SAMPLE_DT = 1.0 / 60.0
#: No flight is simulated for longer than this (seconds).
MAX_FLIGHT_S = 4.0

_BALL = 1
_WALL = 2


def _walls_of(obj: Any) -> Walls:
    walls = getattr(obj, "walls", obj)
    if not isinstance(walls, Walls):
        raise TypeError(f"expected a BattleMap or Walls, not {type(obj).__name__}")
    return walls


@dataclass(frozen=True)
class Landing:
    """Where the rules put a thrown grenade: the rest point, the wall hit (None: no wall)."""

    start: Point
    aimed: Point
    rest: Point
    wall_hit: Point | None

    @property
    def cell(self) -> Cell:
        return cell_of_point(self.rest)


def landing_point(walls_or_map: Any, start_cell: Cell, aimed_cell: Cell) -> Landing:
    """Where a grenade thrown from ``start_cell`` toward ``aimed_cell`` comes down (R-GREN-3, N-GREN-2)."""
    walls = _walls_of(walls_or_map)
    start, aimed = cell_center(start_cell), cell_center(aimed_cell)
    t = walls.first_crossing(start, aimed, edge=True, graze=True)  # past a corner it only touches (N-GREN-2)
    if t is None:
        return Landing(start, aimed, aimed, None)
    dx, dy = aimed[0] - start[0], aimed[1] - start[1]
    length = math.hypot(dx, dy)
    back = max(0.0, t * length - DROP_BACK) / length
    return Landing(start, aimed, (start[0] + back * dx, start[1] + back * dy), (start[0] + t * dx, start[1] + t * dy))


@dataclass(frozen=True)
class Flight:
    """A grenade's flight from the thrower's square to where it comes to rest.

    ``points`` are positions every :data:`SAMPLE_DT` seconds (grid units), first the
    thrower's square centre, last where it rests (inside ``cell``); ``heights`` the
    height above the ground at each (squares, 0 at the end). ``cell`` is the rules'
    landing square; ``stopped`` is True when a wall or the map's edge cut the flight
    short (R-GREN-3), ``wall_hit`` where the rules' line met it, ``bounces`` where the
    ball touched walls. ``duration_ms``: how long the flight takes.
    """

    start: Point
    aimed: Point
    points: tuple[Point, ...]
    heights: tuple[float, ...]
    cell: Cell
    stopped: bool
    wall_hit: Point | None = None
    bounces: tuple[Point, ...] = ()
    duration_ms: int = 0


def build_space(walls_or_map: Any, near: tuple[Point, Point] | None = None) -> pymunk.Space:
    """A pymunk space holding the map's wall segments (``Walls.segments``) and its border;
    with ``near`` (two corners of a box) only the segments that may lie in that box."""
    import pymunk

    walls = _walls_of(walls_or_map)
    space = pymunk.Space()
    w, h = float(walls.width), float(walls.height)
    border = [((0.0, 0.0), (w, 0.0)), ((w, 0.0), (w, h)), ((w, h), (0.0, h)), ((0.0, h), (0.0, 0.0))]
    segments = walls.segments if near is None else walls.segments_near(*near)
    shapes = []
    for a, b in [(seg.a, seg.b) for seg in segments] + border:
        if not all(math.isfinite(v) for v in (*a, *b)):
            continue
        shape = pymunk.Segment(space.static_body, a, b, WALL_RADIUS)
        shape.elasticity = 1.0  # the ball's own elasticity sets the bounce
        shape.collision_type = _WALL
        shapes.append(shape)
    space.add(*shapes)
    return space


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    """``p`` lies on the segment a-b (within a hair)."""
    ab = math.dist(a, b)
    return ab > EPS and abs(math.dist(a, p) + math.dist(p, b) - ab) <= 1e-6


def _exit_distance(p: Point, direction: Point, cell: Cell) -> float:
    """How far from ``p`` (inside ``cell``) along ``direction`` (unit) the square's edge lies."""
    best = math.inf
    for axis in (0, 1):
        d = direction[axis]
        if abs(d) > EPS:
            edge = cell[axis] + (1.0 if d > 0 else 0.0)
            best = min(best, (edge - p[axis]) / d)
    return max(0.0, best)


def _straight(landing: Landing, cell: Cell) -> Flight:
    """The rules' line as a flight, not simulated: a throw at one's own square, or the
    fallback when a simulated path would have crossed a wall."""
    points = (landing.start, landing.rest) if math.dist(landing.start, landing.rest) > EPS else (landing.start,)
    return Flight(landing.start, landing.aimed, points, (0.0,) * len(points), cell, landing.wall_hit is not None,
                  landing.wall_hit)


def fly(walls_or_map: Any, start_cell: Cell, aimed_cell: Cell) -> Flight:
    """The flight of a grenade thrown from ``start_cell`` toward ``aimed_cell``.

    Deterministic: the same walls and cells give the same points (fixed steps, no
    randomness). The landing square is :func:`landing_point`'s; the path never
    crosses a wall and ends inside that square.
    """
    walls = _walls_of(walls_or_map)
    landing = landing_point(walls, start_cell, aimed_cell)
    cell = landing.cell
    target = landing.wall_hit or landing.rest
    reach = math.dist(landing.start, target)
    if reach <= EPS:
        return _straight(landing, cell)
    # The lob that would carry the full aimed length: its speed and arc.
    aimed_len = max(reach, math.dist(landing.start, landing.aimed))
    angle = math.radians(LAUNCH_DEG)
    speed = math.sqrt(GRAVITY * aimed_len / math.sin(2 * angle))
    v_ground, v_up = speed * math.cos(angle), speed * math.sin(angle)
    ux, uy = (target[0] - landing.start[0]) / reach, (target[1] - landing.start[1]) / reach

    import pymunk

    xs = (landing.start[0], landing.aimed[0])
    ys = (landing.start[1], landing.aimed[1])
    box = ((min(xs) - 2.0, min(ys) - 2.0), (max(xs) + 2.0, max(ys) + 2.0))  # the flight stays inside it
    space = build_space(walls, box)
    body = pymunk.Body(mass=0.4, moment=pymunk.moment_for_circle(0.4, 0, BALL_RADIUS))
    body.position = landing.start
    body.velocity = (ux * v_ground, uy * v_ground)
    ball = pymunk.Circle(body, BALL_RADIUS)
    ball.elasticity = WALL_ELASTICITY
    ball.friction = 0.0
    ball.collision_type = _BALL
    space.add(body, ball)

    flight_s = 2 * v_up / GRAVITY  # the full lob's time in the air
    now = {"t": 0.0, "ground": False}
    bounces: list[Point] = []

    def counts(arbiter: pymunk.Arbiter) -> bool:
        """Walls count once the ball reaches the wall the rules' line met (or is down, or has
        bounced). Before that the line is clear: a wall it merely grazes (a door post within
        the ball's radius of the line) is flown past, its centre never crosses it."""
        if now["ground"] or bounces:
            return True
        hit = landing.wall_hit
        if hit is None:
            return False
        travelled = math.dist(landing.start, (body.position.x, body.position.y))
        if travelled >= reach - BALL_RADIUS - WALL_RADIUS:
            return True
        wall = next((sh for sh in arbiter.shapes if isinstance(sh, pymunk.Segment)), None)
        if wall is not None and _on_segment(hit, (wall.a.x, wall.a.y), (wall.b.x, wall.b.y)):
            return True  # the very wall the rules' line meets, touched at a shallow angle
        near = BALL_RADIUS + WALL_RADIUS + 0.1
        return any(math.dist((c.point_a.x, c.point_a.y), hit) <= near
                   or math.dist((c.point_b.x, c.point_b.y), hit) <= near
                   for c in arbiter.contact_point_set.points)

    def pre_solve(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: Any) -> None:
        if not counts(arbiter):
            arbiter.process_collision = False

    def post_solve(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: Any) -> None:
        if arbiter.is_first_contact and not now["ground"]:
            here = (body.position.x, body.position.y)
            if not bounces:
                bounces.append(here)
                rebound()
            elif math.dist(bounces[-1], here) > BALL_RADIUS:  # not the same corner again
                bounces.append(here)

    def rebound() -> None:
        """Damp pymunk's rebound so the ball comes down inside the rules' square; when the
        rebound has no room there, it drops back along the rules' line to the rest point."""
        air = max(SIM_DT, flight_s - now["t"])
        here = (body.position.x, body.position.y)
        v = body.velocity
        s = math.hypot(v.x, v.y)
        room = _exit_distance(here, (v.x / s, v.y / s), cell) if s > EPS and cell_of_point(here) == cell else 0.0
        if room >= 0.15:
            scale = min(1.0, ROLL_SHARE * room / (s * air))
            body.velocity = (v.x * scale, v.y * scale)
        else:  # the contact point and the rest point both lie on the rules' clear line
            body.velocity = ((landing.rest[0] - here[0]) / air, (landing.rest[1] - here[1]) / air)

    space.on_collision(_BALL, _WALL, pre_solve=pre_solve, post_solve=post_solve)

    points: list[Point] = [landing.start]
    heights: list[float] = [0.0]
    next_sample, rolled, roll_budget, decel = SAMPLE_DT, 0.0, 0.0, math.inf
    while now["t"] < MAX_FLIGHT_S:
        before = (body.position.x, body.position.y)
        space.step(SIM_DT)
        now["t"] += SIM_DT
        t = now["t"]
        here = (body.position.x, body.position.y)
        height = 0.0 if now["ground"] else max(0.0, v_up * t - 0.5 * GRAVITY * t * t)
        if not now["ground"] and (t >= flight_s or (landing.wall_hit is None and math.dist(landing.start, here) >= reach)):
            now["ground"], height = True, 0.0
            if landing.wall_hit is None:  # came down on the aimed square: from there it rolls a little
                body.position = here = landing.rest
            v = body.velocity
            s = math.hypot(v.x, v.y) * GROUND_KEEP
            direction = (v.x / math.hypot(v.x, v.y), v.y / math.hypot(v.x, v.y)) if s > EPS else (0.0, 0.0)
            room = _exit_distance(here, direction, cell) if cell_of_point(here) == cell else 0.0
            roll_budget = min(s * ROLL_S, ROLL_SHARE * room)
            # rolling friction: an even slowing that stops it after roll_budget
            decel = s * s / (2 * roll_budget) if roll_budget > 0.01 else math.inf
            body.velocity = (direction[0] * s, direction[1] * s)
        elif now["ground"]:
            rolled += math.dist(before, here)
            v = body.velocity
            s = math.hypot(v.x, v.y)
            slower = s - decel * SIM_DT
            if rolled >= roll_budget or slower <= 0.0:
                body.velocity = (0.0, 0.0)
            else:
                body.velocity = (v.x * slower / s, v.y * slower / s)
        resting = now["ground"] and body.velocity.x == 0.0 and body.velocity.y == 0.0
        if t >= next_sample - 1e-12 or resting:
            next_sample += SAMPLE_DT
            points.append(here)
            heights.append(height)
        if resting:
            break
    points, heights = _inside(points, heights, cell, landing)
    if any(walls.first_crossing(a, b, edge=True, graze=True) is not None for a, b in pairwise(points)):
        straight = _straight(landing, cell)  # a contact the simulation got wrong: the rules' own line
        points, heights = list(straight.points), list(straight.heights)
    heights[-1] = 0.0
    return Flight(
        start=landing.start,
        aimed=landing.aimed,
        points=tuple(points),
        heights=tuple(heights),
        cell=cell,
        stopped=landing.wall_hit is not None,
        wall_hit=landing.wall_hit,
        bounces=tuple(bounces),
        duration_ms=round(1000 * SAMPLE_DT * (len(points) - 1)),
    )


def _inside(points: list[Point], heights: list[float], cell: Cell, landing: Landing
            ) -> tuple[list[Point], list[float]]:
    """The path cut at its last point inside the rules' square, so it rests there; the
    rules' straight line when the ball never got there (a contact the damping missed)."""
    for i in range(len(points) - 1, 0, -1):
        if cell_of_point(points[i]) == cell:
            return points[: i + 1], heights[: i + 1]
    straight = _straight(landing, cell)
    return list(straight.points), list(straight.heights)


__all__ = ["Flight", "Landing", "build_space", "fly", "landing_point"]
