"""The log and the last roll in individual turns: the team mode's panels, reused (R-TURN-5).

Why it exists: individual turns resolve each action at once, dice and damage in
one command (R-TURN-5), so there is no resolve queue; but the table still wants
to read what happened and see the dice. This column on the right of the board
(laid out as the team rounds' right column: panels/combat.py) holds:

* the team mode's :class:`~tactics.ui.panels.log.LogPanel` (every journal event
  as the engine's sentence, ``turns_view.describe``; wheel / Page Up / Page Down
  scroll, Ctrl+E or Export writes the text file);
* a "Last roll" card drawn with the resolve panel's :func:`draw_resolution`
  (dice faces, modifier chips, the total against AC or DC, the outcome word,
  damage dice) for the newest action that rolled.

The attack odds before a click are the Attack tool's card and line (range, line
of sight, exact odds), which individual turns use too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.engine.core.journal import Event
from tactics.ui import intents as ui
from tactics.ui import theme
from tactics.ui import widgets as w
from tactics.ui.theme import px
from tactics.ui.panels.combat import column_shared, columns, log_max, log_place
from tactics.ui.panels.log import LogPanel
from tactics.ui.panels.resolve import draw_resolution

if TYPE_CHECKING:
    from tactics.ui.panels.turns import TurnsPanel

ROLL_KINDS = ("attack.rolled", "combat.check", "damage.rolled", "trap.disarm", "trap.set-check")  # the card draws each
GAP = 12


def last_roll(journal) -> list[Event]:
    """The events of the newest journal entry that rolled dice in this fight (empty before one)."""
    for entry in reversed(journal.entries):
        if any(e.kind in ROLL_KINDS for e in entry.events):
            return list(entry.events)
        if entry.command == "start-turns":
            return []
    return []


class TurnsColumn:
    """The right-hand column of individual turns: the last roll above the log."""

    def __init__(self, panel: "TurnsPanel") -> None:
        self.panel = panel
        self.log = LogPanel(self)  # the LogPanel asks its owner for encounter, view and local_hover
        self.roll = w.Panel(title="Last roll")
        self.hover: tuple[int, int] | None = None

    @property
    def view(self):
        return self.panel.view

    @property
    def encounter(self):
        return self.panel.view.encounter

    @property
    def state(self):
        return self.panel.view.state

    def local_hover(self, origin: tuple[int, int]) -> tuple[int, int] | None:
        if self.hover is None:
            return None
        return self.hover[0] - origin[0], self.hover[1] - origin[1]

    def panels(self) -> list[w.Panel]:
        return [self.roll, self.log]

    def rect(self) -> pygame.Rect | None:
        rects = [p.rect for p in self.panels() if p.rect is not None]
        return rects[0].unionall(rects[1:]) if rects else None

    # -- input -------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        if isinstance(intent, ui.PointerMove):
            self.hover = intent.pos
            return False
        if isinstance(intent, ui.PointerDown):
            for panel in self.panels():
                if panel.contains(intent.pos):
                    if intent.button == 1:
                        panel.click(intent.pos)
                    self.view.app.dirty = True
                    return True
            return False
        if isinstance(intent, ui.Wheel):
            if self.log.contains(intent.pos):
                self.log.wheel(intent.steps)
                self.view.app.dirty = True
                return True
            return self.roll.contains(intent.pos)
        if isinstance(intent, ui.KeyPress):
            if intent.ctrl and intent.key == pygame.K_e:
                self.log.export()
                return True
            if not intent.ctrl and intent.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.log.page(1 if intent.key == pygame.K_PAGEUP else -1)
                self.view.app.dirty = True
                return True
        return False

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """The column as the team rounds' right column is laid out (panels/combat.py: its width,
        and the log in it by :func:`log_place`): the selected token's side card at the top (drawn
        this frame), the Last roll card under it, the log in all the rest down to the column's foot
        (it kept a third of the board at the foot, under a bare strip: outside review 17, N6).
        While the Set up panel has the column's top the log keeps to its foot as in team rounds,
        and the Last roll card (of a fight that is over) gives way to the panel."""
        self.roll.begin()
        if self.view.viewer != "gm":  # the players' screen: the board and the tracker only
            self.log.begin()
            return
        width = columns(board)[1]
        x = board.right - width - px(GAP)
        side = getattr(self.view, "side_rect", None)
        top = side.bottom + px(10) if side is not None and side.right > x else board.y + px(GAP)
        shared = column_shared(self.view)
        if not shared:
            top = self._last_roll(surface, board, x, width, top)
        self.log.draw(surface, *log_place(board, x, width, top, alone=not shared))

    def _last_roll(self, surface: pygame.Surface, board: pygame.Rect, x: int, width: int, top: int) -> int:
        """The Last roll card from ``top`` down, as tall as it needs up to the room that leaves the
        log the height it keeps at the foot of a shared column (:func:`log_max`; a fixed third of
        the board left the damage dice cut off at 1280x720, a reviewer's finding); where the log
        may begin under it."""
        events = last_roll(self.encounter.journal)
        room = board.bottom - px(GAP) - log_max(board) - px(10) - top
        if not events or room < px(120):
            return top
        canvas = w.canvas(self.roll, (width, room))
        rect = canvas.get_rect()
        y = w.header(self.roll, canvas, rect, "Last roll")
        if not self.roll.collapsed:
            y = draw_resolution(canvas, rect.x + theme.PANEL_PAD, y, width - 2 * theme.PANEL_PAD, events, self.state) + px(4)
        height = min(room, y + px(6))
        self.roll.finish(surface, canvas, x, top, width, height)
        return top + height + px(10)
