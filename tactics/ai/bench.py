"""The opponent's figures for ``python -m tactics.bench``: how long a turn takes to decide.

Why it exists: a solo player waits while the app decides, so the time to plan
the bears' Vanguard (two creatures) and a whole four-creature side on the
bundled map is measured, cold (a fresh view and fresh caches each time), over
a fixed set of fight positions.

In space, :func:`starship_figures` times what the app's ship decides in one
phase of the pirate-corvette battle (every acting post of the Red Maw, as the
window asks them one by one), cold (the memo of check odds cleared) and warm.
"""

from __future__ import annotations

import copy
from typing import Any
import statistics
import time

from tactics.ai.positions import forget_walks
from tactics.ai.team_turn import plan_group
from tactics.assets import bundled
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import load_encounter


def _frozen(state):
    """A copy of the fight as it stands (the live state changes as the fight goes on)."""
    scratch = copy.copy(state)
    scratch.combatants = copy.deepcopy(state.combatants)
    scratch.combat = copy.deepcopy(state.combat)
    scratch.traps = copy.deepcopy(state.traps)
    scratch.settings = copy.deepcopy(state.settings)
    return scratch


def _positions(samples: int) -> list:
    """States where the bears are about to declare, from seeded fights (both sides by the app)."""
    from tactics.ai import Opponent
    from tactics.engine.core.control import SetController

    out: list[Any] = []
    seed = 0
    while len(out) < samples and seed < 50:
        enc = load_encounter(bundled("space-bears.encounter.toml"), seed=seed)
        enc.submit(SetController("party", "win"))
        enc.submit(SetController("bears", "win"))
        enc.submit(StartCombat())
        opponent = Opponent(enc)
        while enc.state.combat.phase != "ended" and enc.state.combat.round < 6 and len(out) < samples:
            combat = enc.state.combat
            group = combat.acting_group()
            if group is not None and group.team == "bears" and not combat.declarations:
                out.append(_frozen(enc.state))
            if not opponent.step():
                enc.submit(Advance())
        seed += 1
    return out


def decision_figures(samples: int = 12) -> dict[str, float]:
    """``opponent_group_ms_median`` / ``_max`` (one group of the bears) and ``opponent_side_ms``
    (all four bears planned in one call, as if one group); each decision cold: the map's
    remembered sight lines are forgotten first (positions of one fight share a map)."""
    states = _positions(samples)
    group_ms = []
    for state in states:
        state.current_map().walls.forget_lines()  # cold: positions of one fight share a map's sight lines
        forget_walks()  # ... and its walking distances
        start = time.perf_counter()
        plan_group(state, "bears", "win")
        group_ms.append((time.perf_counter() - start) * 1000)
    # the whole side: every bear on the map planned at once (the worst case of one decision)
    side_ms = []
    for state in states[:4]:
        whole = _frozen(state)
        groups = whole.combat.groups["bears"]
        groups["vanguard"] = groups["vanguard"] + groups["rearguard"]  # every bear acts at once
        groups["rearguard"] = []
        whole.combat.group_index = [g.key for g in whole.combat.turn_order()].index("bears:vanguard")
        whole.current_map().walls.forget_lines()
        forget_walks()
        start = time.perf_counter()
        plan_group(whole, "bears", "win")
        side_ms.append((time.perf_counter() - start) * 1000)
    return {
        "opponent_group_ms_median": round(statistics.median(group_ms), 2),
        "opponent_group_ms_max": round(max(group_ms), 2),
        "opponent_side_ms_max": round(max(side_ms), 2) if side_ms else 0.0,
    }


def _space_positions(samples: int) -> list:
    """Starship battles at the start of a phase in which the Red Maw's crew acts (both ships the app's)."""
    from tactics.ai import Opponent
    from tactics.ai.starship_turn import due_posts
    from tactics.engine.core.control import SetController
    from tactics.engine.starship.commands import StartSpaceCombat

    out: list[Any] = []
    seed = 0
    while len(out) < samples and seed < 20:
        enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=seed)
        enc.submit(SetController("pirates", "win"))
        enc.submit(SetController("party", "win"))
        enc.submit(StartSpaceCombat())
        opponent = Opponent(enc)
        for _ in range(30):
            space = enc.state.space
            if space.phase == "ended" or len(out) >= samples:
                break
            if not space.rolls and due_posts(space, "red_maw"):
                out.append(copy.deepcopy(space))
            if opponent.step() is None:
                break
        seed += 1
    return out


def starship_figures(samples: int = 12) -> dict[str, float]:
    """``opponent_ship_phase_ms_median`` / ``_max``: every acting post of the Red Maw planned in one
    phase, cold (odds memo cleared); ``opponent_ship_phase_warm_ms_median``: the same, warm."""
    from tactics.ai import starship_odds, starship_turn
    from tactics.engine.starship.commands import posts_acting_now

    spaces = _space_positions(samples)

    def one_phase(space) -> float:
        start = time.perf_counter()
        for post in starship_turn.POST_ORDER[space.phase]:
            if post in posts_acting_now(space, "red_maw"):
                starship_turn.plan_post(space, "red_maw", post, "win")
        return (time.perf_counter() - start) * 1000

    cold = []
    for space in spaces:
        starship_odds._CHECK_ODDS.clear()
        cold.append(one_phase(space))
    warm = [one_phase(space) for space in spaces]
    return {
        "opponent_ship_phases": len(spaces),
        "opponent_ship_phase_ms_median": round(statistics.median(cold), 2),
        "opponent_ship_phase_ms_max": round(max(cold), 2),
        "opponent_ship_phase_warm_ms_median": round(statistics.median(warm), 2),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(decision_figures() | starship_figures(), indent=2))
