"""Select and move: click a token to see its run and sprint reach, click a square to move.

The reach comes from :func:`tactics.rules.movement.reachable` with the token's
allies (pass through, R-GRID-5) and enemies (blocked) from the encounter state;
the path preview from :func:`tactics.rules.movement.plan`. A move is a command
submitted to the encounter (``board.Walk`` until the combat engine's own move
command is registered with :func:`set_move_command`); a refusal is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from tactics.engine.board import Walk
from tactics.engine.state import Combatant, EncounterState
from tactics.rules.grid import Cell
from tactics.rules.movement import RUN_FT, Plan, plan, reachable
from tactics.ui import draw, theme
from tactics.ui import intents as ui
from tactics.ui.render import CURSOR_Z, REACH_Z, TOOL_Z, DrawContext
from tactics.ui.tools.base import Tool

MoveCommandFactory = Callable[[EncounterState, str, list[Cell], "Reach"], Any]


def _default_move(state: EncounterState, cid: str, path: list[Cell], reach: "Reach") -> Any:
    return Walk(cid, list(path), budget_ft=reach.sprint_ft)


_move_command: MoveCommandFactory = _default_move


def set_move_command(factory: MoveCommandFactory) -> None:
    """Let the combat engine supply the move command (Standard/Bonus Move)."""
    global _move_command
    _move_command = factory


def move_budget(state: EncounterState, who: Combatant) -> tuple[int, int]:
    """(run, sprint) feet for a token (R-MOVE-1): the combat procedure's figure if it
    has one, else the sheet's run speed, else 30 ft; the sprint covers it again."""
    combat = state.combat
    if combat is not None and hasattr(combat, "move_budget"):
        try:
            run, sprint = combat.move_budget(who.id)
            return int(run), int(sprint)
        except Exception:  # noqa: BLE001 - fall back to the sheet
            pass
    run = RUN_FT
    sheet = who.sheet
    for attr in ("run_ft", "speed_ft", "speed", "run"):
        value = sheet.get(attr) if isinstance(sheet, dict) else getattr(sheet, attr, None)
        if isinstance(value, (int, float)) and value > 0:
            run = int(value)
            break
    return run, 2 * run  # reading: R-MOVE-1


@dataclass(frozen=True)
class Reach:
    who: str
    start: Cell
    run_ft: int
    sprint_ft: int
    run: frozenset[Cell]  # end squares within the run (Standard Move)
    sprint: frozenset[Cell]  # end squares that need the sprint (Bonus Move) too
    plan: Plan


def compute_reach(state: EncounterState, cid: str) -> Reach | None:
    who = state.combatants.get(cid)
    if who is None or who.cell is None or not who.present:
        return None
    battle_map = state.current_map()
    enemies = [c.cell for c in state.enemies_of(who)]
    allies = [c.cell for c in state.allies_of(who)]
    run_ft, sprint_ft = move_budget(state, who)
    run = reachable(battle_map, who.cell, run_ft, enemies=enemies, occupied=allies)
    far = reachable(battle_map, who.cell, sprint_ft, enemies=enemies, occupied=allies)
    route = plan(battle_map, who.cell, sprint_ft, enemies=enemies, occupied=allies)
    run_cells = frozenset(c for c in run if c != who.cell)
    sprint_cells = frozenset(c for c in far if c not in run and c != who.cell)
    return Reach(cid, who.cell, run_ft, sprint_ft, run_cells, sprint_cells, route)


def why_not(state: EncounterState, reach: Reach, cell: Cell) -> str:
    """A sentence saying why the selected token cannot end its move on ``cell``."""
    who = state.combatants[reach.who]
    battle_map = state.current_map()
    if not battle_map.in_bounds(cell):
        return "That is off the map."
    if battle_map.move_cost(cell) is None:
        return f"No one can stand there ({battle_map.terrain_at(cell).label or 'solid'})."
    other = state.at(cell)
    if other is not None:
        return f"{other.name} already stands there."
    if cell in reach.plan.cost:
        return f"{who.name} cannot end a move there."
    enemies = [c.cell for c in state.enemies_of(who)]
    allies = [c.cell for c in state.allies_of(who)]
    wider = plan(battle_map, who.cell, reach.sprint_ft * 4, enemies=enemies, occupied=allies)
    if cell in wider.cost:
        return f"Too far: {wider.cost[cell]} ft by the shortest path; {who.name} can sprint {reach.sprint_ft} ft."
    return f"{who.name} has no way there: walls or enemies block every path."


class SelectTool(Tool):
    name = "select"
    label = "Select"
    key = pygame.K_v
    key_label = "V"
    hint = "Click a token to select it; blue = run, amber = sprint. Click a square to move there."

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button != 1:
            return False
        view = self.view
        cell = view.camera.cell_at(intent.pos)
        token = view.token_at(cell)
        reach = view.reach
        if token is not None:
            if reach is not None and token.id == reach.who:
                view.select(None)
            else:
                view.select(token.id)
            return True
        if reach is None:
            view.select(None)
            return True
        if cell in reach.run or cell in reach.sprint:
            path = reach.plan.path_to(cell)
            command = _move_command(view.state, reach.who, path, reach)
            feet = reach.plan.cost[cell]
            if view.submit(command):
                name = view.state.combatants[reach.who].name
                view.say(f"{name} moved {feet} ft.", "good")
            return True
        view.say(why_not(view.state, reach, cell), "error")
        view.flash_bad(cell)
        return True

    def status(self) -> str:
        reach = self.view.reach
        if reach is None:
            return self.hint
        who = self.view.state.combatants[reach.who]
        return (f"{who.name}: run {reach.run_ft} ft (blue), sprint {reach.sprint_ft} ft (amber). "
                "Click a square to move; click the token again or Esc to deselect.")

    def deactivate(self) -> None:
        pass  # the selection stays: cones and lines start from it

    def cancel(self) -> bool:
        if self.view.selected is not None:
            self.view.select(None)
            return True
        return False

    def layers(self):
        return [(REACH_Z, "reach", self._draw_reach), (TOOL_Z, "move-preview", self._draw_preview)]

    # -- drawing ----------------------------------------------------------------
    def _draw_reach(self, ctx: DrawContext) -> None:
        reach = self.view.reach
        if reach is None:
            return
        cells = ctx.renderer.cells
        cells.fill(ctx.surface, ctx.camera, reach.sprint, theme.SPRINT_TINT, ctx.clip)
        cells.fill(ctx.surface, ctx.camera, reach.run, theme.RUN_TINT, ctx.clip)
        if ctx.camera.cell_px >= 12:
            cells.outline(ctx.surface, ctx.camera, reach.run | reach.sprint | {reach.start}, (255, 200, 90), 2)
            cells.outline(ctx.surface, ctx.camera, reach.run | {reach.start}, (120, 185, 255), 2)

    def _draw_preview(self, ctx: DrawContext) -> None:
        view = self.view
        reach = view.reach
        cell = view.hover_cell
        if reach is None or cell is None or cell == reach.start:
            return
        cam = ctx.camera
        if cell in reach.run or cell in reach.sprint:
            path = reach.plan.path_to(cell)
            pts = [cam.cell_centre(reach.start)] + [cam.cell_centre(c) for c in path]
            draw.outlined_lines(ctx.surface, pts, theme.PATH, max(2, cam.cell_px // 18))
            draw.cell_cursor(ctx.surface, cam.cell_rect(cell), theme.GOOD)
            feet = reach.plan.cost[cell]
            text = f"{feet} ft" + ("  sprint" if cell in reach.sprint else "")
            colour = theme.TEXT if cell in reach.run else (255, 210, 120)
            x, y, w, h = cam.cell_rect(cell)
            draw.pill_at(ctx.surface, text, (x + w // 2, y - 4), size=draw.label_size(cam.cell_px), colour=colour, anchor="midbottom")
        elif view.token_at(cell) is None and ctx.state.map.in_bounds(cell):
            draw.cell_cursor(ctx.surface, cam.cell_rect(cell), theme.BAD)
            x, y, w, h = cam.cell_rect(cell)
            draw.pill_at(ctx.surface, _short_reason(ctx.state, reach, cell), (x + w // 2, y - 4),
                         size=draw.label_size(cam.cell_px), colour=theme.BAD, anchor="midbottom")


def _short_reason(state: EncounterState, reach: Reach, cell: Cell) -> str:
    m = state.current_map()
    if m.move_cost(cell) is None:
        return "blocked"
    if cell in reach.plan.cost:
        return "occupied"
    return "out of reach"
