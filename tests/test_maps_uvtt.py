"""Universal VTT exports (.dd2vtt / .df2vtt / .uvtt, format 0.2 and 0.3).

What is tested: the map size rounds up, map_origin shifts everything, line of
sight polylines become walls that stop movement (R-GRID-4), portals become
doors, lights are kept, the base64 art is decoded once with its scale, and
too-large or non-image art and garbage documents are one-line MapErrors.
"""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactics.maps import MapError, load
from tactics.maps.uvtt import uvtt_from_dict
from tactics.rules.geometry import Segment
from tactics.rules.movement import reachable
from test_maps_support import jpeg_header, json_paths, png_bytes, png_header_claiming, webp_vp8x_header


def pt(x: float, y: float) -> dict:
    return {"x": x, "y": y}


def export(fmt: float = 0.3) -> dict:
    """A Dungeondraft-like export: a 5.5 x 4 square room whose origin is (10, 20).

    A wall runs down x=3 (local) with a portal in it at row 1; a crate outline
    sits in objects_line_of_sight.
    """
    ox, oy = 10, 20
    return {
        "format": fmt,
        "resolution": {"map_origin": pt(ox, oy), "map_size": pt(5.5, 4), "pixels_per_grid": 50},
        "line_of_sight": [
            [pt(ox + 3, oy + 0), pt(ox + 3, oy + 1)],
            [pt(ox + 3, oy + 2), pt(ox + 3, oy + 4)],
        ],
        "objects_line_of_sight": [[pt(ox + 0, oy + 3), pt(ox + 1, oy + 3)]],
        "portals": [
            {"position": pt(ox + 3, oy + 1.5), "bounds": [pt(ox + 3, oy + 1), pt(ox + 3, oy + 2)],
             "rotation": 1.5708, "closed": True, "freestanding": False},
            {"position": pt(ox + 5, oy + 0.5), "bounds": [pt(ox + 5, oy + 0), pt(ox + 5, oy + 1)],
             "rotation": 0, "closed": False, "freestanding": True},
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [{"position": pt(ox + 1.5, oy + 1.5), "range": 5, "intensity": 1,
                    "color": "ffeccd8b", "shadows": True}],
        "image": base64.b64encode(png_bytes(275, 200)).decode(),
    }


def write(tmp_path: Path, doc: dict, name: str = "room.dd2vtt") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize("suffix", [".dd2vtt", ".df2vtt", ".uvtt"])
@pytest.mark.parametrize("fmt", [0.2, 0.3])
def test_export_loads_with_size_scale_and_art(tmp_path, suffix, fmt):
    m = load(write(tmp_path, export(fmt), "room" + suffix))
    assert (m.width, m.height) == (6, 4), "5.5 squares wide rounds up to 6"
    assert m.image.pixels_per_cell == 50
    assert m.image.data == png_bytes(275, 200)


def test_origin_is_subtracted_from_walls_doors_lights(tmp_path):
    m = load(write(tmp_path, export()))
    assert Segment(3, 0, 3, 1) in m.wall_segments
    assert Segment(0, 3, 1, 3) in m.wall_segments, "objects_line_of_sight are walls too"
    assert m.doors[0].segment == Segment(3, 1, 3, 2) and m.doors[0].closed
    assert len(m.doors) == 1 and m.windows == [Segment(5, 0, 5, 1)], \
        "a portal with closed false is Dungeondraft's window, no door (test_uvtt_windows)"
    light = m.lights[0]
    assert (light.x, light.y, light.range, light.colour) == (1.5, 1.5, 5, "ffeccd8b")


def test_walls_and_closed_portal_stop_movement_r_grid_4(tmp_path):
    m = load(write(tmp_path, export()))
    assert all(c[0] < 3 for c in reachable(m, (1, 1), 60))
    assert (3, 1) in reachable(m.with_door(0, closed=False), (2, 1), 5)
    # The crate edge at y=3 between x=0..1 stops the step straight down from (0, 2).
    assert (0, 3) not in reachable(m, (0, 2), 5)


def test_data_url_prefix_is_tolerated_and_image_optional(tmp_path):
    doc = export()
    doc["image"] = "data:image/png;base64," + doc["image"]
    assert load(write(tmp_path, doc)).image.data == png_bytes(275, 200)
    doc.pop("image")
    assert load(write(tmp_path, doc)).image is None


@pytest.mark.parametrize("header", [jpeg_header(300, 200), webp_vp8x_header(300, 200)])
def test_jpeg_and_webp_art_accepted(tmp_path, header):
    doc = export() | {"image": base64.b64encode(header).decode()}
    assert load(write(tmp_path, doc)).image.data == header


def test_walls_far_off_the_map_are_clipped():
    doc = export()
    doc["line_of_sight"].append([pt(10 - 1e9, 20 + 2), pt(10 + 1e9, 20 + 2)])
    m = uvtt_from_dict(doc, "x.dd2vtt")
    assert Segment(-1, 2, 7, 2) in m.wall_segments


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d.update(image=base64.b64encode(png_header_claiming(20000, 100)).decode()),
         ": the map picture is 20000x100 pixels, more than the 16384 pixels a side Tactics opens: re-export it from "
         "Dungeondraft with fewer pixels per grid (32 or less)"),
        (lambda d: d.update(image=base64.b64encode(webp_vp8x_header(16000, 16000)).decode()),
         ": the map picture is 16000x16000 pixels (256 megapixels), more than the 100 megapixels Tactics opens: "
         "re-export it from Dungeondraft with fewer pixels per grid (16 or less)"),
        (lambda d: d.update(image=base64.b64encode(b"<html>hello</html>").decode()),
         "image: not a PNG, JPEG, WEBP, GIF or BMP image"),
        (lambda d: d.update(image="@@@"), "image: the image is empty"),
        (lambda d: d.update(image="abcde"), "image: not valid base64"),
        (lambda d: d.update(format=2.0), "format: unsupported Universal VTT format 2.0"),
        (lambda d: d.pop("resolution"), "resolution: missing"),
        (lambda d: d["resolution"].update(map_size=pt(-3, 4)), "map size -3x4 is empty"),
        (lambda d: d["resolution"].update(pixels_per_grid=0), "resolution.pixels_per_grid: must be at least 1, got 0"),
        # 1e9 was accepted and the map's art vanished (review 12, hostile M5)
        (lambda d: d["resolution"].update(pixels_per_grid=1e9), "resolution.pixels_per_grid: must be at most 10000"),
        (lambda d: d["resolution"].update(map_size=pt(1e6, 1e6)), "too large"),
        (lambda d: d["line_of_sight"][1].append({"x": 1}), "line_of_sight[1][2]: expected a point with x and y"),
        (lambda d: d["line_of_sight"][0][0].update(y="3"), "line_of_sight[0][0].y: expected a number, got text"),
        (lambda d: d["portals"][0].update(bounds=[pt(1, 1)]), "portals[0].bounds: expected 2 points, got 1"),
        (lambda d: d["portals"][1].update(closed=1), "portals[1].closed: expected true or false"),
        (lambda d: d["lights"][0].update(color="yellow"), "lights[0].color: expected 6 or 8 hex digits"),
    ],
)
def test_broken_exports_name_the_problem(tmp_path, change, expected):
    doc = export()
    change(doc)
    path = write(tmp_path, doc)
    with pytest.raises(MapError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(str(path) + ": ") and "\n" not in message
    assert expected in message


def test_not_json_at_all(tmp_path):
    path = tmp_path / "bad.dd2vtt"
    path.write_bytes(b"\x89PNG not json")
    with pytest.raises(MapError, match="bad.dd2vtt: not"):
        load(path)


# -- property: garbage only ever raises MapError --------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["x", "y", "bounds", "closed", "position", "range"]) | st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)


SMALL_EXPORT = export()
SMALL_EXPORT["image"] = base64.b64encode(png_bytes(4, 4)).decode()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # 300: 1 s of CPU
@given(data=st.data())
def test_mutated_exports_only_raise_map_error(data):
    doc = copy.deepcopy(SMALL_EXPORT)
    for _ in range(data.draw(st.integers(1, 4))):
        paths = [p for p in json_paths(doc) if p]
        if not paths:
            break
        where = data.draw(st.sampled_from(paths))
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            del parent[where[-1]]
        else:
            parent[where[-1]] = data.draw(json_values | st.text(alphabet="AQWxyz+/=", max_size=12))
    try:
        m = uvtt_from_dict(doc, "fuzz.dd2vtt")
    except MapError as exc:
        assert str(exc).startswith("fuzz.dd2vtt: ") and "\n" not in str(exc)
    else:
        assert m.walls is not None  # the obstruction model builds without error


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_garbage_exports_only_raise_map_error(value):
    with pytest.raises(MapError):
        uvtt_from_dict(value, "garbage.uvtt")


def test_a_small_file_of_long_diagonal_walls_is_refused_by_its_wall_pieces(tmp_path):
    """Review 12 (hostile H2): a 200 KB polyline zigzagging corner to corner of a 2000x2000 map became
    12 million two-square wall pieces (1.9 GB); past MAX_WALL_PIECES it is refused in one line."""
    from tactics.maps.fields import MAX_WALL_PIECES

    doc = export()
    doc["resolution"] = {"map_origin": pt(0, 0), "map_size": pt(2000, 2000), "pixels_per_grid": 1}
    doc["line_of_sight"] = [[pt(0, 0) if i % 2 == 0 else pt(1999, 1998) for i in range(12000)]]
    doc["portals"], doc["lights"] = [], []
    doc["image"] = base64.b64encode(png_bytes(64, 64)).decode()
    with pytest.raises(MapError, match=f"line_of_sight\\[0\\]: more than {MAX_WALL_PIECES:,} wall pieces"):
        load(write(tmp_path, doc))
    doc["line_of_sight"] = [[pt(0, 0), pt(1999, 1998)] for _ in range(40)]  # 40,000 pieces: a map may
    assert 40 * 1000 <= len(load(write(tmp_path, doc)).wall_segments) < MAX_WALL_PIECES
