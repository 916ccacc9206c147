"""A map's picture swapped for a FIFO or a folder after the map was read: the window says what is
there, draws plain squares, and never waits on the FIFO (review 21: it said "the map's picture not
found", without the picture's name or why)."""

from __future__ import annotations

import json
import os

import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_path
from test_maps_support import png_bytes
from ui_driver import app_session, click


@pytest.mark.parametrize("swap, said", [("fifo", "is a pipe (FIFO), not a file"), ("folder", "is a folder, not a file"),
                                        ("gone", "not found")])
def test_a_map_picture_swapped_after_reading_is_named_with_what_is_there(tmp_path, swap, said):
    (tmp_path / "art").mkdir()
    picture = tmp_path / "art" / "room.png"
    picture.write_bytes(png_bytes(60, 40))
    path = tmp_path / "room.json"
    path.write_text(json.dumps({"format": "tactics-map", "version": 1, "width": 6, "height": 4,
                                "image": {"path": "art/room.png", "pixels_per_cell": 10}}))
    encounter = open_path(path, seed=1)
    picture.unlink()
    if swap == "fifo":
        os.mkfifo(picture)
    elif swap == "folder":
        picture.mkdir()
    for app in app_session(App(encounter, size=(1280, 720))):
        click(app, (640, 360))
        assert app.battle.encounter is encounter
        assert f"map picture art/room.png {said}: the map is drawn as plain squares" in app.battle.message[0]
