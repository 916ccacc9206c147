"""Seeded fights of the bundled Space Bears with app-controlled sides (shared by the opponent's tests)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from tactics.ai import Opponent
from tactics.ai.random_player import play_random_group
from tactics.assets import bundled
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.control import SetController
from tactics.engine.core.encounter import Encounter, load_encounter

ROUNDS = 15  # a fight not over by then counts as not won


@dataclass
class Fight:
    encounter: Encounter
    opponent: Opponent
    winner: str | None = None
    plans: int = 0
    hooks: list[str] = field(default_factory=list)


def fight(
    seed: int,
    app_team: str,
    level: str = "win",
    *,
    other: str = "random",
    setup: Callable[[Encounter], None] | None = None,
    before_plan: Callable[[Encounter], None] | None = None,
    rounds: int = ROUNDS,
    name: str = "space-bears.encounter.toml",
) -> Fight:
    """One fight: ``app_team`` played by the opponent at ``level``, the other side by the
    random legal player (``other="random"``) or by the opponent too (``other="win"``)."""
    enc = load_encounter(bundled(name), seed=seed)
    if setup is not None:
        setup(enc)
    enc.submit(SetController(app_team, level))
    other_team = "bears" if app_team == "party" else "party"
    if other != "random":
        enc.submit(SetController(other_team, other))
    enc.submit(StartCombat())
    opponent = Opponent(enc)
    rng = random.Random(seed)
    result = Fight(enc, opponent)
    while enc.state.combat.phase != "ended" and enc.state.combat.round <= rounds:
        if before_plan is not None and opponent.due():
            before_plan(enc)
        if opponent.play():
            continue
        combat = enc.state.combat
        if combat.phase == "ended":
            break
        if combat.phase == "counters":
            enc.submit(Advance())
            continue
        order = combat.turn_order()
        group = order[combat.group_index]
        play_random_group(enc, group.team, rng)
    result.winner = enc.state.combat.winner
    return result
