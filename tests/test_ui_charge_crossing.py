"""The window shows a charge's difficult ground before the roll (R-MOVE-2; review 7, finding 3).

Driven with real clicks on a plain room with a column of difficult ground (Acrobatics DC 12)
between a bear and Ann: the aim card says how far the charge runs of how far it may ("runs 30 ft
of 30 ft", not "5 ft of 5 ft"), names the check with the engine's chance, and its odds bar has a
"Stopped" share; the Resolve card says the same; the typed-dice box names the check's d20 first;
a failed check reads "stopped by difficult ground" on the status line.
"""

from __future__ import annotations


from tactics.engine.core.table import ChangeTableSetting
from tactics.ui.app import App

from test_charge_crossing import charge_fight
from test_ui_combat import press, token, type_faces
from ui_driver import app_session, click, move, drawn_texts as texts

SIZE = (1280, 720)


def test_the_aim_card_and_the_resolve_card_name_the_check_and_its_odds():  # R-MOVE-2, N-MOVE-3
    for app in app_session(App(charge_fight(), size=SIZE)):
        click(app, token(app, "bear"))
        press(app, "technique:bear_charge")
        move(app, token(app, "ann"))
        shown = texts(app)
        joined = " ".join(shown)  # the card wraps its lines
        assert "Charge: runs 30 ft of 30 ft, then strikes at 5 ft (reach 5 ft)" in shown, shown
        assert "Crosses difficult ground: Acrobatics DC 12, 70% to get through" in joined
        assert any(t.startswith("To damage: ") and "in all" in t and "once there" in t for t in shown)
        assert "Stopped 30.0%" in shown, "the bar's share of runs that end out of reach"
        click(app, token(app, "ann"))
        assert [d.kind for d in app.battle.state.combat.declarations] == ["technique"]
        app.battle.set_tool("select")
        app.step()
        queued = texts(app)
        assert "Crosses difficult ground: Acrobatics DC 12, 70% to get through" in " ".join(queued), queued
        assert "Stopped 30.0%" in queued


def test_a_failed_check_reads_stopped_and_the_box_asks_for_the_check_first():  # R-MOVE-2, R-ROLL-1
    for app in app_session(App(charge_fight(), size=SIZE)):
        app.battle.encounter.submit(ChangeTableSetting("dice", "everyone"))
        click(app, token(app, "bear"))
        press(app, "technique:bear_charge")
        click(app, token(app, "ann"))
        app.battle.set_tool("select")
        app.step()
        assert "Type the Acrobatics d20 for the difficult ground, then the attack's d20" in " ".join(texts(app))
        type_faces(app, "1")  # 1 + 5 vs DC 12: the bear stops; nothing more to roll
        assert [d.status for d in app.battle.state.combat.declarations] == ["resolved"]
        assert app.battle.message[0] == "Bear's Technique: stopped by difficult ground."
        assert app.battle.state.combatants["bear"].cell == (5, 2)
