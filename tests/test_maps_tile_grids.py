"""Tiled tile layers kept as grids of tile ids and drawn from them (review 12).

What a user would notice: a 1000 x 1000 Tiled map opens and shows its first view with the
window looking up only the squares in view (it used to make and index a record for each of a
million squares: 7.5 s and 630 MB here, 2000 x 2000 22 s and 2.2 GB); the art drawn from the
grids is the art drawn from one record per tile, pixel for pixel, with flips, offsets, tints,
tiles larger than a square and tile objects between the layers; a tile id of -1 in the file is
reported as -1, with its layer, row and column (it read as 268435455, the flags masked off).
"""

from __future__ import annotations

import base64
import json
import struct
import zlib
from dataclasses import replace

import pygame
import pytest

from tactics.maps import MapError, load
from tactics.maps.tiledfiles import MAX_TILE_IDS
from tactics.maps.tilegrid import TileGrid, TileLayers
from tactics.ui.camera import Camera
from tactics.ui.mapart import MapArt
from tests.test_ui_mapart_tiled import D, H, V, layer, tiled_map
from tests.test_ui_mapart_tiled import display as display  # noqa: F401 (the same autouse window)


def _huge(folder, side: int = 1000) -> str:
    sheet = pygame.Surface((64, 32))
    sheet.fill((200, 40, 40), (0, 0, 32, 32))  # gid 1: red
    sheet.fill((40, 200, 40), (32, 0, 32, 32))  # gid 2: green
    pygame.image.save(sheet, str(folder / "tiles.png"))
    gids = [1 + (c + r) % 2 for r in range(side) for c in range(side)]
    doc = {"type": "map", "version": "1.10", "orientation": "orthogonal", "renderorder": "right-down",
           "width": side, "height": side, "tilewidth": 32, "tileheight": 32, "infinite": False,
           "nextlayerid": 2, "nextobjectid": 1,
           "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 32, "tilecount": 2,
                         "columns": 2, "image": "tiles.png", "imagewidth": 64, "imageheight": 32,
                         "margin": 0, "spacing": 0}],
           "layers": [{"id": 1, "name": "ground", "type": "tilelayer", "width": side, "height": side, "x": 0,
                       "y": 0, "opacity": 1, "visible": True, "encoding": "base64", "compression": "zlib",
                       "data": base64.b64encode(zlib.compress(struct.pack(f"<{len(gids)}I", *gids))).decode()}]}
    path = folder / "huge.tmj"
    path.write_text(json.dumps(doc))
    return str(path)


def test_a_1000x1000_map_opens_and_draws_its_view_looking_up_only_the_squares_in_view(tmp_path, monkeypatch):
    def no_records(self):
        raise AssertionError("a record was made for every square of a tile layer")

    monkeypatch.setattr(TileGrid, "placements", no_records)
    battle_map = load(_huge(tmp_path))
    assert isinstance(battle_map.tiles, TileLayers) and len(battle_map.tiles.grids) == 1
    art = MapArt(battle_map)
    screen = pygame.Surface((1920, 1080))
    camera = Camera(cell_px=40, origin_x=-400 * 40, origin_y=-300 * 40)  # somewhere in the middle
    art.draw(screen, camera, screen.get_rect())
    view_squares = (1920 // 40 + 1) * (1080 // 40 + 1)
    assert 0 < art.squares_looked_at <= 3 * view_squares  # the chunks in view and a square around them
    red, green = screen.get_at((20, 20)), screen.get_at((60, 20))  # squares (400, 300) and (401, 300)
    assert red.r > 150 > red.g and green.g > 150 > green.r  # gid 1 + (c + r) % 2: red, then green


def _map_of_every_kind(folder):
    big = [[0] * 24 for _ in range(12)]
    big[11][3] = 5  # a 96 px rug at the bottom, reaching two squares right
    big[11][9] = big[3][13] = big[8][14] = 5  # rugs across the chunks' edges at 32, 45 and 70 px a square
    big[8][20] = 5 | D  # the rug turned on end: 96 px tall, reaching two squares up across an edge at 70
    big[6][10] = 3 | H | D
    big[5][15] = 3 | V
    shifted = [[(1 + (c * r) % 4) if (c + r) % 3 == 0 else 0 for c in range(24)] for r in range(12)]
    objects = ('<objectgroup id="9" name="props"><object id="1" gid="5" x="100" y="180" width="96" height="32"/>'
               '<object id="2" gid="3" x="300" y="300" width="64" height="64" rotation="90"/></objectgroup>')
    layers = (layer(big, "ground") + objects
              + layer(shifted, "shifted", 'offsetx="13" offsety="-9" tintcolor="#ff80c0ff" opacity="0.6"'))
    return load(tiled_map(folder, layers, width=24, height=12))


@pytest.mark.parametrize("cell_px", [32, 45, 70])
def test_the_grids_draw_what_one_record_per_tile_draws(tmp_path, cell_px):
    battle_map = _map_of_every_kind(tmp_path)
    assert isinstance(battle_map.tiles, TileLayers) and len(battle_map.tiles.grids) == 2
    from_grids = MapArt(battle_map)
    from_records = MapArt(replace(battle_map, tiles=list(battle_map.tiles)))  # the per-tile path of native maps
    k = from_grids.block_cells(cell_px)
    for j in range(-(-12 // k)):
        for i in range(-(-24 // k)):
            a, b = from_grids.chunk(cell_px, i, j), from_records.chunk(cell_px, i, j)
            assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), (i, j)


@pytest.mark.parametrize("negative", ["-1", "-7"])
def test_a_negative_tile_id_is_reported_as_the_file_holds_it(tmp_path, negative):
    rows = [[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    text = layer(rows).replace("1,1,1,1\n</data>", f"1,1,{negative},1\n</data>")
    with pytest.raises(MapError) as caught:
        load(tiled_map(tmp_path, text))
    message = str(caught.value)
    assert f"tile id {negative} in layer 'ground' row 3 column 3" in message and "\n" not in message
    assert "268435455" not in message and "268435449" not in message


def test_a_negative_tile_id_in_json_layer_data_and_a_tile_object_is_refused(tmp_path):
    doc = json.loads(load_json_text(_huge(tmp_path, side=4)))
    doc["layers"][0].update(encoding=None, compression=None, data=[1, 2, 1, 2, 2, -1, 2, 1, 1, 2, 1, 2, 2, 1, 2, 1])
    del doc["layers"][0]["encoding"], doc["layers"][0]["compression"]
    (tmp_path / "neg.tmj").write_text(json.dumps(doc))
    with pytest.raises(MapError, match=r"neg.tmj: tile id -1 in layer 'ground' row 2 column 2 "):
        load(tmp_path / "neg.tmj")
    doc["layers"][0]["data"] = [1] * 16
    doc["layers"].append({"id": 2, "name": "props", "type": "objectgroup", "draworder": "topdown", "visible": True, "opacity": 1, "x": 0,
                          "y": 0, "objects": [{"id": 4, "gid": -2, "x": 0, "y": 32, "width": 32, "height": 32, "rotation": 0,
                                                    "visible": True, "name": "", "type": ""}]})
    (tmp_path / "neg.tmj").write_text(json.dumps(doc))
    with pytest.raises(MapError, match=r"neg.tmj: tile object 4: tile id -2 is not a tile id"):
        load(tmp_path / "neg.tmj")


def load_json_text(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def test_more_tile_layers_than_memory_allows_are_refused_before_any_is_read(tmp_path):
    """A few KB of zlib data make a 2000 x 2000 layer (16 MB once read): nine of them pass the
    summed limit of eight layers of the largest map."""
    doc = json.loads(load_json_text(_huge(tmp_path, side=4)))
    zeros = base64.b64encode(zlib.compress(bytes(4 * 2000 * 2000))).decode()
    doc.update(width=2000, height=2000)
    doc["layers"] = [dict(doc["layers"][0], id=i + 1, name=f"l{i}", width=2000, height=2000, data=zeros)
                     for i in range(MAX_TILE_IDS // (2000 * 2000) + 1)]
    (tmp_path / "many.tmj").write_text(json.dumps(doc))
    with pytest.raises(MapError, match=r"many.tmj: layers\[8\]: the map's tile layers hold more than 32000000 squares"):
        load(tmp_path / "many.tmj")
