"""Which journal entries cannot change a combatant's reach, so the window keeps the one it has.

Why: the Select tool's reach (:func:`tactics.ui.tools.select.compute_reach`: ``move_allowance``
and ``move_routes``) was worked out again after every entry, and the pointer's path in it traced
again, though most entries cannot change it: a roll that only moves an HP bar, a note in the
log (issue 12: a new reach, its routes and their young objects were a good part of a change's
frame). That is not a cached picture: the reach is a function of the encounter's state alone
(the mover's square, its sheet, conditions and action budget, every other token's square,
team and presence, walls, doors and terrain, the traps its side knows of, the fight's
declarations and turn), so an entry whose reducers change none of that leaves it as it was.

The rule is conservative: an entry keeps a reach only when every one of its events is of a kind
listed here (read from its reducer, named beside it); any other kind (a door, a token placed or
moved, a condition, a declaration, a new round) may have changed it. An undone or redone entry
keeps it under the same rule: the state before and after such an entry agree on everything a
reach reads, whichever way the journal goes. tests/test_reach_kept.py plays fights and compares
each kept reach with a fresh one after every entry, and shows the check fails when a door or a
move is treated as harmless.
"""

from __future__ import annotations

from typing import Iterable

from tactics.engine.core.events import Event
from tactics.engine.core.state import EncounterState

#: kinds whose reducer changes nothing of the state (the entry is for the log): a reach, a function
#: of the state, cannot change
LOG_ONLY: frozenset[str] = frozenset({
    "attack.rolled",  # engine/combat/actions.py _attack_rolled: returns None
    "damage.rolled",  # engine/combat/actions.py _damage_rolled: returns None
    "combat.check",  # engine/combat/actions.py _check_rolled: returns None
    "action.note",  # engine/combat/actions.py _noted: returns None
    "hp.rolled",  # engine/combat/gm.py _hp_rolled: returns None (the change is the hp.changed after it)
    "combatant.downed",  # engine/combat/gm.py _downed: returns None (hp already 0)
    "trap.search",  # engine/hazards/spotting.py: log only
    "trap.halted",  # engine/hazards/spotting.py: log only
    "trap.set-check",  # engine/hazards/traps.py: log only
    "grenade.cooked",  # engine/hazards/commands.py: log only
    "grenade.exploded",  # engine/hazards/commands.py: log only
    "turns.note",  # engine/combat/individual/actions.py: log only
    "turns.thrown",  # engine/combat/individual/actions.py: log only
    "turns.sure-shot",  # engine/combat/individual/shots.py: log only
})

#: kinds whose reducer changes only a named combatant's facing (engine/hazards/facing.py _facing:
#: facing, facing_target, facing_cell): nothing a reach reads looks at a facing (the movement
#: search, the allowances of both fight procedures, known traps, planned doors)
FACING_ONLY: frozenset[str] = frozenset({"facing.set"})

#: kinds whose reducer changes only a named combatant's hit points (engine/combat/gm.py _hp). A
#: reach reads hit points only as "down or not" (``hp <= 0``: ``limits_of`` gives a downed mover
#: no actions, ``out_of_fight`` leaves a downed holder unasked in individual turns, ``passing``):
#: such an entry keeps a reach unless it took someone to 0 or brought them back (see
#: :func:`entry_keeps_reach`)
HP_ONLY: frozenset[str] = frozenset({"hp.changed"})


def downed(state: EncounterState) -> frozenset[str]:
    """The ids of the combatants at 0 hit points or fewer: what a reach reads of anyone's hit points."""
    return frozenset(cid for cid, who in state.combatants.items() if who.hp <= 0)


def entry_keeps_reach(events: Iterable[Event], state: EncounterState, down: frozenset[str]) -> bool:
    """Whether a reach worked out when :func:`downed` was ``down`` still holds in ``state``, the state
    after (an undo: before) an entry made of ``events`` (False: work it out again)."""
    for event in events:
        kind = event.kind
        if kind in LOG_ONLY or kind in FACING_ONLY:
            continue
        if kind in HP_ONLY:
            cid = getattr(event, "combatant", None)
            who = state.combatants.get(cid) if isinstance(cid, str) else None
            if who is None or (who.hp <= 0) != (cid in down):
                return False  # someone downed or back up: their actions, their holding, their standing
            continue
        return False
    return True


__all__ = ["FACING_ONLY", "HP_ONLY", "LOG_ONLY", "downed", "entry_keeps_reach"]
