"""The players' window follows the GM's Tab to the starship screen, with public info only, and back.

What is tested, with real key presses in the GM's headless window: with the players' window
open (Ctrl+P), Tab shows the space battle there too; the Red Maw, which starts cloaked in the
corvette encounter, is named nowhere in the players' picture (R-SHIP sensors: a ship the side
has not detected does not exist for it), while the GM's screen names it; the players' own ship
is shown. Tab again and the players' window shows the map.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.ui import layout_probe as probe
from tactics.ui.app import App

from ui_driver import app_session, key

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture
def app():
    yield from app_session(App(load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11), size=(1280, 720)),
                           closing=True)


def texts_on(app: App, surface_of) -> set[str]:
    """The text drawn on one window's surface in the next frame (the layout probe's marks)."""
    recorder = probe.start()
    try:
        app.draw()
        app.players.window.dirty = True
        app.players.window.update(0.0)
    finally:
        probe.stop()
    return {m.label for m in recorder.marks.get(id(surface_of()), []) if m.kind == "text"}


def test_the_players_window_shows_the_space_battle_without_the_cloaked_raider_and_the_map_again(app):
    key(app, pygame.K_p, pygame.KMOD_LCTRL)
    pw = app.players.window
    assert pw is not None and pw.showing == "map"
    key(app, pygame.K_TAB)
    app.step()
    assert pw.showing == "starship"
    space = app.battle.state.space
    raider = next(s for s in space.ships.values() if s.cloaked)
    ours = next(s for s in space.ships.values() if not s.cloaked)
    shown = texts_on(app, pw.window.get_surface)
    assert any(ours.name in t for t in shown), shown  # the players' ship, its posts
    assert not any(raider.name in t for t in shown), "a cloaked raider the players cannot see"
    gm = texts_on(app, pygame.display.get_surface)
    assert any(raider.name in t for t in gm)  # the GM's own screen still shows it
    key(app, pygame.K_RETURN)  # the GM begins space combat: the log starts, the raider's surprise in it
    assert app.battle.state.space.started
    shown = texts_on(app, pw.window.get_surface)
    assert not any(raider.name in t for t in shown), [t for t in shown if raider.name in t]
    key(app, pygame.K_TAB)
    app.step()
    assert pw.showing == "map" and app.screens[0] is app.battle
