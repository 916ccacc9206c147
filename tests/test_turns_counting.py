"""Individual turns: "Stunned 1 round" costs the bearer exactly its next turn (R-TURN-2, N-TURN-2).

What is tested: the moment an effect lands does not change which turn it costs. One that lands
during the bearer's own turn (the GM's ruling, a stun mine walked into) used to end at the start
of the next turn, costing nothing; now it is in play on that next turn (one non-contested action
only, N-TURN-5) and ends at the start of the turn after, as one set just after the turn ended or
at its end (a stun grenade's fuse) does. Undo and a replay of the events give the same counters.
Fixed typed dice throughout.
"""

from __future__ import annotations

import pytest

from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.individual.procedure import EndTurn
from tactics.engine.combat.individual.view import current, pips_of
from tactics.engine.core.journal import Refused
from tactics.engine.hazards.traps import PlaceTrap

from test_turns import started, to_turn


def _stunned(enc) -> list[tuple[str, int | None]]:
    return [(c.name, c.rounds) for c in enc.state.combatants["brandon"].conditions if c.name == "Stunned"]


def _costs_exactly_the_next_turn(enc) -> None:
    """Brandon's turn is over; his next turn is Stunned, the one after is free."""
    to_turn(enc, "brandon")
    began = enc.journal.entries[-1].events[-1]
    assert began.kind == "turns.began" and {"name": "Stunned", "rounds": 1} in began.data["effects"]
    assert _stunned(enc) == [("Stunned", 1)]
    with pytest.raises(Refused):  # Stunned: no contested action this turn (N-TURN-5)
        enc.submit(TakeAction("brandon", TurnAction("attack", target="bear1")))
    assert pips_of(enc.state, "brandon").left == 1
    enc.submit(EndTurn())
    to_turn(enc, "brandon")
    assert _stunned(enc) == []
    assert "Stunned" in enc.journal.entries[-1].events[-1].data["ended"]


def test_the_gms_stun_during_the_bearers_own_turn_costs_its_next_turn():  # N-TURN-2
    enc = started()
    assert current(enc.state) == "brandon"
    enc.submit(ApplyCondition("brandon", "Stunned", 1))
    enc.submit(EndTurn())
    _costs_exactly_the_next_turn(enc)


def test_a_stun_set_just_after_the_bearers_turn_costs_the_same_turn():  # N-TURN-2
    enc = started()
    enc.submit(EndTurn())
    enc.submit(ApplyCondition("brandon", "Stunned", 1))
    _costs_exactly_the_next_turn(enc)


def test_a_stun_mine_walked_into_on_the_bearers_turn_costs_its_next_turn():  # N-TURN-2, R-TRAP-4
    enc = started()
    enc.submit(PlaceTrap("stun_mine", (4, 2), detection_dc=40))
    entry = enc.submit(TakeAction("brandon", TurnAction("move", path=[(3, 2), (4, 2), (5, 2)])), typed=[1])
    assert any(e.kind == "hazard.hit" for e in entry.events) and _stunned(enc) == [("Stunned", 1)]
    enc.submit(EndTurn())
    _costs_exactly_the_next_turn(enc)


def test_a_stun_grenade_at_the_end_of_the_bearers_turn_still_costs_its_next_turn():  # N-TURN-2, R-GREN-4
    enc = started()
    to_turn(enc, "james")
    enc.submit(TakeAction("james", TurnAction("use-item", item="grenade", target_cell=(2, 2),
                                              options={"grenade": "stun"})), typed=[5, 5])
    to_turn(enc, "brandon")
    assert _stunned(enc) == []
    entry = enc.submit(EndTurn(), typed=[1, 20])  # the fuse: Brandon's Reflex save fails on a 1
    assert any(e.kind == "grenade.exploded" for e in entry.events) and _stunned(enc) == [("Stunned", 1)]
    _costs_exactly_the_next_turn(enc)


def test_undo_and_replay_agree_on_a_stun_that_landed_mid_turn():  # N-TURN-2 (event-sourced counters)
    enc = started()
    enc.submit(ApplyCondition("brandon", "Stunned", 1))
    enc.submit(EndTurn())
    to_turn(enc, "brandon")
    assert _stunned(enc) == [("Stunned", 1)]
    replayed = enc.journal.replay()
    assert [(c.name, c.rounds) for c in replayed.combatants["brandon"].conditions] == [("Stunned", 1)]
    assert replayed.combat.began_with == enc.state.combat.began_with
    assert replayed.combat.lived == enc.state.combat.lived
    enc.submit(EndTurn())
    enc.undo()  # back into Brandon's stunned turn: the same turn state as before the End turn
    assert current(enc.state) == "brandon" and _stunned(enc) == [("Stunned", 1)]
    assert enc.state.combat.began_with == replayed.combat.began_with
    enc.redo()
    to_turn(enc, "brandon")
    assert _stunned(enc) == []
