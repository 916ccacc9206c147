"""Where a door is on the grid: who can reach it, who stands in it, how to name it (reading: N-DOOR-1).

Why it exists: opening an unlocked door is a Simple action (the text's list of Simple
actions), and the engine must decide, without drawing anything, whether a combatant is
close enough to do it and what the log and the window call the door. A door is a
segment in grid units (one square = 1.0) that the map formats put on square edges
(Tiled, Universal VTT, the text grid); these answers work for any segment.
"""

from __future__ import annotations

import math

from tactics.rules.geometry import Segment
from tactics.rules.grid import Cell, Point, square_words

EPS = 1e-6


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _box_distance(seg: Segment, x0: float, y0: float, x1: float, y1: float) -> float:
    """The distance between a segment and an axis-aligned box (0 when they meet)."""
    if _clip(seg, x0, y0, x1, y1):
        return 0.0
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    best = min(_point_segment_distance(c, seg.a, seg.b) for c in corners)
    for end in (seg.a, seg.b):
        cx, cy = min(max(end[0], x0), x1), min(max(end[1], y0), y1)
        best = min(best, math.hypot(end[0] - cx, end[1] - cy))
    return best


def _clip(seg: Segment, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Does the segment meet the closed box [x0, x1] x [y0, y1]? (Liang-Barsky)"""
    t0, t1 = 0.0, 1.0
    dx, dy = seg.x2 - seg.x1, seg.y2 - seg.y1
    for p, q in ((-dx, seg.x1 - x0), (dx, x1 - seg.x1), (-dy, seg.y1 - y0), (dy, y1 - seg.y1)):
        if abs(p) < 1e-12:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def touches(seg: Segment, cell: Cell) -> bool:
    """Does the door's line touch this square (an edge or a corner of it)? Then a
    combatant standing there can reach the door (reading: N-DOOR-1)."""
    c, r = cell
    return _box_distance(seg, c, r, c + 1, r + 1) <= EPS


def stands_in(seg: Segment, cell: Cell) -> bool:
    """Does the door's line cross the inside of this square (not just run along its edge)?
    A door cannot be closed on someone standing in it (reading: N-DOOR-1)."""
    c, r = cell
    inset = 0.05
    return _clip(seg, c + inset, r + inset, c + 1 - inset, r + 1 - inset)


def reach_squares(seg: Segment) -> list[Cell]:
    """Every square whose edge or corner the door touches (where one can stand to reach it)."""
    xs = (min(seg.x1, seg.x2), max(seg.x1, seg.x2))
    ys = (min(seg.y1, seg.y2), max(seg.y1, seg.y2))
    out = []
    for c in range(math.floor(xs[0]) - 1, math.ceil(xs[1]) + 1):
        for r in range(math.floor(ys[0]) - 1, math.ceil(ys[1]) + 1):
            if touches(seg, (c, r)):
                out.append((c, r))
    return out


def sides(seg: Segment) -> tuple[Cell, Cell]:
    """The two squares either side of the middle of the door (west/north first), to name it."""
    mx, my = (seg.x1 + seg.x2) / 2, (seg.y1 + seg.y2) / 2
    dx, dy = seg.x2 - seg.x1, seg.y2 - seg.y1
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * 0.5, dx / length * 0.5  # half a square across the door
    one = (math.floor(mx - nx), math.floor(my - ny))
    two = (math.floor(mx + nx), math.floor(my + ny))
    return (one, two) if one <= two else (two, one)


def door_name(seg: Segment) -> str:
    """``"the door between (22, 15) and (23, 15)"``: what the log and the window call a door."""
    one, two = sides(seg)
    if one == two:  # a door drawn across a square (a diagonal portal of a Universal VTT map)
        return f"the door across {square_words(one)}"
    return f"the door between {square_words(one)} and {square_words(two)}"
