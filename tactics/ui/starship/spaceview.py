"""The space view: the ships top-down, with their distance, damage and shields.

Positions come from the engine in space units; the view fits every ship in its
rectangle (ships are drawn at a size for their class, not to scale, so a GM can
read them from across the room). For each ship: a silhouette turned to its
facing, its name, five Battle Damage pips (filled = damage, R-SHIP-6), a shield
arc on its bow as strong as its Shield Mod now, a faint ring for its passive
sensor range, and a banner when it is adrift, exploding, destroyed, surrendered
or cloaked. A dashed line joins ships of opposing sides with the distance.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache, partial
from typing import Any

import pygame

from tactics.engine.builder.commands import TEAM_COLOURS
from tactics.engine.starship.state import (
    ADRIFT, DESTROYED, EXPLODING, SURRENDERED, Ship, SpaceState, detects, distance, effective, is_cloaked,
    ship_bd_dc,
)
from tactics.engine.starship.seen import ships_shown
from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui.widgets import Hotspots, pill, text

SPACE_BG = theme.SPACE_BG
PIPS = 5  # R-SHIP-6: a ship holds 0 to 5 Battle Damage
SS = 3  # supersampling for clean silhouettes

SHIP_PX = {"tiny": 76, "small": 112, "medium": 128, "large": 150, "huge": 170, "colossal": 190}

# Silhouettes in unit coordinates, bow up (-y), x and y in -1..1.
HULLS: dict[str, list[tuple[float, float]]] = {
    "fighter": [(0, -1), (0.18, -0.35), (0.85, 0.55), (0.8, 0.8), (0.22, 0.62), (0.16, 0.9), (-0.16, 0.9),
                (-0.22, 0.62), (-0.8, 0.8), (-0.85, 0.55), (-0.18, -0.35)],
    "freighter": [(0, -1), (0.28, -0.86), (0.4, -0.4), (0.4, 0.2), (0.86, 0.36), (0.9, 0.78), (0.46, 0.86),
                  (0.4, 0.98), (-0.4, 0.98), (-0.46, 0.86), (-0.9, 0.78), (-0.86, 0.36), (-0.4, 0.2), (-0.4, -0.4),
                  (-0.28, -0.86)],
    "corvette": [(0, -1), (0.2, -0.5), (0.3, 0.05), (0.8, 0.56), (0.74, 0.84), (0.28, 0.7), (0.22, 0.96),
                 (-0.22, 0.96), (-0.28, 0.7), (-0.74, 0.84), (-0.8, 0.56), (-0.3, 0.05), (-0.2, -0.5)],
    "cruiser": [(0, -1), (0.16, -0.8), (0.26, -0.2), (0.62, 0.02), (0.66, 0.42), (0.3, 0.5), (0.34, 0.96),
                (-0.34, 0.96), (-0.3, 0.5), (-0.66, 0.42), (-0.62, 0.02), (-0.26, -0.2), (-0.16, -0.8)],
}
HULL_FOR_SIZE = {"tiny": "fighter", "small": "freighter", "medium": "corvette", "large": "cruiser",
                 "huge": "cruiser", "colossal": "cruiser"}
ENGINES = {"fighter": [(0.0, 0.9)], "freighter": [(-0.2, 0.98), (0.2, 0.98)], "corvette": [(0.0, 0.96)],
           "cruiser": [(-0.18, 0.96), (0.18, 0.96)]}

BANNERS = {
    ADRIFT: ("ADRIFT", theme.INK, theme.ACCENT),
    EXPLODING: ("EXPLODING", theme.BANNER_EXPLODING_TEXT, theme.DANGER_MARK),
    DESTROYED: ("DESTROYED", theme.BANNER_DESTROYED_TEXT, theme.BANNER_DESTROYED),
    SURRENDERED: ("SURRENDERED", theme.INK, theme.TEXT),
}


def _lighter(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(round(v + (255 - v) * k) for v in c)  # type: ignore[return-value]


def _darker(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(round(v * (1 - k)) for v in c)  # type: ignore[return-value]


def _dir(bearing_deg: float) -> tuple[float, float]:
    """Screen direction of a bearing (0 up the screen, clockwise)."""
    a = math.radians(bearing_deg)
    return (math.sin(a), -math.cos(a))


@lru_cache(maxsize=64)
def silhouette(hull: str, length: int, colour: tuple[int, int, int], facing: int, ghost: bool = False) -> pygame.Surface:
    """A ship picture, bow toward ``facing``; drawn 3x and scaled down for smooth edges."""
    big = length * SS
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    half = big / 2
    pts = [(half + x * half * 0.92, half + y * half * 0.92) for x, y in HULLS[hull]]
    for ex, ey in ENGINES[hull]:  # engine glow behind the hull
        centre = (half + ex * half * 0.92, half + ey * half * 0.92 + big * 0.02)
        pygame.draw.circle(surf, (*theme.ENGINE_GLOW, 120), centre, big * 0.09)
        pygame.draw.circle(surf, (*theme.ENGINE_CORE, 230), centre, big * 0.05)
    body = _lighter(colour, 0.15)
    pygame.draw.polygon(surf, _darker(colour, 0.65), [(x, y + SS * 3) for x, y in pts])  # drop shadow
    pygame.draw.polygon(surf, body, pts)
    pygame.draw.polygon(surf, _lighter(colour, 0.7), pts, SS * 3)
    # spine and cockpit
    pygame.draw.line(surf, _darker(colour, 0.3), (half, half - big * 0.3), (half, half + big * 0.4), SS * 3)
    pygame.draw.ellipse(surf, theme.SHIP_WINDOW, pygame.Rect(half - big * 0.06, half - big * 0.36, big * 0.12, big * 0.16))
    small = pygame.transform.smoothscale(surf, (length, length))
    turned = pygame.transform.rotozoom(small, -facing, 1.0)
    if ghost:
        turned.set_alpha(110)
    return turned


@lru_cache(maxsize=4)
def starfield(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(SPACE_BG)
    rng = random.Random(7)  # the same stars every time: a background, not a roll
    for _ in range(size[0] * size[1] // 2600):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        level = rng.choice((60, 80, 110, 150, 200))
        surf.set_at((x, y), (level, level, min(255, level + px(20))))
        if level == 200:
            pygame.draw.circle(surf, (level, level, 230), (x, y), 1)
    return surf


def dashed_line(surface: pygame.Surface, colour, a: tuple[float, float], b: tuple[float, float], *,
                dash: int = 14, gap: int = 10, width: int = 3) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pygame.draw.line(surface, colour, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e), width)
        t = e + gap


def arc_polygon(centre: tuple[float, float], radius: float, thickness: float, facing: float,
                half_span: float) -> list[tuple[float, float]]:
    """The outline of a thick arc centred on the bearing ``facing``."""
    steps = 24
    outer, inner = [], []
    for i in range(steps + 1):
        b = facing - half_span + px(2) * half_span * i / steps
        dx, dy = _dir(b)
        outer.append((centre[0] + dx * (radius + thickness / 2), centre[1] + dy * (radius + thickness / 2)))
        inner.append((centre[0] + dx * (radius - thickness / 2), centre[1] + dy * (radius - thickness / 2)))
    return outer + inner[::-1]


def _drawn(space: SpaceState, viewer: str, state: Any) -> list[Ship]:
    """The ships a viewer's space view draws: every one for the GM, for the players those the
    engine says they may see (reading: N-SEEN-3)."""
    if viewer == "gm":
        return list(space.ships.values())
    if state is None:  # (no encounter to ask: only a ship under a cloak is left out)
        return [s for s in space.ships.values() if not is_cloaked(s, space.now) or s.revealed]
    return ships_shown(state, viewer, space)


class SpaceView:
    """Fits the ships in a rectangle and draws them."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, px(1), px(1))
        self.scale = 1.0
        self.centre = (0.0, 0.0)
        self._shift = 0
        self.ship_scale = 1.0

    def length(self, ship: Ship) -> int:
        """The ship's drawn length in pixels: by size class, not to scale."""
        return int(SHIP_PX.get(ship.spec.size, 86) * self.ship_scale * theme.scale())

    def fit(self, rect: pygame.Rect, space: SpaceState, *, viewer: str = "gm", state: Any = None) -> None:
        """Scale and centre the view on the ships drawn (for the players, not a ship their sensors
        cannot see: the empty space where it hides would point at it). ``state`` (the encounter's)
        answers what the players may see (tactics.engine.starship.seen)."""
        self.rect = pygame.Rect(rect)
        ships = _drawn(space, viewer, state)
        if not ships:
            self.scale, self.centre = 10.0, (0.0, 0.0)
            return
        xs, ys = [s.x for s in ships], [s.y for s in ships]
        span_x, span_y = max(12.0, max(xs) - min(xs)), max(6.0, max(ys) - min(ys))
        self.ship_scale = max(0.6, min(1.0, rect.height / px(560)))  # a short view draws smaller ships
        biggest = max(self.length(s) for s in ships)
        margin_x = max(biggest // 2, 135) + px(20)  # room for the name, the pips and the numbers
        top, bottom = biggest // 2 + px(44), biggest // 2 + px(80)  # the banner above, the labels below
        self.scale = max(1.0, min((rect.width - px(2) * margin_x) / span_x, (rect.height - top - bottom) / span_y))
        self.centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
        self._shift = (top - bottom) // 2
        self._placed = self._spread(ships)

    def _spread(self, ships: list[Ship]) -> dict[str, tuple[int, int]]:
        """Where each ship is drawn: at its position, but ships closer than their drawings (a
        grapple, a ram) are pushed apart on screen along the line between them until their
        hulls and labels no longer overlap. Only the picture moves; the numbers stay true."""
        placed = {s.id: [float(c) for c in self.to_screen(s.x, s.y)] for s in ships}
        label_w = 300  # the name, the pips and "BD 0/3  BD DC 5,5  Shield +1" under each ship
        for _ in range(4):
            for i, a in enumerate(ships):
                for b in ships[i + 1:]:
                    pa, pb = placed[a.id], placed[b.id]
                    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                    gap = math.hypot(dx, dy)
                    ux, uy = (dx / gap, dy / gap) if gap >= 1 else (1.0, 0.0)
                    need = max((self.length(a) + self.length(b)) / 2 + 12, label_w if abs(ux) >= 0.5 else 0)
                    if gap >= need:
                        continue
                    push = (need - gap) / 2
                    pa[0], pa[1] = pa[0] - ux * push, pa[1] - uy * push
                    pb[0], pb[1] = pb[0] + ux * push, pb[1] + uy * push
        return {sid: (round(x), round(y)) for sid, (x, y) in placed.items()}

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.rect.centerx + (x - self.centre[0]) * self.scale),
                round(self.rect.centery + (y - self.centre[1]) * self.scale + self._shift))

    def ship_at(self, ship: Ship) -> tuple[int, int]:
        placed = getattr(self, "_placed", {})  # set by fit(), each frame
        return placed[ship.id] if ship.id in placed else self.to_screen(ship.x, ship.y)

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, space: SpaceState, colours: dict[str, tuple[int, int, int]],
             hotspots: Hotspots, *, viewer: str = "gm", state: Any = None) -> None:
        rect = self.rect
        surface.blit(starfield(rect.size), rect.topleft)
        old_clip = surface.get_clip()
        surface.set_clip(rect)
        shown = _drawn(space, viewer, state)
        overlay = pygame.Surface(rect.size, pygame.SRCALPHA)
        for ship in shown:  # passive sensor ranges
            if ship.status == DESTROYED:
                continue
            cx, cy = self.ship_at(ship)
            r = ship.spec.passive_sensor_range * self.scale
            if r < 4000:
                pygame.draw.circle(overlay, (*colours.get(ship.side, theme.INFO), 14), (cx - rect.x, cy - rect.y), r)
                pygame.draw.circle(overlay, (*colours.get(ship.side, theme.INFO), 90), (cx - rect.x, cy - rect.y), r, 2)
        surface.blit(overlay, rect.topleft)
        self._draw_scale(surface)
        labels = self._draw_distances(surface, space, shown)  # lines under the ships, their numbers on top
        for ship in shown:
            self._draw_ship(surface, space, ship, colours.get(ship.side, theme.NEUTRAL), hotspots)
        for draw_label in labels:
            draw_label()
        for ship in shown:
            self._draw_labels(surface, space, ship)
        surface.set_clip(old_clip)

    def _draw_scale(self, surface: pygame.Surface) -> None:
        units = 5
        while units * self.scale < 80:
            units *= 2
        x, y = self.rect.x + px(24), self.rect.bottom - px(30)
        length = units * self.scale
        pygame.draw.line(surface, theme.TEXT_DIM, (x, y), (x + length, y), 3)
        for end in (x, x + length):
            pygame.draw.line(surface, theme.TEXT_DIM, (end, y - px(7)), (end, y + px(7)), 3)
        text(surface, f"{units} units", (int(x + length) + px(12), y), 17, theme.TEXT_DIM, "semibold", anchor="midleft")

    def _draw_distances(self, surface: pygame.Surface, space: SpaceState, ships: list[Ship]) -> list[partial[None]]:
        """Dashed lines between opposing ships now; returns the distance labels to draw last."""
        now = space.now
        labels: list[partial[None]] = []
        for i, a in enumerate(ships):
            for b in ships[i + 1:]:
                if a.side == b.side or DESTROYED in (a.status, b.status):
                    continue
                pa, pb = self.ship_at(a), self.ship_at(b)
                gap = math.dist(pa, pb)
                if gap < 1:
                    continue
                ux, uy = (pb[0] - pa[0]) / gap, (pb[1] - pa[1]) / gap
                ra = self.length(a) * 0.72
                rb = self.length(b) * 0.72
                if gap <= ra + rb:
                    continue
                start = (pa[0] + ux * ra, pa[1] + uy * ra)
                end = (pb[0] - ux * rb, pb[1] - uy * rb)
                dashed_line(surface, theme.DISTANCE, start, end)
                mid = ((pa[0] + pb[0]) // 2, (pa[1] + pb[1]) // 2)
                notes = [f"{x.name} unseen by {y.name}" for x, y in ((b, a), (a, b)) if not detects(y, x, now)]
                labels.append(partial(self._distance_label, surface, mid, distance(a, b), notes))
        if len(labels) > 2:  # a crowded battle: the sensor rings tell who sees whom
            labels = [partial(self._distance_label, label.args[0], label.args[1], label.args[2], []) for label in labels]
        return labels

    @staticmethod
    def _distance_label(surface: pygame.Surface, mid: tuple[int, int], units: float, notes: list[str]) -> None:
        shown = f"{units:.0f}"
        pill(surface, f"{shown} unit{'' if shown == '1' else 's'}", mid, size=22, fill=theme.WELL,
             edge=theme.DISTANCE)
        for n, note in enumerate(notes):
            pill(surface, note, (mid[0], mid[1] - px(38) - px(30) * n), size=17, fill=theme.WELL, colour=theme.SPACE_NOTE)

    def _draw_ship(self, surface: pygame.Surface, space: SpaceState, ship: Ship, colour: tuple[int, int, int],
                   hotspots: Hotspots) -> None:
        now = space.now
        cx, cy = self.ship_at(ship)
        length = self.length(ship)
        hull = HULL_FOR_SIZE.get(ship.spec.size, "freighter")
        cloaked = is_cloaked(ship, now) and not ship.revealed
        if ship.status != DESTROYED:
            shield = effective(space, ship, "shield_mod", now)
            self._draw_shield(surface, (cx, cy), length, ship.facing, shield)
            img = silhouette(hull, length, colour, int(round(ship.facing)) % 360, cloaked)
            surface.blit(img, img.get_rect(center=(cx, cy)))
        else:
            self._draw_debris(surface, (cx, cy), length, colour)
        hotspots.add(pygame.Rect(cx - length // 2, cy - length // 2, length, length), "ship", ship=ship.id)

    def _draw_labels(self, surface: pygame.Surface, space: SpaceState, ship: Ship) -> None:
        """Name, Battle Damage pips, numbers under the ship; a banner above it."""
        now = space.now
        cx, cy = self.ship_at(ship)
        length = self.length(ship)
        cloaked = is_cloaked(ship, now) and not ship.revealed
        y = cy + length // 2 + px(16)
        name = text(surface, ship.name, (cx, y), 26, theme.TEXT, "bold", anchor="midtop")
        y = name.bottom + px(8)
        self._draw_pips(surface, (cx, y + px(14)), ship)
        count, threshold = ship_bd_dc(space, ship)
        shield = effective(space, ship, "shield_mod", now)
        text(surface, f"BD {ship.damage}/{ship.maximum}   BD DC {count},{threshold}   Shield {shield:+d}",
             (cx, y + px(36)), 18, theme.TEXT_DIM, "semibold", anchor="midtop")
        banner = BANNERS.get(ship.status)
        if banner is not None:
            label, ink, fill = banner
            if ship.status == EXPLODING and ship.explodes_round is not None:
                label = f"EXPLODING by round {ship.explodes_round}"
            pill(surface, label, (cx, cy - length // 2 - px(22)), size=28, fill=fill, colour=ink, pad=(16, 6))
        elif cloaked:
            pill(surface, "CLOAKED", (cx, cy - length // 2 - px(18)), size=20, fill=theme.CLOAK_BG,
                 colour=theme.SPACE_NOTE, edge=theme.CLOAK_EDGE)

    def _draw_pips(self, surface: pygame.Surface, centre: tuple[int, int], ship: Ship) -> None:
        r, step = px(12), px(32)
        count = max(1, ship.maximum, min(2 * PIPS, ship.damage))  # as many as the ship can take (R-SHIP-6)
        x0 = centre[0] - step * (count - 1) // 2
        over = max(0, ship.damage - ship.maximum)
        for i in range(count):
            p = (x0 + i * step, centre[1])
            usable = i < ship.maximum
            filled = i < ship.damage
            if filled and usable:
                pygame.draw.circle(surface, theme.OUTLINE, p, r + px(3))
                pygame.draw.circle(surface, theme.DANGER_MARK, p, r)
                pygame.draw.circle(surface, theme.DANGER_MARK_EDGE, p, r, 2)
            elif not usable and i < ship.maximum + over:
                pygame.draw.circle(surface, theme.OVERFLOW_MARK, p, r)  # beyond the maximum
            elif usable:
                pygame.draw.circle(surface, theme.OUTLINE, p, r + px(3))
                pygame.draw.circle(surface, theme.WALL, p, r, 3)
            else:
                pygame.draw.circle(surface, theme.SPENT, p, r - px(3), 2)

    def _draw_shield(self, surface: pygame.Surface, centre: tuple[int, int], length: int, facing: float,
                     shield: int) -> None:
        strength = max(0, shield)
        radius = length * 0.66
        thickness = 4 + px(3) * strength
        alpha = 90 + min(140, 35 * strength)
        pts = arc_polygon(centre, radius, thickness, facing, 70)
        box = pygame.Rect(min(p[0] for p in pts) - px(3), min(p[1] for p in pts) - px(3), 0, 0)
        box.width, box.height = int(max(p[0] for p in pts) - box.x + px(6)), int(max(p[1] for p in pts) - box.y + px(6))
        local = [(p[0] - box.x, p[1] - box.y) for p in pts]
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, (90, 200, 255, alpha), local)
        pygame.draw.polygon(layer, (190, 240, 255, min(255, alpha + px(40))), local, 2)
        surface.blit(layer, box.topleft)

    def _draw_debris(self, surface: pygame.Surface, centre: tuple[int, int], length: int, colour) -> None:
        rng = random.Random(centre[0] * 31 + centre[1])
        for _ in range(14):
            ox, oy = rng.uniform(-0.5, 0.5) * length, rng.uniform(-0.5, 0.5) * length
            size = rng.uniform(4, 12)
            pts = [(centre[0] + ox + rng.uniform(-size, size), centre[1] + oy + rng.uniform(-size, size)) for _ in range(3)]
            pygame.draw.polygon(surface, _darker(colour, 0.45), pts)


def side_colours(state: Any, space: SpaceState) -> dict[str, tuple[int, int, int]]:
    """A colour per side: the team's colour when a side is a team, else red/green/amber."""
    foes = [TEAM_COLOURS[c] for c in ("Red", "Green", "Amber", "Purple")]
    out: dict[str, tuple[int, int, int]] = {}
    n = 0
    for ship in space.ships.values():
        if ship.side in out:
            continue
        team = getattr(state, "teams", {}).get(ship.side)
        if team is not None:
            out[ship.side] = tuple(team.colour)  # type: ignore[assignment]
        else:
            out[ship.side] = foes[n % len(foes)]
            n += 1
    return out
