"""Cards over the players' window's map: what is in force, and the last roll (public only).

Why it exists: at a projected table the players read their own window, not the GM's laptop.

* In the Advantages Phase the banner tells them to "check what is in force": the card lists it,
  the conditions of the creatures they may see (the GM's Advantages card asked of the players'
  copy of the state: the text makes these public, "a reminder for both the GM and Players").
* After every roll they may see (reading: N-SEEN-6, :func:`tactics.engine.combat.public_rolls.public_roll`)
  the "Last roll" card shows its dice as the GM's screen does (the resolve panel's
  :func:`draw_resolution`: d20, advantage die, modifier chips, total, outcome, damage dice), or,
  for a grenade or a blast, the log's lines with every die. A GM creature's AC and hit points
  are not shown (N-SEEN-1).

Each card is placed in a corner of the board, the one covering fewest tokens, and never over
the other card, and its type follows the window's scale (larger in the room style).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from tactics.engine.combat.public_rolls import public_roll
from tactics.engine.combat.queries import advantages_in_force, describe
from tactics.engine.core.journal import Event
from tactics.engine.core.state import EncounterState
from tactics.ui import layout_probe as probe
from tactics.ui import placement, theme
from tactics.ui import widgets as w
from tactics.ui.panels.resolve import draw_resolution

#: events the dice card draws itself; the others of a public roll are read as the log's lines
CARD_KINDS = ("attack.rolled", "combat.check", "damage.rolled", "condition.added", "combatant.downed",
              "action.failed", "action.lost")
#: events whose log lines belong on the card (the dice of grenades, blasts, traps)
LINE_KINDS = ("grenade.cooked", "grenade.thrown", "grenade.exploded", "hazard.blast", "hazard.hit",
              "trap.disarm", "trap.search", "trap.set-check")
MARGIN = 12


def in_force_lines(seen: EncounterState) -> list[str]:
    """What the Advantages card lists, of the players' copy of the state (no hidden creature)."""
    return advantages_in_force(seen) or ["No condition gives or takes an advantage die this round."]


def roll_lines(events: list[Event], seen: EncounterState) -> list[str]:
    return [describe(e, seen) for e in events if e.kind in LINE_KINDS]


def _paint(width: int, title: str, body: Callable[[pygame.Surface, int, int, int], int]) -> pygame.Surface:
    """A card ``width`` wide: the title, then ``body(surface, x, y, width) -> y below``."""
    pad = theme.PANEL_PAD
    canvas = pygame.Surface((width, theme.px(900)), pygame.SRCALPHA)
    w.text(canvas, title, (pad, pad), 18, theme.TEXT_DIM, "bold")
    y = body(canvas, pad, pad + w.line_h(18, "bold") + theme.px(4), width - 2 * pad)
    height = min(canvas.get_height(), y + pad)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(card, (*theme.SHADOW, 235), card.get_rect(), border_radius=theme.PANEL_RADIUS)
    pygame.draw.rect(card, (*theme.TEXT_DIM, 255), card.get_rect(), 1, border_radius=theme.PANEL_RADIUS)
    card.blit(canvas, (0, 0), pygame.Rect(0, 0, width, height))
    probe.composite(canvas, card, (0, 0), pygame.Rect(0, 0, width, height))
    return card


def _bullets(lines: list[str], size: int) -> Callable[[pygame.Surface, int, int, int], int]:
    def body(s: pygame.Surface, x: int, y: int, width: int) -> int:
        for line in lines:
            for i, part in enumerate(w.wrap(line, size, width - theme.px(16))):
                if i == 0:
                    pygame.draw.circle(s, theme.ACCENT, (x + theme.px(5), y + w.line_h(size) // 2), theme.px(4))
                w.text(s, part, (x + theme.px(16), y), size, theme.TEXT)
                y += w.line_h(size) + theme.px(2)
        return y

    return body


def in_force_card(seen: EncounterState, width: int) -> pygame.Surface:
    combat = seen.combat
    title = f"Round {getattr(combat, 'round', '')}: in force this round"
    return _paint(width, title, _bullets(in_force_lines(seen), 18))


def last_roll_card(events: list[Event], seen: EncounterState, width: int) -> pygame.Surface | None:
    dice = [e for e in events if e.kind in CARD_KINDS]
    lines = roll_lines(events, seen)
    if not dice and not lines:
        return None

    def body(s: pygame.Surface, x: int, y: int, wid: int) -> int:
        if dice:
            y = draw_resolution(s, x, y, wid, dice, seen, players=True)
        if lines:
            y = _bullets(lines, 16)(s, x, y, wid)
        return y

    return _paint(width, "Last roll", body)


def _corners(size: tuple[int, int], board: pygame.Rect) -> list[pygame.Rect]:
    r = pygame.Rect((0, 0), size)
    m = theme.px(MARGIN)
    return [r.move(board.left + m, board.top + m), r.move(board.right - m - r.width, board.top + m),
            r.move(board.left + m, board.bottom - m - r.height),
            r.move(board.right - m - r.width, board.bottom - m - r.height)]


def place_cards(cards: list[pygame.Surface], board: pygame.Rect, tokens: list[pygame.Rect],
                keep_clear: list[pygame.Rect]) -> list[pygame.Rect]:
    """A corner of ``board`` for each card: clear of the tokens, ``keep_clear`` and each other."""
    taken = list(keep_clear)
    out = []
    for card in cards:
        rect = placement.place(_corners(card.get_size(), board), board, tokens=tokens, cards=taken)
        out.append(rect)
        taken.append(rect)
    return out


class TableCards:
    """The players' window's cards, redrawn only when the journal or the size changes."""

    def __init__(self) -> None:
        self._key: Any = None
        self._cards: list[pygame.Surface] = []
        self.roll: list[Event] = []  # the public roll shown (tests look at it)
        self.in_force: list[str] = []

    def draw(self, surface: pygame.Surface, seen: EncounterState, state: EncounterState, journal: Any,
             board: pygame.Rect, tokens: list[pygame.Rect], keep_clear: list[pygame.Rect], *, large: bool) -> None:
        key = (id(state), len(journal.entries), len(journal.redo_stack), board.size, large, theme.scale(),
               frozenset(seen.combatants))
        if key != self._key or probe.active():  # the layout probe reads the texts as they are drawn
            self._key = key
            self._cards = self._build(seen, state, journal, board, large)
        for card, rect in zip(self._cards, place_cards(self._cards, board, tokens, keep_clear)):
            surface.blit(card, rect)
            probe.composite(card, surface, rect.topleft)

    def _build(self, seen: EncounterState, state: EncounterState, journal: Any, board: pygame.Rect,
               large: bool) -> list[pygame.Surface]:
        old = theme.set_scale(theme.scale() * (1.35 if large else 1.0))
        try:
            width = min(theme.px(440), max(theme.px(260), board.width // 3))
            cards = []
            combat = seen.combat
            self.in_force = in_force_lines(seen) if getattr(combat, "phase", None) == "advantages" else []
            if self.in_force:
                cards.append(in_force_card(seen, width))
            unseen = set(state.combatants) - set(seen.combatants)  # fogged ones too (N-FOG-1)
            self.roll = public_roll(state, journal.entries, unseen=unseen)
            card = last_roll_card(self.roll, seen, width) if self.roll else None
            if card is not None:
                cards.append(card)
            return cards
        finally:
            theme.set_scale(old)


__all__ = ["TableCards", "in_force_lines", "last_roll_card", "place_cards", "roll_lines"]
