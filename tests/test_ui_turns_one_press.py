"""Individual turns: one press of End turn (E) ends a turn and begins the next (R-TURN-2, R-FACE-1, N-FACE-3).

What is tested, through real key presses and clicks on the headless window: after a character
moves, E ends its turn and the facing prompt asks; the banner says what it waits for, and E
again says so instead of doing nothing; Enter (keep the facing) then begins the next turn by
itself. A facing chosen with the arrow keys does the same. The tracker's "End turn (keep
facing)" begins the next turn at once. Before, every turn needed a second E.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.panels.next_turn import facing_asked

from test_turns_ui import SIZE, encounter, press
from ui_driver import app_session, click, key
from ui_driver import centre as cell


@pytest.fixture
def app():
    yield from app_session(App(encounter(), size=SIZE))


def test_e_ends_the_turn_the_facing_prompt_waits_and_enter_begins_the_next(app):
    enc = app.battle.encounter
    press(app, "start-table")
    assert enc.state.combat.current == "brandon"
    app.battle.select("brandon")
    click(app, cell(app, (7, 2)))  # Brandon moves one square
    key(app, pygame.K_e)
    turns = enc.state.combat
    assert turns.phase == "between" and facing_asked(app.battle).id == "brandon"  # R-FACE-1: his facing now
    banner = app.hotseat.banner()
    assert banner.waiting == "" and "choose Brandon's facing on the map" in banner.detail  # said once (F16i)
    assert banner.title == "Brandon's turn is over" and banner.button is None  # no "Next turn" that would not
    key(app, pygame.K_e)  # a second E does not skip the question: it says what it waits for
    assert enc.state.combat.phase == "between"
    assert "Waiting for Brandon's facing" in app.battle.message[0]
    key(app, pygame.K_RETURN)  # keep the facing: James's turn begins without another E
    assert enc.state.combat.phase == "action" and enc.state.combat.current == "james"
    assert app.hotseat.banner().title == "James' turn"  # as the log spells it

    key(app, pygame.K_e)  # James: one E, then an arrow key chooses his facing and Art's turn begins
    key(app, pygame.K_LEFT)
    assert enc.state.combatants["james"].facing == "W"
    assert enc.state.combat.current == "art"


def test_tracker_end_turn_keeping_facing_begins_the_next_turn_in_one_click(app):
    enc = app.battle.encounter
    press(app, "start-table")
    press(app, "end-turn")
    assert enc.state.combat.phase == "action" and enc.state.combat.current == "james"
    assert facing_asked(app.battle) is None  # "keep facing" answered the question
    press(app, "face:S")
    assert enc.state.combatants["james"].facing == "S" and enc.state.combat.current == "art"


def test_at_the_next_turn_the_selection_moves_to_the_character_whose_turn_it_is(app):
    """Not the last one's card with Run 0 ft and its last roll (an outside reviewer's finding), nor a
    selection stuck across turns (review 16, F15): each turn begins with its character selected when
    people play it; that player's first click on the token keeps it selected (not deselected)."""
    enc = app.battle.encounter
    press(app, "start-table")
    assert enc.state.combat.current == "brandon" and app.battle.selected == "brandon"
    press(app, "end-turn")
    assert enc.state.combat.current == "james" and app.battle.selected == "james"
    click(app, cell(app, enc.state.combatants["james"].cell))  # the next player clicks their token
    assert app.battle.selected == "james" and app.battle.reach is not None and app.battle.reach.run
    app.battle.select("bear1")  # the GM looks at a bear during James's turn: told, not refused
    assert app.battle.tool.status() == "Bear 1 moves in Bear 1's own turn; now: James' turn. Esc deselects."
    press(app, "end-turn")
    assert enc.state.combat.current == "art" and app.battle.selected == "art"


def test_the_tracker_names_who_is_not_here_yet_and_how_the_gm_brings_them_in():  # R-INIT-5
    """A second reviewer played three rounds of individual turns without a word of Katie: the
    only way in was a right-click menu. The tracker lists her under the order with that hint."""
    from tactics.assets import bundled
    from tactics.ui.opening import open_path

    from ui_driver import drawn_texts

    app = App(open_path(bundled("space-bears-individual.encounter.toml"), seed=1), size=(1280, 720))
    try:
        app.step()
        press(app, "start-table")
        shown = " ".join(drawn_texts(app))
        assert "Katie: not here yet" in shown and "Join the fight here" in shown
        assert "katie" not in app.battle.turns.row_rects  # not a row of the order: she does not act yet
    finally:
        pygame.quit()
