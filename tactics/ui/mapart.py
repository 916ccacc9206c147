"""The map's picture: art composed once, then cut into chunks scaled per zoom.

The base picture is the map's image (``MapImage``), its Tiled tiles composed
once, or, with no art, the terrain drawn from each kind's colour with a little
texture. For each zoom (whole pixels per square) the picture is cut into
square blocks of cells, each scaled once and cached with the grid lines (and,
on maps without art, the walls) baked in. A frame then only blits the visible
blocks: no per-frame scaling, no cell-by-cell fills.
"""

from __future__ import annotations

import io
import math
import random
from collections import OrderedDict
from pathlib import Path

import pygame

from tactics.maps.battlemap import BattleMap
from tactics.ui import theme
from tactics.ui.camera import Camera

CHUNK_PX = 512
CACHE_PIXELS = 40_000_000  # about 160 MB of scaled chunks at most
MAX_BASE_SIDE = 8192


class ArtError(Exception):
    """The map's art cannot be decoded (the map still works, drawn from terrain)."""


def _load_image(image, source: str | None) -> pygame.Surface:
    if image.data is not None:
        return pygame.image.load(io.BytesIO(image.data))
    if image.path is None:
        raise ArtError("the map image has neither data nor a path")
    path = Path(image.path)
    if not path.is_absolute() and source:
        path = Path(source).resolve().parent / path
    return pygame.image.load(str(path))


def _convert(surface: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_surface() is not None:
        return surface.convert()
    return surface


class MapArt:
    """Base picture of one map and the per-zoom chunk cache."""

    def __init__(self, battle_map: BattleMap) -> None:
        self.map = battle_map
        self.has_art = False
        self.problem: str | None = None
        self.base, self.ppc = self._compose()
        self.base = _convert(self.base)
        self._chunks: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._pixels = 0
        self.show_walls = not self.has_art

    # -- composing the base picture ---------------------------------------------
    def _compose(self) -> tuple[pygame.Surface, int]:
        m = self.map
        if m.image is not None:
            try:
                return self._from_image(), self._image_ppc
            except (pygame.error, OSError, ArtError, ValueError) as exc:
                self.problem = f"map art not shown: {exc}"
        if m.tiles and m.tile_size_px:
            try:
                return self._from_tiles(), self._tile_ppc
            except (pygame.error, OSError, ValueError) as exc:
                self.problem = f"map tiles not shown: {exc}"
        ppc = max(4, min(48, MAX_BASE_SIDE // 2 // max(m.width, m.height)))
        return self._from_terrain(ppc), ppc

    def _from_image(self) -> pygame.Surface:
        m = self.map
        img = _load_image(m.image, m.source)
        ppc = float(m.image.pixels_per_cell)
        if ppc <= 0:
            raise ArtError("pixels per cell must be positive")
        target = max(4, min(int(round(ppc)), MAX_BASE_SIDE // max(m.width, m.height)))
        scale = target / ppc
        if abs(scale - 1.0) > 1e-6:
            img = pygame.transform.smoothscale(
                img.convert_alpha() if pygame.display.get_surface() else img,
                (max(1, round(img.get_width() * scale)), max(1, round(img.get_height() * scale))),
            )
        base = pygame.Surface((m.width * target, m.height * target))
        base.fill(theme.BACKDROP)
        ox, oy = m.image.offset_px
        base.blit(img, (round(-ox * scale), round(-oy * scale)))
        self.has_art = True
        self._image_ppc = target
        return base

    def _from_tiles(self) -> pygame.Surface:
        m = self.map
        ppc = int(m.tile_size_px)
        target = max(4, min(ppc, MAX_BASE_SIDE // max(m.width, m.height)))
        base = pygame.Surface((m.width * ppc, m.height * ppc))
        base.fill(theme.BACKDROP)
        sheets: dict[str, pygame.Surface] = {}
        for tile in sorted(m.tiles, key=lambda t: t.layer):
            sheet = sheets.get(tile.image)
            if sheet is None:
                path = Path(tile.image)
                if not path.is_absolute() and m.source:
                    path = Path(m.source).resolve().parent / path
                sheet = pygame.image.load(str(path))
                if pygame.display.get_surface() is not None:
                    sheet = sheet.convert_alpha()
                sheets[tile.image] = sheet
            x, y, w, h = tile.src
            piece = sheet.subsurface(pygame.Rect(x, y, w, h))
            if tile.opacity < 1.0:
                piece = piece.copy()
                piece.set_alpha(round(255 * tile.opacity))
            # Tiles taller than a cell hang upward from the cell's bottom (Tiled's rule).
            base.blit(piece, (tile.cell[0] * ppc, (tile.cell[1] + 1) * ppc - h))
        if target != ppc:
            base = pygame.transform.smoothscale(base, (m.width * target, m.height * target))
        self.has_art = True
        self._tile_ppc = target
        return base

    def _from_terrain(self, ppc: int) -> pygame.Surface:
        m = self.map
        base = pygame.Surface((m.width * ppc, m.height * ppc))
        base.fill(m.kinds["floor"].colour)
        rng = random.Random(1234)
        tiles: dict[tuple[str, int], pygame.Surface] = {}
        for r in range(m.height):
            for c in range(m.width):
                kind = m.terrain.get((c, r), "floor")
                variant = rng.randrange(4)
                tile = tiles.get((kind, variant))
                if tile is None:
                    tile = _terrain_tile(m.kinds[kind], ppc, variant)
                    tiles[(kind, variant)] = tile
                base.blit(tile, (c * ppc, r * ppc))
        return base

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
        src = self.base.subsurface(pygame.Rect(c0 * self.ppc, r0 * self.ppc, cols * self.ppc, rows * self.ppc))
        size = (cols * cell_px, rows * cell_px)
        if cell_px == self.ppc:
            surf = src.copy()
        elif cell_px < self.ppc:
            surf = pygame.transform.smoothscale(src, size)
        else:
            surf = pygame.transform.smoothscale(src, size) if cell_px < 3 * self.ppc else pygame.transform.scale(src, size)
        surf = _convert(surf)
        self._bake_grid(surf, cell_px, cols, rows)
        self._bake_marks(surf, cell_px, c0, r0, cols, rows)
        if self.show_walls:
            self._bake_walls(surf, cell_px, c0, r0)
        return surf

    def _bake_grid(self, surf: pygame.Surface, cell_px: int, cols: int, rows: int) -> None:
        # Darken by multiplying: crisp 1 px lines that read on light and dark art alike.
        shade = (150, 150, 158) if cell_px >= 16 else (205, 205, 210)
        w, h = surf.get_size()
        width = 2 if cell_px >= 110 else 1
        for i in range(cols + 1):
            x = min(i * cell_px, w - width)
            surf.fill(shade, (x, 0, width, h), special_flags=pygame.BLEND_RGB_MULT)
        for j in range(rows + 1):
            y = min(j * cell_px, h - width)
            surf.fill(shade, (0, y, w, width), special_flags=pygame.BLEND_RGB_MULT)

    def _bake_marks(self, surf: pygame.Surface, cell_px: int, c0: int, r0: int, cols: int, rows: int) -> None:
        """Squares that need a roll to enter get a corner mark (R-MOVE-2)."""
        if cell_px < 20:
            return
        m = self.map
        size = max(6, cell_px // 5)
        for (c, r), kind in m.terrain.items():
            if not (c0 <= c < c0 + cols and r0 <= r < r0 + rows):
                continue
            if m.kinds[kind].check is None:
                continue
            x = (c - c0 + 1) * cell_px - size - 3
            y = (r - r0) * cell_px + 3
            pygame.draw.polygon(surf, (255, 200, 60), [(x, y + size), (x + size, y + size), (x + size // 2, y)])
            pygame.draw.line(surf, (40, 30, 10), (x + size // 2, y + size * 0.35), (x + size // 2, y + size * 0.75), 1)

    def _bake_walls(self, surf: pygame.Surface, cell_px: int, c0: int, r0: int) -> None:
        w, h = surf.get_size()
        x0, y0 = c0 * cell_px, r0 * cell_px
        thick = max(2, cell_px // 12)
        for seg in self.map.wall_segments:
            bx0, by0, bx1, by1 = seg.bbox()
            if bx1 * cell_px < x0 - thick or bx0 * cell_px > x0 + w + thick:
                continue
            if by1 * cell_px < y0 - thick or by0 * cell_px > y0 + h + thick:
                continue
            a = (seg.x1 * cell_px - x0, seg.y1 * cell_px - y0)
            b = (seg.x2 * cell_px - x0, seg.y2 * cell_px - y0)
            pygame.draw.line(surf, (10, 12, 16), a, b, thick + 2)
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


def _terrain_tile(kind, ppc: int, variant: int) -> pygame.Surface:
    """One square of terrain: its colour, a soft bevel and a little grain."""
    base = pygame.Color(*kind.colour)
    tile = pygame.Surface((ppc, ppc))
    shade = 2.5 * (variant - 1.5)
    fill = pygame.Color(
        max(0, min(255, int(base.r + shade))),
        max(0, min(255, int(base.g + shade))),
        max(0, min(255, int(base.b + shade))),
    )
    tile.fill(fill)
    rng = random.Random(hash((kind.name, variant)) & 0xFFFF)
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
    if not kind.passable:
        # Solid or impassable: diagonal hatching so it never reads as floor.
        hatch = (max(0, fill.r - 10), max(0, fill.g - 10), max(0, fill.b - 10)) if kind.blocks_sight else (
            min(255, fill.r + 22), min(255, fill.g + 22), min(255, fill.b + 26))
        step = max(4, ppc // 5)
        for i in range(-ppc, ppc, step):
            pygame.draw.line(tile, hatch, (i, ppc), (i + ppc, 0), max(1, ppc // 16))
    elif kind.cost > 1:
        wave = (min(255, fill.r + 30), min(255, fill.g + 30), min(255, fill.b + 36))
        for y in range(ppc // 4, ppc, max(4, ppc // 3)):
            pts = [(x, y + 2 * math.sin((x + variant * 3) / max(2, ppc / 6))) for x in range(0, ppc, 2)]
            if len(pts) > 1:
                pygame.draw.lines(tile, wave, False, pts, 1)
    return tile
