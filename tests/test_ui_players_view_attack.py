"""The attack card in the players' view (F2) keeps a GM creature's AC back (reading: N-SEEN-1).

Why (review 12, F15): the players' window leaves a foe's AC out of its Last roll card, but the GM's
players' view, which the README tells hot-seat tables to keep on, showed "vs AC 12 (flat-footed, no
DEX +2)" and the exact odds bar (the odds tell the AC as surely). Driven through the real app: the
first to act aims at Bear 1, the card is read from what was drawn, in the GM's view and after F2.
"""

from __future__ import annotations

import pygame

import layout_states as L
from tactics.ui.app import App
from tactics.ui.tools.attack import ODDS_KEPT_BACK

from ui_driver import drawn_marks, key


def _card_texts(app: App) -> list[str]:
    """Every text drawn inside the attack card this frame."""
    marks = drawn_marks(app)
    cards = [m.rect for m in marks if m.kind == "panel" and m.label == "Attack card"]
    assert len(cards) == 1, "no attack card beside Bear 1"
    return [m.label for m in marks if m.kind == "text" and cards[0].contains(m.rect)]


def test_the_players_view_card_words_the_roll_without_the_foe_s_ac_or_odds() -> None:
    app = App(L.encounter("space-bears.encounter.toml"), size=(1600, 900))
    app.step()
    L.attack_card(app)
    gm = " ".join(_card_texts(app))
    ac = app.battle.state.combatants["bear1"].sheet.ac
    assert "vs AC " in gm and "Miss " in gm and ODDS_KEPT_BACK not in gm  # the GM sees the AC and the odds

    key(app, pygame.K_F2)
    assert app.battle.viewer == "players"
    L._hover_bear(app)
    players = " ".join(_card_texts(app))
    assert "vs its AC" in players and ODDS_KEPT_BACK.split(":")[0] in players
    assert "vs AC" not in players and f"AC {ac}" not in players and "AC 12" not in players
    assert "flat-footed" not in players and "no DEX" not in players  # the note told the bear's DEX bonus
    assert not any(word in players for word in ("Miss ", "Minor ", "Major ", "Crit ")), players
    assert "d20" in players  # the players still see their own dice and modifiers
    pygame.quit()
