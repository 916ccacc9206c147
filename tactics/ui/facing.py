"""The end-of-turn facing prompt and the arcs overlay (R-FACE-1, R-FACE-2).

Why it exists: at the end of its turn a combatant chooses one of 8 facings or
to keep facing someone (R-FACE-1); it costs no action. When a group's turn
ends (the ground engine's ``group.ended``; in individual turns an
``turns.ended-turn`` that set no facing) the window asks, one member at a
time, without stopping anything else:

* 8 arrow buttons around the token, or the numpad (8 = N, 9 = NE ... 5 keeps)
  or the arrow keys: :class:`~tactics.engine.hazards.commands.SetFacing` with a direction;
* a click on another token keeps facing it (its facing then follows), with the
  Select tool and no other token selected; a token of the group acting now is
  being chosen to act, so for it (or with another tool) click the prompted
  token first, then the token to keep facing; after clicking the prompted
  token a click on a known trap or an empty square keeps facing that;
* Enter keeps the current facing, Esc keeps it for everyone still asked; the table moving on (any
  other command) ends the asking too: the facing stays as it is.

Every choice is a command through the journal (undo works). The arcs overlay
tints the squares around a token by :func:`tactics.rules.facing.arc_of`:
front green, flanks amber, rear red (R-FACE-2); it shows for the prompted
token and, with Q, for any hovered token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.core.board_events import TokenMoved
from tactics.engine.core.control import controller_of
from tactics.engine.core.labels import possessive
from tactics.engine.combat.events import ActionDeclared, GroupStarted
from tactics.engine.combat.queries import acting_combatants, preview_order
from tactics.engine.hazards.commands import SetFacing, effective_facing
from tactics.engine.core.state import Combatant
from tactics.rules import facing as fc
from tactics.rules.grid import Cell, DELTAS, DIRECTIONS, as_cell, cell_center
from tactics.ui import draw, placement, theme
from tactics.ui import intents as ui
from tactics.ui.render import DrawContext

if TYPE_CHECKING:
    from tactics.ui.hazards import HazardsAddon

ARC_COLOURS = {"front": theme.GOOD, "flank": theme.ACCENT, "rear": theme.BAD}
ARC_RADIUS = 2  # squares around the token tinted by arc

NUMPAD = {
    pygame.K_KP8: "N", pygame.K_KP9: "NE", pygame.K_KP6: "E", pygame.K_KP3: "SE",
    pygame.K_KP2: "S", pygame.K_KP1: "SW", pygame.K_KP4: "W", pygame.K_KP7: "NW",
    pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W",
}
KEEP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_KP5)


def arc_cells(cell: Cell, facing: str, radius: int = ARC_RADIUS) -> dict[str, set[Cell]]:
    """The squares around ``cell`` grouped by the arc they lie in (arc_of, R-FACE-2)."""
    out: dict[str, set[Cell]] = {"front": set(), "flank": set(), "rear": set()}
    c0, r0 = cell
    for c in range(c0 - radius, c0 + radius + 1):
        for r in range(r0 - radius, r0 + radius + 1):
            if (c, r) != tuple(cell):
                out[fc.arc_of(cell, facing, (c, r))].add((c, r))
    return out


def draw_arcs(ctx: DrawContext, who: Combatant, facing: str) -> list[pygame.Rect]:
    """Tint the squares round ``who`` by arc and label the front, flank and rear: where the
    labels went (the facing prompt's words keep off them)."""
    assert who.cell is not None  # on the map
    labels = []
    for arc, cells in arc_cells(who.cell, facing).items():
        ctx.renderer.cells.fill(ctx.surface, ctx.camera, cells, (*ARC_COLOURS[arc], 70), ctx.clip)
    if ctx.camera.cell_px >= 24:
        for arc, direction in (("front", facing), ("rear", DIRECTIONS[(DIRECTIONS.index(facing) + 4) % 8]),
                               ("flank", DIRECTIONS[(DIRECTIONS.index(facing) + 2) % 8])):
            dx, dy = DELTAS[direction]
            assert who.cell is not None  # on the map
            cx, cy = cell_center(who.cell)
            pos = ctx.camera.to_screen((cx + dx * 2.0, cy + dy * 2.0))
            labels.append(draw.pill_at(ctx.surface, arc, pos, size=draw.label_size(ctx.camera.cell_px) - 2,
                                       colour=theme.INK, bg=(*ARC_COLOURS[arc], 230)))
    return labels


def acted_in_turn(journal: Any, team: str, group: str) -> list[str]:
    """Who of the group that just ended its turn declared an action or moved in it, in that order.

    Read back from the journal to the group's ``group.started``: the facing prompt asks only
    them (a member that did nothing keeps the facing it had; reading: R-FACE-1)."""
    seen: list[str] = []
    for entry in reversed(journal.entries):
        for event in reversed(entry.events):
            if isinstance(event, GroupStarted) and event.team == team and event.group == group:
                return list(reversed(seen))
            if isinstance(event, (ActionDeclared, TokenMoved)) and event.combatant:
                if event.combatant not in seen:
                    seen.append(event.combatant)
    return list(reversed(seen))


class FacingPrompt:
    """Asks the members of a group that just acted for their facing, one at a time (R-FACE-1)."""

    def __init__(self, addon: "HazardsAddon") -> None:
        self.addon = addon
        self.queue: list[str] = []
        self.picking = False  # the next token click (any token) keeps facing it
        self.box: pygame.Rect | None = None  # where the last drawing put the prompt's words

    @property
    def view(self) -> Any:
        return self.addon.view

    # -- who is asked -------------------------------------------------------------
    def offer(self, cids: list[str]) -> None:
        for cid in cids:
            if cid not in self.queue:
                self.queue.append(cid)
        self._drop_gone()

    def _drop_gone(self) -> None:
        state = self.view.state
        keep = []
        for cid in self.queue:
            who = state.combatants.get(cid)
            if who is None or who.cell is None or not who.present or who.hp <= 0:
                continue
            if self.view.viewer != "gm" and state.hidden_from_players(who):
                continue
            if controller_of(state, who.team) is not None:  # the app chooses its own creatures' facings
                continue  # (the GM is not invited to, and no arrow key competes with it: review 14, finding 8)
            keep.append(cid)
        self.queue = keep

    def current(self) -> Combatant | None:
        self._drop_gone()
        return self.view.state.combatants[self.queue[0]] if self.queue else None

    def active(self) -> bool:
        return self.current() is not None

    # -- answers --------------------------------------------------------------------
    def _next(self) -> None:
        if self.queue:
            self.queue.pop(0)
        self.picking = False
        self.view.app.dirty = True
        if not self.queue:
            self.addon.facing_answered()

    def choose(self, direction: str) -> bool:
        who = self.current()
        if who is None:
            return False
        if self.view.submit(SetFacing(who.id, direction=direction)):
            self.view.say(f"{who.name} faces {direction}.", "good")
            self._next()
        return True

    def keep_facing(self, target: str) -> bool:
        who = self.current()
        if who is None:
            return False
        if self.view.submit(SetFacing(who.id, keep_facing=target)):
            self.view.say(f"{who.name} keeps facing {self.view.state.combatants[target].name}.", "good")
            self._next()
        return True

    def keep_facing_square(self, cell: Cell) -> bool:
        """Keep facing what lies on ``cell``: a trap the combatant's side knows of, else the square (R-FACE-1)."""
        who = self.current()
        if who is None:
            return False
        state = self.view.state
        trap = next((t for t in sorted(state.traps.values(), key=lambda t: t.id)
                     if tuple(t.cell) == tuple(cell) and t.status != "removed" and t.known_to(who.team)), None)
        command = (SetFacing(who.id, keep_facing=trap.id) if trap is not None
                   else SetFacing(who.id, keep_facing_cell=as_cell(cell)))
        if self.view.submit(command):
            what = f"the {trap.label}" if trap is not None else f"the square {tuple(cell)}"
            self.view.say(f"{who.name} keeps facing {what}.", "good")
            self._next()
        return True

    def keep(self) -> bool:
        who = self.current()
        if who is None:
            return False
        self.view.say(f"{who.name} keeps facing {who.facing}.", "info")
        self._next()
        return True

    def stop(self, answered: bool = False) -> bool:
        """Esc (``answered``): everyone still asked keeps the facing they have (one key for all);
        also the table moving on (another command) ends the asking."""
        if not self.queue:
            return False
        names = [self.view.state.combatants[c].name for c in self.queue if c in self.view.state.combatants]
        if names:
            self.view.say("Facings kept: " + ", ".join(names) + ".", "info")
        self.queue.clear()
        self.picking = False
        self.view.app.dirty = True
        if answered:
            self.addon.facing_answered()
        return True

    # -- geometry --------------------------------------------------------------------
    def button_centres(self) -> dict[str, tuple[int, int]]:
        who = self.current()
        if who is None:
            return {}
        cam = self.view.camera
        assert who.cell is not None  # on the map
        cx, cy = cell_center(who.cell)
        return {d: cam.to_screen((cx + dx * 0.8, cy + dy * 0.8)) for d, (dx, dy) in DELTAS.items()}

    def arrow_rects(self) -> list[pygame.Rect]:
        """The 8 arrows' squares on screen (none when nobody is asked)."""
        r = self.button_radius() + 2  # with their outline
        return [pygame.Rect(x - r, y - r, 2 * r, 2 * r) for x, y in self.button_centres().values()]

    def button_radius(self) -> int:
        return max(9, int(self.view.camera.cell_px * 0.17))

    def button_at(self, pos: tuple[int, int]) -> str | None:
        r = self.button_radius()
        for d, (x, y) in self.button_centres().items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= r * r:
                return d
        return None

    # -- input ----------------------------------------------------------------------------
    def handle(self, intent: Any) -> bool:
        who = self.current()
        if who is None:
            return False
        if isinstance(intent, ui.KeyPress) and not intent.ctrl:
            if intent.key in NUMPAD:
                return self.choose(NUMPAD[intent.key])
            if intent.key in KEEP_KEYS and not preview_order(self.view.state):  # Enter resolves first
                return self.keep()
            if intent.key == pygame.K_ESCAPE:
                return self.stop(answered=True)
            return False
        if isinstance(intent, ui.PointerDown) and intent.button == 1:
            direction = self.button_at(intent.pos)
            if direction is not None:
                return self.choose(direction)
            view = self.view
            if not view.board_rect().collidepoint(intent.pos):
                return False
            cell = view.camera.cell_at(intent.pos)
            token = view.token_at(cell)
            if token is None and self.picking and view.state.map.in_bounds(cell):
                return self.keep_facing_square(cell)
            free_hand = view.tool.name == "select" and view.selected in (None, who.id)
            if token is None or not (free_hand or self.picking):
                return False  # the click chooses a target or an actor for another tool
            if token.id == who.id:
                self.picking = not self.picking
                view.say(f"Click the token, trap or square {who.name} keeps facing." if self.picking
                         else "Facing: choose again.", "info")
                return True
            if self.picking or token.id not in acting_combatants(view.state):
                return self.keep_facing(token.id)
        return False

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, ctx: DrawContext) -> None:
        who = self.current()
        if who is None:
            return
        facing = effective_facing(ctx.state, who.id)
        arc_labels = draw_arcs(ctx, who, facing)
        r = self.button_radius()
        for d, (x, y) in self.button_centres().items():
            on = d == facing
            pygame.draw.circle(ctx.surface, theme.OUTLINE, (x, y), r + 2)
            pygame.draw.circle(ctx.surface, theme.ACCENT if on else theme.CONTROL_LIT, (x, y), r)
            dx, dy = DELTAS[d]
            length = (dx * dx + dy * dy) ** 0.5
            ux, uy = dx / length, dy / length
            tip = (x + ux * r * 0.7, y + uy * r * 0.7)
            left = (x - ux * r * 0.5 - uy * r * 0.5, y - uy * r * 0.5 + ux * r * 0.5)
            right = (x - ux * r * 0.5 + uy * r * 0.5, y - uy * r * 0.5 - ux * r * 0.5)
            pygame.draw.polygon(ctx.surface, theme.INK if on else theme.TEXT, [tip, left, right])
        more = len(self.queue) - 1
        lines = [f"Facing for {who.name} (now {facing})" + (f"  ({more} more)" if more else ""),
                 "click an arrow or a token to keep facing",
                 f"numpad / arrow keys; Enter: keep {possessive(who.name)} facing"
                 + ("; Esc: keep everyone's" if more else "")]  # one word for each key (review 14, finding 12)
        if self.picking:
            lines = [f"{who.name} keeps facing:", "click any token", f"(click {who.name} again to cancel)"]
        imgs = [draw.pill(line, theme.fs(15 if i else 16), theme.ACCENT if i == 0 else theme.TEXT)
                for i, line in enumerate(lines)]
        size = (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        assert who.cell is not None  # on the map
        x, y, w, h = ctx.camera.cell_rect(who.cell)
        ring = pygame.Rect(x, y, w, h).inflate(2 * (r + int(w * 0.3)), 2 * (r + int(h * 0.3)))  # the arrows
        room = draw.map_rect(ctx.camera, ctx.state.map).clip(ctx.clip)  # over the map, clear of the panels
        view = self.view
        cards = [rect for rect in (getattr(getattr(getattr(view, "combat", None), "banner", None), "rect", None),)
                 if rect is not None]
        # Clear of the tokens, their names and condition words and the arc labels (review 14 F6:
        # the words lay on "flank", James' "Shaken" and Brandon's name): beside the arrows if
        # there is room, else further out (the status line says the same, so far off is no loss).
        tokens = placement.token_rects(view, skip=(who.id,))
        drawn = getattr(view.renderer.tokens, "drawn_words", None)
        cards += arc_labels + (drawn() if callable(drawn) else [])
        spots = []
        for gap in (6, w, 2 * w, 4 * w):
            near = placement.around(size, ring, gap)
            spots += [near[2], near[3], near[0], near[1], *near[4:]]  # below, above, right, left, corners
        rect = placement.place(spots, room if room.width > size[0] and room.height > size[1] else ctx.clip,
                               tokens=tokens, cards=cards)
        self.box = rect
        ty = rect.y
        for img in imgs:
            ctx.surface.blit(img, img.get_rect(midtop=(rect.centerx, ty)))
            ty += img.get_height()

__all__ = ["ARC_COLOURS", "FacingPrompt", "arc_cells", "draw_arcs"]
