"""The status bar: what the current tool does, the last message, where the pointer is."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tactics.ui import theme
from tactics.ui.widgets import blit_text
from tactics.ui.theme import fs, px

KIND_COLOURS = {"info": theme.INFO, "good": theme.GOOD, "error": theme.BAD, "warn": theme.WARN, "busy": theme.INFO}


def draw_status(surface: pygame.Surface, hint: str, message: tuple[str, str] | None, right: str) -> None:
    rx = right_x(surface.get_width(), right)
    draw_status_bar(surface, hint, message, rx)
    draw_status_right(surface, right)


def right_x(width: int, right: str) -> int:
    """Where the readout at the right of the status bar (the square, the zoom, GM or PLAYERS) starts."""
    return width - theme.text(right, fs(15), "semibold", theme.TEXT_DIM).get_width() - px(14)


def bar_key(hint: str, message: tuple[str, str] | None, rx: int) -> tuple:
    """What :func:`draw_status_bar` shows with the readout at ``rx``: the message or the hint as
    fitted into the room left of it (the readout's width changes its room only when it fits)."""
    x = px(14)
    if message is not None:
        return ("message", message[1], _fitted(message[0], "semibold", rx - x - px(40), fs(15)))
    return ("hint", _fitted(hint, "regular", rx - x - px(20), fs(15)) if hint else None)


def draw_status_bar(surface: pygame.Surface, hint: str, message: tuple[str, str] | None, rx: int) -> None:
    """The bar and, at its left, the last message or else the tool's hint (room up to ``rx``)."""
    w, h = surface.get_size()
    top = h - theme.STATUS_H
    surface.fill(theme.CHROME, (0, top, w, theme.STATUS_H))
    pygame.draw.line(surface, theme.CHROME_EDGE, (0, top), (w, top))
    x = px(14)
    if message is not None:
        text, kind = message
        colour = KIND_COLOURS.get(kind, theme.INFO)
        pygame.draw.circle(surface, colour, (x + px(5), top + theme.STATUS_H // 2), px(5))
        img = _fitting(text, "semibold", colour, rx - x - px(40))
        blit_text(surface, img, (x + px(18), top + (theme.STATUS_H - img.get_height()) // 2), text)
        x += px(18) + img.get_width() + px(24)
        hint = ""
    if hint:
        img = _fitting(hint, "regular", theme.TEXT, rx - x - px(20))
        blit_text(surface, img, (x, top + (theme.STATUS_H - img.get_height()) // 2), hint)


def draw_status_right(surface: pygame.Surface, right: str) -> None:
    """The readout at the right of the bar, over it (its own part of the frame: it follows the pointer)."""
    w, h = surface.get_size()
    top = h - theme.STATUS_H
    right_img = theme.text(right, fs(15), "semibold", theme.TEXT_DIM)
    rx = w - right_img.get_width() - px(14)
    blit_text(surface, right_img, (rx, top + (theme.STATUS_H - right_img.get_height()) // 2), right)


def _fitting(text: str, weight: str, colour, room: int) -> pygame.Surface:
    """``text`` in the status bar's size, or smaller (down to 11 px) so it fits ``room``; then cut
    with an ellipsis."""
    shown, size = _fitted(text, weight, room, fs(15))
    return theme.text(shown, size, weight, tuple(colour))


@lru_cache(maxsize=256)
def _fitted(text: str, weight: str, room: int, size: int) -> tuple[str, int]:
    """The text and font size :func:`_fitting` draws, measured once per (text, room, scale)."""
    while size > 11 and theme.font(size, weight).size(text)[0] > room:
        size -= 1
    f = theme.font(size, weight)
    if f.size(text)[0] > room:
        while text and f.size(text + "...")[0] > room:
            text = text[:-1]
        text += "..."
    return text, size
