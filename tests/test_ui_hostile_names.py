"""Names and token pictures a hostile encounter file holds, drawn in the real window (review 21).

What a user would notice: a combatant named with a text-direction or zero-width control first
("\u202eAnn") had an empty token disc (its initials were those controls); names of emoji,
combining marks and Arabic script, and a token picture that is a link to itself, must draw and
select like any other. The file opens through the window's own path (``open_path``), a frame is
drawn and the tokens are clicked.
"""

from __future__ import annotations

import json

import pygame

from tactics.ui import token_art
from tactics.ui.app import App
from tactics.ui.opening import open_path
from tactics.ui.tokens import initials
from ui_driver import app_session, click

NAMES = {"ann": "\u202eAnn\u202c \u200b\u2066x\u2069", "bear": "\U0001F43B\u200d\u2744\ufe0f Polar 2",
         "zed": "Z" + "\u0336\u0301" * 20, "dub": "الدب الفضائي"}


def test_hostile_names_and_a_looping_token_picture_draw_and_select(tmp_path):
    (tmp_path / "room.txt").write_text("......\n......\n......\n......\n")
    (tmp_path / "a.png").symlink_to("b.png")
    (tmp_path / "b.png").symlink_to("a.png")
    cells = {"ann": (0, 0), "bear": (5, 3), "zed": (2, 1), "dub": (4, 1)}
    doc = {"name": "Names", "map": "room.txt", "seed": 3,
           "teams": {"party": {"name": "Party", "colour": [70, 140, 230], "players": True},
                     "bears": {"name": "Bears", "colour": [220, 80, 60]}},
           "combatants": [{"id": cid, "name": NAMES[cid], "team": "bears" if cid == "bear" else "party",
                           "cell": list(cells[cid]), "sheet": "brandon", **({"art": "a.png"} if cid == "ann" else {})}
                          for cid in NAMES]}
    path = tmp_path / "names.encounter.json"
    path.write_text(json.dumps(doc))
    assert initials(NAMES["ann"]) == "AX" and initials(NAMES["zed"]) == "Z" and initials("\u200b") == "?"
    token_art.forget()
    for app in app_session(App(open_path(path, seed=3), size=(1280, 720))):
        app.step()
        assert "Token picture a.png cannot be shown (too many levels of symbolic links)" in app.battle.message[0]
        for cid, cell in cells.items():
            x, y, w, h = app.battle.camera.cell_rect(cell)
            click(app, (x + w // 2, y + h // 2))
            assert app.battle.selected == cid
            centre = [pygame.display.get_surface().get_at((x + w // 2 + dx, y + h // 2 + dy))
                      for dx in range(-w // 6, w // 6) for dy in range(-h // 8, h // 8)]
            assert any(min(c.r, c.g, c.b) > 200 for c in centre), cid  # the initials' white ink on the disc
        pygame.image.save(pygame.display.get_surface(), "/tmp/hostile/names-test.png")
