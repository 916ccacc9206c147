"""Tiled maps (.tmx and .tmj), orthogonal, with the Tactics convention (docs/maps.md).

What is tested: the same hand-written 6x4 map in both formats gives terrain from
tile and layer properties, walls from polylines/polygons (which stop movement,
R-GRID-4), a door from a rectangle, a spawn from a point, tile graphics with
source rectangles, flipped tiles read as unflipped; and refusals (isometric,
non-square tiles, unknown terrain, broken files) are one-line MapErrors.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactics.maps import MapError, load
from tactics.rules.geometry import Segment
from tactics.rules.movement import reachable
from test_maps_support import png_bytes

FLIP_H = 0x80000000

# ground: gid 1 = plain floor tile, gid 2 = a wall tile (tile property terrain=wall).
GROUND = [
    [1, 1, 1, 1, 2 | FLIP_H, 2],
    [1, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, 1],
]
POOL = [[0] * 6, [0] * 6, [0] * 6, [1, 1, 0, 0, 0, 0]]  # hidden layer, property terrain=water


def csv(rows: list[list[int]]) -> str:
    return ",\n".join(",".join(str(v) for v in row) for row in rows)


def tmx(orientation: str = "orthogonal", tileheight: int = 32, wall_kind: str = "wall") -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="{orientation}" renderorder="right-down"
     width="6" height="4" tilewidth="32" tileheight="{tileheight}" infinite="0" nextlayerid="5" nextobjectid="9">
 <tileset firstgid="1" name="dungeon" tilewidth="32" tileheight="32" tilecount="2" columns="2">
  <image source="art/tiles.png" width="64" height="32"/>
  <tile id="1"><properties><property name="terrain" value="{wall_kind}"/></properties></tile>
 </tileset>
 <layer id="1" name="ground" width="6" height="4">
  <data encoding="csv">
{csv(GROUND)}
</data>
 </layer>
 <layer id="2" name="pool" width="6" height="4" visible="0">
  <properties><property name="terrain" value="water"/></properties>
  <data encoding="csv">
{csv(POOL)}
</data>
 </layer>
 <objectgroup id="3" name="walls">
  <object id="1" x="96" y="64"><polyline points="0,0 0,64"/></object>
  <object id="2" x="96" y="0"><polyline points="0,0 0,32"/></object>
 </objectgroup>
 <objectgroup id="4" name="things">
  <object id="3" type="wall" x="32" y="32"><polygon points="0,0 32,0 32,32 0,32"/></object>
  <object id="4" name="cell door" class="door" x="92" y="32" width="8" height="32">
   <properties><property name="closed" type="bool" value="true"/></properties>
  </object>
  <object id="5" name="Brandon" class="spawn" x="16" y="16">
   <properties><property name="team" value="party"/><property name="facing" value="E"/></properties>
   <point/>
  </object>
  <object id="6" name="Bear" class="spawn" x="176" y="112"><point/></object>
  <object id="7" name="just a label" x="10" y="10"><point/></object>
 </objectgroup>
</map>
"""


def tmj() -> dict:
    def flat(rows):
        return [v for row in rows for v in row]

    return {
        "type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": 6, "height": 4, "tilewidth": 32, "tileheight": 32,
        "infinite": False, "nextlayerid": 5, "nextobjectid": 9, "compressionlevel": -1,
        "tilesets": [{
            "firstgid": 1, "name": "dungeon", "tilewidth": 32, "tileheight": 32, "tilecount": 2,
            "columns": 2, "image": "art/tiles.png", "imagewidth": 64, "imageheight": 32,
            "margin": 0, "spacing": 0,
            "tiles": [{"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "wall"}]}],
        }],
        "layers": [
            {"id": 1, "name": "ground", "type": "tilelayer", "width": 6, "height": 4, "x": 0, "y": 0,
             "opacity": 1, "visible": True, "data": flat(GROUND)},
            {"id": 2, "name": "pool", "type": "tilelayer", "width": 6, "height": 4, "x": 0, "y": 0,
             "opacity": 1, "visible": False, "data": flat(POOL),
             "properties": [{"name": "terrain", "type": "string", "value": "water"}]},
            {"id": 3, "name": "walls", "type": "objectgroup", "opacity": 1, "visible": True, "x": 0, "y": 0,
             "draworder": "topdown", "objects": [
                 {"id": 1, "name": "", "type": "", "x": 96, "y": 64, "width": 0, "height": 0, "rotation": 0,
                  "visible": True, "polyline": [{"x": 0, "y": 0}, {"x": 0, "y": 64}]},
                 {"id": 2, "name": "", "type": "", "x": 96, "y": 0, "width": 0, "height": 0, "rotation": 0,
                  "visible": True, "polyline": [{"x": 0, "y": 0}, {"x": 0, "y": 32}]},
             ]},
            {"id": 4, "name": "things", "type": "objectgroup", "opacity": 1, "visible": True, "x": 0, "y": 0,
             "draworder": "topdown", "objects": [
                 {"id": 3, "name": "", "type": "wall", "x": 32, "y": 32, "width": 0, "height": 0, "rotation": 0,
                  "visible": True, "polygon": [{"x": 0, "y": 0}, {"x": 32, "y": 0}, {"x": 32, "y": 32}, {"x": 0, "y": 32}]},
                 {"id": 4, "name": "cell door", "type": "door", "x": 92, "y": 32, "width": 8, "height": 32,
                  "rotation": 0, "visible": True,
                  "properties": [{"name": "closed", "type": "bool", "value": True}]},
                 {"id": 5, "name": "Brandon", "type": "spawn", "x": 16, "y": 16, "width": 0, "height": 0,
                  "rotation": 0, "visible": True, "point": True,
                  "properties": [{"name": "team", "type": "string", "value": "party"},
                                 {"name": "facing", "type": "string", "value": "E"}]},
                 {"id": 6, "name": "Bear", "type": "spawn", "x": 176, "y": 112, "width": 0, "height": 0,
                  "rotation": 0, "visible": True, "point": True},
                 {"id": 7, "name": "just a label", "type": "", "x": 10, "y": 10, "width": 0, "height": 0,
                  "rotation": 0, "visible": True, "point": True},
             ]},
        ],
    }


def refused(path: Path, doc: dict, match: str) -> None:
    """``doc`` written to ``path`` as a .tmj is refused with a MapError matching ``match``."""
    path.write_text(json.dumps(doc))
    with pytest.raises(MapError, match=match):
        load(path)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "tiles.png").write_bytes(png_bytes(64, 32))
    return tmp_path


@pytest.fixture(params=["tmx", "tmj"])
def tiled_map(request, folder):
    if request.param == "tmx":
        path = folder / "keep.tmx"
        path.write_text(tmx())
    else:
        path = folder / "keep.tmj"
        path.write_text(json.dumps(tmj()))
    return load(path)


def test_size_and_tile_scale(tiled_map):
    assert (tiled_map.width, tiled_map.height, tiled_map.tile_size_px) == (6, 4, 32)
    assert tiled_map.name == "keep"


def test_terrain_from_tile_and_layer_properties(tiled_map):
    """Tile property terrain=wall (also on a flipped tile); hidden layer with terrain=water."""
    assert tiled_map.terrain == {(4, 0): "wall", (5, 0): "wall", (0, 3): "water", (1, 3): "water"}
    assert tiled_map.move_cost((0, 3)) == 2


def test_walls_door_and_polygon_stop_movement_r_grid_4(tiled_map):
    m = tiled_map
    assert Segment(3, 2, 3, 4) in m.wall_segments and Segment(3, 0, 3, 1) in m.wall_segments
    assert m.doors[0].segment == Segment(3, 1, 3, 2) and m.doors[0].closed
    ends = reachable(m, (0, 0), 60)
    assert all(c[0] < 3 for c in ends), "wall plus closed door seal the east half"
    assert (1, 1) not in ends, "the polygon boxes in square (1, 1)"
    assert (3, 1) in reachable(m.with_door(0, closed=False), (2, 1), 5)


def test_spawns_from_point_objects(tiled_map):
    spawns = {s.name: s for s in tiled_map.spawns}
    assert set(spawns) == {"Brandon", "Bear"}
    assert spawns["Brandon"].cell == (0, 0) and spawns["Brandon"].team == "party"
    assert spawns["Brandon"].properties == {"facing": "E"}
    assert spawns["Bear"].cell == (5, 3) and spawns["Bear"].team is None


def test_tile_graphics_for_visible_layers_only(tiled_map, folder):
    tiles = tiled_map.tiles
    assert len(tiles) == 24, "the hidden pool layer is not drawn"
    image = str((folder / "art" / "tiles.png").resolve())
    by_cell = {t.cell: t for t in tiles}
    assert by_cell[(0, 0)].image == image and by_cell[(0, 0)].src == (0, 0, 32, 32)
    assert by_cell[(5, 0)].src == (32, 0, 32, 32)
    assert by_cell[(4, 0)].src == (32, 0, 32, 32), "flip flag stripped, drawn unflipped"


def test_isometric_refused(folder):
    path = folder / "iso.tmx"
    path.write_text(tmx(orientation="isometric"))
    with pytest.raises(MapError, match="iso.tmx: unsupported Tiled orientation: isometric"):
        load(path)
    doc = tmj() | {"orientation": "hexagonal"}
    refused(folder / "hex.tmj", doc, "unsupported Tiled orientation: hexagonal")


def test_non_square_tiles_refused(folder):
    path = folder / "flat.tmx"
    path.write_text(tmx(tileheight=16))
    with pytest.raises(MapError, match="tiles are 32x16 pixels; a battle map needs square tiles"):
        load(path)


def test_unknown_terrain_names_the_tile(folder):
    path = folder / "lava.tmx"
    path.write_text(tmx(wall_kind="lava"))
    with pytest.raises(MapError, match="tileset 'dungeon' tile 1 property terrain: unknown terrain 'lava'"):
        load(path)


@pytest.mark.parametrize(
    "name, content, expected",
    [
        ("broken.tmx", "<map orientation='orthogonal'", "not valid XML"),
        ("other.tmx", "<html><body/></html>", "not a Tiled map"),
        ("nosize.tmx", "<map orientation='orthogonal' tilewidth='32' tileheight='32'/>", "map width: expected a whole number"),
        ("broken.tmj", "{\"type\": \"map\", ", "not valid JSON"),
        ("neg.tmj", json.dumps(tmj() | {"width": -6}), "map size -6x4 is empty"),
        ("infinite.tmj", json.dumps(tmj() | {"infinite": True}), "infinite Tiled maps are not supported"),
        ("empty.tmx", "", "the file is empty"),
    ],
)
def test_broken_files(folder, name, content, expected):
    path = folder / name
    path.write_text(content)
    with pytest.raises(MapError) as info:
        load(path)
    assert str(info.value).startswith(str(path) + ": ") and expected in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_external_tileset(folder):
    text = tmx()
    inline = "<tileset" + text.split("<tileset", 1)[1].split("</tileset>", 1)[0] + "</tileset>"
    path = folder / "lost.tmx"
    path.write_text(text.replace(inline, '<tileset firstgid="1" source="gone.tsx"/>'))
    with pytest.raises(MapError, match="lost.tmx: a file the map needs is missing: .*gone.tsx"):
        load(path)


def test_tile_beyond_its_tileset(folder):
    doc = tmj()
    doc["layers"][0]["data"][3] = 999
    refused(folder / "stray.tmj", doc, "stray.tmj: tile id 999 is not in tileset 'dungeon'")


def test_garbled_layer_data_is_a_map_error(folder):
    doc = tmj()
    doc["layers"][0]["data"] = "not a list"
    refused(folder / "garbled.tmj", doc, "garbled.tmj: not a valid Tiled map")


def test_image_layer_rotated_wall_and_groups(folder):
    """A picture-backed Tiled map: the image layer is the art; a rotated rectangle wall;
    a hidden group hides its tile layer from drawing but its terrain still counts."""
    (folder / "art" / "floor.png").write_bytes(png_bytes(192, 128))
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="6" height="4"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="9" nextobjectid="9">
 <tileset firstgid="1" name="dungeon" tilewidth="32" tileheight="32" tilecount="2" columns="2">
  <image source="art/tiles.png" width="64" height="32"/>
 </tileset>
 <imagelayer id="1" name="art"><image source="art/floor.png" width="192" height="128"/></imagelayer>
 <group id="2" name="logic" visible="0">
  <layer id="3" name="deep" width="6" height="4">
   <properties><property name="terrain" value="chasm"/></properties>
   <data encoding="csv">
{csv([[0, 0, 0, 0, 0, 1], [0] * 6, [0] * 6, [0] * 6])}
</data>
  </layer>
 </group>
 <objectgroup id="4" name="props">
  <object id="1" class="wall" x="64" y="64" width="64" height="0" rotation="90"/>
 </objectgroup>
</map>
"""
    path = folder / "pictured.tmx"
    path.write_text(text)
    m = load(path)
    assert m.image.path == str((folder / "art" / "floor.png").resolve()) and m.image.pixels_per_cell == 32
    assert m.terrain == {(5, 0): "chasm"} and m.tiles == []
    # A 64 px wide, zero-high rectangle turned 90 degrees clockwise about (64, 64):
    # its top edge now runs straight down x=2 from y=2 to y=4.
    top = m.wall_segments[0]
    assert (round(top.x1, 9), round(top.y1, 9), round(top.x2, 9), round(top.y2, 9)) == (2, 2, 2, 4)
    assert (2, 3) not in reachable(m, (1, 3), 5)


@pytest.mark.parametrize("data", ["short list", "short base64", "broken base64"])
def test_a_layer_whose_data_is_cut_short_is_refused_naming_it(folder, data):
    """Review 12 (hostile M2): a layer holding 5 of its 24 tiles (a cut download, a hand edit) opened
    silently as a partial layer; Tiled writes every square, so it is damaged: one line naming it."""
    import base64
    import struct

    doc = tmj()
    layer = doc["layers"][0]
    if data == "short list":
        layer["data"] = layer["data"][:5]
    else:
        layer["encoding"], layer["compression"] = "base64", ""
        packed = struct.pack("<5I", *layer["data"][:5]) + b"\x01\x00"  # 5 and a half ids
        layer["data"] = base64.b64encode(packed).decode() if data == "short base64" else "!!!!===="
    refused(folder / "cut.tmj", doc, "layer 'ground' holds (5|0) of its 24 tiles")


def test_a_tileset_of_tiles_zero_pixels_wide_is_refused_naming_it(folder):
    """Review 12 (hostile M3): tilewidth 0 opened and drew every tile of the set as nothing."""
    doc = tmj()
    doc["tilesets"][0]["tilewidth"] = 0
    refused(folder / "flat.tmj", doc, "tileset 'dungeon': its tiles are 0x32 pixels")


@pytest.mark.parametrize("attrs, missing", [('x="92"', "no y"), ('y="32"', "no x"), ("", "no x and no y")])
def test_an_object_without_a_position_is_refused_naming_it(folder, attrs, missing):
    """Review 18: pytiled-parser's "missing 'x'" named no object; the one line now names the object,
    its layer and what to do, and it is still one MapError."""
    path = folder / "keep.tmx"
    path.write_text(tmx().replace('x="92" y="32"', attrs))
    with pytest.raises(MapError) as caught:
        load(path)
    line = str(caught.value)
    assert line.startswith(f"{path}: object 4 'cell door' on layer 'things' has {missing} position")
    assert "\n" not in line and "Properties" in line


def test_a_tile_collision_shape_without_a_position_is_named_by_its_tile(folder):
    path = folder / "keep.tmx"
    shape = '<tile id="0"><objectgroup><object id="9" width="8" height="8"/></objectgroup></tile>'
    path.write_text(tmx().replace('<tile id="1">', shape + '<tile id="1">'))
    with pytest.raises(MapError, match="object 9 in the collision shapes of tile 0 of tileset 'dungeon' has no x"):
        load(path)


def test_a_tmj_object_without_a_position_is_refused_naming_it(folder):
    doc = tmj()
    door = doc["layers"][3]["objects"][1]
    del door["x"]
    refused(folder / "keep.tmj", doc, r"object 4 'cell door' on layer 'things' has no x position")
    doc = tmj()
    doc["tilesets"][0]["tiles"][0]["objectgroup"] = {"type": "objectgroup", "objects": [{"id": 9, "y": 0}]}
    refused(folder / "keep.tmj", doc, r"object 9 in the collision shapes of tile 1 of tileset 'dungeon' has no x")
