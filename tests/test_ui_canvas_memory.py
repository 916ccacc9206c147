"""A panel's canvases live only as long as the panel, and only for its last sizes.

Why: the canvases were cached by size alone (up to 32), so a few resizes at 3840x2160 kept 30
canvases of closed windows and old sizes alive (110 MB after the layout test's 4K frames). What a
user would notice is memory that a closed window or an old window size keeps: here, the bytes the
cache still holds.
"""

from __future__ import annotations

import gc

import pygame

from tactics.ui import widgets as w


def _held_bytes(held: object = None) -> int:
    """The pixels of every canvas the cache holds (however it keeps them)."""
    held = w._canvases if held is None else held
    if isinstance(held, pygame.Surface):
        return held.get_width() * held.get_height() * held.get_bytesize()
    if isinstance(held, dict):
        return sum(_held_bytes(v) for v in held.values())
    if isinstance(held, (tuple, list)):
        return sum(_held_bytes(v) for v in held)
    return 0


def test_a_closed_panel_s_canvases_go_and_old_sizes_are_let_go() -> None:
    pygame.display.init()
    try:
        w._canvases.clear()
        panel = w.Panel(title="Initiative")
        for height in (400, 600, 800, 1000):  # the window grew four times
            first = w.canvas(panel, (500, height))
        assert w.canvas(panel, (500, 1000)) is first  # the same size is the same canvas, reused
        assert _held_bytes() == 500 * (800 + 1000) * 4  # the last two sizes only
        del panel, first
        gc.collect()
        w.canvas(w.Panel(title="Log"), (10, 10))  # the next panel that draws
        assert _held_bytes() == 10 * 10 * 4  # nothing of the closed one
    finally:
        pygame.quit()


def test_a_long_list_s_tall_canvas_is_kept_alone() -> None:
    """Diff review (round 12): a list's canvas is as tall as the list (1000 names at 4K: ~150 MB);
    with the size before kept beside it, a list that grew by one row held twice that."""
    pygame.display.init()
    try:
        w._canvases.clear()
        panel = w.Panel(title="Initiative")
        w.canvas(panel, (200, w.TALL_CANVAS_PX + 100))
        w.canvas(panel, (200, w.TALL_CANVAS_PX + 130))  # one row more
        assert _held_bytes() == 200 * (w.TALL_CANVAS_PX + 130) * 4
        w.canvas(panel, (200, 600))  # short again: the tall one may stay as the size before
        assert _held_bytes() == 200 * (w.TALL_CANVAS_PX + 130 + 600) * 4
    finally:
        pygame.quit()
