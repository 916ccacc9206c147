"""Older Tiled files: tilesets without ``tilecount`` / ``columns``, completed from the image.

Why: Tiled before 0.15 wrote embedded tilesets as ``<tileset firstgid name
tilewidth tileheight>`` with only an ``<image>``; pytiled-parser needs
``tilecount`` and ``columns`` and refuses those maps with a KeyError. Tiled
itself computes both from the image size, tile size, margin and spacing, so we
do the same just before pytiled-parser reads a tileset: :func:`install` wraps
its tileset parsers once, and the wrapper only *adds* the two missing values
(a tileset that has them is passed through untouched). The image's size comes
from its ``width``/``height`` attributes or, when those are missing too, from
the image file's header (:mod:`tactics.maps.imagesize`; never decoded).
"""

from __future__ import annotations

import contextlib
import contextvars
from pathlib import Path
from typing import Any, Callable, Iterator

from tactics.maps.imagesize import ImageHeaderError, safe_image_file_size

#: The folder of the map being read (an embedded tileset's image is relative to it).
_MAP_FOLDER: contextvars.ContextVar[Path | None] = contextvars.ContextVar("tiled_map_folder", default=None)


@contextlib.contextmanager
def reading_map_in(folder: Path) -> Iterator[None]:
    """While pytiled-parser reads a map in ``folder``: where embedded tilesets' images are."""
    token = _MAP_FOLDER.set(folder)
    try:
        yield
    finally:
        _MAP_FOLDER.reset(token)


def grid_counts(image_w: int, image_h: int, tile_w: int, tile_h: int, margin: int, spacing: int) -> tuple[int, int]:
    """``(columns, tilecount)`` of a tileset image, as Tiled computes them."""
    if tile_w < 1 or tile_h < 1:
        return 0, 0
    columns = max(0, (image_w - 2 * margin + spacing) // (tile_w + spacing))
    rows = max(0, (image_h - 2 * margin + spacing) // (tile_h + spacing))
    return columns, columns * rows


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _image_size(source: Any, base: Path | None, width: Any, height: Any) -> tuple[int, int] | None:
    w, h = _int(width), _int(height)
    if w > 0 and h > 0:
        return w, h
    if not isinstance(source, str) or not source:
        return None
    path = Path(source)
    if not path.is_absolute() and base is not None:
        path = base / path
    try:
        _, w, h = safe_image_file_size(path)
    except (OSError, ImageHeaderError):
        return None  # the reader reports the image itself
    return w, h


def complete_tmx_tileset(element: Any, base: Path | None) -> None:
    """Add ``tilecount``/``columns`` (and the image's size) to a ``<tileset>`` element lacking them."""
    attrs = element.attrib
    if "tilecount" in attrs and "columns" in attrs:
        return
    image = element.find("./image")
    if image is None:  # a collection of images: one tile each
        attrs.setdefault("columns", "0")
        attrs.setdefault("tilecount", str(len(element.findall("./tile"))))
        return
    size = _image_size(image.attrib.get("source"), base, image.attrib.get("width"), image.attrib.get("height"))
    if size is None:
        return  # pytiled-parser refuses it; the message names the field
    image.attrib.setdefault("width", str(size[0]))
    image.attrib.setdefault("height", str(size[1]))
    columns, count = grid_counts(size[0], size[1], _int(attrs.get("tilewidth")), _int(attrs.get("tileheight")),
                                 _int(attrs.get("margin")), _int(attrs.get("spacing")))
    attrs.setdefault("columns", str(columns))
    attrs.setdefault("tilecount", str(count))


def complete_json_tileset(raw: Any, base: Path | None) -> None:
    """The same for a JSON tileset object."""
    if not isinstance(raw, dict) or ("tilecount" in raw and "columns" in raw):
        return
    if not raw.get("image"):
        raw.setdefault("columns", 0)
        raw.setdefault("tilecount", len(raw.get("tiles") or []))
        return
    size = _image_size(raw.get("image"), base, raw.get("imagewidth"), raw.get("imageheight"))
    if size is None:
        return
    raw.setdefault("imagewidth", size[0])
    raw.setdefault("imageheight", size[1])
    columns, count = grid_counts(size[0], size[1], _int(raw.get("tilewidth")), _int(raw.get("tileheight")),
                                 _int(raw.get("margin")), _int(raw.get("spacing")))
    raw.setdefault("columns", columns)
    raw.setdefault("tilecount", count)


def _wrap(parse: Callable[..., Any], complete: Callable[[Any, Path | None], None]) -> Callable[..., Any]:
    if getattr(parse, "_tactics_completes_counts", False):
        return parse

    def parse_completed(raw: Any, firstgid: int, *args: Any, **kwargs: Any) -> Any:
        external = kwargs.get("external_path", args[1] if len(args) > 1 else None)
        complete(raw, Path(external) if external is not None else _MAP_FOLDER.get())
        return parse(raw, firstgid, *args, **kwargs)

    parse_completed._tactics_completes_counts = True  # type: ignore[attr-defined]
    return parse_completed


def file_format(file_path: Path, encoding: str) -> str:
    """``"tmx"`` or ``"json"`` by the file's first character that is not blank (or a byte-order mark).

    pytiled-parser's own ``check_format`` reads the first line's first character: a map, tileset or
    template starting with a blank line raised IndexError ("string index out of range", review 21)."""
    with open(file_path, encoding=encoding) as file:
        start = file.read(4096).lstrip("\ufeff \t\r\n")
    return "tmx" if start.startswith("<") else "json"


def install() -> None:
    """Wrap pytiled-parser's tileset parsers where its map readers call them, and put
    :func:`file_format` in place of its ``check_format`` (once)."""
    from pytiled_parser import parser, util
    from pytiled_parser.parsers.json import tiled_map as json_map
    from pytiled_parser.parsers.tmx import tiled_map as tmx_map

    for module in (json_map, tmx_map):
        module.parse_tmx_tileset = _wrap(module.parse_tmx_tileset, complete_tmx_tileset)  # type: ignore[attr-defined]
        module.parse_json_tileset = _wrap(module.parse_json_tileset, complete_json_tileset)  # type: ignore[attr-defined]
    for module in (parser, util, json_map, tmx_map):
        module.check_format = file_format  # type: ignore[attr-defined]
    from pytiled_parser.parsers.json import properties as json_properties
    from pytiled_parser.parsers.tmx import properties as tmx_properties

    for module in (json_properties, tmx_properties):
        if module.parse_color is not property_colour:  # type: ignore[attr-defined]
            module.parse_color = property_colour  # type: ignore[attr-defined]


def property_colour(value: str) -> Any:
    """A colour property as pytiled-parser reads it, but for Tiled's unset one, ``""``: transparent
    black, not "Improperly formatted color passed to parse_color" (review 21: a map with an unset
    colour property would not open)."""
    from pytiled_parser.common_types import Color
    from pytiled_parser.util import parse_color

    return Color(0, 0, 0, 0) if value == "" else parse_color(value)


__all__ = ["complete_json_tileset", "complete_tmx_tileset", "file_format", "grid_counts", "property_colour", "install", "reading_map_in"]
