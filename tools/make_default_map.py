"""Draw the bundled default map, "Space Bears": tactics/assets/maps/space-bears.png + space-bears.json.

The rules text's example: four Space Bears wake after an explosion in their den
on a derelict research station; Brandon, James and Art are in the cargo bay,
Katie arrives later from the side lab. Everything is drawn procedurally with
pygame so the picture and the walls in the JSON come from one description.

Run from the repository root:  python tools/make_default_map.py
"""

from __future__ import annotations

import json
import math
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

W, H, PPC = 30, 20, 70
OUT = Path(__file__).resolve().parents[1] / "tactics" / "assets" / "maps"

# -- the layout, in cells ----------------------------------------------------------
ROOMS = {  # name: (col0, row0, col1, row1) inclusive
    "bay": (1, 1, 19, 18),
    "den": (20, 1, 28, 9),
    "corridor": (20, 14, 22, 15),
    "lab": (23, 12, 28, 18),
}
WALLS = [
    [1, 1, 29, 1], [1, 1, 1, 19], [1, 19, 20, 19],  # bay
    [20, 1, 20, 4], [20, 7, 20, 14], [20, 16, 20, 19],  # bay east wall, breached at y 4..7
    [29, 1, 29, 10], [20, 10, 29, 10],  # den
    [20, 14, 23, 14], [20, 16, 23, 16],  # corridor
    [23, 12, 29, 12], [29, 12, 29, 19], [23, 19, 29, 19], [23, 12, 23, 14], [23, 16, 23, 19],  # lab
]
DOORS = [
    {"segment": [20, 14, 20, 16], "closed": False},  # bay -> corridor (jammed open)
    {"segment": [23, 14, 23, 16], "closed": True},  # corridor -> lab
]
CRATES = [(4, 3, 2, 2), (12, 2, 1, 2), (8, 14, 2, 2), (14, 11, 2, 1), (17, 16, 1, 2), (2, 16, 2, 1), (15, 3, 1, 1)]
CONSOLES = [(8, 1, 3, 1), (24, 17, 3, 1)]
RUBBLE = [(18, 4), (19, 5), (18, 6), (20, 5), (21, 4), (21, 6), (19, 3)]  # difficult ground after the blast
COOLANT = [(26, 7), (27, 7), (27, 8), (26, 8)]  # leaked coolant: swim, double cost
# Placed so the rules text's example plays as written (reading: N-EX-2): Brandon, unseen behind
# the FOOD crate, has a shot at the nearest bear (Bear 1, stunned by the blast at the breach);
# James can Shock either Rearguard bear (Bear 3, Bear 4) through the breach; Bear 2 can Charge
# James over clear floor; Art sees Bear 3 and Bear 4; Bear 4 can Charge Art.
# tests/test_space_bears_map.py plays it.
SPAWNS = [
    {"name": "Brandon", "cell": [15, 2], "team": "party"},
    {"name": "James", "cell": [17, 4], "team": "party"},
    {"name": "Art", "cell": [16, 6], "team": "party"},
    {"name": "Katie", "cell": [26, 15], "team": "party"},
    {"name": "Bear 1", "cell": [21, 5], "team": "bears"},
    {"name": "Bear 2", "cell": [23, 2], "team": "bears"},
    {"name": "Bear 3", "cell": [23, 6], "team": "bears"},
    {"name": "Bear 4", "cell": [23, 4], "team": "bears"},
]
BLAST = (20.0, 5.5)  # where the den wall blew out


def room_of(c: int, r: int) -> str | None:
    for name, (c0, r0, c1, r1) in ROOMS.items():
        if c0 <= c <= c1 and r0 <= r <= r1:
            return name
    return None


def terrain_rows() -> list[str]:
    grid = [[("." if room_of(c, r) else " ") for c in range(W)] for r in range(H)]
    for x, y, w, h in CRATES + CONSOLES:
        for c in range(x, x + w):
            for r in range(y, y + h):
                grid[r][c] = "#"
    for c, r in RUBBLE:
        grid[r][c] = "^"
    for c, r in COOLANT:
        grid[r][c] = "~"
    return ["".join(row) for row in grid]


# -- drawing ---------------------------------------------------------------------------
rng = random.Random(7)


def px(v: float) -> int:
    return int(round(v * PPC))


def shade(colour, d: int):
    return tuple(max(0, min(255, c + d)) for c in colour)


def plate(colour, variant: int) -> pygame.Surface:
    """One 5 ft deck plate: bevelled steel with rivets, some with tread pattern."""
    s = pygame.Surface((PPC, PPC))
    s.fill(colour)
    for y in range(PPC):  # a soft top-to-bottom sheen
        pygame.draw.line(s, shade(colour, int(6 - 12 * y / PPC)), (0, y), (PPC, y))
    pygame.draw.rect(s, shade(colour, -28), s.get_rect(), 2)
    pygame.draw.line(s, shade(colour, 16), (2, 2), (PPC - 3, 2))
    pygame.draw.line(s, shade(colour, 16), (2, 2), (2, PPC - 3))
    if variant == 1:  # diamond tread
        for y in range(8, PPC - 6, 9):
            for x in range(8 + (y // 9 % 2) * 4, PPC - 6, 9):
                pygame.draw.line(s, shade(colour, 14), (x, y), (x + 4, y - 3), 2)
    elif variant == 2:  # vent grille
        r = pygame.Rect(16, 16, PPC - 32, PPC - 32)
        pygame.draw.rect(s, shade(colour, -22), r, border_radius=4)
        for y in range(r.top + 5, r.bottom - 3, 6):
            pygame.draw.line(s, shade(colour, -45), (r.left + 4, y), (r.right - 5, y), 2)
    for x, y in ((7, 7), (PPC - 8, 7), (7, PPC - 8), (PPC - 8, PPC - 8)):
        pygame.draw.circle(s, shade(colour, -30), (x, y), 3)
        pygame.draw.circle(s, shade(colour, 22), (x - 1, y - 1), 1)
    return s


def hazard_stripes(surface: pygame.Surface, rect: pygame.Rect, width: int = 14) -> None:
    band = pygame.Surface(rect.size)
    band.fill((226, 176, 30))
    for i in range(-rect.h, rect.w + rect.h, 2 * width):
        pygame.draw.polygon(band, (24, 24, 26), [(i, rect.h), (i + width, rect.h), (i + width + rect.h, 0), (i + rect.h, 0)])
    surface.blit(band, rect)
    pygame.draw.rect(surface, (16, 16, 18), rect, 2)


def hazard_frame(surface: pygame.Surface, rect: pygame.Rect, thick: int = 12) -> None:
    hazard_stripes(surface, pygame.Rect(rect.left, rect.top, rect.w, thick))
    hazard_stripes(surface, pygame.Rect(rect.left, rect.bottom - thick, rect.w, thick))
    hazard_stripes(surface, pygame.Rect(rect.left, rect.top, thick, rect.h))
    hazard_stripes(surface, pygame.Rect(rect.right - thick, rect.top, thick, rect.h))


def glow(surface: pygame.Surface, centre, radius: int, colour, strength: int = 60) -> None:
    g = pygame.Surface((radius * 2, radius * 2))
    g.fill((0, 0, 0))
    for i in range(radius, 0, -2):
        k = strength / 255 * (1 - i / radius) ** 1.6
        pygame.draw.circle(g, tuple(int(c * k) for c in colour), (radius, radius), i)
    surface.blit(g, (centre[0] - radius, centre[1] - radius), special_flags=pygame.BLEND_RGB_ADD)


def crate(surface: pygame.Surface, x: int, y: int, w: int, h: int, colour) -> None:
    r = pygame.Rect(px(x) + 5, px(y) + 5, px(w) - 10, px(h) - 10)
    shadow = pygame.Surface((r.w + 12, r.h + 12), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=8)
    surface.blit(shadow, (r.x + 2, r.y + 6))
    pygame.draw.rect(surface, shade(colour, -35), r, border_radius=5)
    inner = r.inflate(-10, -10)
    pygame.draw.rect(surface, colour, inner, border_radius=3)
    pygame.draw.line(surface, shade(colour, -30), inner.topleft, inner.bottomright, 5)
    pygame.draw.line(surface, shade(colour, -30), inner.topright, inner.bottomleft, 5)
    pygame.draw.rect(surface, shade(colour, 30), inner, 2, border_radius=3)
    stencil = pygame.Rect(0, 0, min(36, inner.w - 8), 14)
    stencil.center = inner.center
    pygame.draw.rect(surface, (20, 20, 22), stencil, border_radius=2)
    f = pygame.font.Font(None, 16)
    label = f.render(rng.choice(["BIO-7", "CRYO", "XR-2", "LAB", "FOOD"]), True, (230, 230, 220))
    surface.blit(label, label.get_rect(center=stencil.center))


def console(surface: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
    r = pygame.Rect(px(x) + 4, px(y) + 6, px(w) - 8, px(h) - 14)
    pygame.draw.rect(surface, (22, 26, 32), r, border_radius=6)
    pygame.draw.rect(surface, (70, 80, 96), r, 2, border_radius=6)
    for i in range(w):
        screen = pygame.Rect(px(x + i) + 12, r.top + 8, PPC - 24, r.h - 22)
        pygame.draw.rect(surface, (10, 40, 52), screen, border_radius=3)
        for j in range(4):
            yy = screen.top + 6 + j * 8
            pygame.draw.line(surface, (60, 210, 230), (screen.left + 5, yy), (screen.left + 5 + rng.randrange(10, screen.w - 10), yy), 2)
        glow(surface, screen.center, 46, (40, 160, 190), 40)
        for k in range(5):
            pygame.draw.circle(surface, rng.choice([(230, 70, 60), (80, 220, 120), (240, 200, 60)]),
                               (screen.left + 6 + k * 9, r.bottom - 8), 2)


def wall(surface: pygame.Surface, seg, thick: int = 16) -> None:
    a, b = (px(seg[0]), px(seg[1])), (px(seg[2]), px(seg[3]))
    pygame.draw.line(surface, (8, 9, 12), a, b, thick + 6)
    pygame.draw.line(surface, (92, 100, 114), a, b, thick)
    pygame.draw.line(surface, (150, 160, 176), a, b, 4)
    for p in (a, b):
        pygame.draw.circle(surface, (8, 9, 12), p, thick // 2 + 3)
        pygame.draw.circle(surface, (110, 118, 134), p, thick // 2)


def draw_map() -> pygame.Surface:
    s = pygame.Surface((W * PPC, H * PPC))
    # space outside the hull: dark, a scatter of stars
    s.fill((8, 10, 16))
    for _ in range(500):
        c = rng.choice([(70, 80, 100), (120, 130, 160), (200, 210, 230)])
        s.set_at((rng.randrange(W * PPC), rng.randrange(H * PPC)), c)
    tones = {"bay": (74, 82, 94), "den": (78, 70, 60), "corridor": (62, 68, 80), "lab": (96, 106, 118)}
    plates = {name: [plate(colour, v) for v in range(3)] for name, colour in tones.items()}
    hull = pygame.Rect(px(0.6), px(0.6), px(28.8), px(18.8))
    pygame.draw.rect(s, (30, 34, 42), hull, border_radius=18)
    for r in range(H):
        for c in range(W):
            room = room_of(c, r)
            if room is None:
                continue
            v = 1 if (room == "bay" and 7 <= c <= 13 and 6 <= r <= 12) else (2 if (c * 7 + r * 3) % 11 == 0 else 0)
            s.blit(plates[room][v], (px(c), px(r)))
    # the cargo bay's loading zone and floor markings
    hazard_frame(s, pygame.Rect(px(7), px(6), px(7), px(7)), 12)
    f = pygame.font.Font(None, 64)
    mark = f.render("BAY 3", True, (200, 170, 40))
    mark.set_alpha(90)
    s.blit(mark, mark.get_rect(center=(px(10.5), px(16.5))))
    hazard_stripes(s, pygame.Rect(px(19) - 14, px(13.6), 12, px(2.8)))
    # the den: fur and straw nests, claw marks, scattered bones
    for cx, cy in ((23.5, 3.5), (26.0, 3.0), (25.0, 5.5), (23.5, 7.5)):
        for _ in range(90):
            ang = rng.uniform(0, math.tau)
            rad = rng.uniform(0.25, 0.9) * PPC
            x0, y0 = px(cx) + math.cos(ang) * rad, px(cy) + math.sin(ang) * rad * 0.8
            d = rng.uniform(-1, 1)
            pygame.draw.line(s, rng.choice([(150, 118, 70), (120, 92, 56), (170, 140, 90)]),
                             (x0, y0), (x0 + 12 * math.cos(ang + 1.6 + d), y0 + 12 * math.sin(ang + 1.6 + d)), 2)
    for _ in range(6):
        x, y = rng.uniform(21, 28) * PPC, rng.uniform(1.5, 9) * PPC
        for k in range(3):
            pygame.draw.line(s, (40, 34, 30), (x + k * 7, y), (x + k * 7 + 16, y + 30), 3)
    # coolant leak: a glowing cyan pool
    pool = pygame.Surface((px(2.4), px(2.2)), pygame.SRCALPHA)
    pygame.draw.ellipse(pool, (40, 190, 220, 150), pool.get_rect())
    pygame.draw.ellipse(pool, (150, 240, 255, 110), pool.get_rect().inflate(-40, -40))
    s.blit(pool, (px(25.8), px(6.9)))
    glow(s, (px(27), px(8)), 110, (30, 140, 170), 45)
    # the scorched blast mark where the den wall blew out
    bx, by = px(BLAST[0]), px(BLAST[1])
    scorch = pygame.Surface((px(7), px(7)), pygame.SRCALPHA)
    for i in range(px(3.5), 0, -2):
        a = int(220 * (1 - i / px(3.5)) ** 0.7)
        pygame.draw.circle(scorch, (12, 8, 6, a), (px(3.5), px(3.5)), i)
    s.blit(scorch, (bx - px(3.5), by - px(3.5)))
    glow(s, (bx, by), px(1.6), (255, 120, 40), 70)
    for _ in range(40):  # debris
        x = bx + rng.gauss(0, 70)
        y = by + rng.gauss(0, 90)
        size = rng.randint(5, 16)
        pts = [(x + rng.uniform(-size, size), y + rng.uniform(-size, size)) for _ in range(4)]
        pygame.draw.polygon(s, rng.choice([(90, 96, 108), (60, 64, 72), (120, 110, 100)]), pts)
        pygame.draw.polygon(s, (20, 20, 24), pts, 1)
    # walls, then torn stubs at the breach
    for seg in WALLS:
        wall(s, seg)
    for y0, y1 in ((4.0, 4.5), (7.0, 6.6)):
        pygame.draw.line(s, (92, 100, 114), (bx, px(y0)), (bx + rng.randint(-6, 6), px(y1)), 12)
        pygame.draw.line(s, (255, 150, 60), (bx - 3, px(y1)), (bx + 3, px(y1)), 4)
    # doors: heavy sliding doors, one jammed open
    for door in DOORS:
        x1, y1, x2, y2 = door["segment"]
        a, b = (px(x1), px(y1)), (px(x2), px(y2))
        if door["closed"]:
            pygame.draw.line(s, (8, 9, 12), a, b, 20)
            pygame.draw.line(s, (200, 140, 40), a, b, 14)
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            pygame.draw.line(s, (30, 30, 30), (mid[0], mid[1] - 6), (mid[0], mid[1] + 6), 3)
        else:
            pygame.draw.line(s, (8, 9, 12), a, (a[0], a[1] + 16), 20)
            pygame.draw.line(s, (200, 140, 40), a, (a[0], a[1] + 14), 14)
            pygame.draw.line(s, (8, 9, 12), b, (b[0], b[1] - 16), 20)
            pygame.draw.line(s, (200, 140, 40), b, (b[0], b[1] - 14), 14)
    # crates and consoles
    palette = [(104, 112, 64), (176, 100, 44), (70, 96, 120), (120, 84, 60)]
    for i, (x, y, w, h) in enumerate(CRATES):
        crate(s, x, y, w, h, palette[i % len(palette)])
    for x, y, w, h in CONSOLES:
        console(s, x, y, w, h)
    # the lab: a med bench and a specimen tank
    bench = pygame.Rect(px(27) + 8, px(13) + 6, PPC - 16, px(2) - 12)
    pygame.draw.rect(s, (200, 210, 220), bench, border_radius=8)
    pygame.draw.rect(s, (60, 70, 84), bench, 2, border_radius=8)
    pygame.draw.circle(s, (50, 170, 120), (px(24.5), px(13.5)), 22)
    pygame.draw.circle(s, (170, 255, 210), (px(24.5), px(13.5)), 22, 3)
    glow(s, (px(24.5), px(13.5)), 60, (60, 200, 140), 40)
    # ceiling lights: warm pools over the bay, red emergency light in the corridor
    for lx, ly in ((5, 5), (15, 5), (5, 14), (15, 14), (10, 9.5)):
        glow(s, (px(lx), px(ly)), px(2.6), (60, 60, 50), 30)
    glow(s, (px(21.5), px(15)), px(1.6), (200, 30, 20), 50)
    glow(s, (px(26), px(15.5)), px(2.4), (60, 80, 90), 30)
    return s


def main() -> None:
    pygame.init()
    picture = draw_map()
    OUT.mkdir(exist_ok=True)
    pygame.image.save(picture, str(OUT / "space-bears.png"))
    doc = {
        "format": "tactics-map",
        "version": 1,
        "name": "Space Bears: Cargo Bay 3",
        "width": W,
        "height": H,
        "terrain": terrain_rows(),
        "walls": WALLS,
        "doors": DOORS,
        "lights": [],
        "spawns": SPAWNS,
        "image": {"path": "space-bears.png", "pixels_per_cell": PPC},
    }
    text = json.dumps(doc, indent=1)
    (OUT / "space-bears.json").write_text(text + "\n", encoding="utf-8")
    size = (OUT / "space-bears.png").stat().st_size
    print(f"wrote {OUT / 'space-bears.png'} ({size // 1024} KB) and space-bears.json")


if __name__ == "__main__":
    main()
