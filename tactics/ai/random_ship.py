"""The yardstick in space: a crew that takes random legal actions.

Why it exists: the app's ship must beat something that knows the rules but not
the game. Each post that acts now takes (most of the time) a random action the
engine offers it, with random parameters (any enemy ship, any crew post, any
Battle Damage), through the same commands; a choice the engine refuses is
simply dropped. Used by the tests and the benchmark, not by the window.
"""

from __future__ import annotations

import random

from tactics.engine.core.journal import Refused
from tactics.engine.starship.commands import (
    TakeAction,
    actions_offered,
    posts_acting_now,
)
from tactics.engine.starship.state import DESTROYED, SURRENDERED
from tactics.rules.starship import POSTS


def play_random_phase(encounter, side: str, rng: random.Random) -> int:
    """Every post of ``side``'s ships acting now takes a random legal action; how many did."""
    done = 0
    space = encounter.state.space
    for ship_id in sorted(space.ships):
        if space.ships[ship_id].side != side:
            continue
        for _ in range(len(POSTS)):
            space = encounter.state.space
            acting = [p for p in posts_acting_now(space, ship_id) if actions_offered(space, ship_id, p)]
            if not acting:
                break
            post = rng.choice(acting)
            action = rng.choice(actions_offered(space, ship_id, post))
            ship = space.ships[ship_id]
            params: dict = {}
            if action.target == "ship":
                foes = [s.id for s in space.ships.values()
                        if s.side != ship.side and s.status not in (DESTROYED, SURRENDERED)]
                if not foes:
                    continue
                params["target"] = rng.choice(sorted(foes))
            elif action.target == "crew":
                params["post"] = rng.choice(sorted(ship.crew))
            elif action.target == "battle_damage":
                params["battle_damage"] = rng.choice([bd.id for bd in ship.battle_damage])
            try:
                encounter.submit(TakeAction(ship_id, post, action.name, params))
                done += 1
            except Refused:
                pass
    return done


__all__ = ["play_random_phase"]
