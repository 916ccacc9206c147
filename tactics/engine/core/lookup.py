"""Finding a combatant by id, with a sentence when there is none (review 7 lib, finding 10).

Why it exists: a script or a bot names combatants by id (``"bear1"``, not ``"Bear 1"``
nor ``"bear_1"``). Commands and the read-only queries refuse an unknown id the same
way, with the near miss when there is one ("no combatant called 'jamez': did you mean
'james'?"), never a bare ``KeyError`` or an empty answer a bot would read as "stuck".
"""

from __future__ import annotations

import difflib
import re

from tactics.engine.core.journal import Refused
from tactics.engine.core.state import Combatant, EncounterState


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


def near_miss(state: EncounterState, cid: str) -> str | None:
    """The id of the combatant ``cid`` most likely meant (its id or name, case and
    punctuation aside, or one or two letters off), or None."""
    keys: dict[str, str] = {}
    for c in state.combatants.values():
        keys.setdefault(_key(c.id), c.id)
        keys.setdefault(_key(c.name), c.id)
    wanted = _key(str(cid))
    if wanted in keys:
        return keys[wanted]
    close = difflib.get_close_matches(wanted, list(keys), n=1, cutoff=0.75)
    return keys[close[0]] if close else None


def unknown_combatant(state: EncounterState, cid: str) -> str:
    """The refusal of an id no combatant has: ``no combatant called 'jamez': did you mean 'james'?``."""
    text = f"no combatant called {cid!r}"
    meant = near_miss(state, cid)
    if meant is None:
        return text
    name = state.combatants[meant].name
    return f"{text}: did you mean {meant!r}" + (f" ({name})?" if _key(name) != _key(meant) else "?")


def combatant_or_refuse(state: EncounterState, cid: str) -> Combatant:
    """The combatant with this id, refused with a sentence (and the near miss) when there is none."""
    who = state.combatants.get(cid)
    if who is None:
        raise Refused(unknown_combatant(state, cid))
    return who


def known_or_refuse(state: EncounterState, *cids: str) -> None:
    """Refuse the first of ``cids`` no combatant has (what every query taking ids checks first)."""
    for cid in cids:
        combatant_or_refuse(state, cid)


__all__ = ["combatant_or_refuse", "known_or_refuse", "near_miss", "unknown_combatant"]
