"""Solo play on the starship screen: F6 hands the enemy ship to the app, whose crew acts one post per beat.

Driven through real key presses and frames of the headless app (the pirate-corvette encounter);
time is the add-on's injected clock, so nothing waits on real time.
"""

from __future__ import annotations

import pygame
import pytest
from ui_driver import app_session, key

from tactics.assets import bundled
from tactics.engine.core.control import SetController, controller_of
from tactics.engine.core.encounter import load_encounter
from tactics.ui.app import App
from tactics.ui.opponent import BEAT_MS, OpponentAddon
from tactics.ui.starship.screen import StarshipScreen

SIZE = (1600, 900)
pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture
def app():
    yield from app_session(App(load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11), size=SIZE))


def _starship(app: App) -> StarshipScreen:
    key(app, pygame.K_TAB)
    screen = app.screens[0]
    assert isinstance(screen, StarshipScreen)
    screen.reveal_ms = 0
    return screen


def _addon(app: App) -> OpponentAddon:
    return next(a for a in app.addons if isinstance(a, OpponentAddon))


def test_f6_on_the_starship_screen_cycles_who_plays_the_pirates_and_undoes(app):
    screen = _starship(app)
    key(app, pygame.K_F6)
    assert controller_of(app.battle.state, "pirates") == "win"
    assert controller_of(app.battle.state, "party") is None  # the players' side stays theirs
    assert "Red Maw's side: played by the app (plays to win)" in screen.message[0]
    key(app, pygame.K_F6)
    assert controller_of(app.battle.state, "pirates") == "monster"
    key(app, pygame.K_F6)
    assert controller_of(app.battle.state, "pirates") is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert controller_of(app.battle.state, "pirates") == "monster"


def test_the_red_maw_plays_its_posts_one_per_beat_and_leaves_the_phase_to_the_gm(app):
    screen = _starship(app)
    addon = _addon(app)
    now = [0]
    addon.clock = lambda: now[0]
    journal = app.battle.encounter.journal
    key(app, pygame.K_RETURN)  # begin space combat: the unseen Red Maw's surprise round
    assert app.battle.state.space.round == 0
    for _ in range(3):  # people play both ships: the app does nothing however long we wait
        now[0] += 10 * BEAT_MS
        app.step()
    assert not any(e.command == "space.take_action" for e in journal.entries)
    key(app, pygame.K_F6)
    assert addon.busy(), "the Red Maw's crew is the app's to play"
    count = len(journal.entries)
    app.step()  # not yet: the beat has not come
    assert len(journal.entries) == count
    acted = []
    for _ in range(12):
        now[0] += BEAT_MS
        app.step()
        if len(journal.entries) > count:
            acted.append(journal.entries[-1])
            count = len(journal.entries)
            assert screen.message and "Red Maw's" in screen.message[0]  # the reason in the status line
            assert screen.log_lines()[-1].startswith("Red Maw") and " Why: " in screen.log_lines()[-1]  # ... the log
            now[0] += BEAT_MS // 2
            app.step()  # half a beat later: still one command only
            assert len(journal.entries) == count
        if not addon.busy():
            break
    assert acted and all(e.command == "space.take_action" and e.args["ship"] == "red_maw" for e in acted)
    assert any(e.args["action"] == "fire" for e in acted)
    assert not addon.busy(), "its posts have acted: the phase is the GM's to end"
    assert app.battle.state.space.round == 0 and app.battle.state.space.phase == "action"
    # the shown screen is drawn from the new state: the Red Maw's acted posts no longer glow
    assert not [s for s in screen.hotspots.items if s.key == "walker_post" and s.data["ship"] == "red_maw"
                and s.data["post"] in {e.args["post"] for e in acted}]


def test_the_app_plays_the_ship_only_while_the_starship_screen_is_shown(app):
    screen = _starship(app)
    addon = _addon(app)
    now = [0]
    addon.clock = lambda: now[0]
    key(app, pygame.K_RETURN)
    key(app, pygame.K_F6)
    key(app, pygame.K_TAB)  # back to the battle map: the ground fight has not started
    assert app.screens[0] is app.battle
    journal = app.battle.encounter.journal
    count = len(journal.entries)
    for _ in range(4):
        now[0] += 2 * BEAT_MS
        app.step()
    assert len(journal.entries) == count and not addon.busy()
    key(app, pygame.K_TAB)
    assert app.screens[0] is screen and addon.busy()


def test_with_both_ships_the_apps_it_ends_the_phases_itself(app):
    screen = _starship(app)
    addon = _addon(app)
    now = [0]
    addon.clock = lambda: now[0]
    key(app, pygame.K_RETURN)
    key(app, pygame.K_F6)  # the Red Maw ...
    assert app.battle.submit(SetController("party", "monster"))  # ... and the Wayfarer (the GM's menu would)
    for _ in range(40):
        now[0] += BEAT_MS
        app.step()
        if app.battle.state.space.round >= 2:
            break
    assert app.battle.state.space.round >= 2, "the app plays the phases on"
    ended = [e for e in app.battle.encounter.journal.entries if e.command == "space.end_phase"]
    assert ended and screen.dialog is None
