"""The Ctrl+T "Who rolls the dice" list shows each line with room to both sides.

Why (review 14, finding 10): "players: Players type in their own physical dice; the app rolls
for the GM" ran from edge to edge of its list box, its first and last letters against the frame.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, click, key

ROOM = 12  # px of the list's own background left and right of the longest line


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_longest_dice_line_has_room_beside_it(size):
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        key(app, pygame.K_t, pygame.KMOD_CTRL)
        menu = app.table.dice_menu
        click(app, menu.get_abs_rect().center)  # open the list (it opens on the next frame)
        app.step()
        app.draw()
        rows = menu.current_state.options_selection_list.item_list_container.elements
        row = next(b for b in rows if b.text.startswith("players:")).get_abs_rect()
        surface = pygame.display.get_surface()
        background = surface.get_at((row.x + 2, row.centery))
        columns = [x for x in range(row.x, row.right) if any(
            sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], background[:3])) > 120
            for y in range(row.y + 2, row.bottom - 2))]
        assert columns, "the line is drawn"
        assert columns[0] - row.x >= ROOM and row.right - columns[-1] >= ROOM, "the line runs edge to edge"
