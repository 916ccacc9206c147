"""The warnings about saving that must stay on screen: a failing autosave, a read-only game.

Why it exists (issue 10): "Autosave failed" used to be an ordinary message,
so the next move's own message replaced it and the GM played on with nothing
reaching the disk. This warning is drawn at the right end of the status bar
(where the zoom and the pointer's square are shown otherwise; messages stay at
its left), every frame until an autosave succeeds again (or, for a game another
window already plays, as long as this window is read-only).
"""

from __future__ import annotations

import errno
from pathlib import Path

import pygame

from tactics.logs import logger
from tactics.ui import theme
from tactics.ui.elide import middle_path

WARN_BG = theme.ALERT_BG
WARN_TEXT = theme.ALERT_TEXT


def autosave_problem(exc: Exception) -> str:
    """What a failed autosave means for the GM, in a few words."""
    code = getattr(exc, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "the disk is full"
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "the folder is read-only"
    filename = getattr(exc, "filename", None)
    if code in (errno.EEXIST, errno.ENOTDIR) and filename:
        in_the_way = _file_in_the_way(Path(filename))  # review 8: "File exists." said neither which nor why
        if in_the_way is not None:
            return f"{middle_path(str(in_the_way), 48)} is a file, not a folder"
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return text if len(text) <= 40 else text[:37].rstrip() + "..."


def _file_in_the_way(path: Path) -> Path | None:
    """The first part of ``path``, from the root down, that is a file where a folder must be."""
    for part in (*reversed(path.parents), path):
        try:
            if part.exists() and not part.is_dir():
                return part
        except OSError:
            return None
    return None


def warning_text(autosave_error: str | None, read_only: bool) -> str | None:
    """The status bar's warning, or None."""
    if autosave_error:
        return f"Autosave failed: {autosave_error}. Ctrl+Shift+S: save elsewhere"
    if read_only:
        return "Read-only: another window plays this game"
    return None


def read_only_text(holder: str) -> str:
    """The refusal every command gets in a window that opened a game another window plays
    (``holder``: who has it, for the log; the words stay short enough for the message line)."""
    if holder:
        logger(__name__).info("game open read-only: %s holds it", holder)
    return "Read-only: another Tactics window has this game open. Ctrl+Shift+S plays a copy here."


def draw_warning(surface: pygame.Surface, text: str) -> pygame.Rect:
    """A red pill at the right end of the status bar (at most half its width)."""
    w, h = surface.get_size()
    room = max(160, w // 2 - 16)
    size = 16
    img = theme.text(text, size, "bold", WARN_TEXT)
    while img.get_width() + 28 > room and size > 11:
        size -= 1
        img = theme.text(text, size, "bold", WARN_TEXT)
    rect = pygame.Rect(0, 0, min(room, img.get_width() + 28), theme.STATUS_H - 6)
    rect.midright = (w - 8, h - theme.STATUS_H // 2)
    pygame.draw.rect(surface, theme.CHROME, (rect.left - 12, h - theme.STATUS_H + 1, w - rect.left + 12,
                                             theme.STATUS_H - 1))
    pygame.draw.rect(surface, WARN_BG, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, theme.BAD_SOFT, rect, 2, border_radius=rect.height // 2)
    surface.blit(img, img.get_rect(center=rect.center), (0, 0, rect.width - 20, img.get_height()))
    return rect
