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

from tactics.ui import theme

PAD = 14
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

    def finish(self, surface: pygame.Surface, canvas: pygame.Surface, x: int, y: int, width: int,
               height: int) -> pygame.Rect:
        """Show the top ``height`` pixels of the drawn ``canvas`` as a card at (x, y); the
        buttons recorded while drawing move there too. The card's rectangle."""
        final = pygame.Rect(x, y, width, height)
        card(surface, final)
        surface.blit(canvas, (x, y), (0, 0, width, height))
        for h in self.hits:
            h.rect.move_ip(x, y)
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


def canvas(owner: object, size: tuple[int, int]) -> pygame.Surface:
    """A cleared transparent surface for one panel to draw on, reused between frames."""
    key = (id(owner), size)
    surf = _canvases.get(key)
    if surf is None:
        if len(_canvases) > 32:
            _canvases.clear()
        surf = _canvases[key] = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


def text(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int = 17,
         colour: tuple[int, int, int] = theme.TEXT, weight: str = "semibold", anchor: str = "topleft") -> pygame.Rect:
    img = theme.text(value, size, weight, tuple(colour))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def text_width(value: str, size: int, weight: str = "semibold") -> int:
    return theme.font(size, weight).size(value)[0]


def wrap(value: str, size: int, width: int, weight: str = "semibold") -> list[str]:
    """Split ``value`` into lines no wider than ``width`` pixels."""
    f = theme.font(size, weight)
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
    x, y = rect.x + PAD, rect.y + 10
    text(surface, title, (x, y), 20, colour, "bold")
    if collapsible:
        box = pygame.Rect(rect.right - 40, rect.y + 8, 30, 28)
        mark = "+" if panel.collapsed else "-"
        pygame.draw.rect(surface, (42, 47, 58), box, border_radius=6)
        text(surface, mark, box.center, 20, theme.TEXT, "bold", "center")
        panel.hit(box, "collapse", panel.toggle)
    return y + 34


def button(panel: Panel, surface: pygame.Surface, rect: pygame.Rect, label: str, key: str,
           action: Callable[[], None] | None, *, style: str = "normal", enabled: bool = True,
           size: int = 17, hover: tuple[int, int] | None = None) -> pygame.Rect:
    """A drawn button; records the hit only when enabled."""
    normal, hovered, fg, edge = BUTTON_STYLES[style]
    over = hover is not None and rect.collidepoint(hover) and enabled
    bg = hovered if over else normal
    if not enabled:
        bg, fg, edge = (30, 33, 40), theme.TEXT_DIM, (44, 48, 58)
    pygame.draw.rect(surface, bg, rect, border_radius=7)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=7)
    img = theme.text(label, size, "semibold", tuple(fg))
    clip = img.get_rect(center=rect.center)
    if clip.width > rect.width - 12:
        clip.left = rect.left + 6
        surface.blit(img, clip, (0, 0, rect.width - 12, img.get_height()))
    else:
        surface.blit(img, clip)
    panel.hit(rect, key, action if enabled else None)
    return rect


def pips(surface: pygame.Surface, pos: tuple[int, int], label: str, value: int | None,
         colour: tuple[int, int, int]) -> int:
    """One action slot: a filled pip while it is open, hollow once used; ``None`` means any number."""
    x, y = pos
    r = 9
    centre = (x + r, y + 12)
    if value is None:
        pygame.draw.circle(surface, colour, centre, r)
        text(surface, "~", (centre[0], centre[1] - 1), 16, (20, 20, 24), "bold", "center")
    elif value:
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, (255, 255, 255), centre, r, 2)
    else:
        pygame.draw.circle(surface, (60, 64, 74), centre, r, 2)
    img = theme.text(label, 16, "semibold", theme.TEXT if value != 0 else theme.TEXT_DIM)
    surface.blit(img, (x + 2 * r + 6, y + 12 - img.get_height() // 2))
    return 2 * r + 6 + img.get_width() + 16


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
        y = rect.bottom + 4
        cx = rect.x
        for k in order:
            label = f"{OUTCOME_SHORT[k]} {percent(chances[k])}"
            img = theme.text(label, size, "semibold", OUTCOME_COLOURS[k])
            if cx + img.get_width() > rect.right + 4:
                cx = rect.x
                y += img.get_height() + 2
            surface.blit(img, (cx, y))
            cx += img.get_width() + 10
            bottom = y + img.get_height()
    return pygame.Rect(rect.x, rect.y, rect.width, bottom - rect.y)


def die_face(surface: pygame.Surface, pos: tuple[int, int], sides: int, face: int, *,
             sign: int = 1, highlight: tuple[int, int, int] | None = None, size: int = 46) -> pygame.Rect:
    """A little die: a rounded square with its face value big and ``d20`` small above."""
    rect = pygame.Rect(pos[0], pos[1], size, size)
    body = (244, 240, 228) if sides == 20 else (222, 232, 250)
    if highlight is not None:
        pygame.draw.rect(surface, highlight, rect.inflate(6, 6), border_radius=10)
    pygame.draw.rect(surface, (12, 12, 16), rect.move(2, 3), border_radius=9)
    pygame.draw.rect(surface, body, rect, border_radius=9)
    pygame.draw.rect(surface, (90, 90, 100), rect, 1, border_radius=9)
    label = f"{'-' if sign < 0 else ''}d{sides}"
    text(surface, label, (rect.centerx, rect.y + 3), 11, (90, 90, 110), "bold", "midtop")
    text(surface, str(face), (rect.centerx, rect.centery + 6), int(size * 0.5), (20, 22, 30), "bold", "center")
    return rect


def chip(surface: pygame.Surface, pos: tuple[int, int], label: str, *, size: int = 16,
         colour: tuple[int, int, int] = theme.TEXT, bg: tuple[int, int, int] = (52, 58, 72)) -> pygame.Rect:
    img = theme.text(label, size, "semibold", tuple(colour))
    rect = pygame.Rect(pos[0], pos[1], img.get_width() + 16, img.get_height() + 8)
    pygame.draw.rect(surface, bg, rect, border_radius=rect.height // 2)
    surface.blit(img, (rect.x + 8, rect.y + 4))
    return rect
