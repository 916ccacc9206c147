"""Review 16's panel findings, driven through the real window headless.

F7: the Resolve button and the banner's pill said "ready" ("Resolve next (Enter)" lit gold,
"1 declared action to resolve (Enter)") while the group still waited for a member to declare or
pass, so Enter was refused. They now say what the engine's :func:`resolve_waits_on` answers
(reading: N-ORD-4): greyed, "Waiting for James (declare or pass)".
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.ui import theme
from tactics.ui.app import App

from test_ui_combat import SIZE, message, press, space_bears
from ui_driver import app_session, drawn_texts, key


@pytest.fixture
def app():
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    yield from app_session(App(enc, size=SIZE))


def resolve_fill(app: App) -> tuple[int, int, int]:
    """The Resolve button's fill as drawn (a pixel inside its edge, left of its label)."""
    app.draw()
    rect = app.battle.combat.button_rect("resolve")
    assert rect is not None
    return tuple(pygame.display.get_surface().get_at((rect.x + theme.px(4), rect.centery)))[:3]


def test_resolve_is_greyed_and_says_who_it_waits_for_until_the_group_commits(app):  # R-ORD-1, N-ORD-4
    enc = app.battle.encounter
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    app.step()
    texts = drawn_texts(app)
    assert "Waiting for James (declare or pass)" in texts  # the button and the banner's pill
    assert not [t for t in texts if "to resolve (Enter)" in t or t.startswith("Resolve next")], texts
    assert resolve_fill(app) == tuple(theme.DISABLED_BG)[:3]
    entries = len(enc.journal.entries)
    key(app, pygame.K_RETURN)  # still refused, with the reason
    assert len(enc.journal.entries) == entries and "James has not committed" in message(app)
    press(app, "do-nothing:james")
    app.step()
    texts = drawn_texts(app)
    assert "1 declared action to resolve (Enter)" in texts
    assert [t for t in texts if t.startswith("Resolve next")]
    assert resolve_fill(app) in (tuple(theme.PRIMARY_BG)[:3], tuple(theme.PRIMARY_LIT)[:3])  # gold (lit if under the pointer)
