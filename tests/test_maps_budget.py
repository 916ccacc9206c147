"""One picture budget per map (review 12): every picture a map's window decodes, summed from the
headers before any is decoded, at most MAX_MAP_PIXELS; and a large legal picture scaled in bands.

What is tested: a Tiled map drawing tiles from two 64-megapixel tileset pictures (each legal
alone) is refused in one line naming the map and the limit; so is a tileset beside an image
layer, and a native map's picture beside its tile picture. A tileset no drawn tile uses costs
nothing. The banded scale looks like a whole-picture smoothscale and never scales a band
larger than BAND_PIXELS.
"""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from tactics.maps import MapError, load  # noqa: E402
from tactics.ui import picture_scale  # noqa: E402
from tests.test_maps_support import png_bytes, png_header_claiming  # noqa: E402


def _tileset(name: str, firstgid: int) -> dict:
    return {"firstgid": firstgid, "name": name, "tilewidth": 32, "tileheight": 32, "tilecount": 250 * 250,
            "columns": 250, "image": name, "imagewidth": 8000, "imageheight": 8000, "margin": 0, "spacing": 0}


def _map(folder, data: list[int], tilesets: list[dict], extra_layers: list[dict] = ()) -> str:
    doc = {"type": "map", "version": "1.10", "orientation": "orthogonal", "renderorder": "right-down",
           "width": 2, "height": 1, "tilewidth": 32, "tileheight": 32, "infinite": False,
           "nextlayerid": 3, "nextobjectid": 1, "tilesets": tilesets,
           "layers": [{"id": 1, "name": "ground", "type": "tilelayer", "width": 2, "height": 1, "x": 0, "y": 0,
                       "opacity": 1, "visible": True, "data": data}, *extra_layers]}
    path = folder / "big.tmj"
    path.write_text(json.dumps(doc))
    return str(path)


@pytest.fixture
def folder(tmp_path):
    for name in ("a.png", "b.png"):
        (tmp_path / name).write_bytes(png_header_claiming(8000, 8000))  # 64 megapixels each: legal alone
    return tmp_path


def test_two_legal_tilesets_drawn_together_are_refused_before_decoding(folder):
    path = _map(folder, [1, 250 * 250 + 1], [_tileset("a.png", 1), _tileset("b.png", 250 * 250 + 1)])
    with pytest.raises(MapError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert "2 pictures are 128 megapixels in all" in message and "the limit is 100 megapixels for one map" in message


def test_a_tileset_no_drawn_tile_uses_costs_nothing(folder):
    path = _map(folder, [1, 1], [_tileset("a.png", 1), _tileset("b.png", 250 * 250 + 1)])
    assert len(load(path).tiles) == 2


def test_a_tileset_beside_an_image_layer_is_refused(folder):
    image = {"id": 2, "name": "art", "type": "imagelayer", "image": "b.png", "x": 0, "y": 0, "opacity": 1,
             "visible": True}
    path = _map(folder, [1, 0], [_tileset("a.png", 1)], [image])
    with pytest.raises(MapError, match="128 megapixels in all"):
        load(path)


def test_a_native_maps_picture_and_tile_picture_are_summed(folder):
    doc = {"format": "tactics-map", "version": 1, "name": "Two", "width": 2, "height": 1,
           "image": {"path": "a.png", "pixels_per_cell": 4000}, "tile_size_px": 32,
           "tiles": [{"layer": 0, "cell": [0, 0], "image": "b.png", "src": [0, 0, 32, 32]}]}
    (folder / "two.json").write_text(json.dumps(doc))
    with pytest.raises(MapError, match=r"two.json: the map's 2 pictures are 128 megapixels"):
        load(folder / "two.json")
    doc["tiles"][0]["image"] = "small.png"
    (folder / "small.png").write_bytes(png_bytes(64, 32))
    (folder / "two.json").write_text(json.dumps(doc))
    assert load(folder / "two.json").image is not None


@pytest.mark.parametrize("see_through", [False, True])
def test_banded_scale_matches_a_whole_scale_and_keeps_bands_small(monkeypatch, see_through):
    picture = pygame.Surface((300, 200), pygame.SRCALPHA if see_through else 0, 32)
    for y in range(0, 200, 4):  # soft stripes: a shift of half a row changes a pixel a little
        pygame.draw.rect(picture, (y, 255 - y, 128 + (y % 40) * 3, 50 + y), (0, y, 300, 4))
    whole = pygame.transform.smoothscale(picture, (123, 77))
    seen: list[int] = []
    real = pygame.transform.smoothscale

    def recording(surface, size, *args):
        seen.append(surface.get_width() * surface.get_height())
        return real(surface, size, *args)

    monkeypatch.setattr(picture_scale, "BAND_PIXELS", 300 * 16)
    monkeypatch.setattr(pygame.transform, "smoothscale", recording)
    banded = picture_scale.smoothscale_banded(picture, (123, 77))
    assert banded.get_size() == (123, 77) and max(seen) <= 300 * 16 and len(seen) > 5


    def off(x: int, y: int, dy: int) -> int:
        near = whole.get_at((x, min(76, max(0, y + dy))))
        return max(abs(a - b) for a, b in zip(banded.get_at((x, y)), near))

    # each band is scaled by its own whole-row ratio: every pixel is the whole scale's within half a row
    worst = max(min(off(x, y, dy) for dy in (-1, 0, 1)) for y in range(77) for x in range(0, 123, 5))
    assert worst <= 24
    assert bool(banded.get_flags() & pygame.SRCALPHA) == see_through
    if see_through:  # (the worst above compares alpha too)
        assert banded.get_at((60, 2)).a < 90 < 200 < banded.get_at((60, 75)).a


@pytest.mark.parametrize("see_through", [False, True])
def test_banded_scale_onto_a_base_draws_what_a_blit_of_the_scaled_picture_draws(monkeypatch, see_through):
    picture = pygame.Surface((300, 200), pygame.SRCALPHA if see_through else 0, 32)
    for y in range(0, 200, 4):
        pygame.draw.rect(picture, (y, 255 - y, 90, 50 + y), (0, y, 300, 4))
    monkeypatch.setattr(picture_scale, "BAND_PIXELS", 300 * 16)

    def backdrop() -> pygame.Surface:
        base = pygame.Surface((140, 90), pygame.SRCALPHA if see_through else 0, 32)
        base.fill((0, 0, 0, 0) if see_through else (20, 20, 30))
        return base

    expected = backdrop()
    expected.blit(picture_scale.smoothscale_banded(picture, (123, 77)), (7, -3))
    drawn = picture_scale.smoothscale_banded(picture, (123, 77), onto=backdrop(), at=(7, -3))
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_a_large_decoded_picture_is_not_kept_beside_its_maps_base(tmp_path, monkeypatch):
    """The decoded picture cache keeps small pictures only (a 100-megapixel one beside its scaled
    base was 400 MB of the 1.3 GB peak); here 'large' is anything over 5000 pixels."""
    from tactics.maps.battlemap import BattleMap, MapImage
    from tactics.ui import decode_ahead, mapart

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    monkeypatch.setattr(decode_ahead, "DECODED_KEEP_PIXELS", 5000)
    monkeypatch.setattr(decode_ahead, "DECODED", type(decode_ahead.DECODED)())
    for side, kept in ((60, True), (80, False)):
        picture = pygame.Surface((side, side))
        picture.fill((10, 120, 200))
        pygame.image.save(picture, str(tmp_path / f"room{side}.png"))
        room = BattleMap(4, 4, image=MapImage(side / 4, path=f"room{side}.png"), source=str(tmp_path / "room.json"))
        art = mapart.MapArt(room)
        assert art.base is not None and art.base.get_at((5, 5))[:3] == (10, 120, 200)
        key = mapart._file_key(room.image, room.source)
        assert (key in decode_ahead.DECODED) is kept
