"""Hide and Search in individual turns: the turn's contested action (R-TURN-2; reading: N-SKILL-3).

Why it exists: team rounds offer Hide and Search on the declare card (a Use Item action, R-ACT-1)
with their exact odds in the resolve queue (N-SKILL-2); the individual turns' tracker offered
neither, though the engine takes them as any action (``TakeAction(c, TurnAction("use-item",
item="stealth"))``). What they cost there is the second text's (rounds-turns-actions.txt): "A
contested action (aka: contested roll, contested attack, or simply "attack") is any time a
character rolls dice against another. These may be combat (usually as an attack) or non-combat
rolls (such as stealth)." Hiding rolls Stealth against the foes' Perception and searching rolls
Perception against the hiders' Stealth, so each is one action, the turn's one contested action
(R-TURN-2, N-TURN-4): not after an attack, not once the contested action was traded for a second
non-contested one ("A character may not trade a non-contested action for an additional contested
action"), never held (R-TURN-3: "They cannot reserve their contested roll this way").

For the tracker, per skill: the command a click submits, its exact odds (:func:`skill_odds`, what
the team rounds' queue shows) and why the engine would refuse it now (None: it takes it), checked
in :class:`TakeAction`'s own order and words. The window decides nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactics.engine.combat.actions import ITEM_USES
from tactics.engine.combat.individual.actions import USE_ITEM, TakeAction, TurnAction, budget_check_all, slots_for
from tactics.engine.combat.individual.procedure import turns_of, why_not_acting
from tactics.engine.combat.skill_odds import SkillOdds, skill_odds
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.dice import Dice

#: The skill actions of the tracker, by ``Action.item`` (the team rounds' Hide and Search, combat/items.py).
SKILL_ITEMS = ("stealth", "perception")
#: Said after a refusal of the turn's two actions: why a hide or a search is barred by it (N-TURN-4).
CONTESTED_WHY = "Hide and Search are contested actions (they roll against the foes)"


@dataclass(frozen=True)
class TurnSkill:
    """One skill action the current character may be offered: ``label`` ("Hide (Stealth)"), the
    ``command`` a click submits, its ``odds`` now, and ``refusal``: why the engine would refuse it
    (None: it would take it)."""

    item: str
    label: str
    command: TakeAction
    odds: SkillOdds
    refusal: str | None


def skill_command(cid: str, item: str) -> TakeAction:
    """The action a click on Hide or Search takes: a contested Use Item (N-TURN-4)."""
    return TakeAction(cid, TurnAction(USE_ITEM, item=item))


def turn_skill_refusal(state: EncounterState, cid: str, item: str) -> str | None:
    """Why ``cid`` may not take the skill action ``item`` now, in words for the tracker (None: the
    engine takes it): whose turn it is, an action waiting for the holders (R-TURN-3), the turn's two
    actions (R-TURN-2: "Brandon already took a contested action this turn; Hide and Search are
    contested actions ..."), then the engine's own dry run of the command."""
    why = why_not_acting(state, cid)
    turns = turns_of(state)
    if why is not None or turns is None:
        return why
    who = state.combatants[cid]
    command = skill_command(cid, item)
    try:
        budget_check_all(state, turns, who, slots_for(command.action))
    except Refused as exc:
        return f"{exc.reason}; {CONTESTED_WHY}"
    try:
        command.execute(state, Dice(0))  # a dry run on throwaway dice: nothing is committed
    except Refused as exc:
        return exc.reason
    return None


def turn_skills(state: EncounterState, cid: str) -> list[TurnSkill]:
    """Hide and Search for ``cid`` on its turn, each with its odds and whether the engine takes it."""
    who = state.combatants.get(cid)
    if who is None or turns_of(state) is None:
        return []
    out: list[TurnSkill] = []
    for item in SKILL_ITEMS:
        use = ITEM_USES.get(item)
        odds = skill_odds(state, who, item)
        if use is None or odds is None:
            continue
        out.append(TurnSkill(item, use.label, skill_command(cid, item), odds, turn_skill_refusal(state, cid, item)))
    return out


__all__ = ["CONTESTED_WHY", "SKILL_ITEMS", "TurnSkill", "skill_command", "turn_skill_refusal", "turn_skills"]
