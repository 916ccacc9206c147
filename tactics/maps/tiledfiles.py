"""Checking a Tiled map and every file it names before pytiled-parser reads any of them.

Why: pytiled-parser opens what a map names with a plain ``open()`` (a tileset or
template ``source`` of ``/dev/zero`` reads forever, a FIFO waits forever) and
inflates zlib/gzip layer data without a limit (an 87 KB file became 566 MB).
:func:`preflight` reads the map itself with a size cap and walks it once:

* the map's header: orthogonal, finite, square tiles, at most
  :data:`~tactics.maps.battlemap.MAX_CELLS` squares;
* every external tileset and object template (and a template's own tileset) is
  a regular file of at most :data:`~tactics.maps.safeio.MAX_PART_BYTES`;
* every tile layer's data holds no more than its ``width x height`` tiles:
  compressed data is inflated with a cap of ``width x height x 4`` bytes (a tile
  id is 4 bytes), gzip members included; zstd is refused (it cannot be capped here);
* all the tile layers together hold at most :data:`MAX_TILE_IDS` squares (review 12: a few KB
  of zlib data make a 2000 x 2000 layer, and each is 16 MB once read).

Only then does pytiled-parser parse the map; what it reads is known to be small.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import math
import re
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path
from typing import Any

from tactics.maps import fields as f
from tactics.maps.battlemap import MAX_CELLS, MapError
from tactics.maps.safeio import MAX_PART_BYTES, MAX_TILED_BYTES, check_regular, read_capped

#: Bytes of one tile id in Tiled's base64 layer data.
GID_BYTES = 4
#: Tile ids in all a map's tile layers together (4 bytes each when read): a few kilobytes of
#: zlib data make a 2000 x 2000 layer, so a 128 MB file could hold thousands of them.
MAX_TILE_IDS = 8 * MAX_CELLS


def preflight(path: Path) -> None:
    """Refuse (MapError) a Tiled map that is unsafe to hand to pytiled-parser."""
    shown = str(path)
    data = read_capped(path, MAX_TILED_BYTES)
    start = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not start:
        raise MapError(shown, "the file is empty")
    if start.startswith(b"<"):
        try:  # pytiled-parser reads it as UTF-8 whatever its XML declaration says (review 21: latin-1)
            data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise MapError(shown, f"the map: not a UTF-8 text file (byte {exc.start}); Tiled saves maps as UTF-8") from None
        _XmlMap(path).walk(data)
    else:
        from tactics.maps.native import check_json_size

        check_json_size(shown, data)
        _json_map(path, data)


def _header(shown: str, numbers: dict[str, int], orientation: str, infinite: bool) -> tuple[int, int]:
    if orientation != "orthogonal":
        raise MapError(shown, f"unsupported Tiled orientation: {orientation or '(none)'}; only orthogonal maps work")
    if infinite:
        raise MapError(shown, "infinite Tiled maps are not supported; untick 'Infinite' in the map properties")
    tw, th = numbers["tilewidth"], numbers["tileheight"]
    if tw < 1 or th < 1:
        raise MapError(shown, f"tile size {tw}x{th} is empty")
    if tw != th:
        raise MapError(shown, f"tiles are {tw}x{th} pixels; a battle map needs square tiles")
    if tw > 4096:
        raise MapError(shown, f"tiles are {tw}x{th} pixels; the limit is 4096")
    w, h = numbers["width"], numbers["height"]
    if w < 1 or h < 1:
        raise MapError(shown, f"map size {_few_digits(w)}x{_few_digits(h)} is empty")
    if w * h > MAX_CELLS:
        raise MapError(shown, f"map size {_few_digits(w)}x{_few_digits(h)} is too large (limit {MAX_CELLS} squares)")
    return w, h


def _few_digits(n: int) -> str:
    """A whole number as a message shows it: a width of 4,000 digits is not printed whole (review 21)."""
    digits = str(n)
    return digits if len(digits) <= 12 else f"{digits[:6]}... ({len(digits):,} digits)"


def _part(shown: str, base: Path, source: Any, what: str) -> Path:
    """A file the map names (tileset, template): a regular file of bounded size."""
    if not isinstance(source, str) or not source.strip():
        raise MapError(shown, f"{what}: expected a file name, got {source!r}")
    if "\x00" in source:
        raise MapError(shown, f"{what}: the file name holds a NUL character")
    target = base / source
    if not target.exists():
        raise MapError(shown, f"a file the map needs is missing: {target} ({what})")
    check_regular(target, MAX_PART_BYTES, shown=shown, what=what)
    return target


def _template_tileset(shown: str, template: Path) -> None:
    """A template may name a tileset of its own: check that one too."""
    raw = read_capped(template, MAX_PART_BYTES, shown=shown, what="object template")
    head = raw[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    source: Any = None
    if head.startswith(b"<"):
        try:
            root = ET.fromstring(raw)
        except ET.ParseError as exc:
            raise MapError(shown, f"object template {template}: not valid XML: {exc}") from None
        element = root.find("./tileset")
        source = element.attrib.get("source") if element is not None else None
    else:
        doc = _loads(shown, raw, f"object template {template}")
        tileset = doc.get("tileset") if isinstance(doc, dict) else None
        source = tileset.get("source") if isinstance(tileset, dict) else None
    if source is not None:
        _part(shown, template.parent, source, f"object template {template.name}: tileset")


def _loads(shown: str, raw: bytes, what: str) -> Any:
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise MapError(shown, f"{what}: not a UTF-8 text file") from None
    except RecursionError:
        raise MapError(shown, f"{what}: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise MapError(shown, f"{what}: not valid JSON: {exc}") from None
    except ValueError as exc:  # numbers too long to read
        from tactics.jsonbudget import value_problem

        raise MapError(shown, f"{what}: not valid JSON: {value_problem(exc)}") from None


class _TileIds:
    """The squares of all a map's tile layers, summed: at most :data:`MAX_TILE_IDS`."""

    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.total = 0

    def layer(self, where: str, width: Any, height: Any, default: tuple[int, int]) -> int:
        cells = _layer_cells(self.shown, where, width, height, default)
        self.total += cells
        if self.total > MAX_TILE_IDS:
            raise MapError(self.shown, f"{where}: the map's tile layers hold more than {MAX_TILE_IDS} squares in all "
                                       f"(eight layers of the largest map); merge or delete layers")
        return cells


def _layer_cells(shown: str, where: str, width: Any, height: Any, default: tuple[int, int]) -> int:
    try:
        w = default[0] if width is None else f.whole(width, "width", minimum=0)
        h = default[1] if height is None else f.whole(height, "height", minimum=0)
    except f.FieldError as exc:
        raise MapError(shown, f"{where}: {exc}") from None
    if w * h > MAX_CELLS:
        raise MapError(shown, f"{where}: layer size {w}x{h} is too large (limit {MAX_CELLS} squares)")
    return w * h


def check_layer_data(shown: str, where: str, text: str, encoding: str | None, compression: str | None, cells: int) -> None:
    """Layer data holding more than ``cells`` tile ids is refused before anyone decodes it."""
    cap = cells * GID_BYTES
    if encoding == "csv":
        if text.count(",") + 1 > cells + 1:
            raise MapError(shown, f"{where}: holds more tiles than the layer's {cells} squares")
        return
    if encoding != "base64":
        if encoding not in (None, ""):
            raise MapError(shown, f"{where}: unknown layer data encoding {encoding!r} (expected csv or base64)")
        return
    if len(text) > 4 * MAX_TILED_BYTES:  # pragma: no cover - the file cap comes first
        raise MapError(shown, f"{where}: layer data too large")
    try:
        raw = base64.b64decode(text.strip().encode("ascii", "ignore"))
    except (binascii.Error, ValueError) as exc:
        raise MapError(shown, f"{where}: layer data is not valid base64 ({exc})") from None
    if not compression:
        size = len(raw)
    elif compression in ("zlib", "gzip"):
        size = inflated_size(raw, compression, cap, shown=shown, where=where)
    elif compression == "zstd":
        raise MapError(shown, f"{where}: zstd-compressed layers cannot be read; save the map with zlib, gzip or CSV layer data")
    else:
        raise MapError(shown, f"{where}: unknown layer compression {compression!r} (expected zlib or gzip)")
    if size > cap:
        raise MapError(shown, f"{where}: layer data is {size} bytes, more than the layer's {cells} squares need ({cap})")


def inflated_size(raw: bytes, compression: str, cap: int, *, shown: str, where: str) -> int:
    """How many bytes zlib/gzip data inflates to, never producing more than ``cap + 1`` of them.

    gzip data may hold several members one after the other (``gzip.decompress``
    reads them all), so every member counts toward the one cap.
    """
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    total = 0
    rest = raw
    try:
        while True:
            stream = zlib.decompressobj(wbits)
            out = stream.decompress(rest, cap + 1 - total)
            total += len(out)
            if total > cap:
                raise MapError(shown, f"{where}: compressed layer data inflates past the {cap} bytes "
                                      f"a layer of its size needs (a decompression bomb?)")
            if not stream.eof:
                raise MapError(shown, f"{where}: compressed layer data is cut off")
            rest = stream.unused_data
            if compression != "gzip" or not rest.strip(b"\x00"):
                return total
    except zlib.error as exc:
        raise MapError(shown, f"{where}: compressed layer data is broken ({exc})") from None


class _XmlMap:
    """Walks a ``.tmx`` document as a stream: the header, tilesets, templates, layer data."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.shown = str(path)
        self.size = (0, 0)
        self.tile_ids = _TileIds(self.shown)

    def walk(self, data: bytes) -> None:
        stack: list[ET.Element] = []
        try:
            for event, element in ET.iterparse(io.BytesIO(data), events=("start", "end")):
                if event == "start":
                    if not stack:
                        self._root(element)
                    stack.append(element)
                    continue
                stack.pop()
                parent = stack[-1] if stack else None
                self._element(element, parent, stack)
                if element.tag in ("data", "chunk", "object", "properties") and parent is not None:
                    element.clear()
        except ET.ParseError as exc:
            raise MapError(self.shown, f"not valid XML: {exc}") from None

    def _root(self, element: ET.Element) -> None:
        if element.tag != "map":
            raise MapError(self.shown, f"not a Tiled map (the XML starts with <{element.tag}>)")
        attrs = element.attrib
        numbers = {}
        for key in ("width", "height", "tilewidth", "tileheight"):
            try:
                numbers[key] = int(attrs.get(key, ""))
            except ValueError:
                got = attrs.get(key)
                shown = repr(got) if got is None or len(got) <= 40 else f"{got[:40]!r}... ({len(got):,} characters)"
                raise MapError(self.shown, f"map {key}: expected a whole number, got {shown}") from None
        infinite = attrs.get("infinite", "0") not in ("0", "false", "")
        self.size = _header(self.shown, numbers, attrs.get("orientation", ""), infinite)

    def _element(self, element: ET.Element, parent: ET.Element | None, stack: list[ET.Element]) -> None:
        tag = element.tag
        base = self.path.parent
        if tag == "tileset" and parent is not None and parent.tag == "map" and "source" in element.attrib:
            _part(self.shown, base, element.attrib["source"], f"tileset (firstgid {element.attrib.get('firstgid', '?')})")
        elif tag == "object" and "template" in element.attrib:
            where = f"object {element.attrib.get('id', '?')}: template"
            _template_tileset(self.shown, _part(self.shown, base, element.attrib["template"], where))
        elif tag == "object":
            _check_position(self.shown, element.attrib, lambda: _xml_object_place(element, stack))
        elif tag == "data" and parent is not None and parent.tag == "layer":
            self._data(element, parent)
        elif tag == "property":
            _check_property(self.shown, element, stack)
        for attr in _COLOUR_ATTRS.intersection(element.attrib):
            if not _COLOUR.fullmatch(element.attrib[attr]):
                raise MapError(self.shown, f"{_element_words(element, stack)}: {attr} {element.attrib[attr][:40]!r} "
                                           f"is not a colour (#RRGGBB or #AARRGGBB)")

    def _data(self, data: ET.Element, layer: ET.Element) -> None:
        where = f"layer {layer.attrib.get('name', '?')!r}"
        cells = self.tile_ids.layer(where, _int_or_none(layer.attrib.get("width")),
                             _int_or_none(layer.attrib.get("height")), self.size)
        encoding = data.attrib.get("encoding")
        compression = data.attrib.get("compression")
        chunks = data.findall("chunk")
        if chunks:
            raise MapError(self.shown, f"{where}: chunked layer data belongs to infinite maps, which are not supported")
        if encoding is None and len(data) > cells:
            raise MapError(self.shown, f"{where}: holds more tiles than the layer's {cells} squares")
        check_layer_data(self.shown, where, data.text or "", encoding, compression, cells)


#: Attributes Tiled writes a colour in (``trans`` without its ``#``), and what a colour looks like:
#: pytiled-parser's own refusal ("Improperly formatted color", "invalid literal for int() with base
#: 16") named neither the attribute nor its element (review 21).
_COLOUR_ATTRS = frozenset({"backgroundcolor", "tintcolor", "color", "trans"})
_COLOUR = re.compile(r"#?(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")


def _check_property(shown: str, element: ET.Element, stack: list[ET.Element]) -> None:
    """A custom property pytiled-parser would fail to read, refused naming it and its owner: an int or
    float that is not a finite number, a colour that is not one (an empty colour is Tiled's unset one)."""
    kind = element.attrib.get("type")
    value = element.attrib.get("value", element.text)
    if value is None or kind not in ("int", "float", "color"):
        return
    owner = stack[-2] if len(stack) > 1 else None
    where = f"property {element.attrib.get('name', '?')!r}" + (f" of {_element_words(owner, stack[:-2])}" if owner is not None else "")
    if kind == "color":
        if value and not _COLOUR.fullmatch(value):
            raise MapError(shown, f"{where}: {value[:40]!r} is not a colour (#RRGGBB or #AARRGGBB)")
        return
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise MapError(shown, f"{where}: {value[:40]!r} is not a {'whole ' if kind == 'int' else ''}number")


def _element_words(element: ET.Element, stack: list[ET.Element]) -> str:
    """A ``.tmx`` element in words, for a message: "the map", "layer 'ground'", "object 3 'Gate'",
    "tile 4 of tileset 'dungeon'", "tileset 'dungeon'", else its tag."""
    tag, attrs = element.tag, element.attrib
    if tag == "map":
        return "the map"
    if tag in ("layer", "objectgroup", "imagelayer", "group"):
        return f"layer {attrs.get('name', '')!r}"
    if tag == "object":
        return _object_words(attrs)
    if tag == "tileset":
        return f"tileset {attrs.get('name', '')!r}"
    if tag == "tile":
        tileset = next((e for e in reversed(stack) if e.tag == "tileset"), None)
        return f"tile {attrs.get('id', '?')}" + (f" of tileset {tileset.attrib.get('name', '')!r}" if tileset is not None else "")
    parent = stack[-1] if stack else None
    return f"<{tag}> of {_element_words(parent, stack[:-1])}" if parent is not None else f"<{tag}>"


def _check_position(shown: str, attrs: Any, where: Any) -> None:
    """An object (not from a template, whose file may give it) without an x or a y is refused naming
    it: pytiled-parser's own "missing 'x'" named no object (review 18). ``where()``: the object's
    name, id and layer in words."""
    missing = [axis for axis in ("x", "y") if axis not in attrs]
    if missing:
        raise MapError(shown, f"{where()} has no {' and no '.join(missing)} position: select it in Tiled "
                              f"and set its X and Y in the Properties panel")


def _object_words(attrs: Any) -> str:
    """"object 3 'Gate'" (its id, and its name when it has one)."""
    name = attrs.get("name")
    words = f"object {attrs.get('id', '(no id)')}"
    return words + (f" {name!r}" if isinstance(name, str) and name else "")


def _xml_object_place(element: ET.Element, stack: list[ET.Element]) -> str:
    """An object of a ``.tmx`` in words: "object 3 'Gate' on layer 'doors'", or in a tile's
    collision shapes: "object 9 in the collision shapes of tile 0 of tileset 't'"."""
    words = _object_words(element.attrib)
    group = stack[-1] if stack else None
    owner = stack[-2] if len(stack) > 1 else None
    if owner is not None and owner.tag == "tile":
        tileset = stack[-3].attrib.get("name", "?") if len(stack) > 2 else "?"
        return f"{words} in the collision shapes of tile {owner.attrib.get('id', '?')} of tileset {tileset!r}"
    if group is not None and group.tag == "objectgroup":
        return f"{words} on layer {group.attrib.get('name', '')!r}"
    return words


def _int_or_none(value: str | None) -> Any:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return value


def _json_map(path: Path, data: bytes) -> None:
    shown = str(path)
    raw = _loads(shown, data, "the map")
    if not isinstance(raw, dict) or raw.get("type", "map") != "map":
        raise MapError(shown, "not a Tiled map (expected a JSON object of type 'map')")
    numbers = {}
    for key in ("width", "height", "tilewidth", "tileheight"):
        try:
            numbers[key] = f.whole(raw.get(key), key)
        except f.FieldError as exc:
            raise MapError(shown, f"map {exc}") from None
    orientation = raw.get("orientation", "")
    size = _header(shown, numbers, orientation if isinstance(orientation, str) else "", bool(raw.get("infinite", False)))
    for i, tileset in enumerate(raw.get("tilesets") or []):
        if isinstance(tileset, dict) and tileset.get("source") is not None:
            _part(shown, path.parent, tileset["source"], f"tilesets[{i}].source")
        elif isinstance(tileset, dict):
            _json_tile_shapes(shown, tileset)
    _json_layers(shown, path, raw.get("layers") or [], size, "layers", depth=0, tile_ids=_TileIds(shown))
    _json_colours_and_properties(shown, raw)


#: JSON keys Tiled writes a colour in, and those whose lists hold no colours or properties (points, ids).
_JSON_COLOURS = frozenset({"backgroundcolor", "tintcolor", "color", "transparentcolor"})
_JSON_SKIPPED = frozenset({"data", "chunks", "polygon", "polyline"})


def _json_colours_and_properties(shown: str, raw: dict[str, Any]) -> None:
    """Colours and custom properties of a ``.tmj`` pytiled-parser would fail on, named by their place
    (``layers[3].objects[2].properties[1]``): before, a bad colour was "Unknown Map Format" and an int
    property of text "type str doesn't define __round__ method" (review 21)."""
    stack: list[tuple[Any, str]] = [(raw, "")]
    while stack:
        item, at = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                where = f"{at}.{key}" if at else str(key)
                if key in _JSON_COLOURS and not (isinstance(value, str) and _COLOUR.fullmatch(value)):
                    raise MapError(shown, f"{where}: {str(value)[:40]!r} is not a colour (#RRGGBB or #AARRGGBB)")
                if key == "properties" and isinstance(value, list):
                    for i, prop in enumerate(value):
                        _json_property(shown, prop, f"{where}[{i}]")
                elif key not in _JSON_SKIPPED and isinstance(value, (dict, list)):
                    stack.append((value, where))
        elif isinstance(item, list) and item and isinstance(item[0], dict):
            stack.extend((value, f"{at}[{i}]") for i, value in enumerate(item))


def _json_property(shown: str, prop: Any, where: str) -> None:
    if not isinstance(prop, dict) or not isinstance(prop.get("name"), str) or not isinstance(prop.get("type"), str):
        raise MapError(shown, f"{where}: a property needs a name and a type (text)")
    kind, value = prop["type"], prop.get("value")
    if kind in ("int", "float") and (isinstance(value, bool) or not isinstance(value, (int, float))
                                     or not math.isfinite(value)):
        raise MapError(shown, f"{where} ({prop['name']!r}): {str(value)[:40]!r} is not a "
                              f"{'whole ' if kind == 'int' else ''}number")
    if kind == "color" and not (value == "" or (isinstance(value, str) and _COLOUR.fullmatch(value))):
        raise MapError(shown, f"{where} ({prop['name']!r}): {str(value)[:40]!r} is not a colour (#RRGGBB or #AARRGGBB)")


def _json_tile_shapes(shown: str, tileset: dict[str, Any]) -> None:
    """The collision shapes of an embedded tileset's tiles: each needs its position, like a layer's objects."""
    tiles = tileset.get("tiles")
    for tile in tiles if isinstance(tiles, list) else []:
        group = tile.get("objectgroup") if isinstance(tile, dict) else None
        objects = group.get("objects") if isinstance(group, dict) else None
        for obj in objects if isinstance(objects, list) else []:
            if isinstance(obj, dict) and obj.get("template") is None:
                _check_position(shown, obj, lambda o=obj, t=tile: (
                    f"{_object_words(o)} in the collision shapes of tile {t.get('id', '?')} "
                    f"of tileset {tileset.get('name', '?')!r}"))


def _json_layers(shown: str, path: Path, layers: Any, size: tuple[int, int], where: str, depth: int,
                 tile_ids: _TileIds) -> None:
    if not isinstance(layers, list):
        return  # pytiled-parser refuses it with its own message
    if depth > 32:
        raise MapError(shown, f"{where}: layer groups nested too deeply")
    for i, layer in enumerate(layers):
        if not isinstance(layer, dict):
            continue
        at = f"{where}[{i}]"
        kind = layer.get("type")
        if kind == "group":
            _json_layers(shown, path, layer.get("layers") or [], size, f"{at}.layers", depth + 1, tile_ids)
        elif kind == "objectgroup":
            objects = layer.get("objects") or []
            for j, obj in enumerate(objects if isinstance(objects, list) else []):
                if isinstance(obj, dict) and obj.get("template") is not None:
                    template = _part(shown, path.parent, obj["template"], f"{at}.objects[{j}].template")
                    _template_tileset(shown, template)
                elif isinstance(obj, dict):
                    _check_position(shown, obj, lambda o=obj, g=layer: f"{_object_words(o)} on layer {g.get('name', '')!r}")
        elif kind == "tilelayer":
            if layer.get("chunks") is not None:
                raise MapError(shown, f"{at}: chunked layer data belongs to infinite maps, which are not supported")
            cells = tile_ids.layer(at, layer.get("width"), layer.get("height"), size)
            data = layer.get("data")
            if isinstance(data, list):
                if len(data) > cells:
                    raise MapError(shown, f"{at}.data: holds more tiles than the layer's {cells} squares")
            elif isinstance(data, str):
                encoding = layer.get("encoding") or "base64"
                compression = layer.get("compression") or None
                if not isinstance(encoding, str) or not (compression is None or isinstance(compression, str)):
                    raise MapError(shown, f"{at}: encoding and compression must be text")
                check_layer_data(shown, f"{at}.data", data, encoding, compression, cells)


__all__ = ["GID_BYTES", "MAX_TILE_IDS", "check_layer_data", "inflated_size", "preflight"]
