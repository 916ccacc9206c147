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
* Enter leaves the current facing as it is, Esc leaves it for everyone still asked; the table
  moving on (any other command) ends the asking too: the facing stays as it is. ("Keep facing"
  is only ever the rules' sense: turn to someone and follow them; review 16 F16a.)

Every choice is a command through the journal (undo works). The arcs overlay
tints the squares around a token by :func:`tactics.rules.facing.arc_of`:
front green, flanks amber, rear red (R-FACE-2); it shows for the prompted
token and, with Q, for any hovered token.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from tactics.engine.core.board_events import TokenMoved
from tactics.engine.core.control import controller_of
from tactics.engine.combat.events import ActionDeclared, GroupStarted
from tactics.engine.combat.queries import acting_combatants, preview_order
from tactics.engine.hazards.commands import SetFacing, effective_facing
from tactics.engine.core.state import Combatant
from tactics.rules import facing as fc
from tactics.rules.grid import Cell, DELTAS, DIRECTIONS, as_cell, cell_center
from tactics.ui import draw, placement, theme
from tactics.ui import intents as ui
from tactics.ui.placement import overlap
from tactics.ui.render import DrawContext

if TYPE_CHECKING:
    from tactics.ui.hazards import HazardsAddon

ARC_COLOURS = {"front": theme.GOOD, "flank": theme.ACCENT, "rear": theme.BAD}
ARC_RADIUS = 2  # squares around the token tinted by arc
ARROW_SCALE = 0.4  # an arrow button's radius, as a share of a square
#: Each arc's lines out from the token, as eighths of a turn from its facing (the middle one first):
#: where its label may go (R-FACE-2: three front, two flank, three rear).
ARC_LINES: dict[str, list[int]] = {"front": [0, 1, -1], "rear": [4, 3, 5], "flank": [2, -2]}

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


def draw_arcs(ctx: DrawContext, who: Combatant, facing: str,
              avoid: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Tint the squares round ``who`` by arc and label the front, flank and rear: where the
    labels went (the facing prompt's words keep off them).

    Each label goes in its own arc, two squares out on its middle line if that is clear, else on
    another of the arc's lines or nearer or further out: clear of every token's disc, of the
    names and condition words the tokens layer drew and of ``avoid`` (the facing arrows, the
    fuse cards); where no such place is, it is left out (the tint's colour still says the arc).
    Review 16 F1: "flank" covered Bear 2 whole and "rear" lay on the fuse card."""
    assert who.cell is not None  # on the map
    labels: list[pygame.Rect] = []
    for arc, cells in arc_cells(who.cell, facing).items():
        ctx.renderer.cells.fill(ctx.surface, ctx.camera, cells, (*ARC_COLOURS[arc], 70), ctx.clip)
    if ctx.camera.cell_px < 24:
        return labels
    cam = ctx.camera
    at = DIRECTIONS.index(facing)
    cx, cy = cell_center(who.cell)
    reach = pygame.Rect(cam.cell_rect(who.cell)).inflate(8 * cam.cell_px, 8 * cam.cell_px)
    discs = [pygame.Rect(cam.cell_rect(o.cell)).inflate(-cam.cell_px // 8, -cam.cell_px // 8)
             for o in ctx.state.on_map() if o.cell is not None and (ctx.view is None or not hasattr(ctx.view, "visible")
                                                                     or ctx.view.visible(o))
             and pygame.Rect(cam.cell_rect(o.cell)).colliderect(reach)]
    drawn = getattr(ctx.renderer.tokens, "drawn_words", None)
    words = [r for r in (drawn() if callable(drawn) else []) if r.colliderect(reach)]
    room = draw.map_rect(cam, ctx.state.map).clip(ctx.clip)
    for arc, turns in ARC_LINES.items():
        img = draw.pill(arc, draw.label_size(cam.cell_px) - 2, theme.INK, (*ARC_COLOURS[arc], 230))
        options = []
        for far in (2.0, 1.6, 2.5, 1.3, 3.0):
            for turn in turns:
                dx, dy = DELTAS[DIRECTIONS[(at + turn) % 8]]
                options.append(img.get_rect(center=cam.to_screen((cx + dx * far, cy + dy * far))))
        rect, covers = placement.place_scored(options, room if room.width > img.get_width() else ctx.clip,
                                              tokens=discs + words, cards=list(avoid) + labels)
        if covers:
            continue  # no room in its arc off the tokens and words: its colour says it alone
        ctx.surface.blit(img, rect)
        labels.append(rect)
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


def _meets(x: float, y: float, radius: float, rect: pygame.Rect) -> bool:
    """Does the circle at (x, y) overlap ``rect``?"""
    nx, ny = min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom)
    return (x - nx) ** 2 + (y - ny) ** 2 < radius * radius


def arrow_centres(view: Any, who: Combatant, radius: int) -> dict[str, tuple[int, int, int]]:
    """Where the facing prompt's 8 arrows go on screen and their radius: (x, y, radius) each, as a
    3 x 3 grid round the token (like the numpad's keys): beside its disc, above its condition
    words and below its name, so they cover none of them (review 16 F1: the S arrow sat on
    "Brandon", the N one on "Shaken 1"). An arrow that would cover another token's disc, its name
    or its condition words where they stand moves out along its own line (or one turned a little,
    within a square) until it covers none (Art's E arrow hid Bear 2); where none is free it is
    made smaller (to two thirds, then half: a crowded small window), then may take its own
    token's name place (the name then goes elsewhere; the prompt's words name the token), then
    goes up to two squares out (further would read as the neighbour's arrow), else where it
    covers least. The names then keep off the arrows. From the state and the camera alone, so
    the tokens layer can ask before it places names."""
    cam = view.camera
    px = cam.cell_px
    painter = view.renderer.tokens
    assert who.cell is not None  # on the map
    shown = [o for o in view.state.on_map() if o.cell is not None and view.visible(o)]
    c0, r0 = who.cell
    nearby = [o for o in shown if o.cell is not None and max(abs(o.cell[0] - c0), abs(o.cell[1] - r0)) <= 6]

    def neighbours(of: Combatant) -> tuple[Combatant, ...]:
        """The tokens whose discs may move ``of``'s condition words (within 3 squares)."""
        assert of.cell is not None  # on the map
        return tuple(o for o in nearby if o.id != of.id and o.cell is not None
                     and max(abs(o.cell[0] - of.cell[0]), abs(o.cell[1] - of.cell[1])) <= 3)

    if hasattr(painter, "footprint"):
        parts = painter.footprint(cam, who, neighbours(who))
    else:
        parts = {"disc": [pygame.Rect(cam.cell_rect(who.cell))], "name": [], "words": []}
    ring = parts["disc"][0]
    own = parts["disc"] + parts["words"]  # never covered
    name = parts["name"]  # kept clear while there is room, else the name moves (or the prompt names it)
    others: list[pygame.Rect] = []
    keep = 2 * max(3, px // 8)  # room round another disc: an arrow reads as this token's
    for o in nearby:
        if o.id == who.id:
            continue
        if hasattr(painter, "footprint"):
            theirs = painter.footprint(cam, o, neighbours(o))
            # (a word's short form may sit a pixel off its full one's place: a little room round them)
            others += [theirs["disc"][0].inflate(keep, keep), *theirs["disc"][1:],
                       *(r.inflate(2, 2) for r in theirs["name"] + theirs["words"])]
        else:
            others.append(pygame.Rect(cam.cell_rect(o.cell)))
    others += _fuse_cards_of(view)  # the cards the table acts on: the arrows keep off them (review 16 F1)
    step = max(2, px // 6)
    smaller = sorted({max(6, radius * 2 // 3), max(6, radius // 2)} - {radius}, reverse=True)
    # Each arrow takes the first place clear of everything in these tries: full size near its
    # grid place, then smaller, then over its own name's place (a crowd leaves the name no room
    # anyway), then further out; else where it covers least.
    plans = [([radius], True, px), (smaller, True, px), ([radius, *smaller], False, px),
             ([radius, *smaller], True, 2 * px)]
    out: dict[str, tuple[int, int, int]] = {}
    placed: list[pygame.Rect] = []
    # the straight lines first (their places are the plainest), then the corners
    for d in ("N", "S", "E", "W", "NE", "SE", "SW", "NW"):
        best = _arrow_place(d, plans, ring, own, name, others, placed, px, step)
        x, y, size = out[d] = best
        placed.append(pygame.Rect(x - size - 2, y - size - 2, 2 * size + 4, 2 * size + 4))
    return {d: out[d] for d in DELTAS}


def _fuse_cards_of(view: Any) -> list[pygame.Rect]:
    """Where the fuse cards of the live grenades lie on the GM's map (placed without a look at the
    arrows: the arrows keep off them, so a card never lies on one and stays where it was)."""
    state = getattr(view, "query_state", view.state)
    if not state.grenades:
        return []
    surface = pygame.display.get_surface()
    board = view.board_rect() if hasattr(view, "board_rect") else pygame.Rect(0, 0, 1, 1)
    ctx = DrawContext(surface if surface is not None else pygame.Surface((1, 1)), view.camera, state,
                      getattr(view, "viewer", "gm"), board, view.renderer, view)
    addon = _hazards(view)
    return fuse_cards(ctx, addon.in_flight if addon is not None else ())


def _hazards(view: Any) -> Any:
    from tactics.ui.hazards import hazards_of  # (that module imports this one)

    return hazards_of(view)


def _arrow_place(d: str, plans: list, ring: pygame.Rect, own: list[pygame.Rect], name: list[pygame.Rect],
                 others: list[pygame.Rect], placed: list[pygame.Rect], px: int, step: int) -> tuple[int, int, int]:
    """One arrow's place and radius (see :func:`arrow_centres`)."""
    dx, dy = DELTAS[d]
    best: tuple[float, float, tuple[int, int, int]] | None = None
    for sizes, clear_of_name, reach in plans:
        mine = own + name if clear_of_name else own
        top, bottom = min(r.top for r in mine), max(r.bottom for r in mine)
        for size in sizes:
            out_r = size + 2  # with the outline
            gap = out_r + max(2, px // 12)
            x0 = {-1: ring.left - gap, 0: ring.centerx, 1: ring.right + gap}[dx]
            y0 = {-1: top - gap, 0: ring.centery, 1: bottom + gap}[dy]
            for x, y, far in _arrow_options(x0, y0, dx, dy, step, reach):
                # (the square round the button: what the names keep off, arrow_rects)
                box = pygame.Rect(round(x) - out_r, round(y) - out_r, 2 * out_r, 2 * out_r)
                if box.collidelist(mine) >= 0:
                    continue  # a wide name reaches past the disc: out of it first
                covered = (sum(overlap(box, others[i]) for i in box.collidelistall(others))
                           + 8 * sum(overlap(box, placed[i]) for i in box.collidelistall(placed)))
                if covered == 0:
                    return round(x), round(y), size
                if best is None or (covered, far) < best[:2]:
                    best = (covered, far, (round(x), round(y), size))
    if best is None:  # nowhere off its own token within reach: where the grid puts it
        size = plans[0][0][0]
        return ({-1: ring.left - size, 0: ring.centerx, 1: ring.right + size}[dx],
                {-1: ring.top - size, 0: ring.centery, 1: ring.bottom + size}[dy], size)
    return best[2]


def _arrow_options(x0: int, y0: int, dx: int, dy: int, step: int, reach: int) -> list[tuple[float, float, float]]:
    """Places for one arrow, nearest its grid place first: out along its own line, then along
    lines turned a little (15 to 45 degrees) either way, up to ``reach`` further out; each with
    how far from its plain place it reads (a turned line counts as further)."""
    base = math.atan2(dy, dx)
    options = []
    for k in range(0, reach // step + 1):
        for turn in (0, 15, -15, 30, -30, 45, -45):
            if k == 0 and turn:
                continue
            a = base + math.radians(turn)
            options.append((x0 + math.cos(a) * step * k, y0 + math.sin(a) * step * k, k + abs(turn) / 10))
    options.sort(key=lambda o: o[2])
    return options


def arrow_points(centre: tuple[int, int], direction: str, radius: int) -> list[tuple[float, float]]:
    """An arrow with a shaft and a head pointing ``direction``, inside a button of ``radius``:
    its line reads as the direction at a glance, where a small triangle's did not (review 16 F17)."""
    dx, dy = DELTAS[direction]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    vx, vy = -uy, ux
    tip, back = radius * 0.78, -radius * 0.7
    neck, head, shaft = tip - radius * 0.7, radius * 0.58, max(1.5, radius * 0.17)
    local = [(tip, 0.0), (neck, head), (neck, shaft), (back, shaft), (back, -shaft), (neck, -shaft), (neck, -head)]
    x, y = centre
    return [(x + a * ux + b * vx, y + a * uy + b * vy) for a, b in local]


class FacingPrompt:
    """Asks the members of a group that just acted for their facing, one at a time (R-FACE-1)."""

    def __init__(self, addon: "HazardsAddon") -> None:
        self.addon = addon
        self.queue: list[str] = []
        self.picking = False  # the next token click (any token) keeps facing it
        self.box: pygame.Rect | None = None  # where the last drawing put the prompt's words
        self.labels: list[pygame.Rect] = []  # where the last drawing put the arc labels
        self._centres: tuple[Any, dict[str, tuple[int, int, int]]] | None = None  # (what they are for, the arrows)

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
        self._arrows_changed()
        if not self.queue:
            self.addon.facing_answered()

    def _arrows_changed(self) -> None:
        """The arrows moved or went (Enter and Esc submit nothing): the board, whose names and fuse
        cards keep off them, is drawn again."""
        invalidate = getattr(self.view, "invalidate", None)
        if callable(invalidate):
            invalidate()
        self.view.app.dirty = True

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
        self.view.say(f"{who.name} stays facing {who.facing}.", "info")  # "keeps facing" is the rules' tracking (F16a)
        self._next()
        return True

    def stop(self, answered: bool = False) -> bool:
        """Esc (``answered``): everyone still asked keeps the facing they have (one key for all);
        also the table moving on (another command) ends the asking."""
        if not self.queue:
            return False
        names = [self.view.state.combatants[c].name for c in self.queue if c in self.view.state.combatants]
        if names:
            self.view.say("Facings left as they are: " + ", ".join(names) + ".", "info")
        self.queue.clear()
        self.picking = False
        self._arrows_changed()
        if answered:
            self.addon.facing_answered()
        return True

    # -- geometry --------------------------------------------------------------------
    def button_centres(self) -> dict[str, tuple[int, int]]:
        """Where the 8 arrows' centres are on screen (see :func:`arrow_centres`)."""
        return {d: (x, y) for d, (x, y, _) in self.buttons().items()}

    def buttons(self) -> dict[str, tuple[int, int, int]]:
        """The 8 arrows: (x, y, radius) each, worked out once per frame's state and camera."""
        who = self.current()
        if who is None:
            return {}
        view = self.view
        cam = view.camera
        key = (view.state, getattr(view, "revision", None), who.id, cam.cell_px, round(cam.origin_x),
               round(cam.origin_y), theme.scale())
        if self._centres is None or self._centres[0] != key:
            self._centres = (key, arrow_centres(view, who, self.button_radius()))
        return self._centres[1]

    def arrow_rects(self) -> list[pygame.Rect]:
        """The 8 arrows' squares on screen, with their outline (none when nobody is asked)."""
        return [pygame.Rect(x - r - 2, y - r - 2, 2 * r + 4, 2 * r + 4) for x, y, r in self.buttons().values()]

    def button_radius(self) -> int:
        """An arrow button's radius: 0.4 of a square, never under 12 px (scaled): review 16 F17,
        at 9 px (18 across at 35 px a square) the diagonals read as pointing sideways."""
        return max(theme.px(12), int(self.view.camera.cell_px * ARROW_SCALE))

    def button_at(self, pos: tuple[int, int]) -> str | None:
        for d, (x, y, r) in self.buttons().items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (r + 2) ** 2:
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
            self.labels = []
            return
        facing = effective_facing(ctx.state, who.id)
        view = self.view
        arrows = self.arrow_rects()
        fuses = fuse_cards(ctx, getattr(self.addon, "in_flight", ()))
        self.labels = arc_labels = draw_arcs(ctx, who, facing, avoid=arrows + fuses)
        self._draw_arrows(ctx, facing)
        more = len(self.queue) - 1
        # "keep facing" is only ever the rules' sense (R-FACE-1: turn to a token and follow it);
        # Enter leaves the facing as it is (review 16 F16a: "keep" meant both)
        lines = [f"Facing for {who.name} (now {facing})" + (f"  ({more} more)" if more else ""),
                 "click an arrow, or a token to keep facing it",
                 f"numpad / arrow keys; Enter: leave it {facing}" + ("; Esc: leave everyone's" if more else "")]
        if self.picking:
            lines = [f"{who.name} keeps facing:", "click any token", f"(click {who.name} again to cancel)"]
        imgs = [draw.pill(line, theme.fs(15 if i else 16), theme.ACCENT if i == 0 else theme.TEXT)
                for i, line in enumerate(lines)]
        size = (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        assert who.cell is not None  # on the map
        w = ctx.camera.cell_px
        ring = arrows[0].unionall(arrows[1:])  # the arrows
        room = draw.map_rect(ctx.camera, ctx.state.map).clip(ctx.clip)  # over the map, clear of the panels
        cards = [rect for rect in (getattr(getattr(getattr(view, "combat", None), "banner", None), "rect", None),)
                 if rect is not None]
        # Clear of the tokens, their names and condition words and the arc labels (review 14 F6:
        # the words lay on "flank", James' "Shaken" and Brandon's name): beside the arrows if
        # there is room, else further out.
        tokens = placement.token_rects(view, skip=(who.id,))
        drawn = getattr(view.renderer.tokens, "drawn_words", None)
        cards += arc_labels + arrows + fuses + (drawn() if callable(drawn) else [])
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

    def _draw_arrows(self, ctx: DrawContext, facing: str) -> None:
        """The 8 buttons, each an arrow with a shaft and a head; the current facing's gold, the one
        under the pointer lit."""
        pointer = getattr(self.view, "hover_pos", None)
        lit = self.button_at(pointer) if pointer is not None else None
        for d, (x, y, r) in self.buttons().items():
            on = d == facing
            pygame.draw.circle(ctx.surface, theme.ACCENT_LIT if d == lit else theme.OUTLINE, (x, y), r + 2)
            pygame.draw.circle(ctx.surface, theme.ACCENT if on else theme.CONTROL_LIT, (x, y), r)
            pts = arrow_points((x, y), d, r)
            ink = theme.INK if on else theme.TEXT
            pygame.draw.polygon(ctx.surface, ink, pts)
            pygame.draw.aalines(ctx.surface, ink, True, pts)


def fuse_cards(ctx: DrawContext, in_flight: Any = ()) -> list[pygame.Rect]:
    """Where the live grenades' fuse cards are on the map (the arc labels and the words keep off them)."""
    if ctx.camera.cell_px < 16:
        return []
    from tactics.ui.layers.hazards import fuse_card_rect  # (that module imports the renderer)

    return [fuse_card_rect(ctx, g) for g in sorted(ctx.state.grenades.values(), key=lambda g: g.id)
            if g.status == "live" and g.id not in in_flight]


__all__ = ["ARC_COLOURS", "FacingPrompt", "arc_cells", "arrow_centres", "arrow_points", "draw_arcs", "fuse_cards"]
