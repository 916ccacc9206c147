"""Map pictures decoded once and remembered, so the next start does not decode them again.

Why (issue 12: start time): decoding the bundled map's PNG (2100x1400) took 60 ms of every
start, a tenth of it, for a file that had not changed since the last one. Its pixels, as
``pygame.image.load`` gave them, are kept in the per-user cache folder
(:func:`tactics.rules.checked_cache.cache_dir`, ``pictures/``): reading them back is a
plain file read (1 ms when the system has it cached, a few on a cold disk).

A picture is found again by what :mod:`tactics.ui.mapart` already keys its decoded pictures
by: the file's resolved path, size and time written (an edited or replaced picture is decoded
again), and by the pygame and SDL_image versions that decoded it. Each file holds a one-line
header naming all of that, the width, height and pixel format, then the pixels: a file whose
header does not match exactly, or which is cut short, is decoded again (and written anew).
Only opaque RGB and RGBA pictures without a colour key are kept (a palette picture is decoded
every time), no larger than :data:`MAX_BYTES`, the newest :data:`KEEP`. A folder that cannot
be read or written only means decoding every start, as before.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Literal

import pygame

MAGIC = b"tactics decoded picture 1\n"
#: Pictures kept (the newest by time written): the maps a table opens in turn.
KEEP = 4
#: The largest picture kept (its pixels): a 4096x4096 RGBA map; larger ones are decoded every time.
MAX_BYTES = 64 * 1024 * 1024
PixelFormat = Literal["RGB", "RGBA"]
#: pygame's name of a picture's pixel format by its bits a pixel, and the bytes a pixel
_FORMATS: dict[int, PixelFormat] = {24: "RGB", 32: "RGBA"}
_BYTES: dict[PixelFormat, int] = {"RGB": 3, "RGBA": 4}


def _folder() -> Path:
    from tactics.rules.checked_cache import cache_dir

    return cache_dir() / "pictures"


def _header(key: tuple[str, int, int]) -> dict[str, object]:
    return {"file": key[0], "size": key[1], "mtime_ns": key[2], "pygame": pygame.version.ver,
            "sdl_image": list(pygame.image.get_sdl_image_version() or ())}


def _file(header: dict[str, object]) -> Path:
    name = hashlib.sha256(json.dumps(header, sort_keys=True).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return _folder() / f"{name}.pixels"


def load(path: str, key: tuple[str, int, int]) -> pygame.Surface:
    """The picture at ``path`` (``key``: its resolved path, size and time written), from the
    remembered pixels when they are there, else decoded (and remembered)."""
    header = _header(key)
    try:
        found = _recalled(header)
    except OSError:
        found = None
    if found is not None:
        return found
    picture = pygame.image.load(path)
    try:
        _remember(header, picture)
    except OSError:
        pass
    return picture


def _recalled(header: dict[str, object]) -> pygame.Surface | None:
    file = _file(header)
    try:
        with open(file, "rb") as source:
            size = os.fstat(source.fileno()).st_size
            if size > MAX_BYTES + 4096:
                return None
            data = bytearray(size)
            if source.readinto(data) != size:
                return None
    except FileNotFoundError:
        return None
    end = data.find(b"\n", len(MAGIC))
    if not data.startswith(MAGIC) or end < 0:
        return None
    try:
        kept = json.loads(data[len(MAGIC):end].decode("utf-8", "surrogateescape"))
    except ValueError:
        return None
    if not isinstance(kept, dict) or {k: kept.get(k) for k in header} != header:
        return None
    width, height = kept.get("width"), kept.get("height")
    form: PixelFormat | None = "RGB" if kept.get("format") == "RGB" else "RGBA" if kept.get("format") == "RGBA" else None
    if not (isinstance(width, int) and isinstance(height, int) and form is not None):
        return None
    pixels = memoryview(data)[end + 1:]
    if width <= 0 or height <= 0 or len(pixels) != width * height * _BYTES[form]:
        return None  # cut short (or longer): decoded again
    return pygame.image.frombuffer(pixels, (width, height), form)  # (a buffer of its own: drawable)


def _remember(header: dict[str, object], picture: pygame.Surface) -> None:
    form = _FORMATS.get(picture.get_bitsize())
    alpha = bool(picture.get_flags() & pygame.SRCALPHA)
    if form is None or alpha != (form == "RGBA") or picture.get_colorkey() is not None:
        return
    width, height = picture.get_size()
    if width * height * _BYTES[form] > MAX_BYTES:
        return
    pixels = pygame.image.tobytes(picture, form)
    again = pygame.image.frombuffer(pixels, (width, height), form)
    if again.get_masks() != picture.get_masks() or again.get_flags() & pygame.SRCALPHA != alpha * pygame.SRCALPHA:
        return  # (a picture in another channel order: given back as decoded, not as kept)
    line = json.dumps({**header, "width": width, "height": height, "format": form}).encode("utf-8", "surrogateescape")
    folder = _folder()
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".picture.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(MAGIC + line + b"\n")
            out.write(pixels)
        os.replace(tmp, _file(header))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    kept = sorted(folder.glob("*.pixels"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in kept[KEEP:]:
        old.unlink(missing_ok=True)


__all__ = ["KEEP", "MAX_BYTES", "load"]
