"""A small question window with a few buttons: "Restore / Ignore", "Open it / Cancel".

It lives in the GM's pygame_gui manager. Enter picks the first choice, Esc
(or the window's close button) the last one, so a question never blocks play
silently: it is on screen until answered, and answering is one key.

It is modal: while it is shown the map behind it is dimmed (a translucent
sheet under the window that also keeps the toolbar from being hovered or
pressed), a pygame_gui "blocking" window eats clicks elsewhere, and the
add-on that asked swallows board and tool input (:meth:`Prompt.blocks`), so
nothing changes underneath a question whose answer may throw the game away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from tactics.ui.theme import px
from tactics.ui import theme


if TYPE_CHECKING:
    import pygame_gui

#: The sheet over the map while a question is asked.
DIM = (*theme.SHADOW, 150)


class Prompt:
    """A question with buttons; ``on_choice(label)`` is called once with the answer."""

    def __init__(self, manager: pygame_gui.UIManager, screen_size: tuple[int, int], title: str, text: str,
                 choices: list[str], on_choice: Callable[[str], object], *, width: int = 560) -> None:
        import pygame_gui  # (the first dialog of the session imports it: tactics.ui.gui)

        self.choices = list(choices)
        self.on_choice = on_choice
        self.text = text
        self.answer: str | None = None
        w = min(px(width), screen_size[0] - px(40))
        lines = max(2, len(text) // max(1, (w - px(40)) // px(8)) + 1 + text.count("<br>"))
        text_h = min(px(260), px(26) * lines + px(16))
        h = text_h + px(130)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (screen_size[0] // 2, screen_size[1] // 2)
        sheet = pygame.Surface(screen_size, pygame.SRCALPHA)
        sheet.fill(DIM)
        self.dim = pygame_gui.elements.UIImage(pygame.Rect((0, 0), screen_size), sheet, manager,
                                               starting_height=50)
        self.window = pygame_gui.elements.UIWindow(rect, manager, window_display_title=title,
                                                   object_id="#prompt", resizable=False)
        self.window.set_blocking(True)  # clicks outside it are eaten by pygame_gui
        inner = self.window.get_container().get_size()
        pygame_gui.elements.UITextBox(text, pygame.Rect(px(12), px(10), inner[0] - px(24), text_h), manager,
                                      container=self.window)
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        bw = min(px(180), (inner[0] - px(24) - px(10) * (len(choices) - 1)) // max(1, len(choices)))
        x = inner[0] - px(12) - len(choices) * bw - (len(choices) - 1) * px(10)
        for label in choices:
            button = pygame_gui.elements.UIButton(pygame.Rect(x, text_h + px(24), bw, px(44)), label, manager,
                                                  container=self.window)
            self.buttons[button] = label
            x += bw + px(10)

    def alive(self) -> bool:
        alive = self.answer is None and self.window.alive()
        if not alive and self.dim.alive():
            self.dim.kill()
        return alive

    def button_centre(self, label: str) -> tuple[int, int]:
        """Where the button for ``label`` is on screen (tests and scripts click it)."""
        for button, text in self.buttons.items():
            if text == label:
                cx, cy = button.get_abs_rect().center
        return (int(cx), int(cy))
        raise KeyError(label)

    def blocks(self, intent: object) -> bool:
        """While the question is shown, board, tool and key input goes nowhere (True: swallow it)."""
        return self.alive()

    def kill(self) -> None:
        """Take the question off the screen without an answer (another replaces it)."""
        if self.window.alive():
            self.window.kill()
        if self.dim.alive():
            self.dim.kill()

    def choose(self, label: str) -> None:
        if self.answer is not None:
            return
        self.answer = label
        self.kill()
        self.on_choice(label)

    def ui_event(self, event: pygame.event.Event) -> bool:
        if self.answer is not None:
            return False
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.choose(self.choices[-1])
            return True
        return False

    def key(self, key: int) -> bool:
        if not self.alive():
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose(self.choices[0])
            return True
        if key == pygame.K_ESCAPE:
            self.choose(self.choices[-1])
            return True
        return False
