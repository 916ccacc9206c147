"""Plain picture maps and the safe image-size check.

What is tested: a picture becomes a map of ceil(pixels / pixels-per-square)
squares at its own scale; sizes are read from PNG, JPEG, WEBP, GIF and BMP
headers without decoding; too-large pictures and non-pictures are refused
with one-line MapErrors.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tactics.maps import MapError, load
from tactics.maps.image import load_image_map
from tactics.maps.imagesize import ImageHeaderError, image_size, safe_image_size
from test_maps_support import jpeg_header, png_bytes, png_header_claiming, webp_vp8x_header


def test_picture_becomes_a_map_rounded_up(tmp_path):
    path = tmp_path / "cave.png"
    path.write_bytes(png_bytes(710, 350))
    m = load(path)  # default 70 px a square
    assert (m.width, m.height) == (11, 5), "710 px / 70 = 10.1 -> 11 squares"
    assert m.image.pixels_per_cell == 70 and Path(m.image.path) == path.resolve()
    assert m.wall_segments == [] and m.terrain == {}
    m = load_image_map(path, 50)
    assert (m.width, m.height) == (15, 7)
    assert load(path, pixels_per_cell=35.5).width == 20


@pytest.mark.parametrize("suffix, data", [(".jpg", jpeg_header(300, 100)), (".webp", webp_vp8x_header(300, 100))])
def test_other_picture_formats(tmp_path, suffix, data):
    path = tmp_path / ("art" + suffix)
    path.write_bytes(data)
    assert (load(path, pixels_per_cell=100).width, load(path, pixels_per_cell=100).height) == (3, 1)


def bmp_header(width: int, height: int) -> bytes:
    return b"BM" + struct.pack("<IHHI", 0, 0, 0, 54) + struct.pack("<IiiHH", 40, width, height, 1, 24) + bytes(24)


def test_bmp_with_top_down_rows(tmp_path):
    path = tmp_path / "old.bmp"
    path.write_bytes(bmp_header(140, -70))
    m = load(path)
    assert (m.width, m.height) == (2, 1)


def test_header_sizes_of_every_format():
    exif = b"\xff\xe1" + struct.pack(">H", 5002) + bytes(5000)  # a big EXIF block first
    jpeg = b"\xff\xd8" + exif + jpeg_header(640, 480)[2:]
    assert image_size(jpeg) == ("jpeg", 640, 480)
    assert image_size(png_bytes(3, 2)) == ("png", 3, 2)
    assert image_size(webp_vp8x_header(5000, 3000)) == ("webp", 5000, 3000)
    vp8l = b"RIFF" + bytes(4) + b"WEBPVP8L" + bytes(4) + b"\x2f" + ((99) | (49 << 14)).to_bytes(4, "little") + bytes(8)
    assert image_size(vp8l) == ("webp", 100, 50)
    vp8 = b"RIFF" + bytes(4) + b"WEBPVP8 " + bytes(4) + bytes(3) + b"\x9d\x01\x2a" + struct.pack("<HH", 320, 240) + bytes(4)
    assert image_size(vp8) == ("webp", 320, 240)
    assert image_size(b"GIF89a" + struct.pack("<HH", 12, 34) + bytes(30)) == ("gif", 12, 34)
    assert image_size(bmp_header(9, 8)) == ("bmp", 9, 8)


@pytest.mark.parametrize(
    "data, message",
    [
        (png_header_claiming(16385, 10), "the limit is 16384 pixels a side"),
        (png_header_claiming(10, 20000), "the limit is 16384 pixels a side"),
        (png_header_claiming(12000, 9000), r"\(108 megapixels\); the limit is 100 megapixels"),
        (png_header_claiming(0, 10), "image has no pixels"),
        (b"just some text", "not a PNG, JPEG, WEBP, GIF or BMP image"),
        (b"\xff\xd8\xff\xe0\x00", "JPEG"),
        (b"\x89PNG\r\n\x1a\n", "broken PNG header"),
        (b"", "not a PNG"),
    ],
)
def test_unsafe_or_broken_images_refused(data, message):
    with pytest.raises(ImageHeaderError, match=message):
        safe_image_size(data)


def test_limit_is_inclusive():
    assert safe_image_size(png_header_claiming(16384, 6103)) == ("png", 16384, 6103)


def test_huge_or_fake_picture_map_is_a_map_error(tmp_path):
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_header_claiming(50000, 50000))
    with pytest.raises(MapError, match=r"bomb.png: image is 50000x50000 pixels"):
        load(bomb)
    fake = tmp_path / "fake.jpg"
    fake.write_text("I am not a picture")
    with pytest.raises(MapError, match="fake.jpg: not a PNG"):
        load(fake)


def test_bad_scale_and_too_many_squares(tmp_path):
    path = tmp_path / "big.png"
    path.write_bytes(png_header_claiming(16000, 6000))
    with pytest.raises(MapError, match="too many"):
        load_image_map(path, 1)
    for bad in (0, -70, float("nan"), "70"):
        with pytest.raises(MapError, match="pixels per square"):
            load_image_map(path, bad)
