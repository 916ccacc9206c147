"""The yardstick: a player that picks uniformly among legal actions.

Why it exists: "plays to win" must beat something that knows the rules but not
the game. This player declares a random action kind the engine says is legal
now, with random parameters (any reachable square, any foe in reach, any
weapon), through the same commands, so the opponent's fights against it are
fair and replayable. Used by the tests and the benchmark, not by the window.
"""

from __future__ import annotations

import random

from tactics.ai.knowledge import known_state
from tactics.ai.scoring import arms_of, run_ft
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.queries import acting_combatants, legal_kinds
from tactics.engine.combat.team import Advance
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import EncounterState
from tactics.rules import actions as act
from tactics.rules.grid import distance_ft
from tactics.rules.movement import plan
from tactics.rules.sheets import Technique


def random_action(rng: random.Random, view: EncounterState, cid: str) -> Action | None:
    who = view.combatants[cid]
    if who.cell is None:
        return None
    kinds = [k for k in legal_kinds(view, cid) if k != act.FREE]
    if not kinds:
        return None
    kind = rng.choice(sorted(kinds))
    foes = [c for c in view.enemies_of(who) if not c.down and c.cell is not None]
    enemies = [c.cell for c in view.enemies_of(who) if c.cell is not None]
    allies = [c.cell for c in view.allies_of(who) if c.cell is not None]
    if kind in (act.STANDARD_MOVE, act.BONUS_MOVE):
        reach = plan(view.current_map(), who.cell, 30, enemies=enemies, occupied=allies)
        cells = sorted(reach.endable - {who.cell})
        return Action(kind, path=reach.path_to(rng.choice(cells))) if cells else None
    if kind in (act.SIMPLE, act.SIMPLE_AFTER):
        reach = plan(view.current_map(), who.cell, 5, enemies=enemies, occupied=allies)
        cells = sorted(reach.endable - {who.cell})
        return Action(kind, effect="step", path=[rng.choice(cells)]) if cells else None
    arms = [a for a in arms_of(who) if isinstance(a, Technique) == (kind == act.TECHNIQUE)]
    if kind in (act.STANDARD_ATTACK, act.BONUS_ATTACK, act.TECHNIQUE) and arms and foes:
        chosen = rng.choice(arms)
        assert who.cell is not None  # on the map
        in_reach = [f for f in foes if f.cell is not None and distance_ft(who.cell, f.cell) <= chosen.range_ft + run_ft(chosen)]
        if not in_reach:
            return None
        foe = rng.choice(in_reach)
        if kind == act.TECHNIQUE:
            path = None
            if run_ft(chosen):
                reach = plan(view.current_map(), who.cell, run_ft(chosen), enemies=enemies, occupied=allies)
                assert foe.cell is not None  # on the map
                near = sorted(c for c in reach.endable if distance_ft(c, foe.cell) <= chosen.range_ft)
                if not near:
                    return None
                path = reach.path_to(rng.choice(near)) or None
            return Action(kind, technique=chosen.name, target=foe.id, path=path)
        return Action(kind, weapon=chosen.name, target=foe.id)
    return None


def play_random_group(encounter, team: str, rng: random.Random) -> None:
    """Declare random legal actions for ``team``'s acting members, resolve them, end the turn."""
    state = encounter.state
    combat = state.combat
    if combat.phase == "advantages":
        encounter.submit(Advance())
        return
    view = known_state(state, team)
    for cid in acting_combatants(state):
        if state.combatants[cid].team != team:
            continue
        for _ in range(rng.randint(1, 3)):
            action = random_action(rng, known_state(encounter.state, team), cid)
            if action is None:
                continue
            try:
                encounter.submit(Declare(cid, action))
            except Refused:
                pass
    del view
    while any(d.status == "declared" for d in encounter.state.combat.declarations):
        encounter.submit(ResolveNext(others_pass=True))  # who declared nothing does nothing (N-ORD-4)
    encounter.submit(Advance())
