"""Cards over the players' window's map: what is in force, and the last roll (public only).

Why it exists: at a projected table the players read their own window, not the GM's laptop.

* In the Advantages Phase the banner tells them to "check what is in force": the card lists it,
  the conditions of the creatures they may see (the GM's Advantages card asked of the players'
  copy of the state: the text makes these public, "a reminder for both the GM and Players").
* After every roll they may see (reading: N-SEEN-6, :func:`tactics.engine.combat.public_rolls.public_roll`)
  the "Last roll" card shows its dice compactly (:mod:`tactics.ui.players.roll_card`: one row per
  roll of its dice, modifiers, total and outcome, the damage dice, a grenade's scatter dice). A GM
  creature's AC and hit points are not shown (N-SEEN-1).

Each card goes first in a margin of the board the map does not use (beside it, above or below
it), laid out to the margin's width, so it covers nothing of the map (outside review 17, N7: the
roll's card covered a quarter of it). Where no margin holds it, it is placed in a corner of the
board clear of the tokens (either side's, with their badges and names) and the pinned templates,
and never over the other card; where no corner is clear, along a side of the board, then inside
it; where no place is clear, a smaller card is tried (:data:`SHRINK`), and only then the place
covering least is taken (review 13 F12). Over the map the roll's card covers at most
:data:`MAP_SHARE` of the board (a smaller type where it would cover more). Its type follows the
window's scale (larger in the room style). A card is never taller than the map's room under the
banner and the order strip (review 6, finding 3): the in-force list gives one line per creature
and ends with "+N more" when cut; a roll cut by a small window ends with "+ more".

The roll's card stays until a newer public roll replaces it (no timer): off the map it is in no
one's way, and a roll the table missed can still be read when the GM turns to them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Sequence

import pygame

from tactics.engine.combat.public_rolls import public_roll
from tactics.engine.combat.queries import describe, in_force_entries
from tactics.engine.core.journal import Event
from tactics.engine.core.state import EncounterState
from tactics.ui import layout_probe as probe
from tactics.ui import placement, theme
from tactics.ui.placement import margin_spots, margins, spots
from tactics.ui import widgets as w
from tactics.ui.players.roll_card import CUT_ROLL, paint, rows_of
from tactics.ui.badge_key import Entry, key_card

#: events the dice card draws itself; the others of a public roll are read as the log's lines
CARD_KINDS = ("attack.rolled", "combat.check", "damage.rolled", "hp.rolled", "condition.added", "combatant.downed",
              "action.failed", "action.lost")
#: events whose log lines belong on the card (the dice of grenades, blasts, traps)
LINE_KINDS = ("grenade.cooked", "grenade.thrown", "grenade.exploded", "hazard.blast", "hazard.hit",
              "trap.disarm", "trap.search", "trap.set-check")
MARGIN = placement.MARGIN


NOTHING_IN_FORCE = "No condition gives or takes an advantage die this round."
Body = Callable[[pygame.Surface, int, int, int, int], int]


def in_force_lines(seen: EncounterState) -> list[str]:
    """What the card lists, of the players' copy of the state (no hidden creature): one line per
    creature ("James: Shaken 1, Flat-footed", the rounds left as on the map's badges), and any
    entry that is not a creature's as a line of its own."""
    rows: list[tuple[str, list[str]]] = []  # (a creature's name, its conditions) or (a line, [])
    by_creature: dict[str, list[str]] = {}
    for entry in in_force_entries(seen):
        if entry.who is None:
            rows.append((entry.line(), []))
            continue
        if entry.who not in by_creature:
            by_creature[entry.who] = []
            rows.append((entry.name, by_creature[entry.who]))  # the engine's order kept
        by_creature[entry.who].append(f"{entry.condition} {entry.rounds}" if entry.rounds else entry.condition)
    out = [f"{head}: {', '.join(conditions)}" if conditions else head for head, conditions in rows]
    return out or [NOTHING_IN_FORCE]


def in_force_key(seen: EncounterState) -> list[str]:
    """What each condition in force does, once per condition ("Shaken: disadvantage on attacks, ...")."""
    out: dict[str, str] = {}
    for entry in in_force_entries(seen):
        out.setdefault(entry.condition, f"{entry.condition}: {', '.join(entry.effects)}")
    return list(out.values())


def roll_lines(events: list[Event], seen: EncounterState) -> list[str]:
    return [describe(e, seen) for e in events if e.kind in LINE_KINDS]


def _paint(width: int, title: str, body: Body, max_height: int) -> pygame.Surface:
    """A card ``width`` wide and at most ``max_height`` tall: the title, then
    ``body(surface, x, y, width, bottom) -> y below`` (``bottom``: the lowest y it may use)."""
    pad = theme.PANEL_PAD
    canvas = pygame.Surface((width, max(1, max_height)), pygame.SRCALPHA)
    y = pad
    for line in w.wrap(title, 18, width - 2 * pad, "bold"):  # (a narrow margin of the map wraps it)
        w.text(canvas, line, (pad, y), 18, theme.TEXT_DIM, "bold")
        y += w.line_h(18, "bold")
    y = body(canvas, pad, y + theme.px(4), width - 2 * pad, canvas.get_height() - pad)
    height = min(canvas.get_height(), y + pad)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(card, (*theme.SHADOW, 235), card.get_rect(), border_radius=theme.PANEL_RADIUS)
    pygame.draw.rect(card, (*theme.TEXT_DIM, 255), card.get_rect(), 1, border_radius=theme.PANEL_RADIUS)
    card.blit(canvas, (0, 0), pygame.Rect(0, 0, width, height))
    probe.composite(canvas, card, (0, 0), pygame.Rect(0, 0, width, height))
    return card


def more_text(n: int) -> str:
    return f"+{n} more"


def _bullets(lines: list[str], size: int, extra: Sequence[str] = ()) -> Body:
    """Bulleted ``lines``, as many as fit above ``bottom``, the rest said as "+N more"; then the
    dim ``extra`` lines (what the conditions do), only if every one of them fits too."""

    def body(s: pygame.Surface, x: int, y: int, width: int, bottom: int) -> int:
        step = w.line_h(size) + theme.px(2)
        wrapped = [w.wrap(line, size, width - theme.px(16)) for line in lines]
        for n, parts in enumerate(wrapped):
            left = len(wrapped) - n - 1
            room = bottom - y - (step if left else 0)  # keep a line for "+N more" while more follow
            if len(parts) * step > room:
                w.text(s, more_text(len(wrapped) - n), (x + theme.px(16), y), size, theme.TEXT_DIM, "bold")
                return y + step
            pygame.draw.circle(s, theme.ACCENT, (x + theme.px(5), y + w.line_h(size) // 2), theme.px(4))
            for part in parts:
                w.text(s, part, (x + theme.px(16), y), size, theme.TEXT)
                y += step
        small = size - 3
        key = [part for line in extra for part in w.wrap(line, small, width)]
        key_step = w.line_h(small) + theme.px(1)
        if key and y + theme.px(6) + len(key) * key_step <= bottom:
            y += theme.px(6)
            for part in key:
                w.text(s, part, (x, y), small, theme.TEXT_DIM)
                y += key_step
        return y

    return body


def in_force_card(seen: EncounterState, width: int, max_height: int) -> pygame.Surface:
    combat = seen.combat
    title = f"Round {getattr(combat, 'round', '')}: in force this round"
    return _paint(width, title, _bullets(in_force_lines(seen), 18, in_force_key(seen)), max_height)


def shows_roll(events: list[Event]) -> bool:
    """Has the "Last roll" card anything to show of ``events`` (its dice, or the log's lines)?"""
    return any(e.kind in CARD_KINDS or e.kind in LINE_KINDS for e in events)


def last_roll_card(events: list[Event], seen: EncounterState, width: int, max_height: int) -> pygame.Surface | None:
    """The compact "Last roll" card of ``events`` (:mod:`tactics.ui.players.roll_card`), no wider
    than ``width`` (as wide as its rows), no taller than ``max_height``; None: nothing to show."""
    if not shows_roll(events):
        return None
    rows = rows_of(events, seen)
    return paint(rows, width, max_height) if rows else None


#: The card's type as built, then smaller, tried in turn where no place on the board is clear of
#: the tokens and their names (review 13 F12: with the GM zoomed in on the fight every corner of
#: the players' window had a token and the "Last roll" card covered Art).
SHRINK = (1.0, 0.8, 0.65)
def place_card(versions: Iterable[pygame.Surface], board: pygame.Rect, tokens: list[pygame.Rect],
               taken: list[pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect]:
    """The first of ``versions`` (the card, then smaller ones) with a spot clear of the tokens
    and of ``taken``, and that spot; else the version and spot covering least."""
    best: tuple[int, pygame.Surface, pygame.Rect] | None = None
    for card in versions:
        rect, cost = placement.place_scored(spots(card.get_size(), board), board, tokens=tokens, cards=taken)
        if cost == 0:
            return card, rect
        if best is None or cost < best[0]:
            best = (cost, card, rect)
    if best is None:
        raise ValueError("place_card needs at least one version of the card")
    return best[1], best[2]


def place_cards(cards: Sequence[Callable[[], Iterable[pygame.Surface]]], board: pygame.Rect,
                tokens: list[pygame.Rect], keep_clear: list[pygame.Rect]) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """A place on ``board`` for each card (given as its versions, largest first): clear of the
    tokens, ``keep_clear`` and each other."""
    taken = list(keep_clear)
    out = []
    for versions in cards:
        card, rect = place_card(versions(), board, tokens, taken)
        out.append((card, rect))
        taken.append(rect)
    return out


#: the narrowest margin the roll card is laid out in (at scale 1): narrower, it takes a corner
MIN_MARGIN_W = 220
#: the most of the board the roll's card covers where it is over the map (review 17 N7: "a small share")
MAP_SHARE = 0.08
#: margins' widths are taken in steps of this (at scale 1); at most this many cards laid out to
#: one are kept (the GM's panning changes the margins' widths)
WIDTH_STEP, MAX_LAID_OUT = 16, 24
#: the compact card's widest (a share of the board's width): its rows wrap past it
COMPACT_SHARE = 0.42


class TableCards:
    """The players' window's cards, redrawn only when the journal or the size changes (a smaller
    version of a card is built only when the full one has no clear place, then kept too).

    Each card goes first where the map is not: a margin of the board beside, above or below the
    map, laid out to the margin's width (review 17 N7: over the map the roll's card covered a
    quarter of it); where no margin holds it clear, in a corner, a side or inside the board clear
    of tokens, names and pinned templates."""

    def __init__(self) -> None:
        self._key: Any = None
        self._makers: list[Callable[[float, int | None], pygame.Surface]] = []  # each card at a type size, a width
        self._built: dict[tuple[int, float, int | None], pygame.Surface] = {}  # (card, SHRINK step, width) -> its picture
        self._roll_card: int | None = None  # which of the cards is the roll's
        self.roll: list[Event] = []  # the public roll shown (tests look at it)
        self.roll_rows: list[Any] = []  # what its card shows, row by row (tests read its dice)
        self.in_force: list[str] = []
        self.rects: list[pygame.Rect] = []  # where the cards were drawn last (tests look at them)
        self.roll_rect: pygame.Rect | None = None  # where the roll's card was drawn last
        self.in_margin = False  # was it in a margin of the map (over none of it)?
        self.badge_key: tuple[Entry, ...] = ()  # the short badges' key shown (its card is the last one)

    def draw(self, surface: pygame.Surface, seen: EncounterState, state: EncounterState, journal: Any,
             board: pygame.Rect, tokens: list[pygame.Rect], keep_clear: list[pygame.Rect], *, large: bool,
             map_area: pygame.Rect | None = None, badge_key: tuple[Entry, ...] = ()) -> None:
        """``badge_key``: the short condition badges the map shows and their words (the players'
        copy's tokens only, :func:`tactics.ui.badge_key.key_entries`), listed on a card of their own."""
        max_height = card_room(board, keep_clear)
        key = (id(state), len(journal.entries), len(journal.redo_stack), board.size, max_height, large,
               theme.scale(), frozenset(seen.combatants), badge_key)
        if key != self._key or probe.active():  # the layout probe reads the texts as they are drawn
            self._key = key
            self._built = {}
            self.badge_key = badge_key
            self._makers = self._build(seen, state, journal, board, large, max_height)
        taken = list(keep_clear)
        placed: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.in_margin = False  # (the roll's card)
        for i in range(len(self._makers)):
            spot = self._in_margin(i, board, map_area, tokens, taken)
            if spot is None:
                spot = place_card(self._versions(i, board)(), board, tokens, taken)
            elif i == self._roll_card:
                self.in_margin = True
            placed.append(spot)
            taken.append(spot[1])
        self.rects = [rect for _, rect in placed]
        self.roll_rect = self.rects[self._roll_card] if self._roll_card is not None else None
        for card, rect in placed:
            surface.blit(card, rect)
            probe.composite(card, surface, rect.topleft)

    def _card(self, i: int, shrink: float, width: int | None) -> pygame.Surface:
        if (i, shrink, width) not in self._built:
            laid_out = [k for k in self._built if k[2] is not None]
            if len(laid_out) > MAX_LAID_OUT:  # the GM pans: a margin of a new width each frame
                for k in laid_out:
                    del self._built[k]
            self._built[(i, shrink, width)] = self._makers[i](shrink, width)
        return self._built[(i, shrink, width)]

    def _in_margin(self, i: int, board: pygame.Rect, map_area: pygame.Rect | None, tokens: list[pygame.Rect],
                   taken: list[pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect] | None:
        """Card ``i`` laid out to a margin of the map it fits in, clear of every token, name and
        card, at the largest type that fits (the top of any margin before a bottom); None where
        no margin has room."""
        m = theme.px(MARGIN)
        roomy = [margin for margin in margins(board, map_area)
                 if margin.width - 2 * m >= theme.px(MIN_MARGIN_W) and margin.height - 2 * m >= theme.px(60)]
        for shrink in SHRINK:
            for end in range(3):  # a side margin's top, then its bottom (the middle of a strip above or below)
                for margin in roomy:
                    step = theme.px(WIDTH_STEP)  # (a margin a pixel wider lays the card out as before)
                    card = self._card(i, shrink, min(margin.width - 2 * m, theme.px(900)) // step * step)
                    spots = margin_spots(card.get_size(), margin)[end:end + 1]
                    if not spots:
                        continue
                    rect, cost = placement.place_scored(spots, board, tokens=tokens, cards=taken)
                    if cost == 0 and margin.contains(rect):
                        return card, rect
        return None

    def _versions(self, i: int, board: pygame.Rect) -> Callable[[], Iterator[pygame.Surface]]:
        """Card ``i`` at each step of :data:`SHRINK`, each built the first time it is asked for;
        the roll's card only at the steps that cover at most :data:`MAP_SHARE` of the board (the
        smallest anyway)."""

        def versions() -> Iterator[pygame.Surface]:
            budget = MAP_SHARE * board.width * board.height
            for n, shrink in enumerate(SHRINK):
                card = self._card(i, shrink, None)
                if i != self._roll_card or n == len(SHRINK) - 1 or card.get_width() * card.get_height() <= budget:
                    yield card

        return versions

    def _build(self, seen: EncounterState, state: EncounterState, journal: Any, board: pygame.Rect,
               large: bool, max_height: int) -> list[Callable[[float, int | None], pygame.Surface]]:
        """What the cards show (read once) and how each is drawn at a type size (1: the window's)
        and a width (None: its own in a corner)."""
        combat = seen.combat
        self.in_force = in_force_lines(seen) if getattr(combat, "phase", None) == "advantages" else []
        unseen = set(state.combatants) - set(seen.combatants)  # fogged ones too (N-FOG-1)
        self.roll = public_roll(state, journal.entries, unseen=unseen)
        self.roll_rows = rows_of(self.roll, seen) if shows_roll(self.roll) else []
        base = theme.scale() * (1.35 if large else 1.0)
        edge = max(1, board.width - 2 * theme.px(MARGIN))

        def at(paint_at: Callable[[int, int], pygame.Surface | None],
               corner_width: Callable[[], int]) -> Callable[[float, int | None], pygame.Surface]:
            def made(shrink: float, width: int | None) -> pygame.Surface:
                old = theme.set_scale(base * shrink)
                try:
                    tall = max_height
                    if width is None:
                        width = min(corner_width(), edge)
                    else:
                        tall = board.height - 2 * theme.px(MARGIN)
                    return paint_at(width, tall) or pygame.Surface((1, 1), pygame.SRCALPHA)
                finally:
                    theme.set_scale(old)
            return made

        makers = []
        self._roll_card = None
        if self.in_force:
            makers.append(at(lambda width, tall: in_force_card(seen, width, tall),
                             lambda: min(theme.px(440), max(theme.px(260), board.width // 3))))
        if self.roll_rows:
            self._roll_card = len(makers)
            makers.append(at(lambda width, tall: paint(self.roll_rows, width, tall),
                             lambda: max(theme.px(320), round(board.width * COMPACT_SHARE))))
        if self.badge_key:  # what the map's short badges say, read from across the table (review 16 F16b)
            entries = self.badge_key
            makers.append(at(lambda width, tall: key_card(entries, width, 18, fit=True),
                             lambda: min(theme.px(440), max(theme.px(260), board.width // 3))))
        return makers


def card_room(board: pygame.Rect, keep_clear: list[pygame.Rect]) -> int:
    """How tall a card may be: the board's height under the banner and the order strip, less the
    margins and the widgets at its bottom edge (the camera button), so that any corner fits it."""
    m = theme.px(MARGIN)
    below = max((board.bottom - r.top + m for r in keep_clear if r.colliderect(board)), default=0)
    return max(theme.px(60), board.height - 2 * m - below)


__all__ = ["CUT_ROLL", "SHRINK", "TableCards", "card_room", "in_force_key", "in_force_lines", "last_roll_card", "margin_spots", "margins", "more_text", "place_card",
           "place_cards", "roll_lines", "shows_roll", "spots"]
