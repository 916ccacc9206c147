"""Hostile map files: refused with one line naming the file, never a hang, never gigabytes.

What is tested (issue 12, each case found by fuzzing or by hand):
a Tiled tileset or template ``source`` that is ``/dev/zero`` or a FIFO; zlib and
gzip layer-data bombs; a GIF whose header says 64x64 around a 60000x60000 frame
(and the same trick in animated PNG and WEBP); a text grid too large measured
before parsing; doors and walls at NaN / infinity / 1e20; NUL characters in map
and spawn names; a 300x300 layer resolving its tile image once, not per tile;
and an old Tiled tileset without ``tilecount``/``columns`` completed from its image.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import struct
import zlib
from pathlib import Path

import pytest

from limits import memory_peak, open_all_limited
from tactics.maps import MapError, load
from tactics.maps.imagesize import ImageHeaderError, safe_image_size
from test_maps_support import png_bytes
from test_maps_tiled import GROUND, tmj, tmx


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "tiles.png").write_bytes(png_bytes(64, 32))
    return tmp_path


INLINE_TILESET = '<tileset firstgid="1" name="dungeon"'


def _with_tileset_source(source: str) -> str:
    text = tmx()
    inline = "<tileset" + text.split("<tileset", 1)[1].split("</tileset>", 1)[0] + "</tileset>"
    return text.replace(inline, f'<tileset firstgid="1" source="{source}"/>')


def _with_ground_data(data_element: str) -> str:
    text = tmx()
    start = text.index('<data encoding="csv">')
    end = text.index("</data>", start) + len("</data>")
    return text[:start] + data_element + text[end:]


def gif(screen: tuple[int, int], frame: tuple[int, int]) -> bytes:
    """A GIF: the logical screen says ``screen``, its one frame is ``frame`` pixels."""
    out = b"GIF89a" + struct.pack("<HHBBB", *screen, 0x80, 0, 0) + bytes(6)  # 2-colour table
    out += b"\x21\xf9\x04\x00\x00\x00\x00\x00"  # graphic control extension
    out += b"\x2c" + struct.pack("<HHHHB", 0, 0, *frame, 0) + b"\x02\x02\x44\x01\x00"
    return out + b"\x3b"


# -- files that are not files -------------------------------------------------------


def test_tileset_template_and_map_that_are_dev_zero_or_a_fifo_are_refused_without_hanging(folder):
    """Run in a child with 1.5 GB and a time limit: before, /dev/zero grew past 2 GB and a FIFO hung."""
    fifo = folder / "pipe.tsx"
    os.mkfifo(fifo)
    maps = {
        "zero-tileset.tmx": _with_tileset_source("/dev/zero"),
        "fifo-tileset.tmx": _with_tileset_source("pipe.tsx"),
        "zero-template.tmx": tmx().replace('<object id="7" name="just a label"',
                                           '<object id="7" template="/dev/zero" name="just a label"'),
        "fifo-template.tmx": tmx().replace('<object id="7" name="just a label"',
                                           '<object id="7" template="pipe.tsx" name="just a label"'),
    }
    for name, text in maps.items():
        (folder / name).write_text(text)
    doc = tmj()
    doc["tilesets"] = [{"firstgid": 1, "source": "pipe.tsx"}]
    (folder / "fifo-tileset.tmj").write_text(json.dumps(doc))
    fifo_map = folder / "pipe.tmx"
    os.mkfifo(fifo_map)
    encounter = folder / "fifo.encounter.toml"
    encounter.write_text('name = "x"\nmap = "pipe.tmx"\n')
    native = folder / "fifo-image.json"
    native.write_text(json.dumps({"format": "tactics-map", "version": 1, "width": 3, "height": 3,
                                  "image": {"path": "pipe.tsx", "pixels_per_cell": 70}}))
    layer = folder / "fifo-image-layer.tmx"
    layer.write_text(tmx().replace('<objectgroup id="3"', '<imagelayer id="9" name="art"><image source="pipe.tsx"/>'
                                   '</imagelayer>\n <objectgroup id="3"'))
    paths = [folder / n for n in maps] + [folder / "fifo-tileset.tmj", fifo_map, encounter, Path("/dev/zero"),
                                          native, layer]
    verdicts = open_all_limited(paths, seconds=60)
    for path, (verdict, message) in zip(paths, verdicts):
        assert verdict == "refused", (path, verdict, message)
        assert "\n" not in message
    assert "pipe (FIFO)" in verdicts[1][1] and "device" in verdicts[0][1]
    assert "pipe (FIFO)" in verdicts[5][1] and verdicts[5][1].startswith(str(paths[5]))
    assert "image.path" in verdicts[-2][1] and "pipe (FIFO)" in verdicts[-2][1]
    assert "image layer 'art'" in verdicts[-1][1] and "pipe (FIFO)" in verdicts[-1][1]


# -- decompression bombs ------------------------------------------------------------------


def test_zlib_layer_bomb_is_refused_before_inflating(folder):
    bomb = base64.b64encode(zlib.compress(bytes(20_000_000), 9)).decode()
    path = folder / "bomb.tmx"
    path.write_text(_with_ground_data(f'<data encoding="base64" compression="zlib">{bomb}</data>'))
    assert path.stat().st_size < 60_000
    with memory_peak() as peak:
        with pytest.raises(MapError, match=r"bomb.tmx: layer 'ground': compressed layer data inflates past the 96 bytes"):
            load(path)
    assert peak.bytes < 5_000_000  # the 20 MB were never made


def test_gzip_bomb_in_a_second_member_is_refused(folder):
    ok = gzip.compress(struct.pack("<24I", *([1] * 24)))
    bomb = ok + gzip.compress(bytes(30_000_000))  # gzip.decompress reads every member
    doc = tmj()
    doc["layers"][0].update(data=base64.b64encode(bomb).decode(), encoding="base64", compression="gzip")
    path = folder / "bomb.tmj"
    path.write_text(json.dumps(doc))
    with pytest.raises(MapError, match=r"bomb.tmj: layers\[0\].data: compressed layer data inflates past"):
        load(path)


def test_compressed_layer_within_its_size_still_loads(folder):
    ids = [v for row in GROUND for v in row]
    packed = base64.b64encode(zlib.compress(struct.pack(f"<{len(ids)}I", *ids))).decode()
    path = folder / "fine.tmx"
    path.write_text(_with_ground_data(f'<data encoding="base64" compression="zlib">{packed}</data>'))
    assert load(path).terrain[(4, 0)] == "wall"


def test_zstd_layer_is_refused_with_a_way_out(folder):
    path = folder / "z.tmx"
    path.write_text(_with_ground_data('<data encoding="base64" compression="zstd">AAAA</data>'))
    with pytest.raises(MapError, match="zstd-compressed layers cannot be read; save the map with zlib"):
        load(path)


# -- images that lie about their size -----------------------------------------------


def test_gif_whose_frame_is_larger_than_its_header_is_refused():
    assert safe_image_size(gif((64, 64), (64, 64))) == ("gif", 64, 64)
    with pytest.raises(ImageHeaderError, match="a frame inside the 64x64 image: image is 60000x60000"):
        safe_image_size(gif((64, 64), (60000, 60000)))


def test_gif_bomb_as_a_tileset_image_and_inside_a_universal_vtt_export(folder):
    (folder / "art" / "tiles.png").write_bytes(gif((64, 32), (60000, 60000)))
    path = folder / "gif.tmx"
    path.write_text(tmx())
    with pytest.raises(MapError, match=r"gif.tmx: tileset 'dungeon': image .*tiles.png: a frame inside"):
        load(path)
    export = {"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 2, "y": 2},
                                            "pixels_per_grid": 32},
              "image": base64.b64encode(gif((64, 64), (60000, 60000))).decode()}
    vtt = folder / "gif.dd2vtt"
    vtt.write_text(json.dumps(export))
    with pytest.raises(MapError, match="gif.dd2vtt: image: a frame inside the 64x64 image"):
        load(vtt)


def test_animated_png_and_webp_frames_are_checked():
    apng = png_bytes(8, 8)
    fctl = struct.pack(">IIIIIHHBB", 0, 60000, 60000, 0, 0, 1, 1, 0, 0)
    chunk = struct.pack(">I", len(fctl)) + b"fcTL" + fctl + struct.pack(">I", zlib.crc32(b"fcTL" + fctl))
    apng = apng[:33] + chunk + apng[33:]
    with pytest.raises(ImageHeaderError, match="a frame inside the 8x8 image"):
        safe_image_size(apng)
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\x02\x00\x00\x00" + (7).to_bytes(3, "little") * 2
    anmf_body = bytes(6) + (59999).to_bytes(3, "little") * 2 + bytes(4)
    anmf = b"ANMF" + struct.pack("<I", len(anmf_body)) + anmf_body
    body = b"WEBP" + vp8x + anmf
    webp = b"RIFF" + struct.pack("<I", len(body)) + body
    with pytest.raises(ImageHeaderError, match="a frame inside the 8x8 image: image is 60000x60000"):
        safe_image_size(webp)


# -- a text grid measured before it is read ------------------------------------------------


def test_huge_text_grid_is_refused_before_parsing(tmp_path):
    path = tmp_path / "line.txt"
    path.write_text("#" * 5_000_000 + "\n.\n")
    with memory_peak() as peak:
        with pytest.raises(MapError, match=r"line.txt: the text map is 5000000x2 squares, too many"):
            load(path)
    assert peak.bytes < 60_000_000  # before: a terrain entry per square, gigabytes for 16 MB


# -- coordinates and names the window cannot draw ------------------------------------------


@pytest.mark.parametrize("x", ["nan", "inf", "-inf"])
def test_tiled_door_at_nan_or_infinity_is_refused(folder, x):
    path = folder / "door.tmx"
    path.write_text(tmx().replace('class="door" x="92"', f'class="door" x="{x}"'))
    with pytest.raises(MapError, match=r"door.tmx: door object 4 'cell door': a point at .* is not a finite position"):
        load(path)


def test_tiled_wall_and_door_at_1e20_are_clipped_to_the_map(folder):
    path = folder / "far.tmx"
    text = tmx().replace('class="door" x="92" y="32" width="8"', 'class="door" x="92" y="32" width="1e20"')
    text = text.replace('<object id="1" x="96" y="64"><polyline points="0,0 0,64"/>',
                        '<object id="1" x="96" y="64"><polyline points="0,0 1e20,0"/>')
    path.write_text(text)
    battle_map = load(path)
    for segment in battle_map.wall_segments + [d.segment for d in battle_map.doors]:
        for value in (segment.x1, segment.x2):
            assert -1 <= value <= battle_map.width + 1
        for value in (segment.y1, segment.y2):
            assert -1 <= value <= battle_map.height + 1
    assert any(s.x2 == battle_map.width + 1 for s in battle_map.wall_segments)


def test_nul_and_newlines_in_map_and_spawn_names_are_cleaned(folder, tmp_path):
    path = folder / "names.tmx"
    path.write_text(tmx().replace('name="Brandon"', 'name="Bran&#0;don"').replace('name="Bear"', 'name="Be&#10;ar"'))
    with pytest.raises(MapError):  # XML itself refuses a NUL character reference
        load(path)
    path.write_text(tmx().replace('name="Bear"', 'name="Be&#10;ar&#9;"'))
    assert [s.name for s in load(path).spawns] == ["Brandon", "Be ar"]
    native = tmp_path / "n.json"
    native.write_text(json.dumps({"format": "tactics-map", "version": 1, "name": "Vault\u0000 of\u0007 Doom",
                                  "width": 3, "height": 3,
                                  "spawns": [{"name": "Ann\u0000", "cell": [0, 0], "team": "pa\u0000rty"}]}))
    battle_map = load(native)
    assert battle_map.name == "Vault of Doom" and battle_map.spawns[0].name == "Ann"
    assert battle_map.spawns[0].team == "pa rty"


def test_every_character_a_name_loses_is_one_a_printable_name_never_holds():
    """A printable name skips the cleaning pattern (issue 12: its compiling was half a millisecond of
    every start): each character the pattern turns into a space must be one ``isprintable`` refuses,
    or a name holding it would keep a NUL, a line break or a lone surrogate pygame cannot draw."""
    import re
    import sys

    from tactics.maps.fields import _CONTROL, clean_name

    cleaned = [chr(code) for code in range(sys.maxunicode + 1) if re.fullmatch(_CONTROL, chr(code))]
    assert len(cleaned) == 32 + 33 + 2 + 2048 and not [ch for ch in cleaned if ch.isprintable()]
    assert clean_name("Ann\u2028Bee\x85 Cy") == "Ann Bee Cy" and clean_name("  Dov  Eli ") == "Dov Eli"


# -- Tiled: fast paths and old files ------------------------------------------------


def test_a_large_layer_resolves_its_tile_image_once(folder, monkeypatch):
    rows = [[1] * 120 for _ in range(120)]
    text = tmx().replace('width="6" height="4"', 'width="120" height="120"')
    start = text.index('<data encoding="csv">')
    end = text.index("</data>", start)
    text = text[:start] + '<data encoding="csv">\n' + ",\n".join(",".join(map(str, r)) for r in rows) + "\n" + text[end:]
    text = text.replace('<layer id="2" name="pool" width="6" height="4"', '<layer id="2" name="pool" width="120" height="120"')
    start = text.index('<data encoding="csv">', text.index('name="pool"'))  # the pool as large, empty
    end = text.index("</data>", start)
    text = text[:start] + '<data encoding="csv">\n' + ",\n".join(",".join(["0"] * 120) for _ in range(120)) + "\n" + text[end:]
    path = folder / "big.tmx"
    path.write_text(text)
    calls = {"n": 0}
    original = Path.resolve

    def counting(self, *args, **kwargs):
        calls["n"] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, "resolve", counting)
    battle_map = load(path)
    assert len(battle_map.tiles) == 120 * 120
    assert calls["n"] < 20  # before: twice per tile (28800 here, 180000 for 300x300)


@pytest.mark.parametrize("with_image_size", [True, False])
def test_old_embedded_tileset_without_tilecount_or_columns_loads(folder, with_image_size):
    (folder / "art" / "tiles.png").write_bytes(png_bytes(64, 32))
    text = tmx().replace(' tilecount="2" columns="2"', "")
    if not with_image_size:
        text = text.replace('<image source="art/tiles.png" width="64" height="32"/>', '<image source="art/tiles.png"/>')
    path = folder / "old.tmx"
    path.write_text(text)
    battle_map = load(path)
    srcs = {t.cell: t.src for t in battle_map.tiles}
    assert srcs[(0, 0)] == (0, 0, 32, 32) and srcs[(5, 0)] == (32, 0, 32, 32)  # gid 2: second column
    assert battle_map.terrain[(5, 0)] == "wall"
    doc = tmj()
    for key in ("tilecount", "columns"):
        del doc["tilesets"][0][key]
    (folder / "old.tmj").write_text(json.dumps(doc))
    assert {t.cell: t.src for t in load(folder / "old.tmj").tiles}[(5, 0)] == (32, 0, 32, 32)


@pytest.mark.parametrize("change, expected", [
    (lambda d: d.update(lights=[{"x": 1e20, "y": 1, "range": 3}]), "lights[0]: (1e+20, 1) lies outside the 3x3 map"),
    (lambda d: d.update(tiles=[{"cell": [10**12, 0], "image": "a.png", "src": [0, 0, 32, 32]}]), "tiles[0].cell"),
    (lambda d: d.update(tiles=[{"cell": [0, 0], "image": "a.png", "src": [0, 0, 10**9, 32]}]), "tiles[0].src"),
    (lambda d: d.update(tile_size_px=10**9), "tile_size_px: 1000000000 pixels a tile; the limit is 4096"),
])
def test_native_lights_tiles_and_tile_size_out_of_bounds_are_refused(tmp_path, change, expected):
    doc = {"format": "tactics-map", "version": 1, "width": 3, "height": 3}
    change(doc)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(MapError, match=r"m.json: ") as info:
        load(path)
    assert expected in str(info.value)


def test_universal_vtt_light_far_off_the_map_is_dropped_and_its_range_clipped(tmp_path):
    export = {"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 4},
                                            "pixels_per_grid": 32},
              "lights": [{"position": {"x": 1e20, "y": 0}, "range": 5},
                         {"position": {"x": 2, "y": 2}, "range": 1e300}]}
    path = tmp_path / "l.dd2vtt"
    path.write_text(json.dumps(export))
    lights = load(path).lights
    assert [(li.x, li.y, li.range) for li in lights] == [(2, 2, 8)]


def test_json_with_more_values_than_any_map_needs_is_refused_before_parsing(tmp_path, monkeypatch):
    from tactics.maps import native

    monkeypatch.setattr(native, "MAX_JSON_VALUES", 200_000)  # the real limit is 20 million
    path = tmp_path / "many.json"
    path.write_bytes(b"[" + b"0," * 200_001 + b"0]")
    with memory_peak() as peak:
        with pytest.raises(MapError, match=r"many.json: holds more than 200,000 values"):
            load(path)
    assert peak.bytes < 2_000_000  # the text is read, never parsed into 200001 objects


def test_a_map_of_objects_nested_without_commas_is_refused_before_parsing(tmp_path):
    """Review 13: 512 MB of ``{"a":{"a":...`` (a Universal VTT export under the byte cap) has few
    commas and was 19 GB as objects; objects and lists are counted too."""
    from tactics.maps.native import MAX_JSON_OBJECTS

    path = tmp_path / "nested.dd2vtt"
    chains = MAX_JSON_OBJECTS // 900 + 1
    path.write_text('{"format": 0.3, "junk": [' + ",".join(['{"a":' * 900 + "0" + "}" * 900] * chains) + "]}")
    with memory_peak() as peak:
        with pytest.raises(MapError, match=r"nested.dd2vtt: holds more than 2,000,000 JSON objects; no map needs"):
            load(path)
    assert peak.bytes < 3 * path.stat().st_size  # read, never parsed


def test_tiled_image_layer_offset_at_infinity_is_refused(folder):
    path = folder / "offset.tmx"
    path.write_text(tmx().replace('<objectgroup id="3"', '<imagelayer id="9" name="art" offsetx="1e300" offsety="0">'
                                  '<image source="art/tiles.png"/></imagelayer>\n <objectgroup id="3"'))
    with pytest.raises(MapError, match=r"offset.tmx: image layer 'art': offset \(1e\+300, 0.0\) is not within"):
        load(path)
