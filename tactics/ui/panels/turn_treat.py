"""Treat Injury in the individual turns' tracker (reading: N-TREAT-1: "In individual turns it
rolls against no one: a non-contested action").

Why it exists: the engine heals in individual turns (``TakeAction(TurnAction("use-item",
item="treat-injury", target=...))``) but the tracker offered no way to ask for it, so a documented
rule was out of the window's reach. One command per patient the engine accepts now (its own dry
run decides: reach, injury, the non-contested slot), labelled as the team rounds' card labels it.
When there is none, a medic's tracker shows the line greyed with the engine's reason
(:func:`treat_block`, from ``turn_treat_refusal``), as the team rounds' card does; the tracker
decides nothing.
"""

from __future__ import annotations

from tactics.engine.combat.actions import ITEM_USES
from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.individual.treating import turn_treat_refusal
from tactics.engine.combat.treat_injury import ITEM as TREAT, shows_greyed_treatment, treat_chance
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.dice import Dice


def accepted(state: EncounterState, command: TakeAction) -> bool:
    """Would the engine take ``command`` now? (its own checks, on throwaway dice)"""
    try:
        command.execute(state, Dice(0))
    except Refused:
        return False
    return True


def treat_commands(state: EncounterState, cid: str) -> list[tuple[str, str, TakeAction]]:
    """(label, key, command) per patient ``cid`` may treat now: "Treat Injury -> Rook (DC 15, 55%)"."""
    if TREAT not in ITEM_USES:
        return []
    who = state.combatants[cid]
    patients = [who] + [c for c in state.allies_of(who) if c.present and c.cell is not None]
    from tactics.rules.common_actions import default_common_actions  # (when first shown: issue 12, start)

    dc = default_common_actions().treat_injury.dc
    chance = round(100 * treat_chance(who))
    out: list[tuple[str, str, TakeAction]] = []
    for patient in patients:
        command = TakeAction(cid, TurnAction("use-item", item=TREAT, target=None if patient.id == cid else patient.id))
        if accepted(state, command):
            name = "self" if patient.id == cid else patient.name
            out.append((f"Treat Injury -> {name} (DC {dc}, {chance}%)", f"treat:{patient.id}", command))
    return out


def treat_block(state: EncounterState, cid: str) -> str | None:
    """Why ``cid``'s greyed "Treat Injury" line cannot be taken now, in the engine's words (both
    actions spent, an action waiting for the holders, no one injured or in reach), or None when a
    patient's button shows or the card is not a medic's (the skill or the kit: ``offers_treatment``)."""
    return turn_treat_refusal(state, cid) if shows_greyed_treatment(state, cid) else None


__all__ = ["treat_block", "treat_commands"]
