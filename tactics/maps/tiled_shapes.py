"""Tiled objects as the shapes Tactics reads them: outlines, edges, a door's line and box.

Why it exists: Tiled draws rectangles, ellipses, polygons, polylines and tile objects, each
anchored and turned its own way (a tile object at its bottom-left corner, the others at their
top-left, all turned about that anchor); the reader (:mod:`tactics.maps.tiled`) asks here which
points an object stands for, in the map's pixels, before they become walls and doors.
"""

from __future__ import annotations

import math
from typing import Any

Pt = tuple[float, float]


def rotate(origin: Pt, d: Pt, degrees: float) -> Pt:
    """``origin + d`` turned ``degrees`` clockwise about ``origin`` (y grows down)."""
    if not degrees:
        return (origin[0] + d[0], origin[1] + d[1])
    t = math.radians(degrees)
    cos, sin = math.cos(t), math.sin(t)
    return (origin[0] + d[0] * cos - d[1] * sin, origin[1] + d[0] * sin + d[1] * cos)


def outline(obj: Any) -> tuple[list[Pt], bool] | None:
    """An object's outline in pixels and whether it closes, or None for other shapes."""
    origin = (float(obj.coordinates.x), float(obj.coordinates.y))
    rot = float(obj.rotation or 0)
    kind = type(obj).__name__
    if kind in ("Polyline", "Polygon"):
        pts = [rotate(origin, (float(p.x), float(p.y)), rot) for p in obj.points or []]
        return pts, kind == "Polygon"
    if kind == "Rectangle":
        w, h = float(obj.size.width), float(obj.size.height)
        corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        return [rotate(origin, c, rot) for c in corners], True
    return None


def edges(obj: Any) -> list[tuple[Pt, Pt]]:
    shape = outline(obj)
    if shape is None:
        return []  # points, ellipses, text and tile objects make no wall
    pts, closed = shape
    edges = list(zip(pts, pts[1:]))
    if closed and len(pts) > 2:
        edges.append((pts[-1], pts[0]))
    return edges


def door_line(obj: Any, size: tuple[float, float] | None = None) -> tuple[Pt, Pt] | None:
    """A door object's line in pixels, or None for a shape that makes no door.

    A rectangle runs along its long middle line; a polygon (a closed shape, as Tiled's Polygon
    tool draws a strip over a doorway) and a tile object (a door tile placed on the doors layer)
    are read as their rectangle, the same way; a polyline runs from its first point to its last.
    """
    kind = type(obj).__name__
    if kind in ("Polygon", "Tile"):
        box = door_box(obj, size)
        return None if box is None else middle_line(box)
    shape = outline(obj)
    if shape is None:
        return None
    pts, _ = shape
    if kind == "Rectangle":
        return middle_line(pts)
    if len(pts) < 2 or pts[0] == pts[-1]:
        return None
    return pts[0], pts[-1]


def door_box(obj: Any, size: tuple[float, float] | None = None) -> list[Pt] | None:
    """The corners (clockwise from the top-left, rotated as the object is) of a polygon's bounding
    box or of a tile object's rectangle (``size``: its width and height); None when it has no extent."""
    origin = (float(obj.coordinates.x), float(obj.coordinates.y))
    if type(obj).__name__ == "Tile":  # Tiled anchors a tile object at its bottom-left corner
        w, h = size if size is not None else (float(obj.size.width or 0), float(obj.size.height or 0))
        x0, y0, x1, y1 = 0.0, -h, w, 0.0
    else:
        xs = [float(p.x) for p in obj.points or []]
        ys = [float(p.y) for p in obj.points or []]
        if not xs:
            return None
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if x1 - x0 <= 0 and y1 - y0 <= 0:
        return None
    rot = float(obj.rotation or 0)
    return [rotate(origin, c, rot) for c in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]


def square(corners: list[Pt]) -> bool:
    """Is this box an upright square (no long side, not turned)?"""
    a, b, c, _ = corners
    return abs(a[1] - b[1]) < 1e-9 and abs(math.dist(a, b) - math.dist(b, c)) < 1e-6


def middle_line(corners: list[Pt]) -> tuple[Pt, Pt]:
    """The long middle line of a rectangle given by its four corners in order."""
    a, b, c, d = corners
    if math.dist(a, b) >= math.dist(b, c):  # wide: the horizontal middle line
        return ((a[0] + d[0]) / 2, (a[1] + d[1]) / 2), ((b[0] + c[0]) / 2, (b[1] + c[1]) / 2)
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), ((d[0] + c[0]) / 2, (d[1] + c[1]) / 2)


__all__ = ["rotate", "outline", "edges", "door_line", "door_box", "square", "middle_line"]
