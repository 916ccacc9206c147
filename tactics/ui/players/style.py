"""The room style: large type and high contrast, for a TV or a projector across a table.

Names on tokens are twice the GM screen's size, white on solid black; the fog
is a near-black veil; the turn banner uses large type. Everything else (map
art, token discs) is the same picture the GM sees.
"""

from __future__ import annotations

from typing import Any

import pygame

from tactics.ui import theme
from tactics.ui.board_record import blit_operation
from tactics.ui.players.names import SMALLEST, NamePlacer, frame_sizes
from tactics.ui.tokens import EVEN_NAMES_MAX, TOKEN_RADIUS, TokenPainter, disc_circle, disc_ring, name_clearance, paint_label

BACKDROP = (0, 0, 0)
FOG_RGBA = (0, 0, 0, 200)
FOG_RGBA_PLAIN = (8, 10, 14, 170)
BANNER_H = 96
BANNER_H_PLAIN = 64
BANNER_MIN_H = 52  # the least, in a small window: room for its two lines at the smallest type


#: the smallest window drawn at the main window's least UI scale (theme.MIN_SCALE); a smaller
#: players' window is drawn smaller with it ...
FULL_SIZE = (1280, 720)
#: ... down to this UI scale (0.35 at 560x360)
SMALLEST_SCALE = 0.3
#: the space battle's picture there at its smallest: its columns' texts at 11 px need half the room
#: of 1080p (at 0.75, the main window's least, "Space combat begins" ran under the crew posts at
#: 560x360; at 0.3 every row of the crew posts ran into the next)
SPACE_SMALLEST_SCALE = 0.5


def window_scale(size: tuple[int, int]) -> float:
    """The UI scale the players' window draws with at ``size``: the main window's
    (``theme.scale_for``) from 1280x720 up; below it smaller with the window, where the main
    window's stays at its 0.75 (a GM's own screen is never so small, a players' window beside it
    may be: at 560x360 it kept the type of 1280x720, and its names and cards ran into each other)."""
    w, h = size
    raw = min(w / theme.BASE_SIZE[0], h / theme.BASE_SIZE[1])
    least = min(FULL_SIZE[0] / theme.BASE_SIZE[0], FULL_SIZE[1] / theme.BASE_SIZE[1])
    if raw >= least:
        return theme.scale_for(size)
    return max(SMALLEST_SCALE, round(raw / least * theme.MIN_SCALE * 20) / 20)


def type_scale(ui_scale: float | None = None) -> float:
    """How much the players' window's fixed type (banner, order strip, fuse cards, hints) grows
    with the window: as at 1280x720 up to about 1536x864, then a quarter faster than the GM's UI
    scale (1.25 at 1920x1080, 2.5 at 3840x2160), read from across the room (review 4, finding 11);
    in a window smaller than 1280x720 smaller with it (0.47 at 560x360).
    ``ui_scale``: the window's UI scale (:func:`window_scale`); None: the one in use
    (the players' window draws with its own)."""
    s = theme.scale() if ui_scale is None else ui_scale
    if s < theme.MIN_SCALE:
        return s / theme.MIN_SCALE
    return max(1.0, 1.25 * s)


def shrunk() -> float:
    """The players' window's :func:`type_scale` where it is under 1 (a window under 1280x720), else 1:
    what the least sizes (the names' 24 px, the initials', the condition words') are taken at."""
    return min(1.0, type_scale())


def grown(n: float, ui_scale: float | None = None) -> int:
    """``n`` pixels (their size at 1280x720) at this window's :func:`type_scale` (never under
    the smallest type, ``theme.MIN_FONT_PX``)."""
    return max(theme.MIN_FONT_PX, int(round(n * type_scale(ui_scale))))


def room_label_size(px: int) -> int:
    """Names on the players' screen: at least 24 px, read from across the table (in a window
    under 1280x720 that least size smaller with it, :func:`shrunk`)."""
    return int(max(max(theme.MIN_FONT_PX, 24 * shrunk()), min(44, px * 0.36)))


class RoomTokenPainter(TokenPainter):
    """Token discs as usual; names in large white type on black, all of one size in a frame, each
    against its own disc and inside the window (:mod:`tactics.ui.players.names`); initials and
    condition words at least 24 px (readable from 3 m on a 1080p TV)."""

    MIN_INITIALS_PX = 24
    MIN_NAME_CELL_PX = 10
    ALWAYS_WORDS = True
    EVEN_NAMES = False  # (:meth:`_names` places every name at one size itself)

    def badge_size(self, px: int) -> int:
        """20 to 32 px words; smaller only where the squares are too small for them (under 44 px a
        square): a 20 px pill over a 25 px token buried it and its neighbours (review 12). The words
        are on the in-force card in large type too."""
        k = shrunk()  # (a window under 1280x720: smaller with it)
        return int(max(min(20 * k, px * 0.45), min(32 * k, px * 0.3)))

    def initials_px(self, px: int) -> int:
        """At least 24 px, or as large as the disc holds: at 25 px a square "G2G3G4" ran together."""
        return max(min(round(self.MIN_INITIALS_PX * shrunk()), int(px * 0.55)), int(px * TOKEN_RADIUS * 0.78))

    def _label(self, name: str, px: int, selected: bool) -> pygame.Surface:
        return self._sized_label(name, room_label_size(px))

    def _sized_label(self, name: str, size: int) -> pygame.Surface:
        key = ("room", name, size)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = paint_label(name, size, (255, 255, 255), (0, 0, 0, 255))
        return hit

    def _name_place(self, *args: Any, **kwargs: Any) -> tuple | None:
        """No name is placed token by token here: :meth:`_names` places them all at once, at one size."""
        return None

    def _names(self, shown: list, selected: str | None, highlighted: frozenset[str], clip: pygame.Rect,
               clip_t: tuple, patched: list[int] | None = None,
               markers: tuple[pygame.Rect, ...] = ()) -> tuple[list[tuple], list[tuple]]:
        """The condition words as the GM's painter places them (worked out afresh: a name may move
        for any token in the frame), then every name at the largest size of the frame's
        (:func:`~tactics.ui.players.names.frame_sizes`) at which each finds a free place (review 16 F11).
        Past :data:`~tactics.ui.tokens.EVEN_NAMES_MAX` names in view only the smallest size is tried:
        so many names never all find room at a larger one, and trying each size cost a 1000-token
        redraw 0.15 s of the 0.3."""
        self._near_key = None
        marks, _ = super()._names(shown, selected, highlighted, clip, clip_t, None, markers)
        n = len(shown)
        px = shown[0][1][0] if shown else 1
        rings = [disc_ring(disc, px) for disc in self._discs_of]
        texts = [hit[2][1][2] if hit[2][1] is not None and rings[i].colliderect(clip) else None
                 for i, hit in enumerate(shown)]
        base = room_label_size(px)
        sizes = frame_sizes(base, min(SMALLEST, base))  # (a small window's names: smaller than 17 px too)
        if sum(t is not None for t in texts) > EVEN_NAMES_MAX:
            sizes = sizes[-1:]
        placer = NamePlacer(rings, self._words_of, markers, clip, px, name_clearance(px),
                            [disc_circle(disc, px) for disc in self._discs_of])
        for k, size in enumerate(sizes):  # every name a size smaller while one has no free place
            pills = [self._sized_label(t, size) if t is not None else None for t in texts]
            last = k == len(sizes) - 1
            places, missed = placer.place([p.get_size() if p is not None else None for p in pills], last_try=last)
            if missed == 0 or last:
                break
        names_of: list[tuple | None] = [None] * n
        for i, (pill, place) in enumerate(zip(pills, places)):
            if pill is not None and place is not None:
                names_of[i] = (pill, place.topleft, texts[i], *blit_operation(pill, place.topleft, clip, clip_t))
        self._names_of = names_of
        names = [name for name in names_of if name is not None]
        mark_keys, mark_boxes, _, _ = self._made_ops
        self._made_ops = (mark_keys, mark_boxes, [name[3] for name in names], [name[4] for name in names])
        self._names_made = (marks, names)
        self.unnamed = frozenset(self._ids[i] for i in range(n) if texts[i] is not None and names_of[i] is None)
        return self._names_made


def hint_pill(text: str, size: int = 18) -> pygame.Surface:
    return paint_label(text, size, theme.TEXT, (0, 0, 0, 230))
