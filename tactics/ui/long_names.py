"""Long names shortened where a sentence carries them: the status line's help and messages.

Why (review 8): a combatant may be named with up to 200 letters; "WWWW...W: run 30 ft (blue),
sprint 60 ft (amber). Click a ..." pushed the help itself off the status line, which the status
line then cut at its end. The name is shortened ("WWWWWWWWWWWWWWWWWWWWWW…", as the Initiative list
does), never the help after it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tactics.ui.elide import ELLIPSIS

#: a name longer than this many characters is shortened in the status line's sentences
KEEP = 24


def long_names(state: Any) -> tuple[str, ...]:
    """The combatants' names longer than :data:`KEEP`, longest first (usually none)."""
    return tuple(sorted({c.name for c in state.combatants.values() if len(c.name) > KEEP}, key=len, reverse=True))


@lru_cache(maxsize=256)
def shorten_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` with each of ``names`` in it cut to :data:`KEEP` characters and an ellipsis."""
    for name in names:  # longest first: a long name holding a shorter one is cut whole
        if name in text:
            text = text.replace(name, name[:KEEP - 1].rstrip() + ELLIPSIS)
    return text


__all__ = ["KEEP", "long_names", "shorten_names"]
