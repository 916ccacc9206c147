"""Awareness before the fight from Passive Perception against a hidden enemy's Stealth (R-SURP-1, N-SURP-2, N-SURP-4).

A reviewer opened the Space Bears without their ``[opening]`` table: Brandon is still hidden
with Stealth 18 and the bears' Passive Perception is 13, yet the Initiative card ticked all
seven "aware" and Start combat went straight into Round 1. The card's defaults now untick who
a hidden enemy's Stealth beats, say why in the GM's words, and the GM may still change them;
the file's ``[opening]`` wins where it names who is aware. The players' screens never show
the why (it names a GM creature's Perception and a hidden creature's Stealth).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.opening import default_unaware, opening_of, unaware_by_stealth
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document
from tactics.ui.app import App

from ui_driver import app_session, click, drawn_texts, players_window_frame

SIZE = (1600, 900)
SPAWNS = {"Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
          "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7)}
BEARS = {"bear1", "bear2", "bear3", "bear4"}


def no_opening(stealth: int | None = 18, opening: dict | None = None) -> Encounter:
    """The bundled Space Bears without their ``[opening]`` (Brandon hidden, Stealth ``stealth``)."""
    definition = read_document(bundled("space-bears.encounter.toml"))
    definition.pop("opening", None)
    if opening is not None:
        definition["opening"] = opening
    for raw in definition["combatants"]:
        if raw["id"] == "brandon":
            raw["stealth"] = stealth
    room = replace(BattleMap.from_text("\n".join(["." * 12] * 10)), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=7)


def test_a_hidden_stealth_18_leaves_the_bears_passive_perception_13_unaware():  # R-SURP-1
    enc = no_opening()
    assert unaware_by_stealth(enc.state) == {b: "Passive Perception 13 < Stealth 18" for b in BEARS}
    assert default_unaware(enc.state, opening_of(enc.definition)) == BEARS  # the party stays aware


def test_passive_perception_that_meets_the_stealth_notices():  # N-SURP-2
    assert default_unaware(no_opening(13).state, opening_of({})) == set()
    assert default_unaware(no_opening(14).state, opening_of({})) == BEARS


def test_the_file_s_opening_wins_where_it_names_who_is_aware():  # R-SURP-1
    enc = no_opening(opening={"surprise_aware": ["brandon", "james", "art", "bear1", "bear2", "bear3", "bear4"]})
    assert default_unaware(enc.state, opening_of(enc.definition)) == set()


@pytest.fixture
def gm_app():
    yield from app_session(App(no_opening(), size=SIZE))


def _press(app: App, key: str) -> None:
    rect = app.battle.combat.button_rect(key)
    assert rect is not None, f"no {key!r} button on screen"
    click(app, rect.center)


def test_the_card_unticks_the_bears_says_why_and_start_plays_round_0(gm_app):  # R-SURP-1
    app = gm_app
    app.step()
    assert app.battle.combat.tracker.unaware == BEARS
    assert drawn_texts(app).count("Passive Perception 13 < Stealth 18") == 4
    _press(app, "start")
    combat = app.battle.state.combat
    assert combat.round == 0 and sorted(combat.aware) == ["art", "brandon", "james"]
    assert app.battle.state.combatants["bear1"].has("Flat-footed")


def test_the_gm_may_still_tick_a_bear_aware(gm_app):  # R-SURP-1: the GM decides
    app = gm_app
    app.step()
    _press(app, "aware:bear2")
    assert app.battle.combat.tracker.unaware == BEARS - {"bear2"}
    assert drawn_texts(app).count("Passive Perception 13 < Stealth 18") == 3  # the ticked one's why is gone
    _press(app, "start")
    assert "bear2" in app.battle.state.combat.aware and not app.battle.state.combatants["bear2"].has("Flat-footed")


def test_the_players_view_and_window_never_show_why():  # N-SEEN-1, N-HIDE-2
    for app in app_session(App(no_opening(), size=SIZE), closing=True):
        app.players.open(size=SIZE)  # Ctrl+P: the players' window, while the GM's card says why
        app.step()
        assert "Passive Perception 13 < Stealth 18" in drawn_texts(app)
        _, window = players_window_frame(app)
        assert window and not [t for t in window if "Stealth" in t or "Perception" in t]
    app = App(no_opening(), size=SIZE, viewer="players")  # tactics --players: the card without the why
    try:
        app.step()
        shown = drawn_texts(app)
        assert "Bear 1" in shown and not [t for t in shown if "Stealth" in t or "Perception" in t]
    finally:
        import pygame
        pygame.quit()
