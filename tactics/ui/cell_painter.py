"""Tints and outlines of sets of squares, as pictures of pieces of the map made once per look.

Why: a 60 ft reach is a few hundred squares; filling them one by one each
frame is slow in pygame (many small fills), and drawing its border edge by
edge costs a line each. So a set is cut along a grid of blocks of
``PIECE`` x ``PIECE`` squares fixed to the map, and each block's part of the
tint or outline is a small picture, kept per (its squares or edges inside the
block, colour, zoom): a set costs one blit per block it touches.

Why blocks, not one picture per set (issue 12): when a door opens or the
selected token steps a square, its reach changes along its edge but not in its
middle. The board's recording (``board_record.py``) compares operations: a
block whose part of the reach is as it was is the same blit at the same place,
so only the blocks that changed are repainted, not the whole reach's box. The
pixels are the same as one picture or square-by-square tiles and lines
(tests/test_ui_pan_scroll.py).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Iterable

import pygame

from tactics.rules.grid import Cell
from tactics.ui import theme
from tactics.ui.board_record import RecordingSurface
from tactics.ui.camera import Camera

PIECE = 4  # a tint or outline is cut into blocks of this many squares a side (fixed to the map)
PIECE_BYTES = 32_000_000  # the blocks' pictures kept take at most this much memory ...
PIECE_COUNT = 6000  # ... and are at most this many
SPLITS_KEPT = 48  # sets whose cut into blocks is kept (reaches, templates, their outlines) ...
SPLIT_SQUARES = 400_000  # ... holding at most this many squares together (a fog over a big map is most of it)
SHAPES_KEPT = 20_000  # blocks' shapes kept by their bits (a few hundred make a reach)
MENDED_SHARE = 4  # a set differing from the last of its kind in at most 1/this of its squares: only its changed blocks cut again


class CellPainter:
    """Tints and outlines sets of squares with pre-made pictures (no per-cell fills).

    A tint or outline of a frozen set of squares is cut into the map's blocks
    once per (squares, colour, zoom); each block's picture is painted once per
    look and blitted: a 60 ft reach costs a blit per block, not a fill per square.
    """

    def __init__(self) -> None:
        self._tiles: dict[tuple[int, tuple[int, ...]], pygame.Surface] = {}
        self._edges: OrderedDict[frozenset, list] = OrderedDict()
        self._splits: OrderedDict[tuple, list] = OrderedDict()  # (kind, squares, px) -> blocks' pieces
        self._pieces: OrderedDict[tuple, tuple[pygame.Surface, int, int]] = OrderedDict()
        self._piece_bytes = 0
        self._split_squares = 0  # the squares of the sets in _splits
        self._recorded: dict[tuple, tuple[list, list]] = {}  # (split, place, clips) -> its recorded blits
        # (kind, colour, width, zoom) -> the last set of squares cut so, and its blocks by place: a set
        # that differs from it in a few squares (a door opened beside a reach) is cut only there
        self._last_cut: dict[tuple, tuple[frozenset, dict[tuple[int, int], tuple], dict[int, int] | None]] = {}
        self._shapes: dict[tuple, tuple] = {}  # (kind, a block's bits, zoom, width) -> its shape (see _shape)

    def forget_cuts(self) -> None:
        """Cut every set afresh next time (the blocks' pictures are kept): what a fresh frame does
        (tests compare the kept and mended cuts with it)."""
        self._splits.clear()
        self._split_squares = 0
        self._recorded.clear()
        self._last_cut.clear()

    def tile(self, px: int, rgba: tuple[int, ...]) -> pygame.Surface:
        key = (px, rgba)
        hit = self._tiles.get(key)
        if hit is None:
            hit = pygame.Surface((px, px), pygame.SRCALPHA)
            hit.fill(rgba)
            if len(self._tiles) > 64:
                self._tiles.clear()
            self._tiles[key] = hit
        return hit

    def fill(self, surface: pygame.Surface, camera: Camera, cells: Iterable[Cell], rgba, clip: pygame.Rect) -> None:
        px = camera.cell_px
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        clip = clip.clip(surface.get_clip())
        if isinstance(cells, frozenset) and len(cells) > 8:  # one picture per block of the map it touches
            rgba = tuple(rgba)
            self._blit_pieces(surface, ("tint", cells, rgba, 0, px), ox, oy, clip)
            return
        tile = self.tile(px, tuple(rgba))
        left, top, right, bottom = clip.left - px, clip.top - px, clip.right, clip.bottom
        blits = []
        for c, r in cells:
            x, y = ox + c * px, oy + r * px
            if left < x < right and top < y < bottom:
                blits.append((tile, (x, y)))
        surface.fblits(blits)

    def outline(self, surface: pygame.Surface, camera: Camera, cells: frozenset[Cell], colour, width: int = 2) -> None:
        """Draw the border of a set of squares (its outer and inner edges).

        The unit edges are joined into straight runs (the same pixels, fewer
        lines). With an opaque colour each block's runs are drawn once per
        (its edges, colour, width, zoom) into a colour-keyed picture, blitted
        afterwards: the same pixels, one blit per block of the border (and in
        the board's recording, an operation that stays the same where the
        border did). A see-through colour draws its lines.
        """
        px = camera.cell_px
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        colour = tuple(colour)
        if len(colour) == 3 or colour[3] == 255:
            clip = surface.get_clip()
            self._blit_pieces(surface, ("edge", cells, colour, width, px), ox, oy, clip)
            return
        for (x1, y1, x2, y2) in self._runs(cells):
            pygame.draw.line(surface, colour, (ox + x1 * px, oy + y1 * px), (ox + x2 * px, oy + y2 * px), width)

    def _blit_pieces(self, surface: pygame.Surface, split: tuple, ox: int, oy: int, clip: pygame.Rect) -> None:
        """The blocks' pictures of ``split`` (see :meth:`_split`) blitted; on the board's recording,
        as the operations recorded for them at this place and clip before, if any (a reach shown
        again: its blits are the same)."""
        pieces = self._split(*split)
        if isinstance(surface, RecordingSurface):
            clip_t = surface.clip_key()
            key = (split, ox, oy, tuple(clip), clip_t)
            ops = self._recorded.get(key)
            if ops is None:
                start = len(surface.keys)
                surface.fblits(self._placed(split, pieces, ox, oy, clip))
                ops = (surface.keys[start:], surface.boxes[start:])
                if len(self._recorded) > SPLITS_KEPT:
                    self._recorded.clear()
                self._recorded[key] = ops
                return
            surface.add(*ops)
            return
        surface.fblits(self._placed(split, pieces, ox, oy, clip))

    def _placed(self, split: tuple, pieces: list, ox: int, oy: int,
                clip: pygame.Rect) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The blocks' pictures at their places on the board, those that reach into ``clip``."""
        kind, _, colour, width, px = split
        left, top, right, bottom = clip.left, clip.top, clip.right, clip.bottom
        out = []
        for parts, x, y, w, h in pieces:
            x, y = ox + x, oy + y
            if x < right and y < bottom and x + w > left and y + h > top:
                out.append((self._piece(kind, parts, colour, width, px)[0], (x, y)))
        return out

    def _split(self, kind: str, cells: frozenset[Cell], colour: tuple[int, ...], width: int, px: int) -> list:
        """``cells``' tint (``kind`` "tint") or outline ("edge") cut into blocks: (its squares or
        edges in the block, x, y, w, h of its picture in pixels from the map's corner) per block,
        in the blocks' order (row by row). The pictures are made when a block is first shown
        (:meth:`_piece`): a fog over a 1000x1000 map is 62 500 blocks, a view shows a few hundred."""
        key = (kind, cells, colour, width, px)
        hit = self._splits.get(key)
        if hit is not None:
            self._splits.move_to_end(key)
            return hit
        family = (kind, colour, width, px)
        last = self._last_cut.get(family)
        mended = None if last is None else self._mended(kind, cells, last, px, width)
        rows: dict[int, int] | None = None  # (made when it is first mended: a fog over a big map may never be)
        if mended is None:
            cut = self._cut(kind, cells, px, width)
        else:
            cut, rows = mended
        if len(self._last_cut) > SPLITS_KEPT:
            self._last_cut.clear()
        self._last_cut[family] = (cells, cut, rows)
        out = [cut[block] for block in sorted(cut, key=lambda b: (b[1], b[0]))]
        self._splits[key] = out
        self._split_squares += len(cells)
        while len(self._splits) > 1 and (len(self._splits) > SPLITS_KEPT or self._split_squares > SPLIT_SQUARES):
            gone, _ = self._splits.popitem(last=False)
            self._split_squares -= len(gone[1])
            self._recorded = {k: ops for k, ops in self._recorded.items() if k[0] != gone}  # (they hold its squares)
        return out

    def _mended(self, kind: str, cells: frozenset[Cell], last: tuple, px: int,
                width: int) -> tuple[dict[tuple[int, int], tuple], dict[int, int]] | None:
        """The blocks of ``cells`` made from the last set cut the same way: only the blocks where a
        square differs are cut again (a unit edge changes only with the two squares beside it: a
        square's four sides, each kept with the block of its first end); None when too many differ.
        Also the set's rows as bits (see :meth:`_shape`), mended the same way."""
        was, blocks, rows = last
        differ = cells ^ was
        if len(differ) * MENDED_SHARE > len(cells):
            return None
        if rows is None:
            rows = {}
            for c, r in was:
                rows[r] = rows.get(r, 0) | (1 << c)
        else:
            rows = dict(rows)
        touched: set[tuple[int, int]] = set()
        for c, r in differ:
            rows[r] = rows.get(r, 0) ^ (1 << c)
            touched.add((c // PIECE, r // PIECE))
            if kind != "tint":
                touched.add((c // PIECE, (r + 1) // PIECE))
                touched.add(((c + 1) // PIECE, r // PIECE))
        out = dict(blocks)
        span = PIECE * px
        shape = self._shape
        for block in touched:
            found = shape(kind, rows, block, px, width)
            if found is None:
                out.pop(block, None)
                continue
            kept = out.get(block)
            if kept is None or kept[0] is not found[0]:  # else as it was (a change beside it touched it)
                out[block] = (found[0], block[0] * span + found[1], block[1] * span + found[2], found[3], found[4])
        return out, rows

    def _shape(self, kind: str, rows: dict[int, int], block: tuple[int, int], px: int, width: int) -> tuple | None:
        """One block of a set given as its rows' bits (row -> the set's columns in it, as bits): its
        squares (a tint) or the unit edges whose first end is in it (an outline) and their picture's
        place and size from the block's corner, as :func:`_block` gives them (None: nothing
        there). Why bits: a step of the selected token cuts the blocks all round its reach again,
        and looking up 16 to 48 squares a block one by one was most of it; the few hundred shapes a
        reach's blocks take are kept by their bits, and a block of the same shape is the same
        frozenset (its picture then found by identity)."""
        c0, r0 = block[0] * PIECE, block[1] * PIECE
        get = rows.get
        if kind == "tint":  # the block's 4 x 4 squares: 16 bits
            mask = 0
            for k in range(PIECE):
                mask |= ((get(r0 + k, 0) >> c0) & 0xF) << (PIECE * k)
        else:  # and the row above it and the column left of it: 5 x 5 bits (the corner unused)
            mask = 0
            for k in range(PIECE + 1):
                mask |= (((get(r0 - 1 + k, 0) << 1) >> c0) & 0x1F) << (5 * k)
        if not mask:
            return None
        key = (kind, mask, px, width)
        hit = self._shapes.get(key)
        if hit is None:
            listed: list[tuple[int, ...]]
            if kind == "tint":
                listed = [(i % PIECE, i // PIECE) for i in range(PIECE * PIECE) if mask >> i & 1]
            else:
                listed = []
                for y in range(PIECE):
                    for x in range(PIECE):
                        here = mask >> (5 * (y + 1) + x + 1) & 1
                        if here != mask >> (5 * y + x + 1) & 1:  # the square above
                            listed.append((x, y, x + 1, y))
                        if here != mask >> (5 * (y + 1) + x) & 1:  # the square to the left
                            listed.append((x, y, x, y + 1))
            hit = _block(kind, (0, 0), listed, px, width) if listed else ()
            if len(self._shapes) > SHAPES_KEPT:
                self._shapes.clear()
            self._shapes[key] = hit
        return hit or None

    def _cut(self, kind: str, cells: frozenset[Cell], px: int, width: int) -> dict[tuple[int, int], tuple]:
        """``cells`` cut into blocks afresh: (its squares or edges, x, y, w, h) by block."""
        blocks: dict[tuple[int, int], list] = {}
        if kind == "tint":
            for c, r in cells:
                bc, lc = divmod(c, PIECE)
                br, lr = divmod(r, PIECE)
                blocks.setdefault((bc, br), []).append((lc, lr))
        else:  # each unit edge goes with the block of its first end (its pixels reach a little past it)
            for x1, y1, x2, y2 in border_edges(cells):
                bx, by = x1 // PIECE, y1 // PIECE
                blocks.setdefault((bx, by), []).append((x1 - bx * PIECE, y1 - by * PIECE, x2 - bx * PIECE,
                                                        y2 - by * PIECE))
        return {block: _block(kind, block, listed, px, width) for block, listed in blocks.items()}

    def _piece(self, kind: str, parts: frozenset, colour: tuple[int, ...], width: int,
               px: int) -> tuple[pygame.Surface, int, int]:
        """One block's picture and its offset from the block's corner (in pixels): its squares
        tinted, or its unit edges (in squares from the corner) drawn as runs on a colour key."""
        key = (kind, parts, colour, width, px)
        pieces = self._pieces
        try:  # (one look-up fewer than ``in`` first: a block's squares are hashed and compared at each)
            pieces.move_to_end(key)
            return pieces[key]
        except KeyError:
            pass
        if kind == "tint":
            c0, r0 = min(c for c, _ in parts), min(r for _, r in parts)
            w, h = max(c for c, _ in parts) - c0 + 1, max(r for _, r in parts) - r0 + 1
            surf = pygame.Surface((w * px, h * px), pygame.SRCALPHA)
            by_row: dict[int, list[int]] = {}
            for c, r in parts:
                by_row.setdefault(r, []).append(c)
            for r, cs in by_row.items():  # runs of squares in a row: one fill each
                cs.sort()
                start = prev = cs[0]
                for nxt in [*cs[1:], None]:  # None: the row's last run ends
                    if nxt is not None and nxt == prev + 1:
                        prev = nxt
                        continue
                    surf.fill(colour, ((start - c0) * px, (r - r0) * px, (prev - start + 1) * px, px))
                    if nxt is not None:
                        start = prev = nxt
            hit: tuple[pygame.Surface, int, int] = (surf, c0 * px, r0 * px)
        else:
            edges = border_runs(list(parts))
            xs = [x for e in edges for x in (e[0], e[2])]
            ys = [y for e in edges for y in (e[1], e[3])]
            pad = width + 2
            x0, y0 = min(xs) * px - pad, min(ys) * px - pad
            w, h = (max(xs) * px + pad) - x0 + 1, (max(ys) * px + pad) - y0 + 1
            # Opaque lines on a colour-keyed, run-length encoded picture: the blit skips the
            # transparent runs, so a block costs its lines, not its box.
            key_colour = theme.COLOUR_KEY if colour[:3] != theme.COLOUR_KEY else theme.COLOUR_KEY_ALT
            surf = pygame.Surface((w, h))
            surf.fill(key_colour)
            for (x1, y1, x2, y2) in edges:
                pygame.draw.line(surf, colour[:3], (x1 * px - x0, y1 * px - y0), (x2 * px - x0, y2 * px - y0), width)
            surf.set_colorkey(key_colour, pygame.RLEACCEL)
            hit = (surf, x0, y0)
        self._pieces[key] = hit
        self._piece_bytes += _size(hit)
        while len(self._pieces) > 1 and (self._piece_bytes > PIECE_BYTES or len(self._pieces) > PIECE_COUNT):
            _, gone = self._pieces.popitem(last=False)
            self._piece_bytes -= _size(gone)
        return hit

    def _runs(self, cells: frozenset[Cell]) -> list[tuple[int, int, int, int]]:
        edges = self._edges.get(cells)
        if edges is None:
            edges = border_runs(border_edges(cells))
            self._edges[cells] = edges
            if len(self._edges) > 32:
                self._edges.popitem(last=False)
        else:
            self._edges.move_to_end(cells)
        return edges


def _block(kind: str, block: tuple[int, int], listed: list, px: int, width: int) -> tuple:
    """One block of a cut set: (its squares or unit edges from the block's corner, x, y, w, h of its
    picture in pixels from the map's corner), worked out without making the picture (only those
    in view are made)."""
    span = PIECE * px
    if kind == "tint":
        cs, rs = zip(*listed)  # (the bounds by C-level min and max: a new reach is cut each step)
        c0, r0 = min(cs), min(rs)
        dx, dy = c0 * px, r0 * px
        w, h = (max(cs) - c0 + 1) * px, (max(rs) - r0 + 1) * px
    else:
        pad = width + 2
        x1s, y1s, x2s, y2s = zip(*listed)
        dx, dy = min(min(x1s), min(x2s)) * px - pad, min(min(y1s), min(y2s)) * px - pad
        w, h = (max(max(x1s), max(x2s)) * px + pad) - dx + 1, (max(max(y1s), max(y2s)) * px + pad) - dy + 1
    return (frozenset(listed), block[0] * span + dx, block[1] * span + dy, w, h)


def _size(hit: tuple[pygame.Surface, int, int] | None) -> int:
    if hit is None:
        return 0
    surf = hit[0]
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def border_runs(edges: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Unit edges joined into straight runs: a line from one end of each run to the other (drawn,
    the same pixels as the unit lines: tests/test_ui_pan_scroll.py)."""
    rows = sorted((y1, x1) for x1, y1, x2, y2 in edges if y1 == y2)
    cols = sorted((x1, y1) for x1, y1, x2, y2 in edges if x1 == x2)
    out = []
    for pairs, horizontal in ((rows, True), (cols, False)):
        i = 0
        while i < len(pairs):
            fixed, start = pairs[i]
            j = i
            while j + 1 < len(pairs) and pairs[j + 1] == (fixed, pairs[j][1] + 1):
                j += 1
            end = pairs[j][1] + 1
            out.append((start, fixed, end, fixed) if horizontal else (fixed, start, fixed, end))
            i = j + 1
    return out


def border_edges(cells: frozenset[Cell]) -> list[tuple[int, int, int, int]]:
    """The unit edges (x1, y1, x2, y2 in squares) around a set of squares: its outline."""
    out = []
    for c, r in cells:
        if (c, r - 1) not in cells:
            out.append((c, r, c + 1, r))
        if (c, r + 1) not in cells:
            out.append((c, r + 1, c + 1, r + 1))
        if (c - 1, r) not in cells:
            out.append((c, r, c, r + 1))
        if (c + 1, r) not in cells:
            out.append((c + 1, r, c + 1, r + 1))
    return out
