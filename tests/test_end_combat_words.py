"""What "End combat (GM)" tells the table (an outside review's "first evening", finding 4).

What is tested: the GM's End combat while both sides stand is logged and bannered as "The GM
ended the fight after round N" (no winner, not "nobody stands": everyone still had hit points),
while a fight whose sides are all down still says "nobody stands" and one side standing is
named (R-END-1); a save from before the event knew who ended it reads as before. In the window
the click asks first ("End combat / Cancel", Esc keeps the fight), and the status line then says
the fight ended and that Ctrl+Z brings it back (the old "Now: Counter Phase." is gone).
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.events import CombatEnded
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.queries import describe
from tactics.engine.combat.team import EndCombat, StartCombat
from tactics.engine.core.events import from_dict
from tactics.ui.app import App

from test_ui_combat import SIZE, combat, explosion, message, press, space_bears
from ui_driver import app_session, drawn_texts, key


def ended(enc) -> CombatEnded:
    return next(e for e in enc.journal.entries[-1].events if isinstance(e, CombatEnded))


def test_the_gm_ending_a_standing_fight_names_no_winner() -> None:  # R-END-1
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(EndCombat(None))
    event = ended(enc)
    assert event.by_gm and event.winner == ""
    assert describe(event, enc.state) == f"The GM ended the fight after round {event.round}."
    assert enc.state.combat.ended_by_gm


def test_all_down_still_reads_nobody_stands_and_one_side_is_named() -> None:  # R-END-1
    enc = space_bears()
    enc.submit(StartCombat())
    for cid, who in enc.state.combatants.items():
        if who.present:
            enc.submit(AdjustHP(cid, -who.hp))
    enc.submit(EndCombat(None))
    assert not ended(enc).by_gm
    assert describe(ended(enc), enc.state).endswith(": nobody stands.")

    enc = space_bears()
    enc.submit(StartCombat())
    for cid, who in enc.state.combatants.items():
        if who.present and who.team != "party":
            enc.submit(AdjustHP(cid, -who.hp))
    enc.submit(EndCombat("party"))
    assert not ended(enc).by_gm and describe(ended(enc), enc.state).endswith(": The Party stands.")


def test_a_save_from_before_reads_as_it_did() -> None:
    old = from_dict({"kind": "combat.ended", "data": {"round": 2, "winner": ""}})
    assert isinstance(old, CombatEnded) and not old.by_gm
    assert describe(old) == "Combat is over after round 2: nobody stands."


def test_end_combat_asks_first_and_says_how_to_undo_it() -> None:
    enc = space_bears()
    explosion(enc)
    for app in app_session(App(enc, size=SIZE)):
        press(app, "start")
        press(app, "banner-advance")  # Round 1: Action Phase
        rnd = combat(app).round
        press(app, "end-combat")
        prompt = app.saving.prompt
        assert prompt is not None and prompt.alive() and prompt.choices == ["End combat", "Cancel"]
        assert "Both sides still stand" in prompt.text and "Ctrl+Z brings it back" in prompt.text
        key(app, pygame.K_ESCAPE)  # Esc: Cancel keeps the fight
        app.step()
        assert not prompt.alive() and combat(app).phase == "action"

        press(app, "end-combat")
        key(app, pygame.K_RETURN)  # Enter: the first choice, End combat
        app.step()
        assert combat(app).phase == "ended"
        assert message(app) == f"The GM ended the fight after round {rnd}. Ctrl+Z brings it back."
        app.draw()
        texts = " | ".join(drawn_texts(app))
        assert "the GM ended the fight" in texts and f"The GM ended the fight after round {rnd}." in texts
        assert "no one stands" not in texts and "nobody stands" not in texts
        key(app, pygame.K_z, pygame.KMOD_LCTRL)
        assert combat(app).phase == "action"  # Ctrl+Z did bring it back
