"""Tiled maps (``.tmx`` XML and ``.tmj`` JSON), orthogonal only, via pytiled-parser.

Why: Tiled is the free map editor many GMs already use; its maps carry both the
art (tile layers) and, by the convention below, how the map works. The full
convention is in ``docs/maps.md``; in short:

* a tile's property ``terrain`` (a kind of ``data/terrain.toml``: ``wall``,
  ``water`` ...) sets the terrain of every square it is placed on; a tile
  layer's property ``terrain`` does so for every tile of that layer (a tile's
  own property wins). Higher layers win over lower ones. Invisible layers still
  count for terrain (a hidden "collision" layer works); only visible layers
  are drawn.
* objects of class ``wall`` (or any shape on a layer named ``walls``):
  polylines, polygons and rectangles become wall segments;
* objects of class ``door`` (or on a layer named ``doors``) become doors across
  their long middle line (a rectangle; a polygon's bounding box and a tile
  object's rectangle are read the same way) or from first to last point (a line);
  bool property ``closed`` (default true); a door hidden in Tiled (the object's
  eye off, or its layer's or a parent group's) or with bool property ``secret``
  is a secret door, shown to the GM only until first opened (N-DOOR-6);
* objects of class ``spawn`` (or on a layer named ``spawns``) become spawns on
  the square under them: name = token name, property ``team``; without it, an object class
  (type) such as ``enemy`` or ``player`` on a ``spawns`` layer puts it on the foes or the party
  (:data:`SIDE_WORDS`).

Pixel coordinates are divided by the tile width to give grid units. Tile flip
and rotation flags, layer and group offsets and tint colours are kept with each
tile for drawing (an object layer's offset moves its objects before they are
read); tile objects become tiles of their own. Parallax is ignored. The first
visible image layer becomes the background image, in its place among the layers.
"""

from __future__ import annotations

import bisect
from array import array
import contextlib
import gc
import math
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from tactics.maps import fields as f
from tactics.maps.battlemap import (FLIP_D, FLIP_H, FLIP_V, BattleMap, Door, MapError, MapImage, Spawn, TilePlacement,
                                    check_size)
from tactics.maps.imagesize import ImageHeaderError, safe_image_file_size
from tactics.maps.native import MAX_OFFSET_PX
from tactics.maps.pictures import Picture, check_budget
from tactics.rules.terrain_grid import TerrainGrid
from tactics.maps.tilegrid import TileGrid, TileLayers
from tactics.maps.tiled_shapes import door_box, door_line, edges, rotate, square
from tactics.maps.tiledfiles import preflight
from tactics.rules.geometry import Segment
from tactics.rules.terrain import Terrain, default_terrain

#: A spawn's class (older Tiled: type) that says unambiguously which side it is on, as the team it
#: joins: the players' "party" or the GM's "foes" (the builder's stock teams). Another class (a
#: creature kind, "goblin") says nothing about the side; the ``team`` property always wins.
SIDE_WORDS: dict[str, str] = {
    **dict.fromkeys(("enemy", "enemies", "foe", "foes", "hostile", "hostiles", "monster", "monsters",
                     "opponent", "opponents", "villain", "villains"), "foes"),
    **dict.fromkeys(("player", "players", "pc", "pcs", "party", "hero", "heroes", "ally", "allies"), "party"),
}

GID_MASK = 0x0FFFFFFF  # the top four bits are Tiled's flip/rotation flags (see _flip)
Pt = tuple[float, float]


def load_tiled(path: str | Path) -> BattleMap:
    """Read a Tiled ``.tmx`` / ``.tmj`` map; every problem is a :class:`MapError`."""
    path = Path(path)
    shown = str(path)
    preflight(path)  # the map and every file it names: regular, bounded, no bombs
    import pytiled_parser

    from tactics.maps import tiledcompat, tiledrows

    tiledcompat.install()  # old tilesets without tilecount/columns: completed from the image
    tiledrows.install()  # layer data as arrays of ids (4 bytes a square), not lists of ints
    folder = path.resolve().parent
    try:
        with tiledcompat.reading_map_in(folder):
            # (utf-8-sig: a byte-order mark, as editors on Windows write, read as nothing; review 21)
            tiled = pytiled_parser.parse_map(path.resolve(), encoding="utf-8-sig")
    except MapError:
        raise
    except UnicodeDecodeError:  # the map itself was checked: a tileset or template it names
        raise MapError(shown, "a tileset or template the map names is not a UTF-8 text file (as Tiled saves them)") from None
    except FileNotFoundError as exc:
        raise MapError(shown, f"a file the map needs is missing: {exc.filename or exc}") from None
    except RecursionError:
        raise MapError(shown, "not a valid Tiled map (nested too deeply)") from None
    except Exception as exc:  # pytiled-parser raises many kinds on bad input
        raise MapError(shown, f"not a valid Tiled map ({_describe(exc)})") from None
    try:
        with _no_gc_pauses():  # a million tile records: the collector would rescan them over and over
            return TiledReader(tiled, path).build()
    except MapError:
        raise
    except Exception as exc:  # odd values that pytiled-parser let through
        raise MapError(shown, f"not a valid Tiled map ({_describe(exc)})") from None


@contextlib.contextmanager
def _no_gc_pauses() -> Iterator[None]:
    """Pause the cyclic garbage collector while records without cycles are made in bulk."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _describe(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing {exc.args[0]!r}" if exc.args else "a field is missing"
    detail = " ".join(str(exc).split())[:160]
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


class TiledReader:
    """Turns a parsed :class:`pytiled_parser.TiledMap` into a :class:`BattleMap`."""

    def __init__(self, tiled: Any, path: Path) -> None:
        self.tiled = tiled
        self.path = path
        self.shown = str(path)
        self.tile_px = int(tiled.tile_size.width)
        self.width = int(tiled.map_size.width)
        self.height = int(tiled.map_size.height)
        self.kinds: dict[str, Terrain] = default_terrain()
        self.firstgids = sorted(tiled.tilesets)
        check_size(self.shown, self.width, self.height)  # before a byte a square is made
        self.terrain = TerrainGrid(self.width, self.height)
        self.walls: list[Segment] = []
        self.doors: list[Door] = []
        self._square_doors: list[tuple[int, list[Pt], str]] = []  # door index, corners, its name
        self.spawns: list[Spawn] = []
        #: the drawn tiles in draw order: a grid per tile layer, the tile objects of an object layer
        self._parts: list[TileGrid | tuple[TilePlacement, ...]] = []
        self.image: MapImage | None = None
        self._draw_index = 0
        self._folder = path.resolve().parent  # resolved once, not once per tile
        self._resolved: dict[Any, str] = {}
        #: every picture the window will decode (tileset pictures of drawn tiles, the image layer)
        #: with its size from its header (None: missing), summed against the map's budget
        self._pictures: dict[str, Picture | None] = {}
        self._by_gid: dict[int, tuple[str | None, Any, int, Any]] = {}
        self._art_by_gid: dict[int, tuple[str, tuple[int, int, int, int]] | None] = {}
        #: each layer's offset in pixels and tint colour, its groups' included (Tiled adds the
        #: offsets and multiplies the tints)
        self._looks: dict[int, tuple[Pt, tuple[int, int, int, int] | None]] = {}
        self._look_at(tiled.layers, (0.0, 0.0), None)

    def fail(self, problem: str) -> MapError:
        return MapError(self.shown, problem)

    # -- the whole map -------------------------------------------------------
    def build(self) -> BattleMap:
        for layer, visible, opacity in _walk(self.tiled.layers, True, 1.0):
            kind = type(layer).__name__
            if kind == "TileLayer":
                self._tile_layer(layer, visible, opacity)
            elif kind == "ObjectLayer":
                layer = self._moved(layer)  # its offset added to its objects' x, y: where Tiled shows them
                self._tile_objects(layer, visible, opacity)
                self._object_layer(layer, visible)
            elif kind == "ImageLayer" and visible and self.image is None:
                self._image_layer(layer)
        self._turn_square_doors()  # the terrain is known now
        check_budget(self.shown, [p for p in self._pictures.values() if p is not None])
        name = f.clean_name(str((self.tiled.properties or {}).get("name") or "")) or self.path.stem
        return BattleMap(
            width=self.width,
            height=self.height,
            name=name,
            terrain=self._listed_terrain(),
            wall_segments=self.walls,
            doors=self.doors,
            spawns=self.spawns,
            image=self.image,
            tiles=TileLayers(self._parts),
            tile_size_px=self.tile_px,
            kinds=self.kinds,
            source=self.shown,
        )

    # -- tiles ---------------------------------------------------------------
    def _tileset_of(self, gid: int) -> Any:
        i = bisect.bisect_right(self.firstgids, gid) - 1
        if i < 0:
            raise self.fail(f"tile id {gid} belongs to no tileset")
        return self.tiled.tilesets[self.firstgids[i]]

    def _kind(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in self.kinds:
            known = ", ".join(self.kinds)
            raise self.fail(f"{where}: unknown terrain {value!r} (known: {known})")
        return value

    def _tile_layer(self, layer: Any, visible: bool, opacity: float) -> None:
        """A tile layer's terrain, and its art as one :class:`TileGrid` (no record per square)."""
        props = layer.properties or {}
        layer_kind = None
        if "terrain" in props:
            layer_kind = self._kind(props["terrain"], f"layer {layer.name!r} property terrain")
        ids = self._layer_ids(layer)
        layer.data = None  # its rows are copied: not held twice while the other layers are read
        kinds: dict[int, str] = {}  # raw id -> the terrain it sets
        drawn: list[int] = []
        for raw in sorted(set(ids)):  # each distinct tile id once, not each square
            gid = raw & GID_MASK
            if gid == 0:
                continue
            tile_kind = self._gid_info(gid)[0]
            if tile_kind is not None or layer_kind is not None:
                kinds[raw] = tile_kind if tile_kind is not None else layer_kind  # type: ignore[assignment]
            drawn.append(raw)
        if kinds:
            self._set_terrain(ids, kinds)
        if not (visible and opacity > 0):
            return
        index = self._draw_index
        self._draw_index += 1
        alpha = max(0.0, min(1.0, opacity))
        offset, tint = self._looks.get(id(layer), ((0.0, 0.0), None))
        looks: dict[int, TilePlacement] = {}
        for raw in drawn:
            art = self._gid_art(raw & GID_MASK)
            if art is not None:
                flip = _flip(raw) if raw > GID_MASK else 0
                looks[raw] = TilePlacement(index, (0, 0), art[0], art[1], alpha, flip, offset, None, 0.0, tint)
        if looks:
            reach = max(max(look.src[2], look.src[3]) for look in looks.values())
            self._parts.append(TileGrid(index, self.width, self.height, ids, looks, reach))

    def _layer_ids(self, layer: Any) -> array:
        """The layer's tile ids as one array of ``width x height``, row by row (short rows padded
        with 0, long ones cut); a negative id or one past 32 bits is refused as the file holds it."""
        ids = array("I")
        rows = layer.data or []
        blank = array("I", bytes(4 * self.width))
        for r in range(self.height):
            row = rows[r][: self.width] if r < len(rows) else []
            try:
                ids.extend(row)
            except (OverflowError, TypeError):
                for c, value in enumerate(row):
                    if isinstance(value, int) and not 0 <= value <= 0xFFFFFFFF:
                        raise self.fail(f"tile id {value!r} in layer {layer.name!r} row {r + 1} column {c + 1} "
                                        f"is not a tile id (0 to 4294967295)") from None
                raise  # not numbers at all: "not a valid Tiled map"
            if len(row) < self.width:
                ids.extend(blank[: self.width - len(row)])
        held = sum(min(len(row), self.width) for row in rows[: self.height])
        if layer.data is not None and held < self.width * self.height:  # (Tiled writes every square: damaged)
            raise self.fail(f"layer {layer.name!r} holds {held:,} of its {self.width * self.height:,} tiles "
                            "(its data is cut short or damaged)")
        return ids

    def _listed_terrain(self) -> TerrainGrid:
        """The terrain without the squares a higher layer made plain floor (a map lists only the others)."""
        floor = [cell for cell, kind in self.terrain.items() if kind == "floor"]
        for cell in floor:
            del self.terrain[cell]
        return self.terrain

    def _set_terrain(self, ids: array, kinds: dict[int, str]) -> None:
        """The terrain of every square holding a tile that sets one (a higher layer wins)."""
        terrain, width = self.terrain, self.width
        for i, raw in enumerate(ids):
            kind = kinds.get(raw)
            if kind is not None:
                terrain[(i % width, i // width)] = kind

    def _look_at(self, layers: list[Any] | None, offset: Pt, tint: tuple[int, int, int, int] | None) -> None:
        """Each layer's offset and tint, its groups' added and multiplied in (see ``_looks``)."""
        for layer in layers or []:
            here = layer.offset if layer.offset is not None else None
            moved = (offset[0] + float(here.x), offset[1] + float(here.y)) if here is not None else offset
            if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET_PX for v in moved):
                what = {"ImageLayer": "image layer", "LayerGroup": "group"}.get(type(layer).__name__, "layer")
                raise self.fail(f"{what} {layer.name!r}: offset {moved} is not within {MAX_OFFSET_PX} pixels")
            colour = layer.tint_color
            mixed = tint
            if colour is not None:
                own = (int(colour.red), int(colour.green), int(colour.blue), int(colour.alpha))
                mixed = own if tint is None else tuple(a * b // 255 for a, b in zip(tint, own))  # type: ignore[assignment]
            if mixed == (255, 255, 255, 255):
                mixed = None
            if type(layer).__name__ == "LayerGroup":
                self._look_at(layer.layers, moved, mixed)
            else:
                self._looks[id(layer)] = (moved, mixed)

    def _moved(self, layer: Any) -> Any:
        """An object layer with its (and its groups') offset added to every object's x, y."""
        (ox, oy), _ = self._looks.get(id(layer), ((0.0, 0.0), None))
        if not (ox or oy) or not layer.tiled_objects:
            return layer
        import attr
        from pytiled_parser import OrderedPair

        objects = [attr.evolve(obj, coordinates=OrderedPair(float(obj.coordinates.x) + ox, float(obj.coordinates.y) + oy))
                   for obj in layer.tiled_objects]
        moved = attr.evolve(layer, tiled_objects=objects)
        self._looks[id(moved)] = self._looks[id(layer)]
        return moved

    def _tile_objects(self, layer: Any, visible: bool, opacity: float) -> None:
        """Tile objects ("Insert Tile": props and furniture placed freely) drawn as Tiled draws
        them: bottom-left corner at x, y, scaled to width x height, turned about that corner,
        flipped by their gid's flags; doors are left to the doors (they are drawn as doors)."""
        if not (visible and opacity > 0):
            return
        layer_name = (layer.name or "").strip().lower()
        found = [obj for obj in layer.tiled_objects or [] if type(obj).__name__ == "Tile" and obj.visible
                 and (obj.class_ or "").strip().lower() != "door" and layer_name != "doors"]
        if not found:
            return
        if str(getattr(layer, "draw_order", "topdown") or "topdown") != "index":
            found.sort(key=lambda obj: float(obj.coordinates.y))  # Tiled's "top down" order
        index = self._draw_index
        self._draw_index += 1
        alpha = max(0.0, min(1.0, opacity))
        _, tint = self._looks.get(id(layer), ((0.0, 0.0), None))
        tp = self.tile_px
        placed: list[TilePlacement] = []
        for obj in found:
            raw = int(obj.gid)
            if not 0 <= raw <= 0xFFFFFFFF:
                raise self.fail(f"tile object {obj.id}: tile id {raw} is not a tile id (0 to 4294967295)")
            gid = raw & GID_MASK
            if gid == 0:
                continue
            art = self._gid_art(gid)
            if art is None:
                continue
            x, y = float(obj.coordinates.x), float(obj.coordinates.y)
            w, h = float(obj.size.width or art[1][2]), float(obj.size.height or art[1][3])
            rotation = float(obj.rotation or 0)
            values = (x, y, w, h, rotation)
            if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET_PX for v in values) or w <= 0 or h <= 0:
                raise self.fail(f"tile object {obj.id}: its place or size {values} is not a usable one")
            col = min(self.width - 1, max(0, math.floor(x / tp)))
            row = min(self.height - 1, max(0, math.ceil(y / tp) - 1))
            offset = (x - col * tp, y - (row + 1) * tp)
            placed.append(TilePlacement(index, (col, row), art[0], art[1], alpha, _flip(raw), offset,
                                        (w, h), rotation % 360.0, tint))
        if placed:
            self._parts.append(tuple(placed))

    def _gid_info(self, gid: int) -> tuple[str | None, Any, int, Any]:
        """A tile id's own terrain, its tileset, local id and tile, worked out once per id."""
        found = self._by_gid.get(gid)
        if found is None:
            tileset = self._tileset_of(gid)
            local = gid - tileset.firstgid
            tile = (tileset.tiles or {}).get(local)
            tile_props = (tile.properties if tile is not None else None) or {}
            kind = None
            if "terrain" in tile_props:
                where = f"tileset {tileset.name!r} tile {local} property terrain"
                kind = self._kind(tile_props["terrain"], where)
            found = self._by_gid[gid] = (kind, tileset, local, tile)
        return found

    def _gid_art(self, gid: int) -> tuple[str, tuple[int, int, int, int]] | None:
        """A drawn tile id's image and source rectangle, worked out once per id."""
        if gid not in self._art_by_gid:
            _, tileset, local, tile = self._gid_info(gid)
            self._art_by_gid[gid] = self._art(tileset, local, tile)
        return self._art_by_gid[gid]

    def _art(self, tileset: Any, local: int, tile: Any) -> tuple[str, tuple[int, int, int, int]] | None:
        if tile is not None and tile.image is not None:  # image-collection tileset
            image = self._sheet(tile.image, f"tileset {tileset.name!r} tile {local}")
            w = tile.width or tile.image_width or tileset.tile_width
            h = tile.height or tile.image_height or tileset.tile_height
            src = (int(tile.x or 0), int(tile.y or 0), int(w), int(h))
        elif tileset.image is not None:
            if local >= int(tileset.tile_count or 0):
                raise self.fail(f"tile id {local + tileset.firstgid} is not in tileset {tileset.name!r}")
            columns = max(1, int(tileset.columns or 1))
            tw, th = int(tileset.tile_width), int(tileset.tile_height)
            if tw < 1 or th < 1:  # (drew its tiles as nothing, silently: review 12)
                raise self.fail(f"tileset {tileset.name!r}: its tiles are {tw}x{th} pixels")
            col, row = local % columns, local // columns
            x = int(tileset.margin) + col * (tw + int(tileset.spacing))
            y = int(tileset.margin) + row * (th + int(tileset.spacing))
            image = self._sheet(tileset.image, f"tileset {tileset.name!r}")
            src = (x, y, tw, th)
        else:
            return None
        return image, src

    def _resolve(self, image: Path) -> str:
        """An image's absolute path, resolved once per image (a 300x300 layer asked 90000 times)."""
        key = str(image)
        found = self._resolved.get(key)
        if found is None:
            p = Path(image)
            if not p.is_absolute():
                p = self._folder / p
            found = self._resolved[key] = str(p.resolve())
        return found

    def _sheet(self, image: Path, where: str) -> str:
        """A tile image's path, checked once: a regular file whose every frame is of a size safe to decode.

        A missing sheet is let through (the window draws the map without its
        art); a FIFO, a device or a decompression bomb is refused.
        """
        full = self._resolve(image)
        if full not in self._pictures:
            self._pictures[full] = None
            try:
                _, w, h = safe_image_file_size(full)
                self._pictures[full] = (Path(full).name, w, h)
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise self.fail(f"{where}: cannot read image {full}: {exc.strerror or exc}") from None
            except ImageHeaderError as exc:
                raise self.fail(f"{where}: image {full}: {exc}") from None
        return full

    # -- objects -------------------------------------------------------------
    def _object_layer(self, layer: Any, visible: bool = True) -> None:
        """Walls, doors and spawns of an object layer; ``visible``: the layer and its groups are
        shown in Tiled (a door hidden there is a secret door, reading: N-DOOR-6)."""
        layer_name = (layer.name or "").strip().lower()
        for obj in layer.tiled_objects or []:
            role = (obj.class_ or "").strip().lower()
            if role not in ("wall", "door", "spawn"):
                role = {"walls": "wall", "doors": "door", "spawns": "spawn"}.get(layer_name, "")
            if role == "wall":
                for a, b in edges(obj):
                    self._add_wall(a, b, f"wall object {obj.id}")
            elif role == "door":
                self._add_door(obj, secret=not (visible and bool(getattr(obj, "visible", True))))
            elif role == "spawn":
                self._add_spawn(obj, hint=(obj.class_ or "").strip().lower())

    def _grid(self, p: Pt, where: str) -> Pt:
        """A pixel point in grid units; NaN or infinite coordinates are refused (they crash drawing)."""
        x, y = p[0] / self.tile_px, p[1] / self.tile_px
        if not (math.isfinite(x) and math.isfinite(y)):
            raise self.fail(f"{where}: a point at ({p[0]!r}, {p[1]!r}) is not a finite position")
        return (x, y)

    @property
    def _box(self) -> tuple[float, float, float, float]:
        """The map with one square of margin: walls and doors are clipped to it."""
        return (-1.0, -1.0, self.width + 1.0, self.height + 1.0)

    def _add_wall(self, a: Pt, b: Pt, where: str) -> None:
        a, b = self._grid(a, where), self._grid(b, where)
        if a == b:
            return
        clipped = f.clip_segment(a[0], a[1], b[0], b[1], self._box)
        if clipped is not None:
            pieces = f.split_long(*clipped)
            try:
                f.wall_room(len(self.walls) + len(self.doors), len(pieces), where, self.width * self.height)
            except f.FieldError as exc:
                raise self.fail(str(exc)) from None
            self.walls += [Segment(*piece) for piece in pieces]

    def _add_door(self, obj: Any, *, secret: bool = False) -> None:
        size = self._tile_object_size(obj) if type(obj).__name__ == "Tile" else None
        line = door_line(obj, size)
        where = f"door object {obj.id}" + (f" {obj.name!r}" if obj.name else "")
        if line is None:
            raise self.fail(f"{where}: a door must be a line, a rectangle, a polygon or a tile object")
        closed = (obj.properties or {}).get("closed", True)
        if not isinstance(closed, bool):
            raise self.fail(f"{where}: property closed must be a bool (true/false)")
        marked = (obj.properties or {}).get("secret", False)
        if not isinstance(marked, bool):
            raise self.fail(f"{where}: property secret must be a bool (true/false)")
        a, b = self._grid(line[0], where), self._grid(line[1], where)
        clipped = f.clip_segment(a[0], a[1], b[0], b[1], self._box)
        if clipped is not None:  # a door wholly off the map stops nothing on it
            try:
                f.wall_room(len(self.walls) + len(self.doors), 1, where, self.width * self.height)
            except f.FieldError as exc:
                raise self.fail(str(exc)) from None
            self.doors.append(Door(Segment(*clipped), closed, secret=secret or marked))
            box = door_box(obj, size) if type(obj).__name__ in ("Polygon", "Tile") else None
            if box is not None and square(box):  # no long side: along the wall it stands in (build)
                self._square_doors.append((len(self.doors) - 1, box, where))

    def _tile_object_size(self, obj: Any) -> tuple[float, float]:
        """A tile object's size in pixels: its own, else its tile's (older Tiled wrote none)."""
        w, h = float(obj.size.width or 0), float(obj.size.height or 0)
        if w > 0 and h > 0:
            return w, h
        _, tileset, _, tile = self._gid_info(int(obj.gid) & GID_MASK)
        if tile is not None and tile.image is not None:
            return (float(tile.width or tile.image_width or tileset.tile_width),
                    float(tile.height or tile.image_height or tileset.tile_height))
        return float(tileset.tile_width), float(tileset.tile_height)

    def _turn_square_doors(self) -> None:
        """A square door (a door tile, a square polygon) has no long side to run along: it runs
        along the wall it stands in, across the doorway. It was read as its horizontal middle
        line; when the squares above and below it cannot be entered and those left and right of
        it can (a wall running up and down), it becomes its vertical middle line."""
        for index, box, where in self._square_doors:
            a, b, c, d = box
            cx, cy = self._grid(((a[0] + c[0]) / 2, (a[1] + c[1]) / 2), where)
            col, row = math.floor(cx), math.floor(cy)
            solid = [not self._passable((col + dc, row + dr)) for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0))]
            if not (solid[0] and solid[1]) or (solid[2] and solid[3]):
                continue
            p, q = self._grid(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), where), \
                self._grid(((d[0] + c[0]) / 2, (d[1] + c[1]) / 2), where)
            clipped = f.clip_segment(p[0], p[1], q[0], q[1], self._box)
            if clipped is not None:
                self.doors[index] = replace(self.doors[index], segment=Segment(*clipped))

    def _passable(self, cell: tuple[int, int]) -> bool:
        if not (0 <= cell[0] < self.width and 0 <= cell[1] < self.height):
            return False
        return self.kinds[self.terrain.get(cell, "floor")].passable

    def _add_spawn(self, obj: Any, *, hint: str = "") -> None:
        x, y = float(obj.coordinates.x), float(obj.coordinates.y)
        if type(obj).__name__ in ("Rectangle", "Ellipse") and (obj.size.width or obj.size.height):
            cx, cy = float(obj.size.width) / 2, float(obj.size.height) / 2
            x, y = rotate((x, y), (cx, cy), float(obj.rotation or 0))
        name = f.clean_name(obj.name or "") or f"spawn {obj.id}"
        gx, gy = self._grid((x, y), f"spawn {name!r}")
        cell = (math.floor(gx), math.floor(gy))
        if not (0 <= cell[0] < self.width and 0 <= cell[1] < self.height):
            raise self.fail(f"spawn {name!r} at pixel ({x:g}, {y:g}) is outside the map")
        props = {k: _plain(v) for k, v in (obj.properties or {}).items()}
        team = props.pop("team", None)
        team = f.clean_name(str(team)) or None if team is not None else None
        if team is None:  # no team property: the object's class (type) may say the side
            team = SIDE_WORDS.get(hint)
        self.spawns.append(Spawn(name, cell, team, props))

    def _image_layer(self, layer: Any) -> None:
        full = self._resolve(layer.image)
        try:
            _, w, h = safe_image_file_size(full)
            self._pictures[full] = (Path(full).name, w, h)
        except FileNotFoundError:
            raise self.fail(f"image layer {layer.name!r}: image file not found: {full}") from None
        except ImageHeaderError as exc:
            raise self.fail(f"image layer {layer.name!r}: {exc}") from None
        (ox, oy), _ = self._looks.get(id(layer), ((0.0, 0.0), None))
        offset = (-ox, -oy)  # the image's pixel at the map's corner: moved right by x, the picture's x=-x is there
        # drawn over the tile layers before it, under those after it (Tiled's order)
        self.image = MapImage(pixels_per_cell=float(self.tile_px), path=full, offset_px=offset, layer=self._draw_index)


def _flip(raw_gid: int) -> int:
    """Tiled's flip flags of a raw tile id (bits 31, 30, 29: horizontal, vertical, diagonal)."""
    return ((FLIP_H if raw_gid & 0x80000000 else 0) | (FLIP_V if raw_gid & 0x40000000 else 0)
            | (FLIP_D if raw_gid & 0x20000000 else 0))


def _walk(layers: list[Any] | None, visible: bool, opacity: float) -> Iterator[tuple[Any, bool, float]]:
    """Every layer in draw order (groups flattened) with its effective visibility and opacity."""
    for layer in layers or []:
        vis = visible and bool(layer.visible)
        op = opacity * float(layer.opacity if layer.opacity is not None else 1)
        if type(layer).__name__ == "LayerGroup":
            yield from _walk(layer.layers, vis, op)
        else:
            yield layer, vis, op


def _plain(value: Any) -> Any:
    """A Tiled property value as plain JSON-friendly data."""
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if type(value).__name__ == "Color":
        return "{:02x}{:02x}{:02x}{:02x}".format(value.alpha, value.red, value.green, value.blue)
    return str(value)


__all__ = ["load_tiled", "GID_MASK"]
