"""The toolbar, drawn by the app itself (issue 12: no pygame_gui at start), works as its buttons did.

What is tested, through real pygame events in the headless window: a click (press and
release on the same button) picks the tool, a press dragged off the button picks
nothing and never reaches the map, the chosen tool's button is drawn lit, the tool tip
(name, hotkey, what it does) shows after the pointer rests on a button and goes when it
leaves, and none of this made pygame_gui's manager.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from ui_driver import app_session, click, move, post


@pytest.fixture
def app():
    battle_map = BattleMap.from_text("\n".join(["." * 12] * 8), name="Toolbar room")
    definition = {"name": "Toolbar", "teams": {"party": {"players": True}},
                  "combatants": [{"id": "a", "name": "Ann", "team": "party", "cell": [2, 2], "hp": 10}]}
    yield from app_session(App(Encounter(definition, battle_map, seed=1), size=(800, 480)))


def button(app: App, name: str):
    return next(b for b, (_, n) in app.toolbar.buttons.items() if n == name)


def test_a_click_picks_the_tool_and_lights_its_button(app):
    ruler = button(app, "ruler")
    face = (ruler.rect.left + 3, ruler.rect.centery)  # the button's fill, clear of its label
    before = pygame.display.get_surface().get_at(face)
    click(app, ruler.rect.center)
    assert app.battle.tool.name == "ruler" and ruler.is_selected
    assert not button(app, "select").is_selected
    move(app, (400, 300))  # off the toolbar: the lit colour is the chosen one's, not the hover's
    assert pygame.display.get_surface().get_at(face) != before
    assert app.gui is None  # no pygame_gui manager was made for any of it


def test_a_press_dragged_off_the_button_picks_nothing(app):
    ruler, radius = button(app, "ruler"), button(app, "radius")
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=ruler.rect.center, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ruler.rect.center, button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=radius.rect.center, rel=(1, 1), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=radius.rect.center, button=1))
    assert app.battle.tool.name == "select"


def test_the_tool_tip_shows_after_a_rest_and_goes_with_the_pointer(app):
    ruler = button(app, "ruler")
    move(app, ruler.rect.center)
    assert ruler.hovered and ruler.tool_tip is None  # not at once
    ruler.hover_time = ruler.tool_tip_delay + 0.1  # the pointer rested a second
    app.step()
    tip = ruler.tool_tip
    assert tip is not None and "Ruler" in tip.text and "(R)" in tip.text
    assert tip.rect.top >= ruler.rect.bottom - 1 and tip.rect.colliderect(pygame.Rect(0, 0, 800, 480))
    edge = pygame.display.get_surface().get_at(tip.rect.topleft)
    assert edge[:3] == (255, 196, 64)  # its gold edge is on the screen
    move(app, (400, 300))
    assert ruler.tool_tip is None and not ruler.hovered
    assert pygame.display.get_surface().get_at(tip.rect.topleft)[:3] != (255, 196, 64)
