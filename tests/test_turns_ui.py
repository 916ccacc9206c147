"""The turn tracker on screen, driven headless with real pygame events (R-TURN-1..4, R-FACE-1).

What is tested: the tracker starts individual turns and frames the current character; its two
pips go hollow as actions are used; dragging a row reorders the turn order (R-TURN-1); Hold marks
the row; a bear's move made with the Select tool waits and the interrupt banner asks the holder
(R-TURN-3); Block then a click on a square of the path stops the bear on the square before the
blocker (R-TURN-4) and the map draws the cut path; End turn with a facing button turns the token
(R-FACE-1); the team-mode window shows no tracker.
Expected: the state the engine reports after each click, and the pixels that show it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.individual.view import pending_interrupt, pips_of
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document
from tactics.ui import theme
from tactics.ui.app import App

from ui_driver import app_session, click, post
from ui_driver import centre as cell

SIZE = (1920, 1080)
ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (6, 2), "James": (6, 5), "Art": (6, 8), "Katie": (0, 9),
    "Bear 1": (13, 2), "Bear 2": (13, 5), "Bear 3": (13, 8), "Bear 4": (14, 10),
}


def encounter(mode: str = "individual") -> Encounter:
    name = "space-bears-individual.encounter.toml" if mode == "individual" else "space-bears.encounter.toml"
    definition = read_document(bundled(name))
    room = replace(BattleMap.from_text(ROOM, name="Bay"), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=5)


@pytest.fixture
def app():
    yield from app_session(App(encounter(), size=SIZE))


def press(app: App, key: str) -> None:
    rect = app.battle.turns.button_rect(key)
    assert rect is not None, f"no button {key!r}: {app.battle.turns.keys() + app.battle.turns.banner.keys()}"
    click(app, rect.center)


def test_tracker_turns_pips_drag_hold_block_and_facing(app, tmp_path):
    enc = app.battle.encounter
    panel = app.battle.turns
    press(app, "start-table")
    turns = enc.state.combat
    assert turns.order == ["brandon", "james", "art", "bear1", "bear2", "bear3", "bear4"]
    assert turns.current == "brandon"
    frame = app.battle.turns.row_rects["brandon"]
    assert pygame.display.get_surface().get_at((frame.right - 2, frame.centery))[:3] == theme.ACCENT  # the current row is framed

    # drag Bear 1 up to second place (R-TURN-1)
    start = panel.row_rects["bear1"].center
    to = (start[0], panel.row_rects["james"].centery - 4)
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, -40), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    assert enc.state.combat.order == ["brandon", "bear1", "james", "art", "bear2", "bear3", "bear4"]

    # Brandon holds (R-TURN-3), and his non-contested pip goes hollow
    press(app, "hold")
    assert enc.state.combat.held == ["brandon"] and pips_of(enc.state, "brandon").plain == "used"
    press(app, "face:E")  # ends the turn facing east (R-FACE-1)
    assert enc.state.combatants["brandon"].facing == "E"
    assert enc.state.combat.current == "bear1"  # the next turn began with the same click

    # Bear 1 runs west with the Select tool: the move waits, the banner asks Brandon
    click(app, cell(app, (13, 2)))
    click(app, cell(app, (8, 2)))
    prompt = pending_interrupt(enc.state)
    assert prompt is not None and prompt.holder == "brandon"
    assert panel.banner.button_rect("block") is not None
    app.screenshot(tmp_path / "banner.png")

    press(app, "block")
    assert app.battle.selected == "brandon"
    click(app, cell(app, (10, 2)))  # a square of Bear 1's path (R-TURN-4)
    s = enc.state
    assert s.combatants["brandon"].cell == (10, 2)
    assert s.combatants["bear1"].cell == (11, 2)
    assert s.combat.last_block["lost_ft"] == 20  # 10 ft walked of its 30 ft run
    app.step()
    # the cut part of the path, drawn red (Brandon's name beside his disc may lie on part of it)
    x, y, w, h = app.battle.camera.cell_rect((8, 2))
    reds = sum(1 for dx in range(2 * w) for dy in range(0, h, 3)
               if pygame.display.get_surface().get_at((x + dx, y + dy))[:3] == theme.BAD)
    assert reds > 0
    app.screenshot(tmp_path / "blocked.png")


def test_team_mode_window_has_no_turn_tracker():
    a = App(encounter("team"), size=SIZE)
    a.step()
    try:
        assert a.battle.turns is None
    finally:
        pygame.quit()
