"""Drawing the GM's right-click menu: a dark card beside the square, large type, one row per choice.

Why it exists: :mod:`tactics.ui.gm_menu` decides what the menu offers and what
a choice does; this module only paints it (in the combat panels' style,
:mod:`tactics.ui.widgets`) and records where each row and amount chip
landed so a click can find it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui import widgets as w

if TYPE_CHECKING:
    from tactics.ui.gm_menu import GmMenu, Page

PAD = 14
ROW_H = 42
TEXT = 20
TITLE = 22
SMALL = 16
GAP = 14  # between the square and the card
MAX_W = 820  # px: the widest card (a condition's whole description at 1920; cut to the room left below that)
STYLE_COLOURS = {"danger": theme.BAD_SOFT, "good": theme.GOOD, "normal": theme.TEXT}
HINT = "Up/Down  Enter  Esc back"
AMOUNT_HINT = "Type digits  Enter applies  Esc back"


def _width(page: "Page") -> int:
    widest = max([w.text_width(page.title, TITLE, "bold"), w.text_width(page.subtitle, SMALL),
                  min(w.text_width(page.error, SMALL, "semibold"), px(420)),
                  w.text_width(AMOUNT_HINT if page.amount else HINT, 14, "regular")]
                 + [w.text_width(i.label, TEXT) + (w.text_width(i.detail, SMALL, "regular") + px(28) if i.detail else 0)
                    + px(34) for i in page.items])
    if page.amount is not None:
        widest = max(widest, 5 * px(56))
    return max(px(300), min(widest + 2 * px(PAD), px(MAX_W)))


def _height(page: "Page") -> int:
    h = px(PAD) + px(30) + (px(24) * _error_rows(page) if page.error else px(24) if page.subtitle else 0) + px(8)
    if page.amount is not None:
        h += px(64) + px(56)
    return h + px(ROW_H) * len(page.items) + px(34)


def _error_rows(page: "Page") -> int:
    return len(w.wrap(page.error, SMALL, _width(page) - 2 * px(PAD), "semibold"))


def draw_menu(menu: "GmMenu", surface: pygame.Surface) -> None:
    page = menu.page
    view = menu.view
    if page is None or menu.cell is None:
        return
    width, height = _width(page), _height(page)
    x, y, cw, ch = view.camera.cell_rect(menu.cell)
    bounds = view.board_rect()
    left = x + cw + px(GAP)
    if left + width > bounds.right - px(8):
        left = x - px(GAP) - width
    left = max(bounds.left + px(8), min(left, bounds.right - px(8) - width))
    top = max(bounds.top + px(8), min(y - px(8), bounds.bottom - px(8) - height))
    rect = pygame.Rect(left, top, width, height)
    menu.rect = rect
    shadow = pygame.Surface((width + px(12), height + px(12)), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (*theme.SHADOW, 110), shadow.get_rect(), border_radius=px(14))
    surface.blit(shadow, (left - px(2), top + px(4)))
    w.card(surface, rect, accent=theme.ACCENT)
    probe.panel(surface, rect, "GM menu", modal=True)
    # a pointer from the card to the square it is about
    cx = x + cw if left > x else x
    tip = (cx, y + ch // 2)
    edge = (left if left > x else rect.right, max(rect.top + px(20), min(tip[1], rect.bottom - px(20))))
    pygame.draw.line(surface, theme.ACCENT, tip, edge, max(1, px(2)))
    pygame.draw.circle(surface, theme.ACCENT, tip, px(4))

    cy = top + px(PAD)
    w.text(surface, page.title, (left + px(PAD), cy), TITLE, theme.ACCENT, "bold")
    cy += px(30)
    if page.error:  # the engine's refusal of the last choice, where the subtitle was
        for line in w.wrap(page.error, SMALL, width - 2 * px(PAD), "semibold"):
            w.text(surface, line, (left + px(PAD), cy), SMALL, theme.BAD_SOFT, "semibold")
            cy += px(24)
    elif page.subtitle:
        w.text(surface, page.subtitle, (left + px(PAD), cy), SMALL, theme.TEXT_DIM, "semibold")
        cy += px(24)
    cy += px(8)
    page.chips = []
    if page.amount is not None:
        field = pygame.Rect(left + px(PAD), cy, width - 2 * px(PAD), px(52))
        pygame.draw.rect(surface, theme.WELL, field, border_radius=px(8))
        pygame.draw.rect(surface, theme.ACCENT, field, max(1, px(2)), border_radius=px(8))
        shown = page.typed or "0"
        img = theme.text(shown, theme.fs(30), "bold", theme.TEXT if page.typed else theme.TEXT_DIM)
        w.blit_text(surface, img, img.get_rect(midleft=(field.x + px(14), field.centery)), shown)
        caret_x = field.x + px(16) + (img.get_width() if page.typed else 0)
        pygame.draw.line(surface, theme.ACCENT, (caret_x, field.y + px(12)), (caret_x, field.bottom - px(12)), 2)
        w.text(surface, page.unit, (field.right - px(14), field.centery), SMALL, theme.TEXT_DIM, "semibold", "midright")
        cy += px(64)
        chip_w = (width - 2 * px(PAD) - px(8) * (len(_amounts()) - 1)) // len(_amounts())
        for i, amount in enumerate(_amounts()):
            chip = pygame.Rect(left + px(PAD) + i * (chip_w + px(8)), cy, chip_w, px(44))
            w.button_face(surface, chip, str(amount), style="on" if page.typed == str(amount) else "normal", size=TEXT)
            page.chips.append((chip, amount))
        cy += px(56)
    menu.rows = []
    for i, item in enumerate(page.items):
        row = pygame.Rect(left + px(6), cy, width - px(12), px(ROW_H) - px(2))
        chosen = i == page.index
        enabled = item.action is not None
        if chosen and enabled:
            pygame.draw.rect(surface, theme.CONTROL_LIT, row, border_radius=px(7))
            pygame.draw.rect(surface, theme.ACCENT, (row.x, row.y + px(6), 4, row.height - px(12)), border_radius=px(2))
        colour = STYLE_COLOURS.get(item.style, theme.TEXT) if enabled else theme.TEXT_DIM
        label = item.label
        if page.amount is not None and item.key == "apply":
            label = f"Apply {page.typed}" if page.typed else "Apply (type an amount)"
        # The detail gets the room the label leaves (a description cut to it, never the label)
        room = row.width - px(16) - min(w.text_width(label, TEXT), row.width // 2) - px(28) - px(12)
        detail = (w.text(surface, w.fit_line(item.detail, SMALL, room, "regular")[0], (row.right - px(12), row.centery),
                         SMALL, theme.TEXT_DIM, "regular", "midright")
                  if item.detail else pygame.Rect(row.right - px(12), row.centery, 0, 0))
        for line in w.fit_line(label, TEXT, detail.x - px(12) - (row.x + px(16))):
            w.text(surface, line, (row.x + px(16), row.centery), TEXT, colour, "semibold", "midleft")
        menu.rows.append((row, i))
        cy += px(ROW_H)
    w.text(surface, AMOUNT_HINT if page.amount is not None else HINT, (left + px(PAD), rect.bottom - px(26)), 14,
           theme.TEXT_DIM, "regular")


def _amounts() -> tuple[int, ...]:
    from tactics.ui.gm_menu import AMOUNTS

    return AMOUNTS


__all__ = ["draw_menu"]
