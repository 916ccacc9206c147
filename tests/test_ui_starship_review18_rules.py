"""What the starship screen shows of review 18's rules findings, driven headless at 1280x720 and 1920x1080.

What is tested on the bundled pirate corvette, with real clicks:

1. the Scan dialog shows the worked check before the roll, "vs DC 11 (10 + Wayfarer's Shield Mod
   1)", the very DC the roll then reports (R-SHIP-8);
2. James's dialog fills the crew bonus from his sheet and says where it came from (N-SKILL-1);
   a click on + sets it by hand and says so; the roll uses what was shown (R-SHIP-8);
3. the end-of-phase card after a cloaked raider fires says its cloak drops and why (R-SHIP-1);
4. with no one hurt the Medical Officer's post says "nothing to treat", does not glow, and a click
   on it says why (N-SHIP-4);
5. the Chief Engineer's first choice says what it is for, and in the surprise round that nothing is
   given up (N-SHIP-2).
"""

from __future__ import annotations

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import EndPhase, FireWeapons, StartSpaceCombat, TakeAction
from tactics.ui.app import App

from test_ui_starship import end_phase, press, starship, walker_posts
from ui_driver import app_session, drawn_marks, drawn_texts

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def app(request):
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    yield from app_session(App(enc, size=request.param), closing=True)


def texts(app) -> str:
    return "\n".join(drawn_texts(app))


def test_the_scan_dialog_shows_the_worked_dc_before_the_roll(app):  # R-SHIP-8
    screen = starship(app)
    screen.encounter.submit(StartSpaceCombat())
    app.step()
    press(app, screen, "walker_post", ship="red_maw", post="sensors")
    press(app, screen, "dlg.action", action="scan")
    before = texts(app)
    assert "Rolls 2d10 + Sensor Mod 1 + crew bonus 0 vs DC 11 (10 + Wayfarer's Shield Mod 1)" in before
    assert "Whisper has no character sheet: set the Computers bonus by hand" in before
    press(app, screen, "dlg.take")
    after = texts(app)
    assert "vs DC 11" in after and "vs DC 11 (10 + Wayfarer's Shield Mod 1)" in after


def test_james_crew_bonus_comes_from_his_sheet_and_may_be_set_by_hand(app):  # R-SHIP-8, N-SKILL-1
    screen = starship(app)
    enc = screen.encounter
    enc.submit(StartSpaceCombat())
    enc.submit(EndPhase())  # round 1, Support Phase
    app.step()
    press(app, screen, "walker_post", ship="wayfarer", post="science")
    press(app, screen, "dlg.action", action="boost_weapons")
    shown = drawn_texts(app)
    assert "+2" in shown and "Science (INT) +2: James' sheet has no Science, so the INT modifier" in shown
    assert "Rolls 2d10 + Weapons Mod 2 + James' Science (INT) 2 vs DC 12" in shown
    # the worked check has its room: above the dialog's buttons, even with the hack's target row
    press(app, screen, "dlg.action", action="hack_shields")
    worked = [m.rect for m in drawn_marks(app) if m.kind == "text" and m.label.startswith(("Rolls ", "vs DC"))]
    assert worked and max(r.bottom for r in worked) < screen.spot_rect("dlg.take").top
    press(app, screen, "dlg.action", action="boost_weapons")
    press(app, screen, "dlg.bonus", step=1)
    shown = drawn_texts(app)
    assert "+3" in shown and "set by hand (the sheet gives +2)" in shown
    assert "Rolls 2d10 + Weapons Mod 2 + crew bonus 3 vs DC 12" in shown
    press(app, screen, "dlg.take")
    taken = enc.journal.entries[-1].events[0]
    assert ["crew bonus", 3] in taken.check["modifiers"]


def test_the_phase_card_says_the_cloak_drops_because_the_ship_fired(app):  # R-SHIP-1, N-SEEN-3
    screen = starship(app)
    enc = screen.encounter
    enc.submit(StartSpaceCombat())
    enc.submit(TakeAction("red_maw", "engineer", "assist_cloak"), typed=[5, 2])  # fails
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[5, 2, 3, 9])
    app.step()
    end_phase(app, screen)
    card = texts(app)
    assert "The surprise round ends" in card
    assert "The Red Maw's cloak drops: it fired (a cloak hides a ship only until it fires)." in card
    press(app, screen, "dlg.done")
    assert "CLOAKED" not in drawn_texts(app)


def test_the_medical_officer_with_no_one_hurt_has_nothing_to_treat(app):  # N-SHIP-4
    screen = starship(app)
    enc = screen.encounter
    enc.submit(StartSpaceCombat())
    for _ in range(3):
        enc.submit(EndPhase())
    assert enc.state.space.phase == "response"
    app.step()
    assert walker_posts(screen, "wayfarer") == []  # neither the medic nor the engineer glows
    shown = drawn_texts(app)
    assert "nothing to treat" in shown and "ACTS NOW" not in shown
    assert any(t.endswith("Medical Officer: nothing to treat") for t in shown)
    press(app, screen, "post", ship="wayfarer", post="medical")
    assert screen.dialog is None
    assert "no one aboard is hurt" in screen.message[0]


def test_the_engineers_first_choice_says_what_it_is_for(app):  # N-SHIP-2, R-SHIP-7
    screen = starship(app)
    screen.encounter.submit(StartSpaceCombat())
    app.step()
    press(app, screen, "walker_post", ship="red_maw", post="engineer")
    shown = drawn_texts(app)
    assert "1  Commit to the Action Phase" in shown
    assert "no roll now: Grapple or cloak later this phase" in shown
    press(app, screen, "dlg.action", action="engineer_to_action")
    shown = texts(app)
    assert "The surprise round has no Response Phase: acting now gives nothing up." in shown
    assert "Gives up the Response Phase (no repairs)." in shown  # the whole text, its last words too
    assert "Act in this Action Phase" not in shown
