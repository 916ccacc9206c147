"""Pinned templates reach the players' window; hover previews do not (review 4, finding 8).

What is tested, through real keys and clicks in the GM's window: with the Radius tool (B) the
hover preview stays off the players' window; a click pins the template, and the players' window
then draws its squares and a label naming only the creatures the players may see in it (a
hidden bear inside is not named, N-HIDE-2). Esc clears the pins there too.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.gm import Hide
from tactics.ui.app import App

from test_space_bears import space_bears
from ui_driver import app_session, centre, click, key, move, players_window_frame

SIZE = (1280, 720)


def _players(app: App) -> tuple[bytes, list[str]]:
    return players_window_frame(app)


def test_a_pinned_template_shows_on_the_players_window_without_hidden_names() -> None:
    enc = space_bears()
    enc.submit(Hide("bear2", 30))
    for app in app_session(App(enc, size=SIZE), closing=True):
        app.players.open(size=SIZE)
        app.step()
        before, _ = _players(app)
        key(app, pygame.K_b, text="b")
        at = enc.state.combatants["bear3"].cell
        move(app, centre(app, at))
        app.step()
        hovered, _ = _players(app)
        assert hovered == before  # a hover preview is the GM's
        click(app, centre(app, at))
        app.step()
        pins = app.battle.pinned
        assert len(pins) == 1 and enc.state.combatants["bear2"].cell in pins[0].cells
        pinned, words = _players(app)
        assert pinned != before
        label = [w for w in words if w.startswith(pins[0].label)]
        assert label and "Bear 3" in label[0] and "Bear 2" not in label[0]
        assert not any("Bear 2" in w for w in words)
        key(app, pygame.K_ESCAPE)
        app.step()
        cleared, _ = _players(app)
        assert not app.battle.pinned and cleared == before
