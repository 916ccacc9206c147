"""A frame that repaints only what changed shows exactly what a whole fresh frame shows.

Why: the window keeps last frame's pixels and a frame repaints only the
rectangles that changed (tactics/ui/retained.py), and a board layer is run
again only when what it reads changed (its recorded operations are kept by
key, tactics/ui/render.py). A stale rectangle is what a user would notice: an
HP bar at its old length, a token at its old square, a reach tint where the
token stood, a cursor trail, a dialog's ghost after it closed, or on the
players' screen something the GM hid. So after every frame of a GM's session
(hover, each change the benchmark times, a pan, a zoom, the players' view, a
pygame_gui dialog opened and closed, the players' window) the window's pixels
are compared with a fresh full frame of the same state: every layer run
again, every picture composed whole, the whole window drawn. They must be
identical, and most frames must have been the partial kind (else the test
proves nothing).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.bench import build_scene
from tactics.engine.board import Place, SetDoor
from tactics.engine.combat.gm import AdjustHP
from tactics.rules import templates
from tactics.ui import retained
from tactics.ui.app import App
from tactics.ui.tools.templates import PinnedTemplate
from test_board_record import scene_app
from ui_driver import app_session, centre, click, key, move, post

SIZE = (1280, 720)


@pytest.fixture
def app():
    app = scene_app(SIZE)
    view = app.battle
    m = view.state.current_map()
    view.pinned = [PinnedTemplate("10 ft radius", templates.radius((8, 6), 10, walls=m), (8.0, 6.0))]
    view.message = None  # "Opened ...": a banner would make every frame a whole one
    yield from app_session(app)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _where(a: bytes, b: bytes, size: tuple[int, int]) -> str:
    """The box of the pixels that differ (for the failure message)."""
    w = size[0]
    xs, ys = [], []
    for i in range(0, len(a), 3):
        if a[i:i + 3] != b[i:i + 3]:
            ys.append(i // 3 // w)
            xs.append(i // 3 % w)
    return f"{len(xs)} pixels differ in x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}" if xs else "none"


def check(app: App, what: str) -> None:
    """The window (and the players' window, if open) as a fresh full frame draws it."""
    shown = _pixels(app.window)
    players = getattr(app, "players", None)
    pw = players.window if players is not None else None
    shown_players = _pixels(pw.window.get_surface()) if pw is not None else None
    app.battle.renderer.forget()
    app.battle.renderer.tokens.forget_placing()  # every token's words and name placed afresh too
    app.battle.renderer.cells.forget_cuts()  # every reach and template cut into blocks afresh (not mended)
    retained.forget_kept_canvases()  # every panel's canvas drawn afresh (not mended where it changed)
    app.screen.forget()
    app.draw()
    fresh = _pixels(app.window)
    assert shown == fresh, f"{what}: the window differs from a fresh frame ({_where(shown, fresh, app.size)})"
    if pw is not None:
        pw._renderer().forget()
        pw._renderer().tokens.forget_placing()
        pw._renderer().cells.forget_cuts()
        surface = pygame.Surface(pw.size)
        pw.render(surface)
        pw.ui.draw_ui(surface)
        fresh_players = _pixels(surface)
        assert shown_players == fresh_players, f"{what}: the players' window differs from a fresh one " \
                                               f"({_where(shown_players, fresh_players, pw.size)})"


COLUMN = ("declare", "resolve", "log", "phase")  # the combat panels' parts but the tracker (panels/combat.py)


def column(app: App) -> tuple:
    """What each of the combat panels' parts drew last (the same objects while they are kept)."""
    return tuple(app.screen.parts.get(name, (None, None))[1] for name in COLUMN)


def _hover_tour(app: App, what: str) -> None:
    view = app.battle
    for cell in ((5, 5), (6, 5), (9, 7), (3, 3), (12, 8)):
        move(app, centre(app, cell))
        check(app, f"{what}: hover {cell}")
    move(app, (view.board_rect().right - 20, view.board_rect().top + 40))  # over the side card
    check(app, f"{what}: hover over the side card")


def _changes(app: App, what: str) -> None:
    """Each change the benchmark times, made as the bench makes it, then a frame."""
    view = app.battle
    state = view.state
    others = [cid for cid in state.combatants if cid != "t1"]
    m = state.current_map()
    for n in range(2):
        view.submit(AdjustHP(others[n], -3))
        move(app, centre(app, (4 + n, 4)))
        check(app, f"{what}: a roll")
        cid = others[2 + n]
        c, r = state.combatants[cid].cell
        for cell in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if state.map.move_cost(cell) is not None and state.at(cell) is None:
                view.submit(Place(cid, cell))
                break
        view.invalidate()
        move(app, centre(app, (5 + n, 4)))
        check(app, f"{what}: a token moved")
        view.submit(SetDoor(0, 0 not in state.open_doors))
        move(app, centre(app, (6 + n, 4)))
        check(app, f"{what}: the door")
        view.pinned[0] = PinnedTemplate("10 ft radius", templates.radius((9 + n, 6), 10, walls=m), (9.0 + n, 6.0))
        view.invalidate()
        move(app, centre(app, (7 + n, 4)))
        check(app, f"{what}: a template moved")
        c, r = state.combatants["t1"].cell
        for cell in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if state.map.move_cost(cell) is not None and state.at(cell) is None:
                view.submit(Place("t1", cell))
                break
        move(app, centre(app, (8 + n, 4)))
        check(app, f"{what}: the selected token moved")


def _pan(app: App, what: str) -> None:
    start = (400, 300)
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
    x, y = start
    for dx, dy in ((-10, 0), (-40, -12), (-70, -30), (25, 18), (-200, -90)):
        x, y = x + dx, y + dy
        post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(dx, dy), buttons=(0, 0, 1)))
        check(app, f"{what}: pan by {dx}, {dy}")
    # back where the drag started: the board the drag started from, at the window's new place
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(start[0] - x, start[1] - y), buttons=(0, 0, 1)))
    check(app, f"{what}: pan back to its start")
    x, y = start
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(x - 30, y), rel=(-30, 0), buttons=(0, 0, 1)))
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(30, 0), buttons=(0, 0, 1)))
    check(app, f"{what}: a drag out and back unchecked between")
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
    check(app, f"{what}: pan ended")


def test_every_partial_frame_is_the_fresh_frame(app: App) -> None:
    view = app.battle
    check(app, "first frame")
    _hover_tour(app, "nothing selected")
    click(app, centre(app, view.state.combatants["t1"].cell))
    assert view.selected == "t1"
    check(app, "t1 selected")
    partial = app.screen.partial_frames
    _hover_tour(app, "t1 selected")
    _changes(app, "t1 selected")
    _pan(app, "t1 selected")
    key(app, pygame.K_ESCAPE)  # nothing selected: the side card goes
    assert view.selected is None
    check(app, "t1 let go")
    assert app.screen.partial_frames >= partial + 20, "the frames above were drawn whole: nothing was tested"
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False))
    check(app, "zoomed in")
    move(app, centre(app, (6, 6)))
    check(app, "hover after the zoom")


def test_the_players_view_and_a_dialog_leave_no_stale_rectangle(app: App) -> None:
    view = app.battle
    click(app, centre(app, view.state.combatants["t1"].cell))
    key(app, pygame.K_F2)  # the players' view on the GM's window
    view.message = None
    app.dirty = True
    app.step()
    check(app, "players' view")
    _hover_tour(app, "players' view")
    key(app, pygame.K_F2)
    view.message = None
    app.dirty = True
    app.step()
    check(app, "back to the GM's view")
    key(app, pygame.K_o, pygame.KMOD_LCTRL)  # pygame_gui's file dialog over the board
    assert app.file_dialog is not None and app.file_dialog.alive()
    check(app, "the open dialog")
    move(app, centre(app, (5, 5)))
    check(app, "hover under the open dialog")
    app.file_dialog.kill()
    app.dirty = True
    app.step()
    check(app, "the open dialog closed")
    partial = app.screen.partial_frames
    move(app, centre(app, (6, 5)))
    move(app, centre(app, (7, 5)))
    check(app, "hover after the dialog")
    assert app.screen.partial_frames > partial
    for pressed, what in ((pygame.K_F1, "help"), (pygame.K_TAB, "the starship screen")):
        key(app, pressed)  # a screen over or instead of the board, then back
        check(app, what)
        key(app, pygame.K_ESCAPE if pressed == pygame.K_F1 else pygame.K_TAB)
        view.message = None
        app.dirty = True
        app.step()
        move(app, centre(app, (5, 6)))
        check(app, f"{what} closed")
    button = next(iter(app.toolbar.buttons))
    move(app, button.rect.center)  # a toolbar button's hover
    check(app, "a toolbar button hovered")
    move(app, centre(app, (6, 6)))
    check(app, "off the toolbar")


def test_the_players_window_matches_a_fresh_one_after_each_change(app: App) -> None:
    view = app.battle
    key(app, pygame.K_p, pygame.KMOD_LCTRL)
    assert app.players.window is not None
    view.message = None
    app.dirty = True
    app.step()
    check(app, "players' window open")
    click(app, centre(app, view.state.combatants["t1"].cell))
    check(app, "t1 selected, players' window open")
    _changes(app, "players' window open")
    _pan(app, "players' window open")
    key(app, pygame.K_p, pygame.KMOD_LCTRL)
    view.message = None
    app.dirty = True
    app.step()
    check(app, "players' window closed")


def test_the_combat_panels_leave_no_stale_rectangle() -> None:
    """The bundled fight (its initiative card at the left): hover, select, a roll, a pan, the
    card's fold button; each frame as a fresh one draws it."""
    from tactics.ui.opening import open_default

    for app in app_session(App(open_default(seed=1), size=SIZE)):
        view = app.battle
        view.message = None
        app.dirty = True
        app.step()
        assert view.combat.active()
        check(app, "the bundled fight")
        partial = app.screen.partial_frames
        for cid in list(view.state.combatants)[:2]:
            who = view.state.combatants[cid]
            if who.cell is None:
                continue
            move(app, centre(app, who.cell))
            check(app, f"hover {cid}")
            click(app, centre(app, who.cell))
            check(app, f"{cid} clicked")
            view.submit(AdjustHP(cid, -1))
            move(app, centre(app, (who.cell[0] + 1, who.cell[1])))
            check(app, f"{cid} hurt")
        _pan(app, "the bundled fight")
        assert app.screen.partial_frames > partial + 5


def test_a_panel_button_lights_under_the_pointer_and_the_panels_stay_while_it_moves_over_the_map() -> None:
    """In a fight the panels are drawn again when the pointer lights or leaves one of their
    buttons, not on every move: over the map they are kept, and every frame is the fresh one."""
    from tactics.ui.opening import open_default

    for app in app_session(App(open_default(seed=1), size=SIZE)):
        view = app.battle
        view.message = None
        app.dirty = True
        app.step()
        button = view.combat.button_rect("start")  # the tracker's "Start combat"
        assert button is not None
        move(app, button.center)
        check(app, "Start combat under the pointer")
        move(app, (button.centerx + 4, button.centery + 1))
        check(app, "the pointer moved on the button")
        move(app, (button.centerx, button.bottom + 30))
        check(app, "the pointer left the button")
        cells = [who.cell for who in view.state.combatants.values() if who.cell is not None][:3]
        move(app, centre(app, cells[0]))
        kept = column(app)
        partial = app.screen.partial_frames
        for cell in cells[1:]:
            move(app, centre(app, cell))
        assert app.screen.partial_frames == partial + len(cells) - 1
        assert column(app) == kept, "the panels were drawn again for a move over the map"
        check(app, "over the map")


def test_names_and_words_among_crowded_tokens_follow_each_change() -> None:
    """Tokens close together: a name goes under, above, smaller or nowhere, condition words
    shorten, as the neighbours allow. After a token moves among them, gets a condition, is hurt
    or selected, only it and those beside it are placed again: the window must show what placing
    them all afresh shows."""
    from tactics.engine.combat.gm import ApplyCondition

    for app in app_session(App(build_scene(24, tokens=20, walls=0, area=(3, 3, 13, 9)), size=SIZE)):
        view = app.battle
        view.camera.cell_px = 30
        view.camera.origin_x, view.camera.origin_y = -30, view.board_rect().top - 30
        view.message = None
        app.dirty = True
        app.step()
        check(app, "a crowd")
        state = view.state
        ids = list(state.combatants)
        unnamed = view.renderer.tokens.unnamed
        assert unnamed, "no name was left out: the crowd is not crowded"
        for n, cid in enumerate(ids[:10]):  # condition words over a disc: its neighbours' names make room
            view.submit(ApplyCondition(cid, ("Shaken", "Flanked", "Prone")[n % 3], 2))
            move(app, centre(app, (14, 10)))
            check(app, f"{cid}'s condition among its neighbours")
        for cid in ids[10:14]:
            view.submit(AdjustHP(cid, -4))
            c, r = state.combatants[cid].cell
            for cell in ((c, r - 1), (c + 1, r), (c - 1, r), (c, r + 1)):
                if state.map.in_bounds(cell) and state.at(cell) is None:
                    view.submit(Place(cid, cell))
                    break
            move(app, centre(app, (14, 10)))
            check(app, f"{cid} hurt and moved among its neighbours")
        click(app, centre(app, state.combatants[ids[3]].cell))
        assert view.selected == ids[3]
        check(app, "one of them selected (its name always shows)")
        from tactics.engine.hazards.commands import PlaceTrap

        for cid in ids[4:7]:  # a known trap under a token: the names beside it keep off its marker
            c, r = state.combatants[cid].cell
            if state.map.in_bounds((c, r + 1)) and state.at((c, r + 1)) is None:
                assert view.submit(PlaceTrap("simple_mechanical", (c, r + 1), hidden=False))
                move(app, centre(app, (14, 10)))
                check(app, f"a trap under {cid}")
        assert state.traps, "no trap was placed under a token"


def test_tokens_read_again_only_where_an_entry_touched_them_follow_each_change(app: App) -> None:
    """The tokens layer reads again only the tokens the journal's entries touched
    (tactics/ui/token_changes.py): a token hurt, moved out of the view and back into it, a
    door, a token turned, an undo (read whole) and a redo, several changes before one frame; each frame is
    the fresh one, and the quick reading was the one used."""
    from tactics.engine.hazards.facing import GMSetFacing

    view = app.battle
    state = view.state
    journal = view.encounter.journal
    painter = view.renderer.tokens
    check(app, "first frame")
    quick = painter.quick_reads
    ids = [cid for cid in state.combatants if cid != "t1"]
    far = (29, 29)  # off the view at 28 px a square
    home = state.combatants[ids[0]].cell
    steps = [("hurt", [AdjustHP(ids[0], -2)]), ("out of view", [Place(ids[0], far)]),
             ("back into view", [Place(ids[0], home)]), ("the door", [SetDoor(0, True)]),
             ("turned", [GMSetFacing(ids[3], direction="N")]),
             ("two tokens hurt before one frame", [AdjustHP(ids[1], -1), AdjustHP(ids[2], -3)])]
    for what, commands in steps:
        for command in commands:
            view.submit(command)
        move(app, centre(app, (5, 5)))
        check(app, what)
    journal.undo()
    app.dirty = True
    move(app, centre(app, (6, 5)))
    check(app, "undone")
    journal.redo()
    move(app, centre(app, (5, 5)))
    check(app, "redone")
    # (a token leaving or entering the view is read whole: its place among the others is found)
    assert painter.quick_reads >= quick + len(steps) - 2, "the tokens were read whole each time: nothing was tested"


@pytest.mark.parametrize("fixed_box", [False, True], ids=["all on the map", "a box fixed on the window too"])
def test_a_drag_carries_the_live_layers_that_move_with_the_map_and_repaints_the_others(app: App, fixed_box: bool) -> None:
    """While the map is dragged under the resting pointer, live layers that draw what they drew,
    moved with the map, are carried by the window's scroll (not repainted); one that draws
    anything else (here a box at a fixed place of the window) is repainted where it was and is:
    either way every frame is the fresh one."""
    from tactics.ui.render import TOOL_Z, add_layer, remove_layer

    def marker(ctx) -> None:
        rect = pygame.Rect(ctx.camera.cell_rect((6, 5)))
        pygame.draw.rect(ctx.surface, (250, 40, 200), rect, 3, border_radius=4)
        ctx.surface.fill((40, 250, 90), rect.inflate(-12, -12))
        pygame.draw.line(ctx.surface, (30, 30, 250), rect.topleft, rect.bottomright, 2)
        if fixed_box:
            ctx.surface.fill((250, 250, 40), (ctx.clip.left + 30, ctx.clip.top + 30, 40, 20))

    add_layer(TOOL_Z + 1, "test-marker", marker)
    try:
        app.dirty = True
        app.step()
        check(app, "the marker shown")
        carried = app.screen.live_carried
        partial = app.screen.partial_frames
        start = (400, 300)
        post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
        x, y = start
        for n, (dx, dy) in enumerate(((-9, 0), (-14, -5), (6, 11), (-30, -2), (0, 7), (-5, -5))):
            x, y = x + dx, y + dy
            post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(dx, dy), buttons=(0, 0, 1)))
            if n % 2:  # (two frames between the checks: what the first one left is what the second starts from)
                check(app, f"a drag by {dx}, {dy}")
        post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
        check(app, "the drag ended")
        assert app.screen.partial_frames >= partial + 6, "the drag's frames were drawn whole: nothing was tested"
        if fixed_box:
            assert app.screen.live_carried == carried, "a box fixed on the window was carried with the map"
        else:
            assert app.screen.live_carried >= carried + 4, "the live layers were repainted: the shortcut is off"
    finally:
        remove_layer("test-marker")


def test_a_pinned_template_moved_in_a_fight_keeps_the_combat_panels() -> None:
    """A fight with its right-hand column shown (Declare, Resolve, Log, phase card): moving a
    pinned template is a board layer's change (``invalidate``), which no panel shows, so the
    column is kept, not drawn again (it cost most of such a frame), and the window is still the
    fresh frame; a change of the state still draws the column again."""
    from tactics.engine.combat.team import Advance, StartCombat

    for app in app_session(App(build_scene(30, tokens=10, walls=60, area=(2, 2, 14, 9), door=True, sheets=True),
                               size=SIZE)):
        view = app.battle
        view.camera.cell_px = 28
        view.camera.origin_x, view.camera.origin_y = -28, view.board_rect().top - 28
        view.submit(StartCombat())
        view.submit(Advance())
        m = view.state.current_map()
        view.pinned = [PinnedTemplate("10 ft radius", templates.radius((8, 6), 10, walls=m), (8.0, 6.0))]
        view.select("t1")
        view.message = None
        move(app, centre(app, (5, 5)))
        check(app, "the fight, t1 selected")  # (a whole frame: the parts drawn afresh)
        assert all(app.screen.parts[name][1].rects for name in COLUMN), \
            "the combat panels drew nothing: the test would prove nothing"
        partial = app.screen.partial_frames
        for n in range(2):
            kept = column(app)
            view.pinned[0] = PinnedTemplate("10 ft radius", templates.radius((9 + n, 6), 10, walls=m), (9.0 + n, 6.0))
            view.invalidate()
            move(app, centre(app, (6 + n, 5)))
            assert column(app) == kept, "the combat panels were drawn again for a template"
            check(app, f"the template moved ({n})")
        assert app.screen.partial_frames >= partial + 2
        kept = column(app)
        view.submit(AdjustHP("t2", -1))
        move(app, centre(app, (5, 6)))
        assert column(app)[COLUMN.index("log")] is not kept[COLUMN.index("log")], "a roll kept the log as it was"
        check(app, "t2 hurt")
