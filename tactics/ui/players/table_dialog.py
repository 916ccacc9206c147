"""The table settings dialog (Ctrl+T): who rolls the dice, and the players' window.

* Who rolls: the app, the players (physical dice typed in), or everyone. The
  choice is a command (:class:`~tactics.engine.core.table.ChangeTableSetting`), so it
  is in the log, saved, and undone with Ctrl+Z like anything else.
* The players' window: open/close, follow the GM's camera or stay free, fog,
  large type, which display and full screen.
* Calibration: the GM types the size of one square ("1 in", "25 mm") and the
  players' screen's visible width ("1210 mm", "47.6 in") or its pixels per
  inch ("96 dpi"); the players' window then keeps that physical size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from tactics.ui.theme import px

from tactics.engine.core.table import TABLE_SETTINGS, ChangeTableSetting, dice_choice_refusal, who_rolls
from tactics.ui import intents as ui

if TYPE_CHECKING:
    import pygame_gui

    from tactics.ui.app import App
    from tactics.ui.players.control import PlayersControl

W, H = 640, 470  # wide enough for the longest "Who rolls the dice" line with room beside it (review 14 F10)


class TableDialog:
    """An App add-on: Ctrl+T shows the table settings window."""

    def __init__(self, app: "App", players: "PlayersControl") -> None:
        self.app = app
        self.players = players
        self.window: pygame_gui.elements.UIWindow | None = None
        self.actions: dict[object, Callable[..., object]] = {}
        self.dice_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.status: pygame_gui.elements.UILabel | None = None
        self.square_text = "1 in"
        self.screen_text = ""
        self.display_text = ""

    # -- what the dialog does (also called by tests) ----------------------------------
    def set_dice(self, value: str) -> bool:
        view = self.app.battle
        if who_rolls(view.state) == value:
            return False
        refusal = dice_choice_refusal(view.state, value)  # the engine's answer (reading: N-DICE-1)
        if refusal:
            view.say(f"Dice: {refusal}.", "error")
            if self.window is not None and self.window.alive():
                self.build("Individual turns: the app rolls every die.")  # the menu back on what holds
            return False
        if view.submit(ChangeTableSetting("dice", value)):
            view.say(f"Dice: {TABLE_SETTINGS['dice'][value]}.", "good")
            return True
        return False

    def calibrate(self, square: str, screen: str) -> str:
        """Apply a calibration to the players' window; returns what to show (result or problem)."""
        self.square_text, self.screen_text = square, screen
        window = self.players.window
        if window is None:
            return "Open the players' window first."
        from tactics.ui.players.scale import Calibration, CalibrationError  # (when the GM calibrates: issue 12)

        try:
            # the screen's own width in pixels (the window may not fill it yet)
            calibration = Calibration.from_text(square, screen, window.placement.size[0])
        except CalibrationError as exc:
            return str(exc)
        window.calibrate(calibration)
        return calibration.describe()

    def clear_calibration(self) -> str:
        if self.players.window is not None:
            self.players.window.calibrate(None)
        return "No calibration: the players' window zooms with the GM."

    def set_display(self, text: str, fullscreen: bool) -> str:
        self.display_text = text
        try:
            number = int(text) if text.strip() else None
        except ValueError:
            return f"Display: type a number from 1 (not {text!r})."
        window = self.players.open(number, fullscreen=fullscreen)
        return window.message or f"Players' window on display {window.placement.number}."

    # -- the window ------------------------------------------------------------------------
    def rescaled(self) -> None:
        """The GM's window changed its UI scale: an open dialog is built again at the new size, with
        what was typed in its boxes, the keyboard's box and its caret kept."""
        if self.window is not None and self.window.alive():
            from tactics.ui.focus import put_typed_boxes, typed_boxes

            typed = typed_boxes(self.app.ui, self.entries)  # what the GM typed, kept (review 8)
            self.build()
            put_typed_boxes(self.app.ui, self.entries, typed)

    def toggle(self) -> None:
        if self.window is not None and self.window.alive():
            self.window.kill()
            self.window = None
        else:
            self.build()
        self.app.dirty = True

    def build(self, note: str = "") -> None:
        if self.window is not None and self.window.alive():
            self.window.kill()
        import pygame_gui

        m = self.app.ui
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(W), w - px(20)), min(px(H), h - px(20)))
        rect.center = (w // 2, h // 2)
        self.window = pygame_gui.elements.UIWindow(rect, m, window_display_title="Table settings (Ctrl+T)",
                                                   object_id="#table_settings")
        self.actions = {}
        self.entries = {}
        inner_w = self.window.get_container().get_size()[0]
        y = px(10)

        def label(text: str, x: int = px(12), width: int = 0) -> None:
            pygame_gui.elements.UILabel(pygame.Rect(x, y, width or inner_w - px(24), px(28)), text, m,
                                        container=self.window)

        def button(text: str, x: int, width: int, action: Callable[..., object]) -> None:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, width, px(32)), text, m, container=self.window)
            self.actions[b] = action

        def entry(name: str, value: str, x: int, width: int) -> None:
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, width, px(32)), m, container=self.window,
                                                    initial_text=value)
            self.entries[name] = e

        label("Who rolls the dice")
        y += px(30)
        state = self.app.battle.state
        # a choice the engine refuses now reads so in the menu itself (individual turns: N-DICE-1)
        # greyed, its meaning kept (review 16, F16g: "players: team rounds only" looked choosable)
        menu_options: list[str | tuple[str, str]] = [
            (f"{k} (team rounds): {v}", "#refused_option") if dice_choice_refusal(state, k) else f"{k}: {v}"
            for k, v in TABLE_SETTINGS["dice"].items()]
        now = who_rolls(state)
        start = next(o for o in menu_options if isinstance(o, str) and o.startswith(now + ":"))
        self.dice_menu = pygame_gui.elements.UIDropDownMenu(menu_options, start, pygame.Rect(px(12), y, inner_w - px(24), px(34)), m,
                                                            container=self.window)
        y += px(48)
        pw = self.players.window
        label("Players' window (Ctrl+P)")
        y += px(32)
        button("Close it" if pw else "Open it", px(12), px(120), self._toggle_players)
        if pw is not None:
            button("Follow the GM: " + ("on" if pw.follow else "off"), px(140), px(190), lambda: self._flip("follow"))
            button("Fog: " + ("on" if pw.fog else "off"), px(338), px(90), lambda: self._flip("fog"))
            y += px(40)
            button("Large type: " + ("on" if pw.room else "off"), px(12), px(170), lambda: self._flip("room"))
            button("Full screen: " + ("on" if pw.fullscreen else "off"), px(190), px(170), lambda: self._flip("fullscreen"))
        y += px(46)
        label("Display (1 = main screen)", px(12), px(240))
        entry("display", self.display_text or (str(pw.placement.number) if pw else ""), px(260), px(70))
        button("Move there", px(340), px(130), self._move)
        y += px(46)
        label("Calibration: one square is", px(12), px(240))
        entry("square", self.square_text, px(260), px(120))
        y += px(40)
        label("Screen width or DPI", px(12), px(240))
        entry("screen", self.screen_text, px(260), px(120))
        y += px(40)
        button("Apply", px(260), px(100), self._apply)
        button("Clear", px(370), px(100), lambda: self._show(self.clear_calibration()))
        y += px(44)
        shown = note or (pw.calibration.describe() if pw is not None and pw.calibration else "")
        self.status = pygame_gui.elements.UILabel(pygame.Rect(px(12), y, inner_w - px(24), px(28)), shown or " ", m,
                                                  container=self.window)

    def _show(self, text: str) -> None:
        self.build(text)

    def _toggle_players(self) -> None:
        self.players.toggle()
        self.build()

    def _flip(self, what: str) -> None:
        pw = self.players.window
        if pw is None:
            return
        if what == "follow":
            pw.set_follow(not pw.follow)
        elif what == "fog":
            pw.set_fog(not pw.fog)
        elif what == "room":
            pw.set_room_style(not pw.room)
        elif what == "fullscreen":
            self.players.fullscreen = not pw.fullscreen
            pw.set_fullscreen(not pw.fullscreen)
        self.build(pw.message if what == "fullscreen" else "")

    def _move(self) -> None:
        pw = self.players.window
        self._show(self.set_display(self.entries["display"].get_text(), pw.fullscreen if pw else False))

    def _apply(self) -> None:
        self._show(self.calibrate(self.entries["square"].get_text(), self.entries["screen"].get_text()))

    # -- App hooks ----------------------------------------------------------------------------
    def ui_event(self, event: pygame.event.Event) -> bool:
        if self.window is None:
            return False
        import pygame_gui  # (its window exists: it is imported)

        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element in self.actions:
            self.actions[element]()
            self.app.dirty = True
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.dice_menu:
            self.set_dice(event.text.split(":", 1)[0].split(" (", 1)[0])
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in self.entries.values():
            if element is self.entries.get("display"):
                self._move()
            else:
                self._apply()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.window:
            self.window = None
            return True
        return False

    def key(self, intent: ui.KeyPress) -> bool:
        if intent.ctrl and intent.key == pygame.K_t:
            self.toggle()
            return True
        return False

    def busy(self) -> bool:
        return self.window is not None and self.window.alive()
