"""Seeded fights with app-controlled sides, shared by the opponent's tests: the bundled Space Bears
(ground) and the pirate-corvette starship battle."""

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


@dataclass
class SpaceFight:
    encounter: Encounter
    opponent: Opponent
    winner: str | None = None
    rounds: int = 0


def space_fight(
    seed: int,
    app_side: str = "pirates",
    level: str = "win",
    *,
    other: str = "random",
    setup: Callable[[Encounter], None] | None = None,
    rounds: int = 12,
    name: str = "pirate-corvette.encounter.toml",
) -> SpaceFight:
    """One starship battle: ``app_side``'s ship played by the opponent at ``level``, the other
    side's by the random legal crew (``other="random"``) or by the opponent too; the GM (this
    loop) ends each phase once the people's posts have acted."""
    from tactics.ai.random_ship import play_random_phase
    from tactics.engine.starship.commands import EndPhase, StartSpaceCombat

    enc = load_encounter(bundled(name), seed=seed)
    if setup is not None:
        setup(enc)
    enc.submit(SetController(app_side, level))
    sides = list(dict.fromkeys(s.side for s in enc.state.space.ships.values()))
    others = [s for s in sides if s != app_side]
    if other != "random":
        for side in others:
            enc.submit(SetController(side, other))
    enc.submit(StartSpaceCombat())
    opponent = Opponent(enc)
    rng = random.Random(seed)
    result = SpaceFight(enc, opponent)
    for _ in range(rounds * 3 + 1):
        space = enc.state.space
        if space.phase == "ended":
            break
        if other == "random":
            opponent.play()
            for side in others:
                play_random_phase(enc, side, rng)
            if enc.state.space.phase != "ended":
                enc.submit(EndPhase())
        else:
            opponent.play()  # every ship is the app's: it ends the phases itself
    result.winner = enc.state.space.winner
    result.rounds = enc.state.space.round
    return result
