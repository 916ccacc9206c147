"""A pygame_gui manager that sees the pointer only while it is over its own window.

Kept apart from :mod:`tactics.ui.players.routing` so that routing events needs no
pygame_gui: the GM's window makes its manager when a text box or dialog first
needs one (issue 12: start time), the players' window when it opens.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from tactics.ui.players.routing import OFF_WINDOW


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
