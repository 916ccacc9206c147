"""Map art is made in chunks at display scale: a legal 1000x1000 Tiled map opens in bounded memory.

What a user would notice: opening a big Tiled map of 32 px tiles used to build a
32000x32000 picture first (4 GB; the app died or the machine swapped). Now only
the chunks shown are made, at the zoom they are shown at, and they look right.
"""

from __future__ import annotations

import resource

import pygame

from tactics.maps.battlemap import BattleMap, TilePlacement
from tactics.ui.mapart import MapArt


def _rss_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def test_a_1000x1000_tiled_map_draws_its_tiles_without_a_full_size_picture(tmp_path):
    sheet = pygame.Surface((64, 32))
    sheet.fill((200, 40, 40), (0, 0, 32, 32))  # tile 0: red
    sheet.fill((40, 200, 40), (32, 0, 32, 32))  # tile 1: green
    pygame.image.save(sheet, str(tmp_path / "tiles.png"))
    tiles = [TilePlacement(0, (c, r), "tiles.png", (32 * ((c + r) % 2), 0, 32, 32))
             for r in range(0, 1000, 7) for c in range(0, 1000, 7)]  # 20 000 placements over the whole map
    battle_map = BattleMap(1000, 1000, name="Huge", tiles=tiles, tile_size_px=32,
                           source=str(tmp_path / "huge.tmj"))
    before = _rss_mb()
    art = MapArt(battle_map)
    assert art.problem is None and art.has_art and art.base is None  # no picture of the whole map
    near = art.chunk(32, 0, 0)  # the top-left block at 32 px a square
    far = art.chunk(16, 31, 31)  # a block far away at another zoom
    assert near.get_size() == (512, 512)
    red = near.get_at((8, 8))  # square (0, 0) holds the red tile (the grid line darkens only its edge)
    assert red.r > 150 and red.g < 80 and red.b < 80
    assert near.get_at((40, 8)) != red  # square (1, 0) has no tile
    green = near.get_at((7 * 32 + 8, 8))  # square (7, 0) holds the green tile
    assert green.g > 150 and green.r < 80
    assert far.get_size()[0] <= 512
    assert _rss_mb() - before < 400  # was ~4 GB before the first frame


def test_the_same_picture_map_opened_again_reuses_its_base_and_an_edited_file_does_not(tmp_path):
    """Reopening a map (a restored autosave, a reloaded encounter) skips scaling and converting its
    picture again; a picture changed on disk is read again (its size and time are part of the key)."""
    import os

    from tactics.maps.battlemap import MapImage

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    try:
        picture = pygame.Surface((80, 80))
        picture.fill((10, 120, 200))
        pygame.image.save(picture, str(tmp_path / "room.png"))
        room = BattleMap(4, 4, image=MapImage(20.0, path="room.png"), source=str(tmp_path / "room.tactics-map.json"))
        first, again = MapArt(room), MapArt(room)
        assert first.base is not None and again.base is first.base and again.ppc == first.ppc and again.has_art
        picture.fill((200, 30, 30))
        pygame.image.save(picture, str(tmp_path / "room.png"))
        os.utime(tmp_path / "room.png", ns=(1, 1))  # a different time whatever the clock's resolution
        edited = MapArt(room)
        assert edited.base is not first.base and edited.base.get_at((5, 5))[:3] == (200, 30, 30)
    finally:
        pygame.display.quit()


def test_grid_lines_are_single_at_the_seams_between_chunks(tmp_path):
    """Every square has one 1 px line on its left and top, also where one chunk of the map's art
    meets the next (each chunk closed its own right and bottom edge too: a darker double line at
    every seam, review 10); the map's own right and bottom edges are closed."""
    from tactics.maps.battlemap import MapImage

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    try:
        picture = pygame.Surface((40 * 20, 30 * 20))
        picture.fill((180, 180, 180))
        pygame.image.save(picture, str(tmp_path / "hall.png"))
        hall = BattleMap(40, 30, image=MapImage(20.0, path="hall.png"), source=str(tmp_path / "hall.tactics-map.json"))
        art = MapArt(hall)
        px = 48
        k = art.block_cells(px)
        assert k < hall.width  # the map spans more than one chunk
        row = [art.chunk(px, ci, 0) for ci in range((hall.width + k - 1) // k)]
        y = px // 2  # inside the first row of squares
        dark = [x0 + x for i, chunk in enumerate(row) for x0 in [i * k * px] for x in range(chunk.get_width())
                if chunk.get_at((x, y))[0] < 170]
        assert dark == [c * px for c in range(hall.width)] + [hall.width * px - 1]  # one line a square, closed
        column = [art.chunk(px, 0, cj) for cj in range((hall.height + k - 1) // k)]
        dark_rows = [cj * k * px + yy for cj, chunk in enumerate(column) for yy in range(chunk.get_height())
                     if chunk.get_at((px // 2, yy))[0] < 170]
        assert dark_rows == [r * px for r in range(hall.height)] + [hall.height * px - 1]
    finally:
        pygame.display.quit()
