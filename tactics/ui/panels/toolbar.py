"""The toolbar: one pygame_gui button per tool and action, hotkeys in the tooltips."""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui

from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.widgets import blit_text


class Toolbar:
    """Buttons along the top; ``on_tool(name)`` / ``on_action(name)`` when pressed."""

    def __init__(self, manager: pygame_gui.UIManager, tools, actions: list[tuple[str, str, str]],
                 on_tool: Callable[[str], None], on_action: Callable[[str], None]) -> None:
        self.manager = manager
        self._map_x: dict[pygame_gui.elements.UIButton, int] = {}  # where a button sits while the map tools show
        self.on_tool = on_tool
        self.on_action = on_action
        self.tools = tools
        self.actions = actions
        self.buttons: dict[pygame_gui.elements.UIButton, tuple[str, str]] = {}
        self.tool_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._build()

    def _build(self) -> None:
        """The buttons at the current UI scale: widths from the label's real width in the theme font,
        squeezed alike when they would not all fit the window."""
        px = theme.px
        f = theme.font(theme.fs(15), "regular")
        x = px(12)
        h = theme.TOOLBAR_H - px(14)
        labels = [f"{t.label}  {t.key_label}" if t.key_label else t.label for t in self.tools]
        widths = [max(px(84), f.size(text)[0] + px(30)) for text in labels]
        action_widths = [max(px(64), f.size(text)[0] + px(30)) for _, text, _ in self.actions]
        wanted = sum(w + px(6) for w in widths + action_widths) + px(18) + px(24)
        squeeze = min(1.0, (self.manager.window_resolution[0] - px(24)) / max(1, wanted))
        for tool, text, full in zip(self.tools, labels, widths):
            width = int(full * squeeze)
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, px(7), width, h), text, self.manager,
                tool_tip_text=f"<b>{tool.label}</b> ({tool.key_label})<br>{tool.hint}",
            )
            self.buttons[button] = ("tool", tool.name)
            self.tool_buttons[tool.name] = button
            x += width + px(6)
        x += px(18)
        for (name, text, tip), full in zip(self.actions, action_widths):
            width = int(full * squeeze)
            button = pygame_gui.elements.UIButton(pygame.Rect(x, px(7), width, h), text, self.manager,
                                                  tool_tip_text=tip)
            self.buttons[button] = ("action", name)
            x += width + px(6)
        self.right_edge = x

    def rescale(self, manager: pygame_gui.UIManager) -> None:
        """The window changed its UI scale: the theme's font and every button again at the new size."""
        labels = {name: button.text for button, (_, name) in self.buttons.items()}
        selected = [name for name, b in self.tool_buttons.items() if b.is_selected]
        hidden = any(not b.visible for b in self.tool_buttons.values())
        for button in list(self.buttons):
            button.kill()
        self.buttons.clear()
        self.tool_buttons.clear()
        manager.rebuild_all_from_changed_theme_data()  # the App loaded the theme at the new scale
        self._build()
        for button, (_, name) in self.buttons.items():
            if labels.get(name) and labels[name] != button.text:
                button.set_text(labels[name])
        for name in selected:
            self.tool_buttons[name].select()
        if hidden:
            self.show_map_tools(False)

    def show_map_tools(self, on: bool) -> None:
        """Show or hide the battle map's tools (and Fit): the starship screen has none."""
        x = theme.px(12)
        for button, (kind, name) in self.buttons.items():
            if kind == "tool" or name == "fit":
                button.show() if on else button.hide()
            elif not on:  # the remaining buttons move to the left edge, where the tools were
                self._map_x.setdefault(button, int(button.relative_rect.x))
                button.set_relative_position((x, button.relative_rect.y))
                x += int(button.relative_rect.width) + theme.px(6)
            elif button in self._map_x:
                button.set_relative_position((self._map_x[button], button.relative_rect.y))

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
        text = theme.text(title, theme.fs(20), "bold", theme.TEXT)
        x = max(self.right_edge + theme.px(12), w - text.get_width() - theme.px(16))
        if x + text.get_width() <= w:
            blit_text(surface, text, (x, (theme.TOOLBAR_H - text.get_height()) // 2), title)
        for button in self.buttons:  # the layout probe sees the buttons (pygame_gui draws them later)
            if button.visible:
                probe.box(surface, button.rect, button.text)
