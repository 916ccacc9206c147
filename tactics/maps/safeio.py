"""Reading files named by map documents: regular files only, never more than a cap.

Why: a map names other files (a Tiled tileset or template ``source``, an image
layer, a tileset picture) and any of those names can point at ``/dev/zero``, a
FIFO or a folder. The map loaders read through here: :mod:`tactics.safefiles`
does the checking, this module turns a refusal into a one-line
:class:`MapError` naming the map (and which of its files it was).
"""

from __future__ import annotations

from pathlib import Path

from tactics.maps.battlemap import MapError
from tactics.safefiles import FileRefused
from tactics.safefiles import check_regular as _check
from tactics.safefiles import read_regular as _read

#: A map document of any format (a Universal VTT export embeds its picture).
MAX_MAP_BYTES = 512 * 1024 * 1024
#: A file another map file refers to (a Tiled tileset or template).
MAX_PART_BYTES = 16 * 1024 * 1024
#: A Tiled map document (its layers as CSV/base64 are a few bytes a square).
MAX_TILED_BYTES = 128 * 1024 * 1024


def _error(path: str | Path, exc: FileRefused, shown: str | None, what: str) -> MapError:
    prefix = "" if what == "file" else f"{what} {path}: "
    return MapError(shown if shown is not None else str(path), prefix + exc.problem)


def check_regular(path: str | Path, cap: int, *, shown: str | None = None, what: str = "file") -> int:
    """The size of ``path`` if it is a regular file of at most ``cap`` bytes, else MapError.

    ``shown`` is the name the message starts with (default: ``path``); ``what``
    says which file it is ("tileset", "object template") when it is not the
    file the user opened.
    """
    try:
        return _check(path, cap)
    except FileRefused as exc:
        raise _error(path, exc, shown, what) from None


def read_capped(path: str | Path, cap: int, *, shown: str | None = None, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``cap`` bytes (MapError otherwise)."""
    try:
        return _read(path, cap)
    except FileRefused as exc:
        raise _error(path, exc, shown, what) from None


__all__ = ["MAX_MAP_BYTES", "MAX_PART_BYTES", "MAX_TILED_BYTES", "check_regular", "read_capped"]
