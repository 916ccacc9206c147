"""Where the big phase cards (the Advantages and the Counter Phase) go: off the map if there is
room, else in a corner of the board clear of the tokens.

Why it exists (outside review 20, placement 1): at 1280x720, after Start combat, the Advantages
Phase card went down from the top to the middle of the map and lay on Art's token, his badges
and the squares round the acting Vanguard; the GM had to fold it with "-" to see the fight. The
card is as large as the room between the panels' columns, so it has to go where it covers
nothing the GM needs: in order,

1. a margin of that room the map does not use (beside, above or below it), the card laid out
   to the margin's width (:func:`tactics.ui.placement.margins`, the players' window's cards'
   own margins);
2. the free part of the right-hand column (the Declare and Resolve panels' room, empty in these
   phases), the card laid out to the column's width, where it is tall enough;
3. a corner of the room between the columns, then along its sides, then inside it
   (:func:`tactics.ui.placement.spots`), the first clear of every token's square, name and
   condition words and of the other cards;
4. else, of those, the place covering least (the card at the top, where it always was, when
   nothing is on the map).

The card is laid out at each width it is tried at (``size_at``): the caller draws it so and
says how tall it came out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from tactics.ui import placement, theme

#: the narrowest the card is laid out (at scale 1): its buttons are 260 px wide
MIN_WIDTH = 320


@dataclass(frozen=True)
class CardRoom:
    """Where a big phase card may go. ``between``: the board between the tracker's column and
    the right-hand one (above the turn banner, when one shows); ``column``: the free part of the
    right-hand column (None: none); ``map_area``: the whole map on screen; ``cards``: the panels
    and cards it must not cover."""

    between: pygame.Rect
    column: pygame.Rect | None = None
    map_area: pygame.Rect | None = None
    cards: tuple[pygame.Rect, ...] = field(default=())

    def key(self) -> tuple:
        """What the place depends on besides the card and the tokens (a part's key, retained.py)."""
        return (tuple(self.between), tuple(self.column) if self.column else None,
                tuple(self.map_area) if self.map_area else None, tuple(tuple(r) for r in self.cards))


def place_card(size_at: Callable[[int], tuple[int, int]], width: int, room: CardRoom,
               tokens: list[pygame.Rect]) -> tuple[int, pygame.Rect]:
    """The width to lay the card out at and where it goes (the module's order of places).
    ``size_at(width)``: the card's size laid out at ``width``; ``width``: its own width."""
    cards = list(room.cards)
    between = room.between
    m = theme.px(placement.MARGIN)
    for margin in placement.margins(between, room.map_area):  # 1. where the map is not
        inner = min(width, margin.width - 2 * m)
        if inner < theme.px(MIN_WIDTH):
            continue
        size = size_at(inner)
        for spot in placement.margin_spots(size, margin):
            rect, cost = placement.place_scored([spot], between, tokens=tokens, cards=cards)
            if cost == 0 and margin.contains(rect):
                return inner, rect
    column = room.column
    if column is not None and column.width >= theme.px(MIN_WIDTH):  # 2. the empty column
        size = size_at(column.width)
        if size[1] <= column.height:
            rect, cost = placement.place_scored([pygame.Rect(column.topleft, size)], column, tokens=tokens, cards=cards)
            if cost == 0:
                return column.width, rect
    size = size_at(width)  # 3. a corner of the board clear of the tokens, 4. else the least covered
    top = pygame.Rect((between.centerx - size[0] // 2, between.top), size)
    options = placement.spots(size, between) if tokens else [top]
    rect, cost = placement.place_scored(options, between, tokens=tokens, cards=cards)
    if cost and tokens:  # none is clear: the least covered of these and the top
        rect = placement.place([top, *options], between, tokens=tokens, cards=cards)
    return width, rect


__all__ = ["CardRoom", "MIN_WIDTH", "place_card"]
