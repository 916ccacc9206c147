"""A plain picture as a battle map (``.png``, ``.jpg``, ``.webp``, ``.bmp``).

Why: most battle maps a GM owns are just images. The map is the picture with a
grid laid over it: ``pixels_per_cell`` pixels make one 5 ft square, and the
map is as many squares as the picture covers, rounded up. No walls or terrain
come with it. The size is read from the file's header (no decoding), and a
picture too large to open safely is refused (see :mod:`tactics.maps.imagesize`).
"""

from __future__ import annotations

import math
from pathlib import Path

from tactics.maps.battlemap import BattleMap, MapError, MapImage
from tactics.maps.imagesize import ImageHeaderError, safe_image_file_size
from tactics.maps.native import MAX_CELLS, MAX_PIXELS_PER_CELL, MIN_PIXELS_PER_CELL


def load_image_map(path: str | Path, pixels_per_cell: float = 70.0) -> BattleMap:
    """A map the size of the picture at ``path``, ``pixels_per_cell`` pixels a square."""
    path = Path(path)
    shown = str(path)
    if isinstance(pixels_per_cell, bool) or not isinstance(pixels_per_cell, (int, float)):
        raise MapError(shown, "pixels per square must be a number")
    if not math.isfinite(pixels_per_cell) or pixels_per_cell < MIN_PIXELS_PER_CELL:
        raise MapError(shown, f"pixels per square must be at least {MIN_PIXELS_PER_CELL:g}, got {pixels_per_cell}")
    if pixels_per_cell > MAX_PIXELS_PER_CELL:
        raise MapError(shown, f"pixels per square must be at most {MAX_PIXELS_PER_CELL:g}, got {pixels_per_cell}")
    try:
        _, width_px, height_px = safe_image_file_size(path)
    except ImageHeaderError as exc:
        raise MapError(shown, str(exc)) from None
    width = math.ceil(width_px / pixels_per_cell)
    height = math.ceil(height_px / pixels_per_cell)
    if width * height > MAX_CELLS:
        raise MapError(
            shown,
            f"{width_px}x{height_px} pixels at {pixels_per_cell:g} pixels a square is "
            f"{width}x{height} squares, too many (limit {MAX_CELLS})",
        )
    image = MapImage(pixels_per_cell=float(pixels_per_cell), path=str(path.resolve()))
    return BattleMap(width=width, height=height, name=path.stem, image=image, source=shown)


__all__ = ["load_image_map"]
