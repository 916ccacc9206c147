"""What a starship dialog's shade must not hide: the status line and a refusal's alert.

Why it exists: a dialog (the fire dialog, a post's check, the phase summary) darkens the
screen behind its card. A refusal said while it was open (FIRE at a ship the sensors cannot
see, Ctrl+E into a folder that cannot be written) went to the status line and to the alert at
the top of the space view, both under that shade, the alert half behind the card: the GM saw
nothing happen and could not read why. Every dialog now gets the same: the status line drawn
over the shade (the message, or the dialog's hint), and an error's alert beside the card, below
it where the dialog's buttons are, else above it.
"""

from __future__ import annotations

import pygame

from tactics.ui import theme
from tactics.ui.panels.status import draw_status
from tactics.ui.theme import fs, px
from tactics.ui.widgets import pill, wrap

ALERT_SIZE = 20  # the alert's type (at scale 1), as at the top of the space view
GAP = 8  # between the card and the alert, and between the alert's lines (at scale 1)


def alert_lines(message: str, width: int) -> list[str]:
    """The alert's text wrapped into pills no wider than ``width``."""
    return wrap(message, ALERT_SIZE, max(px(80), width - px(32)), "bold")


def line_height() -> int:
    """One alert pill's height (its type and its padding)."""
    return theme.font(fs(ALERT_SIZE), "bold").get_height() + 2 * px(8)


def draw_alert(surface: pygame.Surface, lines: list[str], centre_x: int, top: int) -> pygame.Rect:
    """The alert's pills, one a line, centred on ``centre_x`` from ``top`` down; where they went."""
    drawn = pygame.Rect(centre_x, top, 0, 0)
    y = top
    for line in lines:
        r = pill(surface, line, (centre_x, y), size=ALERT_SIZE, fill=theme.ALERT_BG, colour=theme.ALERT_TEXT,
                 anchor="midtop", pad=(px(16), px(8)))
        drawn.union_ip(r)
        y = r.bottom + px(4)
    return drawn


def alert_top(card: pygame.Rect, lines: int, screen_h: int) -> int:
    """Where an alert of ``lines`` lines starts beside the dialog ``card``: below it (by the
    buttons just pressed) if it fits above the status line, else above it if it fits below the
    toolbar, else as low as it fits over the card's foot (a window too small for either)."""
    height = lines * line_height() + (lines - 1) * px(4)
    below, floor = card.bottom + px(GAP), screen_h - theme.STATUS_H - px(4)
    if below + height <= floor:
        return below
    above = card.top - px(GAP) - height
    if above >= theme.TOOLBAR_H + px(4):
        return above
    return max(theme.TOOLBAR_H + px(4), floor - height)


def draw_over_dialog(surface: pygame.Surface, card: pygame.Rect, hint: str, message: tuple[str, str] | None,
                     right: str) -> pygame.Rect | None:
    """After the dialog: the status line (``hint`` or ``message``, ``right`` at its right) over the
    shade, and an error ``message`` as an alert beside ``card``; the alert's rectangle, if any."""
    draw_status(surface, hint, message, right)
    if message is None or message[1] != "error":
        return None
    lines = alert_lines(message[0], surface.get_width() - px(48))
    return draw_alert(surface, lines, card.centerx, alert_top(card, len(lines), surface.get_height()))
