"""What the restore offer and "Restored the autosave ..." say about newer autosaves that could
not be read.

Why (review 8): when the newest autosaves are cut off or damaged (the laptop died mid-write, a
disk error), the newest readable one is offered, rightly; but the offer and the status line said
nothing else, so the GM believed the game was exactly where it stopped while its last actions were
gone. Now both say how many could not be read, from when, and where they are kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable


def _times(paths: list[Path], when: Callable[[Path], str]) -> str:
    """ "22:51", "22:51 and 22:52", "22:51, 22:52 and 22:53" (oldest first), or "22:51 to 22:58"."""
    times = list(dict.fromkeys(when(p) for p in reversed(paths)))  # oldest first, each minute once
    if len(times) > 3:
        return f"{times[0]} to {times[-1]}"
    return times[0] if len(times) == 1 else ", ".join(times[:-1]) + " and " + times[-1]


def _kept(paths: list[Path], kept_in: Path | None) -> str:
    it = "It is" if len(paths) == 1 else "They are"
    where = kept_in if kept_in is not None else paths[0].parent
    return f"{it} kept in {where}."


def _lead(paths: list[Path], when: Callable[[Path], str]) -> str:
    if len(paths) == 1:
        return f"The newer autosave from {_times(paths, when)} could not be read (cut off or damaged)"
    return f"The {len(paths)} newer autosaves, from {_times(paths, when)}, could not be read (cut off or damaged)"



def offer_note(paths: list[Path], kept_in: Path | None, when: Callable[[Path], str]) -> str:
    """The offer's paragraph (plain text; empty when every newer autosave was read)."""
    if not paths:
        return ""
    return (f"{_lead(paths, when)}: what was played after this one may be missing; check the last "
            f"actions. {_kept(paths, kept_in)}")


def restored_note(paths: list[Path], kept_in: Path | None, when: Callable[[Path], str]) -> str:
    """What follows "Restored the autosave from 22:50." on the status line ('' when nothing to say)."""
    if not paths:
        return ""
    return f" {_lead(paths, when)}. {_kept(paths, kept_in)}"


__all__ = ["offer_note", "restored_note"]
