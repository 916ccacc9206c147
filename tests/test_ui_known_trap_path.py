"""The Select tool's path preview and click around a known trap, driven headless (N-TRAP-12).

Review 3 (finding 5): Art spotted the Stealth mine, then the preview ran straight over it
("20 ft", no mark, the status line silent) and one click set it off. Now:

1. the preview's path goes round a mine the party knows of, and a click walks that way;
2. where the way must cross or end on it, the mine's square is marked in red, the preview's
   label says it goes off, the status line says so (an older message gives way), and the click
   sets it off where the preview said;
3. the players' view (F2) of a GM creature's move over its side's hidden mine draws the same path
   and words as with no mine there (R-TRAP-6: the path would give it away).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.commands import DetectTrap
from tactics.maps import BattleMap
from tactics.ui import theme
from tactics.ui.app import App

from ui_driver import centre, click, drawn_texts, fighter, key, move

SIZE = (1280, 720)
OPEN = "\n".join(["." * 12] * 9)
CORRIDOR = "\n".join(["############", "............", "############", "." * 12, "." * 12])


def make_app(text: str, ann: tuple[int, int], traps: list[dict], bear: tuple[int, int] = (11, 8)) -> App:
    definition = {
        "name": "Known trap",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", ann), fighter("bear", "bears", bear)],
        "traps": traps,
    }
    app = App(Encounter(definition, BattleMap.from_text(text), seed=5), size=SIZE)
    app.step()
    return app


@pytest.fixture
def closing():
    yield
    pygame.quit()


def red_pixels(app: App, cell: tuple[int, int]) -> int:
    """Pixels of the warning red (theme.BAD) drawn on a square."""
    app.draw()
    rect = pygame.Rect(app.battle.camera.cell_rect(cell))
    surface = pygame.display.get_surface().subsurface(rect.clip(pygame.display.get_surface().get_rect()))
    return pygame.transform.threshold(None, surface, theme.BAD, (8, 8, 8, 255), set_behavior=0)


def select(app: App, cid: str) -> None:
    key(app, pygame.K_v, text="v")
    if app.battle.selected != cid:
        click(app, centre(app, app.battle.state.combatants[cid].cell))
    assert app.battle.selected == cid


def test_the_preview_goes_round_a_spotted_mine_and_the_click_walks_that_way(closing):  # R-TRAP-2, N-TRAP-12
    app = make_app(OPEN, (1, 4), [{"id": "mine", "kind": "stealth_mine", "cell": [3, 4]}])
    app.battle.encounter.submit(DetectTrap("mine", "ann"))  # the party spotted it
    select(app, "ann")
    move(app, centre(app, (5, 4)))
    path = app.battle.reach.path_to((5, 4))
    assert (3, 4) not in path and app.battle.reach.cost_to((5, 4)) == 20
    texts = drawn_texts(app)
    assert "20 ft" in texts and not any("goes off" in t for t in texts)
    assert red_pixels(app, (3, 4)) == 0
    click(app, centre(app, (5, 4)))
    state = app.battle.state
    assert state.combatants["ann"].cell == (5, 4) and state.traps["mine"].status == "armed"
    assert state.combatants["ann"].hp == 30


def test_over_the_mine_the_preview_marks_it_says_so_and_the_click_sets_it_off(closing):  # R-TRAP-4, N-TRAP-12
    app = make_app(CORRIDOR, (0, 1), [{"id": "mine", "kind": "stealth_mine", "cell": [4, 1], "hidden": False}],
                   bear=(11, 4))
    select(app, "ann")
    app.battle.say("Ann: an older message.")
    move(app, centre(app, (2, 1)))
    assert red_pixels(app, (4, 1)) == 0, "a way short of the mine: no mark"
    move(app, centre(app, (6, 1)))  # the corridor's only way runs over the mine
    assert red_pixels(app, (4, 1)) > 40, "the mine's square is marked"
    texts = drawn_texts(app)
    assert "stops on the Stealth mine: it goes off" in texts
    assert any("through the Stealth mine at 4, 1: it goes off and Ann stops there" in t for t in texts), texts
    move(app, centre(app, (4, 1)))
    assert "sets off the Stealth mine" in drawn_texts(app)
    assert any("onto the Stealth mine: it goes off" in t for t in drawn_texts(app))
    move(app, centre(app, (6, 1)))
    click(app, centre(app, (6, 1)))
    state = app.battle.state
    assert state.combatants["ann"].cell == (4, 1), "stopped where the preview said"
    assert state.traps["mine"].status == "spent"
    assert any(t.startswith("The Stealth mine is set off by Ann") for t in drawn_texts(app)), \
        "the status line says why Ann stopped, not the planned 30 ft"


def players_preview(traps: list[dict]) -> tuple:
    """The players' view (F2) of the bear's move preview to (6, 4): path, texts drawn, red on (8, 4)."""
    app = make_app(OPEN, (1, 1), traps, bear=(10, 4))
    try:
        key(app, pygame.K_F2)  # the players' view on the main window
        assert app.battle.viewer == "players"
        select(app, "bear")
        move(app, centre(app, (6, 4)))
        players = (app.battle.reach.path_to((6, 4)), drawn_texts(app), red_pixels(app, (8, 4)))
        key(app, pygame.K_F2)  # the GM's own view
        select(app, "bear")
        move(app, centre(app, (6, 4)))
        return players, app.battle.reach.path_to((6, 4))
    finally:
        pygame.quit()


def test_the_players_view_of_a_creature_s_move_over_its_hidden_mine_gives_nothing_away():  # R-TRAP-6
    mine = {"id": "mine", "kind": "stealth_mine", "cell": [8, 4], "team": "bears"}  # theirs, hidden from the party
    players, gm_path = players_preview([mine])
    bare, _ = players_preview([])
    assert players == bare and (8, 4) in players[0], "the straight way, no word of a mine"
    assert (8, 4) not in gm_path, "on the GM's view the bear goes round its own mine"
