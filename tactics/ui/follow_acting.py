"""The selection follows the turn: the acting creature, if the table plays it, or nothing.

Why it exists (review 16, F15): the selection stuck across turns, even on a character who had
gone down, and the status line then said "Art cannot move now: it is not Art's group's turn:
the Counter Phase of round 2", as if something had gone wrong. Now, when the acting group
(team rounds) or the acting character (individual turns) changes, the selection moves to the
character acting now when people play it (no app-played team's creature, nobody down or hidden
from this view), stays on a member of the acting group who is selected already, or is cleared
(:func:`table_pick`). Between those changes the GM's own picks stay as made.

The check runs once a frame after the events (:meth:`ActingFollower.follow`), not in the
journal's listener: the facing prompt of the turn that just ended opens in its own listener,
and while it asks the selection is left alone (its clicks keep facing a token only with the
Select tool's hand free, R-FACE-1); the move comes once every facing is answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable

from tactics.engine.core.control import controller_of
from tactics.engine.core.state import Combatant

if TYPE_CHECKING:
    from tactics.ui.battle import BattleView


def _individual(combat: Any) -> bool:
    """Is ``combat`` individual turns' state? Told by its class's name: the individual turns'
    modules are imported only when a fight uses them (``features.LATER``), not by this check."""
    return type(combat).__name__ == "TurnsState"


def acting_key(state: Any) -> Hashable:
    """Who acts now, as a key that changes with each group's or character's turn (None: no fight;
    ``"between"``: individual turns between two characters, where the last one stays followed)."""
    combat = getattr(state, "combat", None)
    if combat is None:
        return None
    phase = getattr(combat, "phase", None)
    kind = type(combat).__name__
    if _individual(combat):
        if phase != "action":
            return "between" if phase == "between" else (kind, phase)
        return (kind, getattr(combat, "round", None), combat.current)
    group = combat.acting_group() if hasattr(combat, "acting_group") else None
    return (kind, getattr(combat, "round", None), phase, getattr(combat, "group_index", None),
            group.key if group is not None else None)


def _acting_now(state: Any) -> list[str]:
    """The creatures acting now, in the order the tracker lists them."""
    combat = state.combat
    if _individual(combat):
        return [combat.current] if combat.phase == "action" and combat.current else []
    from tactics.engine.combat.queries import acting_combatants

    return acting_combatants(state)


def _table_plays(view: "BattleView", who: Combatant) -> bool:
    """People play it, it is up and on the map, and this view may see it (N-HOT-1)."""
    return (controller_of(view.state, who.team) is None and not who.down and who.cell is not None
            and who.present and view.visible(who))


def table_pick(view: "BattleView") -> str | None:
    """Whom the selection moves to as a turn begins: in individual turns the character whose turn
    it is, when the table plays it; in team rounds the selected member of the acting group, if one
    is, else no one: the Declare panel's "Pick who declares" names the group's members (a group
    has several; picking one for the table would hide that list, and the facing prompt of the group
    just ended takes its clicks on tokens only with no other token selected, R-FACE-1). None when
    the app plays the turn or no one is left to act."""
    state = view.state
    able = [cid for cid in _acting_now(state) if cid in state.combatants and _table_plays(view, state.combatants[cid])]
    if view.selected in able:
        return view.selected
    return able[0] if able and _individual(state.combat) else None


class ActingFollower:
    """Moves the view's selection when the turn changes (see the module doc)."""

    def __init__(self, view: "BattleView") -> None:
        self.view = view
        self.last: Hashable = acting_key(view.state)  # (a window opened mid-fight keeps its first pick)

    def follow(self) -> bool:
        """Once a frame: True when the selection was moved (the frame must be drawn again)."""
        view = self.view
        key = acting_key(view.state)
        if key == self.last or key == "between":
            return False
        from tactics.ui.panels.next_turn import facing_asked

        if facing_asked(view) is not None:
            return False  # the ended turn's facings first; the turn is followed once they are answered
        self.last = key
        pick = table_pick(view)
        if pick == view.selected:
            return False
        view.select(pick)
        view.picked_for_turn = view.selected  # its player's first click on it keeps it (select tool)
        return True
