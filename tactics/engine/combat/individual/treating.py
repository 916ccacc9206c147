"""Treat Injury in individual turns: why a medic cannot treat anyone now (reading: N-TREAT-1).

Why it exists: the second text has no first-aid action of its own, nor any rule on using items
beyond "use a worn enchanted item" (a free action). What it does give is the kind every other
action falls into: "A non-contested action is any action where characters do not roll against
each other". A treatment rolls against a DC, not against anyone, so the project plays it as a
non-contested action (N-TREAT-1, as N-TURN-14), with the table's numbers of
``common_actions.toml`` ``[treat_injury]``. The tracker offers it per patient while the engine
accepts it; when it does not, a medic's tracker shows it greyed with these words, as the team
rounds' declare card does (:func:`tactics.engine.combat.treat_injury.treat_refusal`).

The checks are the ones :class:`~tactics.engine.combat.individual.actions.TakeAction` makes, in
its order: whose turn it is, an action waiting for the holders, the turn's two actions
(R-TURN-2), then who could be treated from the treater's square.
"""

from __future__ import annotations

from tactics.engine.combat.individual.actions import USE_ITEM, TurnAction, budget_check_all, slots_for
from tactics.engine.combat.individual.procedure import turns_of, why_not_acting
from tactics.engine.combat.treat_injury import ITEM, why_no_treatment
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import EncounterState


def turn_treat_refusal(state: EncounterState, cid: str) -> str | None:
    """Why ``cid`` cannot take Treat Injury now in individual turns, in words for the tracker, or
    None when some patient can be treated: "Medic has used both actions this turn: Treat Injury is
    a non-contested action", "No one on Medic's side is injured"."""
    why = why_not_acting(state, cid)
    turns = turns_of(state)
    if why is not None or turns is None:
        return why
    who = state.combatants[cid]
    try:
        budget_check_all(state, turns, who, slots_for(TurnAction(USE_ITEM, item=ITEM)))
    except Refused as exc:
        return f"{exc.reason}: Treat Injury is a non-contested action"
    return why_no_treatment(state, who)


__all__ = ["turn_treat_refusal"]
