"""Whose turn the app plays: the banner, the turn panels and the keys ask here.

Why it exists: in solo play the app plays a team (F6, :mod:`tactics.ui.opponent`). While it
plays the acting creature (individual turns) or group (team rounds), the window must say so
and offer no controls for it: the banner's "End turn (E)", Enter, the turn panel's attack
and End turn buttons would cut the app's turn short (review 7, solo play: E ended Bear 2's
turn before its second action). People take a team over with F6. One set of words for who
plays a team, so the Initiative panel, the tracker and the undo line agree.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.core.control import PEOPLE, SHORT_LEVELS, controller_of, level_words

def played_by(state: Any, team: str) -> str:
    """"played by the app (plays to win)" or "played by people"."""
    return f"played by {level_words(controller_of(state, team) or PEOPLE)}"


def acting_team(state: Any) -> str | None:
    """The team of the creature (individual turns) or group (team rounds) acting now, if any."""
    combat = getattr(state, "combat", None)
    if combat is None or getattr(combat, "phase", None) != "action":
        return None
    if not hasattr(combat, "current"):  # team rounds (individual turns have a current creature)
        group = combat.acting_group()
        return group.team if group is not None else None
    pending = getattr(combat, "pending", None)
    if pending is not None:  # a held action is asked about: its holder's side answers now
        asked = [c for c in pending.ask if c not in pending.asked and c in state.combatants]
        if asked:
            return state.combatants[asked[0]].team
    who = state.combatants.get(getattr(combat, "current", None) or "")
    return who.team if who is not None else None


def app_turn(state: Any) -> tuple[str, str] | None:
    """(team, level) when the app plays the creature or group acting now; None when people do."""
    team = acting_team(state)
    level = controller_of(state, team) if team is not None else None
    return (team, level) if team is not None and level is not None else None


def app_plays(state: Any, cid: str) -> bool:
    """Does the app play ``cid`` (its team is app-controlled)?"""
    who = state.combatants.get(cid)
    return who is not None and controller_of(state, who.team) is not None


def app_turn_note(state: Any, cid: str | None = None) -> str | None:
    """What a refused key or button says while the app plays the acting turn (None: people play);
    with ``cid``: while the app plays that creature."""
    if cid is not None:
        who = state.combatants.get(cid)
        level = controller_of(state, who.team) if who is not None else None
        playing = (who.team, level) if who is not None and level is not None else None
    else:
        playing = app_turn(state)
    if playing is None:
        return None
    team, _ = playing
    name = state.teams[team].name if team in state.teams else team
    return f"The app is playing this turn ({SHORT_LEVELS.get(playing[1], playing[1])}). F6 changes who plays {name}."


def app_owns(state: Any, command: Any) -> str | None:
    """Why a person's ``command`` is refused: it is a creature's own choice in a fight (declare,
    take an action, hold, a free action) for a creature the app plays (None: it may go). Keys
    and panels already offer nothing for the app's turn; a click on the map (a square, a target,
    a grenade's aim) went through and moved the app's bear (review 7, solo play). The GM's own
    commands (place, hit points, conditions) stay open; F6 hands the team to people."""
    from tactics.engine.combat.actions import Declare
    from tactics.engine.combat.individual.actions import DeclareFree, Hold, TakeAction

    if not isinstance(command, (Declare, TakeAction, Hold, DeclareFree)):
        return None
    cid = getattr(command, "combatant", None)
    if not isinstance(cid, str) or not app_plays(state, cid):
        return None
    who = state.combatants[cid]
    level = controller_of(state, who.team) or PEOPLE
    team = state.teams[who.team].name if who.team in state.teams else who.team
    return f"The app plays {who.name} ({SHORT_LEVELS.get(level, level)}): F6 changes who plays {team}."


__all__ = ["SHORT_LEVELS", "acting_team", "app_owns", "app_plays", "app_turn", "app_turn_note", "level_words",
           "played_by"]
