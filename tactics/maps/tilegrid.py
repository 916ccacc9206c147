"""A Tiled tile layer kept as its grid of tile ids, not as a record per square.

Why: a legal 1000 x 1000 Tiled map is a million placed tiles; made into a
:class:`~tactics.maps.battlemap.TilePlacement` each (and indexed again by the
window), it took 7.5 s and 630 MB to open and draw, 2000 x 2000 took 22 s and
2.2 GB (review 12). A :class:`TileGrid` holds the layer's tile ids as they are in
the file, in one array (4 bytes a square), and one sample placement for each
distinct id: what the tile looks like. The window looks each square's tile up
by its id, for the squares it shows (:mod:`tactics.ui.mapart`).

:class:`TileLayers` is the map's ``tiles``: its grids and its loose placements
(tile objects) in draw order. Read as a sequence it yields every tile as a
``TilePlacement``, made when asked (a save, a test), so a Tiled map reads the
same as any other map.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from tactics.maps.battlemap import TilePlacement


@dataclass(frozen=True, eq=False)
class TileGrid:
    """One drawn tile layer: ``ids`` (``width * height``, row by row; 0: no tile) and, for each
    id that is drawn, its tile as a placement on square (0, 0) (``looks``)."""

    layer: int
    width: int
    height: int
    ids: array
    looks: dict[int, TilePlacement]
    #: the largest side of any of its tiles' pictures, in map pixels (how far one reaches)
    reach_px: int = field(default=0)

    def placements(self) -> Iterator[TilePlacement]:
        """Every tile of the layer as a placement, row by row (the order they are drawn in)."""
        looks, width = self.looks, self.width
        for i, raw in enumerate(self.ids):
            look = looks.get(raw) if raw else None
            if look is not None:
                yield TilePlacement(look.layer, (i % width, i // width), look.image, look.src, look.opacity,
                                    look.flip, look.offset_px, look.size_px, look.rotation, look.tint)

    def count(self) -> int:
        looks = self.looks
        return sum(1 for raw in self.ids if raw and raw in looks)


Part = TileGrid | tuple[TilePlacement, ...]


class TileLayers(Sequence[TilePlacement]):
    """A map's tiles as grids and loose placements in draw order, read as one sequence."""

    def __init__(self, parts: Sequence[Part]) -> None:
        self.parts: tuple[Part, ...] = tuple(parts)
        self._listed: list[TilePlacement] | None = None

    @property
    def grids(self) -> list[TileGrid]:
        return [p for p in self.parts if isinstance(p, TileGrid)]

    @property
    def loose(self) -> list[TilePlacement]:
        """The tiles not in a grid (tile objects), in draw order."""
        return [t for p in self.parts if not isinstance(p, TileGrid) for t in p]

    def __iter__(self) -> Iterator[TilePlacement]:
        for part in self.parts:
            yield from part.placements() if isinstance(part, TileGrid) else part

    def __len__(self) -> int:
        return sum(p.count() if isinstance(p, TileGrid) else len(p) for p in self.parts)

    def __bool__(self) -> bool:
        return any(p.looks if isinstance(p, TileGrid) else p for p in self.parts)

    @overload
    def __getitem__(self, index: int) -> TilePlacement: ...
    @overload
    def __getitem__(self, index: slice) -> list[TilePlacement]: ...

    def __getitem__(self, index: int | slice) -> TilePlacement | list[TilePlacement]:
        if self._listed is None:
            self._listed = list(self)
        return self._listed[index]

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TileLayers({len(self.grids)} grids, {len(self.loose)} loose tiles)"


def split_tiles(tiles: Sequence[TilePlacement]) -> tuple[list[TileGrid], list[TilePlacement]]:
    """A map's tiles as (grids, loose placements): a plain list is all loose."""
    if isinstance(tiles, TileLayers):
        return tiles.grids, tiles.loose
    return [], list(tiles)


__all__ = ["TileGrid", "TileLayers", "split_tiles"]
