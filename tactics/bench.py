"""``python -m tactics.bench --json``: how fast the window answers what a user does.

Everything is measured in this run on this machine (no fixed numbers) and set
against two references measured in the same run: one full-window blit and a
bare ``import pygame`` plus a window (a process started the same way). A figure
never times a cached picture when the user waits for new work:

* ``frame_ms_*``: the pointer moves over a 100x100-square map with 60 tokens,
  500 wall segments, 3 templates and a selected token's reach (the board is
  cached, only the cursor layers are new); ``pan_frame_ms_*``: a small drag
  back and forth over map already seen.
* ``redraw_ms_median``: the same frame after a real change to what the board
  shows, made through the journal (or the view) before each timed frame and
  cycled: a roll (a token's HP bar), a token moved a square, the door beside
  the selected token opened or closed (its reach changes), a pinned template
  moved a square, the selected token moved (a new reach); the board is also
  told to re-read every layer (``invalidate``). Each kind's median is kept
  (``redraw_<kind>_ms``). ``change_to_frame_ms_median``: what the user waits
  for after such a click: the command through the journal (its listeners: the
  selected token's reach, the autosave written and synced) and the frame. ``redraw_full_ms_median``: the board composed whole
  from its cached pictures each frame (what a zoom or a resize costs).
  ``tokens_1000_redraw_ms``: the same changes with 1000 tokens spread over the
  map.
* ``fight_change_ms_median``: the same changes in a fight: the 60 tokens each
  carry the default sheet and the fight is started (StartCombat) and in its
  Action Phase, so every frame also shows the combat panels (the tracker, the
  declare and resolve panels, the log, the phase card) as they follow the change;
  ``fight_1000_change_ms``: the same with 1000 tokens spread over the map.
* ``pan_ms_median``/``pan_ms_p99``: a drag that sweeps map never shown before
  into view; ``zoom_first_ms_max``: the slowest first frame at a new zoom.
* ``reachable_ms_*``: ``reachable`` for 60 ft on an open 200x200 map, warm;
  ``reachable_cold_ms_median``: 60 ft on a 200x200 map with terrain and 2000
  wall segments, the movement caches cleared before each call (the wall index
  of the map, built when it is first used, is kept).
* ``first_click_1000_ms``: the first click on a token of a freshly opened
  1000x1000 map (3% solid squares, 5000 wall segments) until its reach is drawn;
  ``first_click_1000_walled_ms``: the same on a map of which 30% of the squares are solid
  (a dungeon drawn in wall squares: the movement search's rows of the solid squares).
* ``toolbar_hover_frames_of_30``: frames drawn in 30 steps with the pointer
  resting on a toolbar button after its hover showed (0: idle like a bare window).
* ``start_ms``: a new process from start to the first frame of the default
  encounter (the map, its tokens and the panels drawn), against
  ``bare_window_start_ms``; both in this environment, so with
  ``PYTHONDONTWRITEBYTECODE`` set every module of the app is compiled from
  source on every start. ``start_compiled_ms`` (against
  ``bare_window_start_compiled_ms``): the same with compiled bytecode, as an
  installed app (pip compiles it) or a checkout started before has it. Each
  kind is started once untimed first (``--start-warmups``; 0 for a quick check that
  the starts work, the test suite's: its figures are then cold; the disk cache; the rules-data check
  remembered; the bytecode of the compiled figures, in ``PYTHONPYCACHEPREFIX`` if
  set, else in a temporary folder). The starts remember their rules data in a cache
  folder of their own (``TACTICS_CACHE_DIR``), filled by that first start as a user's
  first start fills theirs: the user's folder is kept under the code that wrote it, so
  another checkout of the app started meanwhile (another worktree on this machine)
  would make a timed start validate everything again.

Targets: redraw, pan and fight_change at most 3x the blit (60 tokens) and 6x (1000 tokens);
cold reachable under 2 ms; first click under 200 ms; start at most 2x the bare
window.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame is imported only once _ENV is set
    import pygame

    from tactics.ui.camera import Camera

DATA_ENV = "TACTICS_DATA_DIR"  # tactics.engine.saves.autosave.ENV_VAR (not imported: it pulls in the engine)
_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return round(statistics.median(ordered) * 1000, 3), round(p99 * 1000, 3)


def _ratio(value: float, reference: float) -> float | None:
    return round(value / reference, 2) if reference else None


def build_map(cells: int = 100, walls: int = 500, seed: int = 1, solid: float = 0.03):
    """A square map with ``solid`` of its squares solid (3%), some water and rough ground, and wall
    segments."""
    from tactics.maps.battlemap import BattleMap
    from tactics.rules.geometry import Segment

    rng = random.Random(seed)
    rows = []
    for _ in range(cells):
        row = []
        for _ in range(cells):
            x = rng.random()
            row.append("#" if x < solid else "~" if x < solid + 0.02 else "^" if x < solid + 0.03 else ".")
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
    return battle_map, rng


def build_scene(cells: int = 100, tokens: int = 60, walls: int = 500, seed: int = 1,
                area: tuple[int, int, int, int] | None = None, door: bool = False, sheets: bool = False,
                solid: float = 0.03):
    """The bench encounter; tokens stand in ``area`` (c0, r0, c1, r1), by default the first view.

    ``door``: a closed door on the east side of token t1's square. ``sheets``: every token carries
    the default rules sheet (``"sheet": {}``), as in any real fight: the combat panels show.
    ``solid``: the share of solid squares (:func:`build_map`)."""
    from tactics.engine.core.encounter import Encounter
    from tactics.maps.battlemap import Door
    from tactics.rules.geometry import Segment

    battle_map, rng = build_map(cells, walls, seed, solid)
    c0, r0, c1, r1 = area or (4, 4, min(cells, 60), min(cells, 34))
    taken: set = set()
    spots: list[tuple[int, int]] = []  # the tokens' squares, in order
    combatants: list[dict] = []
    for i in range(tokens):
        while True:
            cell = (rng.randrange(c0, c1), rng.randrange(r0, r1))
            if cell not in taken and battle_map.move_cost(cell) is not None:
                break
        taken.add(cell)
        spots.append(cell)
        combatants.append({"id": f"t{i}", "name": f"Token {i}", "team": "party" if i % 2 else "foes",
                           "cell": list(cell), "hp": 10, **({"sheet": {}} if sheets else {})})
    if door and tokens > 1:
        c, r = spots[1]
        battle_map.doors = [Door(Segment(c + 1, r, c + 1, r + 1), closed=True)]
    definition = {"name": "Bench", "teams": {"party": {"players": True}, "foes": {}}, "combatants": combatants}
    return Encounter(definition, battle_map, seed=seed)


def _pinned(m):
    from tactics.rules import templates
    from tactics.ui.tools.templates import PinnedTemplate

    return [
        PinnedTemplate("20 ft radius", templates.radius((20, 14), 20, walls=m), (20.0, 14.0)),
        PinnedTemplate("30 ft cone", templates.cone((40, 20), "E", 30, walls=m), (40.5, 20.5)),
        PinnedTemplate("60 ft line", frozenset(templates.line((10, 30), (40, 25), 60, walls=m)), (10.5, 30.5)),
    ]


def _on_board(camera: Camera, board: pygame.Rect, cell: tuple[int, int] | None) -> bool:
    """Whether a token on ``cell`` (None: off the map) shows inside ``board`` (a rect of the window)."""
    return cell is not None and board.collidepoint(camera.cell_centre(cell))


class _Changes:
    """Real changes to what the board shows, one before each timed frame (cycled over ``kinds``).

    Each is made as a user's action makes it (a command through the journal, or
    the view's pinned templates), outside the timed frame: the frame then pays
    for drawing it.
    """

    KINDS = ("roll", "move", "door", "template", "selected_move")

    def __init__(self, driver: "_Driver", selected: str = "t1") -> None:
        self.d = driver
        self.view = driver.view
        self.selected = selected
        state = self.view.state
        self.kinds = [k for k in self.KINDS if (k != "door" or state.map.doors) and (k != "template" or self.view.pinned)]
        ids = [cid for cid in state.combatants if cid != selected]
        board = self.view.board_rect()
        shown = [cid for cid in ids if _on_board(driver.view.camera, board, state.combatants[cid].cell)]
        self.others = shown or ids
        self.step = 0
        self.times: dict[str, list[float]] = {k: [] for k in self.kinds}
        self.waits: list[float] = []  # the change made (command, journal listeners: reach, autosave) and drawn
        if "template" in self.kinds:
            from tactics.rules import templates
            from tactics.ui.tools.templates import PinnedTemplate

            m = state.current_map()
            self.templates = [self.view.pinned[0], PinnedTemplate("20 ft radius", templates.radius((21, 14), 20, walls=m),
                                                                  (21.0, 14.0))]

    def apply(self) -> str:
        from tactics.engine.board import Place, SetDoor
        from tactics.engine.combat.gm import AdjustHP

        kind = self.kinds[self.step % len(self.kinds)]
        n = self.step // len(self.kinds)
        self.step += 1
        view, state = self.view, self.view.state
        if kind == "roll":
            view.submit(AdjustHP(self.others[n % len(self.others)], -3 if (n // len(self.others)) % 2 == 0 else 3))
        elif kind in ("move", "selected_move"):
            cid = self.selected if kind == "selected_move" else self.others[n % len(self.others)]
            here = state.combatants[cid].cell
            assert here is not None  # build_scene() puts every token on a square; moves keep it there
            c, r = here
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cell = (c + dc, r + dr)
                if state.map.in_bounds(cell) and state.map.move_cost(cell) is not None and state.at(cell) is None:
                    view.submit(Place(cid, cell))
                    break
        elif kind == "door":
            view.submit(SetDoor(0, 0 not in state.open_doors))
        elif kind == "template":
            view.pinned[0] = self.templates[n % 2 == 0]
        view.invalidate()
        return kind

    def frame(self, event) -> float:
        start = time.perf_counter()
        kind = self.apply()
        made = time.perf_counter()
        took = self.d.frame(event)
        self.times[kind].append(took)
        self.waits.append(made - start + took)
        return took


class _Driver:
    """One app and a way to time a frame from a posted event to the drawn frame."""

    def __init__(self, encounter, size: tuple[int, int]) -> None:
        import pygame

        from tactics.ui.app import App

        self.pygame = pygame
        self.app = App(encounter, size=size)
        self.view = self.app.battle
        self.view.camera.cell_px = 28
        self.view.camera.origin_x, self.view.camera.origin_y = -2 * 28, 52 - 2 * 28

    def frame(self, event=None) -> float:
        if event is not None:
            self.pygame.event.post(event)
        start = time.perf_counter()
        self.app.step()
        return time.perf_counter() - start

    def motion(self, pos, buttons=(0, 0, 0)):
        return self.pygame.event.Event(self.pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=buttons)

    def button(self, kind, pos, button):
        return self.pygame.event.Event(kind, pos=pos, button=button)

    def hover_positions(self, frames: int):
        board = self.view.board_rect()
        for i in range(frames):
            yield (board.left + 60 + (i * 29) % max(1, board.width - 400),
                   board.top + 60 + (i * 53) % max(1, board.height - 120))


def _fight_frames(cells: int, tokens: int, size: tuple[int, int], frames: int,
                  area: tuple[int, int, int, int] | None = None, pinned: bool = False) -> list[float]:
    """The changes of ``redraw_ms_median`` in a fight: every token with the default sheet, the
    fight started (StartCombat) and in its Action Phase, so each frame also shows the combat
    panels (tracker, declare, resolve, log, phase card) after the change. ``pinned``: the three
    templates of ``redraw_ms_median`` pinned (one of them moved is a change too)."""
    import pygame

    from tactics.engine.combat.team import Advance, StartCombat

    d = _Driver(build_scene(cells, tokens=tokens, area=area, door=True, sheets=True), size)
    d.view.submit(StartCombat())
    d.view.submit(Advance())  # the Advantages Phase to the Action Phase
    if pinned:
        d.view.pinned = _pinned(d.view.state.current_map())
    d.view.select("t1")
    d.frame()
    for i in range(5):
        d.frame(d.motion((400 + 28 * i, 400)))
    changes = _Changes(d)
    timed = [changes.frame(d.motion(pos)) for pos in d.hover_positions(frames)]
    d.view.close()
    pygame.quit()
    return timed


def _bare_window_child(size: tuple[int, int]) -> str:
    return ("import pygame;pygame.display.init();pygame.display.set_mode(%r);pygame.display.flip();"
            "print('ready', flush=True)" % (size,))


#: The share of solid squares of ``first_click_1000_walled_ms``'s map (a dungeon drawn in wall squares).
WALLED = 0.3


def _first_click(cells: int, size: tuple[int, int], *, solid: float) -> tuple[float, bool]:
    """Seconds from pressing on token t1 of a ``cells`` x ``cells`` map just opened to its reach
    drawn, and whether the click selected it."""
    import pygame

    big = _Driver(build_scene(cells, walls=5 * cells, area=(4, 4, min(cells, 40), min(cells, 24)), solid=solid), size)
    big.frame()
    who = big.view.state.combatants["t1"]
    assert who.cell is not None  # build_scene() puts every token on a square
    cx, cy = big.view.camera.cell_centre(who.cell)
    start = time.perf_counter()
    big.frame(big.button(pygame.MOUSEBUTTONDOWN, (cx, cy), 1))
    big.frame(big.button(pygame.MOUSEBUTTONUP, (cx, cy), 1))
    took = time.perf_counter() - start
    clicked = big.view.selected == "t1"
    big.view.close()
    pygame.quit()
    return took, clicked


def _app_child(size: tuple[int, int]) -> str:
    """The start as ``tactics`` makes it (:func:`tactics.cli.main`): the encounter opened, then the
    window's modules imported, the window made and its first frame drawn."""
    return ("from tactics.ui.opening import open_default;encounter=open_default(seed=1);"
            "from tactics.ui.app import App;"
            "app=App(encounter, size=%r);app.step();print('ready', flush=True)" % (size,))


def _start_ms(code: str, runs: int, *, bytecode_in: str | None = None, warmups: int = 1) -> float:
    """Median wall time from spawning ``python -c code`` to its 'ready' line, after ``warmups`` untimed starts.

    ``bytecode_in``: a folder for compiled bytecode (``PYTHONPYCACHEPREFIX``), written by the
    untimed start even when this environment says not to write bytecode. No untimed start (a quick
    check that the starts work: the test suite's) times the first start too, cold files and all.
    """
    env = dict(os.environ, **_ENV)
    if bytecode_in is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode_in
    else:  # bytecode as this environment keeps it beside the sources, not a prefix's left by a compiled run
        env.pop("PYTHONPYCACHEPREFIX", None)
    samples = []
    for i in range(runs + warmups):
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env, text=True)
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if i >= warmups:
            samples.append(time.perf_counter() - start)
        if bytecode_in is not None and i < warmups:
            proc.wait()  # let it finish writing its bytecode
        proc.kill()
        proc.wait()
        if not line.startswith("ready"):
            raise RuntimeError(f"start measurement failed: {code}")
    return round(statistics.median(samples) * 1000, 1)


def run(size: tuple[int, int] = (1920, 1080), frames: int = 200, cells: int = 100, reach_map: int = 200,
        big_map: int = 1000, start_runs: int = 3, crowd: int = 1000, start_warmups: int = 1) -> dict:
    """Every figure, measured in this run; the apps' autosaves go to a folder of their own, removed
    afterwards (never into the user's autosaves, where they would be offered for restoring)."""
    for key, value in _ENV.items():
        os.environ.setdefault(key, value)
    from tactics.rules.checked_cache import CACHE_ENV

    before = {name: os.environ.get(name) for name in (DATA_ENV, CACHE_ENV)}
    with tempfile.TemporaryDirectory(prefix="tactics-bench-data-") as data, \
            tempfile.TemporaryDirectory(prefix="tactics-bench-cache-") as cache:
        os.environ[DATA_ENV] = data  # the start measurements' processes inherit them
        os.environ[CACHE_ENV] = cache
        try:
            return _run(size, frames, cells, reach_map, big_map, start_runs, crowd, start_warmups)
        finally:
            for name, kept in before.items():
                if kept is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = kept


def _run(size: tuple[int, int], frames: int, cells: int, reach_map: int, big_map: int, start_runs: int,
         crowd: int, start_warmups: int = 1) -> dict:
    import pygame

    from tactics.maps.battlemap import BattleMap
    from tactics.rules.movement import clear_caches, reachable

    d = _Driver(build_scene(cells, door=True), size)
    view = d.view
    view.pinned = _pinned(d.app.battle.state.current_map())
    view.select("t1")
    d.frame()

    # warm up caches (chunks, token pictures) as a user's first seconds would
    for i in range(10):
        d.frame(d.motion((400 + 28 * i, 400)))
    hover = [d.frame(d.motion(pos)) for pos in d.hover_positions(frames)]
    # A real change before each frame: what a roll, a move, a door or a moved template costs.
    changes = _Changes(d)
    redraw = [changes.frame(d.motion(pos)) for pos in d.hover_positions(frames)]
    # The board composed whole from its cached pictures each frame (a zoom, a resize).
    full = []
    for pos in d.hover_positions(max(20, frames // 4)):
        view.renderer.forget()
        view.invalidate()
        full.append(d.frame(d.motion(pos)))
    pan = []
    d.frame(d.button(pygame.MOUSEBUTTONDOWN, (900, 500), 3))
    for i in range(min(frames, 100)):
        x = 900 + (i % 20) * 5 - (50 if (i // 20) % 2 else 0)
        pan.append(d.frame(d.motion((x, 500), (0, 0, 1))))
    d.frame(d.button(pygame.MOUSEBUTTONUP, (900, 500), 3))
    # A drag that keeps bringing squares never shown before into view.
    sweep = []
    x, y = size[0] - 100, size[1] - 100
    d.frame(d.button(pygame.MOUSEBUTTONDOWN, (x, y), 3))
    steps = max(5, min(frames, 120))
    for _ in range(steps):
        x, y = x - max(1, (size[0] - 200) // steps), y - max(1, (size[1] - 300) // (2 * steps))
        sweep.append(d.frame(d.motion((x, y), (0, 0, 1))))
    d.frame(d.button(pygame.MOUSEBUTTONUP, (x, y), 3))
    # The first frame at each zoom never shown before (wheel notches in, then out).
    d.frame(d.motion((size[0] // 2, size[1] // 2)))
    zooms = []
    for notches in (1,) * 4 + (-1,) * 8:
        zooms.append(d.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, precise_x=0.0,
                                                precise_y=float(notches), flipped=False)))

    # The pointer resting on a toolbar button: once its hover shows, nothing more is drawn.
    button = next(iter(d.app.toolbar.buttons))
    d.frame(d.motion(button.rect.center))
    d.frame()
    drawn = d.app.frames
    for _ in range(30):
        d.frame()
    hover_frames = d.app.frames - drawn

    screen = pygame.display.get_surface()
    assert screen is not None  # the drivers above opened the window
    picture = pygame.Surface(screen.get_size()).convert()
    picture.fill((40, 50, 60))
    blits = []
    for _ in range(max(20, frames)):
        start = time.perf_counter()
        screen.blit(picture, (0, 0))
        blits.append(time.perf_counter() - start)
    d.view.close()
    pygame.quit()

    # 1000 tokens spread over the whole map, the board rebuilt each frame.
    many = _Driver(build_scene(cells, tokens=crowd, area=(0, 0, cells, cells), door=True), size)
    many.view.select("t1")
    many.frame()
    for i in range(5):
        many.frame(many.motion((400 + 28 * i, 400)))
    crowd_changes = _Changes(many)
    crowd_frames = [crowd_changes.frame(many.motion(pos)) for pos in many.hover_positions(max(5, frames // 4))]
    many.view.close()
    pygame.quit()

    # The same changes in a fight (every token with a sheet: the combat panels show), 60 and 1000 tokens.
    fight = _fight_frames(cells, 60, size, frames, pinned=True)
    fight_crowd = _fight_frames(cells, crowd, size, max(5, frames // 4), area=(0, 0, cells, cells))

    # The first click on a token of a big map that was just opened; again on a walled one (a maze).
    first_click, clicked = _first_click(big_map, size, solid=0.03)
    walled_click, walled_clicked = _first_click(big_map, size, solid=WALLED)

    open_map = BattleMap.from_text("\n".join("." * reach_map for _ in range(reach_map)), name="open")
    _ = open_map.walls
    centre = (reach_map // 2, reach_map // 2)
    reach = []
    for _ in range(max(20, frames // 4)):
        start = time.perf_counter()
        reachable(open_map, centre, 60)
        reach.append(time.perf_counter() - start)
    walled, rng = build_map(reach_map, walls=reach_map * 10, seed=2)
    _ = walled.walls
    cold = []
    for _ in range(max(20, frames // 4)):
        while True:
            origin = (rng.randrange(reach_map), rng.randrange(reach_map))
            if walled.move_cost(origin) is not None:
                break
        clear_caches(walled)
        start = time.perf_counter()
        reachable(walled, origin, 60)
        cold.append(time.perf_counter() - start)

    bare_start = _start_ms(_bare_window_child(size), start_runs, warmups=start_warmups)
    app_start = _start_ms(_app_child(size), start_runs, warmups=start_warmups)
    with tempfile.TemporaryDirectory(prefix="tactics-bench-bytecode-") as scratch:
        # the environment's own folder for bytecode where it names one (the test suite's is warm)
        bytecode = os.environ.get("PYTHONPYCACHEPREFIX") or scratch
        bare_compiled = _start_ms(_bare_window_child(size), start_runs, bytecode_in=bytecode, warmups=start_warmups)
        app_compiled = _start_ms(_app_child(size), start_runs, bytecode_in=bytecode, warmups=start_warmups)

    frame_med, frame_p99 = _ms(hover)
    pan_med, pan_p99 = _ms(pan)
    blit_med, _ = _ms(blits)
    reach_med, reach_p99 = _ms(reach)
    redraw_med, redraw_p99 = _ms(redraw)
    full_med, _ = _ms(full)
    kinds = {f"redraw_{kind}_ms": _ms(times)[0] for kind, times in changes.times.items() if times}
    sweep_med, sweep_p99 = _ms(sweep)
    crowd_med, _ = _ms(crowd_frames)
    cold_med, cold_p99 = _ms(cold)
    fight_med, fight_p99 = _ms(fight)
    fight_crowd_med, _ = _ms(fight_crowd)
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
        "frame_over_blit": _ratio(frame_med, blit_med),
        "redraw_ms_median": redraw_med,
        "redraw_ms_p99": redraw_p99,
        "redraw_over_blit": _ratio(redraw_med, blit_med),
        **kinds,
        "change_to_frame_ms_median": _ms(changes.waits)[0],
        "redraw_full_ms_median": full_med,
        "redraw_full_over_blit": _ratio(full_med, blit_med),
        "pan_ms_median": sweep_med,
        "pan_ms_p99": sweep_p99,
        "pan_over_blit": _ratio(sweep_med, blit_med),
        "zoom_first_ms_max": round(max(zooms) * 1000, 3),
        "tokens_1000_redraw_ms": crowd_med,
        "tokens_crowd": crowd,
        "tokens_1000_over_blit": _ratio(crowd_med, blit_med),
        "fight_change_ms_median": fight_med,
        "fight_change_ms_p99": fight_p99,
        "fight_change_over_blit": _ratio(fight_med, blit_med),
        "fight_1000_change_ms": fight_crowd_med,
        "fight_1000_over_blit": _ratio(fight_crowd_med, blit_med),
        "toolbar_hover_frames_of_30": hover_frames,
        "reachable_ms_median": reach_med,
        "reachable_ms_p99": reach_p99,
        "reachable_map": f"{reach_map}x{reach_map}",
        "reachable_cold_ms_median": cold_med,
        "reachable_cold_ms_p99": cold_p99,
        "first_click_map": f"{big_map}x{big_map}",
        "first_click_1000_ms": round(first_click * 1000, 1),
        "first_click_selected": clicked,
        "first_click_1000_walled_ms": round(walled_click * 1000, 1),
        "first_click_walled_selected": walled_clicked,
        "start_ms": app_start,
        "bare_window_start_ms": bare_start,
        "start_over_bare": _ratio(app_start, bare_start),
        "start_compiled_ms": app_compiled,
        "bare_window_start_compiled_ms": bare_compiled,
        "start_compiled_over_bare": _ratio(app_compiled, bare_compiled),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tactics.bench", description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--size", default="1920x1080", help="window size WxH")
    p.add_argument("--frames", type=int, default=200, help="frames to time")
    p.add_argument("--reach-map", type=int, default=200, help="side of the square map for reachable")
    p.add_argument("--big-map", type=int, default=1000, help="side of the square map for the first click")
    p.add_argument("--start-runs", type=int, default=3, help="process starts to time (each kind)")
    p.add_argument("--start-warmups", type=int, default=1,
                   help="untimed process starts before those (each kind; 0: a quick check, the first start timed cold)")
    p.add_argument("--crowd", type=int, default=1000, help="tokens for tokens_1000_redraw_ms (fewer for a quick check)")
    p.add_argument("--opponent-samples", type=int, default=12,
                   help="fight positions the app-controlled opponent decides in (0: skip its figures)")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    result = run((w, h), max(5, args.frames), reach_map=max(10, args.reach_map), big_map=max(40, args.big_map),
                 start_runs=max(1, args.start_runs), crowd=max(2, min(args.crowd, 5000)),
                 start_warmups=max(0, args.start_warmups))
    if args.opponent_samples > 0:  # solo play: how long the app takes to decide a group's turn (cold)
        from tactics.ai.bench import decision_figures, starship_figures

        result.update(decision_figures(args.opponent_samples))
        result.update(starship_figures(args.opponent_samples))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>28}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
