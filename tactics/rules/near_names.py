"""A typed name that nearly matches a known one: "did you mean Shaken?" instead of a silent new thing.

Why it exists: the engine takes some names as free text on purpose (a GM's own
condition "On fire", an NPC at a starship post "Ensign Ruiz"), so a script's
``"Shakn"`` or ``"jamez"`` became a note that did nothing or an NPC with no sheet,
without a word. A name that differs from a known one only by case is that one; a
near miss (difflib, as the table folder names a misspelt rules file) is refused
by the caller with the known spelling; a name far from all of them stays free text.
"""

from __future__ import annotations

import difflib
from typing import Iterable

#: How alike (difflib's ratio, case ignored) a name must be to count as a slip for a known one.
NEAR = 0.8


def same_but_case(name: str, known: Iterable[str]) -> str | None:
    """The known name ``name`` spells in another case ("shaken" -> "Shaken"), or None."""
    folded = name.strip().casefold()
    return next((k for k in known if k.casefold() == folded), None)


def near_miss(name: str, known: Iterable[str], cutoff: float = NEAR) -> str | None:
    """The known name ``name`` is most likely a slip for ("Shakn" -> "Shaken"), or None."""
    names = list(known)
    folded = {k.casefold(): k for k in names}
    close = difflib.get_close_matches(name.strip().casefold(), list(folded), n=1, cutoff=cutoff)
    return folded[close[0]] if close else None


__all__ = ["NEAR", "near_miss", "same_but_case"]
