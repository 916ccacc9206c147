"""A hidden token's eye badge never covers its initials, at any zoom, on either window.

Why (outside GM review): the slashed-eye badge of a hidden token sat at a fixed place on the
disc's upper left, sized for a large one: on "Brandon" at a small zoom it covered his "Br".
The badge now keeps clear of the initials at every size a square can take (8 to 240 px), in
the GM's type and the players' window's larger initials, and stays as large as it was where
there is room (the fit zoom and above); smaller only where the disc is, and left out only at
16 px a square or less, where the initials fill the disc.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.state import Combatant
from tactics.ui import tokens
from tactics.ui.camera import MAX_CELL_PX, MIN_CELL_PX
from tactics.ui.players.style import RoomTokenPainter
from tactics.ui.tokens import TokenPainter, _paint_disc

SIZES = [MIN_CELL_PX, 10, 14, 18, 22, 26, 30, 36, 47, 60, 80, 120, 180, MAX_CELL_PX]
COLOUR = (70, 110, 200)


def token(name: str, hidden: bool) -> Combatant:
    return Combatant(id="t", name=name, team="party", cell=(0, 0), hp=10, max_hp=10, hidden=hidden)


def differing(a: pygame.Surface, b: pygame.Surface, by: int = 8) -> list[tuple[int, int]]:
    """The pixels where two pictures of the same size differ: in a channel by more than ``by``."""
    w = a.get_width()
    one, two = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
    step = 4 * w  # a row at a time, then its pixels (most rows are the same)
    out = []
    for y in range(a.get_height()):
        row, other = one[y * step:(y + 1) * step], two[y * step:(y + 1) * step]
        if row != other:
            out.extend((x, y) for x in range(w)
                       if any(abs(p - q) > by for p, q in zip(row[4 * x:4 * x + 4], other[4 * x:4 * x + 4])))
    return out


def badge_pixels(name: str, px: int, initials_px: int, monkeypatch) -> list[tuple[int, int]]:
    """The pixels the eye badge paints: the hidden token's picture against the same without it."""
    with_badge = _paint_disc(token(name, True), COLOUR, px, False, False, True, initials_px)
    with monkeypatch.context() as m:
        m.setattr(tokens, "_eye_slash", lambda *drawing: None)
        without = _paint_disc(token(name, True), COLOUR, px, False, False, True, initials_px)
    return differing(with_badge, without)


def initials_box(name: str, px: int, initials_px: int) -> pygame.Rect:
    """The initials' rectangle as drawn: where the disc with them differs from one without (their
    glyphs and shadow), on the disc (blitting their transparent box also moves a few of the faint
    shadow pixels round the rim)."""
    letters = _paint_disc(token(name, False), COLOUR, px, False, False, True, initials_px)
    blank = _paint_disc(token(" ", False), COLOUR, px, False, False, True, initials_px)
    ink = [p for p in differing(letters, blank) if letters.get_at(p).a >= 250]
    assert ink, f"no initials drawn at {px} px"
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("painter", [TokenPainter(), RoomTokenPainter()], ids=["gm", "players"])
@pytest.mark.parametrize("name", ["Brandon", "Bear 3", "Bear 12"])
def test_the_eye_badge_never_covers_the_initials(painter, name, monkeypatch):
    for px in SIZES:
        initials_px = painter.initials_px(px)
        letters = initials_box(name, px, initials_px)
        badge = badge_pixels(name, px, initials_px, monkeypatch)
        if not badge:  # left out only on the smallest discs: the faded disc says hidden
            assert px <= 16, f"no eye badge on the hidden token at {px} px"
            continue
        covered = [p for p in badge if letters.collidepoint(p)]
        assert not covered, f"at {px} px a square the eye badge covers {len(covered)} px of {name}'s initials {letters}"
        xs = [x for x, _ in badge]
        wide = max(xs) - min(xs) + 1
        if px >= 18:  # where the names show: an eye large enough to read
            assert wide >= min(14, px // 3), f"at {px} px a square the eye badge is only {wide} px wide"
        if px >= 47:  # as large as it was at the fit zoom and above (a quarter of a square and its rim)
            assert wide >= max(10, px // 4) + 6 - 1, f"at {px} px a square the eye badge shrank to {wide} px"
