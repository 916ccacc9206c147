"""Read an image's pixel size from its header, in pure Python, before decoding it.

Map art arrives from untrusted files (a Universal VTT export embeds a base64
image; a GM opens any PNG). Decoding a 60000 x 60000 "decompression bomb" would
take gigabytes of memory, so loaders ask this module first: it reads only the
header bytes of PNG, JPEG, WEBP, GIF and BMP files and refuses anything above
:data:`MAX_SIDE` pixels a side or :data:`MAX_PIXELS` in all, and anything that
is not an image at all. No pygame, no Pillow.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import BinaryIO

MAX_SIDE = 16384
MAX_PIXELS = 100_000_000

_JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class ImageHeaderError(ValueError):
    """Not a readable image, or an image too large to open safely."""


def image_size(data: bytes | BinaryIO) -> tuple[str, int, int]:
    """``(format, width, height)`` of encoded image bytes or an open binary file.

    ``format`` is one of ``png``, ``jpeg``, ``webp``, ``gif``, ``bmp``. Raises
    :class:`ImageHeaderError` for anything else or a broken header.
    """
    stream: BinaryIO = io.BytesIO(data) if isinstance(data, (bytes, bytearray, memoryview)) else data
    start = stream.tell()
    head = stream.read(32)
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        if len(head) < 24 or head[12:16] != b"IHDR":
            raise ImageHeaderError("broken PNG header")
        width, height = struct.unpack(">II", head[16:24])
        return "png", width, height
    if head.startswith(b"\xff\xd8"):
        return ("jpeg", *_jpeg_size(stream, start))
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return ("webp", *_webp_size(head))
    if head[:6] in (b"GIF87a", b"GIF89a"):
        if len(head) < 10:
            raise ImageHeaderError("broken GIF header")
        width, height = struct.unpack("<HH", head[6:10])
        return "gif", width, height
    if head[:2] == b"BM":
        if len(head) < 26:
            raise ImageHeaderError("broken BMP header")
        header_size = struct.unpack("<I", head[14:18])[0]
        if header_size == 12:  # OS/2 BITMAPCOREHEADER
            width, height = struct.unpack("<HH", head[18:22])
        else:
            width, height = struct.unpack("<ii", head[18:26])
        return "bmp", abs(width), abs(height)
    raise ImageHeaderError("not a PNG, JPEG, WEBP, GIF or BMP image")


def _jpeg_size(stream: BinaryIO, start: int) -> tuple[int, int]:
    """Walk the JPEG marker segments to the first start-of-frame."""
    if not stream.seekable():  # pragma: no cover - every caller passes a seekable stream
        raise ImageHeaderError("cannot read JPEG header")
    stream.seek(start + 2)
    for _ in range(10000):
        byte = stream.read(1)
        while byte == b"\xff":
            marker = stream.read(1)
            if marker != b"\xff":
                break
        else:
            raise ImageHeaderError("broken JPEG header")
        if not marker:
            break
        code = marker[0]
        if code in (0xD8, 0x01) or 0xD0 <= code <= 0xD7:
            continue  # markers without a length
        if code == 0xD9:
            break
        length_bytes = stream.read(2)
        if len(length_bytes) < 2:
            break
        length = struct.unpack(">H", length_bytes)[0]
        if length < 2:
            raise ImageHeaderError("broken JPEG header")
        if code in _JPEG_SOF:
            frame = stream.read(5)
            if len(frame) < 5:
                break
            height, width = struct.unpack(">HH", frame[1:5])
            return width, height
        stream.seek(length - 2, io.SEEK_CUR)
    raise ImageHeaderError("JPEG without a readable size")


def _webp_size(head: bytes) -> tuple[int, int]:
    chunk = head[12:16]
    if chunk == b"VP8 " and len(head) >= 30:
        if head[23:26] != b"\x9d\x01\x2a":
            raise ImageHeaderError("broken WEBP header")
        width, height = struct.unpack("<HH", head[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(head) >= 25:
        if head[20] != 0x2F:
            raise ImageHeaderError("broken WEBP header")
        bits = int.from_bytes(head[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(head) >= 30:
        width = int.from_bytes(head[24:27], "little") + 1
        height = int.from_bytes(head[27:30], "little") + 1
        return width, height
    raise ImageHeaderError("broken WEBP header")


def check_size(width: int, height: int) -> None:
    """Refuse an empty image or one too large to decode safely."""
    if width < 1 or height < 1:
        raise ImageHeaderError(f"image has no pixels ({width}x{height})")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ImageHeaderError(
            f"image is {width}x{height} pixels; the limit is {MAX_SIDE} pixels a side"
        )
    if width * height > MAX_PIXELS:
        raise ImageHeaderError(
            f"image is {width}x{height} pixels ({width * height / 1e6:.0f} megapixels); "
            f"the limit is {MAX_PIXELS // 1_000_000} megapixels"
        )


def safe_image_size(data: bytes | BinaryIO) -> tuple[str, int, int]:
    """:func:`image_size`, then :func:`check_size`: the size of an image safe to decode."""
    fmt, width, height = image_size(data)
    check_size(width, height)
    return fmt, width, height


def safe_image_file_size(path: str | Path) -> tuple[str, int, int]:
    """:func:`safe_image_size` of a file, reading only its header."""
    with open(path, "rb") as handle:
        return safe_image_size(handle)
