"""Where a floating card goes: clear of tokens, of the other cards, inside the board.

Why it exists: the odds card, the phase card, template labels, error pills and
the facing prompt float over the map. Each offers a few candidate rectangles
in its order of preference; :func:`place` keeps the first one that covers
nothing that matters (after clamping it inside the room), else the one that
covers least, so a card never hides a token or another card when it can help it.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pygame


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
    words = view.renderer.tokens.drawn_words() if hasattr(view.renderer.tokens, "drawn_words") else []
    squares = [pygame.Rect(x, y, w, w) for x, y, w, _ in token_rects(view)]
    return place(options, room, tokens=squares, cards=list(words) + list(labels))


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


__all__ = ["around", "hover_name_rect", "overlap", "panel_free_room", "place", "place_scored", "token_rects"]
