"""The key of the short condition badges on screen: "Sh1 Shaken 1 · Fl Flat-footed".

Why it exists: on crowded tokens the condition badges shrink to short forms ("Sh1", "Fl", "St1"),
and the initiative tracker's chips do too where a row has no room for the words. The pointer on
such a token said them in full (review 16, F16b), but a GM projecting the map, or a player looking
at the table, cannot hover. So whenever a short form shows, a small card lists each one shown
with its words; the words are the conditions data's labels (``rules.conditions.label_of``, the
table's ``conditions.toml``), the rounds left as on the badge.

Each entry is the badge itself (its short form in its colour on the map) and its words, so the key
reads as the map does. The card is placed by its window (the GM's: under the tracker, the
players': with their other cards), clear of the tokens, their names and badges, and the cards.
"""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from tactics.rules.conditions import label_of
from tactics.ui import layout_probe as probe
from tactics.ui import placement, theme
from tactics.ui import widgets as w
from tactics.ui.tokens import badge_colour, condition_pill_text, paint_label

#: One entry of the key: (the short form shown, its words, the condition's name for its colour)
Entry = tuple[str, str, str]
TITLE = "Badge key"
SEPARATOR = " · "


def key_entries(conditions: Iterable[tuple[str, int | None]]) -> tuple[Entry, ...]:
    """The key of these conditions shown short ((name, rounds left) each): each short form once
    with its words from the conditions data ("Sh1", "Shaken 1"), in the short forms' order (a
    steady card as the tokens move). Two conditions may share a short form ("Sh1": Shaken 1 and
    Shocked 1): both are listed, each with its words."""
    out: dict[Entry, None] = {}
    for name, rounds in conditions:
        words = label_of(name) + (f" {rounds}" if rounds is not None else "")
        out.setdefault((condition_pill_text(name, rounds), words, name), None)
    return tuple(sorted(out, key=lambda e: (e[0], e[1])))


def key_text(entries: Iterable[Entry]) -> str:
    """The key as one line of text: "Fl Flat-footed · Sh1 Shaken 1"."""
    return SEPARATOR.join(f"{short} {words}" for short, words, _ in entries)


def key_card(entries: tuple[Entry, ...], width: int, size: int = 14, *, fit: bool = False) -> pygame.Surface:
    """The key as a card ``width`` wide: the title, then the entries in rows, each its badge (the
    short form in its condition's colour, as on the map) and its words; an entry never breaks
    across rows. ``size``: the type size at scale 1 (the window's :func:`theme.fs` applies);
    ``fit``: no wider than its rows (the players' window: a card covers as little map as it can)."""
    pad = theme.PANEL_PAD
    gap, inner = theme.px(12), width - 2 * pad
    badge_px = theme.fs(size - 1)
    laid: list[tuple[pygame.Surface, str, str, int, int]] = []  # badge, short form, words, x, row
    x, row, widest = 0, 0, w.text_width(TITLE, 13, "bold")
    for short, words, name in entries:
        badge = paint_label(short, badge_px, theme.INK_LIGHT, (*badge_colour(name), 240))
        need = badge.get_width() + theme.px(5) + w.text_width(words, size)
        if x and x + need > inner:
            x, row = 0, row + 1
        laid.append((badge, short, words, x, row))
        widest = max(widest, x + need)
        x += need + gap
    if fit:
        width = min(width, widest + 2 * pad)
    title_h = w.line_h(13, "bold") + theme.px(2)
    row_h = max(w.line_h(size), max((b.get_height() for b, *_ in laid), default=0)) + theme.px(4)
    height = pad + title_h + (row + 1) * row_h + pad - theme.px(6)
    canvas = pygame.Surface((width, height), pygame.SRCALPHA)
    w.card(canvas, canvas.get_rect())
    w.text(canvas, TITLE, (pad, pad - theme.px(4)), 13, theme.TEXT_DIM, "bold")
    top = pad - theme.px(4) + title_h
    for badge, short, words, bx, r in laid:
        mid = top + r * row_h + row_h // 2
        at = badge.get_rect(midleft=(pad + bx, mid))
        canvas.blit(badge, at)
        probe.text(canvas, at, short)
        w.text(canvas, words, (at.right + theme.px(5), mid), size, theme.TEXT, "semibold", "midleft")
    return canvas


def shown_entries(view: Any) -> tuple[Entry, ...]:
    """The key of what the battle view shows short now: the map's badges (this viewer's tokens
    only: the players' view draws no hidden creature) and the tracker's chips."""
    shorts = list(view.renderer.tokens.short_forms())
    combat = getattr(view, "combat", None)
    if combat is not None and combat.active():
        shorts += combat.tracker.short_chips()
    return key_entries(shorts)


def gm_key_place(view: Any, board: pygame.Rect, size: tuple[int, int]) -> pygame.Rect | None:
    """Where the GM's window shows a key card of ``size``: under the tracker card (in its column,
    which "fit the map" leaves free), else at the board's bottom-left or top-left corner; the
    first place that meets no token (its square and name), no drawn name or badge and no card.
    None when each does: the key gives way (the pointer on a token still says its badges)."""
    gap = theme.px(12)
    tracker = view.combat.tracker.rect if view.combat.active() else None
    turns = view.turns.rect if view.turns is not None and view.turns.active() else None
    spots = [pygame.Rect((card.x, card.bottom + gap), size) for card in (tracker, turns) if card is not None]
    spots += [pygame.Rect((board.x + gap, board.bottom - gap - size[1]), size),
              pygame.Rect((board.x + gap, board.y + gap), size)]
    combat = view.combat
    cards = [r for r in (tracker, turns, getattr(view, "side_rect", None), combat.actions.rect, combat.resolve.rect,
                         combat.log.rect, combat.banner.rect if combat.active() else None,
                         getattr(getattr(view.app, "hotseat", None), "rect", None),
                         view.turns.column.rect() if turns is not None else None,
                         view.players_pill_rect if view.viewer == "players" else None) if r is not None]
    tokens = placement.tokens_and_words(view)
    for spot in spots:
        if not board.contains(spot):
            continue
        rect, cost = placement.place_scored([spot], board, tokens=tokens, cards=cards)
        if cost == 0:
            return rect
    return None


def _gm_width(view: Any, board: pygame.Rect) -> int:
    """The GM's key card's width: the tracker's column's."""
    return int(view.combat.columns(board)[0])


def key_height(view: Any, board: pygame.Rect) -> int:
    """How tall the GM's key card is for the short forms shown now (0: none): the room the
    tracker leaves under it, so a long list does not push the key off its column."""
    entries = shown_entries(view)
    return _gm_card(entries, _gm_width(view, board), theme.scale()).get_height() if entries else 0


def draw_gm_key(view: Any, frame: Any, board: pygame.Rect) -> int:
    """The key card on the GM's window (its players' view too, F2) when a short form shows
    (:func:`shown_entries`), a part of ``frame`` of its own; ``view.badge_key_drawn``: what it
    listed and where, or None (tests). Its height (0: no short form shows)."""
    view.badge_key_drawn = None
    entries = shown_entries(view)
    if not entries:
        return 0
    width = _gm_width(view, board)
    card = _gm_card(entries, width, theme.scale())
    rect = gm_key_place(view, board, card.get_size())
    if rect is None:
        return card.get_height()
    view.badge_key_drawn = (entries, rect)

    def draw_it(surface: pygame.Surface) -> None:
        drawn = key_card(entries, width) if probe.active() else card
        surface.blit(drawn, rect)
        probe.panel(surface, rect, TITLE)
        probe.composite(drawn, surface, rect.topleft, name=TITLE)

    frame.part("badge-key", (entries, tuple(rect)), draw_it)
    return card.get_height()


_cards: dict[tuple, pygame.Surface] = {}


def _gm_card(entries: tuple[Entry, ...], width: int, scale: float) -> pygame.Surface:
    """:func:`key_card`, kept per entries, width and UI scale."""
    key = (entries, width, scale)
    card = _cards.get(key)
    if card is None:
        if len(_cards) > 32:
            _cards.clear()
        card = _cards[key] = key_card(entries, width)
    return card


__all__ = ["Entry", "draw_gm_key", "gm_key_place", "key_card", "key_height", "key_entries", "key_text", "shown_entries"]
