"""How one Tiled tile is placed and turned, and a tile layer's tiles over a chunk of the board.

Why apart from :mod:`tactics.ui.mapart`: the map art's chunks and caches are one job, where each
tile's picture lands (Tiled's rules: the bottom-left anchor, offsets, flips, turns) another.
:func:`grid_blits` draws a :class:`~tactics.maps.tilegrid.TileGrid` by looking its tile ids up
for the squares whose picture can reach the chunk only (review 12: a million-square layer
costs what the chunk shows).
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from tactics.maps.battlemap import FLIP_D, FLIP_H, FLIP_V, TilePlacement
from tactics.maps.tilegrid import TileGrid

#: a tile in the index: (layer, order in the map's list, the tile, its box in map pixels, and
#: whether it is drawn as it is: no flip, offset, size or turn)
Placed = tuple[int, int, TilePlacement, tuple[float, float, float, float], bool]


def plain_placement(tile: TilePlacement) -> bool:
    return not (tile.flip or tile.rotation or tile.size_px is not None or tile.offset_px != (0.0, 0.0))


def footprint(tile: TilePlacement, tile_px: int, scale: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a tile's picture covers, in map pixels times ``scale``.

    Tiled's rule: the picture's bottom-left corner sits on the bottom-left corner of its
    square, moved by ``offset_px``; it is ``size_px`` big (else its own size, sides swapped
    by a diagonal flip) and turned ``rotation`` degrees clockwise about that corner.
    """
    c, r = tile.cell
    ax = (c * tile_px + tile.offset_px[0]) * scale
    ay = ((r + 1) * tile_px + tile.offset_px[1]) * scale
    if tile.size_px is not None:
        w, h = tile.size_px
    else:
        w, h = tile.src[2], tile.src[3]
        if tile.flip & FLIP_D:
            w, h = h, w
    w, h = w * scale, h * scale
    if not tile.rotation:
        return (ax, ay - h, ax + w, ay)
    t = math.radians(tile.rotation)
    cos, sin = math.cos(t), math.sin(t)
    xs, ys = [], []
    for dx, dy in ((0.0, 0.0), (w, 0.0), (w, -h), (0.0, -h)):
        xs.append(ax + dx * cos - dy * sin)
        ys.append(ay + dx * sin + dy * cos)
    return (min(xs), min(ys), max(xs), max(ys))


def flipped(piece: pygame.Surface, flip: int) -> pygame.Surface:
    """Tiled's flips: the diagonal one (x and y swapped) first, then horizontal, then vertical."""
    if flip & FLIP_D:
        piece = pygame.transform.flip(pygame.transform.rotate(piece, 90), False, True)
    return pygame.transform.flip(piece, bool(flip & FLIP_H), bool(flip & FLIP_V))


def grid_blits(blits: list, grid: TileGrid, cell_px: int, chunk: tuple[int, int, int, int], tile_px: int,
               piece_of: Callable[[TilePlacement], pygame.Surface | None],
               plain_square: Callable[[tuple[int, int]], pygame.Surface]) -> int:
    """Add to ``blits`` the tiles of ``grid`` over the chunk of squares ``(c0, r0, cols, rows)``,
    placed as :func:`footprint` places them; returns how many squares were looked up.

    ``piece_of(look)``: a tile id's picture at this zoom (None: it cannot be shown, and its
    squares get ``plain_square(cell)``), asked once per tile id.
    """
    c0, r0, cols, rows = chunk
    tp = tile_px
    ox, oy = grid.looks[next(iter(grid.looks))].offset_px  # (the layer's: the same for all its tiles)
    reach = grid.reach_px
    c_lo = max(0, math.floor((c0 * tp - ox - reach) / tp))
    c_hi = min(grid.width, math.ceil(((c0 + cols) * tp - ox) / tp) + 1)
    r_lo = max(0, math.floor((r0 * tp - oy) / tp) - 1)
    r_hi = min(grid.height, math.ceil(((r0 + rows) * tp - oy + reach) / tp) + 1)
    if c_lo >= c_hi or r_lo >= r_hi:
        return 0
    scale = cell_px / tp
    drawn: dict[int, tuple[pygame.Surface | None, TilePlacement, bool]] = {}  # tile id -> piece, look, plain
    looks, ids, width = grid.looks, grid.ids, grid.width
    for r in range(r_lo, r_hi):
        start = r * width
        for c, raw in enumerate(ids[start + c_lo:start + c_hi], c_lo):
            if not raw:
                continue
            got = drawn.get(raw)
            if got is None:
                look = looks.get(raw)
                if look is None:
                    continue
                got = drawn[raw] = (piece_of(look), look, plain_placement(look))
            piece, look, plain = got
            if piece is None:
                blits.append((plain_square((c, r)), ((c - c0) * cell_px, (r - r0) * cell_px)))
            elif plain:
                blits.append((piece, ((c - c0) * cell_px, (r + 1 - r0) * cell_px - piece.get_height())))
            else:
                h = look.src[2] if look.flip & FLIP_D else look.src[3]  # as footprint places it
                x0 = (c * tp + ox) * scale
                y0 = ((r + 1) * tp + oy) * scale - h * scale
                blits.append((piece, (round(x0) - c0 * cell_px, round(y0) - r0 * cell_px)))
    return (c_hi - c_lo) * (r_hi - r_lo)


__all__ = ["Placed", "flipped", "footprint", "grid_blits", "plain_placement"]
