"""The plain text grid format: one character per 5 ft square.

The grid's size is measured before a single square is read: a 16 MB line of
``#`` would otherwise become sixteen million terrain entries (gigabytes) before
the map's size limit refused it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactics.maps.battlemap import MAX_CELLS
from tactics.rules.terrain_grid import TerrainGrid, first_unknown
from tactics.rules.terrain import default_terrain

#: A text map's file size: 4 million squares of one-byte symbols plus line ends, with room.
MAX_TEXT_BYTES = 32 * 1024 * 1024

if TYPE_CHECKING:
    from tactics.maps.battlemap import BattleMap


def parse_text_grid(cls: type["BattleMap"], text: str, *, name: str, source: str | None) -> "BattleMap":
    from tactics.maps.battlemap import MapError

    if not isinstance(text, str):
        raise MapError(source or "", "a text map must be text")
    kinds = default_terrain()
    by_symbol = {t.symbol: k for k, t in kinds.items()}
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise MapError(source or "", "the text map has no squares")
    width = max(len(line) for line in lines)
    if width * len(lines) > MAX_CELLS:
        raise MapError(
            source or "",
            f"the text map is {width}x{len(lines)} squares, too many (limit {MAX_CELLS} squares)",
        )
    terrain = TerrainGrid(width, len(lines))
    for r, line in enumerate(lines):
        unknown = first_unknown(line, by_symbol)
        if unknown is not None:
            symbols = " ".join(repr(s) for s in by_symbol)
            raise MapError(
                source or "",
                f"line {r + 1}, column {unknown[0] + 1}: unknown symbol {unknown[1]!r} (known: {symbols})",
            )
        terrain.set_row(r, line, by_symbol)
    return cls(width=width, height=len(lines), name=name, terrain=terrain, kinds=kinds, source=source)
