"""What came in with an imported map, said when it opens ("keep.tmx: 3 wall lines, 1 door ...").

Why it exists: a Tiled or Universal VTT map brings walls, doors, windows and lights the app reads
from the file, not from its picture; a GM must see what was read (review 18: only a closed door's
bar showed until W was pressed, and the lights a UVTT export holds were never mentioned). The
status line names the counts and whether the wall lines are shown (W toggles them); the lights are
kept for later lighting but not drawn, and the line says so. A secret door is counted only in the
GM's words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: The formats whose walls come from the file's own shapes (docs/maps.md).
IMPORTED = (".tmx", ".tmj", ".dd2vtt", ".df2vtt", ".uvtt")


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def imported_words(battle_map: Any, *, walls_shown: bool, gm: bool) -> str | None:
    """"3 wall lines, 1 door, 1 window, 1 light (not drawn); wall lines shown (W hides them)" for
    an imported map with any of those, else None (a map of the app's own formats, or one with none)."""
    source = getattr(battle_map, "source", None)
    if not source or Path(source).suffix.lower() not in IMPORTED:
        return None
    doors = list(battle_map.doors)
    secret = sum(1 for d in doors if getattr(d, "secret", False))
    parts = []
    if battle_map.wall_segments:
        parts.append(_count(len(battle_map.wall_segments), "wall line"))
    if len(doors) - secret:
        parts.append(_count(len(doors) - secret, "door"))
    if secret and gm:
        parts.append(_count(secret, "secret door"))
    if battle_map.windows:
        parts.append(_count(len(battle_map.windows), "window"))
    if battle_map.lights:
        parts.append(_count(len(battle_map.lights), "light") + " (kept, not drawn)")
    if not parts:
        return None
    if not (battle_map.wall_segments or battle_map.windows):
        return ", ".join(parts)
    how = "wall lines shown (W hides them)" if walls_shown else "the picture draws the walls (W shows the wall lines)"
    return ", ".join(parts) + "; " + how


__all__ = ["IMPORTED", "imported_words"]
