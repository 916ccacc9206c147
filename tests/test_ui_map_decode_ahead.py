"""The map's picture is decoded while the window starts (issue 12: start time).

What a user would notice: the window's first frame came after the bundled map's 2100x1400
picture was decoded (50 ms) on top of everything else; now opening a file starts that decode
on another thread, while the window's modules import and the window opens, and the first
frame shows the same picture. A picture that cannot be decoded still says so on the board.
"""

from __future__ import annotations

import pygame

from tactics.maps.battlemap import BattleMap, MapImage
from tactics.ui import decode_ahead, mapart
from tactics.ui.mapart import MapArt, decode_soon
from tactics.ui.opening import open_path


def _room(tmp_path, colour=(10, 120, 200)) -> BattleMap:
    picture = pygame.Surface((80, 80))
    picture.fill(colour)
    pygame.image.save(picture, str(tmp_path / "room.png"))
    return BattleMap(4, 4, image=MapImage(20.0, path="room.png"), source=str(tmp_path / "room.tactics-map.json"))


def test_opening_a_map_starts_decoding_its_picture_and_the_board_shows_that_picture(tmp_path):
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    room = _room(tmp_path)
    (tmp_path / "room.tactics-map.json").write_text(
        '{"format": "tactics-map", "version": 1, "width": 4, "height": 4, "terrain": ["....", "....", "....", "...."],'
        ' "image": {"path": "room.png", "pixels_per_cell": 20}}', encoding="utf-8")
    encounter = open_path(tmp_path / "room.tactics-map.json", seed=1)
    key = mapart._file_key(encounter.map.image, encounter.map.source)
    assert key in decode_ahead.DECODING or key in decode_ahead.DECODED  # decoding (or done) before any window exists
    art = MapArt(encounter.map)
    assert key not in decode_ahead.DECODING  # the board took the picture decoded ahead
    assert art.problem is None and art.base is not None
    assert art.base.get_at((30, 30))[:3] == (10, 120, 200)
    decode_soon(room)  # (a picture decoded already is not decoded again)
    assert key not in decode_ahead.DECODING


def test_a_picture_that_cannot_be_decoded_ahead_still_names_its_problem_on_the_board(tmp_path):
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    room = _room(tmp_path)
    (tmp_path / "room.png").write_bytes(b"\x89PNG\r\n\x1a\n not a picture")
    decode_soon(room)
    art = MapArt(room)
    assert art.base is None and art.problem is not None and art.problem.startswith("map art not shown")
    picture = str((tmp_path / "room.png").resolve())
    assert not [key for key in decode_ahead.DECODING if key[0] == picture]  # (another test's may be left)


def test_maps_opened_but_never_drawn_keep_no_pictures_decoded_ahead(tmp_path):
    """A script or a test opening many files without a window keeps the last two pictures at most."""
    for i in range(4):
        folder = tmp_path / str(i)
        folder.mkdir()
        decode_soon(_room(folder, colour=(10 * i, 0, 0)))
    assert len(decode_ahead.DECODING) <= 2


def test_a_picture_decoded_ahead_is_in_the_windows_format_before_the_window_needs_it(tmp_path):
    """The 24-bit PNG's conversion to the window's format (7 ms for the bundled map) is made on
    the decoding thread: the board's base is the picture decoded ahead, not a copy made for the
    first frame, and shows the same colours."""
    pygame.display.init()
    window = pygame.display.set_mode((64, 64))
    room = _room(tmp_path, colour=(200, 40, 7))
    decode_soon(room)
    key = mapart._file_key(room.image, room.source)
    art = MapArt(room)
    assert art.base is not None and art.base.get_masks() == window.get_masks() == decode_ahead.USUAL_WINDOW_MASKS
    assert art.base is decode_ahead.DECODED[key]  # (no second copy of the picture)
    assert art.base.get_at((30, 30))[:3] == (200, 40, 7)


def test_the_picture_decoded_first_is_the_default_maps_own():
    """``open_default`` starts decoding ``DEFAULT_PICTURE`` before it reads the map: it must be
    the picture the bundled default map names, or the start would decode a picture for nothing."""
    import json

    from tactics.assets import bundled
    from tactics.ui.opening import DEFAULT_MAP, DEFAULT_PICTURE

    assert json.loads(bundled(DEFAULT_MAP).read_text(encoding="utf-8"))["image"]["path"] == DEFAULT_PICTURE
