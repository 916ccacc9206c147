"""Area templates: radius, cone and line previews (R-RAD-1/2, R-CONE-1..3, R-LINE-1, R-AOE-1).

The highlighted squares are computed by the SAME functions resolution uses,
:func:`tactics.rules.templates.radius` / ``cone`` / ``line`` with
``walls=`` the map as it stands (doors included). A click pins a copy on the
map (a draft the table can look at); Esc clears the preview, then the pins.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tactics.rules import templates
from tactics.rules.grid import DELTAS, Cell, cell_center, direction_toward, step
from tactics.ui import draw, placement, theme
from tactics.ui import intents as ui
from tactics.ui.render import TEMPLATES_Z, TOOL_Z, DrawContext, keyed
from tactics.ui.tools.base import Tool, plus_minus


@dataclass(frozen=True)
class PinnedTemplate:
    """A template left on the map: its squares and its label's place."""

    label: str
    cells: frozenset[Cell]
    anchor: tuple[float, float]  # grid point for the label


def behind_walls(whole: frozenset[Cell], cells: frozenset[Cell]) -> str:
    """", 12 behind walls": how many squares of the template walls and solid squares cut off
    (R-AOE-1), so a half-drawn radius reads as cut, not broken (review 12); "" when none are."""
    cut = len(whole - cells)
    return f", {cut} behind walls" if cut else ""


class TemplateTool(Tool):
    default_ft = 10
    needs_origin = False

    def __init__(self, view) -> None:
        super().__init__(view)
        self.feet = self.default_ft

    # -- to override ----------------------------------------------------------
    def compute(self) -> tuple[frozenset[Cell], str, tuple[float, float]] | None:
        """(cells, label, label anchor) for the pointer's current place, or None."""
        raise NotImplementedError

    # -- shared behaviour -------------------------------------------------------
    def preview(self):
        """The current preview, computed once per pointer position / size / state."""
        view = self.view
        key = (view.hover_pos, view.selected, self.feet, self.settings(), id(view.state),
               len(view.encounter.journal.entries), frozenset(view.state.open_doors),
               frozenset(view.state.closed_doors))
        if getattr(self, "_cache_key", None) != key:
            try:
                self._cache = self.compute()
            except ValueError:
                self._cache = None
            self._cache_key = key
        return self._cache

    def settings(self) -> tuple:
        return ()

    def board_key(self):
        """The preview's squares are drawn on the cached board: its key."""
        got = self.preview()
        return (got[0], got[1]) if got else None

    def affected_cells(self) -> frozenset[Cell] | None:
        got = self.preview()
        return got[0] if got else None

    def describe(self) -> str:
        got = self.preview()
        return got[1] if got else ""

    def resize(self, steps: int) -> bool:
        new = max(5, min(templates.MAX_TEMPLATE_FEET, self.feet + 5 * steps))
        if new == self.feet:
            return False
        self.feet = new
        self.view.say(f"{self.label}: {self.feet} ft", "info")
        return True

    def on_key(self, intent: ui.KeyPress) -> bool:
        d = plus_minus(intent)
        if d:
            self.resize(d)
            return True
        return False

    def wheel(self, intent: ui.Wheel) -> bool:
        if intent.mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.resize(1 if intent.steps > 0 else -1)
            return True
        return False

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button != 1:
            return False
        view = self.view
        cell = view.camera.cell_at(intent.pos)
        token = view.token_at(cell)
        if self.needs_origin and token is not None and (view.selected is None or token.id != view.selected):
            view.select(token.id)
            return True
        got = self.preview()
        if got is None:
            if self.needs_origin and view.selected is None:
                view.say("Select a token first: the template starts beside it.", "error")
            return True
        cells, label, anchor = got
        view.pinned.append(PinnedTemplate(label, cells, anchor))
        names = view.names_in(cells)
        view.say(f"Pinned {label}: " + (", ".join(names) if names else "no one inside."), "info")
        return True

    def deactivate(self) -> None:
        pass  # pinned templates stay on the map

    def cancel(self) -> bool:
        if self.view.pinned:
            self.view.pinned.clear()
            return True
        return False

    def status(self) -> str:
        return self.hint + "  +/- or Ctrl+wheel: size.  Click: pin.  Esc: clear."

    def layers(self):
        return [(TEMPLATES_Z + 1, "template-preview", self._draw), (TOOL_Z, "template-label", self._draw_label)]

    def _draw(self, ctx: DrawContext) -> None:
        got = self.preview()
        if got is None:
            return
        draw_template(ctx, got[0], theme.TEMPLATE_TINT, theme.TEMPLATE_EDGE)

    def _draw_label(self, ctx: DrawContext) -> None:
        got = self.preview()
        if got is None:
            return
        cells, label, anchor = got
        self.draw_origin(ctx)
        # Beside the template, clear of every token (the caster too) and of the template itself.
        img = draw.pill(label, draw.label_size(ctx.camera.cell_px), theme.LABEL_WARM)
        area = pygame.Rect(ctx.camera.cell_rect(next(iter(cells)))) if cells else pygame.Rect(0, 0, 1, 1)
        for cell in cells:
            area.union_ip(pygame.Rect(ctx.camera.cell_rect(cell)))
        spots = placement.around(img.get_size(), area, 6)
        spots = [spots[3], spots[2], spots[0], spots[1], *spots[4:]]  # above, below, right, left, corners
        tokens = placement.token_rects(self.view) if hasattr(self.view, "visible") else []
        rect = placement.place(spots, ctx.clip, tokens=tokens, cards=[area])
        ctx.surface.blit(img, rect)

    def draw_origin(self, ctx: DrawContext) -> None:
        pass


def draw_template(ctx: DrawContext, cells: frozenset[Cell], tint, edge) -> None:
    ctx.renderer.cells.fill(ctx.surface, ctx.camera, cells, tint, ctx.clip)
    if ctx.camera.cell_px >= 10:
        ctx.renderer.cells.outline(ctx.surface, ctx.camera, cells, edge, 2)


def _draw_pinned(ctx: DrawContext) -> None:
    for pin in getattr(ctx.view, "pinned", ()):
        draw_template(ctx, pin.cells, (*theme.TEMPLATE_EDGE, 70), theme.RANGE_EDGE)


#: The pinned templates of the view (drawn whatever tool is active), run again only when their
#: squares change (the camera and viewer: the frame).
draw_pinned = keyed(_draw_pinned, lambda ctx: tuple(pin.cells for pin in getattr(ctx.view, "pinned", ())))


class RadiusTool(TemplateTool):
    name = "radius"
    label = "Radius"
    key = pygame.K_b
    key_label = "B"
    default_ft = 10
    hint = "Radius: snaps to the nearest corner (hold Shift: a square's centre); G: round/grid."

    def __init__(self, view) -> None:
        super().__init__(view)
        self.shape = "grid"
        self.centre = False

    def on_key(self, intent: ui.KeyPress) -> bool:
        if intent.key == pygame.K_g:
            self.shape = "round" if self.shape == "grid" else "grid"
            # reading: R-RAD-1 (grid), R-RAD-2 (round)
            shape = "round (squares whose centre lies inside the circle)" if self.shape == "round" else "grid (counted in squares)"
            self.view.say(f"Radius shape: {shape}", "info")
            return True
        if intent.key == pygame.K_a:
            self.centre = not self.centre
            self.view.say("Radius anchored on " + ("square centres" if self.centre else "corners"), "info")
            return True
        return super().on_key(intent)

    def settings(self) -> tuple:
        return (self.shape, self.at_centre())

    def at_centre(self) -> bool:
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or self.view.shift_held
        return self.centre != shift

    def compute(self):
        view = self.view
        if view.hover_pos is None:
            return None
        at = "center" if self.at_centre() else "corner"
        anchor = view.camera.cell_at(view.hover_pos) if at == "center" else view.camera.intersection_at(view.hover_pos)
        # reading: N-AOE-1 (a corner on a wall is on the side of the square under the pointer)
        inside = view.camera.cell_at(view.hover_pos)
        cells = templates.radius(anchor, self.feet, at=at, shape=self.shape, walls=view.state.current_map(),
                                 inside=inside)
        whole = templates.radius(anchor, self.feet, at=at, shape=self.shape, inside=inside)
        point = cell_center(anchor) if at == "center" else (float(anchor[0]), float(anchor[1]))
        return cells, f"{self.feet} ft radius ({self.shape})" + behind_walls(whole, cells), point

    def draw_origin(self, ctx: DrawContext) -> None:
        got = self.preview()
        if got is None:
            return
        p = ctx.camera.to_screen(got[2])
        pygame.draw.circle(ctx.surface, theme.OUTLINE, p, 7)
        pygame.draw.circle(ctx.surface, theme.LABEL_WARM, p, 5)
        if self.shape == "round":
            pygame.draw.circle(ctx.surface, theme.TEMPLATE_EDGE, p, int(self.feet / 5 * ctx.camera.cell_px), 2)


class ConeTool(TemplateTool):
    name = "cone"
    label = "Cone"
    key = pygame.K_c
    key_label = "C"
    default_ft = 15
    needs_origin = True
    hint = "Cone: from the selected token toward the pointer, in one of 8 directions."

    def compute(self):
        view = self.view
        who = view.selected_combatant()
        if who is None or who.cell is None or view.hover_pos is None:
            return None
        mouse = view.camera.to_grid(view.hover_pos)
        if view.hover_cell == who.cell:  # pointing at the token itself: its facing (issue 4)
            from tactics.engine.hazards.commands import effective_facing

            direction = effective_facing(view.state, who.id)
        else:
            direction = direction_toward(cell_center(who.cell), mouse)
        apex = step(who.cell, direction)  # reading: R-CONE-2 (apex = the adjacent square)
        cells = templates.cone(apex, direction, self.feet, walls=view.state.current_map())
        whole = templates.cone(apex, direction, self.feet)
        return cells, f"{self.feet} ft cone {direction}" + behind_walls(whole, cells), cell_center(apex)


class LineTool(TemplateTool):
    name = "line"
    label = "Line"
    key = pygame.K_l
    key_label = "L"
    default_ft = 30
    needs_origin = True
    hint = "Line: from the selected token toward the square under the pointer."

    def compute(self):
        view = self.view
        who = view.selected_combatant()
        target = view.hover_cell
        if who is None or who.cell is None or target is None or target == who.cell:
            return None
        cells = templates.line(who.cell, target, self.feet, walls=view.state.current_map())  # reading: R-LINE-1
        whole = templates.line(who.cell, target, self.feet)
        return frozenset(cells), f"{self.feet} ft line" + behind_walls(frozenset(whole), frozenset(cells)), \
            cell_center(target)


__all__ = ["RadiusTool", "ConeTool", "LineTool", "PinnedTemplate", "draw_pinned", "DELTAS"]
