"""On the players' window every token's name shows in one size, against its own disc, inside the window.

Review 16 F11: the players' window (read from across a table) drew the party's names large and
Bear 1's and Bear 3's small, gave Bear 2 no name, let "Brandon" and "James" lie on each other
(in the review's Round 2 clump), and on a 6x4 map cut "Art" and "Bear 2", under their discs on
the bottom row, at the window's bottom edge. What is tested, on the window's own drawing (the
layout probe's record of its texts): every token whose disc is in view has its name drawn; each
name pill lies inside the window's map, touches its own disc (a few pixels at most) and keeps a
quarter square from every other disc; no two names overlap; and all the pills are one height,
so one type size.
"""

from __future__ import annotations

import math

import pygame
import pytest

from tactics.engine.board import Place
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.opening import open_default
from tactics.ui.players.names import SMALLEST
from tactics.ui.tokens import TOKEN_RADIUS, name_clearance, paint_label

from ui_driver import players_window_drawn

TOUCH = 3  # px: a pill this near its disc's rim touches it (anti-aliased rims, rounded pills)
#: where the tokens stood in Round 2 of the review (its autosave), the bears round James and Art
CLUMP = {"brandon": (18, 1), "james": (17, 4), "art": (16, 6), "bear1": (20, 4), "bear2": (17, 6),
         "bear3": (22, 6), "bear4": (22, 3)}


def tiny() -> Encounter:
    """The reviewer's tiny.encounter.toml: a 6x4 room, James and Art on the left, two bears on the right."""
    people = [("james", "James", "party", (0, 0)), ("art", "Art", "party", (0, 3)),
              ("bear1", "Bear 1", "bears", (5, 0)), ("bear2", "Bear 2", "bears", (5, 3))]
    definition = {"name": "Tiny fight",
                  "teams": {"party": {"name": "The Party", "players": True, "colour": [70, 140, 230]},
                            "bears": {"name": "Space Bears", "colour": [220, 80, 60]}},
                  "combatants": [{"id": cid, "name": name, "team": team, "sheet": "james" if cid == "james" else
                                  "art" if cid == "art" else "space_bear", "cell": list(cell)}
                                 for cid, name, team, cell in people]}
    return Encounter(definition, BattleMap.from_text("\n".join(["." * 6] * 4), name="Tiny Room"), seed=1)


#: Round 1 of the review's individual turns: the bears in a column beside James, Bear 4 by Art
COLUMN = {"brandon": (15, 2), "james": (17, 4), "art": (16, 6), "bear1": (18, 3), "bear2": (18, 4),
          "bear3": (18, 5), "bear4": (17, 6)}


def placed(cells: dict[str, tuple[int, int]]) -> Encounter:
    enc = open_default(seed=1)
    for cid, cell in cells.items():
        assert enc.submit(Place(cid, cell))
    return enc


def clump() -> Encounter:
    return placed(CLUMP)


def column() -> Encounter:
    return placed(COLUMN)


def _gap(rect: pygame.Rect, disc: tuple[float, float, float]) -> float:
    """Pixels from a pill to a disc's rim (negative: it overlaps the disc)."""
    cx, cy, r = disc
    dx = max(rect.left - cx, 0, cx - rect.right)
    dy = max(rect.top - cy, 0, cy - rect.bottom)
    return math.hypot(dx, dy) - r


@pytest.mark.parametrize("scene, size", [(tiny, (1280, 800)), (clump, (1280, 800)), (clump, (1024, 768)),
                                         (clump, (1920, 1080)), (column, (1280, 800))],
                         ids=["tiny", "clump", "clump-1024", "clump-1080", "column"])
def test_every_name_shows_in_one_size_by_its_own_disc_inside_the_window(scene, size) -> None:
    app = App(scene(), size=(1600, 900))
    try:
        app.step()
        assert app.battle.submit(StartCombat()) and app.battle.submit(Advance())  # banner and strip above the map
        pw = app.players.open(size=size)
        app.step()
        surface, marks = players_window_drawn(app)
        board = pw.board_rect()
        camera, px = pw.camera, pw.camera.cell_px
        discs = {}
        for who in pw.drawn_state.on_map():
            x, y, w, _ = camera.cell_rect(who.cell)
            if pygame.Rect(x, y, w, w).colliderect(board):
                discs[who.name] = (x + w / 2, y + w / 2, w * TOKEN_RADIUS)
        names: dict[str, pygame.Rect] = {}  # each token's name: the pill with its text nearest its disc
        for m in marks:
            if m.kind == "text" and m.label in discs and (
                    m.label not in names or _gap(pygame.Rect(m.rect), discs[m.label]) < _gap(names[m.label], discs[m.label])):
                names[m.label] = pygame.Rect(m.rect)
        assert set(names) == set(discs), f"{px} px a square: no name for {sorted(set(discs) - set(names))}"
        for name, rect in names.items():
            assert board.contains(rect), f"{name}'s name {rect} is cut by the window's edge ({board})"
            own = _gap(rect, discs[name])
            assert own <= TOUCH, f"{name}'s name is {own:.1f} px off its own disc"
            for other, disc in discs.items():
                if other != name:
                    assert _gap(rect, disc) >= name_clearance(px) - 1, f"{name}'s name lies against {other}'s disc"
                    assert not rect.colliderect(names[other]), f"{name}'s name and {other}'s overlap"
        heights = {rect.height for rect in names.values()}
        assert len(heights) == 1, f"names in {len(heights)} sizes: {sorted(heights)}"
        smallest = paint_label("Bear", SMALLEST).get_height()
        assert heights.pop() >= smallest, "never below the smallest size read from across the table"
    finally:
        app._addons("closing")
        pygame.quit()


def test_past_two_hundred_names_all_take_the_smallest_size_off_every_other_disc() -> None:
    """With more than ``EVEN_NAMES_MAX`` names in view the players' window tries only its smallest
    name size (trying each size cost a 1000-token redraw half its time): every name drawn is that
    one size, inside the window and off every other disc."""
    from tactics.bench import build_scene
    from tactics.ui.players.names import frame_sizes
    from tactics.ui.players.style import room_label_size
    from tactics.ui.tokens import EVEN_NAMES_MAX

    app = App(build_scene(cells=40, tokens=300, walls=0, area=(0, 0, 40, 40)), size=(1600, 900))
    try:
        app.step()
        pw = app.players.open(size=(1280, 800))
        app.step()
        surface, marks = players_window_drawn(app)
        board, camera, px = pw.board_rect(), pw.camera, pw.camera.cell_px
        discs = {}
        for who in pw.drawn_state.on_map():
            x, y, w, _ = camera.cell_rect(who.cell)
            if pygame.Rect(x, y, w, w).colliderect(board):
                discs[who.name] = (x + w / 2, y + w / 2, w * TOKEN_RADIUS)
        assert len(discs) > EVEN_NAMES_MAX
        names = [(m.label, pygame.Rect(m.rect)) for m in marks if m.kind == "text" and m.label in discs]
        assert len(names) >= 50, f"only {len(names)} names drawn"  # 80 of 300 find room at 25 px a square
        smallest = paint_label("Token 1", frame_sizes(room_label_size(px))[-1]).get_height()
        assert {rect.height for _, rect in names} == {smallest}
        for name, rect in names:
            assert board.contains(rect), f"{name}'s name {rect} is cut by the window's edge"
            assert _gap(rect, discs[name]) <= TOUCH, f"{name}'s name is off its own disc"
            for other, disc in discs.items():
                if other != name:
                    assert _gap(rect, disc) >= name_clearance(px) - 1, f"{name}'s name lies against {other}'s disc"
    finally:
        app._addons("closing")
        pygame.quit()
