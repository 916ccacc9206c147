"""A Universal VTT portal with "closed": false is a window: it stops movement, lets sight through, is no door.

An outside review (review 7, finding 1) found such a portal read as an open door that tokens
walked through and that the window offered to close. Dungeondraft writes ``closed`` from a
portal's "block light" flag (doors true, windows false); the Foundry importer
(moo-man/FVTT-DD-Import, ``GetDoors``: only portals that block light become doors, the others
walls that sight passes) and the Fantasy Grounds one (Imagix/uvtt2fgu, ``composePortal``:
``closed == False`` is a window occluder) read it so. See docs/maps.md.

The map: a wall along y = 2 with two gaps, a window at x = 1..2 and a closed door at x = 4..5.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactics.engine.combat.doors import doors_in_reach
from tactics.engine.core.encounter import Encounter
from tactics.maps import load
from tactics.maps.native import map_from_dict, map_to_dict
from tactics.rules.geometry import Segment
from tactics.rules.movement import reachable
from tactics.ui.app import App
from tactics.ui.tools.doors import door_at

from ui_driver import app_session, click, move

WINDOW = Segment(1, 2, 2, 2)


def pt(x: float, y: float) -> dict:
    return {"x": x, "y": y}


def export() -> dict:
    return {
        "format": 0.3,
        "resolution": {"map_origin": pt(0, 0), "map_size": pt(6, 4), "pixels_per_grid": 50},
        "line_of_sight": [[pt(0, 2), pt(1, 2)], [pt(2, 2), pt(4, 2)], [pt(5, 2), pt(6, 2)]],
        "portals": [
            {"position": pt(1.5, 2), "bounds": [pt(1, 2), pt(2, 2)], "rotation": 0, "closed": False,
             "freestanding": False},
            {"position": pt(4.5, 2), "bounds": [pt(4, 2), pt(5, 2)], "rotation": 0, "closed": True,
             "freestanding": False},
        ],
        "lights": [],
    }


@pytest.fixture
def map_path(tmp_path: Path) -> Path:
    path = tmp_path / "window.dd2vtt"
    path.write_text(json.dumps(export()))
    return path


def test_an_unclosed_portal_is_a_window_not_a_door(map_path: Path) -> None:  # R-GRID-4
    m = load(map_path)
    assert [d.segment for d in m.doors] == [Segment(4, 2, 5, 2)] and m.windows == [WINDOW]
    assert (1, 2) not in reachable(m, (1, 1), 5), "a window stops a step like a wall"
    assert not any(cell[1] >= 2 for cell in reachable(m, (1, 1), 60)), "and the door is closed"
    assert m.walls.line_clear((1.5, 1.5), (1.5, 2.5)), "sight passes through the window"
    assert not m.walls.line_clear((2.5, 1.5), (2.5, 2.5)), "the wall beside it stops sight"
    assert map_from_dict(map_to_dict(m)).windows == [WINDOW], "kept in a save's embedded map"


def test_the_window_offers_no_door_to_open(map_path: Path) -> None:
    definition = {"name": "Window", "teams": {"party": {"name": "Party", "players": True}},
                  "combatants": [{"id": "brandon", "name": "Brandon", "team": "party", "hp": 30, "cell": [1, 1]}]}
    enc = Encounter(definition, load(map_path), seed=1)
    assert doors_in_reach(enc.state, (1, 1)) == []
    for app in app_session(App(enc, size=(1280, 720))):
        view = app.battle
        move(app, view.camera.to_screen((3.0, 2.0)))  # on the plain wall
        on_wall = view.tool.status()
        on_window = view.camera.to_screen((1.5, 2.0))
        move(app, on_window)
        assert door_at(view, on_window) is None and view.tool.status() == on_wall
        click(app, on_window)
        assert not enc.state.open_doors and not enc.state.closed_doors
