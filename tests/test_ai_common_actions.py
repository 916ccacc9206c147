"""The app's opponent with weapons that must be reloaded or drawn (readings N-READY-1, N-READY-2).

What is tested: a party of crossbow shooters (one-shot loads, one with Quick Reload, one with a
holstered revolver) played by the app against the random legal player, and the same party at the
"monster" level, never makes a command the engine refuses (no second shot from an empty crossbow,
no shot before the draw), and it does reload and draw. Fixed seeds.
"""

from __future__ import annotations

import random

import pytest

from tactics.ai import Opponent
from tactics.ai.random_player import play_random_group
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.control import SetController

from test_common_actions import SHEETS, encounter


def shooters_fight(seed: int, level: str, rounds: int = 6):
    SHEETS["medic"]["weapons"] = ["hand_crossbow"]  # (this fight's medic shoots too)
    try:
        enc = encounter(seed=seed)
    finally:
        SHEETS["medic"]["weapons"] = ["combat_knife"]
    enc.submit(SetController("party", level))
    enc.submit(StartCombat())
    opponent = Opponent(enc)
    rng = random.Random(seed)
    while enc.state.combat.phase != "ended" and enc.state.combat.round <= rounds:
        if opponent.play():
            continue
        combat = enc.state.combat
        if combat.phase == "counters":
            enc.submit(Advance())
            continue
        play_random_group(enc, combat.turn_order()[combat.group_index].team, rng)
    return enc, opponent


@pytest.mark.parametrize("level", ["win", "monster"])
def test_it_reloads_and_draws_and_is_never_refused(level):
    kinds: set[str] = set()
    for seed in range(3):
        enc, opponent = shooters_fight(seed, level)
        assert opponent.refused == [], (seed, opponent.refused)
        kinds |= {e.kind for entry in enc.journal.entries for e in entry.events}
    assert "weapon.reloaded" in kinds and "weapon.load-used" in kinds
