"""The message banner over the board: an error (red), a warning (amber) the GM must not miss,
or what the app is busy with ("Opening x.dd2vtt ...", grey).

Why it exists: the banner used to be one line that shrank its type to fit the board, so a
long message (a refused map named by its whole path) came out at 11 px, unreadable from
the table. Here it keeps its size and wraps onto at most :data:`MAX_LINES` lines, the last
cut with an ellipsis.
"""

from __future__ import annotations

import pygame

from tactics.ui import layout_probe as probe
from tactics.ui import theme

MAX_LINES = 3
#: a banner's colours by message kind: (type, fill)
COLOURS = {"error": (theme.ALERT_TEXT, theme.ALERT_BG), "warn": (theme.WARN_TEXT, theme.WARN_BG),
           "busy": (theme.TEXT, theme.CHROME_EDGE)}


def shows_banner(kind: str) -> bool:
    return kind in COLOURS


def wrap(text: str, font: pygame.font.Font, room: int, max_lines: int = MAX_LINES) -> list[str]:
    """``text`` in lines no wider than ``room`` (at most ``max_lines``; the last cut with "...")."""
    lines: list[str] = []
    line = ""
    words = text.split()
    for i, word in enumerate(words):
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= room or not line:
            line = trial
            continue
        lines.append(line)
        line = word
        if len(lines) == max_lines - 1:  # the last line takes the rest
            line = " ".join(words[i:])
            break
    if line:
        lines.append(line)
    last = lines[-1]
    if font.size(last)[0] > room:
        while last and font.size(last + "...")[0] > room:
            last = last[:-1]
        lines[-1] = last.rstrip() + "..."
    return lines


def draw_banner(surface: pygame.Surface, text: str, kind: str, midtop: tuple[int, int], room: int,
                avoid: pygame.Rect | None = None) -> pygame.Rect:
    """The banner centred under ``midtop``, at most ``room`` pixels wide; above ``avoid`` if it would cover it."""
    ink, fill = COLOURS[kind]
    size = theme.fs(20)
    font = theme.font(size, "semibold")
    pad_x, pad_y = max(5, size // 2), max(2, size // 4)
    lines = wrap(text, font, max(40, room - 2 * pad_x))
    images = [theme.text(line, size, "semibold", tuple(ink)) for line in lines]
    width = max(img.get_width() for img in images) + 2 * pad_x
    step = font.get_linesize()
    height = step * len(images) + 2 * pad_y
    rect = pygame.Rect(0, 0, width, height)
    rect.midtop = midtop
    if avoid is not None and rect.colliderect(avoid):
        rect.bottom = avoid.top - 10
    radius = min(height // 2, size)
    _blend_rect(surface, rect, (*fill, 235), radius)
    for i, img in enumerate(images):
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + pad_y + i * step)))
    probe.text(surface, rect, text)
    return rect


def _blend_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int, int], radius: int) -> None:
    """A see-through rounded rectangle on an opaque surface."""
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, colour, plate.get_rect(), border_radius=radius)
    surface.blit(plate, rect)


__all__ = ["draw_banner", "shows_banner", "wrap", "MAX_LINES"]
