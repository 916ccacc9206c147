"""What the window shows before a sure shot, a reload or a held shot mid-move (the second text).

Why it exists: the turn tracker offers "Sure shot", "Reload" and, to a holder asked about a
waiting move, "Fire on the path". The window must show the same answer the engine will give
when the button or the square is clicked: the guaranteed-hit range, the damage, the shots left,
or why not (not loaded, too far, not in sight, the action already used, not this character's
turn ...). So these functions run the engine's own checks (:class:`TakeAction`'s and
:class:`UseHeld`'s) on the state as it stands and return the first refusal's reason; nothing
here decides a rule of its own (N-SHOT-1, N-HELD-1).
"""

from __future__ import annotations

from dataclasses import dataclass

from tactics.engine.combat.attack import attack_setup
from tactics.engine.combat.individual import shots
from tactics.engine.combat.individual.actions import TurnAction, budget_check
from tactics.engine.combat.individual.interrupts import _holder, _prompted
from tactics.engine.combat.individual.midmove import aim_or_refuse, fire_squares, with_mover_at
from tactics.engine.combat.individual.procedure import TurnsState
from tactics.engine.combat.team import sheet_of
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.engine.core.lookup import unknown_combatant
from tactics.rules import turns as rt
from tactics.rules.sheets import Weapon, default_armoury


@dataclass(frozen=True)
class ShotPreview:
    """A sure shot as the engine would take it now: ``problem`` None means a plain hit, no roll."""

    shooter: str
    target: str
    weapon: str
    label: str
    damage: str
    sure_hit_ft: int
    distance_ft: int
    loaded: int | None  # shots left before a reload (None: not counted)
    capacity: int
    problem: str | None = None


def sure_weapons(who: Combatant) -> list[Weapon]:
    """The combatant's weapons that fire a sure shot (a guaranteed-hit range), each once."""
    arms = default_armoury()
    out = [arms.weapons[w] for w in dict.fromkeys(sheet_of(who).weapons) if w in arms.weapons]
    return [w for w in out if w.sure_hit_ft]


def loaded_weapons(who: Combatant) -> list[Weapon]:
    """The combatant's weapons whose loads are counted (reloaded in play), each once."""
    arms = default_armoury()
    out = [arms.weapons[w] for w in dict.fromkeys(sheet_of(who).weapons) if w in arms.weapons]
    return [w for w in out if w.load]


def _turns(state: EncounterState) -> TurnsState | None:
    return state.combat if isinstance(state.combat, TurnsState) and state.combat.phase != "ended" else None


def _turn_problem(state: EncounterState, who: Combatant) -> str | None:
    """Why ``who`` cannot take a non-contested action of its own turn now (TakeAction's checks)."""
    turns = _turns(state)
    if turns is None:
        return "a sure shot or a reload is an action of individual turns"
    if turns.phase != "action" or turns.current != who.id:
        now = state.combatants[turns.current].name if turns.current else "no one"
        return f"it is not {who.name}'s turn: {now} acts now"
    if turns.pending is not None:
        return f"{state.combatants[turns.pending.actor].name}'s action is waiting for the holders' answers"
    try:
        budget_check(state, turns, who, rt.NON_CONTESTED)
    except Refused as exc:
        return exc.reason
    return None


def _preview(state: EncounterState, who: Combatant, target: Combatant, weapon: Weapon, problem: str | None,
             board: EncounterState | None = None) -> ShotPreview:
    board = board or state
    shooter, aimed = board.combatants[who.id], board.combatants[target.id]
    distance = attack_setup(board, shooter, weapon, aimed).distance_ft if shooter.cell and aimed.cell else 0
    return ShotPreview(who.id, target.id, weapon.name, weapon.title, weapon.damage, weapon.sure_hit_ft, distance,
                       shots.loads_left(state, who, weapon), shots.capacity(who, weapon), problem)


def shot_preview(state: EncounterState, cid: str, target: str, weapon: str) -> ShotPreview | None:
    """``cid``'s sure shot at ``target``: the current character's action, or a holder's held one on
    another's turn (None: no such shooter, target or weapon)."""
    who, aimed = state.combatants.get(cid), state.combatants.get(target)
    arms = default_armoury().weapons.get(weapon)
    if who is None or aimed is None or arms is None:
        return None
    action = TurnAction(shots.SHOT, weapon=weapon, target=target)
    turns = _turns(state)
    if turns is not None and turns.current != who.id and who.id in turns.held:
        problem = _held_problem(state, turns, who)  # a held sure shot on another's turn (R-TURN-3)
    else:
        problem = _turn_problem(state, who)
    if problem is None:
        problem = shots.shot_problem(state, who, action)
    return _preview(state, who, aimed, arms, problem)


def _held_problem(state: EncounterState, turns: TurnsState, who: Combatant) -> str | None:
    """UseHeld's checks of the holder (and, while an action waits, that it is the one asked)."""
    try:
        _holder(state, turns, who.id)
        if turns.pending is not None:
            _prompted(state, turns, who.id)
    except Refused as exc:
        return exc.reason
    return None


def reload_problem(state: EncounterState, cid: str, weapon: str) -> str | None:
    """Why the current character cannot reload ``weapon`` now, or None."""
    who = state.combatants.get(cid)
    if who is None:
        return unknown_combatant(state, cid)
    return _turn_problem(state, who) or shots.reload_problem(state, who, TurnAction(shots.RELOAD, weapon=weapon))


def held_shot_squares(state: EncounterState) -> list[tuple[int, int]]:
    """Squares of the waiting move where a held action may fire (every one before its end)."""
    turns = _turns(state)
    p = turns.pending if turns is not None else None
    if p is None or p.action.get("kind") != "move":
        return []
    return fire_squares([(int(c[0]), int(c[1])) for c in p.action.get("path", [])])


def held_shot_preview(state: EncounterState, holder: str, weapon: str, at: tuple[int, int]) -> ShotPreview | None:
    """A holder's sure shot at the waiting mover when it reaches ``at`` (UseHeld's checks, N-HELD-1)."""
    turns = _turns(state)
    who = state.combatants.get(holder)
    arms = default_armoury().weapons.get(weapon)
    p = turns.pending if turns is not None else None
    if turns is None or who is None or arms is None or p is None or p.actor not in state.combatants:
        return None
    mover = state.combatants[p.actor]
    action = TurnAction(shots.SHOT, weapon=weapon, target=mover.id)
    problem: str | None = None
    try:  # UseHeld's own checks, in its order
        _holder(state, turns, who.id)
        _prompted(state, turns, who.id)
        aim_or_refuse(state, turns, who, action, at)
    except Refused as exc:
        problem = exc.reason
    return _preview(state, who, mover, arms, problem, board=with_mover_at(state, mover.id, at))


__all__ = ["ShotPreview", "held_shot_preview", "held_shot_squares", "loaded_weapons", "reload_problem",
           "shot_preview", "sure_weapons"]
