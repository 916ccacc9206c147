"""The battle map: the squares, what stops movement and sight, and the art.

A ``BattleMap`` is format-neutral: every loader (text grid, native JSON,
Tiled, Universal VTT, plain image) produces one. It knows how the map *works*
(terrain kinds, wall segments, doors); how it *looks* is only described
(an embedded image or tile placements) and drawn by :mod:`tactics.ui`.
Coordinates of walls, doors, lights are in grid units: one cell is 1.0, the
top-left corner of the map is (0, 0).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Sequence

from tactics.rules.terrain_grid import TerrainGrid
from tactics.rules.geometry import Segment
from tactics.rules.grid import Cell
from tactics.rules.terrain import Terrain, default_terrain
from tactics.rules.walls import Walls


#: The most squares a map may have (2000 x 2000): every loader checks it before building.
MAX_CELLS = 4_000_000


class MapError(ValueError):
    """A map that cannot be opened: names the file and the problem in one line."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)


@dataclass(frozen=True)
class Door:
    """A door across a wall gap; a closed door blocks like a wall.

    ``secret``: the GM's secret door (reading: N-DOOR-6): while it is closed and the GM has
    never opened it, only the GM's view shows it; the players' copy of the state has it as
    a plain wall (:func:`tactics.ui.players.seen.players_state`).
    """

    segment: Segment
    closed: bool = True
    secret: bool = False


@dataclass(frozen=True)
class Light:
    """A light source kept from the map file (for later lighting/fog)."""

    x: float
    y: float
    range: float
    intensity: float = 1.0
    colour: str = "ffffffff"
    shadows: bool = True


@dataclass(frozen=True)
class Spawn:
    """A named start position for a token (from a map's object layer)."""

    name: str
    cell: Cell
    team: str | None = None
    properties: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class MapImage:
    """Background art: encoded image bytes (or a file path) and its grid scale."""

    pixels_per_cell: float
    data: bytes | None = None
    path: str | None = None
    offset_px: tuple[float, float] = (0.0, 0.0)
    #: where the picture sits among the tile layers (a Tiled image layer): tiles of a lower
    #: ``TilePlacement.layer`` are drawn under it, the others over it; -1: under every tile
    layer: int = -1


#: :attr:`TilePlacement.flip` bits, as Tiled's flags (the diagonal flip is applied first)
FLIP_H, FLIP_V, FLIP_D = 1, 2, 4


@dataclass(frozen=True, slots=True)
class TilePlacement:
    """One tile graphic drawn at a cell (Tiled maps): source image and rectangle.

    The picture's bottom-left corner sits on the cell's bottom-left corner moved by
    ``offset_px`` (map pixels: a layer's offset, a tile object's place). ``size_px`` (a tile
    object's width and height) scales it; ``flip`` (:data:`FLIP_H` ...) mirrors it;
    ``rotation`` turns it clockwise about that corner; ``tint`` (RGBA) multiplies its colours.
    """

    layer: int
    cell: Cell
    image: str
    src: tuple[int, int, int, int]
    opacity: float = 1.0
    flip: int = 0
    offset_px: tuple[float, float] = (0.0, 0.0)
    size_px: tuple[float, float] | None = None
    rotation: float = 0.0
    tint: tuple[int, int, int, int] | None = None


def check_size(source: str, width: Any, height: Any) -> None:
    """MapError unless ``width`` x ``height`` squares is a map this app holds (whole, not empty, at most
    :data:`MAX_CELLS`): checked before the terrain's byte a square is made."""
    if not (isinstance(width, int) and isinstance(height, int)):
        raise MapError(source, "width and height must be whole numbers")
    if width < 1 or height < 1:
        raise MapError(source, f"map size {width}x{height} is empty")
    if width * height > MAX_CELLS:
        raise MapError(source, f"map size {width}x{height} is too large")


@dataclass
class BattleMap:
    """A map as every format reads into it: squares, terrain, walls, doors, windows, spawns, art."""

    width: int
    height: int
    name: str = "Untitled map"
    terrain: MutableMapping[Cell, str] = field(default_factory=dict)  # a TerrainGrid once made
    wall_segments: list[Segment] = field(default_factory=list)
    doors: list[Door] = field(default_factory=list)
    windows: list[Segment] = field(default_factory=list)  # stop movement, not sight (never doors)
    lights: list[Light] = field(default_factory=list)
    spawns: list[Spawn] = field(default_factory=list)
    image: MapImage | None = None
    tiles: Sequence[TilePlacement] = field(default_factory=list)  # a Tiled map: TileLayers (tactics.maps.tilegrid)
    tile_size_px: int = 0
    kinds: dict[str, Terrain] = field(default_factory=default_terrain)
    source: str | None = None

    def __post_init__(self) -> None:
        check_size(self.source or "", self.width, self.height)
        self.terrain = TerrainGrid.of(self.width, self.height, self.terrain)  # a byte a square (see there)
        for kind, cell in self.terrain.kinds_listed():
            if kind not in self.kinds:
                raise MapError(self.source or "", f"unknown terrain {kind!r} at {cell}")

    # -- terrain ----------------------------------------------------------
    @property
    def grid(self) -> TerrainGrid:
        """The terrain as the grid it is made into (typed as one: its whole-row queries)."""
        terrain = self.terrain
        if not isinstance(terrain, TerrainGrid):  # (assigned a dict after it was made)
            terrain = self.terrain = TerrainGrid.of(self.width, self.height, terrain)
        return terrain

    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def terrain_at(self, cell: Cell) -> Terrain:
        return self.kinds[self.terrain.get(cell, "floor")]

    def move_cost(self, cell: Cell) -> int | None:
        """Cost multiplier to enter ``cell`` (None: no one can stand there)."""
        if not self.in_bounds(cell):
            return None
        kind = self.terrain_at(cell)
        return kind.cost if kind.passable else None

    # -- obstruction --------------------------------------------------------
    @cached_property
    def walls(self) -> Walls:
        """Walls, closed doors, windows (movement only) and sight-blocking squares, built once per state."""
        segments = list(self.wall_segments)
        segments += [d.segment for d in self.doors if d.closed]
        solid = self.grid.rows_of(name for name, kind in self.kinds.items() if kind.blocks_sight)
        return Walls(self.width, self.height, segments, see_through=self.windows, solid_rows=solid)

    def with_door(self, index: int, closed: bool) -> "BattleMap":
        """A copy with one door opened or closed (walls are rebuilt lazily)."""
        doors = list(self.doors)
        doors[index] = replace(doors[index], closed=closed)
        return replace(self, doors=doors)

    # -- the plain text grid ------------------------------------------------------
    @classmethod
    def from_text(cls, text: str, *, name: str = "Text map", source: str | None = None) -> "BattleMap":
        """A map from a plain text grid: one character per square.

        Symbols come from ``data/terrain.toml``: ``.`` floor, ``#`` wall,
        ``~`` water (swim, double cost), ``^`` difficult ground, ``=`` climb,
        ``z`` zero-G, ``_`` chasm, space outside the map. Short lines are
        padded with floor; blank lines at the start and end are ignored.
        """
        from tactics.maps.text import parse_text_grid

        return parse_text_grid(cls, text, name=name, source=source)

    def to_text(self) -> str:
        symbols = {k: t.symbol for k, t in self.kinds.items()}
        rows = []
        for r in range(self.height):
            rows.append("".join(symbols[self.terrain.get((c, r), "floor")] for c in range(self.width)))
        return "\n".join(rows) + "\n"


def _share_map(self: BattleMap, memo: dict) -> BattleMap:
    """Maps are treated as immutable inside encounter states: copies share them.

    The journal deep-copies the state on undo/replay; copying a map with a
    multi-megabyte image each time would be waste. Changes to a map (a door
    opened) go through :meth:`BattleMap.with_door`, which makes a new map.
    """
    return self


BattleMap.__deepcopy__ = _share_map  # type: ignore[attr-defined]
