"""What every tool looks like to the battle view (a tool asks the view only what :class:`BoardView` lists)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.engine.core.labels import plural
from tactics.rules.grid import Cell
from tactics.ui import intents as ui

if TYPE_CHECKING:
    from tactics.ui.context import BoardView
    from tactics.ui.render import Layer


class Tool:
    """A mode of the pointer. Subclasses override what they need."""

    name = "tool"
    label = "Tool"
    key: int | None = None  # hotkey (pygame key code)
    key_label = ""
    hint = ""  # what the tool does, for the status bar and tooltip
    #: a GM's tool (Set up): not opened in the players' view (F2), which shows what the players may see
    gm_only = False

    def __init__(self, view: "BoardView") -> None:
        self.view = view

    def activate(self) -> None:
        pass

    def deactivate(self) -> None:
        self.cancel()

    def pointer_move(self, pos: tuple[int, int]) -> bool:
        return True  # the hover cursor moved: redraw

    def pointer_within(self, pos: tuple[int, int]) -> bool:
        """The pointer moved inside the square it was over; True to redraw (the Select tool:
        onto or off a door on the square's edge)."""
        return False

    def pointer_still(self, pos: tuple[int, int], was: Cell | None) -> bool:
        """The map moved under a pointer that did not (refitted as the fight began, a key pan); ``was``:
        the square it was over. By default the same as a move to the square now under it."""
        return self.pointer_move(pos)

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        return False

    def on_key(self, intent: ui.KeyPress) -> bool:
        """Handle a key; return True if it was this tool's."""
        return False

    def wheel(self, intent: ui.Wheel) -> bool:
        return False

    def cancel(self) -> bool:
        """Esc: drop work in progress; True if there was any."""
        return False

    def layers(self) -> list[tuple[int, str, "Layer"]]:
        return []

    def status(self) -> str:
        return self.hint

    def affected_cells(self) -> frozenset[Cell] | None:
        """Squares the tool's preview covers (for the side panel), if any."""
        return None

    def describe(self) -> str:
        """One line for the side panel about the current preview."""
        return ""

    def area_label(self, squares: int) -> str:
        """The side panel's header for the preview's area of ``squares`` squares: "Radius 20 ft -
        52 squares"."""
        return f"{self.describe()} - {plural(squares, 'square')}"


def plus_minus(intent: ui.KeyPress) -> int:
    """+1 for +/=, -1 for -, 0 otherwise."""
    if intent.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) or intent.text == "+":
        return 1
    if intent.key in (pygame.K_MINUS, pygame.K_KP_MINUS) or intent.text == "-":
        return -1
    return 0
