"""The board renderer: the map and everything on it, drawn in layers for a viewer.

``viewer`` is ``"gm"`` or ``"players"``. With ``"players"`` nothing hidden is
drawn: hidden combatants now, undetected traps and GM notes from the layers
other modules add (R-TRAP-6). A layer is a function of a :class:`DrawContext`;
add one with :func:`add_layer` (for example the traps layer at ``TRAPS_Z``).

Layers below ``TOOL_Z`` are the *board*: they depend only on the encounter
state, the camera and the view's settled choices (selection, pinned and
previewed templates), so the board is composed once into a cached surface and
reused until its key changes. Layers at ``TOOL_Z`` and above (path preview,
ruler, cursor) are drawn over it every frame. A layer below ``TOOL_Z`` that
depends on something else must call ``BattleView.invalidate()`` when it changes.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import pygame

from tactics.engine.core.state import EncounterState
from tactics.rules.grid import Cell
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.camera import Camera
from tactics.ui.mapart import MapArt
from tactics.ui.tokens import TokenPainter

MAP_Z, DOORS_Z, REACH_Z, TEMPLATES_Z, TRAPS_Z, TOKENS_Z, TOOL_Z, CURSOR_Z = 0, 10, 20, 30, 40, 50, 60, 70


@dataclass
class DrawContext:
    """What a layer may look at while drawing one frame (read only)."""

    surface: pygame.Surface
    camera: Camera
    state: EncounterState
    viewer: str
    clip: pygame.Rect
    renderer: "BoardRenderer"
    view: Any = None  # the BattleView: selection, active tool, pinned templates

    @property
    def gm(self) -> bool:
        return self.viewer == "gm"


Layer = Callable[[DrawContext], None]
_EXTRA_LAYERS: list[tuple[int, str, Layer]] = []


def add_layer(z: int, name: str, draw: Layer) -> None:
    """Add a layer to every board drawn from now on (replaces one of the same name)."""
    remove_layer(name)
    _EXTRA_LAYERS.append((z, name, draw))
    _EXTRA_LAYERS.sort(key=lambda item: item[0])


def remove_layer(name: str) -> None:
    _EXTRA_LAYERS[:] = [item for item in _EXTRA_LAYERS if item[1] != name]


class CellPainter:
    """Tints and outlines sets of squares with pre-made tiles (no per-cell fills)."""

    def __init__(self) -> None:
        self._tiles: dict[tuple[int, tuple[int, ...]], pygame.Surface] = {}
        self._edges: OrderedDict[frozenset, list] = OrderedDict()

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
        tile = self.tile(px, tuple(rgba))
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        left, top, right, bottom = clip.left - px, clip.top - px, clip.right, clip.bottom
        blits = []
        for c, r in cells:
            x, y = ox + c * px, oy + r * px
            if left < x < right and top < y < bottom:
                blits.append((tile, (x, y)))
        surface.fblits(blits)

    def outline(self, surface: pygame.Surface, camera: Camera, cells: frozenset[Cell], colour, width: int = 2) -> None:
        """Draw the border of a set of squares (its outer and inner edges)."""
        edges = self._edges.get(cells)
        if edges is None:
            edges = border_edges(cells)
            self._edges[cells] = edges
            if len(self._edges) > 32:
                self._edges.popitem(last=False)
        else:
            self._edges.move_to_end(cells)
        px = camera.cell_px
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        for (x1, y1, x2, y2) in edges:
            pygame.draw.line(surface, colour, (ox + x1 * px, oy + y1 * px), (ox + x2 * px, oy + y2 * px), width)


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


@dataclass
class BoardRenderer:
    """Draws one encounter's board; holds the caches that survive between frames."""

    art: MapArt
    tokens: TokenPainter = field(default_factory=TokenPainter)
    cells: CellPainter = field(default_factory=CellPainter)
    _board: pygame.Surface | None = None
    _board_key: Any = None
    compositions: int = 0  # how many times the board was composed (tests, bench)

    def layers(self, view: Any) -> list[tuple[int, str, Layer]]:
        own: list[tuple[int, str, Layer]] = [
            (MAP_Z, "map", _map_layer),
            (DOORS_Z, "doors", _doors_layer),
        ]
        if view is not None:
            own += view.layers()
        own.append((TOKENS_Z, "tokens", _tokens_layer))
        return sorted(own + list(_EXTRA_LAYERS), key=lambda item: item[0])

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        state: EncounterState,
        viewer: str = "gm",
        *,
        clip: pygame.Rect | None = None,
        view: Any = None,
    ) -> None:
        """Draw every layer straight onto ``surface`` (no caching)."""
        if viewer not in ("gm", "players"):
            raise ValueError(f"viewer must be 'gm' or 'players', not {viewer!r}")
        clip = clip or surface.get_rect()
        surface.set_clip(clip)
        surface.fill(theme.BACKDROP, clip)
        ctx = DrawContext(surface, camera, state, viewer, clip, self, view)
        for _, _, layer in self.layers(view):
            layer(ctx)
        surface.set_clip(None)

    def draw_cached(
        self,
        surface: pygame.Surface,
        camera: Camera,
        state: EncounterState,
        viewer: str,
        *,
        clip: pygame.Rect,
        view: Any,
        key: Any,
    ) -> None:
        """Blit the cached board (recomposed when ``key`` changed), then the live layers."""
        if viewer not in ("gm", "players"):
            raise ValueError(f"viewer must be 'gm' or 'players', not {viewer!r}")
        layers = self.layers(view)
        full_key = (key, viewer, camera.cell_px, camera.origin_x, camera.origin_y, tuple(clip),
                    surface.get_size(), self.art.show_walls, tuple(name for _, name, _ in layers))
        if self._board is None or self._board.get_size() != surface.get_size():
            self._board = pygame.Surface(surface.get_size())
            if pygame.display.get_surface() is not None:
                self._board = self._board.convert()
            self._board_key = None
        if full_key != self._board_key or probe.active():  # the layout probe sees a fresh board
            probe.forget(self._board)
            board = self._board
            board.set_clip(clip)
            board.fill(theme.BACKDROP, clip)
            ctx = DrawContext(board, camera, state, viewer, clip, self, view)
            for z, _, layer in layers:
                if z < TOOL_Z:
                    layer(ctx)
            board.set_clip(None)
            self._board_key = full_key
            self.compositions += 1
        surface.blit(self._board, clip.topleft, clip)
        probe.composite(self._board, surface, clip.topleft, pygame.Rect(clip), name="map")
        surface.set_clip(clip)
        ctx = DrawContext(surface, camera, state, viewer, clip, self, view)
        for z, _, layer in layers:
            if z >= TOOL_Z:
                layer(ctx)
        surface.set_clip(None)


def _map_layer(ctx: DrawContext) -> None:
    ctx.renderer.art.draw(ctx.surface, ctx.camera, ctx.clip)
    m = ctx.state.map
    # A thin frame so the map's edge reads against the backdrop.
    x, y = ctx.camera.to_screen((0, 0))
    pygame.draw.rect(ctx.surface, theme.CHROME_EDGE, (x - 2, y - 2, m.width * ctx.camera.cell_px + 4, m.height * ctx.camera.cell_px + 4), 2)


def _doors_layer(ctx: DrawContext) -> None:
    px = ctx.camera.cell_px
    thick = max(3, px // 9)
    for i, door in enumerate(ctx.state.map.doors):
        seg = door.segment
        a = ctx.camera.to_screen(seg.a)
        b = ctx.camera.to_screen(seg.b)
        is_open = (not door.closed) or i in ctx.state.open_doors
        if is_open:
            pygame.draw.line(ctx.surface, (10, 12, 16), a, b, max(2, thick // 2) + 2)
            pygame.draw.line(ctx.surface, theme.DOOR_OPEN, a, b, max(2, thick // 2))
        else:
            pygame.draw.line(ctx.surface, (10, 12, 16), a, b, thick + 3)
            pygame.draw.line(ctx.surface, theme.DOOR_CLOSED, a, b, thick)


def _tokens_layer(ctx: DrawContext) -> None:
    view = ctx.view
    selected = getattr(view, "selected", None)
    highlighted = getattr(view, "highlighted_tokens", lambda: frozenset())()
    ctx.renderer.tokens.draw(ctx.surface, ctx.camera, ctx.state, ctx.viewer, selected, highlighted)
