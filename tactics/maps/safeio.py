"""Reading files named by untrusted documents: regular files only, never more than a cap.

Why: a map names other files (a Tiled tileset or template ``source``, an image
layer, a tileset picture), an encounter names its map, a save names both. Any of
those names can point at ``/dev/zero`` (reading never ends, memory grows without
bound), a FIFO (opening it waits forever for a writer) or a folder. Every such
read goes through :func:`read_capped` / :func:`check_regular`: the file is
``stat``-ed first (which never blocks), opened non-blocking, checked again on the
open handle (the name may have been swapped in between), and at most ``cap``
bytes are read. Anything else is a one-line :class:`MapError`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tactics.maps.battlemap import MapError

#: A map document of any format (a Universal VTT export embeds its picture).
MAX_MAP_BYTES = 512 * 1024 * 1024
#: A file another map file refers to (a Tiled tileset or template).
MAX_PART_BYTES = 16 * 1024 * 1024
#: A Tiled map document (its layers as CSV/base64 are a few bytes a square).
MAX_TILED_BYTES = 128 * 1024 * 1024
#: An image file (a battle map's art; its pixel size is checked separately).
MAX_IMAGE_BYTES = 256 * 1024 * 1024


def _why_not_regular(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file"
    return "is not a regular file"


def check_regular(path: str | Path, cap: int, *, shown: str | None = None, what: str = "file") -> int:
    """The size of ``path`` if it is a regular file of at most ``cap`` bytes, else MapError.

    ``shown`` is the name the message starts with (default: ``path``); ``what``
    says which file it is ("tileset", "image layer 'art'") when it is not the
    file the user opened.
    """
    label = shown if shown is not None else str(path)
    prefix = "" if what == "file" else f"{what} {path}: "
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise MapError(label, f"{prefix}file not found") from None
    except OSError as exc:
        raise MapError(label, f"{prefix}cannot read: {exc.strerror or exc}") from None
    problem = _why_not_regular(info.st_mode)
    if problem:
        raise MapError(label, prefix + problem)
    if info.st_size > cap:
        raise MapError(label, f"{prefix}file is {_mb(info.st_size)}; the limit is {_mb(cap)}")
    return info.st_size


def read_capped(path: str | Path, cap: int, *, shown: str | None = None, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``cap`` bytes (MapError otherwise).

    Opened with ``O_NONBLOCK`` so a FIFO swapped in after the check cannot make
    the open wait, re-checked with ``fstat`` on the open handle, and read with a
    hard limit of ``cap + 1`` bytes whatever the file claims its size is.
    """
    check_regular(path, cap, shown=shown, what=what)
    label = shown if shown is not None else str(path)
    prefix = "" if what == "file" else f"{what} {path}: "
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise MapError(label, f"{prefix}cannot read: {exc.strerror or exc}") from None
    try:
        problem = _why_not_regular(os.fstat(fd).st_mode)
        if problem:
            raise MapError(label, prefix + problem)
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise MapError(label, f"{prefix}cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise MapError(label, f"{prefix}file is larger than {_mb(cap)}")
    return data


def _mb(size: int) -> str:
    if size < 1024 * 1024:
        return f"{size} bytes" if size < 1024 else f"{size // 1024} KB"
    return f"{size / 2**20:.0f} MB"


__all__ = ["MAX_IMAGE_BYTES", "MAX_MAP_BYTES", "MAX_PART_BYTES", "MAX_TILED_BYTES", "check_regular", "read_capped"]
