"""Terrain kinds (R-GRID-3, R-MOVE-2), loaded from ``data/terrain.toml``."""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from functools import lru_cache
from pathlib import Path
from typing import Annotated

from tactics.rules.plain_model import ConfigDict, Field

from tactics.rules.data import Colour, DataError, DataModel, Label, data_path, load_items


class Terrain(DataModel):
    """How a kind of square works in play (how it looks is the renderer's business)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Label
    symbol: Annotated[Label, Field(min_length=1, max_length=1)]  # a printable character
    label: Label = ""
    cost: int = Field(default=1, ge=1, le=10)
    passable: bool = True
    blocks_sight: bool = False
    check: str | None = None
    dc: int | None = Field(default=None, ge=0, le=60)
    colour: Colour = (58, 66, 78)


def load_terrain(path: str | Path) -> dict[str, Terrain]:
    kinds = load_items(path, Terrain, "terrain")
    seen: dict[str, str] = {}
    for kind in kinds.values():
        if kind.symbol in seen:
            raise DataError(
                path, f"terrain.{kind.name}.symbol",
                f"symbol {kind.symbol!r} is already used by {seen[kind.symbol]!r}",
            )
        seen[kind.symbol] = kind.name
    if "floor" not in kinds:
        raise DataError(path, "terrain.floor", "a 'floor' kind is required")
    return kinds


@lru_cache(maxsize=1)
def default_terrain() -> dict[str, Terrain]:
    return load_terrain(data_path("terrain.toml"))
