"""What one team knows of a fight: the state with everything hidden from it taken out.

Why it exists: the opponent must never play on information its side could not
have (issue: "it never reads hidden information"). Rather than trusting every
scoring function to skip hidden things, the opponent plans on a *view* of the
state in which they do not exist: enemies hidden from this team (a stealthed
Brandon the bears have not spotted) and traps this team has not set, found or
been shown. Whatever the planner computes from the view, it cannot depend on
them; the test plays the same fights with and without hidden traps and checks
that every choice is the same.

The view shares the combatant objects with the real state (nothing in the
planner writes to them); only the containers are new.
"""

from __future__ import annotations

import copy

from tactics.engine.core.state import Combatant, EncounterState


def hidden_from(team: str, who: Combatant) -> bool:
    """Is ``who`` unknown to ``team``? Only enemies can be (one's own side is always known)."""
    return who.hidden and who.team != team


def known_state(state: EncounterState, team: str) -> EncounterState:
    """``state`` as ``team`` knows it: no hidden enemies, no traps unknown to it, no GM notes."""
    view = copy.copy(state)
    view.combatants = {cid: c for cid, c in state.combatants.items() if not hidden_from(team, c)}
    view.traps = {tid: t for tid, t in state.traps.items() if _trap_known(t, team)}
    view.notes = []
    return view


def _trap_known(trap: object, team: str) -> bool:
    known_to = getattr(trap, "known_to", None)
    if known_to is None:  # not a trap object: keep nothing we cannot judge
        return False
    return bool(known_to(team)) and getattr(trap, "status", "armed") not in ("spent", "removed")
