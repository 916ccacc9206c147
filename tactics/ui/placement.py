"""Where a floating card goes: clear of tokens, of the other cards, inside the board.

Why it exists: the odds card, the phase card, template labels, error pills and
the facing prompt float over the map. Each offers a few candidate rectangles
in its order of preference; :func:`place` keeps the first one that covers
nothing that matters (after clamping it inside the room), else the one that
covers least, so a card never hides a token or another card when it can help it.
:func:`margins`, :func:`margin_spots` and :func:`spots` give the places a large card may take
on a board (where the map is not, then its corners, sides and inside): the players' window's
cards and the GM's big phase cards (``panels/phase_place.py``) use them alike.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pygame

from tactics.ui import theme

#: A card's distance from the edge of its room (at scale 1)
MARGIN = 12


def overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """Area both rectangles cover (0 when they only touch)."""
    clip = a.clip(b)
    return clip.width * clip.height


def place(candidates: Sequence[pygame.Rect], room: pygame.Rect, *, tokens: Iterable[pygame.Rect] = (),
          cards: Iterable[pygame.Rect] = ()) -> pygame.Rect:
    """The best of ``candidates`` (each first clamped inside ``room``): the first that covers no
    token and no card; else the one covering least (a card counts more than a token)."""
    return place_scored(candidates, room, tokens=tokens, cards=cards)[0]


def place_scored(candidates: Sequence[pygame.Rect], room: pygame.Rect, *, tokens: Iterable[pygame.Rect] = (),
                 cards: Iterable[pygame.Rect] = ()) -> tuple[pygame.Rect, int]:
    """:func:`place` and what its choice covers (0: nothing), so a caller can try a smaller card
    where no candidate is clear. Only the rectangles a candidate meets are measured (found by
    pygame's own loop): dozens of candidates over a thousand tokens stay cheap."""
    tokens = list(tokens)
    cards = list(cards)
    best: tuple[int, int] | None = None
    chosen = candidates[0].clamp(room)
    for i, option in enumerate(candidates):
        rect = option.clamp(room)
        cost = (4 * sum(overlap(rect, cards[k]) for k in rect.collidelistall(cards))
                + sum(overlap(rect, tokens[k]) for k in rect.collidelistall(tokens)))
        if cost == 0:
            return rect, 0
        if best is None or (cost, i) < best:
            best, chosen = (cost, i), rect
    return chosen, best[0] if best is not None else 0


def around(size: tuple[int, int], beside: pygame.Rect, gap: int = 10) -> list[pygame.Rect]:
    """Rectangles of ``size`` touching ``beside``: right, left, below, above, then the corners."""
    r = pygame.Rect((0, 0), size)
    out = []
    for attr, pos in (("midleft", (beside.right + gap, beside.centery)), ("midright", (beside.left - gap, beside.centery)),
                      ("midtop", (beside.centerx, beside.bottom + gap)), ("midbottom", (beside.centerx, beside.top - gap)),
                      ("topleft", (beside.right + gap, beside.bottom + gap)), ("bottomleft", (beside.right + gap, beside.top - gap)),
                      ("topright", (beside.left - gap, beside.bottom + gap)),
                      ("bottomright", (beside.left - gap, beside.top - gap))):
        rect = r.copy()
        setattr(rect, attr, pos)
        out.append(rect)
    return out


def token_rects(view, *, skip: Iterable[str] = ()) -> list[pygame.Rect]:
    """The squares (with the name pill below) of every token the view shows, on screen."""
    cam = view.camera
    skip = set(skip)
    out = []
    for who in view.state.on_map():
        if who.id in skip or not view.visible(who):
            continue
        x, y, w, h = cam.cell_rect(who.cell)
        out.append(pygame.Rect(x, y, w, h + max(16, h // 2)))  # the name pill hangs below the square
    return out


def drawn_words(view) -> list[pygame.Rect]:
    """The names and condition words the tokens layer drew last frame (none before its first)."""
    painter = getattr(getattr(view, "renderer", None), "tokens", None)
    return list(painter.drawn_words()) if painter is not None and hasattr(painter, "drawn_words") else []


def tokens_and_words(view, *, skip: Iterable[str] = ()) -> list[pygame.Rect]:
    """What a card laid on the map keeps off: each token's square and name pill (:func:`token_rects`),
    and the names and condition words as drawn (they reach past the squares)."""
    return token_rects(view, skip=skip) + drawn_words(view)


def hover_name_rect(view, size: tuple[int, int], cell: pygame.Rect, room: pygame.Rect,
                    labels: Iterable[pygame.Rect] = ()) -> pygame.Rect:
    """Where the pointer's name of a token with no room for its own goes: above the square, else
    higher (over its condition words: "James" sat on his own "Shaken 1", review 9), else below
    or beside it (inside ``room``); clear of the tokens, of the words and names the tokens layer
    drew and of the other ``labels`` on the map (the trap tags)."""
    r = pygame.Rect((0, 0), size)
    options = []
    for attr, pos in (("midbottom", (cell.centerx, cell.top - 4)), ("midbottom", (cell.centerx, cell.top - 4 - size[1])),
                      ("midbottom", (cell.centerx, cell.top - 4 - 2 * size[1])), ("midtop", (cell.centerx, cell.bottom + 2)),
                      ("midleft", (cell.right + 4, cell.centery)), ("midright", (cell.left - 4, cell.centery))):
        rect = r.copy()
        setattr(rect, attr, pos)
        options.append(rect)
    words = drawn_words(view)
    squares = [pygame.Rect(x, y, w, w) for x, y, w, _ in token_rects(view)]
    return place(options, room, tokens=squares, cards=list(words) + list(labels))


#: Where a card may go along each side of the board (0: its left or top end, 1: its right or bottom end)
_ALONG = (0.0, 1.0, 0.5, 0.25, 0.75)


def spots(size: tuple[int, int], board: pygame.Rect) -> list[pygame.Rect]:
    """Where a card of ``size`` may go on ``board``, best first: the corners (top left, top right,
    bottom left, bottom right), then along the sides (their middles first), then inside the board."""
    m = theme.px(MARGIN)
    free_x, free_y = board.width - 2 * m - size[0], board.height - 2 * m - size[1]
    places = [(fx, fy) for fy in _ALONG for fx in _ALONG]
    places.sort(key=lambda p: sum(f not in (0.0, 1.0) for f in p))  # stable: corners, sides, inside
    return [pygame.Rect((board.left + m + round(fx * free_x), board.top + m + round(fy * free_y)), size)
            for fx, fy in places]


def margins(board: pygame.Rect, map_area: pygame.Rect | None) -> list[pygame.Rect]:
    """The parts of ``board`` the map does not use (beside it, above it, below it), widest first:
    where a card covers nothing of the map (the players' "Last roll" card: outside review 17, N7;
    the GM's Advantages and Counter Phase cards)."""
    if map_area is None:
        return []
    shown = map_area.clip(board)
    if not shown.width or not shown.height:
        return [board.copy()]
    out = [pygame.Rect(board.left, board.top, shown.left - board.left, board.height),
           pygame.Rect(shown.right, board.top, board.right - shown.right, board.height),
           pygame.Rect(board.left, board.top, board.width, shown.top - board.top),
           pygame.Rect(board.left, shown.bottom, board.width, board.bottom - shown.bottom)]
    return sorted((r for r in out if r.width > 0 and r.height > 0), key=lambda r: -min(r.width, 4 * r.height))


def margin_spots(size: tuple[int, int], margin: pygame.Rect) -> list[pygame.Rect]:
    """Where a card of ``size`` may go in ``margin``: at its top, then its bottom, centred across
    a side margin; at its left, right or middle in a margin above or below the map."""
    m = theme.px(MARGIN)
    inner = margin.inflate(-2 * m, -2 * m)
    rect = pygame.Rect((0, 0), size)
    if inner.width < size[0] or inner.height < size[1]:
        return []
    if margin.height >= margin.width:
        return [rect.move(inner.centerx - size[0] // 2, y) for y in (inner.top, inner.bottom - size[1])]
    return [rect.move(x, inner.centery - size[1] // 2)
            for x in (inner.left, inner.right - size[0], inner.centerx - size[0] // 2)]


def panel_free_room(view, clip: pygame.Rect) -> pygame.Rect:
    """``clip`` (the board on the window) less the panels' columns drawn over it: the combat
    panels' and, in individual turns, the turn tracker's and the log column's. A hint floated over
    the map stays there, readable (review 16, F9: the Traps hint began under the Turns panel)."""
    panels = getattr(view, "combat", None)
    room = panels.fit_rect(clip, clip) if panels is not None and hasattr(panels, "fit_rect") else pygame.Rect(clip)
    turns = getattr(view, "turns", None)
    if turns is not None and hasattr(turns, "clear_room"):
        room = turns.clear_room(room)
    return room.clip(clip) if room.colliderect(clip) else pygame.Rect(clip)


__all__ = ["MARGIN", "around", "hover_name_rect", "margin_spots", "margins", "overlap", "panel_free_room", "place",
           "drawn_words", "place_scored", "spots", "token_rects", "tokens_and_words"]
