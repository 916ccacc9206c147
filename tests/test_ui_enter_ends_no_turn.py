"""Enter resolves; it never ends a turn (E or the banner's button does).

Why: Enter used to end the turn whenever no declared action waited, so an Enter
too many (after the last resolve, or after answering a facing prompt) ended a
group's whole turn: Brandon's only surprise-round turn was gone (an outside
reviewer's finding). Enter with nothing to resolve now says what ends the turn.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, click, key


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=1), size=(1600, 900)), closing=True)


def where(app: App) -> tuple:
    c = app.battle.state.combat
    return (c.round, c.phase, c.group_index, tuple(c.turns_done))


def test_enter_with_nothing_declared_keeps_the_turn_and_says_what_ends_it(app):
    click(app, app.battle.combat.button_rect("start").center)
    key(app, pygame.K_e)  # the Advantages Phase is checked: Round 0's Action Phase begins
    c = app.battle.state.combat
    assert c.round == 0 and c.phase == "action"
    before, entries = where(app), len(app.battle.encounter.journal.entries)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_KP_ENTER)
    assert where(app) == before and len(app.battle.encounter.journal.entries) == entries  # Brandon's turn stands
    message = app.battle.current_message()
    assert message is not None and "Nothing to resolve" in message[0] and "E" in message[0]
    key(app, pygame.K_e)  # E with Brandon committed to nothing: it asks first (review 12: one E lost Round 0)
    assert where(app) == before and len(app.battle.encounter.journal.entries) == entries
    message = app.battle.current_message()
    assert message is not None and "Brandon has declared nothing yet" in message[0] and "again" in message[0]
    key(app, pygame.K_e)  # the second E ends it: Brandon does nothing this turn
    assert where(app) != before
    assert app.battle.state.combat.round == 1  # the surprise round is over


def test_after_resolving_the_status_line_says_the_outcome_not_the_declaration(app):
    """An outside reviewer saw "Brandon declares Silenced pistol against Bear 1." still on the status
    line after the shot was rolled and resolved: Enter now puts the outcome there."""
    from tactics.engine.combat.actions import Action, Declare

    click(app, app.battle.combat.button_rect("start").center)
    key(app, pygame.K_e)
    app.battle.combat.submit(Declare("brandon", Action("standard-attack", target="bear1", weapon="silenced_pistol")))
    key(app, pygame.K_RETURN)
    message = app.battle.current_message()
    assert message is not None and message[0].startswith("Brandon's Standard Attack") and "declares" not in message[0]
