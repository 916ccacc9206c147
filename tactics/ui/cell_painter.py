"""Tints and outlines of sets of squares, as pictures made once per (squares, colour, zoom).

Why: a 60 ft reach is a few hundred squares; filling them one by one each
frame is slow in pygame (many small fills), and drawing its border edge by
edge costs a line each. One overlay per set, blitted whole, costs one blit.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Iterable

import pygame

from tactics.rules.grid import Cell
from tactics.ui import theme
from tactics.ui.board_record import RecordingSurface
from tactics.ui.camera import Camera

OVERLAY_PIXELS = 4_000_000  # a tint bigger than this is blitted tile by tile, not cached whole
OVERLAY_BYTES = 48_000_000  # the pictures kept together take at most this much memory ...
OVERLAY_COUNT = 64  # ... and are at most this many (a reach moved back and forth, templates pinned)


class CellPainter:
    """Tints and outlines sets of squares with pre-made pictures (no per-cell fills).

    A tint of a frozen set of squares is painted once per (squares, colour,
    zoom) into one overlay and then blitted whole: a 60 ft reach costs one blit,
    not a few hundred.
    """

    def __init__(self) -> None:
        self._tiles: dict[tuple[int, tuple[int, ...]], pygame.Surface] = {}
        self._edges: OrderedDict[frozenset, list] = OrderedDict()
        self._overlays: OrderedDict[tuple, tuple[pygame.Surface, int, int] | None] = OrderedDict()
        self._bytes = 0  # what the kept pictures take
        self._boxes: dict[tuple, pygame.Rect] = {}  # where a recorded outline paints
        self._uses: dict[tuple, int] = {}  # recorded outlines painted without their overlay so far

    def overlay(self, cells: frozenset[Cell], rgba: tuple[int, ...], px: int) -> tuple[pygame.Surface, int, int] | None:
        """The tint of ``cells`` as one picture and its top-left square (None: too big to cache)."""
        key = (cells, rgba, px)
        if key in self._overlays:
            self._overlays.move_to_end(key)
            return self._overlays[key]
        hit = None
        if cells:
            cols = [c for c, _ in cells]
            rows = [r for _, r in cells]
            c0, r0 = min(cols), min(rows)
            w, h = (max(cols) - c0 + 1) * px, (max(rows) - r0 + 1) * px
            if w * h <= OVERLAY_PIXELS:
                surf = pygame.Surface((w, h), pygame.SRCALPHA)
                by_row: dict[int, list[int]] = {}
                for c, r in cells:
                    by_row.setdefault(r, []).append(c)
                for r, cs in by_row.items():  # runs of squares in a row: one fill each
                    cs.sort()
                    start = prev = cs[0]
                    following: list[int | None] = [*cs[1:], None]  # None: the row's last run ends
                    for nxt in following:
                        if nxt is not None and nxt == prev + 1:
                            prev = nxt
                            continue
                        surf.fill(rgba, ((start - c0) * px, (r - r0) * px, (prev - start + 1) * px, px))
                        if nxt is not None:
                            start = prev = nxt
                hit = (surf, c0, r0)
        self._keep(key, hit)
        return hit

    def _keep(self, key: tuple, hit: tuple[pygame.Surface, int, int] | None) -> None:
        """Keep a picture, forgetting the least recently used ones past the memory and count limits
        (a reach's tint is a megabyte or two: 24 of them, the old limit, were gone before a
        template moved back to where it was)."""
        self._overlays[key] = hit
        self._bytes += _size(hit)
        while len(self._overlays) > 1 and (self._bytes > OVERLAY_BYTES or len(self._overlays) > OVERLAY_COUNT):
            _, gone = self._overlays.popitem(last=False)
            self._bytes -= _size(gone)

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
        if isinstance(cells, frozenset) and len(cells) > 8:
            found = self.overlay(cells, tuple(rgba), px)
            if found is not None:
                surf, c0, r0 = found
                surface.blit(surf, (ox + c0 * px, oy + r0 * px))
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
        lines). With an opaque colour the lines are drawn once per (squares,
        colour, width, zoom) into an overlay and blitted whole afterwards: the
        same pixels, one blit instead of a line per run. Recorded for the board
        (render.py), the outline is one operation that :meth:`replay` paints:
        with the overlay once it is used again, with its lines before (a new
        reach makes no picture).
        """
        edges = self._runs(cells)
        px = camera.cell_px
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        colour = tuple(colour)
        if isinstance(surface, RecordingSurface):  # the board's operations: one for the outline
            if edges:
                args = (cells, colour, width, px, ox, oy)
                box = self._boxes.get(args)
                if box is None:
                    xs = [x for e in edges for x in (e[0], e[2])]
                    ys = [y for e in edges for y in (e[1], e[3])]
                    pad = width + 2
                    box = pygame.Rect(ox + min(xs) * px - pad, oy + min(ys) * px - pad,
                                      (max(xs) - min(xs)) * px + 2 * pad + 1, (max(ys) - min(ys)) * px + 2 * pad + 1)
                    if len(self._boxes) > 64:
                        self._boxes.clear()
                    self._boxes[args] = box
                surface.paint(self, args, box)
            return
        if edges and (len(colour) == 3 or colour[3] == 255):
            key = ("outline", cells, colour, width, px)
            hit = self._overlays.get(key)
            if hit is None and key not in self._overlays:
                hit = self._outline_picture(key, edges)
            if hit is not None:
                self._overlays.move_to_end(key)
                surf, x0, y0 = hit
                surface.blit(surf, (ox + x0, oy + y0))
                return
        for (x1, y1, x2, y2) in edges:
            pygame.draw.line(surface, colour, (ox + x1 * px, oy + y1 * px), (ox + x2 * px, oy + y2 * px), width)

    def replay(self, surface: pygame.Surface, args: tuple, shift: tuple[int, int]) -> None:
        """Paint a recorded outline (under the clip the board set): its overlay if it was made or is
        wanted a second time, else its lines (the same pixels)."""
        cells, colour, width, px, ox, oy = args
        ox, oy = ox + shift[0], oy + shift[1]
        edges = self._runs(cells)
        if len(colour) == 3 or colour[3] == 255:
            key = ("outline", cells, colour, width, px)
            hit = self._overlays.get(key)
            if hit is None and key not in self._overlays:
                uses = self._uses[key] = self._uses.get(key, 0) + 1
                if len(self._uses) > 64:
                    self._uses.clear()
                if uses >= 2:
                    hit = self._outline_picture(key, edges)
            if hit is not None:
                self._overlays.move_to_end(key)
                surf, x0, y0 = hit
                surface.blit(surf, (ox + x0, oy + y0))
                return
        for (x1, y1, x2, y2) in edges:
            pygame.draw.line(surface, colour, (ox + x1 * px, oy + y1 * px), (ox + x2 * px, oy + y2 * px), width)

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

    def _outline_picture(self, key: tuple, edges: list[tuple[int, int, int, int]]) -> tuple[pygame.Surface, int, int] | None:
        """The outline's lines on one picture (None: too big), kept under ``key``."""
        _, _, colour, width, px = key
        hit = None
        if edges:
            xs = [x for e in edges for x in (e[0], e[2])]
            ys = [y for e in edges for y in (e[1], e[3])]
            pad = width + 2
            x0, y0 = min(xs) * px - pad, min(ys) * px - pad
            w, h = (max(xs) * px + pad) - x0 + 1, (max(ys) * px + pad) - y0 + 1
            if w * h <= OVERLAY_PIXELS:
                # Opaque lines on a colour-keyed, run-length encoded picture: the blit skips
                # the transparent runs, so a big outline costs its lines, not its box.
                key_colour = theme.COLOUR_KEY if colour[:3] != theme.COLOUR_KEY else theme.COLOUR_KEY_ALT
                surf = pygame.Surface((w, h))
                surf.fill(key_colour)
                for (x1, y1, x2, y2) in edges:
                    pygame.draw.line(surf, colour[:3], (x1 * px - x0, y1 * px - y0), (x2 * px - x0, y2 * px - y0), width)
                surf.set_colorkey(key_colour, pygame.RLEACCEL)
                hit = (surf, x0, y0)
        self._keep(key, hit)
        return hit


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
