"""The fight as the players' screens show it: a turn they are not shown does not exist there.

Why it exists: review 16 F12. In individual turns, between Bear 3's turn and the turn of a
hidden Bear 4, the players' window showed a grey "Action Phase / Round 1" banner with nobody
ringed in the order strip, a picture it showed at no other time: the players learnt that
something unseen was acting. Reading N-HOT-1: the players' screens go on showing what they
showed before such a turn began, as if it did not exist:

* individual turns: "Between turns", as after any turn ended; when the hidden creature's turn is
  the first of a round, the end of the round before (everyone done), since without it the next
  round would only begin with the next turn they are shown (the first, if the fight has just
  begun, is the "ready" picture: between turns, nobody done);
* team rounds: the turn of the last group before it that they were shown, still open; when
  it is the round's first, the Advantages Phase it follows (R-INIT-4: End turn goes from one
  group to the next with no pause between them, so there is no other picture to hold).

:func:`fight_shown` takes the fight and the ids of the creatures the players are shown (the
players' copy of the state, ``tactics.ui.players.seen.players_state``, keeps only those) and
gives the fight as they are shown it: the same object when nothing is left out, else a shallow
copy. Every question the players' screens ask (the turn banner, the order strip, the cards)
then reads one picture, so none of them can tell of the hidden turn on its own.
"""

from __future__ import annotations

import copy
from typing import Any, Collection, Mapping

from tactics.engine.combat.individual.procedure import TURN, TurnsState
from tactics.engine.combat.state import CombatState
from tactics.engine.combat.team import out_of_fight
from tactics.engine.core.state import Combatant


def fight_shown(combat: Any, shown: Mapping[str, Combatant]) -> Any:
    """``combat`` as the players' screens show it, ``shown`` the creatures they see (by id)."""
    if isinstance(combat, TurnsState):
        return _turns_shown(combat, shown)
    if isinstance(combat, CombatState):
        return _rounds_shown(combat, shown)
    return combat


def _turns_shown(turns: TurnsState, shown: Mapping[str, Combatant]) -> TurnsState:
    """Individual turns: a hidden creature's turn is "between turns" (reading: N-HOT-1)."""
    if turns.phase != "action" or turns.current is None or turns.current in shown:
        return turns
    out = copy.copy(turns)
    out.phase, out.current, out.pending = "between", None, None
    out.spent, out.lapsing, out.began_with, out.free_queue = [], [], [], []
    if turns.round > 1 and not _had_a_turn(turns.acted, shown):
        # the round began with this hidden turn: the players are still at the end of the last one
        out.round = turns.round - 1
        out.acted = list(turns.order)
        out.turns_done = [f"{cid}:{TURN}" for cid in turns.order]
    return out


def _had_a_turn(acted: Collection[str], shown: Mapping[str, Combatant]) -> bool:
    """Has a creature the players see had its turn this round? One passed over (down, or on no
    square) had none they saw: without the hidden turn it would have been passed over together
    with the start of the next turn they are shown."""
    return any(cid in shown and not out_of_fight(shown[cid]) and shown[cid].cell is not None for cid in acted)


def _rounds_shown(combat: CombatState, shown: Mapping[str, Combatant]) -> CombatState:
    """Team rounds: a group of only hidden creatures acts while the turn before it stays open."""
    group = combat.acting_group()
    if group is None or any(m in shown for m in group.members):
        return combat
    order = combat.turn_order()
    out = copy.copy(combat)
    out.declarations, out.passed = [], []
    held = next((i for i in range(combat.group_index - 1, -1, -1) if _group_shown(combat, order[i].members, shown)),
                None)
    if held is None:  # the round's first group: the Advantages Phase before it
        out.phase, out.group_index = "advantages", 0
        return out
    out.group_index = held
    out.turns_done = [key for key in combat.turns_done if key != order[held].key]
    return out


def _group_shown(combat: CombatState, members: list[str], shown: Mapping[str, Combatant]) -> bool:
    """Was this group's turn on the players' screens (someone they see who could act in it)?"""
    return any(m in shown and combat.can_act(m) and not out_of_fight(shown[m]) for m in members)


__all__ = ["fight_shown"]
