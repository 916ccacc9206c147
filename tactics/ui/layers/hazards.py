"""The trap layer: traps, mines, grenade markers and smoke clouds on the board (R-TRAP-1, R-TRAP-6, R-GREN-4).

Why it exists: a table should see the hazards it knows about, and the GM all
of them, without the players' view ever giving a hidden trap away.

* Undetected traps (``visible_to_players`` False) are drawn on the GM's view
  only, ghosted: a dashed outline of what sets them off and a "hidden" tag.
  On the players' view nothing of them is drawn (R-TRAP-6).
* Traps the players know of are drawn for everyone with a warning sign.
* Triggers: a contact trap's square, a tripwire as a line from the charge to
  the wire's end, a proximity trigger's squares (the same
  :func:`tactics.rules.traps.step_sets_off` the path hook uses, walls
  included), a cone mine's cone in its facing (:func:`~tactics.rules.traps.trap_area`).
* Live grenades: a marker with the engine's fuse label ("explodes at the end of
  the Bears' Vanguard turn") and the blast outline where it lies
  (:func:`tactics.rules.explosives.blast_cells`, as the detonation uses);
  smoke clouds: the squares and the rounds left.

The layer sits at ``TRAPS_Z`` in the cached board: it depends only on the
state, the viewer and which grenades are still in the air (the add-on's
``in_flight``; it invalidates the board when that changes).
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from typing import Any, Iterable

import pygame

from tactics.engine.hazards.fuses import fuse_label
from tactics.rules import explosives as ex
from tactics.rules import traps as tr
from tactics.rules.grid import DELTAS, Cell, cell_center
from tactics.ui import draw, theme
from tactics.ui import layout_probe as probe
from tactics.ui.elide import ELLIPSIS
from tactics.ui.placement import overlap, place_scored
from tactics.ui.render import TOKENS_Z, TRAPS_Z, DrawContext, add_layer, border_edges

GHOST = theme.GM_ONLY
WARN = theme.TRAP_WARN
DEAD = theme.TEXT_DIM
GRENADE = theme.LIVE_GRENADE
SMOKE = theme.SMOKE


# --------------------------------------------------------------------------- what shows
def trap_look(trap: tr.Trap, viewer: str) -> str | None:
    """How a trap is drawn for a viewer: "hidden" (GM only, ghosted), "known", "inert", or None.

    reading: R-TRAP-6 (an undetected trap never on a player-facing view).
    """
    if trap.status in ("spent", "removed"):
        return None
    known = tr.visible_to_players(trap)
    if viewer != "gm" and not known:
        return None
    if trap.status in ("disarmed", "off"):
        return "inert"
    return "known" if known else "hidden"


def trigger_cells(trap: tr.Trap, walls: Any = None) -> frozenset[Cell]:
    """Squares where stepping in sets the trap off (contact, proximity), else its own square."""
    if trap.trigger == "proximity" and trap.armed:
        return tr.trigger_squares(trap, walls)  # the squares the path search walks around when known
    return frozenset({trap.cell})


def blast_cells_of(state: Any, grenade: Any) -> frozenset[Cell]:
    """The squares a live grenade will blast where it lies (the detonation's own function)."""
    try:
        kind = ex.grenade_kind(grenade.kind)
    except KeyError:
        return frozenset()
    return ex.blast_cells(kind, grenade.cell, grenade.from_cell, walls=state.current_map(), facing=grenade.facing)


# --------------------------------------------------------------------------- drawing helpers
def dashed_line(surface: pygame.Surface, colour, a: tuple[int, int], b: tuple[int, int], width: int = 2,
                dash: int = 8) -> None:
    ax, ay = a
    bx, by = b
    length = max(abs(bx - ax), abs(by - ay), 1)
    n = max(1, length // dash)
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (round(ax + (bx - ax) * t0), round(ay + (by - ay) * t0)),
                         (round(ax + (bx - ax) * t1), round(ay + (by - ay) * t1)), width)


def dashed_outline(ctx: DrawContext, cells: Iterable[Cell], colour, width: int = 2) -> None:
    to = ctx.camera.to_screen
    dash = max(4, ctx.camera.cell_px // 8)
    for x1, y1, x2, y2 in border_edges(frozenset(cells)):
        dashed_line(ctx.surface, colour, to((x1, y1)), to((x2, y2)), width, dash)


@lru_cache(maxsize=64)
def _warning(size: int, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
    """A warning triangle with an exclamation mark."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pts = [(size / 2, 1), (size - 1, size - 2), (1, size - 2)]
    pygame.draw.polygon(s, (*theme.OUTLINE, alpha), pts)
    inner = [(size / 2, size * 0.16), (size * 0.86, size * 0.84), (size * 0.14, size * 0.84)]
    pygame.draw.polygon(s, (*colour, alpha), inner)
    bar_w = max(2, size // 9)
    pygame.draw.rect(s, (*theme.OUTLINE, alpha), (size / 2 - bar_w / 2, size * 0.36, bar_w, size * 0.28))
    pygame.draw.circle(s, (*theme.OUTLINE, alpha), (size / 2, size * 0.73), max(1, bar_w * 0.6))
    return s


@lru_cache(maxsize=32)
def _grenade_icon(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    r = int(size * 0.34)
    pygame.draw.circle(s, theme.OUTLINE, (c, c + 2), r + 2)
    pygame.draw.circle(s, theme.GRENADE_BODY, (c, c + 2), r)
    pygame.draw.rect(s, theme.OUTLINE, (c - r // 3, c - r - 1, 2 * (r // 3) + 1, r // 2 + 2))
    pygame.draw.circle(s, theme.GRENADE_FUSE, (c + r // 2, c - r), max(2, r // 3))
    return s


def map_label_size(px: int) -> int:
    """A trap's or marker's tag: two thirds of a token name's size at every zoom (tokens.label_size),
    capped by the UI scale as the names are, so a 4K projector shows it at twice the size of a
    1920x1080 window (capped at 18 px it was half a name's size there, review 10)."""
    return int(max(11, min(theme.px(18), px * 0.2)))


def _tag(ctx: DrawContext, text: str, cell: Cell, colour, bg, *, below: bool = True) -> None:
    px = ctx.camera.cell_px
    x, y = ctx.camera.to_screen((cell[0] + 0.5, cell[1] + (1.0 if below else 0.0)))
    size = map_label_size(px)
    draw.pill_at(ctx.surface, text, (x, y + (2 if below else -2)), size=size, colour=colour, bg=bg,
                 anchor="midtop" if below else "midbottom")


def _arrow(ctx: DrawContext, cell: Cell, direction: str, colour) -> None:
    dx, dy = DELTAS[direction]
    cx, cy = cell_center(cell)
    a = ctx.camera.to_screen((cx, cy))
    b = ctx.camera.to_screen((cx + dx * 0.75, cy + dy * 0.75))
    pygame.draw.line(ctx.surface, theme.OUTLINE, a, b, max(3, ctx.camera.cell_px // 12) + 3)
    pygame.draw.line(ctx.surface, colour, a, b, max(3, ctx.camera.cell_px // 12))
    pygame.draw.circle(ctx.surface, colour, b, max(3, ctx.camera.cell_px // 10))


# --------------------------------------------------------------------------- the layer
def draw_trap(ctx: DrawContext, trap: tr.Trap, look: str,
              tag: tuple[pygame.Surface, pygame.Rect, str] | None = None) -> None:
    cam = ctx.camera
    px = cam.cell_px
    walls = ctx.state.current_map()
    hidden = look == "hidden"
    colour = GHOST if hidden else (DEAD if look == "inert" else WARN)
    if trap.area == "cone" and trap.facing and look != "inert":
        cone = tr.trap_area(trap, walls=walls)
        ctx.renderer.cells.fill(ctx.surface, cam, cone, (*colour, 38 if hidden else 60), ctx.clip)
        dashed_outline(ctx, cone, colour, 2)
        _arrow(ctx, trap.cell, trap.facing, colour)
    if trap.wire_end is not None:
        a, b = cam.to_screen(cell_center(trap.cell)), cam.to_screen(cell_center(trap.wire_end))
        if hidden:
            dashed_line(ctx.surface, colour, a, b, max(2, px // 20), max(5, px // 7))
        else:
            pygame.draw.line(ctx.surface, theme.OUTLINE, a, b, max(2, px // 20) + 3)
            pygame.draw.line(ctx.surface, colour, a, b, max(2, px // 20))
        pygame.draw.circle(ctx.surface, colour, b, max(3, px // 12))
    area = frozenset(c for c in trigger_cells(trap, walls) if ctx.state.map.in_bounds(c))
    if trap.trigger == "proximity" and look != "inert":
        ctx.renderer.cells.fill(ctx.surface, cam, area, (*colour, 22 if hidden else 34), ctx.clip)
    if hidden:
        dashed_outline(ctx, area, colour, 2)
    elif px >= 10:
        ctx.renderer.cells.outline(ctx.surface, cam, area, colour, 2)
    icon = _warning(max(12, int(px * 0.56)), colour, 150 if hidden else 255)
    ctx.surface.blit(icon, icon.get_rect(center=cam.cell_centre(trap.cell)))
    if tag is not None:  # its place chosen among the tokens and the other tags (trap_tags)
        ctx.surface.blit(tag[0], tag[1])
        probe.text(ctx.surface, tag[1], tag[2], role="map-label")


# --------------------------------------------------------------------------- where the trap tags go
def tag_texts(trap: tr.Trap, look: str, keep: int, knowers: str = "") -> tuple[list[str], tuple, tuple]:
    """A trap's tag, then its shorter form (a known trap's name cut to ``keep`` letters), with the
    tag's ink and fill. ``knowers``: the sides other than the players' that know of a hidden trap
    (the GM's tag says so: review 13 F11, the pirates had found one and nothing said it)."""
    if look == "hidden":
        known = f"  known to {knowers}" if knowers else ""
        texts = [f"hidden: {trap.label}  DC {trap.detection_dc}{known}", f"hidden  DC {trap.detection_dc}{known}",
                 f"hidden  DC {trap.detection_dc}"]
        return texts, theme.LABEL_COOL, (*theme.SEARCH_BG, 215)
    if look == "inert":
        return [f"{trap.label} ({trap.status})", trap.status], theme.TEXT_DIM, (*theme.WELL, 200)
    cut = trap.label[:keep - 1]
    cut = cut.rsplit(" ", 1)[0] if " " in cut else cut  # at a word's end: "Simple mechanical…"
    short = trap.label if len(trap.label) <= keep else cut.rstrip() + ELLIPSIS
    return [trap.label, short], theme.INK, (*WARN, 235)


def knowers_of(state: Any, trap: tr.Trap) -> str:
    """The sides that know of a hidden trap, by name ("Void Pirates"): its owner's side and those
    that found it (:meth:`tactics.rules.traps.Trap.known_to`)."""
    teams = [t for t in dict.fromkeys(([trap.team] if trap.team else []) + list(trap.known_to_teams))
             if t in state.teams]
    return " and ".join(state.teams[t].name for t in teams)


def tag_options(size: tuple[int, int], cell: pygame.Rect) -> list[pygame.Rect]:
    """Where a tag of ``size`` may go by its trap's square, best first: below it (where it always
    went), above it, each centred then sliding to either side; right and left of it; then half a
    square and a square further below or above."""
    w, h = size
    out = []
    for off in (0, cell.height // 2, cell.height):
        for top in (cell.bottom + 2 + off, cell.top - 2 - h - off):
            for left in (cell.centerx - w // 2, cell.left, cell.right - w):
                out.append(pygame.Rect(left, top, w, h))
        if off == 0:
            out += [pygame.Rect(cell.right + 2, cell.centery - h // 2, w, h),
                    pygame.Rect(cell.left - 2 - w, cell.centery - h // 2, w, h)]
    return out


def trap_tags(ctx: DrawContext) -> dict[str, tuple[pygame.Surface, pygame.Rect, str]]:
    """Every trap tag this view draws: (picture, place, text) by trap id.

    Each takes the first place by its square that covers no token, no name or condition pill
    (marker_obstacles: only what this viewer sees, so no tag moves round a hidden creature on
    the players' view), no other trap or grenade marker, no fuse card (placed before the tags:
    the table acts on it) and no tag placed before it; failing that its shorter form does;
    failing both, the place covering least (tokens are drawn over it). Why: at the zoom the window opens with a hidden trap's tag ran under "Bear 4" and "Art"
    and "Bear 1" sat on a spotted trap's tag (review 9)."""
    cam = ctx.camera
    px = cam.cell_px
    if px < 24:
        return {}
    room = draw.map_rect(cam, ctx.state.map)
    size = map_label_size(px)
    traps: list[tuple[tr.Trap, str]] = []
    for t in sorted(ctx.state.traps.values(), key=lambda t: t.id):
        look = trap_look(t, ctx.viewer)
        if look is not None:
            traps.append((t, look))
    if not traps:
        return {}
    # only what stands near a tag's places can be in its way (1000 tokens on a map, a few traps)
    near = [pygame.Rect(cam.cell_rect(t.cell)).inflate(12 * px, 10 * px) for t, _ in traps]
    markers = [pygame.Rect(cam.cell_rect(t.cell)) for t, _ in traps]
    markers += [pygame.Rect(cam.cell_rect(g.cell)) for g in ctx.state.grenades.values()
                if g.status == "live" and g.cell is not None]
    squares = [square for square in (pygame.Rect(cam.cell_rect(who.cell)) for who in ctx.state.on_map()
                                     if who.cell is not None and (not hasattr(ctx.view, "visible") or ctx.view.visible(who)))
               if square.collidelist(near) >= 0]
    tokens = marker_obstacles(ctx, names_above=True, near=near) + markers + squares  # (a disc counts twice)
    from tactics.ui.hazards import hazards_of

    addon = hazards_of(ctx.view)
    in_flight = addon.in_flight if addon is not None else ()
    fuses = [fuse_card_rect(ctx, g) for g in ctx.state.grenades.values()  # placed first: the table acts on it
             if g.status == "live" and g.id not in in_flight and px >= 16]
    placed: dict[str, tuple[pygame.Surface, pygame.Rect, str]] = {}
    for trap, look in traps:
        cell = pygame.Rect(cam.cell_rect(trap.cell))
        texts, ink, fill = tag_texts(trap, look, max(6, (3 * px) // max(1, size // 2)),  # ~3 squares
                                     knowers_of(ctx.state, trap) if look == "hidden" else "")
        cards = fuses + [rect for _, rect, _ in placed.values()]
        best: tuple[int, pygame.Surface, pygame.Rect, str] | None = None
        for n, text in enumerate(dict.fromkeys(texts)):
            img = draw.pill(text, size, tuple(ink), tuple(fill))
            rect, cost = place_scored(tag_options(img.get_size(), cell), room, tokens=tokens, cards=cards)
            if best is None or cost < best[0] or (cost == best[0] and n == 0):
                best = (cost, img, rect, text)
            if cost == 0:
                break
        assert best is not None
        placed[trap.id] = (best[1], best[2], best[3])
    return placed


def draw_grenade(ctx: DrawContext, grenade: Any) -> None:
    cam = ctx.camera
    px = cam.cell_px
    cells = blast_cells_of(ctx.state, grenade)
    ctx.renderer.cells.fill(ctx.surface, cam, cells, (*GRENADE, 40), ctx.clip)
    dashed_outline(ctx, cells, GRENADE, 2)
    icon = _grenade_icon(max(12, int(px * 0.6)))
    ctx.surface.blit(icon, icon.get_rect(center=cam.cell_centre(grenade.cell)))


def draw_grenade_under_token(ctx: DrawContext, grenade: Any) -> pygame.Rect | None:
    """A small grenade in a corner of its square when a token stands on it (over the tokens'
    layer): the marker itself lies under the disc. Why: a grenade came down on Brandon's square
    and the map no longer showed where it lay (outside review 17 N4). Where it went (its drawn
    body: :func:`under_token_marker`), None when no token stands on it."""
    placed = under_token_marker(ctx, grenade)
    if placed is None:
        return None
    icon, at, body = placed
    ctx.surface.blit(icon, at)
    return body


def under_token_marker(ctx: DrawContext, grenade: Any) -> tuple[pygame.Surface, tuple[int, int], pygame.Rect] | None:
    """The corner marker of a grenade under a token: (its picture, where it goes, the rectangle
    its drawn body takes), None when no token the view shows stands on it. The first place whose
    body meets no token's name or condition badge as drawn, nor another token's square: a corner
    of the square (bottom right, bottom left, top right, top left), a smaller marker there, just
    outside a corner or beside the square, then on the square's right or left side over the
    disc's rim (the name hangs below and the badges sit above, both often wider than the
    square); where none is clear, the one meeting least.
    Why: in the bottom-right corner it lay on the token's own name (review 17 N4 leftover)."""
    cell = tuple(grenade.cell)
    visible = getattr(ctx.view, "visible", None)
    if not any(who.cell is not None and tuple(who.cell) == cell and (visible is None or visible(who))
               for who in ctx.state.on_map()):
        return None
    square = pygame.Rect(ctx.camera.cell_rect(cell))
    painter = getattr(ctx.renderer, "tokens", None)
    drawn = getattr(painter, "drawn_words", None)
    words = list(drawn()) if callable(drawn) else []  # every name and condition badge, where it was drawn
    squares = [pygame.Rect(ctx.camera.cell_rect(who.cell)) for who in ctx.state.on_map()
               if who.cell is not None and tuple(who.cell) != cell and (visible is None or visible(who))]
    options: list[tuple[pygame.Surface, pygame.Rect, pygame.Rect]] = []
    corners = ("bottomright", "bottomleft", "topright", "topleft")
    big, small = (_grenade_icon(max(10, int(square.width * share))) for share in (0.42, 0.32))

    def at(icon: pygame.Surface, attr: str, point: tuple[int, int]) -> None:
        body = icon.get_bounding_rect()
        shown = body.copy()
        setattr(shown, attr, point)
        options.append((icon, shown, body))

    for icon in (big, small):  # inside the square's corners
        for corner in corners:
            at(icon, corner, getattr(square, corner))
    for corner in corners:  # just outside them, touching the square diagonally
        at(small, {"bottomright": "topleft", "bottomleft": "topright", "topright": "bottomleft",
                   "topleft": "bottomright"}[corner], getattr(square, corner))
    at(small, "midleft", square.midright)  # just outside beside it
    at(small, "midright", square.midleft)
    for icon in (big, small):  # on the square's side, level with the disc's middle (its rim)
        at(icon, "midright", square.midright)
        at(icon, "midleft", square.midleft)
    best: tuple[int, int] | None = None
    for n, (_, shown, _) in enumerate(options):
        cost = (sum(overlap(shown, words[k]) for k in shown.collidelistall(words))
                + sum(overlap(shown, squares[k]) for k in shown.collidelistall(squares)))
        if best is None or (cost, n) < best:
            best = (cost, n)
        if cost == 0:
            break
    assert best is not None
    icon, shown, body = options[best[1]]
    return icon, (shown.x - body.x, shown.y - body.y), shown


def draw_fuse_card(ctx: DrawContext, grenade: Any) -> pygame.Rect | None:
    """The fuse label beside the marker, over the tokens' layer: the one thing the table acts on
    is never covered by a name or a condition pill (review 4). Where it went (None: too small a zoom)."""
    px = ctx.camera.cell_px
    if px < 16:
        return None
    card, rect = fuse_card_place(ctx, grenade)
    ctx.surface.blit(card, rect)
    return rect


# --------------------------------------------------------------------------- the fuse card
NO_TURN_ORDER = fuse_label(None, None)  # "explodes when the GM sets it off (no turn order is running)"


def fuse_lines(grenade: Any, rows: int = 2) -> list[str]:
    """The marker's fuse label in at most ``rows`` short lines (R-GREN-4): two, or three for the
    narrower card tried where the wide one has no clear place (:func:`fuse_card_place`).

    With no turn order running nothing sets the fuse off by itself: the card says how the GM
    does (the GM menu on the marker offers Detonate now).
    """
    if grenade.fuse is None and grenade.fuse_text == NO_TURN_ORDER:
        return [f"{grenade.label}: no turn order running", "right-click: Detonate now"]
    text = f"{grenade.label}: {grenade.fuse_text}"
    lines = textwrap.wrap(text, width=max(22 if rows <= 2 else 16, -(-len(text) // rows) + 6))
    return lines[:rows - 1] + [" ".join(lines[rows - 1:])] if len(lines) > rows else lines


def card_versions(grenade: Any) -> list[tuple[str, ...]]:
    """The fuse card's lines as tried, in order: two lines, then three (a narrower card)."""
    out = [tuple(fuse_lines(grenade))]
    if (three := tuple(fuse_lines(grenade, 3))) != out[0]:
        out.append(three)
    return out


def _card_size(ctx: DrawContext) -> int:
    """The fuse card's type: on the players' window as large as the condition words there and
    growing with the window (the one label the players act on, review 4, finding 11)."""
    px = ctx.camera.cell_px
    if ctx.gm:
        return int(max(13, min(theme.px(18), px * 0.22)))  # at 4K as large as the names beside it
    from tactics.ui.players import style

    room = isinstance(getattr(ctx.renderer, "tokens", None), style.RoomTokenPainter)
    base = max(20, min(30, px * 0.3)) if room else max(14, min(20, px * 0.24))
    return style.grown(base)


@lru_cache(maxsize=32)
def _fuse_card(lines: tuple[str, ...], size: int) -> pygame.Surface:
    imgs = [theme.text(line, size, "semibold", theme.FUSE_TEXT) for line in lines]
    pad = 6
    w = max(i.get_width() for i in imgs) + 2 * pad
    h = sum(i.get_height() for i in imgs) + 2 * pad - 2 * (len(imgs) - 1)
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(card, (*theme.FUSE_CARD_BG, 235), card.get_rect(), border_radius=8)
    pygame.draw.rect(card, (*GRENADE, 255), card.get_rect(), 1, border_radius=8)
    y = pad
    for img in imgs:
        card.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += img.get_height() - 2
    return card


def marker_obstacles(ctx: DrawContext, *, names_above: bool = False, names_beside: bool = False,
                     near: list[pygame.Rect] | None = None) -> list[pygame.Rect]:
    """What a card beside a marker should not cover: every token's square with its name pill below
    (as wide as the name: "Brandon" is wider than a square), and the band of condition pills above
    a token that has conditions (wider than the square); ``names_above``: also the place above a
    token where its name goes when the one below is taken (tokens.TokenPainter._name_place);
    ``names_beside``: and the places beside its disc, where a hemmed-in name or a token's
    condition words go (level with its square, a name's width out each side, half a name's
    height above and below); ``near``: only the tokens whose square lies in one of these
    rectangles (the places the cards may take, grown by what a token's pills reach beyond its square)."""
    cam = ctx.camera
    view = ctx.view
    painter = getattr(ctx.renderer, "tokens", None)
    out = []
    for who in ctx.state.on_map():
        assert who.cell is not None  # on_map() keeps only combatants standing on a square
        x, y, w, h = cam.cell_rect(who.cell)
        if near is not None and pygame.Rect(x, y, w, h).collidelist(near) < 0:
            continue
        if view is not None and hasattr(view, "visible") and not view.visible(who):
            continue
        out.append(pygame.Rect(x, y, w, h + max(16, h // 2)))
        if painter is not None and hasattr(painter, "name_size") and h >= 14:
            nw, nh = painter.name_size(who.name, h)
            out.append(pygame.Rect(x + (w - nw) // 2, y + h - max(2, h // 14), nw, nh))
            if names_above:
                out.append(pygame.Rect(x + (w - nw) // 2, y - 2 - nh, nw, nh))
            if names_beside:
                out.append(pygame.Rect(x - nw, y - nh // 2, w + 2 * nw, h + nh))
        if who.conditions:
            band = max(16, h // 2)
            out.append(pygame.Rect(x - (3 * w) // 4, y - band, (5 * w) // 2, band))
    return out


def fuse_card_rect(ctx: DrawContext, grenade: Any) -> pygame.Rect:
    """Where the fuse card of a live grenade goes (:func:`fuse_card_place`)."""
    return fuse_card_place(ctx, grenade)[1]


#: How far out (in squares past the grenade's square) the fuse card may go looking for a clear place
FUSE_RINGS = range(4)


def fuse_card_options(size: tuple[int, int], cell: pygame.Rect, px: int) -> list[pygame.Rect]:
    """Where a fuse card of ``size`` may go by its grenade's square ``cell``, best first: above
    it, then below it (centred, then sliding to the right or the left of the square, as a trap's
    tag does), then right and left of it (level with it, then higher and lower); then all of that
    a square further out, up to :data:`FUSE_RINGS`. Why: only the eight places touching the
    square were tried, and the wide card lay on Bear 2's token and Brandon's "Shaken 1"
    (outside review 16 F5)."""
    w, h = size
    out = []
    for ring in FUSE_RINGS:
        box = cell.inflate(2 * ring * px, 2 * ring * px)
        for top in (box.top - 4 - h, box.bottom + 4):
            for left in (box.centerx - w // 2, cell.left - px, cell.right + px - w, cell.left - w // 4,
                         cell.right - 3 * w // 4):
                out.append(pygame.Rect(left, top, w, h))
        for left in (box.right + 4, box.left - 4 - w):
            for middle in (box.centery, box.centery - h, box.centery + h):
                out.append(pygame.Rect(left, middle - h // 2, w, h))
    return out


def _banners(view: Any) -> list[pygame.Rect]:
    """The phase card and the turn banner where they were drawn last, over the board's top and
    bottom (in the players' view F2 they lay across the fuse card put on the map's top wall)."""
    combat = getattr(view, "combat", None)
    hotseat = getattr(getattr(view, "app", None), "hotseat", None)
    rects = (getattr(getattr(combat, "banner", None), "rect", None), getattr(hotseat, "rect", None))
    return [pygame.Rect(r) for r in rects if isinstance(r, pygame.Rect)]


def fuse_card_place(ctx: DrawContext, grenade: Any) -> tuple[pygame.Surface, pygame.Rect]:
    """The fuse card of a live grenade and where it goes: the first place by its square
    (:func:`fuse_card_options`) clear of every token's square, name (under, above or beside
    its disc: :func:`marker_obstacles`) and condition badges, and of the phase card and turn
    banner drawn over the board (:func:`_banners`); else the narrower card of three lines where
    that has one; else, of both, the place covering least (a banner counting four times as much
    as a token). The facing prompt's arrows are not weighed here: they keep off the card
    (:func:`tactics.ui.facing.fuse_cards`), and the card weighing them too had made each ask the
    other where it goes, without end.

    From the tokens' squares and the places their labels can take, not from where the names were
    drawn last: the same answer in every layer of a frame (the trap tags and the scatter dice
    keep clear of the card before and after the tokens are drawn)."""
    cam = ctx.camera
    px = cam.cell_px
    size = _card_size(ctx)
    cell = pygame.Rect(cam.cell_rect(grenade.cell))
    room = draw.map_rect(cam, ctx.state.map)
    banners = _banners(ctx.view)
    best: tuple[int, int, pygame.Surface, pygame.Rect] | None = None
    for n, lines in enumerate(card_versions(grenade)):
        card = _fuse_card(lines, size)
        reach = (len(FUSE_RINGS) + 1) * px
        near = [cell.inflate(2 * card.get_width() + 2 * reach, 2 * card.get_height() + 2 * reach)]
        tokens = marker_obstacles(ctx, names_above=True, names_beside=True, near=near) + [cell]
        rect, cost = place_scored(fuse_card_options(card.get_size(), cell, px), room, tokens=tokens, cards=banners)
        if best is None or cost < best[0]:
            best = (cost, n, card, rect)
        if cost == 0:
            break
    assert best is not None
    return best[2], best[3]


def _landed_live(ctx: DrawContext) -> list[Any]:
    """The live grenades that have landed (not one still flying in the throw's animation), by id."""
    from tactics.ui.hazards import hazards_of

    addon = hazards_of(ctx.view)
    in_flight = addon.in_flight if addon is not None else ()
    return [g for g in sorted(ctx.state.grenades.values(), key=lambda g: g.id)
            if g.status == "live" and g.id not in in_flight]


def live_grenade_marks(ctx: DrawContext) -> list[pygame.Rect]:
    """Where each live grenade that landed shows on the map: its blast squares (each) and its fuse
    card, as :func:`hazards_layer` and :func:`fuse_cards_layer` draw them; what a card laid over
    the players' map must not cover (outside review 17, N7)."""
    out = []
    for grenade in _landed_live(ctx):
        out += [pygame.Rect(ctx.camera.cell_rect(cell)) for cell in blast_cells_of(ctx.state, grenade) | {tuple(grenade.cell)}]
        if ctx.camera.cell_px >= 16:
            out.append(fuse_card_rect(ctx, grenade))
    return out


def grenade_markers(ctx: DrawContext) -> list[pygame.Rect]:
    """Where each live grenade that landed is marked on the map: its icon on its square
    (:func:`draw_grenade`) and, where a token stands on it, the small one at a corner of the
    square (:func:`under_token_marker`). What a label on the map keeps off (the facing arcs'
    "front", "flank" and "rear" lay on the grenade: outside review 20, placement 3)."""
    out = []
    for grenade in _landed_live(ctx):
        size = max(12, int(ctx.camera.cell_px * 0.6))
        out.append(pygame.Rect((0, 0), (size, size)).move(
            ctx.camera.cell_centre(grenade.cell)[0] - size // 2, ctx.camera.cell_centre(grenade.cell)[1] - size // 2))
        under = under_token_marker(ctx, grenade)
        if under is not None:
            out.append(under[2])
    return out


def draw_cloud(ctx: DrawContext, grenade: Any) -> None:
    cells = frozenset(tuple(c) for c in grenade.cloud_cells)
    ctx.renderer.cells.fill(ctx.surface, ctx.camera, cells, (*SMOKE, 150), ctx.clip)
    if cells and ctx.camera.cell_px >= 16:
        top = min(cells, key=lambda c: (c[1], c[0]))
        _tag(ctx, f"smoke: {grenade.cloud_rounds} round{'s' if grenade.cloud_rounds != 1 else ''}", top,
             theme.TEXT, (*theme.SMOKE_TAG_BG, 230), below=False)


def hazards_layer(ctx: DrawContext) -> None:
    """Every trap the viewer may see, live grenades and clouds (R-TRAP-6)."""
    state = ctx.state
    tags = trap_tags(ctx)
    for trap in sorted(state.traps.values(), key=lambda t: t.id):
        look = trap_look(trap, ctx.viewer)
        if look is not None:
            draw_trap(ctx, trap, look, tags.get(trap.id))
    from tactics.ui.hazards import hazards_of  # the add-on knows which grenades are still in the air

    addon = hazards_of(ctx.view)
    in_flight = addon.in_flight if addon is not None else ()
    for grenade in sorted(state.grenades.values(), key=lambda g: g.id):
        if grenade.status == "cloud":
            draw_cloud(ctx, grenade)
        elif grenade.status == "live" and grenade.id not in in_flight:
            draw_grenade(ctx, grenade)


def fuse_cards_layer(ctx: DrawContext) -> None:
    """The fuse cards of the live grenades that have landed (over the tokens, under the fog)."""
    from tactics.ui.hazards import hazards_of

    addon = hazards_of(ctx.view)
    in_flight = addon.in_flight if addon is not None else ()
    drawn = {}
    markers = {}
    for grenade in sorted(ctx.state.grenades.values(), key=lambda g: g.id):
        if grenade.status == "live" and grenade.id not in in_flight:
            marker = draw_grenade_under_token(ctx, grenade)
            if marker is not None:
                markers[grenade.id] = marker
            rect = draw_fuse_card(ctx, grenade)
            if rect is not None:
                drawn[grenade.id] = rect
    if addon is not None and ctx.view is addon.view:
        addon.fuse_cards = drawn  # where they went (tests)
        addon.under_markers = markers


add_layer(TRAPS_Z, "hazards", hazards_layer)
add_layer(TOKENS_Z + 2, "fuse-cards", fuse_cards_layer)


__all__ = ["blast_cells_of", "fuse_card_place", "grenade_markers", "fuse_card_rect", "trap_tags", "fuse_lines", "marker_obstacles", "dashed_outline", "hazards_layer", "trap_look", "trigger_cells"]
