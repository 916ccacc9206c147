"""Grid geometry on 5 ft squares (R-GRID-1, R-GRID-2).

Cells are ``(col, row)`` tuples; row grows downward on screen, so "N" is row - 1.
Every step, orthogonal or diagonal, costs 5 ft: distance is Chebyshev.
"""

from __future__ import annotations

from typing import Iterator, Sequence

Cell = tuple[int, int]
Point = tuple[float, float]

SQUARE_FT = 5

DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

DELTAS: dict[str, Cell] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}

DIRECTION_OF_DELTA: dict[Cell, str] = {delta: name for name, delta in DELTAS.items()}


def distance_ft(a: Cell, b: Cell) -> int:
    """Feet between two cells: 5 x max(|dcol|, |drow|) (R-GRID-2)."""
    return SQUARE_FT * max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def squares(feet: int) -> int:
    """Whole squares covered by ``feet`` (rounded down)."""
    if feet < 0:
        raise ValueError(f"a distance cannot be negative: {feet} ft")
    return feet // SQUARE_FT


def step(cell: Cell, direction: str, count: int = 1) -> Cell:
    """The cell ``count`` steps from ``cell`` toward ``direction``."""
    dx, dy = delta(direction)
    return (cell[0] + dx * count, cell[1] + dy * count)


def delta(direction: str) -> Cell:
    """The unit (dcol, drow) of a direction name; a clear error for anything else."""
    try:
        return DELTAS[direction]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown direction {direction!r}; expected one of {', '.join(DIRECTIONS)}"
        ) from None


def is_diagonal(direction: str) -> bool:
    dx, dy = delta(direction)
    return dx != 0 and dy != 0


def rotate(direction: str, eighths: int) -> str:
    """Turn a direction clockwise by ``eighths`` of a circle (negative: anticlockwise)."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + eighths) % 8]


def opposite(direction: str) -> str:
    return rotate(direction, 4)


def neighbours(cell: Cell) -> Iterator[tuple[str, Cell]]:
    """The 8 adjacent cells with the direction of the step to each."""
    for name in DIRECTIONS:
        dx, dy = DELTAS[name]
        yield name, (cell[0] + dx, cell[1] + dy)


def direction_toward(origin: Cell | Point, target: Cell | Point) -> str:
    """The nearest of the 8 directions from ``origin`` toward ``target``.

    Used to snap a cone or facing to the mouse. Ties between two sectors go to
    the orthogonal one. Raises ValueError when the points coincide.
    """
    import math

    dx = target[0] - origin[0]
    dy = target[1] - origin[1]
    if dx == 0 and dy == 0:
        raise ValueError("origin and target coincide: no direction")
    # Screen angle with N = 0, clockwise; rows grow downward.
    angle = math.degrees(math.atan2(dx, -dy)) % 360.0
    index = int((angle + 22.5) // 45) % 8
    return DIRECTIONS[index]


def square_words(cell: Sequence[int]) -> str:
    """``"(22, 6)"``: a square in words, one way everywhere (the log, the panels' lists, the status
    bar; review 16, F16c found "(22, 6)", "22,6" and "square 21,5")."""
    return f"({int(cell[0])}, {int(cell[1])})"


def as_cell(value: Sequence[int]) -> Cell:
    """A square as the pair the rules use, from any two numbers (a list read from a file or an event)."""
    return (value[0], value[1])


def cell_center(cell: Cell) -> Point:
    return (cell[0] + 0.5, cell[1] + 0.5)


def cell_of_point(point: Point) -> Cell:
    """The cell containing a point in grid units (points on an edge go right/down)."""
    import math

    return (math.floor(point[0]), math.floor(point[1]))
