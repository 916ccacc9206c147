"""A map refused in the window: the problem and the way out, the file by its name, readable (review 7, maps).

What a user would notice: a Dungeondraft export over 100 megapixels dropped on a 1280x720
window used to say "Could not open /a/very/long/path...: image: image is 12800x10240 pixels
(131 megapixels); the limit is 100 megapixels" in 11 px type over the Initiative panel's title.
"""

from __future__ import annotations

import base64
import json

import pygame

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.ui import theme
from tactics.ui.app import App
from test_maps_support import png_header_claiming
from ui_driver import app_session, post

WAY_OUT = ("the map picture is 12800x10240 pixels (131 megapixels), more than the 100 megapixels Tactics opens: "
           "re-export it from Dungeondraft with fewer pixels per grid (128 or less)")


def _export(tmp_path):
    folder = tmp_path / "Dungeondraft exports" / "Campaign three - The Sunken Citadel" / "Session 12"
    folder.mkdir(parents=True)
    doc = {"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 50, "y": 40},
                                         "pixels_per_grid": 256},
           "line_of_sight": [], "portals": [], "lights": [],
           "image": base64.b64encode(png_header_claiming(12800, 10240)).decode()}  # only the header: refused unread
    path = folder / "Sunken citadel level 2 (flooded).dd2vtt"
    path.write_text(json.dumps(doc))
    return path


def test_a_too_large_export_says_the_problem_and_the_way_out_by_the_files_name(tmp_path, monkeypatch):
    import tactics.ui.battle as battle_module

    monkeypatch.setattr(battle_module.BattleView, "message_ms", 10**9)  # no expiry on a slow machine
    path = _export(tmp_path)
    drawn: list = []
    real = battle_module.draw_banner

    def recorded(*args, **kwargs):
        drawn.append(real(*args, **kwargs))
        return drawn[-1]

    for app in app_session(App(load_encounter(bundled("space-bears.encounter.toml"), seed=3), size=(1280, 720))):
        before = app.battle.encounter
        post(app, pygame.event.Event(pygame.DROPFILE, file=str(path)))
        assert app.battle.encounter is before  # the old map kept
        assert app.battle.message[:2] == (f"Could not open {path.name}: {WAY_OUT}", "error")
        monkeypatch.setattr(battle_module, "draw_banner", recorded)
        app.screen.forget()  # a whole frame: the banner drawn again (a partial one keeps its pixels)
        app.draw()
        (rect,) = drawn
        line = theme.font(theme.fs(20), "semibold").get_linesize()
        assert theme.fs(20) >= 15 and rect.height >= 2 * line  # wrapped at its size, not shrunk to 11 px
        free = app.battle.combat.fit_rect(app.battle.board_rect(), app.battle.board_rect())
        assert free.left <= rect.left and rect.right <= free.right  # clear of the Initiative panel
