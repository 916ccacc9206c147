"""Area templates: radius, cone and line (R-RAD-1/2, R-CONE-1..3, R-LINE-1, R-AOE-1).

The window's preview and the resolution of a blast call these same functions,
so what the table sees highlighted is exactly what gets hit.

Every function takes an optional ``walls`` (a :class:`tactics.rules.walls.Walls`
or anything with a ``.walls`` attribute, such as a ``BattleMap``): a cell whose
centre the template's origin cannot see is not affected (R-AOE-1). Without
``walls`` the template is the bare shape on an open grid.

An origin that lies exactly on a wall (a blast anchored at a corner on a wall
line, a cone whose caster stands against a wall) is on one side of it: the
side of the square it belongs to (``inside``). Sight is then judged from a
point nudged a hair from the origin toward that square's centre, so the wall
cuts every square behind it (N-AOE-1). An origin off every wall is not moved.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from tactics.rules.grid import DELTAS, Cell, Point, cell_center, delta, squares

#: The largest template the app lays (the window's + key and ``tactics --feet`` alike): past it a
#: template covers more squares than any map's fight needs, and ``--feet 100000000`` ran away.
MAX_TEMPLATE_FEET = 200

Anchor = Literal["corner", "center"]
Shape = Literal["grid", "round"]


def _walls_of(walls: Any) -> Any:
    if walls is None:
        return None
    return getattr(walls, "walls", walls)


def radius(
    anchor: Cell,
    feet: int,
    *,
    at: Anchor = "corner",
    shape: Shape = "grid",
    walls: Any = None,
    inside: Cell | None = None,
) -> frozenset[Cell]:
    """Cells covered by a radius of ``feet`` around ``anchor``.

    ``at="corner"``: ``anchor=(c, r)`` is the intersection at the top-left corner
    of cell (c, r); n x 5 ft covers a 2n x 2n block (R-RAD-1; 5 ft is the four
    cells around the corner). ``at="center"``: the centre of cell (c, r); a
    (2n+1) x (2n+1) block. ``shape="round"`` keeps only cells whose centre lies
    within the radius, measured with Euclidean distance (R-RAD-2).
    ``inside``: the square the anchor belongs to when it lies on a wall (a
    grenade's landing square, the square under the pointer); by default the
    cell ``anchor`` names (N-AOE-1).
    """
    n = squares(feet)
    c, r = anchor
    if at == "corner":
        origin: Point = (float(c), float(r))
        cols = range(c - n, c + n)
        rows = range(r - n, r + n)
    elif at == "center":
        origin = cell_center(anchor)
        cols = range(c - n, c + n + 1)
        rows = range(r - n, r + n + 1)
    else:
        raise ValueError(f"radius anchor must be 'corner' or 'center', not {at!r}")
    if shape not in ("grid", "round"):
        raise ValueError(f"radius shape must be 'grid' or 'round', not {shape!r}")
    cells = []
    limit = n * n
    for x in cols:
        for y in rows:
            if shape == "round":
                # Centre offsets are half-integers: compare 4*d^2 with 4*n^2 exactly.
                ddx = 2 * x + 1 - 2 * origin[0]
                ddy = 2 * y + 1 - 2 * origin[1]
                if ddx * ddx + ddy * ddy > 4 * limit:
                    continue
            cells.append((x, y))
    return _visible(origin, cells, walls, anchor if inside is None else inside)


def cone(
    apex: Cell, direction: str, feet: int, *, walls: Any = None, inside: Cell | None = None
) -> frozenset[Cell]:
    """Cells of a cone of ``feet`` whose first (apex) cell is ``apex`` (R-CONE-1..3).

    Increment k (1-based) lies k-1 cells from the apex and is 2k-1 cells wide,
    so an n-increment cone covers n^2 cells in every one of the 8 directions.
    A diagonal cone's increment k is the cells at Chebyshev distance k-1 from
    the apex inside its quadrant (a 15 ft diagonal cone is a 3 x 3 block).
    ``inside``: the square the cone comes from, whose side of a wall on the
    apex's back edge it is on; by default the caster's square behind the apex (a
    cone mine passes its own square, R-CONE-2; N-AOE-1).
    """
    n = squares(feet)
    dx, dy = delta(direction)
    ax, ay = apex
    cells: list[Cell] = []
    if dx and dy:
        for i in range(n):
            for j in range(n):
                cells.append((ax + i * dx, ay + j * dy))
    else:
        px, py = -dy, dx  # perpendicular
        for k in range(n):
            cx, cy = ax + k * dx, ay + k * dy
            for w in range(-k, k + 1):
                cells.append((cx + w * px, cy + w * py))
    # Sight is judged from the edge of the apex cell facing back toward the
    # caster, on the caster's side of it, so a wall right in front of the caster
    # stops the whole cone (N-AOE-1).
    origin = (ax + 0.5 - 0.5 * dx, ay + 0.5 - 0.5 * dy)
    return _visible(origin, cells, walls, (ax - dx, ay - dy) if inside is None else inside)


def line(
    origin: Cell, toward: str | Cell, feet: int, *, walls: Any = None
) -> tuple[Cell, ...]:
    """The ordered cells of a line of ``feet`` from ``origin`` (excluded) (R-LINE-1).

    ``toward`` is a direction name or a target cell. Toward a cell, the line
    follows the grid line of king steps that points at it, and continues past
    it when the line is longer. A wall stops the line: cells after it are cut.
    """
    n = squares(feet)
    if isinstance(toward, str):
        dx, dy = delta(toward)
        cells = [(origin[0] + k * dx, origin[1] + k * dy) for k in range(1, n + 1)]
    else:
        tx, ty = toward[0] - origin[0], toward[1] - origin[1]
        steps = max(abs(tx), abs(ty))
        if steps == 0:
            raise ValueError("a line needs a target cell other than its origin")
        cells = [
            (origin[0] + _round_half_away(Fraction(tx * k, steps)),
             origin[1] + _round_half_away(Fraction(ty * k, steps)))
            for k in range(1, n + 1)
        ]
    w = _walls_of(walls)
    if w is None:
        return tuple(cells)
    start = cell_center(origin)
    out: list[Cell] = []
    previous = origin
    for cell in cells:
        if not w.in_bounds(cell) or w.is_solid(cell):
            break
        if not (w.line_clear(start, cell_center(cell)) and w.edge_open(previous, cell)):
            break
        out.append(cell)
        previous = cell
    return tuple(out)


def _round_half_away(value: Fraction) -> int:
    """Round to the nearest integer, halves away from zero (symmetric lines)."""
    if value >= 0:
        return int(value + Fraction(1, 2))
    return -int(-value + Fraction(1, 2))


# How far an origin on a wall is moved toward its square (grid units: 1e-4 of a
# square is far above the wall test's tolerance and far below any real gap).
_NUDGE = 1e-4


def sight_origin(origin: Point, inside: Cell, walls: Any) -> Point:
    """Where a template's sight is judged from (N-AOE-1).

    ``origin`` itself, unless it lies on a wall: then a point a hair from it
    toward the centre of ``inside``, the square it belongs to, so the wall it
    lies on stops sight to the far side as any other wall does. A cell centre on
    a wall (a wall drawn through the square) has no side to move to and stays.
    """
    w = _walls_of(walls)
    if w is None or not w.on_wall(origin):
        return origin
    cx, cy = cell_center(inside)
    dx, dy = cx - origin[0], cy - origin[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length == 0:
        return origin
    return (origin[0] + _NUDGE * dx / length, origin[1] + _NUDGE * dy / length)


def _visible(origin: Point, cells: list[Cell], walls: Any, inside: Cell) -> frozenset[Cell]:
    w = _walls_of(walls)
    if w is None:
        return frozenset(cells)
    origin = sight_origin(origin, inside, w)
    return frozenset(
        cell for cell in cells if w.in_bounds(cell) and w.sees_cell(origin, cell)
    )


__all__ = ["radius", "cone", "line", "sight_origin", "DELTAS"]
