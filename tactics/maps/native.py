"""The native Tactics map format (``.json`` / ``.tactics``): versioned JSON.

Why a format of our own: the text grid cannot hold thin walls, doors, spawns
or art, and the foreign formats (Tiled, Universal VTT) each hold only part of
what a battle needs. This one holds everything a :class:`BattleMap` knows, is
easy to write by hand, and is what the editor saves. See ``docs/maps.md``.

::

    {"format": "tactics-map", "version": 1, "name": "Space Bears",
     "width": 20, "height": 12,
     "terrain": ["....##..", "..~~...."],            # symbols of terrain.toml
     "walls": [[0, 4, 6, 4]],                          # x1 y1 x2 y2, grid units
     "doors": [{"segment": [6, 4, 7, 4], "closed": true}],
     "lights": [{"x": 3.5, "y": 2.5, "range": 6}],
     "spawns": [{"name": "Brandon", "cell": [2, 3], "team": "party"}],
     "image": {"path": "space-bears.png", "pixels_per_cell": 70}}

Older versions are upgraded step by step by :data:`MIGRATIONS` before reading.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
from pathlib import Path
from typing import Any, Callable

from tactics.atomicfiles import atomic_write_text
from tactics.jsonbudget import JsonBudget, over_budget, value_problem
from tactics.maps import fields as f
from tactics.maps.battlemap import MAX_CELLS, BattleMap, Door, Light, MapError, MapImage, Spawn, TilePlacement
from tactics.maps.fields import FieldError
from tactics.maps.imagesize import ImageHeaderError, safe_image_file_size, safe_image_size
from tactics.maps.pictures import check_budget, pictures_of
from tactics.maps.safeio import MAX_MAP_BYTES, read_capped
from tactics.rules.geometry import Segment
from tactics.rules.terrain_grid import TerrainGrid, first_unknown
from tactics.rules.terrain import default_terrain

FORMAT = "tactics-map"
VERSION = 1
MAX_FILE_BYTES = MAX_MAP_BYTES
#: Art coarser than a pixel a square, shifted by millions of pixels or tiles larger than this
#: would make the window scale pictures to absurd sizes.
MIN_PIXELS_PER_CELL = 1.0
#: More pixels than this a square and a picture of any size covers a square or less (1e9 was accepted:
#: the map's art vanished, review 12); a 16384-px picture at its cap covers 1.6 squares
MAX_PIXELS_PER_CELL = 10_000.0
MAX_OFFSET_PX = 1_000_000
MAX_TILE_PX = 4096

#: version -> function upgrading a document of that version to the next one.
#: Register a step here when the format changes; :func:`migrate` runs them in turn.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


# -- reading ------------------------------------------------------------------


def load_native_map(path: str | Path) -> BattleMap:
    """Read a native map file; every problem is a :class:`MapError`."""
    path = Path(path)
    raw = read_json(path)
    return map_from_dict(raw, str(path), base_dir=path.parent, default_name=path.stem)


def read_json(path: Path) -> Any:
    """Parse a JSON file, with a one-line :class:`MapError` for every failure."""
    shown = str(path)
    data = read_capped(path, MAX_FILE_BYTES)  # a regular file only: never /dev/zero or a FIFO
    check_json_size(shown, data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MapError(shown, "not a UTF-8 text file") from None
    del data  # the file's bytes are not held while the text is parsed (a 400 MB export: 1.2 GB -> 0.8 GB)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(shown, f"not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise MapError(shown, "not valid JSON: nested too deeply") from None
    except ValueError as exc:  # a number too long to read
        raise MapError(shown, f"not valid JSON: {value_problem(exc)}") from None


#: JSON values (numbers, strings ...) a map document may hold: 5 layers of a 2000 x 2000
#: Tiled map. Counted before parsing: a 500 MB file of "0," would be gigabytes as Python objects.
MAX_JSON_VALUES = 20_000_000
#: Objects and lists: a Universal VTT export's most wall pieces, each point an object (review 13:
#: objects nested without commas, ``{"a":{"a":...``, were 19 GB in a file under the byte cap).
MAX_JSON_OBJECTS = 2_000_000


def check_json_size(shown: str, data: bytes) -> None:
    """Refuse JSON text holding more values than any map needs, before it is parsed."""
    over = over_budget(data, JsonBudget(MAX_JSON_VALUES, MAX_JSON_OBJECTS, MAX_JSON_OBJECTS))
    if over is not None:
        raise MapError(shown, f"holds {over}; no map needs that many")


def migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """Upgrade a document of an older version to :data:`VERSION` (FieldError if impossible)."""
    version = f.whole(f.required(raw, "version", ""), "version", minimum=0)
    if version > VERSION:
        raise FieldError(
            "version", f"made by a newer Tactics (version {version}); this one reads up to {VERSION}"
        )
    while version < VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise FieldError("version", f"version {version} is no longer supported")
        raw = step(dict(raw))
        version += 1
        raw["version"] = version
    return raw


def map_from_dict(
    raw: Any,
    source: str | None = None,
    *,
    base_dir: str | Path | None = None,
    default_name: str = "Untitled map",
) -> BattleMap:
    """A :class:`BattleMap` from a parsed native document.

    ``source`` names the file in error messages; ``base_dir`` resolves a
    relative ``image.path`` (default: the current folder).
    """
    shown = source or ""
    try:
        return _from_dict(raw, shown, Path(base_dir) if base_dir is not None else Path("."), default_name)
    except FieldError as exc:
        raise MapError(shown, str(exc)) from None


def _from_dict(raw: Any, source: str, base_dir: Path, default_name: str) -> BattleMap:
    raw = f.obj(raw, "")
    fmt = raw.get("format")
    if fmt != FORMAT:
        raise FieldError("format", f"expected {FORMAT!r}, got {fmt!r}" if "format" in raw else f"missing (expected {FORMAT!r})")
    raw = migrate(raw)
    name = f.clean_name(f.text(raw.get("name", default_name), "name")) or default_name
    width = f.whole(f.required(raw, "width", ""), "width", minimum=1)
    height = f.whole(f.required(raw, "height", ""), "height", minimum=1)
    if width * height > MAX_CELLS:
        raise FieldError("width", f"map size {width}x{height} is too large (limit {MAX_CELLS} squares)")
    kinds = default_terrain()
    terrain = _terrain(raw.get("terrain", []), width, height, kinds)
    walls: list[Segment] = []
    for i, v in enumerate(f.items(raw.get("walls", []), "walls")):
        # long slanted walls cut into short pieces, as the Tiled and uvtt readers cut them: the wall
        # indexes file a wall under every block of its bounding box (200,000 long diagonals: 17 GB)
        whole = _segment(v, f"walls[{i}]", width, height)
        pieces = f.split_long(whole.x1, whole.y1, whole.x2, whole.y2)
        f.wall_room(len(walls), len(pieces), f"walls[{i}]", width * height)
        walls += [whole] if len(pieces) == 1 else [Segment(*piece) for piece in pieces]
    doors: list[Door] = []
    for i, v in enumerate(f.items(raw.get("doors", []), "doors")):
        f.wall_room(len(walls) + len(doors), 1, f"doors[{i}]", width * height)
        doors.append(_door(v, f"doors[{i}]", width, height))
    windows: list[Segment] = []
    for i, v in enumerate(f.items(raw.get("windows", []), "windows")):
        f.wall_room(len(walls) + len(doors) + len(windows), 1, f"windows[{i}]", width * height)
        windows.append(_segment(v, f"windows[{i}]", width, height))
    lights = [_light(v, f"lights[{i}]", width, height) for i, v in enumerate(f.items(raw.get("lights", []), "lights"))]
    spawns = [_spawn(v, f"spawns[{i}]", width, height) for i, v in enumerate(f.items(raw.get("spawns", []), "spawns"))]
    image = _image(raw["image"], base_dir, width) if raw.get("image") is not None else None
    tiles = [_tile(v, f"tiles[{i}]", width, height) for i, v in enumerate(f.items(raw.get("tiles", []), "tiles"))]
    tile_size = f.whole(raw.get("tile_size_px", 0), "tile_size_px", minimum=0)
    if tile_size > MAX_TILE_PX:
        raise FieldError("tile_size_px", f"{tile_size} pixels a tile; the limit is {MAX_TILE_PX}")
    check_budget(source, pictures_of(image, (t.image for t in tiles), base_dir, source))
    return BattleMap(
        width=width,
        height=height,
        name=name,
        terrain=terrain,
        wall_segments=walls,
        doors=doors,
        windows=windows,
        lights=lights,
        spawns=spawns,
        image=image,
        tiles=tiles,
        tile_size_px=tile_size,
        kinds=kinds,
        source=source or None,
    )


def _terrain(value: Any, width: int, height: int, kinds: dict) -> TerrainGrid:
    rows = f.items(value, "terrain")
    if len(rows) > height:
        raise FieldError("terrain", f"has {len(rows)} rows but the map is {height} high")
    by_symbol = {t.symbol: k for k, t in kinds.items()}
    terrain = TerrainGrid(width, height)
    for r, row in enumerate(rows):
        row = f.text(row, f"terrain[{r}]")
        if len(row) > width:
            raise FieldError(f"terrain[{r}]", f"has {len(row)} squares but the map is {width} wide")
        unknown = first_unknown(row, by_symbol)
        if unknown is not None:
            known = " ".join(repr(s) for s in by_symbol)
            raise FieldError(f"terrain[{r}]", f"column {unknown[0] + 1}: unknown symbol {unknown[1]!r} (known: {known})")
        terrain.set_row(r, row, by_symbol)
    return terrain


def _segment(value: Any, where: str, width: int, height: int) -> Segment:
    x1, y1, x2, y2 = f.numbers(value, where, 4)
    for x, y in ((x1, y1), (x2, y2)):
        if not (-1e-6 <= x <= width + 1e-6 and -1e-6 <= y <= height + 1e-6):
            raise FieldError(where, f"point ({x:g}, {y:g}) lies outside the {width}x{height} map")
    return Segment(x1, y1, x2, y2)


def _door(value: Any, where: str, width: int, height: int) -> Door:
    raw = f.obj(value, where)
    segment = _segment(f.required(raw, "segment", where), f"{where}.segment", width, height)
    closed = f.flag(raw.get("closed", True), f"{where}.closed")
    secret = f.flag(raw.get("secret", False), f"{where}.secret")  # reading: N-DOOR-6
    return Door(segment, closed, secret)


def _light(value: Any, where: str, width: int, height: int) -> Light:
    raw = f.obj(value, where)
    x = f.number(f.required(raw, "x", where), f"{where}.x")
    y = f.number(f.required(raw, "y", where), f"{where}.y")
    if not (-1 <= x <= width + 1 and -1 <= y <= height + 1):
        raise FieldError(where, f"({x:g}, {y:g}) lies outside the {width}x{height} map")
    reach = min(f.number(f.required(raw, "range", where), f"{where}.range", minimum=0), float(width + height))
    intensity = f.number(raw.get("intensity", 1.0), f"{where}.intensity", minimum=0)
    colour = f.colour(raw.get("colour", "ffffffff"), f"{where}.colour")
    shadows = f.flag(raw.get("shadows", True), f"{where}.shadows")
    return Light(x, y, reach, intensity, colour, shadows)


def _spawn(value: Any, where: str, width: int, height: int) -> Spawn:
    raw = f.obj(value, where)
    name = f.name(f.required(raw, "name", where), f"{where}.name")
    cell_raw = f.required(raw, "cell", where)
    if not isinstance(cell_raw, list) or len(cell_raw) != 2:
        raise FieldError(f"{where}.cell", "expected [column, row]")
    col = f.whole(cell_raw[0], f"{where}.cell[0]")
    row = f.whole(cell_raw[1], f"{where}.cell[1]")
    if not (0 <= col < width and 0 <= row < height):
        raise FieldError(f"{where}.cell", f"[{col}, {row}] is outside the {width}x{height} map")
    team = raw.get("team")
    if team is not None:
        team = f.name(team, f"{where}.team")
    props = f.obj(raw.get("properties", {}), f"{where}.properties")
    return Spawn(name, (col, row), team, dict(props))


def _image(value: Any, base_dir: Path, width: int) -> MapImage:
    raw = f.obj(value, "image")
    offset = (0.0, 0.0)
    if "offset_px" in raw:
        ox, oy = f.numbers(raw["offset_px"], "image.offset_px", 2)
        if max(abs(ox), abs(oy)) > MAX_OFFSET_PX:
            raise FieldError("image.offset_px", f"an offset of more than {MAX_OFFSET_PX} pixels")
        offset = (ox, oy)
    data: bytes | None = None
    path: str | None = None
    if raw.get("path") is not None:
        rel = f.text(raw["path"], "image.path")
        if not rel.strip():
            raise FieldError("image.path", "is empty")
        try:
            full = (base_dir / rel).resolve()
        except RuntimeError:  # links that lead to each other (review 21: was "could not read this map")
            raise FieldError("image.path", f"{rel}: a symbolic link that leads to itself") from None
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            raise FieldError("image.path", f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
        if not full.exists():
            raise FieldError("image.path", f"image file not found: {full}")
        try:
            _, px_w, _ = safe_image_file_size(full)
        except OSError as exc:
            raise FieldError("image.path", f"{full.name}: cannot read: {exc.strerror or exc}") from None
        except ImageHeaderError as exc:
            raise FieldError("image.path", f"{full.name}: {exc}") from None
        path = str(full)
    elif raw.get("data") is not None:
        data = decode_base64_image(f.text(raw["data"], "image.data"), "image.data")
        _, px_w, _ = _checked_size(data, "image.data")
    else:
        raise FieldError("image", "needs a 'path' or base64 'data'")
    if raw.get("pixels_per_cell") is None:
        ppc = px_w / width  # the image spans the map's width
    else:
        ppc = f.number(raw["pixels_per_cell"], "image.pixels_per_cell", minimum=MIN_PIXELS_PER_CELL,
                       maximum=MAX_PIXELS_PER_CELL)
    layer = f.whole(raw["layer"], "image.layer", minimum=-1) if "layer" in raw else -1  # among the tiles' layers
    return MapImage(pixels_per_cell=ppc, data=data, path=path, offset_px=offset, layer=layer)


def decode_base64_image(value: str, where: str) -> bytes:
    """Decode base64 image data once; a ``data:...;base64,`` prefix is tolerated."""
    if value.startswith("data:"):
        comma = value.find(",")
        if comma < 0:
            raise FieldError(where, "a data: URL without a comma")
        value = value[comma + 1:]
    try:  # straight from the text (no ASCII copy of a picture's worth of base64 first)
        data = binascii.a2b_base64(value) if value.isascii() else base64.b64decode(
            value.encode("ascii", "ignore"), validate=False)
    except (binascii.Error, ValueError) as exc:
        raise FieldError(where, f"not valid base64 ({exc})") from None
    if not data:
        raise FieldError(where, "the image is empty")
    return data


def _checked_size(data: bytes, where: str) -> tuple[str, int, int]:
    try:
        return safe_image_size(data)
    except ImageHeaderError as exc:
        raise FieldError(where, str(exc)) from None


def _tile(value: Any, where: str, width: int, height: int) -> TilePlacement:
    raw = f.obj(value, where)
    layer = f.whole(raw.get("layer", 0), f"{where}.layer")
    cell = _wholes(f.required(raw, "cell", where), f"{where}.cell", 2)
    if not (0 <= cell[0] < width and 0 <= cell[1] < height):
        raise FieldError(f"{where}.cell", f"{cell} is outside the {width}x{height} map")
    image = f.text(f.required(raw, "image", where), f"{where}.image")
    if "\x00" in image:
        raise FieldError(f"{where}.image", "the file name holds a NUL character")
    src = _wholes(f.required(raw, "src", where), f"{where}.src", 4)
    if min(src) < 0 or max(src) > 16384:
        raise FieldError(f"{where}.src", f"{src}: expected x, y, width, height from 0 to 16384 pixels")
    opacity = f.number(raw.get("opacity", 1.0), f"{where}.opacity", minimum=0)
    return TilePlacement(layer, (cell[0], cell[1]), image, (src[0], src[1], src[2], src[3]), min(opacity, 1.0),
                         **_tile_look(raw, where))


def _tile_look(raw: dict[str, Any], where: str) -> dict[str, Any]:
    """A tile's optional flips, offset, size, turn and tint (a Tiled map's, kept by saves)."""
    look: dict[str, Any] = {}
    if "flip" in raw:
        flip = f.whole(raw["flip"], f"{where}.flip", minimum=0)
        if flip > 7:
            raise FieldError(f"{where}.flip", f"{flip}: expected 0 to 7 (1 horizontal, 2 vertical, 4 diagonal)")
        look["flip"] = flip
    for key, positive in (("offset_px", False), ("size_px", True)):
        if key in raw:
            x, y = f.numbers(raw[key], f"{where}.{key}", 2)
            if max(abs(x), abs(y)) > MAX_OFFSET_PX or (positive and min(x, y) <= 0):
                raise FieldError(f"{where}.{key}", f"expected 2 numbers{' above 0' if positive else ''} "
                                                   f"within {MAX_OFFSET_PX} pixels")
            look[key] = (x, y)
    if "rotation" in raw:
        look["rotation"] = f.number(raw["rotation"], f"{where}.rotation") % 360.0
    if "tint" in raw:
        tint = _wholes(raw["tint"], f"{where}.tint", 4)
        if min(tint) < 0 or max(tint) > 255:
            raise FieldError(f"{where}.tint", f"{tint}: expected red, green, blue, alpha from 0 to 255")
        look["tint"] = (tint[0], tint[1], tint[2], tint[3])
    return look


def _wholes(value: Any, where: str, count: int) -> list[int]:
    if not isinstance(value, list) or len(value) != count:
        raise FieldError(where, f"expected {count} whole numbers")
    return [f.whole(v, f"{where}[{i}]") for i, v in enumerate(value)]


# -- writing ------------------------------------------------------------------


def _num(value: float) -> int | float:
    value = float(value)
    return int(value) if value.is_integer() else value


def map_to_dict(battle_map: BattleMap, *, base_dir: str | Path | None = None) -> dict[str, Any]:
    """The native document of a map. A file image's path is written relative to ``base_dir``."""
    symbols = {k: t.symbol for k, t in battle_map.kinds.items()}
    rows = [
        "".join(symbols[battle_map.terrain.get((c, r), "floor")] for c in range(battle_map.width)).rstrip(
            symbols.get("floor", ".")
        )
        for r in range(battle_map.height)
    ]
    while rows and not rows[-1]:
        rows.pop()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": battle_map.name,
        "width": battle_map.width,
        "height": battle_map.height,
        "terrain": rows,
        "walls": [[_num(s.x1), _num(s.y1), _num(s.x2), _num(s.y2)] for s in battle_map.wall_segments],
        "doors": [
            {"segment": [_num(d.segment.x1), _num(d.segment.y1), _num(d.segment.x2), _num(d.segment.y2)], "closed": d.closed,
             **({"secret": True} if d.secret else {})}
            for d in battle_map.doors
        ],
        "lights": [
            {"x": _num(li.x), "y": _num(li.y), "range": _num(li.range), "intensity": _num(li.intensity),
             "colour": li.colour, "shadows": li.shadows}
            for li in battle_map.lights
        ],
        "spawns": [_spawn_doc(s) for s in battle_map.spawns],
    }
    if battle_map.windows:
        doc["windows"] = [[_num(s.x1), _num(s.y1), _num(s.x2), _num(s.y2)] for s in battle_map.windows]
    if battle_map.image is not None:
        doc["image"] = _image_doc(battle_map.image, base_dir)
    if battle_map.tiles:
        doc["tile_size_px"] = battle_map.tile_size_px
        doc["tiles"] = [_tile_doc(t) for t in battle_map.tiles]
    return doc


def _tile_doc(t: TilePlacement) -> dict[str, Any]:
    out: dict[str, Any] = {"layer": t.layer, "cell": list(t.cell), "image": t.image, "src": list(t.src),
                           "opacity": _num(t.opacity)}
    if t.flip:
        out["flip"] = t.flip
    if t.offset_px != (0.0, 0.0):
        out["offset_px"] = [_num(t.offset_px[0]), _num(t.offset_px[1])]
    if t.size_px is not None:
        out["size_px"] = [_num(t.size_px[0]), _num(t.size_px[1])]
    if t.rotation:
        out["rotation"] = _num(t.rotation)
    if t.tint is not None:
        out["tint"] = list(t.tint)
    return out


def _spawn_doc(spawn: Spawn) -> dict[str, Any]:
    out: dict[str, Any] = {"name": spawn.name, "cell": list(spawn.cell), "team": spawn.team}
    if spawn.properties:
        out["properties"] = {k: v for k, v in spawn.properties.items() if _is_json(v)}
    return out


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _image_doc(image: MapImage, base_dir: str | Path | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if image.path is not None:
        target = Path(image.path).resolve()
        try:
            out["path"] = Path(os.path.relpath(target, Path(base_dir or ".").resolve())).as_posix()
        except ValueError:  # another drive on Windows
            out["path"] = str(target)
    elif image.data is not None:
        out["data"] = base64.b64encode(image.data).decode("ascii")
    out["pixels_per_cell"] = _num(image.pixels_per_cell)
    if image.offset_px != (0.0, 0.0):
        out["offset_px"] = [_num(image.offset_px[0]), _num(image.offset_px[1])]
    if image.layer != -1:
        out["layer"] = image.layer
    return out


#: (a pattern, compiled by ``re`` when a map is first written: not at every start)
_NUMBER_LIST = r"\[\s+((?:-?[0-9.eE+-]+,\s+)*-?[0-9.eE+-]+)\s+\]"


def dumps(doc: dict[str, Any]) -> str:
    """Indented JSON with short number lists ([x1, y1, x2, y2]) kept on one line."""
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    return re.sub(_NUMBER_LIST, lambda m: "[" + " ".join(m.group(1).split()) + "]", text) + "\n"


def save_native_map(battle_map: BattleMap, path: str | Path) -> None:
    """Write a map as a native file, atomically (a crash leaves the old file intact).

    The text goes to a temporary file in the same folder, is flushed and
    fsync'ed, then replaces the target in one step (``os.replace``).
    """
    path = Path(path)
    text = dumps(map_to_dict(battle_map, base_dir=path.parent))
    atomic_write_text(path, text)


__all__ = [
    "FORMAT",
    "MIGRATIONS",
    "VERSION",
    "load_native_map",
    "map_from_dict",
    "map_to_dict",
    "migrate",
    "save_native_map",
]
