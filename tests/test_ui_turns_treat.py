"""Treat Injury from the individual turns' tracker (reading: N-TREAT-1: "In individual turns it
rolls against no one: a non-contested action"; review 9 new, finding 4).

What is tested, through real clicks on the headless window: on the medic's turn the tracker offers
"Treat Injury -> Rook (DC 15, ..%)" for the injured ally beside it, none for the unhurt or the far
one; the click heals on the app's seeded dice (the check and the healing in the journal) and the
contested action stays open, as the engine's own test has it.
"""

from __future__ import annotations

from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.individual.view import pips_of
from tactics.ui.app import App

from test_common_actions import medic_turn
from test_ui_turns_shots import enabled, press
from ui_driver import app_session


def test_the_medic_treats_an_injured_ally_from_the_tracker():
    enc = medic_turn(("vale", (6, 5)))
    enc.submit(AdjustHP("rook", -6))
    enc.submit(AdjustHP("vale", -6))  # across the room: out of reach
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        keys = app.battle.turns.keys()
        assert "treat:rook" in keys and enabled(app, "treat:rook")
        assert "treat:vale" not in keys and "treat:medic" not in keys  # far / not injured
        press(app, "treat:rook")
        app.step()
        assert any(e.kind == "combat.check" for e in enc.journal.entries[-1].events)
        assert enc.state.combatants["rook"].hp > 14  # healed (a success on the seeded dice)
        assert pips_of(enc.state, "medic").contested == "open"  # non-contested (N-TURN-14)
