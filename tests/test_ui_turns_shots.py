"""Sure shots, reloads and held fire mid-move from the turn tracker (the second text; N-SHOT-1, N-HELD-1).

What is tested, through real clicks on the headless window: the tracker offers "Sure shot" and
"Reload" for a character's loaded crossbows, with the shots left on the button; hovering a target
with the sure-shot tool shows the guaranteed-hit card (or the engine's reason in red when the
target is too far); a click fires it with no accuracy roll, a plain hit, using one load, and the
contested action stays open; once a load is spent, Reload loads it again. A character holding its
action is asked about a waiting move: "Fire" outlines the mover's path, and a click on a square of
it fires the held shot when the mover gets there (UseHeld at that square).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.individual.view import pending_interrupt, pips_of
from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.ui.app import App

from ui_driver import app_session, click, fighter, key, move
from ui_driver import centre as cell

SIZE = (1600, 900)
ROOM = "\n".join(["." * 14] * 9)


def encounter(bruno_at: tuple[int, int]) -> Encounter:
    definition = {
        "name": "Sure shots", "mode": "individual",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ada", "party", (2, 4), weapons=["hand_crossbow", "hand_crossbow"],
                               abilities={"DEX": 14}),
                       fighter("bruno", "bears", bruno_at, weapons=["bear_claws"], ac=13)],
    }
    return Encounter(definition, BattleMap.from_text(ROOM), seed=5)


def press(app: App, key_name: str) -> None:
    panel = app.battle.turns
    rect = panel.button_rect(key_name)
    assert rect is not None, f"no button {key_name!r}: {panel.keys() + panel.banner.keys()}"
    click(app, rect.center)



def enabled(app: App, key_name: str) -> bool:
    """Is the tracker's button there and live (a greyed-out button runs nothing)?"""
    hit = next((h for h in app.battle.turns.hits if h.key == key_name), None)
    return hit is not None and hit.action is not None


@pytest.fixture
def near():
    yield from app_session(App(encounter((4, 4)), size=SIZE))


@pytest.fixture
def far():
    yield from app_session(App(encounter((9, 4)), size=SIZE))


def test_sure_shot_hits_without_a_roll_and_reload_loads_it_again(near):
    app = near
    enc = app.battle.encounter
    press(app, "start-table")
    assert enc.state.combat.current == "ada"
    panel = app.battle.turns
    assert panel.button_rect("reload:hand_crossbow") and not enabled(app, "reload:hand_crossbow")  # both loaded
    press(app, "shot:hand_crossbow")
    assert app.battle.tool.name == "shot"
    move(app, cell(app, (4, 4)))
    shown = app.battle.tool.shown
    assert shown is not None and shown.problem is None and (shown.distance_ft, shown.sure_hit_ft) == (10, 15)
    assert (shown.loaded, shown.capacity) == (2, 2)
    click(app, cell(app, (4, 4)))
    entry = enc.journal.entries[-1]
    kinds = [e.kind for e in entry.events]
    assert "turns.sure-shot" in kinds and "attack.rolled" not in kinds  # no accuracy roll (N-SHOT-1)
    dealt = next(e.data["amount"] for e in entry.events if e.kind == "damage.rolled")
    assert enc.state.combatants["bruno"].hp == 30 - dealt
    pips = pips_of(enc.state, "ada")
    assert pips.plain == "used" and pips.contested == "open"  # the attack is still open
    assert app.battle.tool.name == "select"

    # the next turn of Ada's: one load spent, Reload loads it again (a non-contested action)
    key(app, pygame.K_e)
    key(app, pygame.K_RETURN)  # Ada keeps her facing; Bruno's turn
    key(app, pygame.K_e)
    key(app, pygame.K_RETURN)  # Bruno's; round 2, Ada again
    assert enc.state.combat.current == "ada"
    press(app, "reload:hand_crossbow")
    assert enc.journal.entries[-1].events[-1].kind == "turns.reloaded"
    assert not enabled(app, "reload:hand_crossbow")  # loaded again


def test_too_far_shows_why_and_a_held_shot_fires_on_a_square_of_the_move(far):
    app = far
    enc = app.battle.encounter
    press(app, "start-table")
    press(app, "shot:hand_crossbow")
    move(app, cell(app, (9, 4)))
    shown = app.battle.tool.shown
    assert shown is not None and "only within 15 ft" in shown.problem  # the engine's reason, on the card
    click(app, cell(app, (9, 4)))
    assert "only within 15 ft" in app.battle.message[0] and enc.state.combatants["bruno"].hp == 30
    key(app, pygame.K_ESCAPE)

    press(app, "hold")  # Ada holds her non-contested action (R-TURN-3)
    key(app, pygame.K_e)
    key(app, pygame.K_RETURN)
    assert enc.state.combat.current == "bruno"
    app.battle.set_tool("select")
    app.battle.select("bruno")
    click(app, cell(app, (3, 4)))  # Bruno runs at Ada: the move waits for her answer
    prompt = pending_interrupt(enc.state)
    assert prompt is not None and prompt.holder == "ada"
    press(app, "fire:hand_crossbow")
    tool = app.battle.tool
    assert tool.name == "shot" and tool.held
    squares = tool.path_previews()
    assert squares[(8, 4)].problem and squares[(5, 4)].problem is None  # 30 ft: too far; 15 ft: a sure hit
    click(app, cell(app, (5, 4)))
    entry = enc.journal.entries[-1]
    used = next(e for e in entry.events if e.kind == "turns.held-used")
    assert used.data["mid_move"] and used.data["at"] == [5, 4]
    assert any(e.kind == "turns.sure-shot" for e in entry.events)
    assert enc.state.combatants["bruno"].hp < 30 and enc.state.combatants["bruno"].cell == (3, 4)


@pytest.fixture
def close():
    yield from app_session(App(encounter((3, 4)), size=SIZE))


def test_a_held_sure_shot_fires_before_a_waiting_attack(close):  # R-TURN-3: the holder acts first
    app = close
    enc = app.battle.encounter
    press(app, "start-table")
    press(app, "hold")
    key(app, pygame.K_e)
    key(app, pygame.K_RETURN)
    press(app, "weapon:bear_claws")
    click(app, cell(app, (2, 4)))  # Bruno claws at Ada: the attack waits for her answer
    assert pending_interrupt(enc.state).holder == "ada"
    press(app, "fire:hand_crossbow")
    tool = app.battle.tool
    assert tool.name == "shot" and not tool.held  # not a move: she fires at Bruno before it
    move(app, cell(app, (3, 4)))
    assert tool.shown.problem is None
    click(app, cell(app, (3, 4)))
    entry = enc.journal.entries[-1]
    assert entry.command == "use-held"
    kinds = [e.kind for e in entry.events]
    assert kinds.index("turns.sure-shot") < kinds.index("attack.rolled")  # her shot, then his attack
