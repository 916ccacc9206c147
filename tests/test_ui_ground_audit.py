"""The window follows the round-2 ground rules (issue 11): real clicks, headless.

What is tested: once the group has begun resolving, the Declare panel offers a member who has not
declared nothing new (R-ORD-1, N-ORD-4), while before it the Resolve panel names who has not
declared yet; at a Counter Phase whose fight would end, the next button says "End combat" and a
newcomer can still join first (N-END-2).
"""

import pytest

from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.queries import not_declared_yet
from tactics.engine.combat.team import Advance, BeginActions, EndGroupTurn, StartCombat
from tactics.ui.app import App
from tactics.ui.panels.tracker import advance_label

from test_ui_combat import SIZE, all_keys, press, space_bears
from ui_driver import app_session


@pytest.fixture
def app():
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    yield from app_session(App(enc, size=SIZE))


def test_resolving_closes_the_declarations_in_the_window(app):  # R-ORD-1, N-ORD-4
    enc = app.battle.encounter
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    assert not_declared_yet(app.battle.state) == ["james"]  # the Resolve panel says so
    press(app, "who:james")
    assert "technique:shock" in all_keys(app)
    press(app, "resolve")  # Brandon's shot: the group is resolving now
    assert not_declared_yet(app.battle.state) == []
    press(app, "who:james")
    keys = all_keys(app)
    assert not any(k.startswith(("technique:", "weapon:", "item:", "kind:", "free:")) for k in keys), keys


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
