"""The newest roll the players may see, asked of the journal in one place (reading: N-SEEN-6).

Why it exists: at a projected table the players look at their own window, not the GM's laptop,
and every roll should show its dice there as it does on the GM's screen (an attack, a check, a
save, the damage, a grenade's scatter dice). Not every roll is theirs to see: one made by a
creature hidden from them (N-HIDE-2) tells them it is there, a check against a trap they do not
know of tells them of the trap (R-TRAP-6), and the GM's own dice typed in the GM menu (RollHP:
a rock fall on anyone) are the GM's. :func:`public_roll` walks the journal back to the newest
entry with a roll the players may see and gives its events with every event about a secret left
out; a grenade's fuse is the one the players were told (N-GREN-11).
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from tactics.engine.core.journal import Entry, Event
from tactics.engine.core.state import EncounterState
from tactics.engine.hazards.fuses import players_fuse
from tactics.rules.traps import visible_to_players

#: events that carry dice the table reads
ROLL_KINDS = frozenset({
    "attack.rolled", "combat.check", "damage.rolled", "hazard.blast", "hazard.hit", "grenade.thrown",
    "grenade.cooked", "trap.disarm", "trap.search", "trap.set-check",
})
#: commands whose dice are the GM's own (the GM menu's typed dice)
GM_ROLLS = frozenset({"roll-hp"})
#: the field that names who rolled, in order of preference
_ACTOR_FIELDS = ("attacker", "thrower", "combatant", "by")


def _named(event: Event) -> set[str]:
    """Every id an event names (its string fields, and strings in its list fields)."""
    out: set[str] = set()
    for value in event.to_dict()["data"].values():
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, (list, tuple)):
            out.update(v for v in value if isinstance(v, str))
    return out


def secrets(state: EncounterState) -> set[str]:
    """Ids the players' screens never name: creatures hidden from them, traps they do not know."""
    out = {cid for cid, who in state.combatants.items() if state.hidden_from_players(who)}
    for tid, trap in state.traps.items():
        try:
            # a mine that went off is gone and its blast was seen: its dice are the table's (review 13:
            # a hidden mine that downed Katie left the players' Last roll card on round 1's grenade)
            shown = bool(visible_to_players(trap)) or trap.status == "spent"
        except AttributeError:
            shown = False
        if not shown:
            out.add(tid)
    return out


def _actor(event: Event) -> str | None:
    data = event.to_dict()["data"]
    for key in _ACTOR_FIELDS:
        if isinstance(data.get(key), str) and data[key]:
            return str(data[key])
    return None


def _as_told(state: EncounterState, event: Event, hidden: set[str]) -> Event:
    """A throw with the fuse the players were told and no hidden target (N-GREN-11); a disarm
    roll without the DC of a trap the players' side did not set (N-SEEN-1, R-TRAP-3)."""
    if event.kind == "trap.disarm":
        trap = state.traps.get(getattr(event, "trap", ""))
        roll = dict(getattr(event, "roll", {}) or {})
        if trap is not None and not state.trap_dc_shown_to_players(trap) and roll.get("dc") is not None:
            roll["dc"] = None
            return dataclasses.replace(event, roll=roll)  # type: ignore[type-var]
        return event
    if event.kind != "grenade.thrown":
        return event
    grenade = state.grenades.get(getattr(event, "id", ""))
    fuse, text = players_fuse(state, grenade) if grenade is not None else (None, "")
    target = getattr(event, "target", None)
    return dataclasses.replace(  # type: ignore[type-var]
        event, target=None if target in hidden else target, fuse=fuse if grenade is not None else None,
        fuse_text=text, public_fuse=None, public_fuse_text="")


def public_events(state: EncounterState, entry: Entry, hidden: set[str] | None = None) -> list[Event]:
    """The events of one journal entry the players may see, or [] when its roll is not theirs."""
    if entry.command in GM_ROLLS:
        return []
    hidden = secrets(state) if hidden is None else hidden
    rolls = [e for e in entry.events if e.kind in ROLL_KINDS]
    if not rolls or _actor(rolls[0]) in hidden:  # made by a hidden creature: nothing of it is said
        return []
    told = [_as_told(state, e, hidden) for e in entry.events]
    kept = [e for e in told if not (_named(e) & hidden)]
    return kept if any(e.kind in ROLL_KINDS for e in kept) else []


def public_roll(state: EncounterState, entries: Iterable[Entry], *, unseen: Iterable[str] = ()) -> list[Event]:
    """The events of the newest entry (of ``entries``, oldest first) with a roll the players may
    see, secrets left out (reading: N-SEEN-6); [] before any. ``unseen``: more creatures the
    players' screen does not show now (with fog on, other teams' in fogged squares, N-FOG-1)."""
    hidden = secrets(state) | set(unseen)
    for entry in reversed(list(entries)):
        shown = public_events(state, entry, hidden)
        if shown:
            return shown
    return []


def roll_kinds_of(events: Iterable[Event]) -> set[str]:
    return {e.kind for e in events if e.kind in ROLL_KINDS}


__all__ = ["GM_ROLLS", "ROLL_KINDS", "public_events", "public_roll", "roll_kinds_of", "secrets"]
