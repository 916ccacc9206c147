"""Individual turns: one press of End turn (E) ends a character's turn and begins the next one.

Why it exists: the engine ends a turn (``EndTurn``) and begins the next (``BeginTurn``) as two
commands, with a moment between them in which the character whose turn just ended chooses its
facing (R-FACE-1, N-FACE-3). The window used to stop there and wait for a second E, so a GM at
the table pressed E twice for every turn. Now the next turn begins by itself as soon as nothing
is asked: right after End turn, or once the facing prompt is answered (an arrow; Enter leaves
the facing as it is, Esc leaves everyone's). While the facing prompt asks, End turn says what it waits for instead.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.core.state import Combatant
from tactics.engine.core.labels import possessive


def between_turns(view: Any) -> bool:
    """Is an individual-turns fight between two characters' turns?"""
    state = view.state
    combat = state.combat
    return (state.mode == "individual" and type(combat).__name__ == "TurnsState"
            and combat.phase == "between")


def facing_asked(view: Any) -> Combatant | None:
    """Whom the end-of-turn facing prompt asks now (None: no one)."""
    addon = _hazards(view)
    return addon.prompt.current() if addon is not None else None


def team_fight(view: Any) -> bool:
    """Is a fight under the team rules (groups) going on?"""
    combat = view.state.combat
    return type(combat).__name__ == "CombatState" and combat.phase != "ended"


def facing_first(view: Any) -> str:
    """"once Brandon's facing is chosen" while, under the team rules, the facing prompt of the turn
    that just ended still asks ("" when it does not): the next group's words wait for it, as the
    bottom banner does (facing is decided at the end of a turn, N-FACE-2; outside review 17 N5)."""
    who = facing_asked(view) if team_fight(view) else None
    return f"once {possessive(who.name)} facing is chosen" if who is not None else ""


def waiting_for_facing(view: Any) -> str:
    """What End turn waits for while the facing prompt asks ("" when it does not).

    Team rules too: the group whose turn ended chooses its facings while the next group's card
    waits (N-FACE-2, N-FACE-3); an E pressed then would have ended the next group's turn unseen
    (an outside reviewer saw the prompt still up over the bears' turn)."""
    who = facing_asked(view) if between_turns(view) or team_fight(view) else None
    if who is None:
        return ""
    more = "; Esc: leave everyone's" if len(_hazards(view).prompt.queue) > 1 else ""
    return f"Waiting for {possessive(who.name)} facing: an arrow (or arrow keys); Enter: leave it{more}"


def _hazards(view: Any) -> Any:
    from tactics.ui.hazards import hazards_of

    return hazards_of(view)


def begin_next_turn(view: Any, *, quiet: bool = False) -> bool:
    """Begin the next character's turn when the fight is between turns and nothing is asked
    (``quiet``: the caller says what happened)."""
    if not between_turns(view) or facing_asked(view) is not None:
        return False
    from tactics.engine.combat.individual.procedure import BeginTurn

    if not view.submit(BeginTurn()):
        return False
    turns = view.state.combat
    now = view.state.combatants.get(turns.current) if turns.current else None
    if not quiet and now is not None and not (view.viewer != "gm" and view.state.hidden_from_players(now)):
        view.say(f"Now: {possessive(now.name)} turn.", "good")
    view.app.dirty = True
    return True
