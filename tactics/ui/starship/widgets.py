"""Small drawn widgets for the starship screen: click regions, buttons, cards, text.

The starship screen draws its own chrome (large type for a projector) instead of
pygame_gui widgets, so every clickable thing is a :class:`Hotspot` registered
while drawing; input looks the pointer up in the last frame's hotspots. Tests
find a button the same way a user does: by its region on the screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.theme import fs, px

PANEL = (20, 23, 30)
PANEL_EDGE = (52, 58, 72)
CARD = (30, 34, 43)
BUTTON = (44, 50, 63)
BUTTON_HOVER = (60, 68, 86)
PRIMARY = (196, 140, 30)
DANGER = (180, 52, 46)
SELECTED = (70, 120, 190)


@dataclass
class Hotspot:
    """A clickable region drawn this frame: ``key`` says what it is, ``data`` which one."""

    rect: pygame.Rect
    key: str
    data: dict[str, Any] = field(default_factory=dict)


class Hotspots:
    """The click regions of one frame; the last one added is on top."""

    def __init__(self) -> None:
        self.items: list[Hotspot] = []

    def clear(self) -> None:
        self.items.clear()

    def add(self, rect: pygame.Rect | tuple, key: str, **data: Any) -> pygame.Rect:
        r = pygame.Rect(rect)
        self.items.append(Hotspot(r, key, data))
        return r

    def at(self, pos: tuple[int, int]) -> Hotspot | None:
        for spot in reversed(self.items):
            if spot.rect.collidepoint(pos):
                return spot
        return None

    def find(self, key: str, **data: Any) -> Hotspot | None:
        for spot in reversed(self.items):
            if spot.key == key and all(spot.data.get(k) == v for k, v in data.items()):
                return spot
        return None


def text_at(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int = 20, weight: str = "semibold",
            colour: tuple[int, int, int] = theme.TEXT, anchor: str = "topleft",
            max_width: int | None = None) -> pygame.Rect:
    """Blit cached text; clip it to ``max_width`` with an ellipsis if needed."""
    size = fs(size)  # sizes are at scale 1 (a 1920x1080 window)
    img = theme.text(value, size, weight, tuple(colour))
    if max_width is not None and img.get_width() > max_width:
        f = theme.font(size, weight)
        cut = value
        while cut and f.size(cut + "…")[0] > max_width:
            cut = cut[:-1]
        img = theme.text(cut + "…", size, weight, tuple(colour))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    probe.text(surface, rect, value)
    return rect


def wrap(value: str, size: int, weight: str, width: int) -> list[str]:
    """Split ``value`` into lines no wider than ``width`` pixels (``size`` at scale 1)."""
    f = theme.font(fs(size), weight)
    lines: list[str] = []
    line = ""
    for word in value.split():
        trial = f"{line} {word}".strip()
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def card(surface: pygame.Surface, rect: pygame.Rect, *, fill=CARD, edge=PANEL_EDGE, radius: int = 12,
         width: int = 1) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def button(surface: pygame.Surface, rect: pygame.Rect, label: str, *, size: int = 20, kind: str = "normal",
           hover: bool = False, sub: str | None = None) -> pygame.Rect:
    """A rounded button. ``kind``: normal, primary, danger, selected, disabled."""
    fill = {"primary": PRIMARY, "danger": DANGER, "selected": SELECTED, "disabled": (32, 35, 42)}.get(kind, BUTTON)
    if hover and kind != "disabled":
        fill = tuple(min(255, c + px(22)) for c in fill)
    edge = {"primary": theme.ACCENT, "selected": (150, 200, 255), "danger": (255, 130, 120)}.get(kind, PANEL_EDGE)
    pygame.draw.rect(surface, fill, rect, border_radius=px(8))
    pygame.draw.rect(surface, edge, rect, 2 if kind in ("primary", "selected", "danger") else 1, border_radius=px(8))
    probe.box(surface, rect, label)
    colour = theme.TEXT_DIM if kind == "disabled" else (theme.TEXT if kind != "primary" else (20, 18, 12))
    if sub:
        text_at(surface, label, (rect.x + px(14), rect.y + px(8)), size, "bold", colour, max_width=rect.width - px(28))
        text_at(surface, sub, (rect.x + px(14), rect.y + px(12) + fs(size)), max(14, size - 5), "regular",
                theme.TEXT_DIM if kind != "primary" else (40, 34, 20), max_width=rect.width - px(28))
    else:
        text_at(surface, label, rect.center, size, "bold", colour, anchor="center", max_width=rect.width - px(16))
    return rect


def pill(surface: pygame.Surface, label: str, pos: tuple[int, int], *, size: int = 18, fill=(12, 14, 18),
         colour=theme.TEXT, anchor: str = "center", edge=None, pad: tuple[int, int] = (10, 4)) -> pygame.Rect:
    img = theme.text(label, fs(size), "bold", tuple(colour))
    rect = img.get_rect().inflate(pad[0] * 2, pad[1] * 2)
    setattr(rect, anchor, pos)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 2, border_radius=rect.height // 2)
    surface.blit(img, img.get_rect(center=rect.center))
    probe.text(surface, img.get_rect(center=rect.center), label)
    return rect


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def dialog_card(surface: pygame.Surface, hotspots: Hotspots, size: tuple[int, int], edge: tuple[int, int, int],
                margin: tuple[int, int] = (60, 70)) -> pygame.Rect:
    """A modal dialog's card: the screen shaded, the card centred, at most ``size`` and
    ``margin`` (at scale 1) smaller than the screen, clicks on it caught (hotspot ``dlg.card``)."""
    margin = (px(margin[0]), px(margin[1]))
    shade(surface)
    w, h = surface.get_size()
    rect = pygame.Rect(0, 0, min(size[0], w - margin[0]), min(size[1], h - margin[1]))
    rect.center = (w // 2, h // 2)
    card(surface, rect, fill=(26, 29, 37), edge=edge, width=2, radius=16)
    probe.panel(surface, rect, "dialog", modal=True)
    hotspots.add(rect, "dlg.card")
    return rect
