"""Dragging the map scrolls the cached board and draws only the uncovered strips.

What a user would notice if it went wrong: seams, smears or stale tints along
the strips while dragging. The scrolled board must be the very picture a whole
composition gives at the same camera, pixel for pixel.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.bench import build_scene
from tactics.ui.app import App
from tactics.ui.render import TOOL_Z
from ui_driver import app_session, centre, click, post

SIZE = (640, 420)


@pytest.fixture
def app():
    # A terrain map with walls and tokens, larger than the window so a drag brings new squares in.
    yield from app_session(App(build_scene(40, tokens=12, walls=120, area=(2, 2, 20, 14)), size=SIZE))


def _motion(pos, held=True):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 1 if held else 0))


def test_a_drag_scrolls_the_board_and_matches_a_whole_composition(app):
    view = app.battle
    view.camera.cell_px = 24
    view.camera.origin_x, view.camera.origin_y = 0, 60
    app.dirty = True
    app.step()
    click(app, centre(app, view.state.combatants["t1"].cell))  # a selected token: its reach tint is on the board
    assert view.reach is not None
    renderer = view.renderer
    composed, scrolled = renderer.compositions, renderer.scrolls
    pos = (560, 360)
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    for step in [(-7, -3), (-13, -5), (-9, 0), (0, -11), (-17, -8)]:
        pos = (pos[0] + step[0], pos[1] + step[1])
        post(app, _motion(pos))
    assert renderer.scrolls >= scrolled + 4 and renderer.compositions == composed  # strips only, no rebuild
    board = view.board_rect()
    dragged = app.window.subsurface(board).copy()
    view.invalidate()  # the same camera, the board composed whole
    post(app, _motion(pos))
    fresh = app.window.subsurface(board).copy()
    assert renderer.compositions == composed + 1
    assert pygame.image.tobytes(dragged, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_releasing_the_drag_composes_the_board_whole_once(app):
    view = app.battle
    renderer = view.renderer
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=3))
    post(app, _motion((290, 295)))
    post(app, _motion((280, 290)))
    composed = renderer.compositions
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(280, 290), button=3))
    post(app, _motion((281, 290), held=False))
    assert renderer.compositions == composed + 1  # labels placed against the board's edges settle


def test_cached_tint_and_outline_overlays_draw_the_same_pixels_as_tiles_and_lines(app):
    """A reach's tint and border are cached as pictures of the map's blocks: they must look exactly as drawn
    square by square and line by line."""
    import random

    from tactics.ui.camera import Camera
    from tactics.ui.cell_painter import border_edges, border_runs
    from tactics.ui.render import CellPainter

    rng = random.Random(3)
    for _ in range(12):
        cells = frozenset((rng.randrange(12), rng.randrange(9)) for _ in range(40))
        cam = Camera(cell_px=rng.choice([9, 24, 31]), origin_x=rng.randrange(-40, 40), origin_y=rng.randrange(-40, 40))
        colour, width = rng.choice([(255, 200, 60), (90, 180, 255, 255)]), rng.choice([1, 2, 3])
        cached = pygame.Surface((420, 320)).convert()
        cached.fill((30, 40, 50))
        plain = cached.copy()
        painter = CellPainter()
        painter.fill(cached, cam, cells, (80, 160, 255, 70), cached.get_rect())
        painter.outline(cached, cam, cells, colour, width)
        px = cam.cell_px
        tile = painter.tile(px, (80, 160, 255, 70))
        for c, r in cells:
            plain.blit(tile, (cam.origin_x + c * px, cam.origin_y + r * px))
        for x1, y1, x2, y2 in border_runs(border_edges(cells)):
            pygame.draw.line(plain, colour, (cam.origin_x + x1 * px, cam.origin_y + y1 * px),
                             (cam.origin_x + x2 * px, cam.origin_y + y2 * px), width)
        assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(plain, "RGB")


def test_a_reach_changed_in_a_few_squares_is_cut_as_a_fresh_one_and_looks_the_same(app):
    """A door opened beside a reach changes it in a few squares: only the blocks there are cut
    again from the last cut (cell_painter._mended). Its blocks must be those of the set cut
    afresh, and its tint and border the pixels of square-by-square tiles and lines."""
    import random

    from tactics.ui.camera import Camera
    from tactics.ui.cell_painter import border_edges, border_runs
    from tactics.ui.render import CellPainter

    rng = random.Random(7)
    cells = frozenset((c, r) for c in range(2, 18) for r in range(1, 12) if rng.random() < 0.85)
    kept = CellPainter()
    fresh_cuts = []
    cut = kept._cut
    kept._cut = lambda *args: fresh_cuts.append(args[0]) or cut(*args)  # type: ignore[method-assign]
    for step in range(16):
        px = 24
        for kind, colour, width in (("tint", (80, 160, 255, 70), 0), ("edge", (90, 180, 255), 2)):
            kept._split(kind, cells, colour, width, px)
            assert kept._split(kind, cells, colour, width, px) == CellPainter()._split(kind, cells, colour, width, px), \
                f"step {step}: the {kind} cut from the last one differs from a fresh cut"
        # a few squares gained or lost (one square, a door's worth, a corner), sometimes at a block's edge
        for _ in range(rng.choice([1, 3, 6])):
            cells = cells ^ {(rng.randrange(0, 20), rng.randrange(0, 14))}
    assert fresh_cuts == ["tint", "edge"], "the changed sets were cut afresh: nothing was mended"
    cam = Camera(cell_px=24, origin_x=-30, origin_y=-20)
    cached = pygame.Surface((480, 360)).convert()
    cached.fill((30, 40, 50))
    plain = cached.copy()
    kept.fill(cached, cam, cells, (80, 160, 255, 70), cached.get_rect())
    kept.outline(cached, cam, cells, (90, 180, 255), 2)
    tile = kept.tile(24, (80, 160, 255, 70))
    for c, r in cells:
        plain.blit(tile, (cam.origin_x + c * 24, cam.origin_y + r * 24))
    for x1, y1, x2, y2 in border_runs(border_edges(cells)):
        pygame.draw.line(plain, (90, 180, 255), (cam.origin_x + x1 * 24, cam.origin_y + y1 * 24),
                         (cam.origin_x + x2 * 24, cam.origin_y + y2 * 24), 2)
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(plain, "RGB")


def test_the_board_over_its_kept_ground_equals_a_board_drawn_from_scratch(app):
    """Rebuilding the board keeps the map's picture (ground) while the camera stays: same pixels as drawing all."""
    view = app.battle
    click(app, centre(app, view.state.combatants["t1"].cell))
    view.invalidate()  # a change on the map: the board is rebuilt over the kept ground
    post(app, _motion((300, 200), held=False))
    board = view.board_rect()
    assert view.renderer._ground_key is not None  # the ground was kept and reused
    kept = view.renderer._board.subsurface(board).copy()
    fresh = pygame.Surface(app.window.get_size()).convert()  # every board layer drawn from scratch
    fresh.set_clip(board)
    view.renderer._compose(fresh, board, view.camera, view.state, view.viewer, board, view,
                           [item for item in view.renderer.layers(view) if item[0] < TOOL_Z])
    fresh.set_clip(None)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh.subsurface(board), "RGB")


def test_a_tint_over_a_huge_map_makes_pictures_only_for_the_blocks_in_view(app):
    """A fog over a big map (the players' window) must not paint a picture for each of its
    thousands of blocks (seconds and gigabytes): only those the view shows, and they look as
    square-by-square tiles do."""
    from tactics.ui.camera import Camera
    from tactics.ui.render import CellPainter

    import random

    rng = random.Random(5)  # blocks of many shapes (a picture is shared by the blocks of one shape)
    cells = frozenset((c, r) for c in range(300) for r in range(300) if rng.random() < 0.8)
    cam = Camera(cell_px=24, origin_x=-240, origin_y=-120)
    pictured = pygame.Surface((320, 200)).convert()
    pictured.fill((30, 40, 50))
    tiled = pictured.copy()
    painter = CellPainter()
    painter.fill(pictured, cam, cells, (10, 20, 30, 150), pictured.get_rect())
    tile = painter.tile(24, (10, 20, 30, 150))
    for c in range(5, 30):
        for r in range(0, 20):
            if (c, r) in cells:
                tiled.blit(tile, (cam.origin_x + c * 24, cam.origin_y + r * 24))
    assert pygame.image.tobytes(pictured, "RGB") == pygame.image.tobytes(tiled, "RGB")
    assert len(painter._pieces) < 40, "pictures made for blocks out of view"


def test_blocks_cut_from_kept_shapes_are_those_of_a_fresh_cut_at_every_zoom_and_width(app):
    """The blocks mended from a set's rows as bits take their shapes from those kept by their bits
    (cell_painter._shape): a shape kept at one zoom or outline width must not stand for another
    (the picture would sit a few pixels off, or its lines be too thin), and a reach stepping a
    square at the map's top-left corner (the column left of block 0 is off the map) must be cut
    as a fresh cut is."""
    import random

    from tactics.ui.render import CellPainter

    kept = CellPainter()
    mended = []
    mend = kept._mended
    kept._mended = lambda *args: mended.append(args[0]) or mend(*args)  # type: ignore[method-assign]
    for px, width in ((24, 2), (28, 2), (24, 3), (16, 2), (28, 3)):
        rng = random.Random(11)  # the same sets at each zoom and width: the same blocks' bits come again
        cells = frozenset((c, r) for c in range(0, 14) for r in range(0, 10) if rng.random() < 0.8)
        for step in range(10):
            for kind, colour, w in (("tint", (80, 160, 255, 70), 0), ("edge", (90, 180, 255), width)):
                got = kept._split(kind, cells, colour, w, px)
                assert got == CellPainter()._split(kind, cells, colour, w, px), \
                    f"{kind} at {px} px/square, width {w}, step {step}: not the fresh cut"
            # a few squares gained or lost, one of them in the map's first column
            cells = cells ^ {(0, rng.randrange(10))} ^ {(rng.randrange(14), rng.randrange(10)) for _ in range(3)}
    assert mended, "the blocks were mended from kept shapes"
