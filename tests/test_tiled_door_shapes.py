"""Tiled doors drawn with the Polygon tool or placed as door tiles close their doorway (review 7, 2 and 7).

An outside review found a door drawn as a thin polygon over a doorway read as a quarter-square
stub at the doorway's post (its first and last points, the polyline rule), so tokens walked
through the "closed" door; and a door tile placed on the doors layer (a tile object) refused the
whole map. Both are now read like a rectangle door: a polygon by its bounding box, a tile object
by its rectangle (Tiled anchors it at its bottom-left corner), each along its long middle line,
turned as the object is; a square door tile runs along the wall it stands in.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.maps import load
from tactics.rules.geometry import Segment
from tactics.rules.movement import reachable
from test_maps_support import png_bytes

F, W = 1, 2  # ground tiles: floor, wall (property terrain=wall); gid 3 is the door tile


def csv(rows: list[list[int]]) -> str:
    return ",\n".join(",".join(str(v) for v in row) for row in rows)


def write_map(folder: Path, objects: str, ground: list[list[int]] | None = None, size: tuple[int, int] = (6, 4)) -> Path:
    """A 32-px map with a floor/wall/door tileset, its ground layer and a "Doors" object layer."""
    width, height = size
    ground = ground or [[F] * width for _ in range(height)]
    (folder / "art").mkdir(exist_ok=True)
    (folder / "art" / "tiles.png").write_bytes(png_bytes(96, 32))
    path = folder / "doors.tmx"
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
     width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" nextobjectid="20">
 <tileset firstgid="1" name="dungeon" tilewidth="32" tileheight="32" tilecount="3" columns="3">
  <image source="art/tiles.png" width="96" height="32"/>
  <tile id="1"><properties><property name="terrain" value="wall"/></properties></tile>
 </tileset>
 <layer id="1" name="Ground" width="{width}" height="{height}">
  <data encoding="csv">
{csv(ground)}
</data>
 </layer>
 <objectgroup id="2" name="Walls">
  <object id="1" x="0" y="0"><polyline points="0,64 64,64"/></object>
  <object id="2" x="0" y="0"><polyline points="96,64 192,64"/></object>
 </objectgroup>
 <objectgroup id="3" name="Doors">
{objects}
 </objectgroup>
</map>
""")
    return path


# --------------------------------------------------------------------------- 2. polygon doors
def test_a_polygon_strip_over_a_doorway_closes_it(tmp_path: Path) -> None:  # R-GRID-4
    # the wall runs along y = 2 with a doorway at x = 2..3; the strip is drawn over it (8 px high)
    m = load(write_map(tmp_path, '<object id="5" name="Hall door" x="64" y="60"><polygon points="0,0 32,0 32,8 0,8"/></object>'))
    assert [d.segment for d in m.doors] == [Segment(2, 2, 3, 2)]
    assert not any(cell[1] >= 2 for cell in reachable(m, (2, 1), 60)), "the closed door shuts the doorway"
    assert (2, 2) in reachable(m.with_door(0, closed=False), (2, 1), 5)


def test_a_turned_polygon_door_runs_along_its_long_side_turned(tmp_path: Path) -> None:
    # the same strip turned 90 degrees clockwise about its first point: upright, x = 92..100, y = 32..64
    m = load(write_map(tmp_path, '<object id="5" x="100" y="32" rotation="90"><polygon points="0,0 32,0 32,8 0,8"/></object>'))
    (door,) = m.doors
    assert door.segment.x1 == pytest.approx(3) and door.segment.x2 == pytest.approx(3)
    assert sorted((door.segment.y1, door.segment.y2)) == pytest.approx([1, 2])


# --------------------------------------------------------------------------- 7. door tiles
def test_a_door_tile_in_a_wall_row_closes_its_doorway(tmp_path: Path) -> None:
    ground = [[F] * 6, [W, W, F, W, W, W], [F] * 6, [F] * 6]  # a wall of tiles along row 1, a doorway at 2,1
    objects = ('<object id="5" name="Tile door" gid="3" x="64" y="64" width="32" height="32"/>'  # bottom-left anchor
               '<object id="6" name="Old tile door" gid="3" x="160" y="128"/>')  # older Tiled: no size
    m = load(write_map(tmp_path, objects, ground))
    assert [d.segment for d in m.doors] == [Segment(2, 1.5, 3, 1.5), Segment(5, 3.5, 6, 3.5)]
    assert (2, 2) not in reachable(m, (2, 0), 60), "the closed door tile shuts the doorway"
    assert (2, 2) in reachable(m.with_door(0, closed=False), (2, 0), 10)


def test_a_square_door_tile_in_an_upright_wall_runs_up_and_down(tmp_path: Path) -> None:
    ground = [[F, F, W, F, F, F], [F, F, F, F, F, F], [F, F, W, F, F, F], [F, F, W, F, F, F]]
    m = load(write_map(tmp_path, '<object id="5" gid="3" x="64" y="64" width="32" height="32"/>', ground))
    assert [d.segment for d in m.doors] == [Segment(2.5, 1, 2.5, 2)]
    assert (3, 1) not in reachable(m, (1, 1), 60), "the only way east is through the door"
    assert (3, 1) in reachable(m.with_door(0, closed=False), (1, 1), 10)


def test_a_turned_door_tile_is_read_as_its_turned_rectangle(tmp_path: Path) -> None:
    # a door tile scaled to a 32x8 strip, turned 90 degrees about its bottom-left corner (92, 32)
    m = load(write_map(tmp_path, '<object id="5" gid="3" x="92" y="32" width="32" height="8" rotation="90"/>'))
    (door,) = m.doors
    assert door.segment.x1 == pytest.approx(3) and door.segment.x2 == pytest.approx(3)
    assert sorted((door.segment.y1, door.segment.y2)) == pytest.approx([1, 2])
