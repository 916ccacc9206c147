"""Reading a file named by someone else's document: a regular file only, never past a cap.

Why: a map names its tilesets and images, an encounter names its map, a save
names both, and rules data may be a table's own copy. Any such name can point at
``/dev/zero`` (a read that never ends), a FIFO (an open that waits forever for a
writer) or a folder. :func:`read_regular` ``stat``-s first (never blocks), opens
non-blocking, checks the open handle again (the name may be swapped in
between) and reads at most ``cap + 1`` bytes whatever the file claims its size
is. It raises :class:`FileRefused` with a sentence; each layer turns that into
its own one-line error (MapError, DataError, SaveError). Pure Python, no
imports from the rest of Tactics, so the rules core can use it too.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from io import BufferedReader


class FileRefused(Exception):
    """A file that is not read: missing, not a regular file, too large or unreadable."""

    def __init__(self, problem: str, *, missing: bool = False) -> None:
        self.problem = problem
        self.missing = missing
        super().__init__(problem)


def why_not_regular(mode: int) -> str | None:
    """Why a file of this ``st_mode`` is not read (None: a regular file)."""
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


def size_text(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size // 1024} KB"
    return f"{size / 2**20:.1f} MB".replace(".0 MB", " MB")  # (1.4 MB was "1 MB", as the 1 MB limit: review 12)


def check_regular(path: str | Path, cap: int) -> int:
    """The size of ``path`` if it is a regular file of at most ``cap`` bytes, else FileRefused."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileRefused("file not found", missing=True) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise FileRefused(f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    problem = why_not_regular(info.st_mode)
    if problem:
        raise FileRefused(problem)
    if info.st_size > cap:
        raise FileRefused(f"file is {size_text(info.st_size)}; the limit is {size_text(cap)}")
    return info.st_size


def open_regular(path: str | Path, cap: int) -> tuple[BufferedReader, int]:
    """A regular file of at most ``cap`` bytes opened for reading (never blocking on a FIFO swapped
    in after the check), with its size; else FileRefused. The caller closes it."""
    check_regular(path, cap)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        problem = why_not_regular(info.st_mode)
        if problem:
            raise FileRefused(problem)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb"), info.st_size


def read_regular(path: str | Path, cap: int) -> bytes:
    """The bytes of a regular file of at most ``cap`` bytes, else FileRefused."""
    opened, _ = open_regular(path, cap)
    chunks: list[bytes] = []
    try:
        with opened:
            left = cap + 1
            while left > 0:
                chunk = opened.read(min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    data = b"".join(chunks)
    if len(data) > cap:
        raise FileRefused(f"file is larger than {size_text(cap)}")
    return data


__all__ = ["FileRefused", "check_regular", "open_regular", "read_regular", "size_text", "why_not_regular"]
