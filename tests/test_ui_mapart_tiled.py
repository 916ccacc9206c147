"""A Tiled map's art drawn the way Tiled draws it (review 7, maps).

What a user would notice: a painted background with tile layers over it shows both; a
missing tileset picture costs only its own tiles; a rug wider than a square is whole at
every zoom; flipped and rotated tiles, layer offsets, tints and tile objects ("Insert
Tile" props) look as in Tiled. Each test writes a tiny map of 32 px tiles and reads the
pixels of the board's chunks (``MapArt.chunk``) at the zoom given.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tactics.maps import load
from tactics.ui.mapart import MapArt

RED, GREEN, BLUE, WHITE, MAGENTA, YELLOW = (220, 30, 30), (30, 200, 30), (30, 30, 220), (250, 250, 250), (200, 0, 200), (240, 220, 0)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


def _sheet(folder: Path) -> None:
    """tiles.png: gid 1 red, 2 green, 3 quarters (red, green / blue, white), 4 blue;
    rug.png: a 96x32 picture, yellow with a white right third."""
    sheet = pygame.Surface((128, 32))
    sheet.fill(RED, (0, 0, 32, 32))
    sheet.fill(GREEN, (32, 0, 32, 32))
    sheet.fill(RED, (64, 0, 16, 16))
    sheet.fill(GREEN, (80, 0, 16, 16))
    sheet.fill(BLUE, (64, 16, 16, 16))
    sheet.fill(WHITE, (80, 16, 16, 16))
    sheet.fill(BLUE, (96, 0, 32, 32))
    pygame.image.save(sheet, str(folder / "tiles.png"))
    rug = pygame.Surface((96, 32))
    rug.fill(YELLOW)
    rug.fill(WHITE, (64, 0, 32, 32))
    pygame.image.save(rug, str(folder / "rug.png"))


@pytest.fixture
def lasting_messages(monkeypatch):
    """Status messages that do not expire while a slow, busy machine runs the test's frames."""
    from tactics.ui.battle import BattleView

    monkeypatch.setattr(BattleView, "message_ms", 10**9)


def tiled_map(folder: Path, layers: str, *, width: int = 4, height: int = 3, sheet: str = "tiles.png") -> Path:
    """A ``width`` x ``height`` map of 32 px squares holding ``layers`` (TMX layer elements)."""
    _sheet(folder)
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{width}"
     height="{height}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="20" nextobjectid="20">
 <tileset firstgid="1" name="colours" tilewidth="32" tileheight="32" tilecount="4" columns="4">
  <image source="{sheet}" width="128" height="32"/>
 </tileset>
 <tileset firstgid="5" name="props" tilewidth="96" tileheight="32" tilecount="1" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0"><image source="rug.png" width="96" height="32"/></tile>
 </tileset>
{layers}
</map>
"""
    path = folder / "room.tmx"
    path.write_text(text)
    return path


def layer(rows: list[list[int]], name: str = "ground", attrs: str = "") -> str:
    data = ",\n".join(",".join(str(v) for v in row) for row in rows)
    return (f'<layer id="{abs(hash(name)) % 1000 + 1}" name="{name}" width="{len(rows[0])}" height="{len(rows)}" {attrs}>'
            f'<data encoding="csv">\n{data}\n</data></layer>')


def at(art: MapArt, cell_px: int, x: float, y: float) -> tuple[int, int, int]:
    """The colour drawn at map point (x, y) in squares, at ``cell_px`` pixels a square."""
    k = art.block_cells(cell_px)
    px, py = int(x * cell_px), int(y * cell_px)
    chunk = art.chunk(cell_px, px // (k * cell_px), py // (k * cell_px))
    return tuple(chunk.get_at((px % (k * cell_px), py % (k * cell_px))))[:3]


def near(colour: tuple[int, int, int], want: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, want))


def test_an_image_layer_is_drawn_in_tiled_layer_order_with_the_tile_layers(tmp_path):
    """Finding 4: the picture under the tile layers listed after it and over those before it
    (it used to hide every tile layer)."""
    picture = pygame.Surface((128, 96), pygame.SRCALPHA)
    picture.fill((0, 0, 0, 0), (0, 0, 32, 96))  # see-through over column 0
    picture.fill((*MAGENTA, 255), (32, 0, 96, 96))
    pygame.image.save(picture, str(tmp_path / "painted.png"))
    path = tiled_map(tmp_path, "\n".join((
        layer([[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "under"),
        '<imagelayer id="9" name="Painted"><image source="painted.png" width="128" height="96"/></imagelayer>',
        layer([[0, 0, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "over"),
    )))
    art = MapArt(load(path))
    assert art.problem is None and art.has_art
    for cell_px in (32, 45):
        assert near(at(art, cell_px, 0.5, 0.5), RED)  # a tile under the picture, where it lets it show
        assert near(at(art, cell_px, 1.5, 0.5), MAGENTA)  # a tile under the picture, covered
        assert near(at(art, cell_px, 2.5, 0.5), GREEN)  # a tile over the picture
        assert near(at(art, cell_px, 3.5, 1.5), MAGENTA)  # the picture alone


def test_a_missing_tileset_picture_costs_only_its_own_tiles(tmp_path):
    """Finding 5: the colours tileset's picture is gone; the rug of the props tileset is still
    drawn, the lost tiles are plain squares, and the problem names the picture as the map names it."""
    path = tiled_map(tmp_path, layer([[1, 1, 1, 1], [5, 0, 0, 0], [0, 0, 0, 0]]), sheet="gone.png")
    art = MapArt(load(path))
    assert art.problem == "tileset picture gone.png not found: those tiles are drawn as plain squares"
    assert art.has_art
    assert near(at(art, 32, 0.5, 1.5), YELLOW) and near(at(art, 32, 2.5, 1.5), WHITE)  # the rug, whole
    assert not near(at(art, 32, 0.5, 0.5), RED)  # the lost tile: its terrain's plain square
    assert at(art, 32, 0.5, 0.5) != at(art, 32, 0.5, 2.5)  # not the empty backdrop either


def test_the_missing_picture_warning_shows_however_the_map_is_opened(tmp_path, lasting_messages):
    """Finding 5: from the command line and dropped on the window, the same amber warning
    (it used to be lost under a green "Opened ..." when the map was dropped or opened with Ctrl+O)."""
    from tactics.ui.app import App
    from tactics.ui.opening import open_path
    from ui_driver import app_session, post

    path = tiled_map(tmp_path, layer([[1, 0, 0, 0], [5, 0, 0, 0], [0, 0, 0, 0]]), sheet="gone.png")
    said = "Opened room.tmx - tileset picture gone.png not found: those tiles are drawn as plain squares"
    for app in app_session(App(open_path(path), size=(1280, 720))):
        assert app.battle.message[:2] == (said, "warn")
        other = tmp_path / "cave.txt"
        other.write_text("....\n....\n", encoding="utf-8")
        post(app, pygame.event.Event(pygame.DROPFILE, file=str(other)))
        assert app.battle.message[:2] == ("Opened cave.txt.", "good")
        post(app, pygame.event.Event(pygame.DROPFILE, file=str(path)))
        assert app.battle.message[:2] == (said, "warn")


@pytest.mark.parametrize("cell_px", [43, 50])
def test_a_rug_wider_than_a_square_is_whole_across_the_chunk_edges(tmp_path, cell_px):
    """Finding 12: a 96x32 rug on square 9 covers squares 9-11. At 43 px a square the board's
    chunks are 11 squares wide (edge between 10 and 11), at 50 px 10 (edge between 9 and 10):
    the part beyond the edge used to be cut off."""
    rows = [[0] * 14 for _ in range(3)]
    rows[1][9] = 5
    art = MapArt(load(tiled_map(tmp_path, layer(rows), width=14)))
    assert art.block_cells(cell_px) in (10, 11)
    assert near(at(art, cell_px, 9.5, 1.5), YELLOW)
    assert near(at(art, cell_px, 10.5, 1.5), YELLOW)
    assert near(at(art, cell_px, 11.5, 1.5), WHITE)  # the right third, in the next chunk
    assert not near(at(art, cell_px, 12.5, 1.5), WHITE)



H, V, D = 0x80000000, 0x40000000, 0x20000000

#: what Tiled shows of the quarters tile (gid 3) for each flag: (top-left, top-right, bottom-left, bottom-right)
FLIPPED = {
    0: (RED, GREEN, BLUE, WHITE),
    H: (GREEN, RED, WHITE, BLUE),
    V: (BLUE, WHITE, RED, GREEN),
    H | V: (WHITE, BLUE, GREEN, RED),
    D: (RED, BLUE, GREEN, WHITE),  # x and y swapped
    H | D: (BLUE, RED, WHITE, GREEN),  # a quarter turn clockwise (Tiled's Z)
    V | D: (GREEN, WHITE, RED, BLUE),  # a quarter turn anticlockwise
    H | V | D: (WHITE, GREEN, BLUE, RED),
}


@pytest.mark.parametrize("cell_px", [32, 64])
def test_flipped_and_turned_tiles_are_drawn_as_tiled_shows_them(tmp_path, cell_px):
    """Finding 10: Tiled's H, V and D flags (X, Y and Z in Tiled) mirror and turn the tile
    (all eight used to be drawn unflipped)."""
    flags = list(FLIPPED)
    path = tiled_map(tmp_path, layer([[3 | flag for flag in flags]]), width=8, height=1)
    art = MapArt(load(path))
    for col, flag in enumerate(flags):
        quarters = [at(art, cell_px, col + dx, dy) for dy in (0.3, 0.8) for dx in (0.3, 0.8)]
        assert all(near(got, want) for got, want in zip(quarters, FLIPPED[flag])), (hex(flag), quarters)


def test_layer_and_group_offsets_move_the_art_and_an_object_layers_offset_moves_its_walls(tmp_path):
    """Finding 10: a tile layer in a group with offsetx 16 (plus its own offsety 32) is drawn half
    a square right and one down, at every zoom; a walls layer with offsetx 32 blocks one square
    further right, where Tiled shows it."""
    red = layer([[1, 0, 0, 0], [0] * 4, [0] * 4], "red", 'offsetx="0" offsety="32"')
    path = tiled_map(tmp_path, "\n".join((
        f'<group id="11" name="moved" offsetx="16" offsety="0">{red}</group>',
        '<objectgroup id="12" name="walls" offsetx="32" offsety="0"><object id="1" x="32" y="0"><polyline points="0,0 0,96"/></object>'
        '</objectgroup>',
    )))
    battle_map = load(path)
    assert [(w.x1, w.y1, w.x2, w.y2) for w in battle_map.wall_segments] == [(2.0, 0.0, 2.0, 3.0)]
    art = MapArt(battle_map)
    for cell_px in (32, 50):
        assert not near(at(art, cell_px, 0.3, 1.5), RED)  # the left half of square (0, 1): not covered
        assert near(at(art, cell_px, 0.7, 1.5), RED) and near(at(art, cell_px, 1.3, 1.5), RED)
        assert not near(at(art, cell_px, 1.7, 1.5), RED)
        assert not near(at(art, cell_px, 0.7, 0.5), RED)  # not in its own row any more


def test_a_tint_colour_multiplies_the_tiles_colours(tmp_path):
    """Finding 10: a group's tint #00ff00 over white and red tiles: white becomes green, red black."""
    rows = [[3, 1, 0, 0], [0] * 4, [0] * 4]
    art = MapArt(load(tiled_map(tmp_path, f'<group id="11" name="tinted" tintcolor="#00ff00">{layer(rows)}</group>')))
    assert near(at(art, 32, 0.8, 0.8), (0, 250, 0))  # the white quarter, tinted
    assert near(at(art, 32, 1.5, 0.5), (0, 30, 0))  # red times green: dark


def test_an_image_layers_offset_moves_the_picture_the_way_tiled_does(tmp_path):
    """Finding 10: offsetx 32 moves the picture one square right (it used to move it left)."""
    picture = pygame.Surface((32, 96))
    picture.fill(MAGENTA)
    pygame.image.save(picture, str(tmp_path / "strip.png"))
    path = tiled_map(tmp_path, '<imagelayer id="9" name="strip" offsetx="32" offsety="0"><image source="strip.png" width="32" '
                               'height="96"/></imagelayer>')
    art = MapArt(load(path))
    assert near(at(art, 32, 1.5, 1.5), MAGENTA) and not near(at(art, 32, 0.5, 1.5), MAGENTA)


def test_a_saved_tiled_map_keeps_its_flips_offsets_tints_and_picture_order(tmp_path):
    """Findings 4, 6, 10: saves hold the map as a native map; a restored autosave draws the same art."""
    from tactics.maps.native import map_from_dict, map_to_dict

    picture = pygame.Surface((32, 32))
    picture.fill(MAGENTA)
    pygame.image.save(picture, str(tmp_path / "painted.png"))
    path = tiled_map(tmp_path, "\n".join((
        layer([[1, 0, 0, 0], [0] * 4, [0] * 4], "under"),
        '<imagelayer id="9" name="Painted"><image source="painted.png" width="32" height="32"/></imagelayer>',
        f'<group id="11" name="moved" offsetx="16" offsety="0" tintcolor="#00ff00">{layer([[0, 3 | H | D, 0, 0], [0] * 4, [0] * 4], "over")}</group>',
        '<objectgroup id="12" name="props"><object id="1" gid="5" x="40" y="90" width="48" height="16" rotation="90"/>'
        '</objectgroup>',
    )))
    battle_map = load(path)
    again = map_from_dict(map_to_dict(battle_map, base_dir=tmp_path), str(tmp_path / "saved.json"), base_dir=tmp_path)
    assert again.tiles == battle_map.tiles and again.image.layer == battle_map.image.layer == 1
    assert {t.flip for t in again.tiles} >= {5} and any(t.size_px == (48.0, 16.0) and t.rotation == 90 for t in again.tiles)


@pytest.mark.parametrize("cell_px", [32, 45])
def test_tile_objects_are_drawn_where_tiled_draws_them(tmp_path, cell_px):
    """Finding 6: "Insert Tile" props: bottom-left corner at x, y, scaled to width x height,
    mirrored by the gid's flag, turned clockwise about that corner, in their layer's order;
    a hidden one is not drawn (they used to be dropped silently)."""
    ground = layer([[4] * 5 for _ in range(5)], "ground")
    top = layer([[0, 0, 2, 0, 0]] + [[0] * 5] * 4, "top")
    props = f"""<objectgroup id="12" name="Furniture">
  <object id="1" gid="5" x="32" y="32" width="96" height="32"/>
  <object id="2" gid="{5 | H}" x="0" y="64" width="48" height="32"/>
  <object id="3" gid="5" x="128" y="64" width="96" height="32" rotation="90"/>
  <object id="4" gid="5" x="0" y="160" width="96" height="32" visible="0"/>
 </objectgroup>"""
    art = MapArt(load(tiled_map(tmp_path, "\n".join((ground, props, top)), width=5, height=5)))
    assert near(at(art, cell_px, 1.5, 0.5), YELLOW) and near(at(art, cell_px, 3.5, 0.5), WHITE)
    assert near(at(art, cell_px, 2.5, 0.5), GREEN)  # the layer after the props is over them
    assert near(at(art, cell_px, 0.2, 1.5), WHITE) and near(at(art, cell_px, 1.2, 1.5), YELLOW)  # mirrored, half size
    assert near(at(art, cell_px, 1.7, 1.5), BLUE)  # 48 px wide: it ends half-way across square 1
    assert near(at(art, cell_px, 4.5, 2.5), YELLOW) and near(at(art, cell_px, 4.5, 4.5), WHITE)  # turned 90 degrees
    assert near(at(art, cell_px, 0.5, 4.5), BLUE) and near(at(art, cell_px, 0.5, 3.5), BLUE)  # hidden
