"""Team rounds in the window: a member down is shown down, not "Run 30 ft", and the GM's Action Phase
card says when only one side still stands (review 9, finding 3; R-END-1, N-HP-1, N-END-2, N-END-3)."""

from __future__ import annotations

import pytest

from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.team import Advance
from tactics.ui.app import App

from test_ui_combat import SIZE, explosion, press, space_bears
from ui_driver import app_session, drawn_texts


@pytest.fixture
def app():
    enc = space_bears()
    explosion(enc)
    yield from app_session(App(enc, size=SIZE))


def test_a_member_down_is_shown_down_and_the_lone_side_is_told(app):
    press(app, "start")
    enc = app.battle.encounter
    app.battle.submit(Advance())  # the Advantages Phase: the party's Vanguard acts
    assert enc.state.combat.acting_group().key == "party:vanguard"
    app.battle.submit(AdjustHP("james", -40))
    app.step()
    assert "James  (down: cannot act)" in drawn_texts(app)  # the pick list says who cannot act (review 9)
    press(app, "actor:james")
    texts = drawn_texts(app)
    assert any(t.startswith("Down: cannot act") for t in texts)
    assert "James is out of the fight: nothing to declare." in texts
    assert not any(t.startswith("Run ") for t in texts)
    assert any(t.startswith("Declare for Brandon,") or t == "Declare for Brandon, then resolve" for t in texts)
    assert not any("stands alone" in t for t in texts)  # both sides stand

    for bear in ("bear1", "bear2", "bear3", "bear4"):
        app.battle.submit(AdjustHP(bear, -40))
    texts = " ".join(drawn_texts(app))
    assert "The Party stands alone: the fight ends at this round's Counter Phase" in texts
    assert "End combat (GM)" in texts
    assert "next: The Party Rearguard" in texts  # the bears' Vanguard, all down, is passed over (N-END-3)
