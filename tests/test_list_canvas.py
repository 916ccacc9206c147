"""A long list's canvas is the card's size, and the list scrolled on it still shows and clicks right.

What is tested (issue 12, memory): a card whose body is a long list (the Initiative list, the
tracker in a fight, the Declare panel's names) was drawn on a canvas as tall as the whole list:
1000 names at 4K held ~150 MB, 5000 ~0.8 GB. Now the list is drawn at its scroll on a canvas the
card's size. What a user would notice if that broke: the memory (the canvas's bytes, at most a
few cards'), a click on a scrolled list acting on another row than the one under the pointer, the
last buttons out of reach, or a scrolled list that shows other pixels than the same rows showed
lower down before the scroll.
"""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from tactics.bench import build_scene
from tactics.engine.combat.queries import combat_of
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.table import who_rolls
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui import widgets as w
from tactics.ui.app import App
from test_panel_rows import _wheel
from test_retained_screen import check
from ui_driver import app_session, click, drawn_marks, move

SIZE = (1280, 720)


def _canvas_bytes(panel: object) -> int:
    """The pixels of every canvas kept for ``panel``."""
    entry = w._canvases.get(id(panel))
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in entry[1].values()) if entry else 0


def _seen(surface: pygame.Surface, draw, label: str) -> pygame.Rect | None:
    """``draw()`` once with the layout probe on: where it showed the text ``label`` uncut on ``surface``."""
    rec = probe.start()
    try:
        draw()
    finally:
        probe.stop()
    return next((m.rect for m in rec.on(surface) if m.kind == "text" and m.label == label and not m.clipped), None)


# -- a list of 5000 at 4K ----------------------------------------------------------------------

@pytest.fixture
def at_4k() -> Iterator[None]:
    pygame.init()
    old = theme.set_scale((3840, 2160))
    yield
    theme.set_scale(old)


def test_a_list_of_5000_at_4k_draws_on_a_canvas_the_card_s_size_and_clicks_the_row_shown(at_4k) -> None:
    panel = w.Panel("Names")
    clicked: list[int] = []
    n = 5000

    def head(canvas: pygame.Surface, rect: pygame.Rect) -> int:
        return w.header(panel, canvas, rect, "Names", collapsible=False)

    def rows(canvas: pygame.Surface, rect: pygame.Rect, y: int) -> int:
        x, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
        for i in range(n):
            row = pygame.Rect(x, y, inner, theme.px(36))
            if panel.in_view(row.top, row.bottom):
                w.button(panel, canvas, row, f"Name {i}", f"name:{i}", lambda i=i: clicked.append(i))
            else:  # laid out, not drawn: its button is still where it is in the list
                panel.hit(row, f"name:{i}", lambda i=i: clicked.append(i))
            y += theme.px(42)
        return y

    surface = pygame.Surface((3840, 2160))
    width, max_h = theme.px(360), 2160 - theme.px(120)

    def draw() -> None:
        panel.draw_list(surface, theme.px(12), theme.px(60), width, max_h, head, rows)

    draw()
    assert panel.rect is not None and panel.scrollable
    card_bytes = panel.rect.width * panel.rect.height * 4
    for scroll in (0, 100_000, 10**7):  # the top, the middle, past the end (cut back to the end)
        panel.scroll = scroll
        draw()
        held = _canvas_bytes(panel)
        assert held < 4 * card_bytes, f"the canvas holds {held / 1e6:.0f} MB for a card of {card_bytes / 1e6:.0f} MB"
    assert panel.content_h > 100 * panel.rect.height  # (the list is that long: its canvas would have been)

    for i in (n - 1, 2500, 17):  # the last name (scrolled to the end), one in the middle, one near the top
        panel.scroll = max(0, i * theme.px(42) - panel.rect.height // 2)
        draw()
        where = _seen(surface, draw, f"Name {i}")
        assert where is not None and panel.rect.contains(where), f"Name {i} is not shown at scroll {panel.scroll}"
        spot = panel.button_rect(f"name:{i}")
        assert spot is not None and spot.collidepoint(where.center), f"Name {i}'s button is not where it is drawn"
        face = tuple(surface.get_at((spot.x + 3, spot.centery)))[:3]
        assert face == theme.CONTROL, f"Name {i}'s button is not drawn where it is clicked ({face})"
        clicked.clear()
        assert panel.click(where.center)
        assert clicked == [i], f"a click on Name {i} acted on {clicked}"


# -- the real tracker, in a fight of 300 -------------------------------------------------------

def _names_shown(app: App, tracker: w.Panel) -> list[probe.Mark]:
    """The tokens' names a whole frame drawn afresh shows inside the tracker's card (one at least)."""
    rec = probe.start()
    try:
        app.screen.forget()
        app.draw()
    finally:
        probe.stop()
    names = [mark for mark in rec.on(app.window)
             if mark.kind == "text" and mark.panel == "Initiative" and mark.label.startswith("Token ")
             and tracker.rect is not None and tracker.rect.contains(mark.rect)]
    assert names, f"no name shown at scroll {tracker.scroll}"
    return names


@pytest.fixture
def fight() -> Iterator[App]:
    app = App(build_scene(100, tokens=300, area=(0, 0, 100, 100), sheets=True), size=SIZE)
    app.battle.submit(StartCombat())
    app.battle.submit(Advance())  # to the Action Phase
    app.battle.message = None
    app.dirty = True
    yield from app_session(app)


def test_the_tracker_of_300_scrolled_clicks_the_name_under_the_pointer_and_reaches_its_last_button(fight) -> None:
    app = fight
    tracker = app.battle.combat.tracker
    assert tracker.rect is not None and tracker.scrollable
    card_bytes = tracker.rect.width * tracker.rect.height * 4
    for steps in (-8, -8, -1000):  # down the list, further down, to its end
        _wheel(app, tracker.rect.center, steps)
        assert tracker.scroll > 0
        assert _canvas_bytes(tracker) < 4 * card_bytes, "the tracker's canvas is taller than a few cards"
        names = _names_shown(app, tracker)
        for mark in (names[len(names) // 2], names[-1]):  # one in the middle of the card, the lowest shown
            cid = "t" + mark.label.split()[1]
            click(app, mark.rect.center)
            assert app.battle.selected == cid, f"a click on {mark.label} selected {app.battle.selected}"
            move(app, (SIZE[0] // 2, SIZE[1] // 2))
    combat = combat_of(app.battle.state)
    assert combat is not None
    last = combat.turn_order()[-1].members[-1]
    assert tracker.button_rect(f"who:{last}") is not None and tracker.rect.contains(tracker.button_rect(f"who:{last}"))
    dice = tracker.button_rect("dice-mode")  # the list's last button, at its end
    assert dice is not None and tracker.rect.contains(dice)
    move(app, dice.center)  # lit under the pointer: the button there, not one a scroll's height below
    lit = tuple(app.window.get_at((dice.x + 4, dice.centery)))[:3]
    assert lit == theme.CHIP_LIT, f"the Dice button under the pointer is not lit ({lit})"
    before = who_rolls(app.battle.state)
    click(app, dice.center)
    assert who_rolls(app.battle.state) != before, "the click on the last button (Dice) did nothing"


def test_a_scrolled_tracker_shows_the_rows_it_showed_lower_down_unscrolled(fight) -> None:
    """The oracle: the rows a card shows at scroll S are the rows it showed S pixels lower at
    scroll 0 (the old canvas held the whole list and showed a part of it, so it showed that too:
    compared against PNGs of the old way when this changed)."""
    app = fight
    tracker = app.battle.combat.tracker
    app.battle.combat.hover = None
    x, y, width, max_h = 10, 10, tracker.rect.width, 600
    fixed = w.header(w.Panel(), pygame.Surface((width, 100)), pygame.Rect(0, 0, width, 100), "x")
    view_h = max_h - fixed - theme.px(6)
    keep = pygame.Rect(x, y + fixed, width - theme.px(12), view_h - theme.px(18))  # less the scroll bar, the fade

    def shot(scroll: int) -> pygame.Surface:
        surface = pygame.Surface((width + 20, max_h + 20))
        tracker.scroll = scroll
        tracker.draw(surface, x, y, width, max_h)
        assert tracker.scroll == scroll
        return surface

    top = shot(0)
    for scroll in (37, 250, 401):
        scrolled = shot(scroll)
        part = keep.copy()
        part.height -= scroll
        was = pygame.image.tobytes(top.subsurface(part.move(0, scroll)), "RGB")
        now = pygame.image.tobytes(scrolled.subsurface(part), "RGB")
        assert now == was, f"at scroll {scroll} the rows differ from those shown unscrolled"
    header = pygame.Rect(x, y, width, fixed)
    assert (pygame.image.tobytes(scrolled.subsurface(header), "RGB")
            == pygame.image.tobytes(top.subsurface(header), "RGB")), "the title row changed with the scroll"


def test_a_scrolled_fight_tracker_leaves_nothing_for_the_layout_probe_to_find(fight) -> None:
    """The texts scrolled above the view (the phase chips) were put on the probe at the clip's
    edge, over the first row shown: a fault the layout tests would have reported that no one sees."""
    app = fight
    tracker = app.battle.combat.tracker
    _wheel(app, tracker.rect.center, -10)
    assert tracker.scroll > 0
    rec = probe.start()
    try:
        app.screen.forget()
        app.draw()
    finally:
        probe.stop()
    shown = [m for m in rec.on(app.window) if m.panel == "Initiative" and m.kind == "text"]
    assert shown and all(tracker.rect.contains(m.rect) for m in shown)
    labels = {m.label for m in shown}
    faults = [p for p in probe.problems(rec, app.window)
              if any(p.startswith(repr(label)) or f"overlaps {label!r}" in p for label in labels)]
    assert not faults, faults


# -- the kept canvas at a scroll (the fight branch's row mending on the card-sized canvas) -------

def test_a_roll_on_a_scrolled_tracker_mends_its_row_at_the_scroll_and_a_scroll_shows_fresh_rows(fight) -> None:
    """The tracker scrolled down a fight of 300: the GM's damage to a name in view mends that row
    on the card-sized canvas, drawn at the scroll (the tracker is not drawn again), and the window
    is what a fresh frame draws; so it is after a selection there (the canvas drawn again only
    where it differs) and after a scroll (drawn afresh at the new scroll)."""
    app = fight
    view = app.battle
    tracker = view.combat.tracker
    _wheel(app, tracker.rect.center, -8)
    assert tracker.scroll > 0
    names = _names_shown(app, tracker)
    who = view.state.combatants["t" + names[len(names) // 2].label.split()[1]]
    hp = who.hp
    check(app, "the tracker scrolled")  # (a whole frame after the probe's: the board and panels followed again)
    drawn = app.screen.parts["tracker"][1]
    frames = app.screen.partial_frames
    view.submit(AdjustHP(who.id, -2))
    view.message = None
    app.dirty = True
    move(app, (SIZE[0] // 2, SIZE[1] // 2))
    assert app.screen.partial_frames == frames + 1, f"a whole frame was drawn: {app.screen.why_whole}"
    assert app.screen.parts["tracker"][1] is drawn, "the scrolled tracker was drawn again, not its row mended"
    check(app, "after a roll on the scrolled tracker")
    shown = [m for m in drawn_marks(app) if m.kind == "text" and m.panel == "Initiative"]
    assert any(m.label == f"{hp - 2}/{who.max_hp} hp" and tracker.rect.contains(m.rect) for m in shown), \
        "the scrolled tracker does not show the new hit points"
    view.select(who.id)  # at the same scroll: the kept canvas drawn again where the lists differ
    app.dirty = True
    move(app, (SIZE[0] // 2 + 3, SIZE[1] // 2 + 3))
    check(app, "after a name was selected on the scrolled tracker")
    for steps in (-1, 2):  # down a little, then up past where the roll was
        _wheel(app, tracker.rect.center, steps)
        move(app, (SIZE[0] // 2, SIZE[1] // 2))
        check(app, f"after the wheel ({steps}) on the tracker, its row mended before")
