"""How a roll looks in the combat panels: outcome colours, the odds bar and dice faces.

The roll card (:mod:`.resolve`), the attack preview (:mod:`tactics.ui.tools.attack`)
and the log share these, so a "Major" is the same colour wherever it is shown.
"""

from __future__ import annotations

from fractions import Fraction

import pygame

from tactics.ui import theme
from tactics.ui.theme import fs, px
from tactics.ui.widgets import blit_text, text

#: Outcome colours (R-HIT-1, R-HIT-2): the roll card, odds bars and log lines share them.
OUTCOME_COLOURS: dict[str, tuple[int, int, int]] = {
    "stopped": theme.OUTCOME_STOPPED,  # a charge's run ending out of reach (crossing.run_odds)
    "miss": theme.OUTCOME_MISS,
    "minor": theme.OUTCOME_MINOR,
    "hit": theme.OUTCOME_HIT,
    "major": theme.OUTCOME_MAJOR,
    "critical": theme.OUTCOME_CRITICAL,
}
OUTCOME_SHORT = {"stopped": "Stopped", "miss": "Miss", "minor": "Minor", "hit": "Hit", "major": "Major", "critical": "Crit"}
MIN_FACE_PX = 10


def percent(value: Fraction | float) -> str:
    """A chance as a percentage with one decimal: ``Fraction(1, 40)`` -> ``"2.5%"``."""
    return f"{float(value) * 100:.1f}%"


def odds_labels(chances: dict[str, Fraction]) -> dict[str, str]:
    """``{"miss": "45.0%", ...}`` in the outcome order the engine gives."""
    return {k: percent(v) for k, v in chances.items()}


def _legend(rect: pygame.Rect, chances: dict[str, Fraction],
            size: int) -> tuple[list[tuple[str, pygame.Surface, tuple[int, int], str]], int]:
    """The percentages under a bar at ``rect``: (outcome, picture, where, text) each, wrapped to the bar's
    width, and the bottom of the last row (the bar's own bottom with none)."""
    placed: list[tuple[str, pygame.Surface, tuple[int, int], str]] = []
    y, cx, bottom = rect.bottom + px(4), rect.x, rect.bottom
    for k in (k for k in OUTCOME_COLOURS if k in chances):
        label = f"{OUTCOME_SHORT[k]} {percent(chances[k])}"
        img = theme.text(label, fs(size), "semibold", OUTCOME_COLOURS[k])
        if cx + img.get_width() > rect.right + px(4) and cx > rect.x:
            cx = rect.x
            y += img.get_height() + px(2)
        placed.append((k, img, (cx, y), label))
        cx += img.get_width() + px(10)
        bottom = y + img.get_height()
    return placed, bottom


def odds_bar_height(width: int, bar_height: int, chances: dict[str, Fraction], *, size: int = 14) -> int:
    """How tall :func:`odds_bar` draws a bar of ``width`` x ``bar_height`` with its percentages: a card
    sizes itself by it before drawing, so the legend's second row never falls out of the card."""
    return _legend(pygame.Rect(0, 0, width, bar_height), chances, size)[1]


def odds_bar(surface: pygame.Surface, rect: pygame.Rect, chances: dict[str, Fraction], *,
             labels: bool = True, size: int = 14) -> pygame.Rect:
    """Miss / Minor / Hit / Major / Crit as one stacked bar with percentages under it."""
    pygame.draw.rect(surface, theme.OUTLINE, rect.inflate(4, 4), border_radius=5)
    x = rect.x
    total = sum(chances.values()) or Fraction(1)
    order = [k for k in OUTCOME_COLOURS if k in chances]
    for i, k in enumerate(order):
        w = round(rect.width * float(chances[k] / total)) if i < len(order) - 1 else rect.right - x
        if w > 0:
            pygame.draw.rect(surface, OUTCOME_COLOURS[k], (x, rect.y, w, rect.height))
        x += w
    bottom = rect.bottom
    if labels:
        placed, bottom = _legend(rect, chances, size)
        for _k, img, where, label in placed:
            blit_text(surface, img, where, label)
    return pygame.Rect(rect.x, rect.y, rect.width, bottom - rect.y)


def die_face(surface: pygame.Surface, pos: tuple[int, int], sides: int, face: int, *,
             sign: int = 1, highlight: tuple[int, int, int] | None = None, size: int = 46) -> pygame.Rect:
    """A little die: a rounded square with ``d20`` small at the top and its face value big under
    it (``size`` at scale 1; never so small that the two run into each other)."""
    size = max(px(size), 32)
    rect = pygame.Rect(pos[0], pos[1], size, size)
    body = theme.DIE_D20 if sides == 20 else theme.DIE_OTHER
    if highlight is not None:
        pygame.draw.rect(surface, highlight, rect.inflate(px(6), px(6)), border_radius=px(10))
    pygame.draw.rect(surface, theme.OUTLINE, rect.move(px(2), px(3)), border_radius=px(9))
    pygame.draw.rect(surface, body, rect, border_radius=px(9))
    pygame.draw.rect(surface, theme.DIE_EDGE, rect, 1, border_radius=px(9))
    label = f"{'-' if sign < 0 else ''}d{sides}"
    top = text(surface, label, (rect.centerx, rect.y + 1), 11, theme.DIE_EDGE, "bold", "midtop")
    room = rect.bottom - top.bottom - 1
    face_px = max(MIN_FACE_PX, min(int(size * 0.45), int(room / 1.25)))
    img = theme.text(str(face), face_px, "bold", theme.INK)
    blit_text(surface, img, img.get_rect(center=(rect.centerx, (top.bottom + rect.bottom) // 2)), str(face))
    return rect
