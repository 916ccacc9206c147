"""The engine's odds for the app's ship: check chances, volleys, and the battle at another moment.

Why it exists: the starship opponent (:mod:`tactics.ai.starship_turn`) weighs
each crew action by what it changes in the expected Battle Damage of the
volleys to come. These helpers compute those numbers with the engine's own
functions only (``action_chance``, ``fire_odds``, ``detects``), on scratch
copies of the battle set to the phase being judged, so the odds the app plans
with are the odds the engine rolls. Nothing here writes to the real state.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from tactics.engine.starship.events import SpaceActionTaken
from tactics.engine.core.journal import Refused
from tactics.engine.starship.commands import TakeAction, posts_acting_now
from tactics.engine.starship.state import (
    DESTROYED,
    FIGHTING,
    SURRENDERED,
    Ship,
    SpaceState,
    detects,
    disabled_posts,
    usable_hard_points,
)
from tactics.engine.starship.view import action_chance, fire_odds
from tactics.rules.dice import Dice
from tactics.rules.starship import PHASES

# -- scratch copies (the battle at another moment) ----------------------------------------------


def scratch(space: SpaceState) -> SpaceState:
    """A copy the planner may change: ships and the round's bookkeeping copied, data shared."""
    out = copy.copy(space)
    out.ships = {}
    for sid, s in space.ships.items():
        c = copy.copy(s)
        c.modifiers = list(s.modifiers)
        c.battle_damage = list(s.battle_damage)
        out.ships[sid] = c
    out.acted = {k: list(v) for k, v in space.acted.items()}
    out.held = set(space.held)
    out.engineer_in_action = set(space.engineer_in_action)
    out.advantages = {k: list(v) for k, v in space.advantages.items()}
    out.scans = {k: list(v) for k, v in space.scans.items()}
    out.rolls = list(space.rolls)
    out.pending = list(space.pending)
    return out


def at_time(space: SpaceState, time: int) -> SpaceState:
    """A scratch copy at phase index ``time``; a later round starts with no one acted yet."""
    out = scratch(space)
    round_ = time // 3
    if round_ != space.round:
        out.acted, out.held, out.engineer_in_action = {}, set(), set()
        out.advantages, out.scans = {}, {}
    if (round_, PHASES[time % 3]) != (space.round, space.phase):
        out.rolls, out.pending = [], []
    out.round, out.phase = round_, PHASES[time % 3]
    return out


#: The engine's chance of a check, by what it depends on: the modifiers' sum, the DC and the
#: advantage the command works out (``action_chance`` runs the command on every face; the same
#: three numbers give the same odds, so each is computed once).
_CHECK_ODDS: dict[tuple[int, int | None, int], float] = {}


def check_chance(space: SpaceState, ship_id: str, post: str, action: str, params: dict[str, Any]) -> float | None:
    """The engine's exact chance that a crew check succeeds now (1.0 without a check; None: refused).

    The command is run once with fixed faces to read the check the engine makes (its
    modifiers, DC and advantage); the odds of that check come from
    :func:`~tactics.engine.starship.view.action_chance`, computed once per distinct check.
    """
    command = TakeAction(ship_id, post, action, dict(params))
    state = as_state(space)
    try:
        events = command.execute(state, Dice(0, 0, typed=[1, 1, 1]))
    except Refused:
        return None
    taken = next((e for e in events if isinstance(e, SpaceActionTaken)), None)
    if taken is None or taken.check is None:
        return 1.0
    check = taken.check
    key = (sum(int(v) for _, v in check["modifiers"]), check["dc"], int(bool(taken.advantaged)))
    if key not in _CHECK_ODDS:
        chance = action_chance(state, ship_id, post, action, params)
        if chance is None:
            return None
        _CHECK_ODDS[key] = float(chance)
    return _CHECK_ODDS[key]


def as_state(space: SpaceState) -> SimpleNamespace:
    """What a command's ``execute`` needs to run on a scratch copy (``action_chance``)."""
    return SimpleNamespace(space=space, combatants={})


def next_action_time(start: int, until: int) -> int | None:
    """The first Action Phase (when volleys are fired) inside ``[start, until)``."""
    for t in range(start, until):
        if t % 3 == PHASES.index("action"):
            return t
    return None


# -- the expected value of volleys --------------------------------------------------------------


def _scan_chance(space: SpaceState, shooter: Ship, target: Ship) -> float:
    """The chance ``shooter``'s Sensors Officer's Scan of ``target`` succeeds (0: cannot scan)."""
    if target.id in space.scans.get(shooter.id, []):
        return 1.0
    if "sensors" not in posts_acting_now(space, shooter.id):
        return 0.0
    chance = check_chance(space, shooter.id, "sensors", "scan", {"target": target.id})
    return chance if chance is not None else 0.0


def volley(space: SpaceState, shooter: Ship, target: Ship, *, scan: bool = True) -> float:
    """Expected chance of Battle Damage of ``shooter``'s full volley at ``target`` in ``space``'s
    Action Phase, counting its own Scan's chance (``scan``); 0 when its Weapons cannot fire."""
    if shooter.status != FIGHTING or target.status in (DESTROYED, SURRENDERED):
        return 0.0
    now = space.now
    if "weapons" not in shooter.crew or "weapons" in disabled_posts(shooter, now):
        return 0.0
    if space.round == 0 and shooter.id not in space.surprise:
        return 0.0
    points = usable_hard_points(shooter, now)
    if points == 0:
        return 0.0
    already = target.id in space.scans.get(shooter.id, [])
    p_scan = _scan_chance(space, shooter, target) if scan else (1.0 if already else 0.0)
    scanned = with_scan(space, shooter, target, True)
    unscanned = with_scan(space, shooter, target, False)
    hit = float(fire_odds(scanned, shooter.id, target.id, points).chance)
    seen = detects(shooter, target, now)
    miss = float(fire_odds(unscanned, shooter.id, target.id, points).chance) if seen else 0.0
    return p_scan * hit + (1 - p_scan) * miss


def with_scan(space: SpaceState, shooter: Ship, target: Ship, scanned: bool) -> SpaceState:
    out = copy.copy(space)
    scans = {k: list(v) for k, v in space.scans.items()}
    mine = [t for t in scans.get(shooter.id, []) if t != target.id]
    scans[shooter.id] = mine + ([target.id] if scanned else [])
    out.scans = scans
    return out


__all__ = ["as_state", "at_time", "check_chance", "next_action_time", "scratch", "volley", "with_scan"]
