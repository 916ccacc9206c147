"""Tiled layer data read into arrays of tile ids (review 12: 2000 x 2000 x 8 layers of large ids
took 13 s and 1.4 GB as pytiled-parser's lists of ints; now 2.6 s and 600 MB, most of it the
tileset picture).

What is tested: for base64 data (plain, zlib, gzip) and plain lists, the rows the reader gets
are arrays holding exactly the ids pytiled-parser's own helpers give, cut into the same rows;
data an array cannot hold (a negative id) goes to pytiled-parser's helper as it is.
"""

from __future__ import annotations

import base64
import gzip
import random
import struct
import zlib
from array import array

import pytest

from tactics.maps import tiledrows


@pytest.fixture
def helpers():
    from pytiled_parser.parsers.json import layer as json_layer
    from pytiled_parser.parsers.tmx import layer as tmx_layer

    originals = {m: (m._decode_tile_layer_data, m._convert_raw_tile_layer_data) for m in (json_layer, tmx_layer)}
    tiledrows.install()  # (a Tiled map read earlier in this process may have installed it already)
    yield {m: (m._decode_tile_layer_data, m._convert_raw_tile_layer_data,
               *(getattr(f, "__wrapped__", f) for f in originals[m])) for m in originals}
    for m, (decode, convert) in originals.items():
        m._decode_tile_layer_data, m._convert_raw_tile_layer_data = decode, convert


def _ids(count: int) -> list[int]:
    rng = random.Random(12)
    return [rng.choice((0, 1, 300, 70000, 0x80000001, 0xFFFFFFFF)) for _ in range(count)]


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_rows_are_arrays_of_the_same_ids(helpers, compression):
    ids = _ids(7 * 5)
    raw = struct.pack(f"<{len(ids)}I", *ids)
    packed = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    text = base64.b64encode(packed).decode()
    for decode, _, original_decode, _ in helpers.values():
        rows = decode(text, compression, 7)
        assert all(isinstance(row, array) and row.itemsize == 4 for row in rows)
        # (pytiled-parser's decoder cuts its rows with the helper in its module: wrapped too)
        assert [list(row) for row in rows] == [list(row) for row in original_decode(text, compression, 7)]
        assert len(rows) == 5


def test_plain_lists_become_arrays_and_what_an_array_cannot_hold_is_left_as_it_is(helpers):
    for _, convert, _, original_convert in helpers.values():
        ids = _ids(11)  # a short last row too
        rows = convert(ids, 4)
        assert [list(row) for row in rows] == original_convert(ids, 4) and isinstance(rows[0], array)
        assert convert([1, -1, 2, 3], 2) == [[1, -1], [2, 3]]  # the reader names the -1 as it is
        assert convert([], 3) == original_convert([], 3) or list(convert([], 3)[0]) == []


def test_installing_twice_wraps_once(helpers):
    from pytiled_parser.parsers.json import layer as json_layer

    once = json_layer._decode_tile_layer_data
    tiledrows.install()
    assert json_layer._decode_tile_layer_data is once
