"""Map formats: every loader yields a :class:`BattleMap`.

``load(path)`` picks the reader by the file's suffix:

* ``.txt`` / ``.map``: the plain text grid (see :meth:`BattleMap.from_text`);
* ``.json`` / ``.tactics``: the native versioned encounter/map format;
* ``.tmx`` / ``.tmj``: Tiled orthogonal maps (see ``tactics/maps/tiled.py``);
* ``.dd2vtt`` / ``.df2vtt`` / ``.uvtt``: Universal VTT exports;
* ``.png`` / ``.jpg`` / ``.jpeg`` / ``.webp``: a plain image, with
  ``pixels_per_cell`` (default 70).

Every failure is a :class:`MapError` naming the file and the problem, but for a table's rules
data (``terrain.toml``) that is at fault: its own :class:`~tactics.rules.data.DataError`.
"""

from __future__ import annotations

from pathlib import Path

from tactics.maps.battlemap import (
    BattleMap,
    Door,
    Light,
    MapError,
    MapImage,
    Spawn,
    TilePlacement,
)
from tactics.maps.safeio import MAX_MAP_BYTES, check_regular, read_capped
from tactics.rules.data import DataError

TEXT_SUFFIXES = {".txt", ".map"}
NATIVE_SUFFIXES = {".json", ".tactics"}
TILED_SUFFIXES = {".tmx", ".tmj"}
UVTT_SUFFIXES = {".dd2vtt", ".df2vtt", ".uvtt"}
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".bmp"}


def load(path: str | Path, *, pixels_per_cell: float | None = None) -> BattleMap:
    """Open a map file of any supported format as a :class:`BattleMap`."""
    path = Path(path)
    shown = str(path)
    suffix = path.suffix.lower()
    try:
        check_regular(path, MAX_MAP_BYTES)  # never /dev/zero, a FIFO or a folder
        if suffix in TEXT_SUFFIXES:
            from tactics.maps.text import MAX_TEXT_BYTES

            try:
                text = read_capped(path, MAX_TEXT_BYTES).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise MapError(shown, "not a UTF-8 text file") from None
            return BattleMap.from_text(text, name=path.stem, source=shown)
        if suffix in NATIVE_SUFFIXES:
            from tactics.maps.native import load_native_map

            return load_native_map(path)
        if suffix in TILED_SUFFIXES:
            from tactics.maps.tiled import load_tiled

            return load_tiled(path)
        if suffix in UVTT_SUFFIXES:
            from tactics.maps.uvtt import load_uvtt

            return load_uvtt(path)
        if suffix in IMAGE_SUFFIXES:
            from tactics.maps.image import load_image_map

            return load_image_map(path, pixels_per_cell or 70.0)
    except MapError:
        raise
    except DataError:  # the table's rules data (terrain.toml) is at fault, not the map: said as itself
        raise
    except OSError as exc:
        raise MapError(shown, f"cannot read: {exc.strerror or exc}") from None
    except MemoryError:
        raise MapError(shown, "the map is too large to open") from None
    except RecursionError:
        raise MapError(shown, "the map is nested too deeply to read") from None
    except Exception as exc:  # a loader bug must reach the GM as a message, not a traceback
        detail = " ".join(str(exc).split())[:200]
        raise MapError(shown, f"could not read this map ({type(exc).__name__}: {detail})") from exc
    raise MapError(
        shown,
        f"unknown map format {suffix or '(no suffix)'}; expected one of "
        + " ".join(sorted(TEXT_SUFFIXES | NATIVE_SUFFIXES | TILED_SUFFIXES | UVTT_SUFFIXES | IMAGE_SUFFIXES)),
    )


__all__ = [
    "BattleMap",
    "Door",
    "Light",
    "MapError",
    "MapImage",
    "Spawn",
    "TilePlacement",
    "load",
]
