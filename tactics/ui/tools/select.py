"""Select and move: click a token to see its run and sprint reach, click a square to move.

The reach is what the engine allows now
(:func:`tactics.engine.combat.moves.move_allowance` and ``move_routes``: the
free walk out of a fight, the action economy in one, R-MOVE-1, R-ACT-1,
R-TURN-2), with the token's allies (pass through, R-GRID-5) and enemies
(blocked). A token that cannot move now shows no reach; the status bar says
why. The view recomputes the reach after every journal change that may change it
(:mod:`tactics.engine.combat.reach_inputs`; a roll that only moves an HP bar keeps it). A move is a
command, or commands all or nothing (a sprint as two actions), submitted to the
encounter (``board.Walk`` until a fight's move command is registered with
:func:`set_move_command`); a refusal is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from tactics.engine.combat.events import CombatCheck
from tactics.engine.combat.queries import describe
from tactics.engine.core.board_events import TokenMoved
from tactics.engine.board import Walk
from tactics.engine.combat.known_traps import KnownTrapAhead, known_trap_ahead, warning_words
from tactics.engine.combat.moves import (
    MoveAllowance, Route, map_for_move, move_allowance, move_budget_ft, move_routes, step_allowance, why_not_move,
)
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.grid import Cell
from tactics.rules.movement import Plan, plan
from tactics.ui import draw, layout_probe as probe, theme
from tactics.ui import intents as ui
from tactics.ui.render import REACH_Z, TOOL_Z, DrawContext, keyed
from tactics.ui.tools.base import Tool
from tactics.ui.tools.doors import DoorClick, click_on, door_at, draw_hover, status_text

#: ``factory(state, cid, path, reach)``: the command (or the commands, all or nothing) that
#: moves ``cid`` along ``path``, one of ``reach.routes``.
MoveCommandFactory = Callable[[EncounterState, str, list[Cell], "Reach"], Any]


def _default_move(state: EncounterState, cid: str, path: list[Cell], reach: "Reach") -> Any:
    return Walk(cid, list(path), budget_ft=reach.sprint_ft)


_move_command: MoveCommandFactory = _default_move


def set_move_command(factory: MoveCommandFactory) -> None:
    """Let the combat engine supply the move command (Standard/Bonus Move)."""
    global _move_command
    _move_command = factory


def move_budget(state: EncounterState, who: Combatant) -> tuple[int, int]:
    """(run, sprint) feet a token may move now (R-MOVE-1), as the engine allows it
    (:func:`tactics.engine.combat.moves.move_allowance`)."""
    return move_budget_ft(state, who)


@dataclass(frozen=True)
class Reach:
    """The squares the selected token may move to now, from the engine's allowance.

    ``start``: where the move starts (the end of moves declared and not yet
    resolved, else the token's square). ``routes``: every reachable square with
    the legs to submit. ``reason``: why nothing is reachable (then ``run`` and
    ``sprint`` are empty)."""

    who: str
    start: Cell
    run_ft: int
    sprint_ft: int
    run: frozenset[Cell]  # end squares within the run (Standard Move)
    sprint: frozenset[Cell]  # end squares that need the sprint (Bonus Move) too
    plan: Plan
    routes: dict[Cell, Route] = field(default_factory=dict)
    allowance: MoveAllowance | None = None
    reason: str = ""

    def path_to(self, cell: Cell) -> list[Cell]:
        route = self.routes.get(cell)
        return route.path if route else []

    def cost_to(self, cell: Cell) -> int:
        return self.routes[cell].cost


def compute_reach(state: EncounterState, cid: str, step: bool = False) -> Reach | None:
    """The reach of ``cid`` now (None when it is not on the map); ``step``: the 5 ft step alone,
    as a Simple action, when the engine would accept one (reading: N-MOVE-8)."""
    who = state.combatants.get(cid)
    if who is None or who.cell is None or not who.present:
        return None
    allowance = (step_allowance(state, cid) if step else None) or move_allowance(state, cid)
    start = allowance.origin or who.cell
    plans: dict[tuple[Cell, int], Plan] = {}
    routes = move_routes(state, cid, allowance, plans=plans)
    route_plan = plans.get((start, allowance.sprint_ft))  # the same search when the move is not split
    if route_plan is None:
        enemies = [c.cell for c in state.enemies_of(who) if c.cell is not None]
        allies = [c.cell for c in state.allies_of(who) if c.cell is not None]
        route_plan = plan(map_for_move(state, cid, allowance), start, allowance.sprint_ft, enemies=enemies,
                          occupied=allies)
    run = frozenset(c for c, r in routes.items() if not r.sprint)
    sprint = frozenset(c for c, r in routes.items() if r.sprint)
    reason = "" if allowance.can_move else (allowance.reason or "it cannot move now")
    return Reach(cid, start, allowance.run_ft, allowance.sprint_ft, run, sprint, route_plan, routes, allowance, reason)


def why_not(state: EncounterState, reach: Reach, cell: Cell) -> str:
    """A sentence saying why the selected token cannot end its move on ``cell``: the engine's
    :func:`~tactics.engine.combat.moves.why_not_move` for the reach shown."""
    return why_not_move(state, reach.who, cell, reach.allowance, reach.plan.cost)


LEG_WORDS = {"standard-move": "Standard Move", "bonus-move": "Bonus Move", "simple": "5 ft step",
             "simple-after": "5 ft step", "move": "move", "held-move": "held move", "walk": "walk"}


def submit_all(view, commands: list[Any], cid: str | None = None, legs: tuple = ()) -> bool:
    """Submit commands in order, all or nothing: a later refusal undoes the earlier ones.

    A leg that resolved at once but left the mover short of its end (a failed
    terrain check, a trap) ends the sprint there: its dice stand, and the next
    leg is not taken."""
    if view.app_refuses(commands):  # a creature the app plays moves itself
        return False
    cut: list[bool] = []

    def cut_short(entry: Any) -> bool:
        i = len(cut)
        cut.append(cid is not None and i + 1 < len(commands) and i < len(legs)
                   and _cut_short(view.state, entry, cid, legs[i]))
        return cut[-1]

    try:
        view.encounter.submit_many(commands, stop=cut_short)
    except Refused as exc:
        safe = getattr(view, "players_safe", lambda reason: reason)
        view.say(("No sprint: " if cut else "") + safe(exc.reason), "error")
        return False
    if cut and cut[-1]:
        who = view.state.combatants[cid]
        view.say(f"{who.name} stopped at {who.cell}: the second move is not taken.", "error")
        return False
    return True


def _cut_short(state: EncounterState, entry: Any, cid: str, leg: tuple) -> bool:
    """Did this entry move ``cid`` already and leave it short of the leg's end (or waiting)?"""
    if getattr(state.combat, "pending", None) is not None:
        return True
    moved = any(isinstance(e, (TokenMoved, CombatCheck)) and e.combatant == cid for e in entry.events)
    who = state.combatants.get(cid)
    return moved and (who is None or not leg or who.cell != tuple(leg[-1]))


#: The second leg of a sprint (the Bonus Move), in the amber of the sprint squares.
SPRINT_LEG = theme.SPRINT_LEG


class SelectTool(Tool):
    name = "select"
    label = "Select"
    key = pygame.K_v
    key_label = "V"
    hint = ("Click a token to select it; blue = run, amber = sprint. Click a square to move there, "
            "a door to open or close it.")

    def door_click(self) -> DoorClick | None:
        """What a click on the door under the pointer would do (None: no door there), asked of
        the engine once per pointer place and journal change (reading: N-DOOR-2)."""
        view = self.view
        door = door_at(view, view.hover_pos)
        if door is None:
            return None
        entries = view.encounter.journal.entries
        key = (door, view.selected, id(view.state), len(entries), id(entries[-1]) if entries else 0)
        cached = getattr(self, "_door_cache", None)
        if cached is None or cached[0] != key:
            cached = (key, click_on(view, door))
            self._door_cache = cached
        return cached[1]

    def pointer_within(self, pos: tuple[int, int]) -> bool:
        return self._hover_door(pos)

    def pointer_move(self, pos: tuple[int, int]) -> bool:
        self._hover_door(pos)
        self._hover_trap()
        return True

    def _hover_trap(self) -> None:
        """Onto a square whose way sets off a known trap, the status line's warning gives way to
        no older message (about the last action): it is what the next click does."""
        ahead = self.trap_ahead(self.view.hover_cell)
        was, self._trap_hover = getattr(self, "_trap_hover", None), (self.view.hover_cell if ahead else None)
        if ahead is not None and self._trap_hover != was and getattr(self.view, "message", None) is not None:
            self.view.message = None  # type: ignore[attr-defined]

    def _hover_door(self, pos: tuple[int, int]) -> bool:
        """Note the door under the pointer; True when that changed. Onto a door, the status line
        says what a click does: an older message (about the last action) gives way to it."""
        door = door_at(self.view, pos)
        was, self._door_hover = getattr(self, "_door_hover", None), door
        if door is not None and door != was and getattr(self.view, "message", None) is not None:
            self.view.message = None  # type: ignore[attr-defined]
        return door != was

    def _click_door(self, click: DoorClick) -> None:
        view = self.view
        if click.command is None:
            view.say(status_text(click), "info")
            return
        if click.problem:
            view.say(status_text(click), "error")
            return
        if view.submit(click.command):
            entry = view.encounter.journal.entries[-1]
            shown = next((e for e in entry.events if e.kind == "door.set"), entry.events[0] if entry.events else None)
            line = describe(shown, view.state) if shown is not None else ""
            view.say(line or f"{click.words[0].upper()}{click.words[1:]}.", "good")

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button != 1:
            return False
        view = self.view
        door = self.door_click() if door_at(view, intent.pos) is not None else None
        if door is not None:
            self._click_door(door)
            return True
        cell = view.camera.cell_at(intent.pos)
        token = view.token_at(cell)
        reach = view.reach
        if token is not None:
            if reach is not None and token.id == reach.who and getattr(view, "picked_for_turn", None) != token.id:
                view.select(None)
            elif reach is not None and token.id == reach.who:  # selected for its turn: its player's click keeps it
                view.picked_for_turn = None  # type: ignore[attr-defined]
            else:
                view.select(token.id)
            return True
        if reach is None:
            view.select(None)
            return True
        if cell in reach.routes:
            path = reach.path_to(cell)
            made = _move_command(view.state, reach.who, path, reach)
            commands = list(made) if isinstance(made, (list, tuple)) else [made]
            before = len(view.encounter.journal.entries)
            if submit_all(view, commands, reach.who, reach.routes[cell].legs):
                name = view.state.combatants[reach.who].name
                stop = _trap_stop(view, reach.who, cell, before)
                view.say(stop or f"{name}: {_route_words(reach, cell)} ({reach.cost_to(cell)} ft).",
                         "error" if stop else "good")
            return True
        view.say(why_not(getattr(view, "query_state", view.state), reach, cell), "error")
        view.flash_bad(cell)
        return True

    def status(self) -> str:
        door = self.door_click()
        if door is not None:
            return status_text(door)
        reach = self.view.reach
        if reach is None:
            return self.hint
        who = self.view.state.combatants[reach.who]
        if reach.reason and reach.allowance is not None and reach.allowance.waits:  # informs, refuses nothing (F15)
            return f"{reach.allowance.waits}. Esc deselects."
        if reach.reason:
            return f"{who.name} cannot move now: {reach.reason}. Esc deselects."
        note = reach.allowance.note if reach.allowance else ""
        if reach.run_ft and reach.sprint_ft > reach.run_ft:
            what = f"run {reach.run_ft} ft (blue), sprint {reach.sprint_ft} ft (amber)"
        elif reach.run_ft:
            what = f"{reach.run_ft} ft (blue)"
        else:
            what = f"{reach.sprint_ft} ft (amber)"
        hover = self.view.hover_cell
        ahead = self.trap_ahead(hover)
        if hover is not None and ahead is not None:  # reading: N-TRAP-12, no way round a known trap
            bonus = " This uses your Bonus action." if uses_bonus(reach, hover) else ""
            return (f"{who.name} to {hover[0]}, {hover[1]}: {_route_words(reach, hover)}, {reach.cost_to(hover)} ft, "
                    f"{warning_words(who.name, ahead)}.{bonus} Click to move; Esc deselects.")
        if hover is not None and hover in reach.routes and uses_bonus(reach, hover):
            return (f"{who.name} to {hover[0]}, {hover[1]}: {_route_words(reach, hover)}, "
                    f"{reach.cost_to(hover)} ft. This uses your Bonus action. Click to move; Esc deselects.")
        return (f"{who.name}: {what}" + (f", {note}" if note else "") +
                ". Click a square to move; click the token again or Esc to deselect.")

    def trap_ahead(self, cell: Cell | None) -> KnownTrapAhead | None:
        """The first trap the mover's side knows of that the route to ``cell`` sets off (the
        engine's answer, asked of the view's own state: the players' view knows only what the
        players know), once per reach and square."""
        view = self.view
        reach = view.reach
        if reach is None or cell is None or cell not in reach.routes:
            return None
        key = (id(reach), cell)
        cached = getattr(self, "_trap_ahead", None)
        if cached is None or cached[0] != key:
            asked = getattr(view, "query_state", view.state)
            walls = map_for_move(asked, reach.who, reach.allowance) if reach.allowance else None
            cached = (key, known_trap_ahead(asked, reach.who, reach.start, reach.path_to(cell), walls))
            self._trap_ahead = cached
        return cached[1]

    def deactivate(self) -> None:
        pass  # the selection stays: cones and lines start from it

    def cancel(self) -> bool:
        if self.view.selected is not None:
            self.view.select(None)
            return True
        return False

    def layers(self):
        return [(REACH_Z, "reach", keyed(self._draw_reach, self._reach_key)), (TOOL_Z, "move-preview", self._draw_preview)]

    def _reach_key(self, ctx: DrawContext) -> tuple:
        """What the reach layer draws from (camera and viewer: the frame)."""
        reach = self.view.reach
        if reach is None or not reach.routes:
            return ()
        return (reach.start, reach.run, reach.sprint)

    def _draw_door_hover(self, ctx: DrawContext) -> bool:
        click = self.door_click()
        if click is None:
            return False
        draw_hover(ctx.surface, self.view, click)
        return True

    # -- drawing ----------------------------------------------------------------
    def _draw_reach(self, ctx: DrawContext) -> None:
        reach = self.view.reach
        if reach is None or not reach.routes:
            return
        cells = ctx.renderer.cells
        cells.fill(ctx.surface, ctx.camera, reach.sprint, theme.SPRINT_TINT, ctx.clip)
        cells.fill(ctx.surface, ctx.camera, reach.run, theme.RUN_TINT, ctx.clip)
        if ctx.camera.cell_px >= 12:
            cells.outline(ctx.surface, ctx.camera, reach.run | reach.sprint | {reach.start}, theme.SPRINT_EDGE, 2)
            if reach.run:
                cells.outline(ctx.surface, ctx.camera, reach.run | {reach.start}, theme.RUN_EDGE, 2)

    def _draw_preview(self, ctx: DrawContext) -> None:
        if self._draw_door_hover(ctx):  # a door under the pointer: its hover, not a move preview
            return
        view = self.view
        reach = view.reach
        cell = view.hover_cell
        if reach is None or cell is None or cell == reach.start:
            return
        prompt = _facing_prompt(view)
        if prompt is not None and view.hover_pos is not None and prompt.button_at(view.hover_pos):
            return  # the pointer is on a facing arrow: a click chooses the facing, not a move (review 16 F6)
        cam = ctx.camera
        turns = getattr(view, "turns", None)  # individual turns: after Block only a path square is taken
        blocking = turns.block_prompt() if turns is not None else None
        if blocking is not None and cell not in blocking.block_squares and ctx.state.map.in_bounds(cell):
            draw.cell_cursor(ctx.surface, cam.cell_rect(cell), theme.BAD)
            x, y, w, h = cam.cell_rect(cell)
            words = f"not on {ctx.state.combatants[blocking.actor].name}'s path"
            probe.text(ctx.surface, draw.pill_at(ctx.surface, words, (x + w // 2, y - 4), size=draw.label_size(cam.cell_px),
                                                 colour=theme.BAD, anchor="midbottom"), words)
            return
        if cell in reach.routes:
            # The move starts where the engine says (the end of moves declared and not yet
            # resolved, drawn by the declared-actions layer), and each leg is drawn where it
            # goes: a sprint's second leg from the square where the first one ends.
            legs = reach.routes[cell].legs
            width = max(2, cam.cell_px // 18)
            at = reach.start
            for n, leg in enumerate(legs):
                pts = [cam.cell_centre(at)] + [cam.cell_centre(c) for c in leg]
                draw.outlined_lines(ctx.surface, pts, theme.PATH if n == 0 else SPRINT_LEG, width)
                at = leg[-1] if leg else at
            if len(legs) == 2 and legs[0]:
                mid = cam.cell_centre(legs[0][-1])  # where the Standard Move ends and the Bonus Move starts
                pygame.draw.circle(ctx.surface, theme.OUTLINE, mid, width * 2 + 4)
                pygame.draw.circle(ctx.surface, SPRINT_LEG, mid, width * 2 + 2)
            draw.cell_cursor(ctx.surface, cam.cell_rect(cell), theme.GOOD)
            ahead = self.trap_ahead(cell)
            if ahead is not None:  # reading: N-TRAP-12: the known trap this way sets off, marked
                draw_trap_mark(ctx.surface, cam.cell_rect(ahead.cell), width)
            feet = reach.cost_to(cell)
            sprint = cell in reach.sprint
            words = _route_words(reach, cell, short=True)
            text = f"{feet} ft" + (f"  {words}" if words else "")
            lines = [(text, theme.SPRINT_TEXT if sprint else theme.TEXT)]
            if uses_bonus(reach, cell):
                lines.append(("uses your Bonus action", lines[0][1]))
            if ahead is not None:
                lines.append((f"sets off the {ahead.label}" if ahead.last else f"stops on the {ahead.label}: it goes off",
                              theme.BAD))
            x, y, w, h = cam.cell_rect(cell)
            free = view.fit_rect() if hasattr(view, "fit_rect") else ctx.clip  # clear of the side panels
            bottom = y - 4
            for line, colour in reversed(lines):
                img = draw.pill(line, draw.label_size(cam.cell_px), colour)
                rect = img.get_rect(midbottom=(x + w // 2, bottom))
                rect.right = min(rect.right, free.right - 4)
                rect.left = max(rect.left, free.left + 4)
                ctx.surface.blit(img, rect)
                probe.text(ctx.surface, rect, line)
                bottom = rect.top - 2
        elif view.token_at(cell) is None and ctx.state.map.in_bounds(cell):
            if prompt is not None and reach.reason:
                return  # while the facing is asked, a token that cannot move has no move to point at
            # "cannot move now" is no mistake of the GM's pointing: said in grey, not red (the
            # status line says why); a square the token cannot reach stays red
            colour = theme.TEXT_DIM if reach.reason else theme.BAD
            draw.cell_cursor(ctx.surface, cam.cell_rect(cell), colour)
            words = _short_reason(ctx.state, reach, cell)
            img = draw.pill(words, draw.label_size(cam.cell_px), colour)
            rect, covers = hover_tag_rect(ctx, img.get_size(), pygame.Rect(cam.cell_rect(cell)))
            if covers and reach.reason:
                return  # the same words on every square, and the status line says why: never over a token
            ctx.surface.blit(img, rect)
            probe.text(ctx.surface, rect, words)


def _facing_prompt(view: Any) -> Any:
    """The facing prompt while it asks (None: it does not)."""
    from tactics.ui.hazards import hazards_of  # (that module imports the tools)

    addon = hazards_of(view)
    return addon.prompt if addon is not None and addon.prompt.active() else None


def hover_tag_rect(ctx: DrawContext, size: tuple[int, int], cell: pygame.Rect) -> tuple[pygame.Rect, int]:
    """Where the pointer's tag on an empty square goes: above the square, else below or beside
    it, clear of the tokens, the names and condition words the tokens layer drew, and the facing
    prompt's arrows, arc labels and words (review 16 F6: "cannot move now" lay on James' token,
    on Brandon's "Shaken 1" and under the arrows); and what it covers there (0: nothing)."""
    from tactics.ui import placement

    view = ctx.view
    r = pygame.Rect((0, 0), size)
    options = []
    for attr, pos in (("midbottom", (cell.centerx, cell.top - 4)), ("midtop", (cell.centerx, cell.bottom + 4)),
                      ("midleft", (cell.right + 4, cell.centery)), ("midright", (cell.left - 4, cell.centery)),
                      ("midbottom", (cell.centerx, cell.top - 8 - size[1])),
                      ("midtop", (cell.centerx, cell.bottom + 8 + size[1])),
                      ("bottomleft", (cell.right + 4, cell.top - 4)), ("bottomright", (cell.left - 4, cell.top - 4)),
                      ("topleft", (cell.right + 4, cell.bottom + 4)), ("topright", (cell.left - 4, cell.bottom + 4))):
        rect = r.copy()
        setattr(rect, attr, pos)
        options.append(rect)
    cam = ctx.camera
    near = cell.inflate(4 * cam.cell_px + 2 * size[0], 4 * cam.cell_px + 2 * size[1])
    # the tokens whose squares may meet ``near``, told by their cells first: working out every
    # token's square on the screen was most of a 1000-token frame with the pointer on the map
    (c0, r0), (c1, r1) = cam.to_grid(near.topleft), cam.to_grid(near.bottomright)
    squares = [pygame.Rect(cam.cell_rect(o.cell)) for o in ctx.state.on_map()
               if o.cell is not None and c0 - 1 <= o.cell[0] <= c1 and r0 - 1 <= o.cell[1] <= r1
               and (not hasattr(view, "visible") or view.visible(o))]
    squares = [sq for sq in squares if sq.colliderect(near)]
    drawn = getattr(ctx.renderer.tokens, "drawn_words", None)
    words = [w for w in (drawn() if callable(drawn) else []) if w.colliderect(near)]
    prompt = _facing_prompt(view)
    marks: list[pygame.Rect] = []
    if prompt is not None:
        marks = prompt.arrow_rects() + list(prompt.labels) + ([prompt.box] if prompt.box is not None else [])
    free = view.fit_rect() if hasattr(view, "fit_rect") else ctx.clip  # clear of the side panels
    return placement.place_scored(options, free, tokens=squares, cards=words + marks + [cell])


def _trap_stop(view: Any, cid: str, cell: Cell, since: int) -> str:
    """The log's line of a trap that went off on the move, or (short of ``cell``) of one spotted
    ahead that stopped it, for the status line instead of the planned route's feet; else empty."""
    who = view.state.combatants.get(cid)
    if who is None:
        return ""
    events = [e for entry in view.encounter.journal.entries[since:] for e in entry.events]
    kinds = ["trap.triggered"]  # a blast everyone saw, even on the square aimed at
    if who.cell != tuple(cell) and getattr(view, "viewer", "gm") == "gm":
        kinds.append("trap.halted")  # a spotting stop: on the GM's view only (it says a trap is there)
    stops = [e for e in events if e.kind in kinds]
    return describe(stops[0], view.state) if stops else ""


def draw_trap_mark(surface: pygame.Surface, rect: tuple[int, int, int, int], width: int) -> None:
    """A known trap the previewed way sets off: a red square with a cross, over the trap's own sign."""
    x, y, w, h = rect
    draw.cell_cursor(surface, rect, theme.BAD, max(3, width))
    inset = max(3, w // 5)
    for a, b in (((x + inset, y + inset), (x + w - inset, y + h - inset)),
                 ((x + w - inset, y + inset), (x + inset, y + h - inset))):
        draw.outlined_lines(surface, [a, b], theme.BAD, max(2, width))


def route_kinds(reach: Reach, cell: Cell) -> list[str]:
    """The action kinds a click on ``cell`` declares, one per leg ("standard-move", "bonus-move" ...)."""
    a = reach.allowance
    route = reach.routes.get(cell)
    if a is None or route is None:
        return []
    return [a.run_as, a.sprint_as] if len(route.legs) == 2 else [a.sprint_as if route.sprint else a.run_as]


def uses_bonus(reach: Reach, cell: Cell) -> bool:
    """Does moving to ``cell`` spend the Bonus action (a sprint in a fight: R-MOVE-1, R-ACT-1)?"""
    return "bonus-move" in route_kinds(reach, cell)


def _route_words(reach: Reach, cell: Cell, short: bool = False) -> str:
    """What a click on ``cell`` takes: "sprint", "5 ft step", "Standard Move + Bonus Move" ..."""
    a = reach.allowance
    route = reach.routes.get(cell)
    if a is None or route is None:
        return ""
    if a.run_as == "walk":
        return ("sprint" if route.sprint else "") if short else ("walks" + (" (sprint)" if route.sprint else ""))
    kinds = route_kinds(reach, cell)
    words = [LEG_WORDS.get(k, k) for k in kinds]
    if short:
        if kinds[0] in ("simple", "simple-after"):
            return "step"
        return "sprint" if route.sprint else ""
    return " + ".join(words)


def _short_reason(state: EncounterState, reach: Reach, cell: Cell) -> str:
    if reach.reason:
        return "cannot move now"
    m = state.current_map()
    if m.move_cost(cell) is None:
        return "blocked"
    if cell in reach.plan.cost:
        return "occupied"
    return "out of reach"
