"""A fault in the app's own code is said and reported, and the window goes on with the game as it was.

What a user would notice: the window closing mid-fight with a traceback (an outside review saw it
when the install changed under a running window). Now the status line says what happened and where
the report is, the game is unchanged, and the next input works; a fault that comes back at every
step closes the window with status 1 and the message in the terminal, not a hang on a blank window.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui import faults
from tactics.ui.app import App


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICS_DATA_DIR", str(tmp_path / "data"))
    battle_map = BattleMap.from_text("\n".join(["." * 10] * 6), name="Fault room")
    definition = {"name": "Faults", "teams": {"party": {"players": True}},
                  "combatants": [{"id": "a", "name": "Ann", "team": "party", "cell": [2, 2], "hp": 10}]}
    app = App(Encounter(definition, battle_map, seed=1), size=(800, 480))
    yield app
    pygame.quit()


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_a_fault_in_handling_an_input_is_said_and_the_window_goes_on(app, tmp_path, monkeypatch):
    handled = app._handle
    seen: list[int] = []

    def faulty(event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F9:
            raise AttributeError("'BattleMap' object has no attribute 'grid'")
        if event.type == pygame.KEYDOWN:
            seen.append(event.key)
        handled(event)

    monkeypatch.setattr(app, "_handle", faulty)
    before = app.battle.encounter.state
    for event in (_key(pygame.K_F9), _key(pygame.K_r), pygame.event.Event(pygame.QUIT)):
        pygame.event.post(event)
    assert app.run() == 0  # it closed because it was asked to, not because of the fault
    assert seen == [pygame.K_r]  # the input after the fault was handled
    reports = list((tmp_path / "data" / "logs").glob("fault-*.txt"))
    assert len(reports) == 1 and "AttributeError: 'BattleMap' object has no attribute 'grid'" in reports[0].read_text()
    said, kind = app.battle.message[:2]
    assert app.battle.encounter.state is before  # the game is as it was
    assert kind == "error" and "fault of its own" in said and str(reports[0]) in said


def test_a_fault_at_every_step_closes_the_window_with_status_1(app, monkeypatch, capsys):
    def broken():
        raise RuntimeError("drawing is broken")

    monkeypatch.setattr(app, "draw", broken)
    app.dirty = True
    # inputs arriving one by one while the loop runs (each step takes every queued input at once):
    # a timer posts them, so the loop never sits waiting for the next
    pygame.time.set_timer(pygame.event.Event(pygame.USEREVENT), 1, loops=faults.MAX_FAULTS_IN_A_ROW + 2)
    try:
        assert app.run() == 1
    finally:
        pygame.time.set_timer(pygame.USEREVENT, 0)
    err = capsys.readouterr().err
    assert "came back 3 times in a row" in err and "RuntimeError: drawing is broken" in err
