"""Review 18: an imported map says what came in, and a Tiled map's wall objects show at once.

What is tested, on the headless window: a Tiled map (tile art, walls drawn as object shapes)
opened from the command line shows its wall lines without W, and the status line counts what came
in ("6 wall lines, 1 door; wall lines shown (W hides them)"); W hides them. A Universal VTT export
(a picture that draws its own walls) keeps the lines off, and its line counts the walls, the door,
the window and the light the picture does not show ("1 light (kept, not drawn)") and says W shows
the lines; dropped on the window it says the same. A map of the app's own formats says only
"Opened ...", as before.

Why these defaults: a picture exported by Dungeondraft (or any UVTT tool) is the render of the
very walls the file lists, so lines over it would draw each wall twice; Tiled's tiles do not draw
the wall objects (Tiled itself shows them over the tiles as outlines), so the GM would see nothing
of them. Either way the line says what was read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.opening import open_path

from test_maps_support import png_bytes
from test_maps_tiled import tmx
from test_maps_uvtt import export
from ui_driver import app_session, key, post

SIZE = (1280, 720)


def tiled_keep(tmp_path: Path) -> Path:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "tiles.png").write_bytes(png_bytes(64, 32))
    path = tmp_path / "keep.tmx"
    path.write_text(tmx())
    return path


def wall_drawn(app: App, x: float, y0: float, y1: float) -> bool:
    """Is the wall line's colour drawn along the vertical line x from y0 to y1 (grid units)?"""
    surface = pygame.display.get_surface()
    camera = app.battle.camera
    for k in range(1, 10):
        sx, sy = camera.to_screen((x, y0 + (y1 - y0) * k / 10))
        if any(tuple(surface.get_at((sx + dx, sy))[:3]) == theme.WALL for dx in (-1, 0, 1)):
            return True
    return False


def test_a_tiled_map_shows_its_wall_objects_and_says_what_came_in(tmp_path: Path, data_dir: Path) -> None:
    path = tiled_keep(tmp_path)
    for app in app_session(App(open_path(path), size=SIZE)):
        said = app.battle.current_message()
        assert said is not None and said[0] == ("Opened keep.tmx: 6 wall lines, 1 door; "
                                                "wall lines shown (W hides them).")
        assert app.battle.renderer.art.show_walls
        assert wall_drawn(app, 3, 2, 4)  # the polyline wall down x=3 from y=2 to y=4 (tiles draw none)
        key(app, pygame.K_w)
        assert not app.battle.renderer.art.show_walls and not wall_drawn(app, 3, 2, 4)


def test_a_uvtt_export_counts_its_walls_door_window_and_light(tmp_path: Path, data_dir: Path) -> None:
    path = tmp_path / "room.dd2vtt"
    path.write_text(json.dumps(export()))
    words = ("3 wall lines, 1 door, 1 window, 1 light (kept, not drawn); "
             "the picture draws the walls (W shows the wall lines)")
    for app in app_session(App(open_path(path), size=SIZE)):
        said = app.battle.current_message()
        assert said is not None and said[0] == f"Opened room.dd2vtt: {words}."
        assert not app.battle.renderer.art.show_walls  # the picture draws them
        other = tmp_path / "cave.txt"
        other.write_text("....\n....\n", encoding="utf-8")
        post(app, pygame.event.Event(pygame.DROPFILE, file=str(other)))
        assert app.battle.current_message()[:2] == ("Opened cave.txt.", "good")  # the app's own format: as before
        post(app, pygame.event.Event(pygame.DROPFILE, file=str(path)))
        assert app.battle.current_message()[:2] == (f"Opened room.dd2vtt: {words}.", "good")
        key(app, pygame.K_w)
        assert app.battle.renderer.art.show_walls and wall_drawn(app, 3, 2.2, 3.8)


def test_what_came_in_stays_on_the_status_line_while_the_gm_looks(tmp_path: Path, data_dir: Path) -> None:
    """Review 20 (m6): the line was gone after the usual 5 s, before a GM looking at the map read
    it (a map alone has no log to find it in). It stays a minute, unless another message comes."""
    path = tiled_keep(tmp_path)
    for app in app_session(App(open_path(path), size=SIZE)):
        opened = pygame.time.get_ticks()
        until = app.battle.message[2]
        assert until - opened > 50_000  # (5 s before)
        app.clock = lambda at=opened + 45_000: at
        said = app.battle.current_message()
        assert said is not None and said[0].startswith("Opened keep.tmx: 6 wall lines")
        app.clock = lambda at=until: at
        assert app.battle.current_message() is None
        app.battle.say("Selected Brandon.")  # the next message replaces it at once
        assert app.battle.current_message() == ("Selected Brandon.", "info")
