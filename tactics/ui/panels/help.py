"""The F1 overlay: every shortcut on one card. Any key or click closes it."""

from __future__ import annotations

import pygame

from tactics.ui import intents as ui
from tactics.ui import theme

GENERAL = [
    ("Esc", "cancel: clear the tool's work, then back to Select"),
    ("Left click", "select a token / move / place a point"),
    ("Right or middle drag, arrows", "pan the map"),
    ("Wheel", "zoom at the pointer"),
    ("Home or F", "fit the map to the window"),
    ("F11", "full screen"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo"),
    ("Ctrl+O, or drop a file", "open a map or encounter"),
    ("Tab", "preview what the players see"),
    ("W", "show or hide wall lines"),
    ("F1", "this help"),
]

TEMPLATE_KEYS = [
    ("+ / - or Ctrl+wheel", "template size in 5 ft steps"),
    ("Shift (hold) or A", "radius from a square's centre instead of a corner"),
    ("G", "radius shape: grid or round"),
    ("Click", "pin a template; Esc clears the pins"),
]


def shortcut_rows(tools) -> list[tuple[str, str]]:
    rows = [(t.key_label, f"{t.label}: {t.hint}") for t in tools if t.key_label]
    return rows + GENERAL + TEMPLATE_KEYS


class HelpScreen:
    """A screen pushed over the battle view."""

    def __init__(self, app, tools) -> None:
        self.app = app
        self.rows = shortcut_rows(tools)

    def handle(self, intent) -> bool:
        if isinstance(intent, (ui.KeyPress, ui.PointerDown)):
            self.app.pop_screen()
            return True
        return False

    def ui_event(self, event) -> bool:
        return False

    def wake_ms(self) -> int | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        key_font, text_font = theme.font(17, "bold"), theme.font(17, "regular")
        key_w = max(key_font.size(k)[0] for k, _ in self.rows) + 30
        text_w = min(w - 120 - key_w, max(text_font.size(t)[0] for _, t in self.rows))
        card = pygame.Rect(0, 0, key_w + text_w + 60, 90 + 30 * len(self.rows))
        card.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.CHROME, card, border_radius=14)
        pygame.draw.rect(surface, theme.ACCENT, card, 2, border_radius=14)
        title = theme.font(26, "bold").render("Shortcuts", True, theme.TEXT)
        surface.blit(title, (card.x + 30, card.y + 20))
        y = card.y + 70
        for key, text in self.rows:
            surface.blit(key_font.render(key, True, theme.ACCENT), (card.x + 30, y))
            surface.blit(text_font.render(text, True, theme.TEXT), (card.x + 30 + key_w, y), (0, 0, text_w, 30))
            y += 30
        foot = theme.font(14, "regular").render("Any key or click closes this card.", True, theme.TEXT_DIM)
        surface.blit(foot, (card.right - foot.get_width() - 24, card.y + 28))
