"""A change on the map repaints only where it shows, and the board is then exactly a fresh one.

What a user would notice if it went wrong: an HP bar that keeps its old length,
a token left standing at its old square, a door drawn shut after it opened, a
template or a reach tint where it was before. After each change, the board the
window shows (repainted in parts) must be the very picture a board composed
from scratch gives, pixel for pixel, and it must differ from the one before.
"""

from __future__ import annotations

import random

import pygame
import pytest

from tactics.bench import build_scene
from tactics.engine.board import Place, SetDoor
from tactics.engine.combat.gm import AdjustHP, ApplyCondition
from tactics.rules import templates
from tactics.ui import board_record, render
from tactics.ui.app import App
from tactics.ui.tools.templates import PinnedTemplate
from ui_driver import app_session, centre, click, move

SIZE = (640, 420)


def scene_app(size: tuple[int, int]) -> App:
    """10 tokens, 60 walls and a door on a 30x30 map, at a zoom where HP bars and names show."""
    app = App(build_scene(30, tokens=10, walls=60, area=(2, 2, 14, 9), door=True), size=size)
    view = app.battle
    view.camera.cell_px = 28  # HP bars and names show
    view.camera.origin_x, view.camera.origin_y = -28, view.board_rect().top - 28
    return app


@pytest.fixture
def app():
    yield from app_session(scene_app(SIZE))


def _board(app) -> bytes:
    view = app.battle
    return pygame.image.tobytes(view.renderer._board.subsurface(view.board_rect()), "RGB")


def _fresh(app) -> bytes:
    """The same frame with the board composed whole from scratch (and the same as every layer drawn
    for real, not replayed from its recorded operations)."""
    view = app.battle
    composed = view.renderer.compositions
    view.renderer.forget()
    app.dirty = True
    app.step()
    assert view.renderer.compositions == composed + 1
    board = view.board_rect()
    drawn = pygame.Surface(app.window.get_size()).convert()
    drawn.set_clip(board)
    view.renderer._compose(drawn, board, view.camera, view.state, view.viewer, board, view,
                           [item for item in view.renderer.layers(view) if item[0] < render.TOOL_Z])
    drawn.set_clip(None)
    assert pygame.image.tobytes(drawn.subsurface(board), "RGB") == _board(app)
    return _board(app)


def _other(view) -> str:
    """A token other than the selected one, standing in the view."""
    board = view.board_rect()
    return next(cid for cid, who in view.state.combatants.items()
                if cid != "t1" and board.collidepoint(view.camera.cell_centre(who.cell)))


def _free_neighbour(state, cid):
    c, r = state.combatants[cid].cell
    return next((c + dc, r + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if state.map.in_bounds((c + dc, r + dr)) and state.map.move_cost((c + dc, r + dr)) is not None
                and state.at((c + dc, r + dr)) is None)


def _roll(view):
    view.submit(AdjustHP(_other(view), -4))


def _condition(view):
    view.submit(ApplyCondition(_other(view), "Shaken", 2))


def _move(view):
    cid = _other(view)
    view.submit(Place(cid, _free_neighbour(view.state, cid)))


def _move_selected(view):
    view.submit(Place("t1", _free_neighbour(view.state, "t1")))


def _door(view):
    view.submit(SetDoor(0, True))


def _template(view):
    m = view.state.current_map()
    c, r = view.state.combatants["t1"].cell
    view.pinned = [PinnedTemplate("10 ft radius", templates.radius((c + 3, r + 1), 10, walls=m), (c + 3.0, r + 1.0))]
    view.invalidate()


@pytest.mark.parametrize("change", [_roll, _condition, _move, _move_selected, _door, _template])
def test_a_change_is_repainted_in_place_and_matches_a_fresh_board(app, change, monkeypatch):
    monkeypatch.setattr(board_record, "WHOLE_SHARE", 1.01)  # in this small window a new reach covers most of it
    view = app.battle
    click(app, centre(app, view.state.combatants["t1"].cell))  # a selected token: its reach is on the board
    assert view.selected == "t1"
    if change is not _template:
        _template(view)
    move(app, (20, 80))
    before = _board(app)
    repaints = view.renderer.repaints
    change(view)
    move(app, (21, 80))
    shown = _board(app)
    assert view.renderer.repaints == repaints + 1  # only the changed parts were drawn
    assert shown != before  # the change shows
    assert shown == _fresh(app)


def test_the_first_frame_draws_the_ground_on_the_board_and_the_next_change_keeps_it(app):
    """The first frame (the start) makes no second window-sized surface for the ground; it shows
    the very board a kept-ground composition gives, and a change after it keeps the ground and is
    repainted in place from it."""
    view = app.battle
    assert view.renderer.compositions == 1 and view.renderer._ground is None
    first = _board(app)
    assert first == _fresh(app)  # composed again, with its ground kept this time
    assert view.renderer._ground is not None
    repaints = view.renderer.repaints
    _roll(view)
    move(app, (21, 80))
    assert view.renderer.repaints == repaints + 1
    assert first != _board(app) == _fresh(app)


def test_a_template_moved_off_and_back_leaves_no_trace(app):
    view = app.battle
    _template(view)
    move(app, (20, 80))
    first = _board(app)
    old = view.pinned
    view.pinned = []
    view.invalidate()
    move(app, (21, 80))
    assert _board(app) != first
    view.pinned = old
    view.invalidate()
    move(app, (22, 80))
    assert _board(app) == first == _fresh(app)


def test_a_layer_drawing_lines_composes_the_board_whole(app):
    """A layer that draws with pygame.draw cannot be recorded: the board is composed whole, and right."""
    view = app.battle
    spot = {"at": (100, 150)}

    def lines(ctx):
        pygame.draw.line(ctx.surface, (250, 20, 200), spot["at"], (spot["at"][0] + 80, spot["at"][1]), 5)

    render.add_layer(render.TEMPLATES_Z + 2, "test-lines", lines)
    try:
        move(app, (20, 80))
        composed = view.renderer.compositions
        spot["at"] = (120, 200)
        view.invalidate()
        move(app, (21, 80))
        assert view.renderer.compositions == composed + 1
        shown = _board(app)
        board = view.board_rect()
        assert view.renderer._board.get_at((150, 200))[:3] == (250, 20, 200)
        assert view.renderer._board.get_at((110, 150))[:3] != (250, 20, 200)
        assert board.collidepoint((150, 200))
        assert shown == _fresh(app)
    finally:
        render.remove_layer("test-lines")


def test_a_layer_drawing_lines_is_not_logged_but_a_layers_own_fault_is(app, caplog):
    """pygame refusing a recording is expected (the board is then composed whole); a layer failing
    with a TypeError of its own while recorded is a fault, logged with its traceback, not taken for that."""
    calls = {"n": 0}

    def lines(ctx):
        pygame.draw.line(ctx.surface, (250, 20, 200), (100, 150), (180, 150), 5)

    def faulty(ctx):
        calls["n"] += 1
        if calls["n"] == 1:
            raise TypeError("unsupported operand type(s) for +: 'int' and 'str'")

    caplog.set_level("ERROR", logger="tactics.ui.render")
    render.add_layer(render.TEMPLATES_Z + 2, "test-lines", lines)
    try:
        app.battle.invalidate()
        move(app, (20, 80))
        assert not [r for r in caplog.records if r.name == "tactics.ui.render"]
    finally:
        render.remove_layer("test-lines")
    render.add_layer(render.TEMPLATES_Z + 2, "test-faulty", faulty)
    try:
        app.battle.invalidate()
        move(app, (21, 80))
        logged = [r for r in caplog.records if r.name == "tactics.ui.render"]
        assert logged and "recorded" in logged[0].getMessage() and logged[0].exc_info[0] is TypeError
    finally:
        render.remove_layer("test-faulty")


def test_repainting_the_changed_operations_equals_replaying_them_all():
    """Random blits, lines and fills, changed, inserted and removed: the repaint equals a full replay."""
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    try:
        rng = random.Random(5)
        size, clip = (160, 120), pygame.Rect(4, 6, 150, 108)
        sprites = []
        for _ in range(6):
            s = pygame.Surface((rng.randrange(4, 30), rng.randrange(4, 30)), pygame.SRCALPHA)
            s.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(60, 256)))
            sprites.append(s)
        ground = pygame.Surface(size)
        for x in range(0, 160, 10):
            ground.fill((x, 255 - x, 90), (x, 0, 10, 120))

        def op():
            roll = rng.random()
            if roll < 0.65:
                return ("b", rng.choice(sprites), (rng.randrange(-10, 160), rng.randrange(-10, 120)))
            if roll < 0.85:  # a square outline's straight run (or any line)
                a = (rng.randrange(-10, 160), rng.randrange(-10, 120))
                b = (a[0], rng.randrange(-10, 120)) if rng.random() < 0.4 else (rng.randrange(-10, 160), a[1])
                return ("l", (250, rng.randrange(256), 30), (a, b, rng.randrange(1, 5)))
            return ("f", (rng.randrange(256), 40, 200, rng.randrange(256)),
                    (rng.randrange(0, 150), rng.randrange(0, 110), rng.randrange(1, 40), rng.randrange(1, 40)))

        def record(ops, sub_clip):
            rec = board_record.RecordingSurface(size, clip)
            for n, (kind, a, b) in enumerate(ops):
                rec.set_clip(sub_clip if n % 7 == 3 else clip)
                if kind == "b":
                    rec.fblits([(a, b)]) if n % 2 else rec.blit(a, b)
                elif kind == "l":
                    rec.line(a, *b)
                else:
                    rec.fill(a, b)
            return rec

        for _ in range(60):
            ops = [op() for _ in range(rng.randrange(0, 25))]
            sub_clip = pygame.Rect(rng.randrange(0, 80), rng.randrange(0, 60), 70, 50)
            old = record(ops, sub_clip)
            board = ground.copy()
            board.set_clip(clip)
            board_record.replay(board, old.keys, old.boxes, clip)
            changed = list(ops)
            for _ in range(rng.randrange(1, 4)):
                what = rng.random()
                if what < 0.4 and changed:
                    changed[rng.randrange(len(changed))] = op()
                elif what < 0.7:
                    changed.insert(rng.randrange(len(changed) + 1), op())
                elif changed:
                    del changed[rng.randrange(len(changed))]
            new = record(changed, sub_clip)
            rects = board_record.merge(board_record.changed_rects(old.keys, old.boxes, new.keys, new.boxes), clip)
            if rects is None:
                rects = [clip]
            board_record.repaint(board, ground, new.keys, new.boxes, rects)
            whole = ground.copy()
            whole.set_clip(clip)
            board_record.replay(whole, new.keys, new.boxes, clip)
            whole.set_clip(None)
            assert pygame.image.tobytes(board.subsurface(clip), "RGB") == pygame.image.tobytes(whole.subsurface(clip), "RGB")
    finally:
        pygame.quit()


@pytest.mark.parametrize("whole_map", [True, False], ids=["map recorded whole", "view and margin recorded"])
def test_a_long_drag_shows_the_map_a_fresh_board_shows(app, monkeypatch, whole_map):
    """A drag with the layers recorded for the whole map, and one past the recorded margin around the
    view (recorded again on the way): every frame is the fresh picture."""
    from tactics.ui import render
    from tactics.ui.render import PAN_SLACK

    monkeypatch.setattr(render, "PAN_WHOLE_VIEWS", 100 if whole_map else 0)
    view = app.battle
    view.camera.cell_px = 16
    click(app, centre(app, view.state.combatants["t1"].cell))
    _template(view)
    board = view.board_rect()
    # The tokens, the reach and the template start beyond the top-left corner and come in with the drag.
    view.camera.origin_x, view.camera.origin_y = -330, board.top - 150
    move(app, (100, 100))
    pos = (100, 100)
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    app.step()
    first = None  # where the drag's first frame recorded the layers
    travelled = 0
    for n in range(14):
        pos = (pos[0] + 23, pos[1] + (9 if n % 3 else 0))
        travelled += 23
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(23, 0), buttons=(0, 0, 1)))
        app.step()
        first = first or (round(view.camera.origin_x), round(view.camera.origin_y))
        if n in (3, 9, 13):
            dragged = pygame.image.tobytes(app.window.subsurface(board), "RGB")
            view.renderer.forget()
            app.dirty = True
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 1)))
            app.step()  # the same camera, composed whole
            assert pygame.image.tobytes(app.window.subsurface(board), "RGB") == dragged, f"after {travelled} px"
    assert travelled > PAN_SLACK // 2
    recorded = view.renderer._pan_record
    assert recorded is not None and recorded[3] == whole_map
    assert (recorded[1] == first) == whole_map, "recorded once for the map; again past the margin around the view"


def test_the_common_start_and_end_of_two_recordings_are_those_compared_one_by_one() -> None:
    """changed_rects finds the operations two recordings begin and end with alike by halving
    with slice comparisons: the counts must be those of comparing them one by one (else a change
    at the edge of the common part would not be repainted)."""
    import random

    from tactics.ui.board_record import _common_end, _common_start

    rng = random.Random(4)
    for _ in range(3000):
        a = [(rng.randrange(3),) for _ in range(rng.randrange(0, 12))]
        b = list(a) if rng.random() < 0.3 else [(rng.randrange(3),) for _ in range(rng.randrange(0, 12))]
        shortest = min(len(a), len(b))
        i = 0
        while i < shortest and a[i] == b[i]:
            i += 1
        j = 0
        while j < shortest - i and a[len(a) - 1 - j] == b[len(b) - 1 - j]:
            j += 1
        start = _common_start(a, b, shortest)
        assert (start, _common_end(a, b, shortest - start)) == (i, j), (a, b)


def _one_sided_by_sets(mid_old, boxes_old, mid_new, boxes_new):
    """The comparison changed_rects made before it hashed each operation once (the reference)."""
    set_old, set_new = set(mid_old), set(mid_new)
    if len(set_old) != len(mid_old) or len(set_new) != len(mid_new):
        return None
    gone, added = set_old - set_new, set_new - set_old
    if [k for k in mid_old if k not in gone] != [k for k in mid_new if k not in added]:
        return None
    return ([box for k, box in zip(mid_old, boxes_old) if k in gone]
            + [box for k, box in zip(mid_new, boxes_new) if k in added])


def test_the_operations_in_one_recording_only_are_those_the_sets_find() -> None:
    """changed_rects looks the new operations up in a dict of the old ones' places (each hashed
    once): what it finds in one list only, and when it gives up (an operation twice, the common
    ones reordered), must be what comparing the two as sets finds, or a changed blit would not
    be repainted."""
    import random

    from tactics.ui.board_record import _one_sided

    rng = random.Random(12)
    for _ in range(4000):
        pool = rng.randrange(2, 14)
        old = [("b", rng.randrange(pool)) for _ in range(rng.randrange(0, 12))]
        new = list(old)
        for _ in range(rng.randrange(0, 4)):
            what = rng.random()
            if what < 0.3 and new:
                new[rng.randrange(len(new))] = ("b", rng.randrange(pool))
            elif what < 0.6:
                new.insert(rng.randrange(len(new) + 1), ("b", rng.randrange(pool)))
            elif what < 0.8 and new:
                del new[rng.randrange(len(new))]
            elif len(new) > 1:
                i, j = rng.sample(range(len(new)), 2)
                new[i], new[j] = new[j], new[i]
        boxes_old = [pygame.Rect(k, 0, 1, 1) for k in range(len(old))]
        boxes_new = [pygame.Rect(k, 1, 1, 1) for k in range(len(new))]
        assert _one_sided(old, boxes_old, new, boxes_new) == _one_sided_by_sets(old, boxes_old, new, boxes_new), \
            (old, new)
