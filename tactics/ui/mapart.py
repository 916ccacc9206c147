"""The map's picture, made in chunks at the zoom it is shown at.

For each zoom (whole pixels per square) the map is cut into square blocks of
cells; a block is made the first time it shows and cached with the grid lines,
the terrain-check marks (and, on maps without art, the walls) baked in. A
frame then only blits the visible blocks: no per-frame scaling, no
cell-by-cell fills.

A block is made at display scale from the source: the map's image (scaled
once to at most ``MAX_BASE_SIDE``), its Tiled tiles (each tile picture scaled
once per zoom), or, with no art, the terrain's own squares drawn at that zoom.
No full-size picture of a tiled or terrain map is ever made: a legal
1000x1000 Tiled map of 32 px tiles would be 4 GB. A Tiled map's tile layers
are drawn from their grids of tile ids, looked up only for the squares a chunk
shows (:mod:`tactics.ui.tile_art`); other tiles are indexed by block of squares.
"""

from __future__ import annotations

import io
import math
import random
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from tactics.maps.battlemap import BattleMap, TilePlacement
from tactics.maps.imagesize import ImageHeaderError, safe_image_file_size
from tactics.maps.tilegrid import TileGrid, split_tiles
from tactics.ui import decode_ahead, theme
from tactics.ui.camera import Camera
from tactics.ui.decode_ahead import FileKey, file_key
from tactics.ui.picture_scale import smoothscale_banded
from tactics.ui.tile_art import Placed, flipped, footprint, grid_blits, plain_placement

CHUNK_PX = 512
CACHE_PIXELS = 12_000_000  # about 48 MB of chunks at most (six full-HD screens)
INDEX_CELLS = 16  # side of the blocks of squares that marks and walls are indexed by
MAX_BASE_SIDE = 8192


class ArtError(Exception):
    """The map's art cannot be decoded (the map still works, drawn from terrain)."""


def _file_key(image: Any, source: str | None) -> FileKey:
    """The map picture's file (relative to the map's own file) as (path, size, time written)."""
    path = Path(image.path)
    if not path.is_absolute() and source:
        path = Path(source).resolve().parent / path
    return file_key(path)


def decode_soon(battle_map: BattleMap) -> None:
    """Start decoding the map's picture now, on another thread, for its first frame (issue 12:
    the bundled map's 2100x1400 PNG takes 50 ms, as long as importing the window's modules,
    which the start does meanwhile): :func:`tactics.ui.decode_ahead.decode_soon`."""
    image = battle_map.image
    if image is None or image.data is not None or image.path is None:
        return
    try:
        key = _file_key(image, battle_map.source)
    except (OSError, ValueError):
        return
    decode_ahead.decode_soon(key)


def _load_image(image: Any, source: str | None) -> pygame.Surface:
    if image.data is not None:
        return pygame.image.load(io.BytesIO(image.data))
    if image.path is None:
        raise ArtError("the map image has neither data nor a path")
    return decode_ahead.picture(_file_key(image, source))


#: the last map base made (scaled and converted to the window's format), by what it was made from:
#: the same map opened again (a restored autosave, a reloaded encounter, the next window) skips
#: the scale and the copy (26 ms for the bundled map). One entry: it is the base the open map
#: holds anyway. Bases are only read (chunks are scaled copies of their parts).
_BASES: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()


def _base_key(image: Any, source: str | None, width: int, height: int) -> tuple | None:
    """What a map's base depends on (None: an embedded picture, not kept)."""
    display = pygame.display.get_surface()
    if image.data is not None or image.path is None or display is None:
        return None
    try:
        found = _file_key(image, source)
    except OSError:
        return None
    return (*found, float(image.pixels_per_cell), tuple(image.offset_px), width, height, display.get_bitsize(),
            display.get_masks())


def chunk_surface(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface in the window's format for a chunk, its rows a few bytes longer than a
    multiple of 16 (a subsurface of one a pixel wider, when that is needed).

    Why: SDL 2's plain copy (``SDL_BlitCopy``) takes its SSE path when both surfaces' pixels and
    pitches are 16-byte aligned, and that path writes with non-temporal stores
    (``SDL_memcpySSE``): measured here, a 28 px terrain square blitted into an aligned chunk took
    about 10 us against 0.6 us with ``memcpy`` (a 504 px chunk of squares: 3.3 ms against 0.2 ms),
    and whole boards composed from aligned chunks about a third slower. The pixels are the same.
    """
    w, h = size
    display = pygame.display.get_surface()
    bytes_per_pixel = display.get_bytesize() if display is not None else 4
    if (w * bytes_per_pixel) % 16:
        return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)
    wider = pygame.Surface((w + 1, h), 0, display) if display is not None else pygame.Surface((w + 1, h))
    return wider.subsurface(pygame.Rect(0, 0, w, h))


def _alpha_surface(size: tuple[int, int]) -> pygame.Surface:
    """A new see-through surface, made in the window's alpha format at once: made plain and
    then converted, a map-sized one was held twice (review 12)."""
    if pygame.display.get_surface() is None:
        return pygame.Surface(size, pygame.SRCALPHA)
    window_alpha = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    return pygame.Surface(size, pygame.SRCALPHA, window_alpha)


def _convert(surface: pygame.Surface) -> pygame.Surface:
    display = pygame.display.get_surface()
    if display is None:
        return surface
    if (surface.get_bitsize() == display.get_bitsize() and surface.get_masks() == display.get_masks()
            and not surface.get_flags() & pygame.SRCALPHA):
        return surface  # already the window's format (a new Surface, a scaled chunk): convert() only copies
    return surface.convert()


class MapArt:
    """The map's source art and the per-zoom chunk cache."""

    def __init__(self, battle_map: BattleMap) -> None:
        self.map = battle_map
        self.has_art = False
        self.problem: str | None = None
        self.base: pygame.Surface | None = None  # the scaled image of an image map, else None
        self.ppc = 0  # pixels a square of the base picture (or of the tiles, without one)
        self._tile_ppc = 0  # pixels a square of the tiles' own art
        self._sheets: dict[str, pygame.Surface] = {}
        self._plain: set[tuple[str, tuple[int, int, int, int]]] = set()  # tiles drawn as their terrain's square
        self._pieces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._terrain_tiles: dict[tuple[str, int, int], pygame.Surface] = {}
        #: the tiles by block of INDEX_CELLS squares they cover (a wide rug, a tall tree, a tile
        #: moved by its layer's offset: in every block its picture reaches), with their box in map pixels
        self._tile_index: dict[tuple[int, int], list[Placed]] | None = None
        #: a Tiled map's tile layers as grids of tile ids (looked up per square shown), and the
        #: tiles not in a grid (tile objects, a native map's tiles), indexed by block
        self._grids, self._loose = split_tiles(battle_map.tiles)
        #: squares of tile layers looked up so far (what opening and drawing a big map costs grows
        #: with what is shown, not with the map: tests hold it to that)
        self.squares_looked_at = 0
        self._marks: dict[tuple[int, int], list[tuple[int, int]]] | None = None
        self._walls: dict[tuple[int, int], list] | None = None
        self._compose()
        self._chunks: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._pixels = 0
        self.show_walls = walls_shown_at_first(self)

    def draws_walls(self) -> bool:
        """Does the map's own art draw its walls? A picture does (a Dungeondraft export, a scan, a
        Tiled image layer: the walls were painted into it); tiles alone do not draw a Tiled map's
        wall and window objects (shapes on an object layer, which Tiled shows over the tiles)."""
        return self.base is not None

    # -- the source art ------------------------------------------------------------
    def _compose(self) -> None:
        m = self.map
        if m.image is not None:
            try:
                key = _base_key(m.image, m.source, m.width, m.height)
                if key is not None:
                    key = (*key, self._tiles_under_image())
                hit = _BASES.get(key) if key is not None else None
                if hit is None:
                    base = self._from_image()
                    hit = (base if base.get_flags() & pygame.SRCALPHA else _convert(base), self._image_ppc)
                    if key is not None:
                        _BASES.clear()
                        _BASES[key] = hit
                self.base, self.ppc = hit
                self.has_art = True
            except FileNotFoundError as exc:
                folder = Path(m.source).resolve().parent if m.source else None
                named = Path(exc.filename) if exc.filename else _picture_path(m.image.path, folder)
                shown = _shown_path(named, folder) if named is not None else "the map's picture"
                self.problem = f"map picture {shown} {_why_missing(named)}: the map is drawn as plain squares"
            except (pygame.error, OSError, ArtError, ValueError) as exc:
                self.problem = f"map art not shown: {exc}"
        if m.tiles and m.tile_size_px:  # over (or under) the picture, in Tiled's layer order
            self._load_sheets()  # a tileset picture that cannot be read costs only its own tiles
            self._tile_ppc = int(m.tile_size_px)
            if self._sheets:
                if self.base is None:
                    self.ppc = self._tile_ppc
                self.has_art = True
        if not self.has_art:
            self.ppc = 0  # terrain: drawn at each zoom

    def _tiles_under_image(self) -> bool:
        """Does a tile layer come before the map's picture (Tiled: drawn under it)?"""
        image = self.map.image
        return image is not None and (any(grid.layer < image.layer for grid in self._grids)
                                      or any(tile.layer < image.layer for tile in self._loose))

    def _from_image(self) -> pygame.Surface:
        m = self.map
        image = m.image
        assert image is not None  # called only for a map with an image (see __init__)
        img = _load_image(image, m.source)
        ppc = float(image.pixels_per_cell)
        if ppc <= 0:
            raise ArtError("pixels per cell must be positive")
        target = max(4, min(int(round(ppc)), MAX_BASE_SIDE // max(m.width, m.height)))
        scale = target / ppc
        scaled = abs(scale - 1.0) > 1e-6
        shown_size = (max(1, round(img.get_width() * scale)), max(1, round(img.get_height() * scale))) \
            if scaled else img.get_size()
        self.has_art = True
        self._image_ppc = target
        size = (m.width * target, m.height * target)
        ox, oy = image.offset_px
        at = (round(-ox * scale), round(-oy * scale))
        # scaled in bands from the picture as decoded, straight onto the base: the decoded picture
        # and the base are the only full-size pictures held (review 12)
        if at == (0, 0) and shown_size == size and not img.get_flags() & pygame.SRCALPHA and img.get_colorkey() is None:
            # an opaque picture covering the map exactly: no backdrop shows (converted once by the caller)
            return smoothscale_banded(img, size) if scaled else img
        if self._tiles_under_image():  # see-through where the picture is: the tiles under it show
            base = _alpha_surface(size)
            base.fill(theme.CLEAR)
        else:
            base = pygame.Surface(size)
            base.fill(theme.BACKDROP)
        if scaled:
            smoothscale_banded(img, shown_size, onto=base, at=at)
        else:
            base.blit(img, at)
        return base

    def _load_sheets(self) -> None:
        """Each tileset picture once (its folder resolved once per map, not per tile).

        A picture that is missing or cannot be decoded, and a tile whose rectangle lies
        outside its picture, are drawn as the plain square of their terrain; the other
        tilesets' tiles are drawn. :attr:`problem` says which pictures were not shown.
        """
        m = self.map
        folder = Path(m.source).resolve().parent if m.source else None
        missing: list[str] = []
        unreadable: list[str] = []
        looks = [look for grid in self._grids for look in grid.looks.values()]
        for name in sorted({tile.image for tile in self._loose} | {look.image for look in looks}):
            path = Path(name)
            if not path.is_absolute() and folder is not None:
                path = folder / path
            try:
                safe_image_file_size(path)  # never decoded unless its header says it is safe to
                sheet = decode_ahead.load_picture(path)  # kept as decoded: each piece is converted (_piece)
            except ImageHeaderError:
                unreadable.append(_shown_path(path, folder))
                continue
            except FileNotFoundError:
                missing.append(_shown_path(path, folder))
                continue
            except (pygame.error, OSError, ValueError):
                (missing if not path.exists() else unreadable).append(_shown_path(path, folder))
                continue
            self._sheets[name] = sheet
        outside = 0
        for tile in self._loose:  # a bad rectangle is found now, not in the middle of a frame
            found = self._sheets.get(tile.image)
            if found is not None and not found.get_rect().contains(pygame.Rect(tile.src)):
                self._plain.add((tile.image, tile.src))
                outside += 1
        for grid in self._grids:  # (a grid's tiles: once a tile id, counted over its squares)
            for raw, look in grid.looks.items():
                found = self._sheets.get(look.image)
                if found is not None and not found.get_rect().contains(pygame.Rect(look.src)):
                    self._plain.add((look.image, look.src))
                    outside += grid.ids.count(raw)
        said = []
        for names, why in ((missing, "not found"), (unreadable, "cannot be read")):
            if names:
                what = "tileset picture" if len(names) == 1 else "tileset pictures"
                said.append(f"{what} {', '.join(names[:3])}{' ...' if len(names) > 3 else ''} {why}")
        if outside:
            said.append(f"{outside} tile{'s' if outside != 1 else ''} lie outside their tileset picture")
        if said:
            self.problem = "; ".join(said) + ": those tiles are drawn as plain squares"

    def _tiles_by_block(self) -> dict[tuple[int, int], list[Placed]]:
        if self._tile_index is None:
            index: dict[tuple[int, int], list[Placed]] = {}
            tp = max(1, int(self.map.tile_size_px))
            span = INDEX_CELLS * tp
            for order, tile in enumerate(self._loose):
                c, r = tile.cell
                plain = plain_placement(tile)
                box: tuple[float, float, float, float]
                if plain and tile.src[2] == tile.src[3] == tp:  # one square: its own block
                    box = (c * tp, r * tp, (c + 1) * tp, (r + 1) * tp)
                    index.setdefault((c // INDEX_CELLS, r // INDEX_CELLS), []).append(
                        (tile.layer, order, tile, box, True))
                    continue
                x0, y0, x1, y1 = box = footprint(tile, tp, 1.0)
                if not all(math.isfinite(v) for v in box):
                    continue
                for j in range(math.floor(y0 / span), math.ceil(y1 / span)):
                    for i in range(math.floor(x0 / span), math.ceil(x1 / span)):
                        index.setdefault((i, j), []).append((tile.layer, order, tile, box, plain))
            self._tile_index = index
        return self._tile_index

    def _piece(self, tile: TilePlacement, cell_px: int) -> pygame.Surface:
        """One tile's picture at this zoom, mirrored, tinted, scaled and turned as Tiled draws it
        (cached, the least used dropped first)."""
        key = (tile.image, tile.src, tile.opacity, tile.flip, tile.size_px, tile.rotation, tile.tint, cell_px)
        hit = self._pieces.get(key)
        if hit is not None:
            self._pieces.move_to_end(key)
            return hit
        x, y, sw, sh = tile.src
        piece = self._sheets[tile.image].subsurface(pygame.Rect(x, y, sw, sh))
        if pygame.display.get_surface() is not None:
            piece = piece.convert_alpha()  # the tile, not its whole sheet: no second copy of a sheet
        if tile.flip:
            piece = flipped(piece, tile.flip)
        w, h = tile.size_px if tile.size_px is not None else piece.get_size()
        scale = cell_px / self._tile_ppc
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        piece = pygame.transform.smoothscale(piece, size) if size != piece.get_size() else piece.copy()
        if tile.tint is not None:  # Tiled multiplies the picture's colours (and alpha) by the tint
            piece.fill(tile.tint, special_flags=pygame.BLEND_RGBA_MULT)
        if tile.rotation:
            piece = pygame.transform.rotate(piece, -tile.rotation)  # Tiled turns clockwise
        if tile.opacity < 1.0:
            piece.set_alpha(round(255 * tile.opacity))
        self._pieces[key] = piece
        if len(self._pieces) > 4096:
            self._pieces.popitem(last=False)
        return piece

    def _terrain_tile(self, kind: str, cell_px: int, variant: int) -> pygame.Surface:
        key = (kind, cell_px, variant)
        tile = self._terrain_tiles.get(key)
        if tile is None:
            if len(self._terrain_tiles) > 512:
                self._terrain_tiles.clear()
            tile = self._terrain_tiles[key] = _convert(_terrain_tile(self.map.kinds[kind], cell_px, variant))
        return tile

    # -- chunks per zoom ----------------------------------------------------------
    def block_cells(self, cell_px: int) -> int:
        return max(1, CHUNK_PX // cell_px)

    def chunk(self, cell_px: int, ci: int, cj: int) -> pygame.Surface:
        key = (cell_px, self.show_walls, ci, cj)
        hit = self._chunks.get(key)
        if hit is not None:
            self._chunks.move_to_end(key)
            return hit
        surf = self._make_chunk(cell_px, ci, cj)
        self._chunks[key] = surf
        self._pixels += surf.get_width() * surf.get_height()
        while self._pixels > CACHE_PIXELS and len(self._chunks) > 1:
            _, old = self._chunks.popitem(last=False)
            self._pixels -= old.get_width() * old.get_height()
        return surf

    def _make_chunk(self, cell_px: int, ci: int, cj: int) -> pygame.Surface:
        m = self.map
        k = self.block_cells(cell_px)
        c0, r0 = ci * k, cj * k
        cols = min(k, m.width - c0)
        rows = min(k, m.height - r0)
        size = (cols * cell_px, rows * cell_px)
        surf = chunk_surface(size)
        if self.base is not None:
            ppc = self.ppc
            src = self.base.subsurface(pygame.Rect(c0 * ppc, r0 * ppc, cols * ppc, rows * ppc))
            opaque = not src.get_flags() & pygame.SRCALPHA and surf.get_bitsize() == src.get_bitsize() and \
                surf.get_masks() == src.get_masks()
            if cell_px == ppc:
                picture = src
            elif opaque:  # scaled straight into the chunk: no picture in between
                scale = pygame.transform.smoothscale if cell_px < 3 * ppc else pygame.transform.scale
                scale(src, size, surf)
                picture = None
            elif cell_px < ppc or cell_px < 3 * ppc:
                picture = pygame.transform.smoothscale(src, size)
            else:
                picture = pygame.transform.scale(src, size)
            if self._sheets:  # a Tiled picture with tile layers: the tiles under it, it, the tiles over it
                layer = self.map.image.layer if self.map.image is not None else -1
                if picture is None:
                    picture = surf.copy()
                self._draw_tiles(surf, cell_px, c0, r0, cols, rows, below=layer)
                surf.blit(picture, (0, 0))
                self._draw_tiles(surf, cell_px, c0, r0, cols, rows, above=layer, fill=False)
            elif picture is not None:
                surf.blit(_convert(picture), (0, 0))  # (a see-through base: its colours, as converted)
        elif self._sheets:
            self._draw_tiles(surf, cell_px, c0, r0, cols, rows)
        else:
            self._draw_terrain(surf, cell_px, c0, r0, cols, rows)
        self._bake_grid(surf, cell_px, cols, rows, last_col=c0 + cols >= self.map.width,
                        last_row=r0 + rows >= self.map.height)
        self._bake_marks(surf, cell_px, c0, r0, cols, rows)
        if self.show_walls:
            self._bake_walls(surf, cell_px, c0, r0)
        return surf

    def _draw_tiles(self, surf: pygame.Surface, cell_px: int, c0: int, r0: int, cols: int, rows: int, *,
                    below: int | None = None, above: int | None = None, fill: bool = True) -> None:
        """The tiles over this chunk in draw order (only those of a layer ``below`` or from
        ``above`` one, around a picture)."""
        if fill:
            surf.fill(theme.BACKDROP)
        index = self._tiles_by_block()
        tp = self._tile_ppc
        left, top, right, bottom = c0 * tp, r0 * tp, (c0 + cols) * tp, (r0 + rows) * tp
        found: dict[int, Placed] = {}  # a tile over several blocks is found in each: drawn once
        for j in range(r0 // INDEX_CELLS, (r0 + rows - 1) // INDEX_CELLS + 1):
            for i in range(c0 // INDEX_CELLS, (c0 + cols - 1) // INDEX_CELLS + 1):
                for item in index.get((i, j), ()):
                    x0, y0, x1, y1 = item[3]
                    if x1 > left and x0 < right and y1 > top and y0 < bottom:
                        found[item[1]] = item
        items = sorted(found.values(), key=lambda item: (item[0], item[1]))
        if below is not None:
            items = [item for item in items if item[0] < below]
        if above is not None:
            items = [item for item in items if item[0] >= above]
        grids = [g for g in self._grids if (below is None or g.layer < below) and (above is None or g.layer >= above)]
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        scale = cell_px / tp
        for layer, _, tile, _, plain in items:
            while grids and grids[0].layer < layer:  # a tile layer drawn before this tile object
                self._grid_blits(blits, grids.pop(0), cell_px, c0, r0, cols, rows)
            if tile.image not in self._sheets or (tile.image, tile.src) in self._plain:
                if tile.size_px is None:  # a square of a tile layer: its terrain's plain square
                    square = self._terrain_tile(self.map.terrain.get(tile.cell, "floor"), cell_px, 0)
                    blits.append((square, ((tile.cell[0] - c0) * cell_px, (tile.cell[1] - r0) * cell_px)))
                continue
            piece = self._piece(tile, cell_px)
            # Tiled's anchor: the picture's bottom-left corner on the square's, moved by the offset.
            if plain:
                c, r = tile.cell
                blits.append((piece, ((c - c0) * cell_px, (r + 1 - r0) * cell_px - piece.get_height())))
                continue
            x0, y0, _, _ = footprint(tile, tp, scale)
            blits.append((piece, (round(x0) - c0 * cell_px, round(y0) - r0 * cell_px)))
        for grid in grids:
            self._grid_blits(blits, grid, cell_px, c0, r0, cols, rows)
        surf.fblits(blits)

    def _grid_blits(self, blits: list, grid: TileGrid, cell_px: int, c0: int, r0: int, cols: int, rows: int) -> None:
        """A tile layer's tiles over this chunk (see :func:`tactics.ui.tile_art.grid_blits`)."""
        terrain = self.map.terrain

        def piece_of(look: TilePlacement) -> pygame.Surface | None:
            shown = look.image in self._sheets and (look.image, look.src) not in self._plain
            return self._piece(look, cell_px) if shown else None

        def plain_square(cell: tuple[int, int]) -> pygame.Surface:  # a picture that cannot be shown
            return self._terrain_tile(terrain.get(cell, "floor"), cell_px, 0)

        self.squares_looked_at += grid_blits(blits, grid, cell_px, (c0, r0, cols, rows), self._tile_ppc,
                                             piece_of, plain_square)

    def _draw_terrain(self, surf: pygame.Surface, cell_px: int, c0: int, r0: int, cols: int, rows: int) -> None:
        terrain = self.map.grid
        tiles: dict[tuple[str, int], pygame.Surface] = {}  # (kind, variant) -> its square, found once a chunk
        blits = []
        for r in range(r0, r0 + rows):
            y = (r - r0) * cell_px
            rh = r * 19349663
            for c, kind in enumerate(terrain.row(r, c0, cols), c0):
                key = (kind, ((c * 73856093) ^ rh) >> 3 & 3)
                tile = tiles.get(key)
                if tile is None:
                    tile = tiles[key] = self._terrain_tile(key[0], cell_px, key[1])
                blits.append((tile, ((c - c0) * cell_px, y)))
        surf.fblits(blits)

    def _bake_grid(self, surf: pygame.Surface, cell_px: int, cols: int, rows: int, *,
                   last_col: bool = True, last_row: bool = True) -> None:
        """Each square's left and top line; the closing right and bottom line only on the map's
        last column and row: the next chunk draws its own left line, so a chunk that closed its
        own edge too showed a darker double line at every seam (review 10)."""
        # Darken by multiplying: crisp 1 px lines that read on light and dark art alike.
        shade = theme.GRID_SHADE if cell_px >= 16 else theme.GRID_SHADE_FAINT
        w, h = surf.get_size()
        width = 2 if cell_px >= 110 else 1
        for i in range(cols + 1 if last_col else cols):
            x = min(i * cell_px, w - width)
            surf.fill(shade, (x, 0, width, h), special_flags=pygame.BLEND_RGB_MULT)
        for j in range(rows + 1 if last_row else rows):
            y = min(j * cell_px, h - width)
            surf.fill(shade, (0, y, w, width), special_flags=pygame.BLEND_RGB_MULT)

    def _bake_marks(self, surf: pygame.Surface, cell_px: int, c0: int, r0: int, cols: int, rows: int) -> None:
        """Squares that need a roll to enter get a corner mark (R-MOVE-2)."""
        if cell_px < 20:
            return
        m = self.map
        if self._marks is None:  # indexed once per map, by block of squares
            self._marks = {}
            for c, r in m.grid.cells_of(name for name, kind in m.kinds.items() if kind.check is not None):
                self._marks.setdefault((c // INDEX_CELLS, r // INDEX_CELLS), []).append((c, r))
        size = max(6, cell_px // 5)
        for c, r in _in_blocks(self._marks, c0, r0, cols, rows):
            if not (c0 <= c < c0 + cols and r0 <= r < r0 + rows):
                continue
            x = (c - c0 + 1) * cell_px - size - 3
            y = (r - r0) * cell_px + 3
            pygame.draw.polygon(surf, theme.ROLL_MARK, [(x, y + size), (x + size, y + size), (x + size // 2, y)])
            pygame.draw.line(surf, theme.ROLL_MARK_INK, (x + size // 2, y + size * 0.35), (x + size // 2, y + size * 0.75), 1)

    def _bake_walls(self, surf: pygame.Surface, cell_px: int, c0: int, r0: int) -> None:
        w, h = surf.get_size()
        x0, y0 = c0 * cell_px, r0 * cell_px
        thick = max(2, cell_px // 12)
        if self._walls is None:  # indexed once per map, by block of squares
            self._walls = {}
            m = self.map
            for seg in m.wall_segments:
                bx0, by0, bx1, by1 = seg.bbox()
                if not all(math.isfinite(v) for v in (bx0, by0, bx1, by1)):
                    continue
                last = (max(m.width, m.height) + INDEX_CELLS) // INDEX_CELLS
                for i in range(max(-1, math.floor(bx0) // INDEX_CELLS), min(last, math.floor(bx1) // INDEX_CELLS) + 1):
                    for j in range(max(-1, math.floor(by0) // INDEX_CELLS), min(last, math.floor(by1) // INDEX_CELLS) + 1):
                        self._walls.setdefault((i, j), []).append(seg)
        seen: set[int] = set()
        for seg in _in_blocks(self._walls, c0 - 1, r0 - 1, w // cell_px + 2, h // cell_px + 2):
            if id(seg) in seen:
                continue
            seen.add(id(seg))
            bx0, by0, bx1, by1 = seg.bbox()
            if bx1 * cell_px < x0 - thick or bx0 * cell_px > x0 + w + thick:
                continue
            if by1 * cell_px < y0 - thick or by0 * cell_px > y0 + h + thick:
                continue
            a = (seg.x1 * cell_px - x0, seg.y1 * cell_px - y0)
            b = (seg.x2 * cell_px - x0, seg.y2 * cell_px - y0)
            pygame.draw.line(surf, theme.OUTLINE, a, b, thick + 2)
            pygame.draw.line(surf, theme.WALL, a, b, thick)

    # -- drawing ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, camera: Camera, clip: pygame.Rect) -> None:
        m = self.map
        cell_px = camera.cell_px
        k = self.block_cells(cell_px)
        block = k * cell_px
        nci = math.ceil(m.width / k)
        ncj = math.ceil(m.height / k)
        i0 = max(0, math.floor((clip.left - camera.origin_x) / block))
        j0 = max(0, math.floor((clip.top - camera.origin_y) / block))
        i1 = min(nci, math.ceil((clip.right - camera.origin_x) / block))
        j1 = min(ncj, math.ceil((clip.bottom - camera.origin_y) / block))
        blits = []
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        for j in range(j0, j1):
            for i in range(i0, i1):
                blits.append((self.chunk(cell_px, i, j), (ox + i * block, oy + j * block)))
        surface.fblits(blits)

    def toggle_walls(self) -> None:
        self.show_walls = not self.show_walls


def walls_shown_at_first(art: "MapArt") -> bool:
    """The wall lines (W) shown when a map opens: without art, and over art that does not draw its
    walls (review 18: a Tiled map's wall objects showed only after W, so a GM saw no sign of what
    came in but a door's bar). Over a picture they stay off: the picture draws the walls already,
    and the opening message says what came in and that W shows them (:mod:`tactics.ui.imported`)."""
    if not art.has_art:
        return True
    return not art.draws_walls() and bool(art.map.wall_segments or art.map.windows)


def _picture_path(path: str | None, folder: Path | None) -> Path | None:
    """The map picture's file (relative to the map's folder), for a message."""
    if path is None:
        return None
    return Path(path) if Path(path).is_absolute() or folder is None else folder / path


def _why_missing(path: Path | None) -> str:
    """Why pygame found no picture there: "not found", or what is there instead ("is a pipe (FIFO),
    not a file": review 21, a picture swapped for a FIFO or a folder was said to be "not found")."""
    from tactics.safefiles import FileRefused, check_regular

    if path is None:
        return "not found"
    try:
        check_regular(path, 1 << 62)
    except FileRefused as exc:
        problem = exc.problem.removeprefix("cannot read: ")
        return "not found" if exc.missing else problem[:1].lower() + problem[1:]
    return "not found"


def _shown_path(path: Path, folder: Path | None) -> str:
    """A picture's path as the GM knows it: relative to the map's folder when inside it."""
    if folder is not None:
        try:
            return path.resolve().relative_to(folder).as_posix()
        except ValueError:
            pass
    return str(path)


def _in_blocks(index: dict, c0: int, r0: int, cols: int, rows: int):
    """Everything an index by block of ``INDEX_CELLS`` squares holds near the given squares."""
    for j in range(math.floor(r0 / INDEX_CELLS), (r0 + rows) // INDEX_CELLS + 1):
        for i in range(math.floor(c0 / INDEX_CELLS), (c0 + cols) // INDEX_CELLS + 1):
            yield from index.get((i, j), ())


def _terrain_tile(kind, ppc: int, variant: int) -> pygame.Surface:
    """One square of terrain: its colour, a soft bevel and a little grain (a copy of the one
    drawn first: every map, window and zoom of the session draws the same few squares)."""
    return _drawn_terrain_tile(kind.name, tuple(kind.colour), kind.passable, kind.blocks_sight, kind.cost,
                               ppc, variant).copy()


@lru_cache(maxsize=96)  # a few kinds x 4 variants x the zooms in use; a 4K zoom's squares are ~40 KB each
def _drawn_terrain_tile(name: str, colour: tuple[int, ...], passable: bool, blocks_sight: bool, cost: float,
                        ppc: int, variant: int) -> pygame.Surface:
    base = pygame.Color(*colour)
    tile = pygame.Surface((ppc, ppc))
    shade = 2.5 * (variant - 1.5)
    fill = pygame.Color(
        max(0, min(255, int(base.r + shade))),
        max(0, min(255, int(base.g + shade))),
        max(0, min(255, int(base.b + shade))),
    )
    tile.fill(fill)
    rng = random.Random(hash((name, variant)) & 0xFFFF)
    for _ in range(ppc * ppc // 40):
        x, y = rng.randrange(ppc), rng.randrange(ppc)
        d = rng.choice((-10, -6, 6, 10))
        c = (max(0, min(255, fill.r + d)), max(0, min(255, fill.g + d)), max(0, min(255, fill.b + d)))
        tile.set_at((x, y), c)
    if ppc >= 12:
        hi = (min(255, fill.r + 8), min(255, fill.g + 8), min(255, fill.b + 8))
        lo = (max(0, fill.r - 10), max(0, fill.g - 10), max(0, fill.b - 10))
        pygame.draw.line(tile, hi, (1, 1), (ppc - 2, 1))
        pygame.draw.line(tile, hi, (1, 1), (1, ppc - 2))
        pygame.draw.line(tile, lo, (ppc - 2, 1), (ppc - 2, ppc - 2))
        pygame.draw.line(tile, lo, (1, ppc - 2), (ppc - 2, ppc - 2))
    if not passable:
        # Solid or impassable: diagonal hatching so it never reads as floor.
        hatch = (max(0, fill.r - 10), max(0, fill.g - 10), max(0, fill.b - 10)) if blocks_sight else (
            min(255, fill.r + 22), min(255, fill.g + 22), min(255, fill.b + 26))
        step = max(4, ppc // 5)
        for i in range(-ppc, ppc, step):
            pygame.draw.line(tile, hatch, (i, ppc), (i + ppc, 0), max(1, ppc // 16))
    elif cost > 1:
        wave = (min(255, fill.r + 30), min(255, fill.g + 30), min(255, fill.b + 36))
        for y in range(ppc // 4, ppc, max(4, ppc // 3)):
            pts = [(x, y + 2 * math.sin((x + variant * 3) / max(2, ppc / 6))) for x in range(0, ppc, 2)]
            if len(pts) > 1:
                pygame.draw.lines(tile, wave, False, pts, 1)
    return tile
