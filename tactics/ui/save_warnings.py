"""The warnings about saving that must stay on screen: a failing autosave, a read-only game.

Why it exists (issue 10): "Autosave failed" used to be an ordinary message,
so the next move's own message replaced it and the GM played on with nothing
reaching the disk. This warning is drawn in the toolbar, over the encounter's
title, every frame until an autosave succeeds again (or, for a game another
window already plays, as long as this window is read-only).
"""

from __future__ import annotations

import errno

import pygame

from tactics.ui import theme

WARN_BG = (170, 36, 36)
WARN_TEXT = (255, 236, 232)


def autosave_problem(exc: Exception) -> str:
    """What a failed autosave means for the GM, in a few words."""
    code = getattr(exc, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "the disk is full - save elsewhere (Ctrl+Shift+S)"
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "the autosave folder is read-only - save elsewhere (Ctrl+Shift+S)"
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return f"{text} - save elsewhere (Ctrl+Shift+S)"


def read_only_text(holder: str) -> str:
    """The refusal every command gets in a window that opened a game another window plays."""
    who = f" ({holder})" if holder else ""
    return ("Read-only: this game is open in another Tactics window" + who + ". Nothing here is saved, so "
            "neither window loses moves. Close the other window, or Save as to play a copy here.")


def draw_warning(surface: pygame.Surface, text: str, left: int) -> pygame.Rect:
    """A red pill at the right of the toolbar (between ``left`` and the window's edge), over the title."""
    w = surface.get_width()
    room = max(120, w - left - 24)
    size = 17
    img = theme.text(text, size, "bold", WARN_TEXT)
    while img.get_width() + 28 > room and size > 11:
        size -= 1
        img = theme.text(text, size, "bold", WARN_TEXT)
    rect = pygame.Rect(0, 0, min(room, img.get_width() + 28), min(theme.TOOLBAR_H - 10, img.get_height() + 14))
    rect.midright = (w - 10, theme.TOOLBAR_H // 2)
    pygame.draw.rect(surface, theme.CHROME, (rect.left - 8, 0, w - rect.left + 8, theme.TOOLBAR_H - 1))
    pygame.draw.rect(surface, WARN_BG, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, (255, 150, 140), rect, 2, border_radius=rect.height // 2)
    surface.blit(img, img.get_rect(center=rect.center), (0, 0, rect.width - 20, img.get_height()))
    return rect
