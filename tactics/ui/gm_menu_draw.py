"""Drawing the GM's right-click menu: a dark card beside the square, large type, one row per choice.

Why it exists: :mod:`tactics.ui.gm_menu` decides what the menu offers and what
a choice does; this module only paints it (in the combat panels' style,
:mod:`tactics.ui.panels.widgets`) and records where each row and amount chip
landed so a click can find it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.ui import theme
from tactics.ui.panels import widgets as w

if TYPE_CHECKING:
    from tactics.ui.gm_menu import GmMenu, Page

PAD = 14
ROW_H = 42
TEXT = 20
TITLE = 22
SMALL = 16
GAP = 14  # between the square and the card
STYLE_COLOURS = {"danger": (255, 150, 140), "good": (140, 230, 160), "normal": theme.TEXT}
HINT = "Up/Down  Enter  Esc back"
AMOUNT_HINT = "Type digits  Enter applies  Esc back"


def _width(page: "Page") -> int:
    widest = max([w.text_width(page.title, TITLE, "bold"), w.text_width(page.subtitle, SMALL),
                  w.text_width(AMOUNT_HINT if page.amount else HINT, 14, "regular")]
                 + [w.text_width(i.label, TEXT) + (w.text_width(i.detail, SMALL) + 28 if i.detail else 0) + 34
                    for i in page.items])
    if page.amount is not None:
        widest = max(widest, 5 * 56)
    return max(300, widest + 2 * PAD)


def _height(page: "Page") -> int:
    h = PAD + 30 + (24 if page.subtitle else 0) + 8
    if page.amount is not None:
        h += 64 + 56
    return h + ROW_H * len(page.items) + 34


def draw_menu(menu: "GmMenu", surface: pygame.Surface) -> None:
    page = menu.page
    view = menu.view
    if page is None or menu.cell is None:
        return
    width, height = _width(page), _height(page)
    x, y, cw, ch = view.camera.cell_rect(menu.cell)
    bounds = view.board_rect()
    left = x + cw + GAP
    if left + width > bounds.right - 8:
        left = x - GAP - width
    left = max(bounds.left + 8, min(left, bounds.right - 8 - width))
    top = max(bounds.top + 8, min(y - 8, bounds.bottom - 8 - height))
    rect = pygame.Rect(left, top, width, height)
    menu.rect = rect
    shadow = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=14)
    surface.blit(shadow, (left - 2, top + 4))
    w.card(surface, rect, accent=theme.ACCENT)
    # a pointer from the card to the square it is about
    cx = x + cw if left > x else x
    tip = (cx, y + ch // 2)
    edge = (left if left > x else rect.right, max(rect.top + 20, min(tip[1], rect.bottom - 20)))
    pygame.draw.line(surface, theme.ACCENT, tip, edge, 2)
    pygame.draw.circle(surface, theme.ACCENT, tip, 4)

    cy = top + PAD
    w.text(surface, page.title, (left + PAD, cy), TITLE, theme.ACCENT, "bold")
    cy += 30
    if page.subtitle:
        w.text(surface, page.subtitle, (left + PAD, cy), SMALL, theme.TEXT_DIM, "semibold")
        cy += 24
    cy += 8
    page.chips = []
    if page.amount is not None:
        field = pygame.Rect(left + PAD, cy, width - 2 * PAD, 52)
        pygame.draw.rect(surface, (12, 14, 18), field, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, field, 2, border_radius=8)
        shown = page.typed or "0"
        img = theme.text(shown, 30, "bold", theme.TEXT if page.typed else theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midleft=(field.x + 14, field.centery)))
        caret_x = field.x + 16 + (img.get_width() if page.typed else 0)
        pygame.draw.line(surface, theme.ACCENT, (caret_x, field.y + 12), (caret_x, field.bottom - 12), 2)
        w.text(surface, "HP", (field.right - 14, field.centery), SMALL, theme.TEXT_DIM, "semibold", "midright")
        cy += 64
        chip_w = (width - 2 * PAD - 8 * (len(_amounts()) - 1)) // len(_amounts())
        for i, amount in enumerate(_amounts()):
            chip = pygame.Rect(left + PAD + i * (chip_w + 8), cy, chip_w, 44)
            on = page.typed == str(amount)
            pygame.draw.rect(surface, (58, 110, 78) if on else (42, 47, 58), chip, border_radius=7)
            pygame.draw.rect(surface, (90, 170, 120) if on else (70, 78, 96), chip, 1, border_radius=7)
            w.text(surface, str(amount), chip.center, TEXT, theme.TEXT, "bold", "center")
            page.chips.append((chip, amount))
        cy += 56
    menu.rows = []
    for i, item in enumerate(page.items):
        row = pygame.Rect(left + 6, cy, width - 12, ROW_H - 2)
        chosen = i == page.index
        enabled = item.action is not None
        if chosen and enabled:
            pygame.draw.rect(surface, (60, 67, 82), row, border_radius=7)
            pygame.draw.rect(surface, theme.ACCENT, (row.x, row.y + 6, 4, row.height - 12), border_radius=2)
        colour = STYLE_COLOURS.get(item.style, theme.TEXT) if enabled else theme.TEXT_DIM
        label = item.label
        if page.amount is not None and item.key == "apply":
            label = f"Apply {page.typed}" if page.typed else "Apply (type an amount)"
        w.text(surface, label, (row.x + 16, row.centery), TEXT, colour, "semibold", "midleft")
        if item.detail:
            w.text(surface, item.detail, (row.right - 12, row.centery), SMALL, theme.TEXT_DIM, "regular", "midright")
        menu.rows.append((row, i))
        cy += ROW_H
    w.text(surface, AMOUNT_HINT if page.amount is not None else HINT, (left + PAD, rect.bottom - 26), 14,
           theme.TEXT_DIM, "regular")


def _amounts() -> tuple[int, ...]:
    from tactics.ui.gm_menu import AMOUNTS

    return AMOUNTS


__all__ = ["draw_menu"]
