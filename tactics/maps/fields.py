"""Small checks for reading untrusted map documents field by field.

Map files come from other programs and from hand editing, so every value is
checked before it is used. Each check takes the *place* of the value in the
document (``walls[3]``, ``resolution.map_size.x``) and raises
:class:`FieldError` naming it; a loader turns that into a one-line
:class:`~tactics.maps.battlemap.MapError` with the file name in front:
``maps/x.json: walls[3]: expected 4 numbers``.
"""

from __future__ import annotations

import math
import re
from typing import Any


class FieldError(ValueError):
    """A value at a named place in a document is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


def kind_of(value: Any) -> str:
    """A short name of a JSON value's type for messages ("a string", "null")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FieldError(where, f"expected an object, got {kind_of(value)}")
    return value


def items(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise FieldError(where, f"expected a list, got {kind_of(value)}")
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise FieldError(where, f"expected text, got {kind_of(value)}")
    return value


def flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise FieldError(where, f"expected true or false, got {kind_of(value)}")
    return value


def number(value: Any, where: str, *, minimum: float | None = None, positive: bool = False,
           maximum: float | None = None) -> float:
    """A finite number (booleans are not numbers here), within ``minimum`` and ``maximum`` if given."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FieldError(where, f"expected a number, got {kind_of(value)}")
    try:
        result = float(value)
    except OverflowError:  # a whole number of hundreds of digits (review 21: "int too large to convert")
        raise FieldError(where, "expected a finite number, got one too large") from None
    if not math.isfinite(result):
        raise FieldError(where, "expected a finite number")
    if positive and result <= 0:
        raise FieldError(where, f"must be more than 0, got {_show(result)}")
    if minimum is not None and result < minimum:
        raise FieldError(where, f"must be at least {_show(minimum)}, got {_show(result)}")
    if maximum is not None and result > maximum:
        raise FieldError(where, f"must be at most {_show(maximum)}, got {_show(result)}")
    return result


def whole(value: Any, where: str, *, minimum: int | None = None) -> int:
    """A whole number (2.0 is accepted as 2; 2.5 is not)."""
    result = number(value, where)
    if not result.is_integer():
        raise FieldError(where, f"expected a whole number, got {_show(result)}")
    if abs(result) > 2**53:
        raise FieldError(where, "number is too large")
    if minimum is not None and result < minimum:
        raise FieldError(where, f"must be at least {minimum}, got {_show(result)}")
    return int(result)


def numbers(value: Any, where: str, count: int) -> list[float]:
    """Exactly ``count`` numbers in a list."""
    if not isinstance(value, list) or len(value) != count:
        raise FieldError(where, f"expected {count} numbers, got {kind_of(value) if not isinstance(value, list) else f'{len(value)} items'}")
    return [number(v, f"{where}[{i}]") for i, v in enumerate(value)]


def point(value: Any, where: str) -> tuple[float, float]:
    """A point written as ``{"x": .., "y": ..}`` (Universal VTT style)."""
    raw = obj(value, where)
    if "x" not in raw or "y" not in raw:
        raise FieldError(where, "expected a point with x and y")
    return number(raw["x"], f"{where}.x"), number(raw["y"], f"{where}.y")


#: (patterns, compiled by :mod:`re` when first used: not at every start, issue 12)
_HEX = r"[0-9a-fA-F]{6}([0-9a-fA-F]{2})?"


def colour(value: Any, where: str) -> str:
    """A colour as 6 or 8 hex digits (a leading # is allowed), returned lower-case."""
    digits = text(value, where).lstrip("#")
    if not re.fullmatch(_HEX, digits):
        raise FieldError(where, f"expected 6 or 8 hex digits, got {value!r}")
    return digits.lower()


_CONTROL = r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]+"
MAX_NAME = 200


def clean_name(value: str, limit: int = MAX_NAME) -> str:
    """A name as the window can draw it: control characters (NUL, newlines ...) become
    spaces, runs of spaces become one, the ends are trimmed, and it is cut to ``limit`` characters.

    pygame refuses to render text holding a NUL ("A null character was found in
    the text"), so a map, spawn or combatant name with one crashed the window.
    """
    if not value.isprintable():  # every character _CONTROL matches is one isprintable() refuses: a
        # printable name (the usual one) needs no pattern, whose compiling was 0.5 ms of a start (issue 12)
        value = re.sub(_CONTROL, " ", value)
    return " ".join(value.split())[:limit].strip()


def name(value: Any, where: str, limit: int = MAX_NAME) -> str:
    """A name (text) cleaned by :func:`clean_name`; an empty result is refused."""
    cleaned = clean_name(text(value, where), limit)
    if not cleaned:
        raise FieldError(where, "the name is empty")
    return cleaned


def required(raw: dict[str, Any], key: str, where: str) -> Any:
    if key not in raw:
        raise FieldError(join(where, key), "missing")
    return raw[key]


def join(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _show(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)


def clip_segment(
    x1: float, y1: float, x2: float, y2: float, box: tuple[float, float, float, float]
) -> tuple[float, float, float, float] | None:
    """The part of a segment inside ``box`` (x0, y0, x1, y1), or None (Liang-Barsky).

    A clipped end lies exactly on the box edge that cut it.
    """
    bx0, by0, bx1, by1 = box
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    cut0: tuple[int, float] | None = None  # (axis, edge value) that set t0
    cut1: tuple[int, float] | None = None
    for p, q, axis, edge in (
        (-dx, x1 - bx0, 0, bx0), (dx, bx1 - x1, 0, bx1), (-dy, y1 - by0, 1, by0), (dy, by1 - y1, 1, by1)
    ):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            if t > t1:
                return None
            if t > t0:
                t0, cut0 = t, (axis, edge)
        else:
            if t < t0:
                return None
            if t < t1:
                t1, cut1 = t, (axis, edge)
    start = [x1 + t0 * dx, y1 + t0 * dy] if cut0 else [x1, y1]
    end = [x1 + t1 * dx, y1 + t1 * dy] if cut1 else [x2, y2]
    if cut0:
        start[cut0[0]] = cut0[1]
    if cut1:
        end[cut1[0]] = cut1[1]
    return (start[0], start[1], end[0], end[1])


#: Wall pieces one map may hold (after :func:`split_long`): a large dungeon has tens of thousands; a 200 KB
#: polyline of corner-to-corner diagonals made 12 million (1.9 GB, review 12)
MAX_WALL_PIECES = 300_000
#: Wall pieces (walls, doors and windows) a map may hold for each of its squares, on average, past
#: :data:`WALL_PIECES_ANY_MAP`: a detailed cave has a few. Review 21: 200,000 short pieces in a 6x4 room
#: (a 2 MB Tiled polygon) loaded, and the first move on it indexed every one of them: 20 s.
WALL_PIECES_PER_SQUARE = 32
#: Wall pieces any map may hold, however few its squares.
WALL_PIECES_ANY_MAP = 10_000


def wall_limit(squares: int) -> int:
    """The most wall pieces (walls, doors and windows) a map of ``squares`` squares may hold."""
    return min(MAX_WALL_PIECES, max(WALL_PIECES_ANY_MAP, WALL_PIECES_PER_SQUARE * squares))


def wall_room(walls_so_far: int, adding: int, where: str, squares: int | None = None) -> None:
    """FieldError when ``adding`` more wall pieces would pass :data:`MAX_WALL_PIECES` on one map, or
    (given the map's ``squares``) :func:`wall_limit` for its size."""
    if walls_so_far + adding > MAX_WALL_PIECES:
        raise FieldError(where, f"more than {MAX_WALL_PIECES:,} wall pieces on one map (long slanted walls are cut "
                                "into pieces two squares long)")
    if squares is not None and walls_so_far + adding > (limit := wall_limit(squares)):
        raise FieldError(where, f"more than {limit:,} wall pieces (walls, doors and windows) on a map of "
                                f"{squares:,} squares; a map may hold {WALL_PIECES_PER_SQUARE} a square on average")


def split_long(x1: float, y1: float, x2: float, y2: float, piece: float = 2.0) -> list[tuple[float, float, float, float]]:
    """A slanted segment cut into pieces at most ``piece`` squares long each way.

    The wall index visits every square in a segment's bounding box, so one long
    diagonal wall costs its length squared; the same points as short pieces cost
    its length. Straight (axis-aligned) segments are returned whole.
    """
    dx, dy = x2 - x1, y2 - y1
    if dx == 0 or dy == 0:
        return [(x1, y1, x2, y2)]
    count = max(1, math.ceil(max(abs(dx), abs(dy)) / piece))
    if count == 1:
        return [(x1, y1, x2, y2)]
    points = [(x1 + dx * i / count, y1 + dy * i / count) for i in range(count)] + [(x2, y2)]
    return [(a[0], a[1], b[0], b[1]) for a, b in zip(points, points[1:])]
