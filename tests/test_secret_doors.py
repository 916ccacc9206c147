"""A door the GM hid in Tiled is a secret door: the GM's until first opened (reading: N-DOOR-6).

An outside review (review 7, finding 3) found doors on a hidden "Secret doors" layer, or with
their eye off, drawn as doors on the players' screens. The map here, written by the test: a
wall down x = 4 with four doorways, each with a door across it:

* door 0, row 4: an ordinary door on the visible "Doors" layer;
* door 1, row 1: on a layer inside a group the GM hid;
* door 2, row 6: an object with its eye off, on a visible layer;
* door 3, row 3: property ``secret`` = true, on a visible layer.

Checked: the loader marks 1-3 secret; the players' copy of the state holds only door 0 and
the others as walls; no combatant is offered them and moves stop at them; the players' window
and the players' view draw nothing of them, hover nothing, say no "door"; the GM's view draws
them dashed violet; once the GM opens one (right click) it is an ordinary door everyone sees,
also after it is closed again and after a save is loaded.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tactics.engine.board import SetDoor
from tactics.engine.combat.doors import doors_in_reach, door_problem
from tactics.engine.core.encounter import Encounter
from tactics.engine.saves.document import load_save, save_encounter
from tactics.maps import load
from tactics.maps.native import map_from_dict, map_to_dict
from tactics.rules.geometry import Segment
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.players.seen import players_state
from tactics.ui.tools.doors import door_at
from tactics.ui.tools.select import compute_reach

from ui_driver import app_session, click, drawn_texts, key, move

SIZE = (1280, 720)
ORDINARY, IN_HIDDEN_GROUP, EYE_OFF, MARKED = 0, 1, 2, 3
ROWS = {ORDINARY: 4, IN_HIDDEN_GROUP: 1, EYE_OFF: 6, MARKED: 3}
SECRET = (IN_HIDDEN_GROUP, EYE_OFF, MARKED)

TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="8" height="8"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="9" nextobjectid="20">
 <objectgroup id="2" name="Walls">
  <object id="1" x="0" y="0"><polyline points="128,0 128,32"/></object>
  <object id="2" x="0" y="0"><polyline points="128,64 128,96"/></object>
  <object id="3" x="0" y="0"><polyline points="128,160 128,192"/></object>
  <object id="4" x="0" y="0"><polyline points="128,224 128,256"/></object>
 </objectgroup>
 <objectgroup id="3" name="Doors">
  <object id="5" name="Front door" x="128" y="128"><polyline points="0,0 0,32"/></object>
 </objectgroup>
 <group id="4" name="GM only" visible="0">
  <objectgroup id="5" name="Secret doors">
   <object id="6" class="door" x="128" y="32"><polyline points="0,0 0,32"/></object>
  </objectgroup>
 </group>
 <objectgroup id="6" name="GM notes">
  <object id="7" name="Hidden passage" class="door" x="128" y="192" visible="0"><polyline points="0,0 0,32"/></object>
  <object id="8" name="Bookcase" class="door" x="128" y="96">
   <properties><property name="secret" type="bool" value="true"/></properties>
   <polyline points="0,0 0,32"/>
  </object>
 </objectgroup>
</map>
"""


@pytest.fixture
def map_path(tmp_path: Path) -> Path:
    path = tmp_path / "secret.tmx"
    path.write_text(TMX)
    return path


def door_line(row: int) -> Segment:
    return Segment(4.0, float(row), 4.0, row + 1.0)


def encounter(map_path: Path) -> Encounter:
    definition = {
        "name": "Secret passages",
        "teams": {"party": {"name": "Party", "players": True}, "gm": {"name": "Foes"}},
        "combatants": [
            {"id": "brandon", "name": "Brandon", "team": "party", "hp": 30, "cell": [3, 1]},
            {"id": "goblin", "name": "Goblin", "team": "gm", "hp": 10, "cell": [6, 4]},
        ],
    }
    return Encounter(definition, load(map_path), seed=1)


# --------------------------------------------------------------------------- the map and the state
def test_doors_hidden_in_tiled_are_read_as_secret_doors(map_path: Path) -> None:  # N-DOOR-6
    doors = load(map_path).doors
    assert [d.segment for d in doors] == [door_line(ROWS[i]) for i in range(4)]
    assert [d.secret for d in doors] == [False, True, True, True]
    assert all(d.closed for d in doors)


def test_a_tmj_map_reads_hidden_doors_the_same_way(tmp_path: Path) -> None:  # N-DOOR-6
    def door(oid: int, y: int, *, visible: bool = True, kind: str = "door") -> dict:
        return {"id": oid, "name": "", "type": kind, "x": 128, "y": y, "width": 0, "height": 0, "rotation": 0,
                "visible": visible, "polyline": [{"x": 0, "y": 0}, {"x": 0, "y": 32}]}

    def layer(lid: int, objects: list, *, visible: bool = True) -> dict:
        return {"type": "objectgroup", "id": lid, "name": f"layer {lid}", "visible": visible, "opacity": 1,
                "x": 0, "y": 0, "draworder": "topdown", "objects": objects}

    doc = {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
           "renderorder": "right-down", "width": 8, "height": 8, "tilewidth": 32, "tileheight": 32,
           "infinite": False, "nextlayerid": 5, "nextobjectid": 9, "tilesets": [],
           "layers": [layer(1, [door(1, 128)]),
                      {"type": "group", "id": 2, "name": "GM only", "visible": False, "opacity": 1, "x": 0, "y": 0,
                       "layers": [layer(3, [door(2, 32)])]},
                      layer(4, [door(3, 192, visible=False)])]}
    path = tmp_path / "secret.tmj"
    path.write_text(json.dumps(doc))
    assert [d.secret for d in load(path).doors] == [False, True, True]


def test_a_native_map_keeps_the_secret_and_an_older_one_has_none(map_path: Path) -> None:  # N-DOOR-6
    doc = map_to_dict(load(map_path))
    assert [d.get("secret", False) for d in doc["doors"]] == [False, True, True, True]
    assert [d.secret for d in map_from_dict(doc).doors] == [False, True, True, True]
    for d in doc["doors"]:
        d.pop("secret", None)
    assert not any(d.secret for d in map_from_dict(doc).doors)  # UVTT and native maps: no secret doors


def test_the_players_copy_holds_only_the_ordinary_door_and_walls_in_the_others(map_path: Path) -> None:
    enc = encounter(map_path)
    seen = players_state(enc.state)
    assert [d.segment for d in seen.map.doors] == [door_line(ROWS[ORDINARY])]
    assert not any(d.secret for d in seen.map.doors)
    assert all(door_line(ROWS[i]) in seen.map.wall_segments for i in SECRET)
    assert enc.state.map.doors[IN_HIDDEN_GROUP].secret, "the GM's state keeps it"
    # it blocks like a wall on both maps: Brandon at 3,1 cannot step through to 4,1
    for state in (enc.state, seen):
        reach = compute_reach(state, "brandon")
        assert reach is not None and (4, 1) not in reach.routes and (2, 1) in reach.routes


def test_no_combatant_is_offered_a_secret_door(map_path: Path) -> None:  # N-DOOR-6, N-DOOR-1
    enc = encounter(map_path)
    brandon = enc.state.combatants["brandon"]
    assert doors_in_reach(enc.state, (3, 1)) == []  # beside the secret door of row 1
    assert doors_in_reach(enc.state, (3, 4)) == [ORDINARY]
    assert door_problem(enc.state, brandon, IN_HIDDEN_GROUP, True) == "choose a door: there is no such door on this map"


def test_once_the_gm_opens_it_it_is_an_ordinary_door_for_good(map_path: Path, tmp_path: Path) -> None:
    enc = encounter(map_path)
    enc.submit(SetDoor(IN_HIDDEN_GROUP, True))
    seen = players_state(enc.state)
    assert [d.segment for d in seen.map.doors] == [door_line(ROWS[ORDINARY]), door_line(ROWS[IN_HIDDEN_GROUP])]
    assert seen.door_open(1) and not seen.door_open(0)  # numbered afresh in the copy, open as it is
    assert (4, 1) in compute_reach(seen, "brandon").routes
    enc.submit(SetDoor(IN_HIDDEN_GROUP, False))  # closed again: still known
    seen = players_state(enc.state)
    assert len(seen.map.doors) == 2 and not seen.door_open(1)
    assert doors_in_reach(enc.state, (3, 1)) == [IN_HIDDEN_GROUP]
    back = load_save(save_encounter(enc, tmp_path / "game.json"))  # the save and its replay keep both
    assert back.map.doors[EYE_OFF].secret and back.state.revealed_doors == {IN_HIDDEN_GROUP}
    assert [d.segment for d in players_state(back.state).map.doors] == [d.segment for d in seen.map.doors]
    enc.undo()
    enc.undo()  # undone: secret again
    assert len(players_state(enc.state).map.doors) == 1


# --------------------------------------------------------------------------- the screens
def along(surface: pygame.Surface, camera, segment: Segment) -> set[tuple[int, int, int]]:
    """Every colour on and just beside a door's line, as ``camera`` draws it on ``surface``."""
    a, b = camera.to_screen(segment.a), camera.to_screen(segment.b)
    out = set()
    for k in range(1, 10):
        x, y = round(a[0] + (b[0] - a[0]) * k / 10), round(a[1] + (b[1] - a[1]) * k / 10)
        out |= {tuple(surface.get_at((x + dx, y))[:3]) for dx in range(-3, 4)}
    return out


DOOR_COLOURS = {theme.DOOR_CLOSED, theme.DOOR_OPEN, theme.DOOR_SECRET}


@pytest.fixture
def app(map_path: Path):
    yield from app_session(App(encounter(map_path), size=SIZE))


def test_the_players_window_and_view_show_nothing_of_a_secret_door(app: App) -> None:  # N-DOOR-6
    view = app.battle
    pw = app.players.open(size=(960, 540))
    pw.draw()
    surface = pw.window.get_surface()
    assert theme.DOOR_CLOSED in along(surface, pw.camera, door_line(ROWS[ORDINARY]))
    for i in SECRET:
        assert not along(surface, pw.camera, door_line(ROWS[i])) & DOOR_COLOURS
        assert theme.WALL in along(surface, pw.camera, door_line(ROWS[i]))
    assert not any(d.secret for d in pw.drawn_state.map.doors) and len(pw.drawn_state.map.doors) == 1

    key(app, pygame.K_F2)  # the players' view on the GM's screen
    assert view.viewer == "players"
    secret_line = door_line(ROWS[IN_HIDDEN_GROUP])
    on_it = view.camera.to_screen(((secret_line.x1 + secret_line.x2) / 2, 1.5))
    move(app, view.camera.to_screen((4.0, 0.5)))  # on the plain wall above it
    on_wall = view.tool.status()
    move(app, on_it)
    texts = drawn_texts(app)
    assert not [t for t in texts if "door" in t.lower()], texts
    assert view.tool.status() == on_wall, "the status line says what it says over any wall"
    screen = pygame.display.get_surface()
    assert door_at(view, on_it) is None  # no door under the pointer: no hover light, no click
    for i in SECRET:
        assert not along(screen, view.camera, door_line(ROWS[i])) & DOOR_COLOURS
        assert theme.WALL in along(screen, view.camera, door_line(ROWS[i])), "drawn as the wall it is to them"
    click(app, on_it)
    assert not view.state.door_open(IN_HIDDEN_GROUP), "a click in the players' view opens nothing there"

    key(app, pygame.K_F2)  # back to the GM's view: it marks every secret door
    move(app, view.camera.to_screen((7.5, 7.5)))
    app.draw()
    gm = pygame.display.get_surface()
    for i in SECRET:
        assert theme.DOOR_SECRET in along(gm, view.camera, door_line(ROWS[i])), "the GM's view marks it"
    assert theme.DOOR_CLOSED in along(gm, view.camera, door_line(ROWS[ORDINARY]))


def test_the_gm_opens_a_secret_door_from_the_right_click_menu(app: App) -> None:  # N-DOOR-6, N-DOOR-2
    view = app.battle
    line = door_line(ROWS[EYE_OFF])
    on_it = view.camera.to_screen((4.0, ROWS[EYE_OFF] + 0.5))
    move(app, on_it)
    assert view.tool.status().startswith("Click: open the secret door between (3, 6) and (4, 6)")
    click(app, on_it, button=3)
    menu = app.gm_menu
    assert menu.is_open() and menu.page.title == "Secret door between (3, 6) and (4, 6)"
    click(app, menu.item_rect(f"door:{EYE_OFF}").center)
    assert view.state.door_open(EYE_OFF) and EYE_OFF in view.state.revealed_doors
    pw = app.players.open(size=(960, 540))
    pw.draw()
    assert theme.DOOR_OPEN in along(pw.window.get_surface(), pw.camera, line)


def test_no_way_there_never_points_at_a_secret_door() -> None:  # N-DOOR-6, N-DOOR-2
    """A square beyond a wall whose only gap is a secret door: "no way there" said "a closed door
    is in the way. Open it first (click the door ...)", pointing the players at the secret."""
    from tactics.engine.combat.moves import why_not_move
    from tactics.maps.battlemap import BattleMap, Door

    battle_map = BattleMap.from_text("\n".join(["........"] * 3))
    battle_map.wall_segments = [Segment(4, 0, 4, 1), Segment(4, 2, 4, 3)]
    definition = {"name": "Secret", "teams": {"party": {"name": "Party", "players": True}},
                  "combatants": [{"id": "brandon", "name": "Brandon", "team": "party", "hp": 30, "cell": [1, 1]}]}
    for secret, words in ((False, "a closed door is in the way"), (True, "walls or enemies block every path")):
        battle_map.doors = [Door(Segment(4, 1, 4, 2), closed=True, secret=secret)]
        enc = Encounter(definition, battle_map, seed=1)
        assert words in why_not_move(enc.state, "brandon", (6, 1))
