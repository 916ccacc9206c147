"""Which screen the players' window opens on: a seam between the window and SDL's displays.

Displays are numbered from 1 for people (``--display 2`` is the second
screen); SDL counts from 0. A display that does not exist falls back to the
last one there is, and the window says so (SDL itself would silently use the
first). Tests replace :class:`Displays` with a fake holding several screens,
because the test machine (Xvfb or the dummy driver) has only one.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Placement:
    """Where to open: the SDL display index, its size, and a note if the wish was not met."""

    index: int
    size: tuple[int, int]
    note: str = ""

    @property
    def number(self) -> int:
        return self.index + 1


class Displays:
    """The real screens, as SDL reports them."""

    def sizes(self) -> list[tuple[int, int]]:
        try:
            found = [tuple(s) for s in pygame.display.get_desktop_sizes()]
        except pygame.error:
            found = []
        return found or [(1280, 720)]  # type: ignore[return-value]

    def open_window(self, title: str, size: tuple[int, int], placement: Placement) -> pygame.Window:
        n = placement.index
        pos = (pygame.WINDOWPOS_CENTERED | n, pygame.WINDOWPOS_CENTERED | n)
        return pygame.Window(title, size, position=pos, resizable=True)

    def place(self, number: int | None) -> Placement:
        """The display to use for the 1-based ``number`` (None: the last one, usually the TV)."""
        sizes = self.sizes()
        if number is None:
            return Placement(len(sizes) - 1, sizes[-1])
        if 1 <= number <= len(sizes):
            return Placement(number - 1, sizes[number - 1])
        note = (f"There is no display {number} (found {len(sizes)}); "
                f"the players' window is on display {len(sizes)}.")
        return Placement(len(sizes) - 1, sizes[-1], note)
