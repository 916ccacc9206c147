"""Which combatants a journal entry changed, for readers that keep a picture of each (the board's tokens).

Why: after every change the window's tokens layer compared every token's fields with the
picture it kept (1000 tokens: most of a frame), because the engine did not say what changed.
A reducer changes the state in place, so the entry itself is the only record of what it
touched. :data:`ONLY_NAMED` lists the event kinds whose reducer (read for each one, named
beside it) changes nothing of the state but the combatants its listed fields name, and of
them only :data:`FIELDS_CHANGED` (their square, hit points, facing); an
entry made only of such events touched exactly those. Any other kind may have changed
anything (a round's end clears conditions on every token, a new combatant joins), so
:func:`touched_combatants` answers None and a reader reads everything again. A kind is
added here only after reading its reducer: listing one that changes more would leave a
token drawn as it was (tests/test_touched.py applies each listed kind and compares every
other combatant and the rest of the state).
"""

from __future__ import annotations

from typing import Iterable

from tactics.engine.core.events import Event

#: event kind -> the fields naming the only combatants its reducer changes (the rest of the state untouched)
ONLY_NAMED: dict[str, tuple[str, ...]] = {
    "token.placed": ("combatant",),  # engine/board.py _placed: the combatant's cell
    "token.moved": ("combatant",),  # engine/board.py _moved: the combatant's cell
    "hp.changed": ("combatant",),  # engine/combat/gm.py _hp: the combatant's hp
    "combatant.downed": (),  # engine/combat/gm.py _downed: nothing (the log's)
    "facing.set": ("combatant",),  # engine/hazards/facing.py _facing: its facing and what it keeps facing
}

#: of a combatant named by an event of :data:`ONLY_NAMED`, the only fields its reducer may change (a
#: reader of the names, sheets, presence or teams keeps what it read across such entries)
FIELDS_CHANGED: frozenset[str] = frozenset({"cell", "hp", "facing", "facing_target", "facing_cell"})

#: event kinds whose reducer changes no combatant nor team (other parts of the state: doors)
NO_COMBATANT: frozenset[str] = frozenset({
    "door.set",  # engine/board.py _door: the open, closed and revealed doors
})


def touched_combatants(events: Iterable[Event]) -> frozenset[str] | None:
    """The ids of the combatants these events change (frozenset(): none), or None: any may have
    changed (a kind not known to touch only the combatants it names)."""
    out: set[str] = set()
    for event in events:
        kind = event.kind
        if kind in NO_COMBATANT:
            continue
        fields = ONLY_NAMED.get(kind)
        if fields is None:
            return None
        for name in fields:
            value = getattr(event, name, None)
            if not isinstance(value, str):
                return None
            out.add(value)
    return frozenset(out)


def places_only(events: Iterable[Event]) -> bool:
    """Whether these events change nothing but squares, facings and doors (:data:`PLACES_ONLY`):
    a reader of anything else (the initiative tracker's names, hit points and groups) keeps
    what it read."""
    return all(event.kind in PLACES_ONLY for event in events)


#: event kinds whose reducer changes only the named combatants' squares and facings, or the doors
PLACES_ONLY: frozenset[str] = frozenset({"token.placed", "token.moved", "facing.set"}) | NO_COMBATANT

__all__ = ["FIELDS_CHANGED", "NO_COMBATANT", "ONLY_NAMED", "PLACES_ONLY", "places_only", "touched_combatants"]
