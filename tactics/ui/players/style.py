"""The room style: large type and high contrast, for a TV or a projector across a table.

Names on tokens are twice the GM screen's size, white on solid black; the fog
is a near-black veil; the turn banner uses large type. Everything else (map
art, token discs) is the same picture the GM sees.
"""

from __future__ import annotations

import pygame

from tactics.ui import theme
from tactics.ui.tokens import TOKEN_RADIUS, TokenPainter, paint_label

BACKDROP = (0, 0, 0)
FOG_RGBA = (0, 0, 0, 200)
FOG_RGBA_PLAIN = (8, 10, 14, 170)
BANNER_H = 96
BANNER_H_PLAIN = 64


def type_scale(ui_scale: float | None = None) -> float:
    """How much the players' window's fixed type (banner, order strip, fuse cards, hints) grows
    with the window: as at 1280x720 up to there, then a quarter faster than the GM's UI scale
    (1.25 at 1920x1080, 2.5 at 3840x2160), read from across the room (review 4, finding 11).
    ``ui_scale``: the window's UI scale (``theme.scale_for(size)``); None: the one in use
    (the players' window draws with its own)."""
    s = theme.scale() if ui_scale is None else ui_scale
    return max(1.0, 1.25 * s)


def grown(n: float, ui_scale: float | None = None) -> int:
    """``n`` pixels (their size at 1280x720) at this window's :func:`type_scale`."""
    return int(round(n * type_scale(ui_scale)))


def room_label_size(px: int) -> int:
    """Names on the players' screen: at least 24 px, read from across the table."""
    return int(max(24, min(44, px * 0.36)))


class RoomTokenPainter(TokenPainter):
    """Token discs as usual; names in large white type on black; initials and condition words
    at least 24 px (readable from 3 m on a 1080p TV)."""

    MIN_INITIALS_PX = 24
    MIN_NAME_CELL_PX = 10
    ALWAYS_WORDS = True

    def badge_size(self, px: int) -> int:
        """20 to 32 px words; smaller only where the squares are too small for them (under 44 px a
        square): a 20 px pill over a 25 px token buried it and its neighbours (review 12). The words
        are on the in-force card in large type too."""
        return int(max(min(20, px * 0.45), min(32, px * 0.3)))

    def initials_px(self, px: int) -> int:
        """At least 24 px, or as large as the disc holds: at 25 px a square "G2G3G4" ran together."""
        return max(min(self.MIN_INITIALS_PX, int(px * 0.55)), int(px * TOKEN_RADIUS * 0.78))

    def _label(self, name: str, px: int, selected: bool) -> pygame.Surface:
        size = room_label_size(px)
        key = ("room", name, size)
        hit = self._labels.get(key)
        if hit is None:
            hit = paint_label(name, size, (255, 255, 255), (0, 0, 0, 255))
            self._labels[key] = hit
        return hit


    def _small_label(self, name: str, px: int) -> pygame.Surface:
        size = max(16, room_label_size(px) * 3 // 4)  # still read from across the room
        key = ("room-small", name, size)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = paint_label(name, size, (255, 255, 255), (0, 0, 0, 255))
        return hit


def hint_pill(text: str, size: int = 18) -> pygame.Surface:
    return paint_label(text, size, theme.TEXT, (0, 0, 0, 230))
