"""The toolbar: one button per tool and action, hotkeys in the tool tips, drawn by the app itself.

Why not pygame_gui's buttons: the toolbar is on the first frame, and pygame_gui (its
import, its manager and theme, thirteen buttons) was a sixth of the app's start
(issue 12). pygame_gui is now loaded when a text box or a dialog first needs it
(:attr:`tactics.ui.app.App.ui`). The buttons keep the look they had there (the
colours, font and corners of :func:`tactics.ui.theme.gui_theme`), light up under the
pointer, show their tool tip (bold title, hotkey, what the tool does) after the
pointer rests on them for a second, and answer what the idle loop asks of widgets
(:mod:`tactics.ui.idle`): a resting pointer redraws nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

import pygame

from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.widgets import blit_text

#: Seconds the pointer rests on a button before its tool tip shows (as pygame_gui did).
TOOL_TIP_DELAY = 1.0
#: The tool tip's width in pixels, its padding and the gap between the tip and the button.
TOOL_TIP_WIDTH = 170
TOOL_TIP_PAD = 7


@lru_cache(maxsize=64)
def _colour(name: str, part: str = "defaults") -> pygame.Color:
    """A colour of the widgets' theme (``normal_bg`` ...; ``part="tool_tip"``: the tips')."""
    return pygame.Color(theme.gui_theme()[part]["colours"][name])


class ToolTip:
    """A button's tip, drawn once: ``<b>bold</b>`` runs and ``<br>`` line breaks, wrapped to the width."""

    def __init__(self, html: str, at: tuple[int, int], screen_size: tuple[int, int]) -> None:
        size = theme.fs(14)
        fonts = {False: theme.font(size, "regular"), True: theme.font(size, "bold")}
        words: list[tuple[str, bool] | None] = []  # (word, bold); None: a line break
        bold = False
        for part in re.split(r"(<br>|<b>|</b>)", html):
            if part == "<br>":
                words.append(None)
            elif part in ("<b>", "</b>"):
                bold = part == "<b>"
            else:
                words.extend((w, bold) for w in part.split(" ") if w)
        room = TOOL_TIP_WIDTH - 2 * TOOL_TIP_PAD - 6  # (pygame_gui's text box kept a margin inside too)
        space = fonts[False].size(" ")[0]
        lines: list[list[tuple[str, bool, int]]] = [[]]
        x = 0
        for word in words:
            if word is None:
                lines.append([])
                x = 0
                continue
            w = fonts[word[1]].size(word[0])[0]
            if lines[-1] and x + space + w > room:
                lines.append([])
                x = 0
            x += (space if lines[-1] else 0) + w
            lines[-1].append((word[0], word[1], w))
        line_h = round(fonts[False].get_linesize() * 1.25)  # pygame_gui's line spacing
        self.text = re.sub(r"<[^>]+>", " ", html)
        self.surface = pygame.Surface((TOOL_TIP_WIDTH, 2 * TOOL_TIP_PAD + line_h * len(lines)))
        self.surface.fill(_colour("dark_bg", "tool_tip"))
        pygame.draw.rect(self.surface, _colour("normal_border", "tool_tip"), self.surface.get_rect(), 1)
        ink = _colour("normal_text", "tool_tip")
        for row, line in enumerate(lines):
            x = TOOL_TIP_PAD
            for shown, heavy, w in line:
                self.surface.blit(fonts[heavy].render(shown, True, ink), (x, TOOL_TIP_PAD + row * line_h))
                x += w + space
        self.rect = self.surface.get_rect(topleft=at)
        if self.rect.bottom > screen_size[1]:
            self.rect.bottom = screen_size[1]
        self.rect.right = min(self.rect.right, screen_size[0])
        self.rect.left = max(0, self.rect.left)


class ToolbarButton:
    """One button: where it is, what it says, whether it is chosen, hovered, shown, tipped."""

    def __init__(self, rect: pygame.Rect, text: str, tool_tip_text: str) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.tool_tip_text = tool_tip_text
        self.visible = True
        self.is_selected = False
        self.hovered = False
        self.hover_time = 0.0  # seconds the pointer has rested on it
        self.tool_tip_delay = TOOL_TIP_DELAY
        self.tool_tip: ToolTip | None = None

    @property
    def relative_rect(self) -> pygame.Rect:
        return self.rect  # the toolbar lies at the window's top left

    def select(self) -> None:
        self.is_selected = True

    def unselect(self) -> None:
        self.is_selected = False

    def show(self) -> None:
        self.visible = True

    def hide(self) -> None:
        self.visible = False
        self.unhover()

    def unhover(self) -> None:
        self.hovered = False
        self.hover_time = 0.0
        self.tool_tip = None

    def set_text(self, text: str) -> None:
        self.text = text

    def set_relative_position(self, position: tuple[int, int]) -> None:
        self.rect.topleft = (int(position[0]), int(position[1]))


class Toolbar:
    """Buttons along the top; ``on_tool(name)`` / ``on_action(name)`` when one is clicked."""

    def __init__(self, screen_size: tuple[int, int], tools: Any, actions: list[tuple[str, str, str]],
                 on_tool: Callable[[str], None], on_action: Callable[[str], None]) -> None:
        self.screen_size = screen_size
        self._map_x: dict[ToolbarButton, int] = {}  # where a button sits while the map tools show
        self.on_tool = on_tool
        self.on_action = on_action
        self.tools = tools
        self.actions = actions
        self.buttons: dict[ToolbarButton, tuple[str, str]] = {}
        self.tool_buttons: dict[str, ToolbarButton] = {}
        self._pressed: ToolbarButton | None = None
        self._pointer: tuple[int, int] | None = None
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
        squeeze = min(1.0, (self.screen_size[0] - px(24)) / max(1, wanted))
        for tool, text, full in zip(self.tools, labels, widths):
            width = int(full * squeeze)
            button = ToolbarButton(pygame.Rect(x, px(7), width, h), text,
                                   f"<b>{tool.label}</b> ({tool.key_label})<br>{tool.hint}")
            self.buttons[button] = ("tool", tool.name)
            self.tool_buttons[tool.name] = button
            x += width + px(6)
        x += px(18)
        for (name, text, tip), full in zip(self.actions, action_widths):
            width = int(full * squeeze)
            button = ToolbarButton(pygame.Rect(x, px(7), width, h), text, tip)
            self.buttons[button] = ("action", name)
            x += width + px(6)
        self.right_edge = x

    def rescale(self, screen_size: tuple[int, int]) -> None:
        """The window changed its size or UI scale: every button again at the new size."""
        labels = {name: button.text for button, (_, name) in self.buttons.items()}
        selected = [name for name, b in self.tool_buttons.items() if b.is_selected]
        hidden = any(not b.visible for b in self.tool_buttons.values())
        self.screen_size = screen_size
        self.buttons.clear()
        self.tool_buttons.clear()
        self._map_x.clear()
        self._pressed = None
        self._build()
        for button, (_, name) in self.buttons.items():
            if labels.get(name) and labels[name] != button.text:
                button.set_text(labels[name])
        for name in selected:
            self.tool_buttons[name].select()
        if hidden:
            self.show_map_tools(False)
        if self._pointer is not None:
            self.pointer_at(self._pointer)

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

    # -- the pointer --------------------------------------------------------------------------
    def at(self, pos: tuple[int, int]) -> ToolbarButton | None:
        """The shown button under ``pos``, if any."""
        for button in self.buttons:
            if button.visible and button.rect.collidepoint(pos):
                return button
        return None

    def pointer_at(self, pos: tuple[int, int]) -> None:
        self._pointer = (int(pos[0]), int(pos[1]))
        over = self.at(self._pointer)
        for button in self.buttons:
            if button is over and not button.hovered:
                button.hovered = True
                button.hover_time = 0.0
            elif button is not over and button.hovered:
                button.unhover()

    def pointer_left(self) -> None:
        self._pointer = None
        self._pressed = None
        for button in self.buttons:
            if button.hovered:
                button.unhover()

    def handle(self, event: pygame.event.Event) -> bool:
        """A mouse event of this window: True when a button took it (a click on a button is the
        button's, never the map's); a click is a press and a release on the same button."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer_at(event.pos)
            return False
        if event.type == pygame.WINDOWLEAVE:
            self.pointer_left()
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        self.pointer_at(event.pos)
        button = self.at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if button is not None and event.button == 1:
                self._pressed = button
            return button is not None
        pressed, self._pressed = self._pressed, None
        if event.button != 1 or button is None:
            return button is not None
        if button is pressed:
            kind, name = self.buttons[button]
            (self.on_tool if kind == "tool" else self.on_action)(name)
        return True

    def update(self, dt: float) -> None:
        """Time passes: a button the pointer rests on shows its tool tip once the delay is over."""
        for button in self.buttons:
            if not button.hovered:
                continue
            if button.tool_tip is None and button.tool_tip_text and button.hover_time > button.tool_tip_delay:
                x = self._pointer[0] if self._pointer is not None else button.rect.centerx
                button.tool_tip = ToolTip(button.tool_tip_text, (x, button.rect.bottom), self.screen_size)
            button.hover_time += dt

    # -- what the idle loop asks (tactics/ui/idle.py) -------------------------------------------
    def signature(self) -> tuple[Any, ...]:
        """What the buttons look like now: the loop redraws when it changes."""
        return tuple((b.text, b.rect.topleft, b.visible, b.is_selected, b.hovered, b.tool_tip is not None)
                     for b in self.buttons)

    def wake_ms(self) -> float | None:
        """Milliseconds until the tool tip of the button the pointer rests on is due (None: none pending)."""
        for button in self.buttons:
            if button.hovered and button.tool_tip is None and button.tool_tip_text:
                return max(0.0, button.tool_tip_delay - button.hover_time) * 1000
        return None

    # -- drawing ----------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, title: str) -> None:
        w = surface.get_width()
        pygame.draw.rect(surface, theme.CHROME, (0, 0, w, theme.TOOLBAR_H))
        pygame.draw.line(surface, theme.CHROME_EDGE, (0, theme.TOOLBAR_H - 1), (w, theme.TOOLBAR_H - 1))
        text = theme.text(title, theme.fs(20), "bold", theme.TEXT)
        x = max(self.right_edge + theme.px(12), w - text.get_width() - theme.px(16))
        if x + text.get_width() <= w:
            blit_text(surface, text, (x, (theme.TOOLBAR_H - text.get_height()) // 2), title)

    def draw(self, surface: pygame.Surface) -> None:
        """The buttons, then the tool tip shown (over the panels below the bar)."""
        size = theme.fs(15)
        radius = theme.px(6)
        tip: ToolTip | None = None
        for button in self.buttons:
            if not button.visible:
                continue
            state = "selected" if button.is_selected else "hovered" if button.hovered else "normal"
            pygame.draw.rect(surface, _colour(f"{state}_bg"), button.rect, border_radius=radius)
            pygame.draw.rect(surface, _colour(f"{state}_border"), button.rect, 1, border_radius=radius)
            probe.box(surface, button.rect, button.text)
            img = theme.text(button.text, size, "regular", tuple(_colour(f"{state}_text"))[:3])  # rendered once
            blit_text(surface, img, img.get_rect(center=button.rect.center), button.text)
            tip = button.tool_tip or tip
        if tip is not None:
            surface.blit(tip.surface, tip.rect)
