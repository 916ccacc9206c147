"""The status-line message a screen shows for a few seconds after something happened.

Why it exists: the battle view and the starship screen both say things in the
status line (a refusal, "Undone: ..."), each message fading after its own
time; the saying and the expiry are one copy here, mixed into both screens.
"""

from __future__ import annotations

from typing import Any

import pygame


class TimedMessages:
    """``say`` a message; ``current_message`` shows it until ``message_ms`` have passed.

    The screen sets ``message_ms``, ``self.message = None`` and ``self.app``
    (whose ``dirty`` flag asks for a redraw).
    """

    message_ms: int = 5000
    message: tuple[str, str, int] | None
    app: Any

    def _now(self) -> int:
        """The app's clock (``App.clock``, which the loop wakes by), else pygame's."""
        return int(getattr(self.app, "clock", pygame.time.get_ticks)())

    def say(self, text: str, kind: str = "info", *, ms: int | None = None) -> None:
        """Show ``text`` (``kind``: "info", "good", "warn" or "error") in the status line, for
        ``ms`` (default :attr:`message_ms`; the next message replaces it sooner)."""
        self.message = (text, kind, self._now() + (self.message_ms if ms is None else ms))
        self.app.dirty = True

    def current_message(self) -> tuple[str, str] | None:
        """(text, kind) of the message still showing, or None once it has expired."""
        if self.message is None:
            return None
        if self._now() >= self.message[2]:
            self.message = None
            return None
        return self.message[0], self.message[1]
