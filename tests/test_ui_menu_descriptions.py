"""The Add condition menu shows each condition's whole description where the window has room.

Why (review 14, finding 10): at 1920x1080 the menu cut "Disadvantage on attack rolls, s...",
"Lying down: no DEX bonus to AC..." and "Unable to act; attackers gain a..." to 34 letters,
with width to spare; it is the one place that says what a condition does.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.gm_menu import default_conditions
from tactics.ui.opening import open_default

from ui_driver import app_session


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_add_condition_menu_shows_whole_descriptions(size):
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        menu = app.gm_menu
        assert menu.open_at(app.battle.state.combatants["bear1"].cell)
        assert menu.choose("add-condition")
        rec = probe.start()
        try:
            app.draw()
        finally:
            probe.stop()
        shown = {m.label for m in rec.on(pygame.display.get_surface()) if m.kind == "text"}
        for name, rule in default_conditions().items():
            assert rule.description in shown, f"{name}: its description is cut"
