"""The Counter Phase card names who went down this round, apart from the round counters
(review10late finding 3: in the round James and Art fell it read "Went down / no round counters",
as if nobody had).

Expected: the list of counters is headed "Round counters ticked down" ("none running" when there
are none); "Down this round" lists the combatants downed since the last Counter Phase and still
down ("Bear 1: 0 hp"); one healed again is not listed; the players' view never names a hidden
creature that fell; a fall in an earlier round is not listed."""

from __future__ import annotations

import pygame

from tactics.engine.combat.gm import AdjustHP, Hide
from tactics.engine.combat.queries import combat_of, down_this_round
from tactics.engine.combat.team import Advance
from tactics.ui.app import App

import layout_states as L
from ui_driver import app_session, drawn_texts, key


def to_counters(app: App) -> None:
    enc = app.battle.encounter
    for _ in range(20):
        if combat_of(enc.state).phase == "counters":
            break
        enc.submit(Advance())
    app.step()


def test_the_counter_phase_card_lists_who_went_down_this_round() -> None:
    for app in app_session(App(L.encounter("space-bears.encounter.toml"), size=(1600, 900)), closing=True):
        enc = app.battle.encounter
        L._start(app)
        assert enc.submit(Hide("bear3"))  # a creature the players do not see
        hidden = enc.state.combatants["bear3"]
        for cid in ("bear1", "bear2", hidden.id):
            assert enc.submit(AdjustHP(cid, -999))
        assert enc.submit(AdjustHP("bear2", 3))  # healed again: up, not listed
        to_counters(app)
        assert down_this_round(enc.state, enc.journal.entries) == ["bear1", hidden.id]
        texts = drawn_texts(app)
        assert "Round counters ticked down" in texts and "Down this round" in texts
        assert "Bear 1: 0 hp" in texts and f"{hidden.name}: 0 hp" in texts
        assert "Bear 2: 0 hp" not in texts and "Went down" not in texts
        key(app, pygame.K_F2)  # the players' view of the same card
        players = drawn_texts(app)
        assert "Bear 1: 0 hp" in players and not any(hidden.name in t for t in players)
        key(app, pygame.K_F2)
        enc.submit(Advance())  # the next round: those falls are an earlier round's
        to_counters(app)
        assert down_this_round(enc.state, enc.journal.entries) == []
        assert "Down this round" not in drawn_texts(app)
