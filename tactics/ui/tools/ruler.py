"""The ruler: click waypoints; each leg's feet and the running total show on the map.

Distances use the game's own count (R-GRID-2: every step 5 ft, diagonal too)
via :func:`tactics.rules.grid.distance_ft`. Right click or Esc ends it.
"""

from __future__ import annotations

import pygame

from tactics.rules.grid import Cell, distance_ft
from tactics.ui import draw, theme
from tactics.ui import intents as ui
from tactics.ui.render import TOOL_Z, DrawContext
from tactics.ui.tools.base import Tool


def legs(points: list[Cell]) -> list[int]:
    """Feet of each leg between consecutive waypoints."""
    return [distance_ft(a, b) for a, b in zip(points, points[1:])]


class RulerTool(Tool):
    name = "ruler"
    label = "Ruler"
    key = pygame.K_r
    key_label = "R"
    hint = "Ruler: click to start, click again to add waypoints; right click or Esc ends."

    def __init__(self, view) -> None:
        super().__init__(view)
        self.points: list[Cell] = []

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button == 1:
            cell = self.view.camera.cell_at(intent.pos)
            if not self.points or self.points[-1] != cell:
                self.points.append(cell)
            return True
        return False

    def pointer_click_right(self) -> bool:
        return self.cancel()

    def cancel(self) -> bool:
        if self.points:
            self.points = []
            return True
        return False

    def route(self) -> list[Cell]:
        """The waypoints plus the square under the pointer (the leg being measured)."""
        pts = list(self.points)
        hover = self.view.hover_cell
        if pts and hover is not None and hover != pts[-1]:
            pts.append(hover)
        return pts

    def total_ft(self) -> int:
        return sum(legs(self.route()))

    def status(self) -> str:
        if not self.points:
            return self.hint
        return f"Ruler: {self.total_ft()} ft so far. Click to add a waypoint; right click or Esc ends."

    def layers(self):
        return [(TOOL_Z, "ruler", self._draw)]

    def _draw(self, ctx: DrawContext) -> None:
        cam = ctx.camera
        route = self.route()
        if not route:
            if self.view.hover_cell is not None:
                draw.cell_cursor(ctx.surface, cam.cell_rect(self.view.hover_cell), theme.RULER, 2)
            return
        pts = [cam.cell_centre(c) for c in route]
        size = draw.label_size(cam.cell_px)
        draw.outlined_lines(ctx.surface, pts, theme.RULER, max(3, cam.cell_px // 16))
        if len(pts) == 1:
            draw.cell_cursor(ctx.surface, cam.cell_rect(route[0]), theme.RULER, 2)
        running = 0
        for (a, b), feet in zip(zip(pts, pts[1:]), legs(route)):
            running += feet
            if len(route) > 2:
                mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                draw.pill_at(ctx.surface, f"{feet} ft", mid, size=max(13, size - 3), colour=theme.LABEL_WARM)
        end = pts[-1]
        draw.pill_at(ctx.surface, f"{running} ft", (end[0] + cam.cell_px // 2 + 6, end[1]), size=size + 2,
                     colour=theme.RULER, anchor="midleft")
