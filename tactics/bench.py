"""``python -m tactics.bench --json``: how fast the window draws and the reach is found.

Measured in this run on this machine (no fixed numbers): a 1920x1080 frame of
a 100x100-square map with 60 tokens, 500 wall segments and 3 templates on
screen while the pointer moves (the common redraw), the same while panning,
one full-window blit for scale, and ``reachable`` for 60 ft on a 200x200 map.
Targets: median frame at most 3x the full-window blit; reachable under 2 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return round(statistics.median(ordered) * 1000, 3), round(p99 * 1000, 3)


def build_scene(cells: int = 100, tokens: int = 60, walls: int = 500, seed: int = 1):
    from tactics.engine.core.encounter import Encounter
    from tactics.maps.battlemap import BattleMap
    from tactics.rules.geometry import Segment

    rng = random.Random(seed)
    rows = []
    for r in range(cells):
        row = []
        for c in range(cells):
            x = rng.random()
            row.append("#" if x < 0.03 else "~" if x < 0.05 else "^" if x < 0.06 else ".")
        rows.append("".join(row))
    battle_map = BattleMap.from_text("\n".join(rows), name="Bench")
    segs = []
    for _ in range(walls):
        x, y = rng.randrange(cells), rng.randrange(cells)
        if rng.random() < 0.5:
            segs.append(Segment(x, y, min(cells, x + rng.randint(1, 4)), y))
        else:
            segs.append(Segment(x, y, x, min(cells, y + rng.randint(1, 4))))
    battle_map.wall_segments = segs
    taken: set = set()
    combatants = []
    for i in range(tokens):
        while True:
            cell = (rng.randrange(4, 60), rng.randrange(4, 34))
            if cell not in taken and battle_map.move_cost(cell) is not None:
                break
        taken.add(cell)
        combatants.append({"id": f"t{i}", "name": f"Token {i}", "team": "party" if i % 2 else "foes",
                           "cell": list(cell), "hp": 10})
    definition = {"name": "Bench", "teams": {"party": {"players": True}, "foes": {}}, "combatants": combatants}
    return Encounter(definition, battle_map, seed=seed)


def run(size: tuple[int, int] = (1920, 1080), frames: int = 200, cells: int = 100, reach_map: int = 200) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from tactics.maps.battlemap import BattleMap
    from tactics.rules import templates
    from tactics.rules.movement import reachable
    from tactics.ui.app import App
    from tactics.ui.tools.templates import PinnedTemplate

    encounter = build_scene(cells)
    app = App(encounter, size=size)
    view = app.battle
    view.camera.cell_px = 28
    view.camera.origin_x, view.camera.origin_y = -2 * 28, 52 - 2 * 28
    m = encounter.state.current_map()
    view.pinned = [
        PinnedTemplate("20 ft radius", templates.radius((20, 14), 20, walls=m), (20.0, 14.0)),
        PinnedTemplate("30 ft cone", templates.cone((40, 20), "E", 30, walls=m), (40.5, 20.5)),
        PinnedTemplate("60 ft line", frozenset(templates.line((10, 30), (40, 25), 60, walls=m)), (10.5, 30.5)),
    ]
    view.select("t1")
    app.step()
    board = view.board_rect()

    def frame(event) -> float:
        pygame.event.post(event)
        start = time.perf_counter()
        app.step()
        return time.perf_counter() - start

    # warm up caches (chunks, token pictures) as a user's first seconds would
    for i in range(10):
        frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + 28 * i, 400), rel=(28, 0), buttons=(0, 0, 0)))
    hover = []
    for i in range(frames):
        x = board.left + 60 + (i * 29) % (board.width - 400)
        y = board.top + 60 + (i * 53) % (board.height - 120)
        hover.append(frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(29, 0), buttons=(0, 0, 0))))
    pan = []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(900, 500), button=3))
    app.step()
    for i in range(min(frames, 100)):
        x = 900 + (i % 20) * 5 - (50 if (i // 20) % 2 else 0)
        pan.append(frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 500), rel=(5, 0), buttons=(0, 0, 1))))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(900, 500), button=3))
    app.step()

    screen = pygame.display.get_surface()
    full = pygame.Surface(screen.get_size()).convert()
    full.fill((40, 50, 60))
    blits = []
    for _ in range(max(20, frames)):
        start = time.perf_counter()
        screen.blit(full, (0, 0))
        blits.append(time.perf_counter() - start)

    open_map = BattleMap.from_text("\n".join("." * reach_map for _ in range(reach_map)), name="open")
    _ = open_map.walls
    centre = (reach_map // 2, reach_map // 2)
    reach = []
    for _ in range(max(20, frames // 4)):
        start = time.perf_counter()
        reachable(open_map, centre, 60)
        reach.append(time.perf_counter() - start)

    frame_med, frame_p99 = _ms(hover)
    pan_med, pan_p99 = _ms(pan)
    blit_med, _ = _ms(blits)
    reach_med, reach_p99 = _ms(reach)
    pygame.quit()
    return {
        "size": f"{size[0]}x{size[1]}",
        "map_cells": f"{cells}x{cells}",
        "tokens": 60,
        "wall_segments": 500,
        "templates": 3,
        "frames": len(hover),
        "frame_ms_median": frame_med,
        "frame_ms_p99": frame_p99,
        "pan_frame_ms_median": pan_med,
        "pan_frame_ms_p99": pan_p99,
        "fullscreen_blit_ms_median": blit_med,
        "frame_over_blit": round(frame_med / blit_med, 2) if blit_med else None,
        "reachable_ms_median": reach_med,
        "reachable_ms_p99": reach_p99,
        "reachable_map": f"{reach_map}x{reach_map}",
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tactics.bench", description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--size", default="1920x1080", help="window size WxH")
    p.add_argument("--frames", type=int, default=200, help="frames to time")
    p.add_argument("--reach-map", type=int, default=200, help="side of the square map for reachable")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    result = run((w, h), max(5, args.frames), reach_map=max(10, args.reach_map))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>28}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
