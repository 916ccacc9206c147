"""Where the map sits on screen: pan, zoom and the screen <-> grid conversion.

The zoom is a whole number of screen pixels per 5 ft square, so every grid
line falls on a pixel and stays crisp at any zoom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tactics.rules.grid import Cell, Point

MIN_CELL_PX = 8
MAX_CELL_PX = 240


@dataclass
class Camera:
    """``origin`` is the screen position of the map's top-left corner."""

    cell_px: int = 70
    origin_x: float = 0.0
    origin_y: float = 0.0

    # -- conversion ------------------------------------------------------------
    def to_grid(self, pos: tuple[float, float]) -> Point:
        return ((pos[0] - self.origin_x) / self.cell_px, (pos[1] - self.origin_y) / self.cell_px)

    def cell_at(self, pos: tuple[float, float]) -> Cell:
        gx, gy = self.to_grid(pos)
        return (math.floor(gx), math.floor(gy))

    def intersection_at(self, pos: tuple[float, float]) -> Cell:
        """The grid intersection nearest a screen position."""
        gx, gy = self.to_grid(pos)
        return (round(gx), round(gy))

    def to_screen(self, point: Point) -> tuple[int, int]:
        return (
            round(self.origin_x + point[0] * self.cell_px),
            round(self.origin_y + point[1] * self.cell_px),
        )

    def cell_rect(self, cell: Cell) -> tuple[int, int, int, int]:
        x, y = self.to_screen((cell[0], cell[1]))
        return (x, y, self.cell_px, self.cell_px)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        return self.to_screen((cell[0] + 0.5, cell[1] + 0.5))

    def visible_cells(self, size: tuple[int, int], width: int, height: int) -> tuple[range, range]:
        """Columns and rows of the map that show in a view of ``size`` pixels."""
        c0 = max(0, math.floor(-self.origin_x / self.cell_px))
        r0 = max(0, math.floor(-self.origin_y / self.cell_px))
        c1 = min(width, math.ceil((size[0] - self.origin_x) / self.cell_px))
        r1 = min(height, math.ceil((size[1] - self.origin_y) / self.cell_px))
        return range(c0, max(c0, c1)), range(r0, max(r0, r1))

    # -- moving -------------------------------------------------------------------
    def pan(self, dx: float, dy: float) -> None:
        self.origin_x = round(self.origin_x + dx)
        self.origin_y = round(self.origin_y + dy)

    def zoom_at(self, pos: tuple[float, float], steps: float) -> bool:
        """Zoom by ``steps`` wheel notches keeping the point under ``pos`` fixed."""
        new = self.cell_px * (1.15 ** steps)
        new_px = int(round(new))
        if new_px == self.cell_px:
            new_px += 1 if steps > 0 else -1
        return self.set_zoom(new_px, pos)

    def set_zoom(self, cell_px: int, pos: tuple[float, float]) -> bool:
        cell_px = max(MIN_CELL_PX, min(MAX_CELL_PX, int(cell_px)))
        if cell_px == self.cell_px:
            return False
        gx, gy = self.to_grid(pos)
        self.cell_px = cell_px
        self.origin_x = round(pos[0] - gx * cell_px)
        self.origin_y = round(pos[1] - gy * cell_px)
        return True

    def fit(self, view: tuple[int, int, int, int], width: int, height: int, margin: int = 24) -> None:
        """Zoom and centre so the whole map fits in the ``view`` rectangle (x, y, w, h)."""
        vx, vy, vw, vh = view
        px = min((vw - 2 * margin) / width, (vh - 2 * margin) / height)
        self.cell_px = max(MIN_CELL_PX, min(MAX_CELL_PX, int(px)))
        self.origin_x = round(vx + (vw - width * self.cell_px) / 2)
        self.origin_y = round(vy + (vh - height * self.cell_px) / 2)
