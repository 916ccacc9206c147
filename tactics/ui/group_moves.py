"""The GM moves a combatant to the other group of its team before play starts (reading: R-INIT-3).

Why (review10prep, finding 2): the engine had ``SetGroup`` ("The GM may move anyone before play
starts"; the rules text: ties "the Players or GM can decide at the start of gameplay"), but
nothing in the window used it. A GM used to Foundry or Roll20 re-orders the tracker by hand, so
the window offers it in two places, both asking the engine:

* the tracker, GM's view, from Start combat until the first Action Phase: a click on a name
  selects it and a "Move Katie to the Vanguard" button under the groups moves it;
* the token's GM menu (right-click): "Move to the Vanguard" / "Move to the Rearguard", greyed
  with the engine's reason once play has started.

Either is an engine command (logged "The GM moves Katie to the Vanguard.", undoable, autosaved).
The players' view never shows the button (nor the GM menu); the groups it lists stay filtered as
before, so an unseen enemy's move shows nothing there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.combat.team import REARGUARD, VANGUARD, CombatState, SetGroup
from tactics.engine.core.journal import Refused
from tactics.rules.dice import Dice


@dataclass(frozen=True)
class GroupMove:
    """Moving ``command.combatant`` to the other group: its words and why the engine refuses (or None)."""

    command: SetGroup
    label: str  # "Move to the Rearguard"
    refused: str | None


def group_move(state: Any, cid: str) -> GroupMove | None:
    """The move of ``cid`` to its team's other group, asked of the engine now; None when there is
    no such move to offer (no team-initiative fight, or ``cid`` is not in it)."""
    combat = getattr(state, "combat", None)
    if not isinstance(combat, CombatState) or combat.phase == "ended":
        return None
    key = combat.group_of(cid)
    if key is None:
        return None
    other = VANGUARD if key.partition(":")[2] == REARGUARD else REARGUARD
    command = SetGroup(cid, other)
    try:
        command.execute(state, Dice(0))  # a dry run: commands never change the state
        refused = None
    except Refused as exc:
        refused = exc.reason
    return GroupMove(command, f"Move to the {other.capitalize()}", refused)


__all__ = ["GroupMove", "group_move"]
