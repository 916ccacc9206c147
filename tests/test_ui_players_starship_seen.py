"""The players' screens tell nothing of a ship they cannot see, nor of a GM ship's crew (N-SEEN-3..5).

An outside review opened the corvette encounter, Ctrl+P, Tab, Begin space combat: the players'
window said "Surprise round · Action Phase only" and "Wayfarer surprised: does not act before
round 1" while the cloaked Red Maw was not drawn (F2 said the same); after the Red Maw fired, the
players saw its whole NPC crew and which of its posts acted now. What is tested, with real keys
in the GM's headless window and every text each window draws (the layout probe):

1. After Begin, the players' window and F2 show the battle as about to begin round 1 (N-SEEN-4):
   no "surprise", no "surprised", nothing of who acts first; the GM's screen still says it.
2. The raider's Helm closes in while cloaked; then it fires. Now the players see the Red Maw and
   its volley with every die, and the surprise round; never its crew's names or posts, nor which
   of them act now (N-SEEN-5), nor the close-in made while it was unseen (N-SEEN-3).
3. A ship the players' passive sensors cannot reach is not shown even without a cloak, and the
   walker has no empty row where it would be (N-SEEN-3).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import FireWeapons, TakeAction
from tactics.engine.starship.seen import players_log_lines, ship_shown, ships_shown
from tactics.ui.app import App
from tactics.ui.starship.walker import walker_height

from test_ui_players_starship import texts_on
from ui_driver import app_session, key

pytestmark = pytest.mark.usefixtures("data_dir")

RED_MAW_CREW = ("Captain Vex", "Sly", "Dagger", "Whisper", "Boom", "Grease")
SURPRISE_WORDS = ("surprise", "unseen", "acts first")


@pytest.fixture
def app():
    yield from app_session(App(load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11), size=(1280, 720)),
                           closing=True)


def players_texts(app: App) -> list[str]:
    """Every text the players' window and the GM's F2 preview draw in one frame each."""
    pw = app.players.window
    shown = list(texts_on(app, pw.window.get_surface))
    key(app, pygame.K_F2)
    assert app.battle.viewer == "players"
    shown += list(texts_on(app, pygame.display.get_surface))
    key(app, pygame.K_F2)
    assert app.battle.viewer == "gm"
    return shown


def on_starship(app: App) -> None:
    key(app, pygame.K_p, pygame.KMOD_LCTRL)  # the players' window
    key(app, pygame.K_TAB)  # the starship screen, there too
    app.step()
    assert app.players.window.showing == "starship"
    key(app, pygame.K_RETURN)  # Begin space combat: the Red Maw, unseen, has a surprise round
    space = app.battle.state.space
    assert space.round == 0 and space.surprise == ["red_maw"]


def test_an_unseen_raiders_surprise_round_is_not_told_to_the_players(app):  # R-SHIP-7, N-SEEN-4
    on_starship(app)
    shown = players_texts(app)
    leaks = [t for t in shown if any(w in t.lower() for w in SURPRISE_WORDS)]
    assert not leaks, leaks
    assert "Space combat begins" in shown  # the walker's title, on both
    assert not any("Red Maw" in t for t in shown)
    assert "End the Action Phase" not in shown, "F2's button says 'Begin round 1'"
    gm = texts_on(app, pygame.display.get_surface)
    assert "Surprise round" in gm and any("surprised" in t for t in gm), "the GM's screen says it"
    key(app, pygame.K_F2)
    key(app, pygame.K_e)  # F2: End the phase; the Red Maw's crew could still act, unnamed there
    message = app.screens[0].message[0] if app.screens[0].message else ""
    assert not any(name in message for name in RED_MAW_CREW + ("Red Maw",)), message


def test_a_seen_raider_shows_what_it_does_not_who_does_it(app):  # R-SHIP-4, N-SEEN-3, N-SEEN-5
    on_starship(app)
    enc = app.battle.encounter
    enc.submit(TakeAction("red_maw", "helm", "close_in", {"target": "wayfarer"}))  # still cloaked
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[8, 1, 10, 8, 10])  # gives it away
    app.step()
    shown = players_texts(app)
    assert any("Red Maw" in t for t in shown), "seen now: drawn and named"
    assert any(t.startswith("The Red Maw fires 4 hard points") for t in shown), shown
    assert "Surprise round" in shown, "the volley told them of the ambush"
    crew = [t for t in shown if any(name in t for name in RED_MAW_CREW)]
    assert not crew, crew
    chips = [t for t in shown if "acts now" in t.lower() or t in ("3 Helm", "4 Sensors/Comms", "5 Weapons ✓")]
    assert not chips, "no post of the Red Maw in the walker, none acting now"
    assert "crew unknown" in shown and "Crew unknown" in shown  # the walker's row and the crew card
    lines = players_log_lines(app.battle.state, enc.journal)
    assert not any("Close" in line or "closes" in line for line in lines), "its move while unseen stays unknown"
    gm = texts_on(app, pygame.display.get_surface)
    assert "Boom" in gm and "Whisper" in gm, "the GM's screen still lists the NPC crew"


def test_a_ship_beyond_the_players_sensors_is_not_shown_and_leaves_no_empty_row():  # N-SEEN-3
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    state = enc.state
    raider = state.space.ships["red_maw"]
    raider.cloaked = False  # no cloak: only the 25 units, beyond the Wayfarer's passive range (20)
    assert not ship_shown(state, raider)
    assert [s.id for s in ships_shown(state)] == ["wayfarer"]
    assert ship_shown(state, raider, "gm")
    raider.x = 15.0  # inside the range now
    assert ship_shown(state, raider)
    raider.x = 25.0
    assert walker_height(state.space, len(ships_shown(state))) < walker_height(state.space)
