"""The native JSON map format: what a GM writes by hand or the editor saves.

What is tested: a hand-written map loads with its walls (which stop movement,
R-GRID-4), doors, spawns, terrain and art scale; saving and loading round-trips;
every broken document is one MapError line naming the file and the field.
"""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactics import atomicfiles
from tactics.maps import MapError, load
from tactics.maps import native
from tactics.maps.native import map_from_dict, map_to_dict, save_native_map
from tactics.rules.movement import reachable
from test_maps_support import json_paths, png_bytes, png_header_claiming


def corridor_doc() -> dict:
    """A 6x4 room cut by a wall at x=3 with a door in it at row 1."""
    return {
        "format": "tactics-map",
        "version": 1,
        "name": "Corridor",
        "width": 6,
        "height": 4,
        "terrain": ["", "", "~~", "....#"],
        "walls": [[3, 0, 3, 1], [3, 2, 3, 4]],
        "doors": [{"segment": [3, 1, 3, 2], "closed": True}],
        "lights": [{"x": 1.5, "y": 1.5, "range": 4, "colour": "ffeecc88"}],
        "spawns": [
            {"name": "Brandon", "cell": [0, 0], "team": "party"},
            {"name": "Bear", "cell": [5, 3], "team": "bears"},
        ],
    }


def write(tmp_path: Path, doc: dict, name: str = "corridor.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_wall_and_closed_door_stop_a_walker_r_grid_4(tmp_path):
    m = load(write(tmp_path, corridor_doc()))
    assert (m.width, m.height, m.name) == (6, 4, "Corridor")
    ends = reachable(m, (0, 0), 60)
    assert all(c[0] < 3 for c in ends), "nothing beyond the wall while the door is shut"
    opened = m.with_door(0, closed=False)
    ends = reachable(opened, (2, 1), 5)
    assert (3, 1) in ends and (3, 0) not in ends, "through the open door, not through the wall"


def test_terrain_spawns_and_lights(tmp_path):
    m = load(write(tmp_path, corridor_doc()))
    assert m.terrain == {(0, 2): "water", (1, 2): "water", (4, 3): "wall"}
    assert m.move_cost((0, 2)) == 2 and m.move_cost((4, 3)) is None
    assert [(s.name, s.cell, s.team) for s in m.spawns] == [("Brandon", (0, 0), "party"), ("Bear", (5, 3), "bears")]
    assert m.lights[0].range == 4 and m.lights[0].colour == "ffeecc88"


def test_tactics_suffix_loads_too(tmp_path):
    m = load(write(tmp_path, corridor_doc(), "corridor.tactics"))
    assert len(m.doors) == 1


def test_image_path_relative_to_the_file_and_scale(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "room.png").write_bytes(png_bytes(420, 280))
    doc = corridor_doc() | {"image": {"path": "art/room.png", "pixels_per_cell": 70}}
    m = load(write(tmp_path, doc))
    assert m.image is not None and m.image.pixels_per_cell == 70
    assert Path(m.image.path) == (tmp_path / "art" / "room.png").resolve()
    # Without pixels_per_cell the image spans the map's width: 420 px / 6 cells.
    doc["image"].pop("pixels_per_cell")
    assert load(write(tmp_path, doc)).image.pixels_per_cell == 70


def test_embedded_image_data(tmp_path):
    png = png_bytes(60, 40)
    doc = corridor_doc() | {"image": {"data": base64.b64encode(png).decode(), "pixels_per_cell": 10}}
    m = load(write(tmp_path, doc))
    assert m.image.data == png and m.image.path is None


def test_save_and_load_round_trip_atomically(tmp_path):
    (tmp_path / "room.png").write_bytes(png_bytes(120, 80))
    doc = corridor_doc() | {"image": {"path": "room.png", "pixels_per_cell": 20}}
    original = load(write(tmp_path, doc, "in.json"))
    out_dir = tmp_path / "saved"
    out_dir.mkdir()
    target = out_dir / "out.json"
    target.write_text("old contents")
    save_native_map(original, target)
    assert [p.name for p in out_dir.iterdir()] == ["out.json"], "no temporary file left behind"
    saved = json.loads(target.read_text())
    assert saved["image"]["path"] == "../room.png"
    assert saved["walls"][0] == [3, 0, 3, 1]
    again = load(target)
    for field in ("width", "height", "name", "terrain", "wall_segments", "doors", "lights", "spawns", "image"):
        assert getattr(again, field) == getattr(original, field), field


def test_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    m = load(write(tmp_path, corridor_doc()))
    target = tmp_path / "keep.json"
    target.write_text("precious")

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(atomicfiles.os, "replace", boom)  # the one writer saves and maps share
    with pytest.raises(OSError):
        save_native_map(m, target)
    assert target.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corridor.json", "keep.json"]


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["walls"].append([1, 2, 3]), "walls[2]: expected 4 numbers"),
        (lambda d: d["walls"].append([1, 2, 3, "x"]), "walls[2][3]: expected a number"),
        (lambda d: d["walls"].append([1, 2, 3, 99]), "walls[2]: point (3, 99) lies outside the 6x4 map"),
        (lambda d: d.pop("width"), "width: missing"),
        (lambda d: d.update(width=-3), "width: must be at least 1"),
        (lambda d: d.update(height=2.5), "height: expected a whole number"),
        (lambda d: d.update(format="other"), "format: expected 'tactics-map'"),
        (lambda d: d.update(version=7), "made by a newer Tactics (version 7)"),
        (lambda d: d["doors"][0].update(closed="yes"), "doors[0].closed: expected true or false"),
        (lambda d: d["doors"][0].pop("segment"), "doors[0].segment: missing"),
        (lambda d: d["spawns"][1].update(cell=[9, 9]), "spawns[1].cell: [9, 9] is outside the 6x4 map"),
        (lambda d: d["spawns"][0].update(name=None), "spawns[0].name: expected text, got null"),
        (lambda d: d["terrain"].append(".."), "terrain: has 5 rows but the map is 4 high"),
        (lambda d: d.update(terrain=["..?"]), "terrain[0]: column 3: unknown symbol '?'"),
        (lambda d: d.update(terrain=["......."]), "terrain[0]: has 7 squares but the map is 6 wide"),
        (lambda d: d["lights"][0].update(range=-1), "lights[0].range: must be at least 0"),
        (lambda d: d["lights"][0].update(colour="blue"), "lights[0].colour: expected 6 or 8 hex digits"),
        (lambda d: d.update(image={"path": "nope.png"}), "image.path: image file not found"),
        (lambda d: d.update(image={"data": "bm90IGFuIGltYWdl"}), "image.data: not a PNG, JPEG"),
        (lambda d: d.update(image={}), "image: needs a 'path' or base64 'data'"),
        (lambda d: d.update(width=5000, height=5000), "too large"),
    ],
)
def test_every_broken_field_is_named(tmp_path, change, expected):
    doc = corridor_doc()
    change(doc)
    path = write(tmp_path, doc)
    with pytest.raises(MapError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(str(path) + ": ")
    assert expected in message
    assert "\n" not in message


def test_image_too_large_is_refused_before_decoding(tmp_path):
    (tmp_path / "huge.png").write_bytes(png_header_claiming(20000, 300))
    doc = corridor_doc() | {"image": {"path": "huge.png", "pixels_per_cell": 70}}
    with pytest.raises(MapError, match="20000x300 pixels; the limit is 16384 pixels a side"):
        load(write(tmp_path, doc))
    data = base64.b64encode(png_header_claiming(12000, 12000)).decode()
    doc["image"] = {"data": data, "pixels_per_cell": 70}
    with pytest.raises(MapError, match="144 megapixels"):
        load(write(tmp_path, doc))


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"{not json", "not valid JSON: line 1, column 2"),
        (b"\xff\xfe\x00garbage", "not a UTF-8 text file"),
        (b"[1, 2]", "expected an object, got a list"),
        (b"[" * 100000, "nested too deeply"),
    ],
)
def test_malformed_files(tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(MapError, match=expected.replace("(", r"\(")):
        load(path)


def test_migration_hook_upgrades_old_versions(monkeypatch):
    """A version-0 document (say, walls were called 'lines') is upgraded before reading."""

    def v0_to_v1(doc: dict) -> dict:
        doc["walls"] = doc.pop("lines", [])
        return doc

    monkeypatch.setitem(native.MIGRATIONS, 0, v0_to_v1)
    doc = corridor_doc()
    doc["version"] = 0
    doc["lines"] = doc.pop("walls")
    m = map_from_dict(doc, "old.json")
    assert len(m.wall_segments) == 2
    doc["version"] = -1
    with pytest.raises(MapError, match="old.json: version: must be at least 0"):
        map_from_dict(doc, "old.json")


def test_unknown_old_version_is_refused():
    doc = corridor_doc() | {"version": 0}
    with pytest.raises(MapError, match="version 0 is no longer supported"):
        map_from_dict(doc, "x.json")


def test_map_to_dict_is_json_and_round_trips():
    m = map_from_dict(corridor_doc(), "c.json")
    doc = map_to_dict(m)
    again = map_from_dict(json.loads(json.dumps(doc)), "c.json")
    assert again.terrain == m.terrain and again.doors == m.doors and again.spawns == m.spawns


# -- property: garbage only ever raises MapError --------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # 300: 1 s of CPU
@given(data=st.data())
def test_mutated_native_documents_only_raise_map_error(data):
    doc = copy.deepcopy(corridor_doc())
    for _ in range(data.draw(st.integers(1, 4))):
        paths = [p for p in json_paths(doc) if p]
        where = data.draw(st.sampled_from(paths))
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        action = data.draw(st.sampled_from(["replace", "delete"]))
        if action == "delete":
            del parent[where[-1]]
        else:
            parent[where[-1]] = data.draw(json_values)
        if not isinstance(doc, dict):
            break
    try:
        map_from_dict(doc, "fuzz.json")
    except MapError as exc:
        assert str(exc).startswith("fuzz.json: ") and "\n" not in str(exc)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_garbage_native_documents_only_raise_map_error(value):
    with pytest.raises(MapError):
        map_from_dict(value, "garbage.json")


def test_long_diagonal_walls_are_cut_and_a_map_of_too_many_pieces_is_refused(tmp_path):
    """Review 12 (hostile H6): a 4 MB native map of 200,000 corner-to-corner diagonals reached 17.5 GB
    and never drew (the window's wall index filed each wall under every block of its bounding box).
    Long slanted walls are cut into two-square pieces as Tiled's and uvtt's are, and a map of more
    pieces than MAX_WALL_PIECES is refused in one line."""
    from tactics.maps.fields import MAX_WALL_PIECES

    doc = {**corridor_doc(), "width": 2000, "height": 2000, "terrain": [], "doors": [], "lights": [], "spawns": []}
    doc["walls"] = [[0, 0, 2000, 2000], [5, 0, 5, 2000]]
    walls = load(write(tmp_path, doc)).wall_segments
    assert len(walls) == 1000 + 1 and max(abs(w.x2 - w.x1) for w in walls) <= 2  # the straight one kept whole
    doc["walls"] = [[0, 0, 2000, 1999]] * (MAX_WALL_PIECES // 1000 + 1)
    with pytest.raises(MapError, match=f"more than {MAX_WALL_PIECES:,} wall pieces"):
        load(write(tmp_path, doc))
