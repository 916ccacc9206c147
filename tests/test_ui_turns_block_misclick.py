"""Individual turns: after Block, a click beside the mover's path is refused with words and the
held action is kept (review 9, finding 1: it was spent on a plain held move and the block silently
did not happen). Only a square of the path blocks (R-TURN-4); Esc goes back to the question; Use
still takes any square as the held move (R-TURN-3)."""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.individual.view import pending_interrupt
from tactics.ui.app import App

from test_turns_ui import SIZE, encounter, press
from ui_driver import app_session, click, drag, drawn_texts, key, move
from ui_driver import centre as cell


@pytest.fixture
def app():
    yield from app_session(App(encounter(), size=SIZE))


def held_prompt(app: App):
    """Bear 1 dragged to second place, Brandon holds, Bear 1 runs west from (13, 2) to (8, 2):
    the banner asks Brandon."""
    press(app, "start-table")
    panel = app.battle.turns
    start = panel.row_rects["bear1"].center
    to = (start[0], panel.row_rects["james"].centery - 4)
    drag(app, start, to)
    press(app, "hold")
    press(app, "face:E")
    click(app, cell(app, (13, 2)))
    click(app, cell(app, (8, 2)))
    prompt = pending_interrupt(app.battle.encounter.state)
    assert prompt is not None and prompt.holder == "brandon" and (10, 2) in prompt.block_squares
    return prompt


def test_block_then_a_click_beside_the_path_is_refused_and_keeps_the_held_action(app):
    enc = app.battle.encounter
    held_prompt(app)
    press(app, "block")
    entries = len(enc.journal.entries)
    move(app, cell(app, (10, 3)))  # the pointer beside the path: no "10 ft" move offered there
    texts = drawn_texts(app)
    assert "not on Bear 1's path" in texts and not any(t.split(" ")[0].isdigit() and " ft" in t for t in texts)
    move(app, cell(app, (10, 2)))  # on the path: its preview
    assert "not on Bear 1's path" not in drawn_texts(app)
    click(app, cell(app, (10, 3)))  # beside the path: no block, and no plain move either
    s = enc.state
    assert len(enc.journal.entries) == entries
    assert s.combatants["brandon"].cell == (6, 2) and "brandon" in s.combat.held
    assert pending_interrupt(s) is not None  # the question still waits
    text, tone = app.battle.message[:2]
    assert tone == "error" and text.startswith("Block: click a square of Bear 1's path")
    assert "keeps the held action" in text

    key(app, pygame.K_ESCAPE)  # back to the question: the banner stays
    assert app.battle.message[0].startswith("Back to the question")
    assert pending_interrupt(enc.state) is not None

    press(app, "block")
    click(app, cell(app, (10, 2)))  # a square of the path: the block (R-TURN-4)
    s = enc.state
    assert s.combatants["brandon"].cell == (10, 2) and s.combatants["bear1"].cell == (11, 2)
    assert s.combat.last_block is not None


def test_use_still_takes_any_square_as_the_held_move(app):
    enc = app.battle.encounter
    held_prompt(app)
    press(app, "block")
    press(app, "use")  # changed their mind: a held move, anywhere in reach (R-TURN-3)
    click(app, cell(app, (6, 3)))
    s = enc.state
    assert s.combatants["brandon"].cell == (6, 3) and "brandon" not in s.combat.held
