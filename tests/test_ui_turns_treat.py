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


def test_treat_injury_is_shown_greyed_with_why_when_the_medic_cannot_treat():  # N-TREAT-1 (fix11, gap 2)
    """As on the team rounds' card: no one injured, then both of the turn's actions spent on two
    treatments (R-TURN-2: the contested one traded for a second non-contested one), and the tracker
    keeps a greyed "Treat Injury" with the engine's words under it instead of dropping the line."""
    from test_ui_common_actions import drawn_texts

    enc = medic_turn()
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        app.step()
        keys = app.battle.turns.keys()
        assert "treat:nobody" in keys and not enabled(app, "treat:nobody") and "treat:rook" not in keys
        assert "No one on Medic's side is injured" in " ".join(drawn_texts(app))
        enc.submit(AdjustHP("rook", -15))  # 5 of 20: one treatment (1d8) leaves Rook injured
        app.step()
        assert enabled(app, "treat:rook") and "treat:nobody" not in app.battle.turns.keys()
        press(app, "treat:rook")
        app.step()
        press(app, "treat:rook")  # the second action: the contested one traded (R-TURN-2)
        app.step()
        assert enc.state.combatants["rook"].hp < 20 and "treat:rook" not in app.battle.turns.keys()
        assert "treat:nobody" in app.battle.turns.keys() and not enabled(app, "treat:nobody")
        texts = " ".join(drawn_texts(app))
        assert "Medic has used both actions this turn: Treat Injury is a non-contested action" in texts
