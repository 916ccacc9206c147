"""The status bar: what the current tool does, the last message, where the pointer is."""

from __future__ import annotations

import pygame

from tactics.ui import theme

KIND_COLOURS = {"info": theme.INFO, "good": theme.GOOD, "error": theme.BAD}


def draw_status(surface: pygame.Surface, hint: str, message: tuple[str, str] | None, right: str) -> None:
    w, h = surface.get_size()
    top = h - theme.STATUS_H
    pygame.draw.rect(surface, theme.CHROME, (0, top, w, theme.STATUS_H))
    pygame.draw.line(surface, theme.CHROME_EDGE, (0, top), (w, top))
    right_img = theme.text(right, 15, "semibold", theme.TEXT_DIM)
    rx = w - right_img.get_width() - 14
    surface.blit(right_img, (rx, top + (theme.STATUS_H - right_img.get_height()) // 2))
    x = 14
    if message is not None:
        text, kind = message
        colour = KIND_COLOURS.get(kind, theme.INFO)
        pygame.draw.circle(surface, colour, (x + 5, top + theme.STATUS_H // 2), 5)
        img = theme.text(text, 15, "semibold", tuple(colour))
        surface.blit(img, (x + 18, top + (theme.STATUS_H - img.get_height()) // 2))
        x += 18 + img.get_width() + 24
        hint = ""
    if hint:
        img = theme.text(hint, 15, "regular", theme.TEXT)
        surface.blit(img, (x, top + (theme.STATUS_H - img.get_height()) // 2), (0, 0, max(0, rx - x - 20), img.get_height()))
