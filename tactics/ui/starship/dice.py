"""Dice drawn as the table rolls them: rounded squares with the face on them.

A weapons pool (R-SHIP-4) is drawn one die per hard point along the top row;
each re-roll bought with the Weapons Mod sits directly under the success it
re-rolled, linked to it, so a chain of re-rolls reads downward. Successes are
green, failures grey; a Scan's Sensor Mod shows as ``+2`` under the face.
2d10 checks (R-SHIP-8) and 2d6 chart rolls (R-SHIP-5) use the same dice.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui.widgets import text

SUCCESS = theme.DIE_SUCCESS
SUCCESS_EDGE = theme.DIE_SUCCESS_EDGE
FAIL = theme.DIE_FAIL
FAIL_EDGE = theme.DIE_FAIL_EDGE
NEUTRAL = theme.DIE_PLAIN
NEUTRAL_TEXT = theme.INK
LINK = theme.DIE_SUCCESS_EDGE


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, *, success: bool | None = None,
             bonus: int = 0, label: str | None = None) -> None:
    """One die: the face large; ``success`` None draws a plain white die."""
    if success is None:
        fill, edge, ink = NEUTRAL, theme.DIE_PLAIN_EDGE, NEUTRAL_TEXT
    elif success:
        fill, edge, ink = SUCCESS, SUCCESS_EDGE, theme.INK_LIGHT
    else:
        fill, edge, ink = FAIL, FAIL_EDGE, theme.DIE_FAIL_TEXT
    radius = max(6, rect.width // 6)
    shadow = rect.move(0, 3)
    pygame.draw.rect(surface, theme.OUTLINE, shadow, border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, 3, border_radius=radius)
    # the face's size follows the die's, which is already in this window's pixels: given at scale 1
    # (text() scales it), a 4K die's digits were twice the die (review 18)
    scale = theme.scale()
    size = round(rect.height * (0.5 if bonus else 0.58) / scale)
    centre = (rect.centerx, rect.centery - (rect.height // 9 if bonus else 0))
    text(surface, str(face), centre, size, ink, "bold", anchor="center")
    if bonus:
        text(surface, f"+{bonus}", (rect.centerx, rect.bottom - rect.height // 5), max(12, round(rect.height / 4 / scale)),
             ink, "bold", anchor="center")
    if label:
        text(surface, label, (rect.centerx, rect.top - px(4)), 14, theme.TEXT_DIM, "semibold", anchor="midbottom")


def pool_cells(dice: Sequence[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    """(column, row) of every die: first roll on row 0, a re-roll under the die it re-rolls.

    Each success is re-rolled at most once, so a column never holds two re-rolls
    on one row.
    """
    cells: dict[int, tuple[int, int]] = {}
    column = 0
    for die in dice:
        parent = die.get("reroll_of")
        if parent is None or parent not in cells:
            cells[die["index"]] = (column, 0)
            column += 1
        else:
            col, row = cells[parent]
            cells[die["index"]] = (col, row + 1)
    return cells


def pool_size(dice: Sequence[dict[str, Any]], die_px: int, gap: int) -> tuple[int, int]:
    cells = pool_cells(dice)
    if not cells:
        return (0, 0)
    cols = max(c for c, _ in cells.values()) + 1
    rows = max(r for _, r in cells.values()) + 1
    return (cols * die_px + (cols - 1) * gap, rows * die_px + (rows - 1) * gap)


def draw_pool(surface: pygame.Surface, dice: Sequence[dict[str, Any]], origin: tuple[int, int], *,
              sensor_bonus: int = 0, die_px: int = 64, gap: int = 22, shown: int | None = None) -> dict[int, pygame.Rect]:
    """Draw a weapons pool; only the first ``shown`` dice (in rolling order). Returns each die's rect."""
    cells = pool_cells(dice)
    rects: dict[int, pygame.Rect] = {}
    for die in dice:
        col, row = cells[die["index"]]
        rects[die["index"]] = pygame.Rect(origin[0] + col * (die_px + gap), origin[1] + row * (die_px + gap),
                                          die_px, die_px)
    limit = len(dice) if shown is None else shown
    for n, die in enumerate(dice):
        if n >= limit:
            break
        rect = rects[die["index"]]
        parent = die.get("reroll_of")
        if parent is not None and parent in rects:
            top = rects[parent]
            start, end = (top.centerx, top.bottom + px(3)), (rect.centerx, rect.top - px(2))
            pygame.draw.line(surface, LINK, start, end, 4)
            pygame.draw.polygon(surface, LINK, [(end[0] - px(8), end[1] - px(9)), (end[0] + px(8), end[1] - px(9)), end])
        draw_die(surface, rect, int(die["face"]), success=bool(die["success"]), bonus=sensor_bonus)
    return rects


def draw_plain(surface: pygame.Surface, faces: Sequence[int], origin: tuple[int, int], *, die_px: int = 56,
               gap: int = 14, success: bool | None = None) -> pygame.Rect:
    """A row of plain dice (a 2d10 check, a 2d6 chart roll)."""
    x, y = origin
    for face in faces:
        draw_die(surface, pygame.Rect(x, y, die_px, die_px), int(face), success=success)
        x += die_px + gap
    return pygame.Rect(origin[0], y, max(0, x - gap - origin[0]), die_px)
