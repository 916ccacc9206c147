"""The ground of the board: the map layer and the doors layer (with windows and, on the players'
screen, secret doors drawn as walls), and what the renderer asks about doors.

Why a module of its own: these are the two layers under everything, kept as one picture
while the camera and the doors stay (``render.GROUND_LAYERS``); render.py composes and keeps
the board, this says what its ground looks like.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from tactics.ui import theme
from tactics.ui.camera import Camera

if TYPE_CHECKING:
    from tactics.ui.render import DrawContext


def _map_layer(ctx: DrawContext) -> None:
    ctx.renderer.art.draw(ctx.surface, ctx.camera, ctx.clip.clip(ctx.surface.get_clip()))
    m = ctx.state.map
    # A thin frame so the map's edge reads against the backdrop.
    # Four fills, not draw.rect: a 2 px outline drawn with draw.rect under a clip that cuts the
    # rectangle lands on the clip's edge (pygame-ce 2.5.8), which would smear the strips of a pan.
    x, y = ctx.camera.to_screen((0, 0))
    w, h = m.width * ctx.camera.cell_px, m.height * ctx.camera.cell_px
    for rect in ((x - 2, y - 2, w + 4, 2), (x - 2, y + h, w + 4, 2), (x - 2, y, 2, h), (x + w, y, 2, h)):
        ctx.surface.fill(theme.CHROME_EDGE, rect)


def door_thickness(cell_px: int) -> int:
    return max(3, cell_px // 9)


def door_rect(camera: Camera, door: Any) -> pygame.Rect:
    """Where a door's line (with its dark outline) can paint, open or closed."""
    a, b = camera.to_screen(door.segment.a), camera.to_screen(door.segment.b)
    pad = door_thickness(camera.cell_px) + 6
    return pygame.Rect(min(a[0], b[0]) - pad, min(a[1], b[1]) - pad, abs(a[0] - b[0]) + 2 * pad + 1,
                       abs(a[1] - b[1]) + 2 * pad + 1)


def open_doors_now(state: Any) -> frozenset[int]:
    """The doors open now (the map's open ones less those closed since, with those opened since)."""
    battle_map = getattr(state, "map", None)
    if battle_map is None:
        return frozenset()
    opened: set[int] = getattr(state, "open_doors", set())
    closed: set[int] = getattr(state, "closed_doors", set())
    return frozenset(i for i, door in enumerate(battle_map.doors)
                     if (i in opened if door.closed else i not in closed))


def secret_doors_now(state: Any) -> frozenset[int]:
    """The secret doors the players know nothing of yet (the GM's view marks them; the players'
    copy of the state has none: reading N-DOOR-6)."""
    battle_map = getattr(state, "map", None)
    is_secret = getattr(state, "door_secret", None)
    if battle_map is None or is_secret is None:
        return frozenset()
    return frozenset(i for i, door in enumerate(battle_map.doors) if door.secret and is_secret(i))


def draw_secret_door(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], thick: int) -> None:
    """A closed secret door as the GM sees it: dark outline, violet dashes over a dim line."""
    pygame.draw.line(surface, theme.OUTLINE, a, b, thick + 3)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    dashes = max(1, round(length / max(6, thick * 2.5)))
    for k in range(0, 2 * dashes - 1, 2):
        t0, t1 = k / (2 * dashes - 1), (k + 1) / (2 * dashes - 1)
        p = (round(a[0] + (b[0] - a[0]) * t0), round(a[1] + (b[1] - a[1]) * t0))
        q = (round(a[0] + (b[0] - a[0]) * t1), round(a[1] + (b[1] - a[1]) * t1))
        pygame.draw.line(surface, theme.DOOR_SECRET, p, q, thick)


def _secret_walls(ctx: DrawContext) -> None:
    """With the walls shown, the players' copy's walls the map art does not draw (the secret doors,
    walls to the players: reading N-DOOR-6), drawn as the art draws walls, so no gap gives them away."""
    art = getattr(ctx.renderer, "art", None)
    base = getattr(art, "map", None)
    if base is None or not getattr(art, "show_walls", False) or ctx.state.map is base:
        return
    extra = ctx.state.map.wall_segments[len(base.wall_segments):]
    thick = max(2, ctx.camera.cell_px // 12)  # as MapArt bakes walls
    for seg in extra:
        a, b = ctx.camera.to_screen(seg.a), ctx.camera.to_screen(seg.b)
        pygame.draw.line(ctx.surface, theme.OUTLINE, a, b, thick + 2)
        pygame.draw.line(ctx.surface, theme.WALL, a, b, thick)


def _windows(ctx: DrawContext) -> None:
    """With the walls shown, the map's windows (they stop movement, not sight): a light line with
    the walls' dark outline, thinner than a wall."""
    art = getattr(ctx.renderer, "art", None)
    windows = getattr(ctx.state.map, "windows", ())
    if not windows or not getattr(art, "show_walls", False):
        return
    thick = max(2, ctx.camera.cell_px // 14)
    for seg in windows:
        a, b = ctx.camera.to_screen(seg.a), ctx.camera.to_screen(seg.b)
        pygame.draw.line(ctx.surface, theme.OUTLINE, a, b, thick + 2)
        pygame.draw.line(ctx.surface, theme.WINDOW, a, b, thick)


def _doors_layer(ctx: DrawContext) -> None:
    thick = door_thickness(ctx.camera.cell_px)
    open_now = open_doors_now(ctx.state)
    secret = secret_doors_now(ctx.state)
    if ctx.viewer != "gm":
        _secret_walls(ctx)
    _windows(ctx)
    for i, door in enumerate(ctx.state.map.doors):
        if i in secret and ctx.viewer != "gm":
            continue  # never on a players' screen, whatever state it is given
        seg = door.segment
        a = ctx.camera.to_screen(seg.a)
        b = ctx.camera.to_screen(seg.b)
        if i in secret:
            draw_secret_door(ctx.surface, a, b, thick)
        elif i in open_now:
            pygame.draw.line(ctx.surface, theme.OUTLINE, a, b, max(2, thick // 2) + 2)
            pygame.draw.line(ctx.surface, theme.DOOR_OPEN, a, b, max(2, thick // 2))
        else:
            pygame.draw.line(ctx.surface, theme.OUTLINE, a, b, thick + 3)
            pygame.draw.line(ctx.surface, theme.DOOR_CLOSED, a, b, thick)
