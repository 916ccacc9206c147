"""Pinned templates on the players' window: the GM's draft of an area, shown to the table.

Why it exists: the GM pins a radius, cone or line (a click with a template tool) to show the
players the area a blast or a spell would cover; on a projector that only works if the players'
window draws it. It draws each pin's squares as the GM's map does, with a label naming the
template and the creatures inside it that the players may see: the label is asked of the
players' copy of the state (``players_state``), so a hidden creature (or, with fog on, one in a
fogged square) is never named. Hover previews stay on the GM's screen only.
"""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from tactics.ui import draw, placement, theme
from tactics.ui import layout_probe as probe
from tactics.ui.render import DrawContext
from tactics.ui.tools.templates import PinnedTemplate, draw_template


def pin_label(pin: PinnedTemplate, seen: Any) -> str:
    """"10 ft radius (grid): Bear 2, Bear 3" with only the creatures in ``seen`` (the players' copy)."""
    names = [who.name for who in seen.on_map() if who.cell in pin.cells]
    return f"{pin.label}: " + (", ".join(names) if names else "no one inside")


def draw_players_pins(ctx: DrawContext, pins: Iterable[PinnedTemplate]) -> None:
    """The squares of every pinned template (under the tokens, as on the GM's map)."""
    for pin in pins:
        if pin.cells:
            draw_template(ctx, pin.cells, (*theme.TEMPLATE_EDGE, 70), theme.RANGE_EDGE)


def _token_marks(cam: Any, state: Any) -> list[pygame.Rect]:
    """Each token with its condition pills above it and its name below (what a label must not cover)."""
    out = []
    for who in state.on_map():
        if who.cell is None:
            continue
        r = pygame.Rect(cam.cell_rect(who.cell))
        out.append(r.inflate(r.width, 0).union(r.move(0, -r.height)).union(r.move(0, r.height // 2)))
    return out


def _pin_area(cam: Any, pin: PinnedTemplate) -> pygame.Rect:
    area = pygame.Rect(cam.cell_rect(next(iter(pin.cells))))
    for cell in pin.cells:
        area.union_ip(pygame.Rect(cam.cell_rect(cell)))
    return area


def _labels(cam: Any, state: Any, clip: pygame.Rect, pins: Iterable[PinnedTemplate]) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
    """Each pin's label, its picture and where it goes: beside its squares (above, below, right,
    left, the corners), clear of tokens, names, pills and the other labels."""
    size = max(18, draw.label_size(cam.cell_px))
    taken: list[pygame.Rect] = []
    marks = _token_marks(cam, state)
    out = []
    for pin in pins:
        if not pin.cells:
            continue
        area = _pin_area(cam, pin)
        text = pin_label(pin, state)
        img = draw.pill(text, size, theme.LABEL_WARM)
        spots = placement.around(img.get_size(), area, 6)
        spots = [spots[3], spots[2], spots[0], spots[1], *spots[4:]]  # above, below, right, left, corners
        rect = placement.place(spots, clip, tokens=marks, cards=[area, *taken])
        out.append((text, img, rect))
        taken.append(rect)
    return out


def draw_players_pin_labels(ctx: DrawContext, pins: Iterable[PinnedTemplate]) -> None:
    """Each pin's label beside it, over the tokens' layer but clear of tokens, names and pills."""
    for text, img, rect in _labels(ctx.camera, ctx.state, ctx.clip, pins):
        ctx.surface.blit(img, rect)
        probe.text(ctx.surface, rect, text)


def pin_marks(cam: Any, state: Any, clip: pygame.Rect, pins: Iterable[PinnedTemplate]) -> list[pygame.Rect]:
    """What a card on the players' map must not cover of the pins: each one's squares and its label."""
    pins = [pin for pin in pins if pin.cells]
    return [_pin_area(cam, pin) for pin in pins] + [rect for _, _, rect in _labels(cam, state, clip, pins)]


__all__ = ["draw_players_pin_labels", "draw_players_pins", "pin_label", "pin_marks"]
