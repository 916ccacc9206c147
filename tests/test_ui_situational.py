"""The GM adds a situational advantage or disadvantage (cover, flanking, height) to an attack.

Review 4, findings 4 and 10. The text's Advantages Phase, item 5: "Situation Specific: This is
usually up to the GM ... such as having their Characters flank the enemy"; R-ROLL-2: every
advantage and disadvantage cancels one for one, the net adds one Affinity Die or subtracts one d2.
What is tested, through real clicks and keys on the headless window: while the Attack tool aims,
the Declare panel has a "Situation - 0 +" row; its buttons and the + / - keys change the count
(never while the typed-dice box has the keyboard); the card's odds are the engine's with it
(``hit_chances`` with the net count); the declaration, the queue, the log and the roll carry it.
In individual turns the turn tracker has the same row and ``TakeAction`` carries it. Before the
roll the card and the queue name the advantage die: "d20 + 5 - d2 vs AC 12".
"""

from __future__ import annotations

import pygame
import pytest

from tactics.rules.attacks import hit_chances
from tactics.rules.sheets import default_armoury
from tactics.ui.app import App
from tactics.ui.attack_words import card_lines, queue_line

from test_ui_combat import SIZE, combat, explosion, log_lines_full, press, space_bears, start_surprise, token
from test_ui_input_focus import focus, type_text
from ui_driver import app_session, click, drawn_texts, key, move


@pytest.fixture
def app():
    enc = space_bears()
    explosion(enc)
    yield from app_session(App(enc, size=SIZE))


def aim_brandon(app: App) -> None:
    start_surprise(app)
    press(app, "banner-advance")
    press(app, "actor:brandon")
    press(app, "weapon:silenced_pistol")


def brandon_odds(advantage: int):
    """Brandon (DEX +4, pistol +1) on flat-footed Bear 1 (AC 12 without DEX), ``advantage`` net."""
    brandon = space_bears().state.combatants["brandon"].sheet
    bear = space_bears().state.combatants["bear1"].sheet
    pistol = default_armoury().weapon("silenced_pistol")
    return hit_chances(brandon.mod("DEX") + pistol.accuracy, bear.ac - bear.mod("DEX"), advantage=advantage)


def test_the_gm_grants_a_situational_advantage_it_reaches_the_odds_the_declaration_and_the_roll(app):
    aim_brandon(app)
    tool = app.battle.tools["attack"]
    assert app.battle.combat.button_rect("situation:more") is not None, "no Situation row while aiming"
    press(app, "situation:more")
    press(app, "situation:more")
    assert tool.situational == 2
    assert "+2 situational advantages (GM)" in " ".join(drawn_texts(app))  # the row says it in words
    move(app, token(app, "bear1"))
    # not proficient -1, Shaken -1, situational +2: they cancel, no advantage die (R-ROLL-2)
    assert tool.shown.chances == brandon_odds(0)
    assert ("situational (GM)", 2) in tool.shown.advantages
    assert card_lines(tool.shown)[0].startswith("d20 + 5 vs AC 12")
    click(app, token(app, "bear1"))
    (decl,) = combat(app).declarations
    assert decl.params["situational"] == 2
    assert tool.situational == 0, "the next attack starts with no situation of its own"
    log = [text for _, text in log_lines_full(app)]
    assert any("+2 situational advantages (GM)" in line for line in log)
    press(app, "resolve")
    rolled = next(e for e in app.battle.encounter.journal.entries[-1].events if e.kind == "attack.rolled")
    assert ["situational (GM)", 2] in rolled.data["advantages"] and rolled.data["net_advantage"] == 0


def test_plus_and_minus_keys_change_the_situation_but_not_while_typing_dice(app):
    aim_brandon(app)
    tool = app.battle.tools["attack"]
    key(app, pygame.K_MINUS, text="-")
    assert tool.situational == -1
    move(app, token(app, "bear1"))
    assert tool.shown.chances == brandon_odds(-3)
    key(app, pygame.K_EQUALS, text="=")
    key(app, pygame.K_KP_PLUS)
    assert tool.situational == 1
    move(app, token(app, "bear2"))
    move(app, token(app, "bear1"))
    assert tool.shown.chances == brandon_odds(-1)
    click(app, token(app, "bear1"))
    press(app, "dice-mode")  # the table types its dice: a text box in the Resolve panel
    press(app, "weapon:silenced_pistol")  # Brandon's Bonus Attack, aimed
    assert app.battle.tool.name == "attack" and tool.situational == 0
    focus(app, app.battle.combat.resolve.entry)
    type_text(app, "+-+")
    assert tool.situational == 0, "a key typed into the dice box changed the situation"


def test_the_card_and_the_queue_name_the_advantage_die_before_the_roll(app):
    aim_brandon(app)
    tool = app.battle.tools["attack"]
    move(app, token(app, "bear1"))
    lines = card_lines(tool.shown)
    assert lines[0] == "d20 + 5 - d2 vs AC 12 (flat-footed, no DEX +2)"
    assert lines[1] == "+5: DEX +4, weapon +1"
    assert lines[2].startswith("- d2: 2 net disadvantages (not proficient -1, Shaken -1")
    texts = " ".join(drawn_texts(app))
    assert "d20 + 5 - d2 vs AC 12" in texts  # on the card on the map
    click(app, token(app, "bear1"))
    assert queue_line(tool.shown) in " ".join(drawn_texts(app))  # and in the Resolve queue


def test_individual_turns_carry_the_situation_into_the_action():
    from test_turns_ui import encounter
    from test_turns_ui import press as press_turns
    from ui_driver import centre as cell

    gen = app_session(App(encounter(), size=SIZE))
    app = next(gen)
    try:
        enc = app.battle.encounter
        press_turns(app, "start-table")
        assert enc.state.combat.current == "brandon"
        press_turns(app, "weapon:silenced_pistol")
        press_turns(app, "situation:less")
        tool = app.battle.tools["attack"]
        assert tool.situational == -1
        move(app, cell(app, (13, 2)))
        assert ("situational (GM)", -1) in tool.shown.advantages
        click(app, cell(app, (13, 2)))
        entry = enc.journal.entries[-1]
        assert entry.command == "take-action" and entry.args["action"]["situational"] == -1
        rolled = next(e for e in entry.events if e.kind == "attack.rolled")
        assert ["situational (GM)", -1] in rolled.data["advantages"]
    finally:
        gen.close()
