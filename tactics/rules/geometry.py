"""Plain 2-D segment geometry in grid units (one cell = 1.0).

Kept separate from the grid rules so both the wall index and the map loaders can
share one exact, well-tested intersection test.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactics.rules.grid import Point

EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Segment:
    """A straight wall piece from (x1, y1) to (x2, y2) in grid units."""

    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def a(self) -> Point:
        return (self.x1, self.y1)

    @property
    def b(self) -> Point:
        return (self.x2, self.y2)

    def bbox(self) -> tuple[float, float, float, float]:
        return (
            min(self.x1, self.x2),
            min(self.y1, self.y2),
            max(self.x1, self.x2),
            max(self.y1, self.y2),
        )


def _orient(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def side_of(p: Point, q: Point, r: Point) -> float:
    """Which side of the line ``p`` -> ``q`` the point ``r`` lies on: its sign (0: on the line)."""
    return _orient(p, q, r)


def _on_segment(p: Point, q: Point, r: Point) -> bool:
    """r is collinear with p-q; is it within the segment's box?"""
    return (
        min(p[0], q[0]) - EPS <= r[0] <= max(p[0], q[0]) + EPS
        and min(p[1], q[1]) - EPS <= r[1] <= max(p[1], q[1]) + EPS
    )


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the closed segments p1-p2 and q1-q2 share at least one point."""
    d1 = _orient(q1, q2, p1)
    d2 = _orient(q1, q2, p2)
    d3 = _orient(p1, p2, q1)
    d4 = _orient(p1, p2, q2)
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and (
        (d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)
    ):
        return True
    if abs(d1) <= EPS and _on_segment(q1, q2, p1):
        return True
    if abs(d2) <= EPS and _on_segment(q1, q2, p2):
        return True
    if abs(d3) <= EPS and _on_segment(p1, p2, q1):
        return True
    if abs(d4) <= EPS and _on_segment(p1, p2, q2):
        return True
    return False


def segments_cross_strictly(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when p1-p2 passes through q1-q2 at a point that is not p1 or p2.

    A sight line that merely starts on a wall (a blast anchored on a wall's
    corner) is not blocked by that wall; one that passes through it is.
    """
    if not segments_touch(p1, p2, q1, q2):
        return False
    # Touching only at p1 or p2 does not count.
    for end in (p1, p2):
        if abs(_orient(q1, q2, end)) <= EPS and _on_segment(q1, q2, end):
            other = p2 if end is p1 else p1
            # Collinear overlap along the wall: treat as blocked (walking along it).
            if abs(_orient(q1, q2, other)) <= EPS and _on_segment(q1, q2, other):
                return True
            return False
    return True
