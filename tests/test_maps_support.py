"""Helpers shared by the map-format tests: tiny image files built in pure Python, and the
paths into a JSON document that the fuzz tests mutate.

(No tests here; the module name lets pytest's rootdir import find it.)
"""

from __future__ import annotations

import struct
import zlib
from typing import Any, Iterator


def png_bytes(width: int, height: int, rgb: tuple[int, int, int] = (90, 120, 150)) -> bytes:
    """A valid RGB PNG of one colour, written by hand with zlib and struct."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\x00" + bytes(rgb) * width
    raw = zlib.compress(row * height)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def png_header_claiming(width: int, height: int) -> bytes:
    """Only a PNG header that claims a size (a 'decompression bomb' stand-in)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    )


def jpeg_header(width: int, height: int) -> bytes:
    """A JPEG start: SOI, an APP0 segment, then a baseline SOF0 with the size."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


def webp_vp8x_header(width: int, height: int) -> bytes:
    body = b"VP8X" + struct.pack("<I", 10) + b"\x00\x00\x00\x00" + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    return b"RIFF" + struct.pack("<I", len(body) + 4) + b"WEBP" + body


def json_paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path (keys and indexes) into a parsed JSON document, the empty one first."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from json_paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from json_paths(v, prefix + (i,))
