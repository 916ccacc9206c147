"""The players' view never asks whether a hidden GM creature interrupts (individual turns, N-HOT-1).

An outside review found that while a bear hidden from the players held an action and James's
move waited for its answer, the players' view (F2, ``tactics --players``) showed "Bear 4 holds an
action: interrupt James' move?" with Block / Use / Pass, and "Waiting for a held action: Bear 4
may act first" under the turn banner: on one screen the table learnt an unseen bear lay in wait.

What is tested, with real clicks and keys through the real app, reading every text the frame
draws (the layout probe):

1. Bear 4 hidden (the GM's Hide) holds; James's move made with the Select tool waits (R-TURN-3).
   The players' view draws no question, no Block / Use / Pass, no word of Bear 4 or of a held
   action: only "Waiting for the GM"; E there is refused without naming a holder. F2: the GM's
   view asks Bear 4, Pass lets James's move go on. The players' window's banner waits for the GM too.
2. A holder the players see (Art) is still asked in the players' view, and a hidden holder asked
   after him (Bear 4) is not named in the waiting line; once Art has passed, the players' view
   waits for the GM.
3. The move of a hidden bear that a visible holder is asked about is not put on the players'
   view either.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.gm import Hide
from tactics.engine.combat.individual.actions import Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, ReorderTurns, StartTurns
from tactics.engine.combat.individual.view import pending_interrupt
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document
from tactics.ui.app import App
from tactics.ui.panels.hotseat import turn_banner
from tactics.ui.players.seen import players_state

from ui_driver import app_session, centre, click, drawn_texts, key

SIZE = (1280, 720)
ROOM = "\n".join(["." * 14] * 9)
SPAWNS = {"Brandon": (2, 1), "James": (3, 4), "Art": (2, 7), "Katie": (0, 8),
          "Bear 1": (11, 1), "Bear 2": (11, 3), "Bear 3": (11, 5), "Bear 4": (11, 7)}
ORDER = ["brandon", "james", "art", "bear1", "bear2", "bear3", "bear4"]
SECRETS = ("Bear 4", "held action", "holds an action", "holder", "interrupt", "11, 7", "11,7")


def encounter() -> Encounter:
    definition = read_document(bundled("space-bears-individual.encounter.toml"))
    room = replace(BattleMap.from_text(ROOM, name="Bay"), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=5)


@pytest.fixture
def players_view():
    """``tactics --players FILE``: the GM's window opens as the players' view."""
    yield from app_session(App(encounter(), size=SIZE, viewer="players"))


def gm(app: App, *commands) -> None:
    """What the GM sets up in the GM's view (the GM menu's Hide, the tracker's buttons)."""
    for command in commands:
        assert app.battle.submit(command), app.battle.message


def end_turn(app: App) -> None:
    gm(app, EndTurn(), BeginTurn())


def leaks(app: App) -> list[str]:
    return [t for t in drawn_texts(app) if any(s.lower() in t.lower() for s in SECRETS)]


def james_moves(app: App, *, secret: bool = False) -> None:
    """James's player clicks his token, then a square two to the right (the Select tool);
    ``secret``: no one he sees holds, so his reach says nothing of holders."""
    state = app.battle.state
    click(app, centre(app, state.combatants["james"].cell))
    assert app.battle.selected == "james"
    if secret:
        assert leaks(app) == []
    click(app, centre(app, (5, 4)))
    assert state.combat.pending is not None and state.combat.pending.actor == "james"  # it waits (R-TURN-3)


def test_the_players_view_waits_for_the_gm_and_names_no_hidden_holder(players_view: App) -> None:  # N-HOT-1
    app = players_view
    state = app.battle.state
    gm(app, Hide("bear4", 20), StartTurns("table"), BeginTurn(),
       ReorderTurns(["brandon", "bear4", "james", "art", "bear1", "bear2", "bear3"]))
    end_turn(app)  # Brandon -> Bear 4
    gm(app, Hold("bear4"))
    end_turn(app)  # Bear 4 -> James
    assert state.combat.current == "james"
    james_moves(app, secret=True)
    assert pending_interrupt(state).holder == "bear4"  # the engine asks the hidden bear

    texts = drawn_texts(app)
    assert "Waiting for the GM" in texts
    assert leaks(app) == [], "the players' view says a hidden creature acts"
    for seen in (state, players_state(state)):  # the players' window (Ctrl+P) asks the same banner
        assert turn_banner(seen, for_players=True).waiting == "Waiting for the GM"
    assert "Bear 4" in turn_banner(state).waiting  # the GM's own view names it
    panel = app.battle.turns
    assert panel.banner.rect is None and panel.banner.keys() == []  # no question, no Block / Use / Pass
    key(app, pygame.K_e)  # End turn while James's move waits
    assert state.combat.current == "james"
    message = app.battle.message[0]
    assert "waiting for the GM" in message and "holder" not in message and "Bear 4" not in message
    assert leaks(app) == []

    key(app, pygame.K_F2)  # the GM's view: the GM answers for the bear
    assert app.battle.viewer == "gm"
    assert "Bear 4 holds an action: interrupt James' move?" in drawn_texts(app)
    click(app, panel.button_rect("pass").center)
    assert state.combat.pending is None and state.combatants["james"].cell == (5, 4)


def test_a_visible_holder_is_asked_and_a_hidden_one_after_him_is_not_named(players_view: App) -> None:  # N-HOT-1
    app = players_view
    state = app.battle.state
    gm(app, Hide("bear4", 20), StartTurns("table"), BeginTurn())
    assert state.combat.order == ORDER
    end_turn(app)  # Brandon
    end_turn(app)  # James
    gm(app, Hold("art"))
    for _ in range(3):  # Art, Bear 1, Bear 2 -> Bear 3
        end_turn(app)
    end_turn(app)  # Bear 3 -> Bear 4
    gm(app, Hold("bear4"))
    end_turn(app)  # round 2: Brandon
    end_turn(app)  # James
    james_moves(app)
    assert state.combat.pending.ask == ["art", "bear4"]  # asked in turn order after James

    texts = drawn_texts(app)
    assert "Art holds an action: interrupt James' move?" in texts  # the players answer for Art
    assert "Waiting for a held action: Art may act first" in texts
    assert not any("Bear 4" in t for t in texts)
    click(app, app.battle.turns.button_rect("pass").center)
    assert pending_interrupt(state).holder == "bear4"
    assert "Waiting for the GM" in drawn_texts(app) and leaks(app) == []


def test_a_hidden_movers_question_stays_off_the_players_view(players_view: App) -> None:  # N-HOT-1
    app = players_view
    state = app.battle.state
    gm(app, Hide("bear1", 20), StartTurns("table"), BeginTurn())
    end_turn(app)  # Brandon
    end_turn(app)  # James
    gm(app, Hold("art"))
    end_turn(app)  # Art -> Bear 1
    gm(app, TakeAction("bear1", TurnAction("move", path=[(10, 1), (9, 1)])))
    assert pending_interrupt(state).holder == "art"
    texts = drawn_texts(app)
    assert not any("Bear 1" in t or "interrupt" in t for t in texts), texts
    assert app.battle.turns.banner.keys() == []
