"""The window follows the round-2 ground rules (issue 11): real clicks, headless.

What is tested: no roll resolves before every acting member has declared or chosen to do nothing,
the Resolve panel names who has not and offers their "does nothing this turn", and once the group
has begun resolving the committed declare nothing new (R-ORD-1, N-ORD-4); at a Counter Phase whose fight would end, the next button says "End combat" and a
newcomer can still join first (N-END-2).
"""

import pytest

from tactics.engine.combat.actions import Action, Declare, Undeclare
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.queries import not_declared_yet
from tactics.engine.combat.team import Advance, BeginActions, EndGroupTurn, StartCombat
from tactics.ui.app import App
from tactics.ui.panels.phase_banner import declare_line
from tactics.ui.panels.tracker import advance_label

from test_ui_combat import SIZE, all_keys, end_turn, log_lines_full, message, press, space_bears
from ui_driver import app_session


@pytest.fixture
def app():
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    yield from app_session(App(enc, size=SIZE))


def test_no_roll_before_every_member_commits_in_the_window(app):  # R-ORD-1, N-ORD-4
    """"cannot roll for their action until ... all other players have committed to action": Enter
    is refused while James has declared nothing; the Resolve panel names him and offers his "does
    nothing this turn", which the log says; then the banner stops asking anyone to declare."""
    enc = app.battle.encounter
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    assert not_declared_yet(app.battle.state) == ["james"]  # the Resolve panel says so
    press(app, "who:james")
    assert "technique:shock" in all_keys(app) and "do-nothing" in all_keys(app)
    entries = len(enc.journal.entries)
    press(app, "resolve")  # refused: nothing rolled, James keeps his turn
    assert len(enc.journal.entries) == entries
    assert "James has not committed to an action yet" in message(app)
    assert "technique:shock" in all_keys(app)
    press(app, "do-nothing:james")
    assert log_lines_full(app)[-1][1] == "James does nothing this turn."
    assert declare_line(app.battle.state, "gm") == "Declare for Brandon, James, then resolve"  # not rolled yet
    press(app, "resolve")  # Brandon's shot: the group is resolving now
    assert not_declared_yet(app.battle.state) == []
    line = declare_line(app.battle.state, "gm")  # "Brandon may still follow up ..." after a hit
    assert not line.startswith("Declare") and "James" not in line, line
    press(app, "who:james")
    keys = all_keys(app)
    assert not any(k.startswith(("technique:", "weapon:", "item:", "kind:", "free:", "do-nothing")) for k in keys), keys


def test_declaring_takes_back_doing_nothing_and_an_idle_member_is_logged_at_the_end(app):  # R-ORD-1, N-ORD-4
    enc = app.battle.encounter
    press(app, "who:james")
    press(app, "do-nothing")  # James's own card
    assert "james" in enc.state.combat.passed
    enc.submit(Declare("james", Action("technique", technique="shock", target="bear1")))
    assert "james" not in enc.state.combat.passed
    assert not_declared_yet(enc.state) == ["brandon"]
    enc.submit(Undeclare(enc.state.combat.declarations[-1].id))
    end_turn(app)  # nobody declared anything: the turn ends, the log says who did nothing
    lines = [text for _, text in log_lines_full(app)]
    at = lines.index("The Party Vanguard is done.")
    assert lines[at - 1] == "Brandon and James do nothing this turn (declared nothing)."  # one line (N-ORD-6)


def test_the_counter_phase_offers_to_end_the_fight_after_newcomers(app):  # R-END-1, N-END-2
    enc = app.battle.encounter
    for bear in ("bear1", "bear2", "bear3", "bear4"):
        enc.submit(AdjustHP(bear, -30))
    while enc.state.combat.phase != "counters":
        enc.submit(Advance() if enc.state.combat.phase != "action" else EndGroupTurn())
    app.step()
    assert advance_label(app.battle.state) == "End combat"
    assert "join:katie" in all_keys(app)  # Katie may still come in first
    press(app, "banner-advance")
    assert app.battle.state.combat.phase == "ended"
