"""The combat panels draw only the rows in view, from pictures kept per row, and show the same.

What is tested (issue 12, an honest benchmark): the Initiative list of 200 combatants before the
fight scrolls down to a Start combat button that is drawn and starts the fight when clicked (it
was laid out below the panel's canvas: scrolled to, clickable, never drawn); the tracker's rows
drawn from their kept pictures are the pixels the rows drawn in place make (the layout probe
draws them in place), before the fight and in it, scrolled or not; and after a roll, a move and a
scroll, a door and, in the players' view, a token taken off the map in a fight of 60 each partial
frame is the fresh frame (tests/test_retained_screen.py): the tracker is kept across moves and
doors in the GM's view, not across what it shows.
"""

from __future__ import annotations

import pygame

from tactics.bench import build_scene
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.queries import combat_of
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.board import Place, SetDoor
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.app import App
from test_retained_screen import _pixels, _where, check
from ui_driver import app_session, click, key, move, post

SIZE = (1280, 720)


def _fight_app(tokens: int, *, started: bool) -> App:
    app = App(build_scene(100, tokens=tokens, area=(0, 0, 100, 100) if tokens > 100 else None, door=True,
                          sheets=True), size=SIZE)
    if started:
        app.battle.submit(StartCombat())
        app.battle.submit(Advance())  # to the Action Phase
    app.battle.message = None
    app.dirty = True
    return app


def _wheel(app: App, pos: tuple[int, int], steps: int) -> None:
    move(app, pos)
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, precise_x=0.0, precise_y=float(steps),
                                 flipped=False))


def test_the_initiative_list_of_200_keeps_start_combat_drawn_and_clickable() -> None:
    for app in app_session(_fight_app(200, started=False)):
        tracker = app.battle.combat.tracker
        assert tracker.rect is not None and tracker.scrollable
        for _ in range(200):  # the wheel to the end of the list
            _wheel(app, tracker.rect.center, -3)
        start = tracker.button_rect("start")
        assert start is not None and tracker.rect.contains(start), "Start combat is not in the card"
        shown = app.window.get_at((start.x + 6, start.centery))[:3]
        assert shown == theme.PRIMARY_BG, f"Start combat is not drawn where it is clicked ({shown})"
        assert tracker.button_rect("dice-mode") is not None and tracker.rect.contains(tracker.button_rect("dice-mode"))
        click(app, start.center)
        assert combat_of(app.battle.state) is not None, "the click on Start combat did not start the fight"


def _in_place(app: App) -> bytes:
    """The window drawn whole with the layout probe on: every row drawn in place, none from a picture."""
    probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    return _pixels(app.window)


def _same_as_in_place(app: App, what: str) -> None:
    app.screen.forget()
    app.draw()
    kept = _pixels(app.window)
    drawn = _in_place(app)
    assert kept == drawn, f"{what}: the rows' pictures differ from the rows drawn ({_where(kept, drawn, app.size)})"
    app.screen.forget()
    app.draw()


def test_the_rows_pictures_are_the_rows_drawn_in_place() -> None:
    for started in (False, True):
        for app in app_session(_fight_app(60, started=started)):
            view = app.battle
            if started:
                view.submit(AdjustHP("t3", -12))  # down: the row dims, its label says so
                view.select("t5")  # its name lit
            _same_as_in_place(app, f"{'in' if started else 'before'} the fight")
            tracker = view.combat.tracker
            assert tracker.rect is not None and tracker.scrollable
            _wheel(app, tracker.rect.center, -4)
            assert tracker.scroll > 0
            _same_as_in_place(app, f"{'in' if started else 'before'} the fight, scrolled")


def test_each_partial_frame_of_a_fight_is_the_fresh_frame() -> None:
    for app in app_session(_fight_app(60, started=True)):
        view = app.battle
        check(app, "the fight of 60")
        partial = app.screen.partial_frames
        tracker = view.combat.tracker
        assert tracker.rect is not None
        for n, cid in enumerate(["t2", "t4", "t7"]):
            view.submit(AdjustHP(cid, -3))
            move(app, (SIZE[0] // 2, SIZE[1] // 2 + n))
            check(app, f"{cid} hurt")
            who = view.state.combatants[cid]
            assert who.cell is not None
            for cell in ((who.cell[0] + 1, who.cell[1]), (who.cell[0] - 1, who.cell[1])):
                if view.state.map.move_cost(cell) is not None and view.state.at(cell) is None:
                    view.submit(Place(cid, cell))
                    break
            move(app, (SIZE[0] // 2 + 1, SIZE[1] // 2 + n))
            check(app, f"{cid} moved")
            _wheel(app, tracker.rect.center, -2)
            check(app, f"the tracker scrolled ({tracker.scroll})")
        view.submit(SetDoor(0, True))
        move(app, (SIZE[0] // 2, SIZE[1] // 2 + 9))
        check(app, "the door opened")
        kept = app.screen.partial_frames
        key(app, pygame.K_F2)  # the players' view: who is off the map is not listed
        check(app, "the players' view")
        view.submit(Place("t4", None))
        move(app, (SIZE[0] // 2, SIZE[1] // 2 + 10))
        check(app, "t4 taken off the map, in the players' view")
        assert "who:t4" not in view.combat.tracker.keys()
        key(app, pygame.K_F2)
        view.submit(Place("t4", (1, 1)))
        move(app, (SIZE[0] // 2, SIZE[1] // 2 + 11))
        check(app, "t4 back on the map, in the GM's view")
        assert "who:t4" in view.combat.tracker.keys()
        assert app.screen.partial_frames > kept and app.screen.partial_frames > partial + 5
        log = view.combat.log
        assert log._cache_key is not None
        width = log._cache_key[3]  # as the panel drew them
        shown = list(log.wrapped(width))  # the lines kept across the moves and rolls, each entry's added
        log._cache_key = None
        assert shown == log.wrapped(width), "the log's kept lines are not the lines it works out afresh"


def test_a_scrolled_list_that_shrinks_to_fit_is_drawn_from_its_top_in_the_same_frame() -> None:
    """Review 12 (diff review): a list scrolled far down that then fit its card (the players' view,
    a shorter list) kept the old scroll while drawing, so the rows at the top were skipped, then
    shown from the top: blank rows until the next input (the tracker is a kept part)."""
    from tactics.ui import widgets as w

    pygame.init()
    panel = w.Panel()
    rows = [100]
    green = (0, 200, 0)

    def body(canvas: pygame.Surface, rect: pygame.Rect, y: int) -> int:
        for _ in range(rows[0]):
            if panel.in_view(y, y + 30):
                pygame.draw.rect(canvas, green, (0, y, rect.width, 28))
            y += 30
        return y

    def head(canvas: pygame.Surface, rect: pygame.Rect) -> int:
        return 40

    surface = pygame.Surface((300, 600))
    panel.draw_list(surface, 0, 0, 300, 500, head, body)
    panel.scroll = 2000
    panel.draw_list(surface, 0, 0, 300, 500, head, body)
    assert panel.scroll > 0
    rows[0] = 10  # it fits now
    surface.fill((0, 0, 0))
    panel.draw_list(surface, 0, 0, 300, 500, head, body)
    assert panel.scroll == 0
    for i in (0, 4, 9):
        assert tuple(surface.get_at((150, 40 + 30 * i + 10)))[:3] == green, f"row {i + 1} blank"
