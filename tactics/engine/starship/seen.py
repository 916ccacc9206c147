"""What the players' screens may show of a space battle, asked in one place.

Why it exists: the players' window and the GM's players' preview (F2) each tested "cloaked and
not revealed" in every panel, and still told the players of an unseen raider: the walker said
"Surprise round" and "Wayfarer surprised" while the Red Maw was not drawn, and once it had fired
they saw its whole NPC crew and which posts acted now. As the ground side asks
``EncounterState.players_side`` and ``numbers_shown_to_players``, the starship panels ask here:

* :func:`ship_shown`: a ship is on the players' screens when it is theirs or their sensors see it
  (reading: N-SEEN-3);
* :func:`surprise_shown`: the surprise round is shown only once a ship acting in it is seen
  (reading: N-SEEN-4);
* :func:`crew_shown`: who sits at which post, and what each post does, only of their own ships
  (reading: N-SEEN-5);
* :func:`players_log_lines`: the space log as the players may read it, each line judged by what
  they could see when it happened (a raider's moves while cloaked never appear, even after it
  fires).

Every function takes the viewer ("gm" or "players"); for the GM everything is shown.
"""

from __future__ import annotations

import copy
from typing import Any

from tactics.engine.core.journal import Event, Journal
from tactics.engine.starship.events import (
    SpaceActionTaken, SpaceCheckHelped, SpacePhaseEnded, SpacePhaseStarted, SpacePostAssigned, SpacePostVacated,
    SpaceStarted, SpaceTreated,
)
from tactics.engine.starship.state import DESTROYED, Ship, SpaceState, apply_to_space, detects, is_cloaked
from tactics.engine.starship.view import describe

GM = "gm"

#: event fields that hold a ship id
_SHIP_FIELDS = ("ship", "target", "to_ship")


def _space(state: Any, space: SpaceState | None) -> SpaceState:
    out = space if space is not None else getattr(state, "space", None)
    if not isinstance(out, SpaceState):
        raise ValueError("this encounter has no starship battle")
    return out


def players_ship(state: Any, ship: Ship) -> bool:
    """Is this ship on one of the sides the players play (a team with ``players = true``)?"""
    return bool(state.players_side(ship.side))


def ship_shown(state: Any, ship: Ship, viewer: str = "players", space: SpaceState | None = None) -> bool:
    """May the players' screens show this ship (its picture, name, row, card, log lines)?

    reading: N-SEEN-3 — their own ships, and a ship the passive sensors of one of their ships
    detect now (R-SHIP-4, R-SHIP-7: in range and not cloaked, or given away by firing or a Scan),
    as N-SHIP-AI-1 says for the app's side. With no ship of theirs in the battle only a cloak
    hides a ship. A wreck stays shown unless it was hidden under a cloak.
    """
    if viewer == GM or players_ship(state, ship):
        return True
    space = _space(state, space)
    now = space.now
    hidden_by_cloak = is_cloaked(ship, now) and not ship.revealed
    ours = [s for s in space.ships.values() if players_ship(state, s) and s.status != DESTROYED]
    if not ours or ship.status == DESTROYED:
        return not hidden_by_cloak
    return any(detects(observer, ship, now) for observer in ours)


def ships_shown(state: Any, viewer: str = "players", space: SpaceState | None = None) -> list[Ship]:
    """The ships a viewer's screens show, in the battle's order."""
    space = _space(state, space)
    return [s for s in space.ships.values() if ship_shown(state, s, viewer, space)]


def surprise_shown(state: Any, viewer: str = "players", space: SpaceState | None = None) -> bool:
    """May the players' screens say that this is a surprise round (and who is surprised)?

    reading: N-SEEN-4 — only when a ship that acts in it is shown to them (their own ship
    surprises, or the raider gave itself away by firing). While every ship acting in the
    surprise round is unseen, the players' screens show the battle as about to begin round 1.
    """
    if viewer == GM:
        return True
    space = _space(state, space)
    return any(sid in space.ships and ship_shown(state, space.ships[sid], viewer, space) for sid in space.surprise)


def surprise_hidden(state: Any, viewer: str = "players", space: SpaceState | None = None) -> bool:
    """Is the battle in a surprise round the viewer may not know of (see :func:`surprise_shown`)?"""
    space = _space(state, space)
    return space.started and space.round == 0 and not surprise_shown(state, viewer, space)


def crew_shown(state: Any, ship: Ship, viewer: str = "players") -> bool:
    """May the players' screens show who sits at this ship's posts and what each post does now?

    reading: N-SEEN-5 — only for the players' own ships. Of a GM ship they see what it does (it
    moves, it fires at them, with every die), not who does it nor which of its posts act.
    """
    return viewer == GM or players_ship(state, ship)


# -- the players' log ---------------------------------------------------------------


def _ships_named(event: Event) -> set[str]:
    return {str(v) for k in _SHIP_FIELDS if (v := getattr(event, k, None))}


def players_line(state: Any, event: Event, shown: set[str], hidden_names: set[str],
                 surprise_known: bool) -> str | None:
    """The players' log line for one space event, or None when it says nothing they may know.

    ``shown``: ids of the ships they could see just before or just after the event (a volley
    gives its ship away: shown; a ship vanishing under its cloak: shown); ``hidden_names``: the
    names of the others; ``surprise_known``: :func:`surprise_shown` then."""
    space = _space(state, None)
    if isinstance(event, SpaceStarted):
        if event.surprise and all(s in shown for s in event.surprise):
            return describe(event)
        return "Space combat begins."  # (not who acts first unseen)
    if isinstance(event, (SpacePhaseStarted, SpacePhaseEnded)):
        return describe(event) if event.round != 0 or surprise_known else None
    named = _ships_named(event)
    if named - shown:
        return None
    ship = space.ships.get(str(getattr(event, "ship", "") or ""))
    ours = ship is None or players_ship(state, ship)
    if not ours:  # a GM ship: what it does, not who does it (N-SEEN-5)
        if isinstance(event, (SpacePostAssigned, SpacePostVacated, SpaceCheckHelped, SpaceTreated)):
            return None
        if isinstance(event, SpaceActionTaken) and not event.uses_action:
            return None  # a hold, the engineer's choice: declarations inside its crew
    line = describe(event, crew=ours)
    if any(name and name in line for name in hidden_names):
        return None
    return line


_CACHE: dict[int, tuple[tuple[int, int], list[str]]] = {}


def players_log_lines(state: Any, journal: Journal[Any]) -> list[str]:
    """The space log as the players may read it, oldest first (N-SEEN-3..5).

    Each event is judged with the battle as it stood when it happened: the journal's start is
    replayed event by event (space events only change the space battle).
    """
    key = (len(journal.entries), id(journal.entries[-1]) if journal.entries else 0)
    kept = _CACHE.get(id(journal))
    if kept is not None and kept[0] == key:
        return list(kept[1])
    start = getattr(journal.start, "space", None)
    if not isinstance(start, SpaceState):
        return []
    scratch = copy.deepcopy(start)
    lines: list[str] = []
    for event in journal.events:
        if not event.kind.startswith("space."):
            continue
        before = {s.id for s in ships_shown(state, "players", scratch)}
        known = surprise_shown(state, "players", scratch)
        apply_to_space(scratch, event)
        after = {s.id for s in ships_shown(state, "players", scratch)}
        known = known or surprise_shown(state, "players", scratch)
        shown = before | after
        hidden = {s.name for s in scratch.ships.values() if s.id not in shown}
        line = players_line(state, event, shown, hidden, known)
        if line is not None:
            lines.append(line)
    _CACHE.clear()  # one journal at a time is enough: the one on screen
    _CACHE[id(journal)] = (key, lines)
    return list(lines)


def line_for(state: Any, event: Event, viewer: str) -> str | None:
    """One space event's line for a viewer, judged on the battle as it is now (status messages)."""
    if viewer == GM:
        return describe(event)
    shown = {s.id for s in ships_shown(state, viewer)}
    hidden = {s.name for s in _space(state, None).ships.values() if s.id not in shown}
    return players_line(state, event, shown, hidden, surprise_shown(state, viewer))


__all__ = [
    "crew_shown", "line_for", "players_line", "players_log_lines", "players_ship", "ship_shown", "ships_shown",
    "surprise_hidden", "surprise_shown",
]
