"""The Attack tool before a fight has started says what to do first.

Why: with no fight, the tool said "Click a target" and a click on a bear gave
only the engine's terse "combat has not started" (an outside reviewer's
finding). A GM should read what to press.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, centre, click, key


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=1), size=(1600, 900)), closing=True)


def test_attack_before_the_fight_points_to_the_start_button(app):
    click(app, centre(app, app.battle.state.combatants["brandon"].cell))
    key(app, pygame.K_t)
    assert app.battle.tool.name == "attack"
    assert "start it first" in app.battle.tool.status()
    entries = len(app.battle.encounter.journal.entries)
    click(app, centre(app, app.battle.state.combatants["bear1"].cell))
    message = app.battle.current_message()
    assert message is not None and "start it first" in message[0] and "Start" in message[0]
    assert len(app.battle.encounter.journal.entries) == entries
