"""Tiled layer data decoded into arrays of tile ids, not lists of Python ints.

Why: pytiled-parser decodes a tile layer byte by byte into a list of lists of
``int`` objects: 36 bytes and a Python loop step a square. A legal 2000 x 2000
map of eight layers of ids above 256 (a large tileset's) took 13 s and 1.4 GB
to open (review 12). :func:`install` wraps its two layer-data helpers, for the
JSON and the TMX reader alike, so that each row is an ``array('I')`` (4 bytes a
square, made in C) that :class:`tactics.maps.tiled.TiledReader` copies into its
grid as it is. The sizes were checked before (:mod:`tactics.maps.tiledfiles`
caps what zlib/gzip data inflates to). Data the arrays cannot hold (a negative
id, text, a number past 32 bits) is handed to pytiled-parser's own helper
unchanged, so the reader reports it as the file holds it.
"""

from __future__ import annotations

import base64
import binascii
import functools
import gzip
import sys
import zlib
from array import array
from typing import Any, Callable

_MARK = "_tactics_rows_as_arrays"


def rows_of(ids: array, width: int) -> list[array]:
    """``ids`` cut into rows of ``width`` (the last one may be short), as pytiled-parser cuts them."""
    if width < 1 or not ids:
        return [array("I")]
    return [ids[i:i + width] for i in range(0, len(ids), width)]


def _ids_from_bytes(raw: bytes) -> array:
    ids = array("I")
    if ids.itemsize != 4:  # pragma: no cover - every platform Tactics runs on has 4-byte unsigned ints
        raise ValueError("no 4-byte array type")
    ids.frombytes(raw[: len(raw) - len(raw) % 4])  # (a partial id at the end is dropped, as pytiled-parser does)
    if sys.byteorder == "big":  # pragma: no cover - Tiled writes little-endian ids
        ids.byteswap()
    return ids


def _wrap_decode(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)  # (its __wrapped__: pytiled-parser's own)
    def decode(data: str, compression: str, layer_width: int) -> Any:
        if compression not in ("zlib", "gzip", "", None):
            return original(data, compression, layer_width)  # zstd and the like: its own message
        try:
            raw = base64.b64decode(data)
            if compression == "zlib":
                raw = zlib.decompress(raw)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
        except (binascii.Error, ValueError, zlib.error, OSError, EOFError):
            return original(data, compression, layer_width)  # broken data: reported as pytiled-parser reports it
        return rows_of(_ids_from_bytes(raw), int(layer_width))

    setattr(decode, _MARK, True)
    return decode


def _wrap_convert(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def convert(data: Any, layer_width: int) -> Any:
        try:
            ids = array("I", data)
        except (TypeError, OverflowError, ValueError):
            return original(data, layer_width)
        return rows_of(ids, int(layer_width))

    setattr(convert, _MARK, True)
    return convert


def install() -> None:
    """Wrap pytiled-parser's layer-data helpers in its JSON and TMX layer readers (once)."""
    from pytiled_parser.parsers.json import layer as json_layer
    from pytiled_parser.parsers.tmx import layer as tmx_layer

    for module in (json_layer, tmx_layer):
        if not getattr(module._decode_tile_layer_data, _MARK, False):
            module._decode_tile_layer_data = _wrap_decode(module._decode_tile_layer_data)  # type: ignore[attr-defined]
        if not getattr(module._convert_raw_tile_layer_data, _MARK, False):
            module._convert_raw_tile_layer_data = _wrap_convert(  # type: ignore[attr-defined]
                module._convert_raw_tile_layer_data)


__all__ = ["install", "rows_of"]
