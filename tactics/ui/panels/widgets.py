"""Drawing helpers shared by the combat panels: panel cards, buttons, pips, chips, dice.

The combat panels are drawn immediately each frame (no retained widgets), so
every button is a rectangle recorded while drawing together with a key and a
callback; a click looks the rectangle up. Tests find a button by its key
(``"advance"``, ``"weapon:silenced_pistol"``) with :meth:`Panel.button_rect`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

import pygame

from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.theme import fs, px

PAD = 14  # rewritten by theme.set_scale(): px(14)
RADIUS = 10

#: Outcome colours (R-HIT-1, R-HIT-2): the roll card, odds bars and log lines share them.
OUTCOME_COLOURS: dict[str, tuple[int, int, int]] = {
    "miss": (150, 156, 170),
    "minor": (235, 180, 70),
    "hit": (110, 210, 120),
    "major": (70, 215, 200),
    "critical": (255, 120, 220),
}
OUTCOME_SHORT = {"miss": "Miss", "minor": "Minor", "hit": "Hit", "major": "Major", "critical": "Crit"}

BUTTON_STYLES = {
    "normal": ((42, 47, 58), (60, 67, 82), theme.TEXT, (70, 78, 96)),
    "primary": ((150, 112, 24), (180, 136, 34), (255, 255, 255), theme.ACCENT),
    "danger": ((120, 36, 36), (150, 46, 46), (255, 230, 230), (190, 80, 80)),
    "chip": ((34, 38, 47), (52, 58, 72), theme.TEXT, (58, 64, 80)),
    "on": ((46, 88, 62), (58, 110, 78), (230, 255, 236), (90, 170, 120)),
}


def percent(value: Fraction | float) -> str:
    """A chance as a percentage with one decimal: ``Fraction(1, 40)`` -> ``"2.5%"``."""
    return f"{float(value) * 100:.1f}%"


def odds_labels(chances: dict[str, Fraction]) -> dict[str, str]:
    """``{"miss": "45.0%", ...}`` in the outcome order the engine gives."""
    return {k: percent(v) for k, v in chances.items()}


@dataclass
class Hit:
    rect: pygame.Rect
    key: str
    action: Callable[[], None] | None


@dataclass
class Panel:
    """A card on the screen that records its buttons while it draws."""

    title: str = ""
    collapsed: bool = False
    rect: pygame.Rect | None = None
    hits: list[Hit] = field(default_factory=list)

    def begin(self) -> None:
        self.hits = []
        self.rect = None

    def hit(self, rect: pygame.Rect, key: str, action: Callable[[], None] | None) -> None:
        self.hits.append(Hit(pygame.Rect(rect), key, action))

    def button_rect(self, key: str) -> pygame.Rect | None:
        for h in self.hits:
            if h.key == key:
                return h.rect
        return None

    def keys(self) -> list[str]:
        return [h.key for h in self.hits]

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the button under ``pos``; True if the click landed on this panel."""
        if self.rect is None or not self.rect.collidepoint(pos):
            return False
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos) and h.action is not None:
                h.action()
                return True
        return True

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect is not None and self.rect.collidepoint(pos)

    def toggle(self) -> None:
        self.collapsed = not self.collapsed

    scroll: int = 0
    scrollable: bool = False

    def scroll_by(self, steps: int) -> bool:
        """The wheel over the panel: scroll its body (True if the panel scrolls at all)."""
        if not self.scrollable:
            return False
        self.scroll = max(0, self.scroll - steps * px(60))
        return True

    def finish(self, surface: pygame.Surface, canvas: pygame.Surface, x: int, y: int, width: int,
               height: int, *, content: int | None = None, fixed: int = 0) -> pygame.Rect:
        """Show the drawn ``canvas`` as a card ``height`` tall at (x, y); the buttons recorded
        while drawing move there too. The card's rectangle.

        When the drawing (``content`` pixels tall) is taller than the card, the part below
        ``fixed`` (the title row) scrolls with the wheel: a scroll bar on the right says so,
        and only the buttons in view can be clicked.
        """
        name = self.title or type(self).__name__
        final = pygame.Rect(x, y, width, height)
        card(surface, final)
        self.scrollable = content is not None and content > height + px(2)
        if not self.scrollable:
            self.scroll = 0
            surface.blit(canvas, (x, y), (0, 0, width, height))
            probe.panel(surface, final, name)
            probe.composite(canvas, surface, (x, y), pygame.Rect(0, 0, width, height), name=name)
            for h in self.hits:
                h.rect.move_ip(x, y)
            self.rect = final
            return final
        view_h = height - fixed - px(6)
        self.scroll = max(0, min(self.scroll, content - fixed - view_h))
        surface.blit(canvas, (x, y), (0, 0, width, fixed))
        surface.blit(canvas, (x, y + fixed), (0, fixed + self.scroll, width, view_h))
        body = pygame.Rect(x, y + fixed, width, view_h)
        probe.panel(surface, final, name)
        probe.scrolled(canvas, surface, (x, y), fixed, self.scroll, body, name=name)
        for h in self.hits:
            if h.rect.y >= fixed:
                h.rect.move_ip(x, y - self.scroll)
                if not body.contains(h.rect):
                    h.action = None  # scrolled out of view: not clickable
            else:
                h.rect.move_ip(x, y)
        # the scroll bar: where the part in view sits in the whole
        track = pygame.Rect(final.right - px(7), body.y + px(2), px(4), body.height - px(4))
        pygame.draw.rect(surface, (40, 44, 54), track, border_radius=px(2))
        total = max(1, content - fixed)
        thumb = pygame.Rect(track.x, track.y + track.height * self.scroll // total, track.width,
                            max(px(16), track.height * view_h // total))
        pygame.draw.rect(surface, theme.ACCENT, thumb.clip(track), border_radius=px(2))
        if self.scroll + view_h < content - fixed:  # a fade over the last row: more below
            fade = pygame.Surface((width - px(12), px(18)), pygame.SRCALPHA)
            for i in range(fade.get_height()):
                pygame.draw.line(fade, (*theme.CHROME, int(255 * i / fade.get_height())), (0, i), (fade.get_width(), i))
            surface.blit(fade, (x + px(2), body.bottom - fade.get_height()))
        self.rect = final
        return final


_cards: dict[tuple, pygame.Surface] = {}
_canvases: dict[tuple, pygame.Surface] = {}


def card(surface: pygame.Surface, rect: pygame.Rect, *, accent: tuple[int, int, int] | None = None) -> None:
    """The panel background: dark, slightly translucent, rounded, with an edge (cached per size)."""
    key = (rect.size, accent)
    bg = _cards.get(key)
    if bg is None:
        bg = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (*theme.CHROME, 242), bg.get_rect(), border_radius=RADIUS)
        pygame.draw.rect(bg, (*(accent or theme.CHROME_EDGE), 255), bg.get_rect(), 2 if accent else 1,
                         border_radius=RADIUS)
        if len(_cards) > 64:
            _cards.clear()
        _cards[key] = bg
    surface.blit(bg, rect.topleft)


def canvas(owner: object, size: tuple[int, int], *, room: int = 1) -> pygame.Surface:
    """A cleared transparent surface for one panel to draw on, reused between frames
    (``room`` times as tall as asked: a panel that scrolls draws all of its body)."""
    size = (size[0], size[1] * room)
    key = (id(owner), size)
    surf = _canvases.get(key)
    if surf is None:
        if len(_canvases) > 32:
            _canvases.clear()
        surf = _canvases[key] = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    probe.forget(surf)
    return surf


def text(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int = 17,
         colour: tuple[int, int, int] = theme.TEXT, weight: str = "semibold", anchor: str = "topleft") -> pygame.Rect:
    """``value`` at font size ``size`` (at scale 1; drawn at fs(size)) anchored at ``pos``."""
    img = theme.text(value, fs(size), weight, tuple(colour))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    probe.text(surface, rect, value)
    return rect


def blit_text(surface: pygame.Surface, img: pygame.Surface, pos, value: str, area: pygame.Rect | None = None) -> pygame.Rect:
    """Blit a rendered text (``value``) and tell the layout probe; the blitted rectangle."""
    rect = surface.blit(img, pos, area)
    full = img.get_rect(topleft=rect.topleft)
    probe.text(surface, full, value, shown=rect if area is not None else None)
    return rect


def text_width(value: str, size: int, weight: str = "semibold") -> int:
    return theme.font(fs(size), weight).size(value)[0]


def line_h(size: int, weight: str = "semibold") -> int:
    """The height of one line of text at ``size`` (scale 1), in this window's pixels."""
    return theme.font(fs(size), weight).get_linesize()


def wrap(value: str, size: int, width: int, weight: str = "semibold") -> list[str]:
    """Split ``value`` into lines no wider than ``width`` pixels (``size`` at scale 1)."""
    f = theme.font(fs(size), weight)
    lines: list[str] = []
    for para in value.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def header(panel: Panel, surface: pygame.Surface, rect: pygame.Rect, title: str, *,
           colour: tuple[int, int, int] = theme.ACCENT, collapsible: bool = True) -> int:
    """The panel's title row with a collapse chevron; returns the y below it."""
    x, y = rect.x + PAD, rect.y + px(10)
    right = rect.right - PAD
    if collapsible:
        box = pygame.Rect(rect.right - px(40), rect.y + px(8), px(30), px(28))
        mark = "+" if panel.collapsed else "-"
        pygame.draw.rect(surface, (42, 47, 58), box, border_radius=px(6))
        text(surface, mark, box.center, 20, theme.TEXT, "bold", "center")
        probe.box(surface, box, "collapse")
        panel.hit(box, "collapse", panel.toggle)
        right = box.x - px(6)
    for line in fit_line(title, 20, right - x, "bold")[:1]:
        text(surface, line, (x, y), 20, colour, "bold")
    return y + px(34)


def fit_line(value: str, size: int, width: int, weight: str = "semibold") -> list[str]:
    """``value`` as one line no wider than ``width``: shortened with an ellipsis if it must be."""
    f = theme.font(fs(size), weight)
    if f.size(value)[0] <= width:
        return [value]
    while value and f.size(value + "...")[0] > width:
        value = value[:-1]
    return [value.rstrip() + "..."]


def button(panel: Panel, surface: pygame.Surface, rect: pygame.Rect, label: str, key: str,
           action: Callable[[], None] | None, *, style: str = "normal", enabled: bool = True,
           size: int = 17, hover: tuple[int, int] | None = None) -> pygame.Rect:
    """A drawn button; records the hit only when enabled."""
    normal, hovered, fg, edge = BUTTON_STYLES[style]
    over = hover is not None and rect.collidepoint(hover) and enabled
    bg = hovered if over else normal
    if not enabled:
        bg, fg, edge = (30, 33, 40), theme.TEXT_DIM, (44, 48, 58)
    pygame.draw.rect(surface, bg, rect, border_radius=px(7))
    pygame.draw.rect(surface, edge, rect, 1, border_radius=px(7))
    probe.box(surface, rect, label)
    font_px = fs(size)
    room = rect.width - px(12)
    while font_px > fs(12) and theme.font(font_px, "semibold").size(label)[0] > room:
        font_px -= 1  # a long label takes a smaller size rather than spilling out of its button
    img = theme.text(label, font_px, "semibold", tuple(fg))
    clip = img.get_rect(center=rect.center)
    if clip.width > room:
        clip.left = rect.left + px(6)
        blit_text(surface, img, clip, label, pygame.Rect(0, 0, room, img.get_height()))
    else:
        blit_text(surface, img, clip, label)
    panel.hit(rect, key, action if enabled else None)
    return rect


def pips(surface: pygame.Surface, pos: tuple[int, int], label: str, value: int | None,
         colour: tuple[int, int, int]) -> int:
    """One action slot: a filled pip while it is open, hollow once used; ``None`` means any number."""
    x, y = pos
    r = px(9)
    centre = (x + r, y + px(12))
    if value is None:
        pygame.draw.circle(surface, colour, centre, r)
        text(surface, "~", (centre[0], centre[1] - 1), 16, (20, 20, 24), "bold", "center")
    elif value:
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, (255, 255, 255), centre, r, 2)
    else:
        pygame.draw.circle(surface, (60, 64, 74), centre, r, max(1, px(2)))
    img = theme.text(label, fs(16), "semibold", theme.TEXT if value != 0 else theme.TEXT_DIM)
    blit_text(surface, img, (x + 2 * r + px(6), y + px(12) - img.get_height() // 2), label)
    return 2 * r + px(6) + img.get_width() + px(16)


def odds_bar(surface: pygame.Surface, rect: pygame.Rect, chances: dict[str, Fraction], *,
             labels: bool = True, size: int = 14) -> pygame.Rect:
    """Miss / Minor / Hit / Major / Crit as one stacked bar with percentages under it."""
    pygame.draw.rect(surface, (10, 11, 14), rect.inflate(4, 4), border_radius=5)
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
        y = rect.bottom + px(4)
        cx = rect.x
        for k in order:
            label = f"{OUTCOME_SHORT[k]} {percent(chances[k])}"
            img = theme.text(label, fs(size), "semibold", OUTCOME_COLOURS[k])
            if cx + img.get_width() > rect.right + px(4):
                cx = rect.x
                y += img.get_height() + px(2)
            blit_text(surface, img, (cx, y), label)
            cx += img.get_width() + px(10)
            bottom = y + img.get_height()
    return pygame.Rect(rect.x, rect.y, rect.width, bottom - rect.y)


def die_face(surface: pygame.Surface, pos: tuple[int, int], sides: int, face: int, *,
             sign: int = 1, highlight: tuple[int, int, int] | None = None, size: int = 46) -> pygame.Rect:
    """A little die: a rounded square with ``d20`` small at the top and its face value big under
    it (``size`` at scale 1; never so small that the two run into each other)."""
    size = max(px(size), 32)
    rect = pygame.Rect(pos[0], pos[1], size, size)
    body = (244, 240, 228) if sides == 20 else (222, 232, 250)
    if highlight is not None:
        pygame.draw.rect(surface, highlight, rect.inflate(px(6), px(6)), border_radius=px(10))
    pygame.draw.rect(surface, (12, 12, 16), rect.move(px(2), px(3)), border_radius=px(9))
    pygame.draw.rect(surface, body, rect, border_radius=px(9))
    pygame.draw.rect(surface, (90, 90, 100), rect, 1, border_radius=px(9))
    label = f"{'-' if sign < 0 else ''}d{sides}"
    top = text(surface, label, (rect.centerx, rect.y + 1), 11, (90, 90, 110), "bold", "midtop")
    room = rect.bottom - top.bottom - 1
    face_px = max(MIN_FACE_PX, min(int(size * 0.45), int(room / 1.25)))
    img = theme.text(str(face), face_px, "bold", (20, 22, 30))
    blit_text(surface, img, img.get_rect(center=(rect.centerx, (top.bottom + rect.bottom) // 2)), str(face))
    return rect


MIN_FACE_PX = 10


def chip(surface: pygame.Surface, pos: tuple[int, int], label: str, *, size: int = 16,
         colour: tuple[int, int, int] = theme.TEXT, bg: tuple[int, int, int] = (52, 58, 72)) -> pygame.Rect:
    img = theme.text(label, fs(size), "semibold", tuple(colour))
    rect = pygame.Rect(pos[0], pos[1], img.get_width() + px(16), img.get_height() + px(8))
    pygame.draw.rect(surface, bg, rect, border_radius=rect.height // 2)
    blit_text(surface, img, (rect.x + px(8), rect.y + px(4)), label)
    return rect
