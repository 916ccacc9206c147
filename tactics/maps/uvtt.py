"""Universal VTT exports (``.dd2vtt``, ``.df2vtt``, ``.uvtt``): format 0.2 and 0.3.

Why: Dungeondraft, DungeonFog and Arkenforge export battle maps in this JSON
format: the rendered art as base64 plus the walls, doors and lights in grid
units. There is no official spec; the fields read here are the ones those
exports write (see ``/work/shared/notes/libraries.md`` and ``docs/maps.md``).

* ``resolution.map_size`` (squares, may be fractional) gives the map's size,
  rounded up; ``map_origin`` is subtracted from every coordinate;
  ``pixels_per_grid`` becomes :attr:`MapImage.pixels_per_cell`.
* ``line_of_sight`` and ``objects_line_of_sight`` polylines become walls,
  clipped to the map (with one square of margin).
* ``portals`` with ``closed`` true (or left out) become closed doors across
  their ``bounds``, freestanding or not; a portal with ``closed`` false is a
  window (Dungeondraft writes ``closed`` from the portal's "block light" flag:
  doors true, windows false, as the Foundry and Fantasy Grounds importers read
  it): it stops movement like a wall, lets sight through and is no door.
* ``lights`` are kept as :class:`Light` records.
* ``image`` is decoded once; its size is read from the header first and a
  too-large or non-image payload is refused before any pixel is decoded.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

from tactics.maps import fields as f
from tactics.maps.battlemap import BattleMap, Door, Light, MapError, MapImage
from tactics.maps.fields import FieldError
from tactics.maps.imagesize import MAX_PIXELS, MAX_SIDE, ImageHeaderError, ImageTooLarge, safe_image_size
from tactics.maps.native import MAX_CELLS, MAX_PIXELS_PER_CELL, MIN_PIXELS_PER_CELL, decode_base64_image, read_json
from tactics.rules.geometry import Segment

KNOWN_FORMATS = (0.1, 0.2, 0.3)
MARGIN = 1.0  # squares outside the map where walls are still kept


def load_uvtt(path: str | Path) -> BattleMap:
    """Read a Universal VTT export; every problem is a :class:`MapError`."""
    path = Path(path)
    raw = read_json(path)
    return uvtt_from_dict(raw, str(path), name=path.stem)


def uvtt_from_dict(raw: Any, source: str | None = None, *, name: str = "Universal VTT map") -> BattleMap:
    """A :class:`BattleMap` from a parsed Universal VTT document."""
    shown = source or ""
    try:
        return _from_dict(raw, shown, name)
    except FieldError as exc:
        raise MapError(shown, str(exc)) from None


def too_large_advice(width: int, height: int, pixels_per_grid: float, source: str | None) -> str:
    """Why an export's picture is refused and how to export one Tactics opens: the limit guards
    memory (a decoded 131-megapixel picture is half a gigabyte before it is scaled)."""
    if width > MAX_SIDE or height > MAX_SIDE:
        problem = f"the map picture is {width}x{height} pixels, more than the {MAX_SIDE} pixels a side Tactics opens"
    else:
        problem = (f"the map picture is {width}x{height} pixels ({width * height / 1e6:.0f} megapixels), "
                   f"more than the {MAX_PIXELS // 1_000_000} megapixels Tactics opens")
    fits = pixels_per_grid * min(math.sqrt(MAX_PIXELS / (width * height)), MAX_SIDE / max(width, height))
    app = " from Dungeondraft" if (source or "").lower().endswith(".dd2vtt") else ""
    if fits < 16:
        return f"{problem}: re-export it{app} in smaller parts"
    grid = 2 ** math.floor(math.log2(fits))  # 128, 64 ...: the sizes exporters offer
    return f"{problem}: re-export it{app} with fewer pixels per grid ({grid} or less)"


def _from_dict(raw: Any, source: str, name: str) -> BattleMap:
    raw = f.obj(raw, "")
    _check_format(raw.get("format"))
    res = f.obj(f.required(raw, "resolution", ""), "resolution")
    size_x, size_y = f.point(f.required(res, "map_size", "resolution"), "resolution.map_size")
    if size_x <= 0 or size_y <= 0:
        raise FieldError("resolution.map_size", f"map size {size_x:g}x{size_y:g} is empty")
    if size_x * size_y > MAX_CELLS:
        raise FieldError("resolution.map_size", f"map size {size_x:g}x{size_y:g} is too large (limit {MAX_CELLS} squares)")
    width, height = max(1, math.ceil(size_x - 1e-9)), max(1, math.ceil(size_y - 1e-9))
    origin = (0.0, 0.0)
    if res.get("map_origin") is not None:
        origin = f.point(res["map_origin"], "resolution.map_origin")
    ppg = f.number(f.required(res, "pixels_per_grid", "resolution"), "resolution.pixels_per_grid",
                   minimum=MIN_PIXELS_PER_CELL, maximum=MAX_PIXELS_PER_CELL)
    box = (-MARGIN, -MARGIN, width + MARGIN, height + MARGIN)

    walls: list[Segment] = []
    for key in ("line_of_sight", "objects_line_of_sight"):
        for i, line in enumerate(f.items(raw.get(key) or [], key)):
            walls += _polyline(line, f"{key}[{i}]", origin, box, len(walls), width * height)

    doors: list[Door] = []
    windows: list[Segment] = []
    for i, p in enumerate(f.items(raw.get("portals") or [], "portals")):
        portal = _portal(p, f"portals[{i}]", origin, box)
        if portal is None:
            continue
        f.wall_room(len(walls) + len(doors) + len(windows), 1, f"portals[{i}]", width * height)
        if portal.closed:
            doors.append(portal)
        else:  # "closed": false is Dungeondraft's window (its portal lets light through): see docs/maps.md
            windows.append(portal.segment)
    lights = [_light(li, f"lights[{i}]", origin) for i, li in enumerate(f.items(raw.get("lights") or [], "lights"))]
    # a light far off the map lights nothing on it; a range past the map's size is the map's size
    lights = [replace(li, range=min(li.range, float(width + height))) for li in lights
              if box[0] <= li.x <= box[2] and box[1] <= li.y <= box[3]]
    image = None
    if raw.get("image"):
        data = decode_base64_image(f.text(raw["image"], "image"), "image")
        try:
            safe_image_size(data)
        except ImageTooLarge as exc:  # the problem and the way out first (review 7, finding 11)
            raise MapError(source, too_large_advice(exc.width, exc.height, ppg, source)) from None
        except ImageHeaderError as exc:
            raise FieldError("image", str(exc)) from None
        image = MapImage(pixels_per_cell=ppg, data=data)
    return BattleMap(
        width=width,
        height=height,
        name=name,
        wall_segments=walls,
        doors=doors,
        windows=windows,
        lights=lights,
        image=image,
        source=source or None,
    )


def _check_format(value: Any) -> None:
    if value is None:
        return  # some generators leave it out; read it as the current format
    try:
        version = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        version = math.nan
    if not any(abs(version - known) < 1e-6 for known in KNOWN_FORMATS):
        raise FieldError("format", f"unsupported Universal VTT format {value!r} (this reads 0.2 and 0.3)")


def _local(p: tuple[float, float], origin: tuple[float, float]) -> tuple[float, float]:
    return p[0] - origin[0], p[1] - origin[1]


def _polyline(value: Any, where: str, origin: tuple[float, float], box, walls_before: int = 0,
              squares: int | None = None) -> list[Segment]:
    points = [_local(f.point(p, f"{where}[{j}]"), origin) for j, p in enumerate(f.items(value, where))]
    out: list[Segment] = []
    for a, b in zip(points, points[1:]):
        if a == b:
            continue
        clipped = f.clip_segment(a[0], a[1], b[0], b[1], box)
        if clipped is not None:
            pieces = f.split_long(*clipped)
            f.wall_room(walls_before + len(out), len(pieces), where, squares)
            out += [Segment(*piece) for piece in pieces]
    return out


def _portal(value: Any, where: str, origin: tuple[float, float], box) -> Door | None:
    raw = f.obj(value, where)
    bounds = f.items(f.required(raw, "bounds", where), f"{where}.bounds")
    if len(bounds) != 2:
        raise FieldError(f"{where}.bounds", f"expected 2 points, got {len(bounds)}")
    a = _local(f.point(bounds[0], f"{where}.bounds[0]"), origin)
    b = _local(f.point(bounds[1], f"{where}.bounds[1]"), origin)
    closed = f.flag(raw.get("closed", True), f"{where}.closed")
    if "freestanding" in raw:
        f.flag(raw["freestanding"], f"{where}.freestanding")
    clipped = f.clip_segment(a[0], a[1], b[0], b[1], box)
    if clipped is None:
        return None  # a door wholly off the map stops nothing on it
    return Door(Segment(*clipped), closed)


def _light(value: Any, where: str, origin: tuple[float, float]) -> Light:
    raw = f.obj(value, where)
    x, y = _local(f.point(f.required(raw, "position", where), f"{where}.position"), origin)
    reach = f.number(raw.get("range", 0), f"{where}.range", minimum=0)
    intensity = f.number(raw.get("intensity", 1.0), f"{where}.intensity", minimum=0)
    colour = f.colour(raw.get("color", "ffffffff"), f"{where}.color")
    shadows = f.flag(raw.get("shadows", True), f"{where}.shadows")
    return Light(x, y, reach, intensity, colour, shadows)


__all__ = ["load_uvtt", "uvtt_from_dict"]
