"""The toolbar: one pygame_gui button per tool and action, hotkeys in the tooltips."""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui

from tactics.ui import theme


class Toolbar:
    """Buttons along the top; ``on_tool(name)`` / ``on_action(name)`` when pressed."""

    def __init__(self, manager: pygame_gui.UIManager, tools, actions: list[tuple[str, str, str]],
                 on_tool: Callable[[str], None], on_action: Callable[[str], None]) -> None:
        self.manager = manager
        self.on_tool = on_tool
        self.on_action = on_action
        self.buttons: dict[pygame_gui.elements.UIButton, tuple[str, str]] = {}
        self.tool_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        x = 12
        h = theme.TOOLBAR_H - 14
        labels = [f"{t.label}  {t.key_label}" if t.key_label else t.label for t in tools]
        wanted = sum(max(96, 22 + 9 * len(t)) + 6 for t in labels) + 18 + sum(max(70, 22 + 9 * len(a[1])) + 6
                                                                              for a in actions)
        squeeze = min(1.0, (manager.window_resolution[0] - 24) / max(1, wanted))  # every button on a small window
        for tool, text in zip(tools, labels):
            width = int(max(96, 22 + 9 * len(text)) * squeeze)
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, 7, width, h), text, manager,
                tool_tip_text=f"<b>{tool.label}</b> ({tool.key_label})<br>{tool.hint}",
            )
            self.buttons[button] = ("tool", tool.name)
            self.tool_buttons[tool.name] = button
            x += width + 6
        x += 18
        for name, text, tip in actions:
            width = int(max(70, 22 + 9 * len(text)) * squeeze)
            button = pygame_gui.elements.UIButton(pygame.Rect(x, 7, width, h), text, manager, tool_tip_text=tip)
            self.buttons[button] = ("action", name)
            x += width + 6
        self.right_edge = x

    def show_map_tools(self, on: bool) -> None:
        """Show or hide the battle map's tools (and Fit): the starship screen has none."""
        x = 12
        for button, (kind, name) in self.buttons.items():
            if kind == "tool" or name == "fit":
                button.show() if on else button.hide()
            elif not on:  # the remaining buttons move to the left edge, where the tools were
                if not hasattr(button, "_map_x"):
                    button._map_x = button.relative_rect.x
                button.set_relative_position((x, button.relative_rect.y))
                x += button.relative_rect.width + 6
            elif hasattr(button, "_map_x"):
                button.set_relative_position((button._map_x, button.relative_rect.y))

    def show_active(self, tool_name: str) -> None:
        for name, button in self.tool_buttons.items():
            if name == tool_name:
                button.select()
            else:
                button.unselect()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        what = self.buttons.get(event.ui_element)
        if what is None:
            return False
        kind, name = what
        (self.on_tool if kind == "tool" else self.on_action)(name)
        return True

    def draw_background(self, surface: pygame.Surface, title: str) -> None:
        w = surface.get_width()
        pygame.draw.rect(surface, theme.CHROME, (0, 0, w, theme.TOOLBAR_H))
        pygame.draw.line(surface, theme.CHROME_EDGE, (0, theme.TOOLBAR_H - 1), (w, theme.TOOLBAR_H - 1))
        text = theme.text(title, 20, "bold", theme.TEXT)
        x = max(self.right_edge + 12, w - text.get_width() - 16)
        if x + text.get_width() <= w:
            surface.blit(text, (x, (theme.TOOLBAR_H - text.get_height()) // 2))
