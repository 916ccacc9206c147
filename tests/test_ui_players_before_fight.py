"""The players' view (F2) before the fight shows only the party's awareness.

Outside review 20 (m9): the Initiative panel of the players' preview listed "Bear 1 ... Bear 4
unaware": whether the GM's creatures know of the party is the GM's to know (the projected
players' window shows no such panel). Start combat stays in the players' view: solo play runs
the fight from it (``--players`` with the foes played by the app). Driven on the bundled Space
Bears encounter through the real app: F2, then one frame's texts.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, drawn_texts, key

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=1), size=(1280, 720)))


def tracker_texts(app: App) -> list[str]:
    rect = app.battle.combat.tracker.rect
    from ui_driver import drawn_marks

    return [m.label for m in drawn_marks(app) if m.kind == "text" and rect.contains(m.rect)]


def test_the_gm_sees_every_side_and_the_start_button(app):
    texts = tracker_texts(app)
    assert "Bear 1" in texts and "Brandon" in texts
    assert "Start combat" in texts


def test_the_players_view_lists_only_the_partys_awareness(app):
    key(app, pygame.K_F2)
    assert app.battle.viewer == "players"
    texts = tracker_texts(app)
    assert "Brandon" in texts and "James" in texts  # the party's own awareness stays
    assert not [t for t in texts if t.startswith("Bear")], texts
    assert "Start combat" in texts  # (solo play starts the fight from here)
    key(app, pygame.K_F2)
    assert "Bear 1" in drawn_texts(app)


def test_a_hidden_party_member_is_said_hidden_in_the_tracker(app):
    """Review 20 (m2): a party member hidden by a Hide showed only as a faded disc (its eye badge
    a slash at 24 px a square): its tracker row says "Hidden", in the GM's view and the players'
    (they know their own is hidden, N-HIDE-2). (The bundled Brandon starts hidden.)"""
    from tactics.engine.combat.gm import Hide
    from tactics.engine.combat.team import StartCombat

    app.battle.submit(StartCombat())
    app.step()
    hidden = [c.name for c in app.battle.state.combatants.values() if c.hidden]
    assert hidden == ["Brandon"] and tracker_texts(app).count("Hidden") == 1
    app.battle.submit(Hide("james", 21))
    app.step()
    texts = tracker_texts(app)
    assert texts.count("Hidden") == 2 and texts[texts.index("James") + 1] == "Hidden", texts
    key(app, pygame.K_F2)
    assert tracker_texts(app).count("Hidden") == 2
