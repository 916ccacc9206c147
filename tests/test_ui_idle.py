"""A pointer resting on the toolbar costs no redraws once the toolbar shows what it should.

What a user would notice: a laptop fan spinning (38% CPU at 30 fps) while the
pointer sits on a button. The hover colour and the tool tip must still appear.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from ui_driver import app_session, move


@pytest.fixture
def app():
    battle_map = BattleMap.from_text("\n".join(["." * 12] * 8), name="Idle room")
    definition = {"name": "Idle", "teams": {"party": {"players": True}},
                  "combatants": [{"id": "a", "name": "Ann", "team": "party", "cell": [2, 2], "hp": 10}]}
    yield from app_session(App(Encounter(definition, battle_map, seed=1), size=(800, 480)))


def test_pointer_resting_on_a_toolbar_button_stops_redrawing(app):
    button = next(b for b, (_, name) in app.toolbar.buttons.items() if name == "ruler")
    move(app, button.rect.center)
    assert button.hovered
    app.step()  # the hover colour shows
    frames = app.frames
    for _ in range(5):
        app.step()
    assert app.frames == frames  # nothing changed: nothing drawn
    assert app.widgets.wake_ms(app.gui, app.toolbar) is not None  # but the loop wakes for the pending tool tip

    button.hover_time = button.tool_tip_delay + 0.5  # the pointer rested long enough
    app.step()
    assert button.tool_tip is not None and app.frames == frames + 1  # the tool tip is drawn once
    frames = app.frames
    for _ in range(5):
        app.step()
    assert app.frames == frames
    assert app.widgets.wake_ms(app.gui, app.toolbar) is None  # nothing pending: the loop sleeps until an event


def test_leaving_the_toolbar_redraws_the_button_unhovered(app):
    button = next(b for b, (_, name) in app.toolbar.buttons.items() if name == "ruler")
    spot = (button.rect.left + 4, button.rect.centery)  # the button's face, clear of its text
    move(app, button.rect.center)
    app.step()
    hovered = pygame.display.get_surface().get_at(spot)
    frames = app.frames
    move(app, (400, 300))
    app.step()
    assert not button.hovered and app.frames > frames
    assert pygame.display.get_surface().get_at(spot) != hovered  # the hover colour is gone from the screen
