"""The opponent's figures for ``python -m tactics.bench``: how long a turn takes to decide.

Why it exists: a solo player waits while the app decides, so the time to plan
the bears' Vanguard (two creatures) and a whole four-creature side on the
bundled map is measured, cold (a fresh view and fresh caches each time), over
a fixed set of fight positions.
"""

from __future__ import annotations

import copy
import statistics
import time

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

    out = []
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
    (all four bears planned in one call, as if one group)."""
    states = _positions(samples)
    group_ms = []
    for state in states:
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
        start = time.perf_counter()
        plan_group(whole, "bears", "win")
        side_ms.append((time.perf_counter() - start) * 1000)
    return {
        "opponent_group_ms_median": round(statistics.median(group_ms), 2),
        "opponent_group_ms_max": round(max(group_ms), 2),
        "opponent_side_ms_max": round(max(side_ms), 2) if side_ms else 0.0,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(decision_figures(), indent=2))
