"""Individual turns: a disarm is said with the trap's name, and its dice reach the Last roll card
(review 9, finding 6: the log read "trap-1 (non-contested, both actions of the turn)." and the card
still showed the roll before). R-TRAP-3 (disarm with disadvantage), N-TRAP-10 (both actions)."""

from __future__ import annotations

import pytest

from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns
from tactics.engine.hazards.traps import DetectTrap, Disarm, PlaceTrap
from tactics.ui.app import App

from test_turns_ui import SIZE, encounter
from ui_driver import app_session, drawn_texts


@pytest.fixture
def app():
    enc = encounter()
    enc.submit(PlaceTrap("simple_mechanical", (7, 2), trap_id="trap-1"))  # beside Brandon at (6, 2)
    enc.submit(DetectTrap("trap-1", "brandon"))
    yield from app_session(App(enc, size=SIZE))


def test_the_disarm_reads_as_words_and_its_roll_is_the_last_roll(app):
    view = app.battle
    assert view.submit(StartTurns("table")) and view.submit(BeginTurn())
    assert view.state.combat.current == "brandon"
    assert view.submit(Disarm("brandon", "trap-1"))
    app.step()
    lines = [line for _, line in view.turns.column.log.wrapped(10_000)]
    text = " ".join(lines)
    assert "Brandon: disarm the Simple mechanical trap (non-contested, both actions of the turn)." in text
    assert "trap-1" not in text
    drawn = drawn_texts(app)
    result = view.state.traps["trap-1"]
    assert "Last roll" in drawn
    assert any(t.startswith("Brandon: disarm the Simple mechanical trap") for t in drawn)
    assert any(t.startswith("= ") and t.endswith("vs DC 10") for t in drawn)  # the total against the DC
    assert ("DISARMED" in drawn) == (not result.armed)
