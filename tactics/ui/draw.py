"""Small drawing helpers shared by tools and panels: outlined lines, pills, cursors."""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator

import pygame

from tactics.ui import theme
from tactics.ui.tokens import paint_label


@lru_cache(maxsize=256)
def pill(text: str, size: int, colour: tuple[int, int, int] = theme.TEXT, bg: tuple[int, ...] = (*theme.WELL, 225)) -> pygame.Surface:
    return paint_label(text, size, colour, bg)


def pill_at(surface: pygame.Surface, text: str, pos: tuple[int, int], *, size: int = 16,
            colour=theme.TEXT, bg=(*theme.WELL, 225), anchor: str = "center") -> pygame.Rect:
    img = pill(text, size, tuple(colour), tuple(bg))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def outlined_lines(surface: pygame.Surface, points: list[tuple[int, int]], colour, width: int = 3) -> None:
    """A polyline with a dark outline so it reads over any art."""
    if len(points) < 2:
        return
    pygame.draw.lines(surface, theme.OUTLINE, False, points, width + 4)
    pygame.draw.lines(surface, colour, False, points, width)
    for p in points:
        pygame.draw.circle(surface, theme.OUTLINE, p, width + 3)
        pygame.draw.circle(surface, colour, p, width + 1)


def cell_cursor(surface: pygame.Surface, rect: tuple[int, int, int, int], colour, width: int = 3) -> None:
    """A square cursor with a dark halo."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.OUTLINE, r.inflate(2, 2), width + 2, border_radius=4)
    pygame.draw.rect(surface, colour, r.inflate(-1, -1), width, border_radius=4)


def label_size(cell_px: int) -> int:
    """Readable-from-across-the-room text size for on-map numbers."""
    return int(max(15, min(26, cell_px * 0.3)))


def map_rect(camera: Any, battle_map: Any) -> pygame.Rect:
    """The map's bounds on screen (its squares, nothing beyond)."""
    x0, y0 = camera.to_screen((0, 0))
    x1, y1 = camera.to_screen((battle_map.width, battle_map.height))
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw only inside ``rect`` (and the clip already set) for the ``with`` block."""
    old = surface.get_clip()
    surface.set_clip(old.clip(rect))
    try:
        yield
    finally:
        surface.set_clip(old)
