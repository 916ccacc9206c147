"""Two windows, one event queue: send each event to the window it happened in.

pygame puts every window's events in one queue; key, mouse, text and window
events carry ``event.window``. pygame_gui does not look at it and reads the
global mouse position, so a click in the players' window would press a GM
button lying at the same coordinates. So: :func:`window_of` names the window an
event belongs to, each window gets its own
:class:`~tactics.ui.players.window_ui.WindowUIManager`, and a manager only ever
sees the pointer while it is over its own window.
"""

from __future__ import annotations

from typing import Any

import pygame

#: Event types that belong to one window (they carry ``event.window``).
WINDOW_EVENTS = frozenset({
    pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
    pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING,
    pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN, pygame.WINDOWEXPOSED, pygame.WINDOWMOVED,
    pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWMINIMIZED, pygame.WINDOWMAXIMIZED,
    pygame.WINDOWRESTORED, pygame.WINDOWENTER, pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWFOCUSLOST, pygame.WINDOWCLOSE, pygame.WINDOWTAKEFOCUS, pygame.WINDOWHITTEST,
    pygame.DROPFILE,
})

OFF_WINDOW = (-10_000, -10_000)
#: The players' window's answer for a key it does not use (G, F, F11, the arrows are its own): the
#: GM's window takes it, so the GM's shortcuts work whichever window has the keyboard (review 13 F5:
#: the players' window kept the focus when it opened, and E, Enter, Ctrl+Z typed there went nowhere).
GM_KEYS = "gm keys"


def window_id(window: Any) -> int | None:
    try:
        return int(window.id)
    except (AttributeError, TypeError, pygame.error):
        return None


def belongs_to(event: pygame.event.Event, window: Any) -> bool:
    """Did ``event`` happen in ``window``? (Events without a window belong to the main one.)"""
    if window is None or event.type not in WINDOW_EVENTS:
        return False
    other = getattr(event, "window", None)
    return other is not None and window_id(other) == window_id(window)
