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
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Sequence

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
    names and condition words the tokens layer drew, of the live grenades' icons, corner markers
    and fuse cards (:func:`live_grenade_markers`) and of ``avoid`` (the facing arrows); where no
    such place is, it is left out (the tint's colour still says the arc).
    Review 16 F1: "flank" covered Bear 2 whole and "rear" lay on the fuse card; outside review
    20: a label lay on a live grenade's icon."""
    assert who.cell is not None  # on the map
    labels: list[pygame.Rect] = []
    m = ctx.state.map
    for arc, cells in arc_cells(who.cell, facing).items():
        cells = {c for c in cells if m.in_bounds(c)}  # (review 19: the rear's red lay over the map's edge)
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
    avoid = [*avoid, *live_grenade_markers(ctx)]  # a live grenade's icon and its corner marker (review 20)
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


#: How far an arrow's centre may go from its token's centre, in squares: a diagonal neighbour's
#: square is 1.41 out; further, an arrow reads as a neighbour's (outside review 17 N1).
ARROW_REACH = 1.5
#: The sizes an arrow is tried at, as shares of its full radius: it shrinks before it moves away.
ARROW_SIZES = (1.0, 0.8, 0.65, 0.5)
#: Turns (degrees) off an arrow's own line tried, either way: within a sixteenth of a turn, so
#: each arrow stays on its own side of the token, nearer its own line than either neighbour's ...
ARROW_TURNS = (0, 6, -6, 12, -12, 18, -18)
#: ... and, where a neighbour and its words fill the arrow's own side, further (costing
#: :data:`COST_FAR_TURN` more), never past the next arrow round (:func:`_in_turn`).
FAR_TURNS = (25, -25, 30, -30)
#: What an arrow's place costs, per square it lies off its neighbouring square's centre (outward;
#: inward, towards the disc, half), per size step smaller and per name it lies on (a name is
#: the one thing that gives way: it moves, is cut to initials or is left out, the disc's initials
#: and the pointer name the token; the prompt's words name the one asked).
COST_OUT, COST_SIZE, COST_NAME = 2.5, 1.0, 0.6
#: ... and per other token's disc it lies against (within a few pixels: it reads as that one's).
COST_NEAR = 0.8
COST_FAR_TURN = 2.0
#: ... and past :data:`ARROW_REACH` (up to two squares out, with a line tying it to its token:
#: :meth:`FacingPrompt.ties`), only where no nearer place is clear of the discs and words.
COST_BEYOND = 100.0
#: ... and before that over its own disc's rim, clear of the middle where its initials are (a
#: share of the disc's radius): it hides some of its own token, none of another's.
COST_RIM, INITIALS_SHARE = 50.0, 0.3
REPAIR_TRIES = 24  # (how many of such an arrow's own clear places are tried, its neighbours then making room)


def arrow_centres(view: Any, who: Combatant, radius: int) -> dict[str, tuple[int, int, int]]:
    """Where the facing prompt's 8 arrows go on screen and their radius: (x, y, radius) each.

    Each arrow sits in its neighbouring square (the 3 x 3 grid round the token, like the numpad's
    keys), else nearer the disc or turned a little off its own line, made smaller before it moves
    out, and no more than :data:`ARROW_REACH` squares from the token's centre: pushed two
    squares out past a neighbour, the name labels or the fuse card, the arrows read as nobody's
    (outside review 17 N1). None covers another token's disc, its own token's disc, any token's
    condition words, a fuse card or another arrow (review 16 F1: Art's E arrow hid Bear 2, the N
    one "Shaken 1"; the fuse card lay on the E arrow); a name may lie under one (the names then
    keep off the arrows: they move, are cut to initials or left out; the asked token's condition
    words show short). Where a neighbour and its words take an arrow's whole side, it goes over
    its own disc's rim (clear of the initials), else up to two squares out, tied to the token by
    a line (:meth:`FacingPrompt.ties`); else where it covers least. From the state and the
    camera alone, so the tokens layer can ask before it places names (see :func:`_layout`)."""
    cam = view.camera
    px = cam.cell_px
    painter = view.renderer.tokens
    assert who.cell is not None  # on the map
    shown = [o for o in view.state.on_map() if o.cell is not None and view.visible(o)]
    c0, r0 = who.cell
    nearby = [o for o in shown if o.cell is not None and max(abs(o.cell[0] - c0), abs(o.cell[1] - r0)) <= 4]

    def neighbours(of: Combatant) -> tuple[Combatant, ...]:
        """The tokens whose discs may move ``of``'s condition words (within 3 squares)."""
        assert of.cell is not None  # on the map
        return tuple(o for o in shown if o.id != of.id and o.cell is not None
                     and max(abs(o.cell[0] - of.cell[0]), abs(o.cell[1] - of.cell[1])) <= 3)

    if hasattr(painter, "short_words"):  # its words in short forms while it is asked
        painter.short_words = frozenset((who.id,))
    if hasattr(painter, "footprint"):
        parts = painter.footprint(cam, who, neighbours(who))
    else:
        parts = {"disc": [pygame.Rect(cam.cell_rect(who.cell))], "name": [], "words": []}
    discs = [parts["disc"][0]]  # its own disc and the others' (circles: see _arrow_best): never covered
    hard = [*parts["disc"][1:], *parts["words"]]  # nor its eye badge and condition words
    soft = [r.inflate(2, 2) for r in parts["name"]]  # names give way, its own too (the prompt names it)
    close: list[pygame.Rect] = []  # the room round another disc
    keep = 2 * max(3, px // 8)
    for o in nearby:
        if o.id == who.id:
            continue
        if hasattr(painter, "footprint"):
            theirs = painter.footprint(cam, o, neighbours(o))
            # (a word's short form may sit a pixel off its full one's place: a little room round them)
            discs.append(theirs["disc"][0].inflate(2, 2))
            hard += [*theirs["disc"][1:], *(r.inflate(2, 2) for r in theirs["words"])]
            soft += [r.inflate(2, 2) for r in theirs["name"]]
            close.append(theirs["disc"][0].inflate(keep, keep))
        else:
            hard.append(pygame.Rect(cam.cell_rect(o.cell)))
    hard += _fuse_cards_of(view)  # the cards the table acts on (review 16 F1)
    cx, cy = parts["disc"][0].center

    def near(rects: list[pygame.Rect]) -> tuple[tuple[int, int, int, int], ...]:
        """The rectangles within reach, from the token's centre (the same answer wherever the camera is)."""
        reach = round(px * (ARROW_REACH + 0.5)) + radius
        return tuple(sorted((r.x - cx, r.y - cy, r.w, r.h) for r in rects
                            if r.right > cx - reach and r.left < cx + reach and r.bottom > cy - reach and r.top < cy + reach))

    layout = _layout(px, radius, parts["disc"][0].width // 2, near(hard), near(soft), near(discs), near(close))
    return {d: (cx + x, cy + y, size) for d, (x, y, size) in layout.items()}


@lru_cache(maxsize=32)
def _layout(px: int, radius: int, disc: int, hard_at: tuple, soft_at: tuple, discs_at: tuple,
            close_at: tuple) -> dict[str, tuple[int, int, int]]:
    """The 8 arrows round a token's centre at (0, 0), among the rectangles given as (x, y, w, h)
    from it (see :func:`arrow_centres`; the discs and the room round them as their squares):
    worked out once for each look of the token's surroundings (a pan moves them all alike).

    Each arrow's places are weighed against what lies round the token first (:func:`_weighed`);
    then the arrows take theirs one by one, keeping apart and in the compass's order, in three
    orders (the most hemmed-in first, the straight lines first, clockwise), each then looked at
    again among all the others; the cheapest of the three layouts wins."""
    hard, soft = ([pygame.Rect(r) for r in rects] for rects in (hard_at, soft_at))
    circles = [(x + w / 2, y + h / 2, w / 2) for x, y, w, h in discs_at]
    close = [(x + w / 2, y + h / 2, w / 2) for x, y, w, h in close_at]
    weighed = {d: _weighed(_arrow_options(d, (0, 0), disc, radius, px), hard, soft, circles, close) for d in DELTAS}
    alone = {d: _arrow_best(d, weighed[d], {})[0] for d in DELTAS}
    order = sorted(DELTAS, key=lambda d: -alone[d])  # the most hemmed-in first
    best: tuple[float, dict[str, tuple[int, int, int]]] | None = None

    def mark(x: int, y: int, size: int) -> Placed:
        return x, y, size, math.atan2(y, x)

    for tries in (order, ["N", "S", "E", "W", "NE", "SE", "SW", "NW"], list(DIRECTIONS)):
        placed: dict[str, Placed] = {}
        out: dict[str, tuple[float, tuple[int, int, int]]] = {}
        for d in tries:
            out[d] = _arrow_best(d, weighed[d], placed)
            placed[d] = mark(*out[d][1])
        for _ in range(2):  # then each again among all the others (a first one may have taken a later one's room)
            for d in tries:
                if out[d][0] <= alone[d]:
                    continue  # (as good as it can be)
                others = {k: v for k, v in placed.items() if k != d}
                again = _arrow_best(d, weighed[d], others)
                if again[0] < out[d][0]:
                    out[d], placed[d] = again, mark(*again[1])
        for d in tries:  # one pushed out or covering: its two neighbours make room, if that costs less
            if out[d][0] < COST_BEYOND:
                continue
            at = DIRECTIONS.index(d)
            pair = [DIRECTIONS[(at + 1) % 8], DIRECTIONS[(at - 1) % 8]]
            was = sum(out[k][0] for k in (d, *pair))
            kept = {k: v for k, v in placed.items() if k != d and k not in pair}
            for cost, spot, angle in weighed[d].clear[:REPAIR_TRIES]:  # (its cheapest clear places, each in turn)
                if not _in_turn(d, angle, kept) or _apart(spot, kept):
                    continue
                rest = dict(kept)
                trial = {d: (cost, spot)}
                rest[d] = mark(*spot)
                for k in pair:
                    trial[k] = _arrow_best(k, weighed[k], rest)
                    rest[k] = mark(*trial[k][1])
                if sum(c for c, _ in trial.values()) < was:
                    was = sum(c for c, _ in trial.values())
                    out.update(trial)
                    placed = {**kept, **{k: rest[k] for k in trial}}
        total = sum(cost for cost, _ in out.values())
        if best is None or total < best[0]:
            best = (total, {d: spot for d, (_, spot) in out.items()})
    assert best is not None
    return {d: best[1][d] for d in DELTAS}


class Weighed:
    """An arrow's places weighed (:func:`_weighed`): ``clear``, each (cost, spot, angle), cheapest
    first; and ``covering``, each (what it covers, cost, spot, angle), least first, worked out
    only when an arrow finds no clear place (most layouts never ask: the amounts are the slow part)."""

    __slots__ = ("clear", "_pending", "_covering")

    def __init__(self, clear: list[tuple[float, tuple[int, int, int], float]],
                 pending: Callable[[], list[tuple[float, float, tuple[int, int, int], float]]]) -> None:
        self.clear = clear
        self._pending = pending
        self._covering: list[tuple[float, float, tuple[int, int, int], float]] | None = None

    @property
    def covering(self) -> list[tuple[float, float, tuple[int, int, int], float]]:
        if self._covering is None:
            self._covering = self._pending()
            self._covering.sort(key=lambda o: o[:2])
        return self._covering



def _weighed(options: list["Option"], hard: list[pygame.Rect], soft: list[pygame.Rect], discs: list["Circle"],
             close: list["Circle"]) -> Weighed:
    """An arrow's places against what lies round the token: those clear of ``hard`` and of the
    ``discs``, each (cost, spot, angle), cheapest first (a name in ``soft`` under it adds
    :data:`COST_NAME`, another disc's room in ``close`` :data:`COST_NEAR`); and the others,
    each (what it covers, cost, spot, angle), least first, for where none is clear. Each
    button is weighed as the circle it is drawn (and clicked) as: one by a disc, or by a word's
    corner, meets it where its square would not."""
    clear: list[tuple[float, tuple[int, int, int], float]] = []
    own = min(discs, key=lambda c: math.hypot(c[0], c[1]))  # (its own, round (0, 0))
    others = [c for c in discs if c is not own]
    letters = (own[0], own[1], own[2] * INITIALS_SHARE)

    def squares(circles: list[Circle]) -> list[pygame.Rect]:  # (a circle meets a button only where their squares do)
        return [pygame.Rect(round(x - r) - 1, round(y - r) - 1, round(2 * r) + 2, round(2 * r) + 2) for x, y, r in circles]

    # Only what the arrow's places can reach counts (one side of the token: the lists shrink to a
    # few), and a place whose square touches none of it is clear at its own cost (most of them):
    # the whole layout is worked out again at each zoom step while the prompt is open.
    reach = options[0][3].unionall([o[3] for o in options]) if options else pygame.Rect(0, 0, 0, 0)
    other_squares, close_squares = squares(others), squares(close)
    hard = [hard[i] for i in reach.collidelistall(hard)]
    soft = [soft[i] for i in reach.collidelistall(soft)]
    near_others = reach.collidelistall(other_squares)
    others, other_squares = [others[i] for i in near_others], [other_squares[i] for i in near_others]
    near_close = reach.collidelistall(close_squares)
    close, close_squares = [close[i] for i in near_close], [close_squares[i] for i in near_close]
    anything = hard + soft + other_squares + close_squares
    own_square = squares([own])[0]
    covers_some: list[Option] = []
    for option in options:
        cost, spot, angle, box, rim = option
        if box.collidelist(anything) < 0 and not box.colliderect(own_square):
            clear.append((cost, spot, angle))
            continue
        x, y, size = spot
        if (_meets_circle(x, y, size, letters if rim else own)
                or any(_meets_circle(x, y, size, others[i]) for i in box.collidelistall(other_squares))
                or any(_meets(x, y, size + 2, hard[i]) for i in box.collidelistall(hard))):
            covers_some.append(option)
            continue
        total = (cost + COST_NAME * len(box.collidelistall(soft))
                 + COST_NEAR * sum(1 for i in box.collidelistall(close_squares) if _meets_circle(*spot, close[i])))
        clear.append((total, spot, angle))
    clear.sort(key=lambda o: o[0])

    def covering() -> list[tuple[float, float, tuple[int, int, int], float]]:
        return [(_covers(spot, hard, box) + _meets_circle(*spot, letters if rim else own) * 2 * spot[2]
                 + sum(_meets_circle(*spot, others[i]) * 2 * spot[2] for i in box.collidelistall(other_squares)),
                 cost, spot, angle) for cost, spot, angle, box, rim in covers_some]

    return Weighed(clear, covering)


def _box(x: int, y: int, size: int) -> pygame.Rect:
    """The square round an arrow button with its outline (what :meth:`FacingPrompt.arrow_rects` gives)."""
    return pygame.Rect(x - size - 2, y - size - 2, 2 * size + 4, 2 * size + 4)


Option = tuple[float, tuple[int, int, int], float, pygame.Rect, bool]  # (cost, (x, y, radius), angle, box, on its rim)


def _arrow_options(d: str, centre: tuple[int, int], disc: int, full: int, px: int) -> list[Option]:
    """An arrow's places to try, cheapest first (:func:`_offsets`), round the token at ``centre``."""
    cx, cy = centre
    return [(cost, (cx + x, cy + y, size), angle, _box(cx + x, cy + y, size), rim)
            for cost, x, y, size, angle, rim in _offsets(d, disc, full, px)]


@lru_cache(maxsize=64)
def _offsets(d: str, disc: int, full: int, px: int) -> tuple[tuple[float, int, int, int, float, bool], ...]:
    """An arrow's places to try, cheapest first, each with what it costs before anything is in
    the way, as (cost, x, y, radius, angle, over its own rim) from the token's centre: its
    neighbouring square's centre, then nearer the disc or further out (to :data:`ARROW_REACH`),
    turned a little off its line (:data:`ARROW_TURNS`; at the most, where a neighbour and its
    words fill its own side, :data:`FAR_TURNS`), at each of :data:`ARROW_SIZES`; then, where
    none of those is clear, smaller over its own disc's rim (:data:`COST_RIM`), else further
    out (:data:`COST_BEYOND`)."""
    dx, dy = DELTAS[d]
    base = math.atan2(dy, dx)
    home = px * math.hypot(dx, dy)  # the neighbouring square's centre
    hx, hy = math.cos(base) * home, math.sin(base) * home
    far = px * ARROW_REACH
    out: list[tuple[float, int, int, int, float, bool]] = []
    for at in (far + px * 0.15, far + px * 0.3, far + px * 0.5):  # (only where nothing nearer is clear: tied to it)
        for turn in ARROW_TURNS:
            a = base + math.radians(turn)
            for step, share in enumerate(ARROW_SIZES[:2]):
                size = max(6, round(full * share))
                out.append((COST_BEYOND + at / px + abs(turn) / 20 + COST_SIZE * step,
                            round(math.cos(a) * at), round(math.sin(a) * at), size, a, False))
    for step, share in enumerate(ARROW_SIZES[1:]):  # (before that: over its own disc's rim, clear of its middle)
        size = max(6, round(full * share))
        outer = disc + size + 3
        for depth in (0.25, 0.5, 0.75, 1.0):
            at = outer - depth * (outer - disc * INITIALS_SHARE - size - 2)
            for turn in ARROW_TURNS + FAR_TURNS:
                a = base + math.radians(turn)
                out.append((COST_RIM + abs(turn) / 10 + COST_SIZE * step + 4 * depth,
                            round(math.cos(a) * at), round(math.sin(a) * at), size, a, True))
    for step, share in enumerate(ARROW_SIZES):
        size = max(6, round(full * share))
        if step and size >= max(6, round(full * ARROW_SIZES[step - 1])):
            continue
        near = disc + size + 3  # just outside the disc
        for at in sorted({near, home, far} | {near + (far - near) * k / 8 for k in range(1, 8)}):
            if not near <= at <= far:
                continue
            for turn in ARROW_TURNS + FAR_TURNS:
                a = base + math.radians(turn)
                x, y = round(math.cos(a) * at), round(math.sin(a) * at)
                if math.hypot(x, y) > far:
                    continue
                off = math.hypot(x - hx, y - hy) / px + max(0.0, at - home) / px  # (outward counts twice)
                cost = (COST_OUT * off / (2 if at < home else 1) + COST_SIZE * step
                        + (COST_FAR_TURN if abs(turn) > max(ARROW_TURNS) else 0))
                out.append((cost, x, y, size, a, False))
    out.sort(key=lambda o: o[0])
    return tuple(out)


Placed = tuple[int, int, int, float]  # an arrow placed: (x, y, radius, its angle round the token)


def _in_turn(d: str, angle: float, placed: dict[str, Placed]) -> bool:
    """Does an arrow for ``d`` at ``angle`` keep the arrows in the compass's order round the token
    (each one between its two neighbours, a little apart): turned off its line, an arrow may never
    pass the next one's."""
    at = DIRECTIONS.index(d)
    for side in (1, -1):
        other = DIRECTIONS[(at + side) % 8]
        if other in placed:
            gap = (placed[other][3] - angle) * side  # clockwise on screen is + for the next direction
            gap = (gap + math.pi) % (2 * math.pi) - math.pi
            if gap < math.radians(15):
                return False
    return True


Circle = tuple[float, float, float]  # (x, y, radius)


def _meets_circle(x: int, y: int, size: int, circle: Circle) -> float:
    """How deep an arrow button at (x, y) of ``size`` (with its outline) reaches into ``circle`` (0: not at all)."""
    cx, cy, r = circle
    return max(0.0, size + 2 + r - math.hypot(x - cx, y - cy))


def _covers(spot: tuple[int, int, int], rects: list[pygame.Rect], box: pygame.Rect) -> int:
    """How much of ``rects`` the arrow button at ``spot`` (a circle with its outline, in the
    square ``box``) covers: the area of its square on each it truly meets (0: none)."""
    x, y, size = spot
    return sum(overlap(box, rects[i]) for i in box.collidelistall(rects) if _meets(x, y, size + 2, rects[i]))


def _apart(spot: tuple[int, int, int], placed: dict[str, Placed]) -> float:
    """How deep the arrow button at ``spot`` reaches into the arrows ``placed`` (0: apart; their
    outlines may touch)."""
    x, y, size = spot
    return sum(max(0.0, size + r + 4 - math.hypot(x - px, y - py)) for px, py, r, _ in placed.values())


def _arrow_best(d: str, weighed: Weighed, placed: dict[str, Placed]) -> tuple[float, tuple[int, int, int]]:
    """The cheapest of an arrow's clear places (:func:`_weighed`) apart from the arrows ``placed``
    and keeping the compass's order (:func:`_in_turn`); where none is, the one covering least
    (another arrow counting most)."""
    clear = weighed.clear
    for cost, spot, angle in clear:
        if _in_turn(d, angle, placed) and not _apart(spot, placed):
            return cost, spot
    covering = weighed.covering
    least: tuple[float, float, tuple[int, int, int]] | None = None
    for covered, cost, spot, angle in [(0.0, cost, spot, angle) for cost, spot, angle in clear] + covering:
        if least is not None and covered >= least[0]:
            break  # (the covering ones are sorted: nothing further on covers less)
        if not _in_turn(d, angle, placed):
            continue
        total = covered + 50 * _apart(spot, placed) * spot[2]
        if least is None or (total, cost) < least[:2]:
            least = (total, cost, spot)
    if least is None:  # (none keeps the order)
        spot = (clear or [(0.0, covering[0][2], 0.0)])[0][1]
        return 2000.0, spot
    return 1000.0 + least[0], least[2]


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


def _crosses(a: tuple[int, int], b: tuple[int, int], centre: tuple[int, int], radius: float) -> bool:
    """Does the segment from ``a`` to ``b`` pass within ``radius`` of ``centre``?"""
    (ax, ay), (bx, by), (px, py) = a, b, centre
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / max(1, dx * dx + dy * dy)))
    return math.hypot(ax + t * dx - px, ay + t * dy - py) < radius


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

    def ties(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The lines tying an arrow to its token where it lies off its neighbouring square and nearer
        another token's centre than its own's (a neighbour and its words took its own side: it
        could read as theirs): from its
        token's rim to its button's, each (start, end); none where the line would cross another disc.
        Outside review 17 N1: an arrow that must move keeps a visible tie to its token."""
        who = self.current()
        if who is None or who.cell is None:
            return []
        view = self.view
        cam = view.camera
        cx, cy = cam.cell_centre(who.cell)
        rim = cam.cell_px * 0.43 + 1  # (tokens.TOKEN_RADIUS)
        others = [cam.cell_centre(o.cell) for o in view.state.on_map()
                  if o.id != who.id and o.cell is not None and view.visible(o)]
        labels = getattr(view.renderer.tokens, "drawn_labels", None)
        badges = [rect for _, rect in labels()[0]] if callable(labels) else []  # (never across a condition word)
        out = []
        px = cam.cell_px
        for d, (x, y, r) in self.buttons().items():
            far = math.hypot(x - cx, y - cy)
            dx, dy = DELTAS[d]
            if math.hypot(x - cx - dx * px, y - cy - dy * px) < px / 3:
                continue  # in its own neighbouring square (or nearly): plainly its token's
            if far <= px * ARROW_REACH + 1 and not any(math.hypot(x - ox, y - oy) < far for ox, oy in others):
                continue
            if far <= rim + r + 6:
                continue
            ux, uy = (x - cx) / far, (y - cy) / far
            start = (round(cx + ux * rim), round(cy + uy * rim))
            end = (round(x - ux * (r + 2)), round(y - uy * (r + 2)))
            if not any(_crosses(start, end, (ox, oy), rim) for ox, oy in others) \
                    and not any(rect.clipline(start, end) for rect in badges):
                out.append((start, end))
        return out

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
        self.labels = arc_labels = draw_arcs(ctx, who, facing, avoid=arrows)  # (it keeps off the grenades itself)
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
        for gap in (6, w, 2 * w, 3 * w, 4 * w):
            near = placement.around(size, ring, gap)
            # below, above, right, left; then below and above reaching out to one side (a crate or a
            # token on the other: outside review 20), then the corners
            slid = [pygame.Rect(x, y, *size) for y in (ring.bottom + gap, ring.top - gap - size[1])
                    for x in (ring.right - size[0], ring.left)]
            spots += [near[2], near[3], near[0], near[1], *slid, *near[4:]]
        room = room if room.width > size[0] and room.height > size[1] else ctx.clip
        area = spots[0].unionall(spots[1:]).clip(room)
        rect = _off_obstacles(spots, room, tokens, cards, obstacle_squares(ctx.camera, ctx.state.map, area))
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
        for start, end in self.ties():
            pygame.draw.line(ctx.surface, theme.OUTLINE, start, end, 4)
            pygame.draw.line(ctx.surface, theme.CONTROL_LIT, start, end, 2)
        for d, (x, y, r) in self.buttons().items():
            on = d == facing
            pygame.draw.circle(ctx.surface, theme.ACCENT_LIT if d == lit else theme.OUTLINE, (x, y), r + 2)
            pygame.draw.circle(ctx.surface, theme.ACCENT if on else theme.CONTROL_LIT, (x, y), r)
            pts = arrow_points((x, y), d, r)
            ink = theme.INK if on else theme.TEXT
            pygame.draw.polygon(ctx.surface, ink, pts)
            pygame.draw.aalines(ctx.surface, ink, True, pts)


#: The kinds of square the prompt's words may lie on freely: plain floor, and "void" (outside
#: the map's art: nothing is drawn there)
OPEN_KINDS = frozenset({"floor", "void"})
#: The most squares looked at for obstacles (a window zoomed far out: the words then go by the tokens alone)
OBSTACLE_SCAN = 20_000


def obstacle_squares(camera: Any, battle_map: Any, area: pygame.Rect) -> list[pygame.Rect]:
    """The squares of the map under ``area`` (on screen) that are not plain floor (a crate, a
    wall, a pool, debris: the map's art the GM reads), each as its rectangle on screen."""
    px = camera.cell_px
    if px <= 0 or not area.width or not area.height:
        return []
    c0, r0 = camera.cell_at(area.topleft)
    c1, r1 = camera.cell_at((area.right - 1, area.bottom - 1))
    c0, r0 = max(0, c0), max(0, r0)
    c1, r1 = min(battle_map.width - 1, c1), min(battle_map.height - 1, r1)
    if c1 < c0 or r1 < r0 or (c1 - c0 + 1) * (r1 - r0 + 1) > OBSTACLE_SCAN:
        return []
    terrain = battle_map.terrain
    out = []
    for r in range(r0, r1 + 1):
        kinds = terrain.row(r, c0, c1 - c0 + 1) if hasattr(terrain, "row") else [
            terrain.get((c, r), "floor") for c in range(c0, c1 + 1)]
        out += [pygame.Rect(camera.cell_rect((c0 + i, r))) for i, kind in enumerate(kinds) if kind not in OPEN_KINDS]
    return out


def _off_obstacles(spots: list[pygame.Rect], room: pygame.Rect, tokens: list[pygame.Rect], cards: list[pygame.Rect],
                   obstacles: list[pygame.Rect]) -> pygame.Rect:
    """The first of ``spots`` clear of the tokens, the cards and the ``obstacles`` (the map's
    crates and walls: the words lay on a crate, outside review 20); else, of those clear of the
    tokens and cards, the one on least of the obstacles; else the old choice (the least covered
    of tokens and cards)."""
    rect, cost = placement.place_scored(spots, room, tokens=tokens + obstacles, cards=cards)
    if cost == 0 or not obstacles:
        return rect
    best: tuple[int, int, pygame.Rect] | None = None
    for i, spot in enumerate(spots):
        at, covers = placement.place_scored([spot], room, tokens=tokens, cards=cards)
        if covers:
            continue
        on = sum(overlap(at, obstacles[k]) for k in at.collidelistall(obstacles))
        if best is None or (on, i) < best[:2]:
            best = (on, i, at)
    return best[2] if best is not None else placement.place(spots, room, tokens=tokens, cards=cards)


def live_grenade_markers(ctx: DrawContext) -> list[pygame.Rect]:
    """The live grenades' icons on the map and their corner markers under tokens
    (:func:`tactics.ui.layers.hazards.grenade_markers`), and their fuse cards: what the arcs'
    labels keep off, for the prompt and for Q's arcs alike."""
    if not ctx.state.grenades:
        return []
    from tactics.ui.layers.hazards import grenade_markers  # (that module imports the renderer)

    addon = _hazards(ctx.view) if ctx.view is not None else None
    return grenade_markers(ctx) + fuse_cards(ctx, getattr(addon, "in_flight", ()))


def fuse_cards(ctx: DrawContext, in_flight: Any = ()) -> list[pygame.Rect]:
    """Where the live grenades' fuse cards are on the map (the arc labels and the words keep off them)."""
    if ctx.camera.cell_px < 16:
        return []
    from tactics.ui.layers.hazards import fuse_card_rect  # (that module imports the renderer)

    return [fuse_card_rect(ctx, g) for g in sorted(ctx.state.grenades.values(), key=lambda g: g.id)
            if g.status == "live" and g.id not in in_flight]


__all__ = ["ARC_COLOURS", "FacingPrompt", "arc_cells", "arrow_centres", "arrow_points", "draw_arcs", "fuse_cards",
           "obstacle_squares"]
