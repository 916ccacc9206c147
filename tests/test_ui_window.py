"""The battle map window driven headless with real pygame events.

What is tested: a user's clicks, keys and wheel go through the app's one-step
function; we then look at the encounter state and at screen pixels.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.rules import templates
from tactics.rules.grid import cell_center, direction_toward, step
from tactics.rules.movement import reachable
from tactics.ui import theme
from tactics.ui.app import App

from ui_driver import app_session, centre, click, key, move, post

# A room split by a wall line with one gap: the far side is out of a 60 ft sprint
# for a token at (3, 5) only the long way round.
ROOM = """
........................
........................
........................
...........#............
...........#............
...........#............
...........#............
...........#............
...........#............
...........#............
...........#............
...........#............
"""

SIZE = (1280, 720)


def make_encounter(hidden_bear: bool = False) -> Encounter:
    battle_map = BattleMap.from_text(ROOM, name="Test room")
    definition = {
        "name": "Test fight",
        "teams": {"party": {"name": "Party", "players": True, "colour": [70, 140, 230]},
                  "bears": {"name": "Bears", "colour": [220, 80, 60]}},
        "combatants": [
            {"id": "brandon", "name": "Brandon", "team": "party", "cell": [3, 5], "hp": 20},
            {"id": "james", "name": "James", "team": "party", "cell": [4, 7], "hp": 18},
            {"id": "bear1", "name": "Bear 1", "team": "bears", "cell": [8, 5], "hp": 30, "hidden": hidden_bear},
        ],
    }
    return Encounter(definition, battle_map, seed=1)


@pytest.fixture
def app():
    yield from app_session(App(make_encounter(), size=SIZE))


def corner_pixel(app: App, cell) -> tuple[int, int, int]:
    """A pixel inside a square, away from its centre (tokens) and its label."""
    x, y, w, h = app.battle.camera.cell_rect(cell)
    return tuple(pygame.display.get_surface().get_at((x + w // 4, y + h // 4)))[:3]


def park_pointer(app: App) -> None:
    """Move the pointer over the toolbar so no hover cursor is on the board."""
    move(app, (SIZE[0] - 5, 5))


def test_selecting_a_token_tints_its_run_reach_and_nothing_beyond(app):
    """R-MOVE-1, R-GRID-4/5: the tint is on squares ``reachable`` lists, not on others."""
    state = app.battle.state
    park_pointer(app)
    inside, outside = (5, 2), (20, 10)
    who = state.combatants["brandon"]
    enemies = [c.cell for c in state.enemies_of(who)]
    allies = [c.cell for c in state.allies_of(who)]
    run = reachable(state.current_map(), who.cell, 30, enemies=enemies, occupied=allies)
    sprint = reachable(state.current_map(), who.cell, 60, enemies=enemies, occupied=allies)
    assert inside in run and outside not in sprint  # behind the wall line, more than 60 ft round
    before_in, before_out = corner_pixel(app, inside), corner_pixel(app, outside)

    click(app, centre(app, (3, 5)))
    park_pointer(app)
    assert app.battle.selected == "brandon"
    after_in, after_out = corner_pixel(app, inside), corner_pixel(app, outside)
    assert after_in != before_in and after_in[2] > after_in[0], "the run tint (blue) shows on a reachable square"
    assert after_out == before_out, "no tint beyond the sprint reach"


def test_click_to_move_goes_through_the_journal(app):
    """The move is a command (Walk) in the journal; the token stands on the new square."""
    click(app, centre(app, (3, 5)))
    click(app, centre(app, (6, 2)))
    journal = app.battle.encounter.journal
    assert [e.command for e in journal.entries] == ["walk"]
    assert app.battle.state.combatants["brandon"].cell == (6, 2)
    assert "15 ft" in app.battle.message[0]
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undo from the keyboard
    assert app.battle.state.combatants["brandon"].cell == (3, 5)


def test_illegal_target_says_why_and_moves_nothing(app):
    click(app, centre(app, (3, 5)))
    click(app, centre(app, (11, 5)))  # a wall square
    text, kind, _ = app.battle.message
    assert kind == "error" and "stand" in text
    assert app.battle.encounter.journal.entries == []
    # the red cursor is on that square
    x, y, w, h = app.battle.camera.cell_rect((11, 5))
    edge = tuple(pygame.display.get_surface().get_at((x + 2, y + h // 2)))[:3]
    assert edge == theme.BAD


def test_hover_shows_the_path_cost_at_the_cursor(app):
    click(app, centre(app, (3, 5)))
    move(app, centre(app, (7, 2)))
    view = app.battle
    assert view.hover_cell == (7, 2)
    assert view.reach.plan.cost[(7, 2)] == 20  # 4 steps of 5 ft (R-GRID-2)


def test_escape_cancels_the_ruler_then_returns_to_select(app):
    key(app, pygame.K_r)
    assert app.battle.tool.name == "ruler"
    click(app, centre(app, (1, 1)))
    click(app, centre(app, (4, 3)))
    move(app, centre(app, (6, 3)))
    assert app.battle.tool.points == [(1, 1), (4, 3)]
    assert app.battle.tool.total_ft() == 15 + 10  # 3 squares then 2 (R-GRID-2)
    key(app, pygame.K_ESCAPE)
    assert app.battle.tool.points == []
    key(app, pygame.K_ESCAPE)
    assert app.battle.tool.name == "select"


def test_cone_preview_covers_exactly_the_rules_cone(app):
    """R-CONE-2: the apex is the square beside the selected token; same function as resolution."""
    click(app, centre(app, (3, 5)))
    key(app, pygame.K_c)
    park_pointer(app)
    base = pygame.display.get_surface().copy()
    target = (9, 3)
    move(app, centre(app, target))
    view = app.battle
    m = view.state.current_map()
    direction = direction_toward(cell_center((3, 5)), cell_center(target))
    expected = templates.cone(step((3, 5), direction), direction, 15, walls=m)
    assert view.tool.affected_cells() == expected
    assert len(expected) == 9
    screen = pygame.display.get_surface()
    for cell in expected:
        x, y, w, h = view.camera.cell_rect(cell)
        p = (x + w // 4, y + 3 * h // 4)
        assert screen.get_at(p) != base.get_at(p), f"cone square {cell} not highlighted"
    # squares beyond the tip and behind the caster stay as they were
    for cell in [(10, 5), (11, 7), (1, 5), (2, 8)]:
        x, y, w, h = view.camera.cell_rect(cell)
        p = (x + w // 4, y + 3 * h // 4)
        assert screen.get_at(p) == base.get_at(p), f"square {cell} outside the cone changed"
    # Bear 1 at (8, 5) is not inside; the side panel lists who is
    assert view.creatures_in(expected) == [c for c in view.state.on_map() if c.cell in expected]


def test_radius_snaps_to_the_nearest_corner_and_resizes(app):
    """R-RAD-1: 5 ft from a corner is the four squares around it; +/- step 5 ft."""
    key(app, pygame.K_b)
    tool = app.battle.tool
    cam = app.battle.camera
    pos = cam.to_screen((6.1, 4.05))  # near the corner (6, 4)
    key(app, pygame.K_MINUS, text="-")
    assert tool.feet == 5
    move(app, pos)
    assert tool.affected_cells() == frozenset({(5, 3), (6, 3), (5, 4), (6, 4)})
    key(app, pygame.K_EQUALS, text="=")
    assert tool.feet == 10
    assert tool.affected_cells() == templates.radius((6, 4), 10, walls=app.battle.state.current_map())
    click(app, pos)  # pin it
    assert len(app.battle.pinned) == 1
    key(app, pygame.K_ESCAPE)
    assert app.battle.pinned == []


def test_line_goes_from_the_selected_token_toward_the_hovered_square(app):
    click(app, centre(app, (3, 5)))
    key(app, pygame.K_l)
    move(app, centre(app, (9, 5)))
    cells = app.battle.tool.affected_cells()
    assert cells == frozenset(templates.line((3, 5), (9, 5), 30, walls=app.battle.state.current_map()))
    assert (4, 5) in cells and (3, 5) not in cells
    assert [c.name for c in app.battle.creatures_in(cells)] == ["Bear 1"]


def test_wheel_zooms_around_the_pointer(app):
    cam = app.battle.camera
    pos = (500, 400)
    move(app, pos)
    before = cam.to_grid(pos)
    px = cam.cell_px
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0, flipped=False))
    assert cam.cell_px > px
    after = cam.to_grid(pos)
    assert abs(after[0] - before[0]) < 1 / cam.cell_px * 1.01 and abs(after[1] - before[1]) < 1 / cam.cell_px * 1.01
    key(app, pygame.K_HOME)
    assert cam.cell_px == px


def test_right_drag_pans(app):
    cam = app.battle.camera
    x0 = cam.origin_x
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 400), button=3),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(650, 400), rel=(50, 0), buttons=(0, 0, 1)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 400), rel=(50, 0), buttons=(0, 0, 1)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(700, 400), button=3))
    assert cam.origin_x == x0 + 100


def test_idle_window_does_not_redraw(app):
    frames = app.frames
    app.step()
    app.step()
    assert app.frames == frames
    move(app, centre(app, (2, 2)))
    assert app.frames == frames + 1


def test_hover_redraw_reuses_the_composed_board(app):
    click(app, centre(app, (3, 5)))
    composed = app.battle.renderer.compositions
    for cell in [(5, 5), (6, 5), (7, 6)]:
        move(app, centre(app, cell))
    assert app.battle.renderer.compositions == composed


def test_help_overlay_opens_and_closes(app):
    key(app, pygame.K_F1)
    assert len(app.screens) == 2
    key(app, pygame.K_a)
    assert len(app.screens) == 1


def test_players_view_hides_hidden_tokens():
    a = App(make_encounter(hidden_bear=True), size=SIZE)
    try:
        park_pointer(a)
        a.step()
        screen = pygame.display.get_surface()
        bear = a.battle.camera.cell_centre((8, 5))
        gm_pixel = tuple(screen.get_at(bear))[:3]
        key(a, pygame.K_F2)
        assert a.battle.viewer == "players"
        players_pixel = tuple(screen.get_at(bear))[:3]
        assert gm_pixel != players_pixel
        # with the players' view the square looks like an empty one
        empty = a.battle.camera.cell_centre((8, 8))
        assert abs(players_pixel[0] - tuple(screen.get_at(empty))[0]) < 30
        assert a.battle.token_at((8, 5)) is None
    finally:
        pygame.quit()


def test_a_bad_file_dropped_on_the_window_keeps_the_map(app, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    before = app.battle.encounter
    post(app, pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    assert app.battle.encounter is before
    text, kind, _ = app.battle.message
    assert kind == "error" and "broken.json" in text and "\n" not in text


def test_a_good_file_dropped_on_the_window_opens(app, tmp_path):
    good = tmp_path / "cave.txt"
    good.write_text("....\n.##.\n....\n", encoding="utf-8")
    post(app, pygame.event.Event(pygame.DROPFILE, file=str(good)))
    assert app.battle.encounter.map.width == 4
    assert app.battle.message[1] == "good"
