"""The starship screen's log strip: every space event's line wrapped whole, scrollable, exportable.

Why it exists: at 1280x720 the strip had room for two lines and cut each event's line with
"…" (a volley's line runs to three), with no way to read back (review 18, finding 2). Now each
line is wrapped, never cut; the wheel over the strip and Page Up / Page Down scroll it by
wrapped lines as the battle map's log does (new lines keep the reader's place once they
scrolled up, and the last row then says how many newer lines are below); Ctrl+E or its Export
button writes the whole log (``panels/log.py``). The players' window draws the same strip
without the button, always at its newest lines.
"""

from __future__ import annotations

import pygame

from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui.widgets import Hotspots, button_face, text, wrap

LINE_SIZE = 18
ROW_PX = 28  # a row of the strip at scale 1
HEAD_PX = 34  # the "LOG" title above the rows
INDENT_PX = 18  # a wrapped line's continuation, set in
EMPTY_WORDS = "Nothing has happened in space yet."


def rows_room(height: int) -> int:
    """How many rows a strip ``height`` pixels tall shows."""
    return max(1, (height - px(HEAD_PX) - px(6)) // px(ROW_PX))


def strip_height(rows: int) -> int:
    """The height of a strip that shows ``rows`` rows."""
    return px(HEAD_PX) + px(6) + px(ROW_PX) * rows


class SpaceLog:
    """One window's log strip: its scroll, in wrapped rows up from the newest."""

    def __init__(self) -> None:
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.shown_rows = 1  # rows the strip showed when last drawn (Page Up's step)
        self._rows: list[tuple[str, bool, bool]] = []  # (text, newest event's, continuation)
        self._key: tuple | None = None

    def rows(self, lines: list[str], width: int) -> list[tuple[str, bool, bool]]:
        """Every line wrapped to ``width``: (text, of the newest line, a continuation row)."""
        key = (tuple(lines), width, theme.scale())
        if key != self._key:
            was = len(self._rows)
            out: list[tuple[str, bool, bool]] = []
            for n, line in enumerate(lines):
                newest = n == len(lines) - 1
                for i, part in enumerate(wrap(line, LINE_SIZE, width - px(INDENT_PX), "regular")):
                    out.append((part, newest, i > 0))
            if self.scroll and len(out) > was and self._key is not None and self._key[1:] == key[1:]:
                self.scroll += len(out) - was  # lines added while reading back: the reader's place stays
            self._rows, self._key = out, key
        return self._rows

    def most_scroll(self) -> int:
        return max(0, len(self._rows) - self.shown_rows)

    def wheel(self, steps: float) -> None:
        """Scroll back (``steps`` > 0, the wheel turned away) or forward, three rows a step."""
        self.scroll = max(0, min(self.most_scroll(), self.scroll + round(steps * 3)))

    def page(self, direction: int) -> None:
        """Page Up (1) or Page Down (-1): a strip's rows less one."""
        self.scroll = max(0, min(self.most_scroll(), self.scroll + direction * max(1, self.shown_rows - 1)))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, lines: list[str], hotspots: Hotspots,
             hover: tuple | None, *, controls: bool = True) -> None:
        """The strip in ``rect``; ``controls`` False (the players' window): no Export button."""
        self.rect = pygame.Rect(rect)
        pygame.draw.rect(surface, theme.CHROME, rect)
        pygame.draw.line(surface, theme.CHROME_EDGE, rect.topleft, rect.topright, 2)
        x = rect.x + px(20)
        text(surface, "LOG", (x, rect.y + px(10)), 16, theme.TEXT_DIM, "bold")
        if controls:
            export = pygame.Rect(rect.right - px(150), rect.y + px(6), px(130), px(26))
            button_face(surface, export, "Export  ^E", size=14, style="chip", hovered=hover == ("log_export",))
            hotspots.add(export, "log_export")
        width = rect.width - px(40) - px(12)  # (room for the scroll bar)
        rows = self.rows(lines, width)
        self.shown_rows = room = rows_room(rect.height)
        self.scroll = max(0, min(self.scroll, len(rows) - room))
        if self.scroll and room > 1:
            room -= 1  # the last row says how many newer lines are below
        end = len(rows) - self.scroll
        y = rect.y + px(HEAD_PX)
        for part, newest, more in rows[max(0, end - room):end]:
            colour = theme.TEXT if newest else theme.TEXT_DIM
            text(surface, part, (x + (px(INDENT_PX) if more else 0), y), LINE_SIZE, colour, "regular")
            y += px(ROW_PX)
        if not rows:
            text(surface, EMPTY_WORDS, (x, y), LINE_SIZE, theme.TEXT_DIM, "regular")
        if self.scroll:
            below = self.scroll
            text(surface, f"{below} newer line{'s' if below != 1 else ''} below (Page Down)", (x, y),
                 LINE_SIZE - 2, theme.ACCENT, "semibold")
        if len(rows) > self.shown_rows:  # a scroll bar: where the rows shown sit in the whole log
            track = pygame.Rect(rect.right - px(16), rect.y + px(HEAD_PX), px(5), self.shown_rows * px(ROW_PX))
            pygame.draw.rect(surface, theme.TRACK, track, border_radius=px(3))
            frac = self.shown_rows / len(rows)
            th = max(px(18), int(track.height * frac))
            ty = track.bottom - th - int((track.height - th) * self.scroll / max(1, len(rows) - self.shown_rows))
            pygame.draw.rect(surface, theme.SCROLL_THUMB, (track.x, max(track.y, ty), track.width, th),
                             border_radius=px(3))


__all__ = ["SpaceLog", "rows_room", "strip_height"]
