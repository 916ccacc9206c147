"""The GM's side of the players' window: open and close it, route its events, redraw it.

An App add-on (see ``App.addons``). Ctrl+P opens or closes the players'
window; every event that happened in that window goes to it and nowhere else
(a click there never reaches the GM's tools, and a click on the GM's screen
never reaches the players' window), but for the keys it does not use: those are
the GM's shortcuts, whichever window has the keyboard. Closing the GM's own window quits even
while the players' window is open (SDL sends no QUIT then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.ui import intents as ui
from tactics.ui.players.displays import Displays
from tactics.ui.players.routing import GM_KEYS

if TYPE_CHECKING:
    from tactics.ui.app import App
    from tactics.ui.players.window import PlayersWindow


class PlayersControl:
    """Owns the players' window (None while it is closed)."""

    def __init__(self, app: "App", displays: Displays | None = None) -> None:
        self.app = app
        self.displays = displays or Displays()
        self.window: PlayersWindow | None = None
        self._clock = pygame.time.Clock()
        self.display: int | None = None
        self.fullscreen = False

    def open(self, display: int | None = None, *, fullscreen: bool | None = None,
             size: tuple[int, int] | None = None) -> PlayersWindow:
        """Open the players' window on display ``display`` (from 1; None: the last one)."""
        if self.window is not None:
            self.close()
        self.display = display if display is not None else self.display
        if fullscreen is not None:
            self.fullscreen = fullscreen
        from tactics.ui.players.window import PlayersWindow  # loaded when the players' window first opens

        self.window = PlayersWindow(self.app, display=self.display, fullscreen=self.fullscreen,
                                    displays=self.displays, size=size)
        if self.window.message:
            self.app.battle.say(self.window.message, "info")
        self.app.dirty = True
        return self.window

    def close(self) -> None:
        if self.window is not None:
            self.window.close()
            self.window = None
            self.app.dirty = True

    def toggle(self) -> None:
        if self.window is None:
            self.open()
            self.app.battle.say("Players' window open (Ctrl+P closes it; Ctrl+T for its settings).", "good")
        else:
            self.close()
            self.app.battle.say("Players' window closed.", "info")

    # -- App hooks --------------------------------------------------------------------
    def route(self, event: pygame.event.Event) -> bool:
        window = self.window
        if window is not None and window.owns(event):
            answer = window.handle(event)
            if answer == "close":
                self.close()
            return answer != GM_KEYS  # a key the players' window does not use: the GM's shortcut
        if event.type == pygame.WINDOWCLOSE and window is not None:
            self.app.request_quit()  # the GM's window was closed
            return True
        return False

    def key(self, intent: ui.KeyPress) -> bool:
        if intent.ctrl and intent.key == pygame.K_p:
            self.toggle()
            return True
        return False

    def wake_ms(self) -> int | None:
        """When the players' window needs a frame by itself (its message expires), else None."""
        return self.window.wake_ms() if self.window is not None else None

    def update(self) -> None:
        dt = self._clock.tick() / 1000.0
        if self.window is not None:
            self.window.update(dt)

    def closing(self) -> None:
        self.close()
