"""Two windows, one event queue: send each event to the window it happened in.

pygame puts every window's events in one queue; key, mouse, text and window
events carry ``event.window``. pygame_gui does not look at it and reads the
global mouse position, so a click in the players' window would press a GM
button lying at the same coordinates. So: :func:`window_of` names the window an
event belongs to, each window gets its own :class:`WindowUIManager`, and a
manager only ever sees the pointer while it is over its own window.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

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


class WindowUIManager(pygame_gui.UIManager):
    """A UIManager that sees the pointer only while it is over its own window.

    The window's owner calls :meth:`pointer_at` with every mouse position from
    its own window and :meth:`pointer_left` when the pointer goes to another
    window; hover and tooltips then never react to the other window's pointer.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pointer: tuple[int, int] = OFF_WINDOW

    def pointer_at(self, pos: tuple[int, int]) -> None:
        self._pointer = (int(pos[0]), int(pos[1]))

    def pointer_left(self) -> None:
        self._pointer = OFF_WINDOW

    @property
    def pointer_inside(self) -> bool:
        return self._pointer != OFF_WINDOW

    def _update_mouse_position(self) -> None:  # pygame_gui reads the global mouse here
        self.mouse_position = self.calculate_scaled_mouse_position(self._pointer)

    def track(self, event: pygame.event.Event) -> None:
        """Follow the pointer from this window's own events."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer_at(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer_left()
