"""Read an image's pixel size from its header, in pure Python, before decoding it.

Map art arrives from untrusted files (a Universal VTT export embeds a base64
image; a GM opens any PNG). Decoding a 60000 x 60000 "decompression bomb" would
take gigabytes of memory, so loaders ask this module first: it reads only the
header bytes of PNG, JPEG, WEBP, GIF and BMP files and refuses anything above
:data:`MAX_SIDE` pixels a side or :data:`MAX_PIXELS` in all, and anything that
is not an image at all. No pygame, no Pillow.

The size in the header is not the only size a decoder believes: a GIF whose
header says 64x64 may hold a 60000x60000 frame, an animated PNG or WEBP lists
a size per frame, and a WEBP's bitstream has its own size inside the canvas.
:func:`safe_image_size` walks those (:func:`frame_sizes`) and checks each one,
and refuses a file with more than :data:`MAX_FRAMES` of them.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path
from typing import BinaryIO, Iterator

from tactics.safefiles import why_not_regular

MAX_SIDE = 16384
MAX_PIXELS = 100_000_000
MAX_FRAMES = 4096

_JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class ImageHeaderError(ValueError):
    """Not a readable image, or an image too large to open safely."""


class ImageTooLarge(ImageHeaderError):
    """An image of more pixels than :data:`MAX_SIDE` a side or :data:`MAX_PIXELS` in all."""

    def __init__(self, message: str, width: int, height: int) -> None:
        super().__init__(message)
        self.width, self.height = width, height


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
        raise ImageTooLarge(
            f"image is {width}x{height} pixels; the limit is {MAX_SIDE} pixels a side", width, height
        )
    if width * height > MAX_PIXELS:
        raise ImageTooLarge(
            f"image is {width}x{height} pixels ({width * height / 1e6:.0f} megapixels); "
            f"the limit is {MAX_PIXELS // 1_000_000} megapixels", width, height
        )


def safe_image_size(data: bytes | BinaryIO) -> tuple[str, int, int]:
    """:func:`image_size`, then :func:`check_size` of it and of every frame: an image safe to decode."""
    stream: BinaryIO = io.BytesIO(data) if isinstance(data, (bytes, bytearray, memoryview)) else data
    start = stream.tell()
    fmt, width, height = image_size(stream)
    check_size(width, height)
    stream.seek(start)
    for count, (frame_w, frame_h) in enumerate(frame_sizes(stream, fmt), 1):
        if count > MAX_FRAMES:
            raise ImageHeaderError(f"image has more than {MAX_FRAMES} frames")
        try:
            check_size(frame_w, frame_h)
        except ImageHeaderError as exc:
            raise ImageHeaderError(f"a frame inside the {width}x{height} image: {exc}") from None
    return fmt, width, height


def safe_image_file_size(path: str | Path) -> tuple[str, int, int]:
    """:func:`safe_image_size` of a regular file (never a FIFO or device), reading only headers.

    Raises :class:`ImageHeaderError` for anything that is not a regular file,
    ``FileNotFoundError`` for a missing one.
    """
    problem = why_not_regular(os.stat(path).st_mode)
    if problem:
        raise ImageHeaderError(problem)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        problem = why_not_regular(os.fstat(handle.fileno()).st_mode)
        if problem:
            raise ImageHeaderError(problem)
        return safe_image_size(handle)


# -- every size a decoder may use ---------------------------------------------------


def frame_sizes(stream: BinaryIO, fmt: str) -> Iterator[tuple[int, int]]:
    """The extent of every frame or inner bitstream of an image, from the stream's start.

    A file that ends early ends the walk (a decoder cannot make pixels from
    bytes that are not there); a structure that cannot be read is refused.
    """
    if fmt == "gif":
        yield from _gif_frames(stream)
    elif fmt == "png":
        yield from _png_frames(stream)
    elif fmt == "webp":
        yield from _webp_frames(stream)


def _gif_frames(stream: BinaryIO) -> Iterator[tuple[int, int]]:
    head = stream.read(13)
    if len(head) < 13:
        return
    packed = head[10]
    if packed & 0x80:
        stream.seek(3 * (2 ** ((packed & 0x07) + 1)), io.SEEK_CUR)
    while True:
        block = stream.read(1)
        if not block or block == b"\x3b":  # end of file / trailer
            return
        if block == b"\x21":  # extension: label, then data sub-blocks
            if not stream.read(1) or not _skip_sub_blocks(stream):
                return
        elif block == b"\x2c":  # image descriptor
            desc = stream.read(9)
            if len(desc) < 9:
                return
            left, top, width, height = struct.unpack("<HHHH", desc[:8])
            yield left + width, top + height
            if desc[8] & 0x80:
                stream.seek(3 * (2 ** ((desc[8] & 0x07) + 1)), io.SEEK_CUR)
            if not stream.read(1) or not _skip_sub_blocks(stream):  # LZW code size, data
                return
        elif block == b"\x00":
            continue  # stray padding some writers leave
        else:
            raise ImageHeaderError(f"broken GIF: unknown block 0x{block[0]:02x}")


def _skip_sub_blocks(stream: BinaryIO) -> bool:
    """Skip GIF data sub-blocks up to the terminator; False at the end of the file."""
    while True:
        size = stream.read(1)
        if not size:
            return False
        if size[0] == 0:
            return True
        skipped = stream.read(size[0])
        if len(skipped) < size[0]:
            return False


def _png_frames(stream: BinaryIO) -> Iterator[tuple[int, int]]:
    stream.seek(8, io.SEEK_CUR)
    for _ in range(1_000_000):
        head = stream.read(8)
        if len(head) < 8:
            return
        length, kind = struct.unpack(">I4s", head)
        if kind == b"fcTL":  # an animated PNG's frame: sequence, width, height, x, y
            body = stream.read(20)
            if len(body) < 20:
                return
            _, width, height, x, y = struct.unpack(">IIIII", body)
            yield x + width, y + height
            stream.seek(length - 20 + 4, io.SEEK_CUR)
        elif kind == b"IEND":
            return
        else:
            stream.seek(length + 4, io.SEEK_CUR)
    raise ImageHeaderError("broken PNG: too many chunks")


def _webp_frames(stream: BinaryIO) -> Iterator[tuple[int, int]]:
    head = stream.read(12)
    if len(head) < 12:
        return
    yield from _webp_chunks(stream, struct.unpack("<I", head[4:8])[0] - 4, depth=0)


def _webp_chunks(stream: BinaryIO, size: int, depth: int) -> Iterator[tuple[int, int]]:
    end = stream.tell() + max(0, size)
    for _ in range(1_000_000):
        if stream.tell() + 8 > end:
            return
        head = stream.read(8)
        if len(head) < 8:
            return
        kind, length = head[:4], struct.unpack("<I", head[4:8])[0]
        body_start = stream.tell()
        if kind in (b"VP8 ", b"VP8L"):
            body = stream.read(min(length, 10))
            fake = b"RIFF\0\0\0\0WEBP" + kind + head[4:8] + body + bytes(30)
            try:
                yield _webp_size(fake[:30])
            except ImageHeaderError:
                if len(body) == min(length, 10):
                    raise
                return
        elif kind == b"ANMF" and depth == 0:  # x, y (2 each, 3 bytes), width-1, height-1 (3 bytes)
            body = stream.read(16)
            if len(body) < 16:
                return
            x = int.from_bytes(body[0:3], "little") * 2
            y = int.from_bytes(body[3:6], "little") * 2
            width = int.from_bytes(body[6:9], "little") + 1
            height = int.from_bytes(body[9:12], "little") + 1
            yield x + width, y + height
            yield from _webp_chunks(stream, length - 16, depth + 1)
        stream.seek(body_start + length + (length & 1))
    raise ImageHeaderError("broken WEBP: too many chunks")
