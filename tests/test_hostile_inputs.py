"""Hostile inputs found by the review 21 hunt: each refused in one line naming the field, or
opened and drawn; never a hang.

What is tested: a small room crammed with wall pieces is refused by its size (the first move on
200,000 pieces in a 6x4 room took 20 s) and the step index skips pieces that cannot change a step;
Tiled files with a byte-order mark or a blank first line load, latin-1 ones are refused as not
UTF-8; numbers of thousands of digits, links that lead to themselves (a map, a picture, a token
picture), a NUL in a picture's name and spawn names longer than a combatant's are named plainly; a
TOML key of thousands of dotted parts is refused before tomllib's quadratic parse; damage dice of
the largest size the dice accept no longer stall the opponent (distributions by sliding windows,
weighed by runs of totals); unreadable files in a table's rules folder and a bad ``terrain.toml``
are named as themselves; a refusal quoting thousands of characters is cut; a Tiled colour or number
that is not one is named with its element, and Tiled's unset colour property (``""``) loads.
"""

from __future__ import annotations

import base64
from fractions import Fraction
import json
from pathlib import Path

import pytest

from tactics.maps import MapError, load
from tactics.maps.fields import WALL_PIECES_ANY_MAP
from tactics.rules import walls as walls_module
from tactics.rules.geometry import Segment
from test_maps_support import png_bytes
from test_maps_tiled import tmj, tmx

TOO_MANY = WALL_PIECES_ANY_MAP + 1


def _refused(path: Path, where: str) -> str:
    with pytest.raises(MapError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(f"{path}: {where}") and "\n" not in message, message
    assert f"more than {WALL_PIECES_ANY_MAP:,} wall pieces (walls, doors and windows) on a map of" in message
    return message


# -- a small room crammed with wall pieces ---------------------------------------------


def test_a_tiled_polygon_of_ten_thousand_points_in_a_small_room_is_refused(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "tiles.png").write_bytes(png_bytes(64, 32))
    points = " ".join(f"{i % 190},{(i * 7) % 126}" for i in range(TOO_MANY))
    path = tmp_path / "scribble.tmx"
    path.write_text(tmx().replace('<polygon points="0,0 32,0 32,32 0,32"/>', f'<polygon points="{points}"/>'))
    assert "24 squares; a map may hold 32 a square on average" in _refused(path, "wall object 3: ")


def _export(**parts) -> dict:
    return {"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3},
                                          "pixels_per_grid": 16},
            "image": base64.b64encode(png_bytes(64, 48)).decode(), **parts}


def test_universal_vtt_walls_or_portals_by_the_ten_thousand_in_a_small_room_are_refused(tmp_path):
    lines = tmp_path / "lines.dd2vtt"
    lines.write_text(json.dumps(_export(line_of_sight=[[{"x": 0, "y": 0}, {"x": 1, "y": 1}]] * TOO_MANY)))
    _refused(lines, f"line_of_sight[{WALL_PIECES_ANY_MAP}]: ")
    portals = tmp_path / "portals.dd2vtt"
    door = {"bounds": [{"x": 3, "y": 1}, {"x": 4, "y": 1}], "closed": True}
    portals.write_text(json.dumps(_export(portals=[door] * TOO_MANY)))
    _refused(portals, f"portals[{WALL_PIECES_ANY_MAP}]: ")


def test_native_walls_and_doors_count_together(tmp_path):
    half = WALL_PIECES_ANY_MAP // 2
    doc = {"format": "tactics-map", "version": 1, "width": 6, "height": 4,
           "walls": [[0, 2, 3, 2]] * half, "doors": [{"segment": [3, 2, 4, 2], "closed": True}] * (half + 1)}
    path = tmp_path / "crammed.json"
    path.write_text(json.dumps(doc))
    _refused(path, f"doors[{half}]: ")
    doc["doors"] = doc["doors"][:half]
    path.write_text(json.dumps(doc))
    assert len(load(path).doors) == half  # at the limit: still a map


def test_a_map_the_size_of_its_walls_still_loads(tmp_path):
    """The limit grows with the map: 32 pieces a square, a detailed cave has a few."""
    doc = {"format": "tactics-map", "version": 1, "width": 40, "height": 20,
           "walls": [[x, y, x + 1, y] for x in range(40) for y in range(1, 20)] * 16}
    assert 40 * 20 * 16 > WALL_PIECES_ANY_MAP
    path = tmp_path / "cave.json"
    path.write_text(json.dumps(doc))
    assert len(load(path).wall_segments) == 40 * 19 * 16


def test_the_step_index_tests_only_pieces_that_can_change_a_step(monkeypatch):
    """4,000 short pieces in a 6x4 room: before, each tried ~85 steps with the exact test (337,400
    tests); now a step whose box misses the piece, or already blocked, is skipped (~33,000)."""
    calls = {"n": 0}
    exact = walls_module.segments_touch

    def counted(*args):
        calls["n"] += 1
        return exact(*args)

    monkeypatch.setattr(walls_module, "segments_touch", counted)
    pieces = [Segment(2.2, 1.3, 2.9, 1.8)] * 2000 + [Segment(0.2 + i / 1000, 0.3, 0.9, 2.8) for i in range(2000)]
    walls = walls_module.Walls(6, 4, pieces)
    walls.step_rows()
    assert calls["n"] < 50_000
    assert not walls.step_allowed((2, 1), (2, 2)) and not walls.step_allowed((0, 1), (1, 1))
    assert walls.step_allowed((4, 3), (5, 3))


# -- encodings, blank lines, huge numbers, links, long names -------------------------------


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "tiles.png").write_bytes(png_bytes(64, 32))
    return tmp_path


def test_tiled_files_with_a_byte_order_mark_or_a_blank_first_line_load(folder):
    """Editors on Windows write a byte-order mark; before, pytiled-parser said "Unknown Map Format"
    (bom.tmj, and a .tmx too) or "IndexError: string index out of range" (a blank first line)."""
    text = tmx()
    inline = "<tileset" + text.split("<tileset", 1)[1].split("</tileset>", 1)[0] + "</tileset>"
    (folder / "dungeon.tsx").write_bytes(b"\xef\xbb\xbf\n" + inline.replace(' firstgid="1"', "").encode())
    files = {"bom.tmx": b"\xef\xbb\xbf" + text.encode(),
             "blank.tmx": b"\n\n" + text.split("?>", 1)[1].encode(),
             "bom.tmj": b"\xef\xbb\xbf\n" + json.dumps(tmj()).encode(),
             "external.tmx": text.replace(inline, '<tileset firstgid="1" source="dungeon.tsx"/>').encode()}
    for name, data in files.items():
        (folder / name).write_bytes(data)
        battle_map = load(folder / name)
        assert [s.name for s in battle_map.spawns] == ["Brandon", "Bear"], name
        assert battle_map.terrain[(4, 0)] == "wall", name


def test_a_tiled_map_in_latin_1_is_refused_as_not_utf_8(folder):
    """pytiled-parser reads UTF-8 whatever the XML declaration says: before, a UnicodeDecodeError."""
    path = folder / "latin.tmx"
    path.write_bytes(tmx().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
                     .replace('name="Bear"', 'name="B\xe9ar"').encode("latin-1"))
    with pytest.raises(MapError, match=r"latin.tmx: the map: not a UTF-8 text file \(byte \d+\); Tiled saves maps as UTF-8$"):
        load(path)
    text = tmx()
    inline = "<tileset" + text.split("<tileset", 1)[1].split("</tileset>", 1)[0] + "</tileset>"
    (folder / "latin.tsx").write_bytes(inline.replace(' firstgid="1"', "").replace('name="dungeon"', 'name="donj\xf3n"')
                                       .encode("latin-1"))
    path.write_text(text.replace(inline, '<tileset firstgid="1" source="latin.tsx"/>'))
    with pytest.raises(MapError, match=r"latin.tmx: a tileset or template the map names is not a UTF-8 text file"):
        load(path)


def test_whole_numbers_of_thousands_of_digits_name_their_field(tmp_path, folder):
    """Before: "could not read this map (OverflowError: int too large to convert to float)"."""
    native = tmp_path / "n.json"
    native.write_text('{"format": "tactics-map", "version": 1, "width": 1' + "0" * 400 + ', "height": 4}')
    with pytest.raises(MapError, match=r"n.json: width: expected a finite number, got one too large$"):
        load(native)
    export = _export()
    export["resolution"]["map_size"]["x"] = 10**400
    vtt = tmp_path / "v.dd2vtt"
    vtt.write_text(json.dumps(export))
    with pytest.raises(MapError, match=r"v.dd2vtt: resolution.map_size.x: expected a finite number, got one too large$"):
        load(vtt)
    tiled = folder / "wide.tmx"
    tiled.write_text(tmx().replace('width="6" height="4" tilewidth', 'width="' + "9" * 4000 + '" height="4" tilewidth'))
    with pytest.raises(MapError, match=r"wide.tmx: map size 999999\.\.\. \(4,000 digits\)x4 is too large"):
        load(tiled)
    tiled.write_text(tmx().replace('width="6" height="4" tilewidth', 'width="' + "9" * 5000 + '" height="4" tilewidth'))
    with pytest.raises(MapError, match=r"map width: expected a whole number, got '9{40}'\.\.\. \(5,000 characters\)$"):
        load(tiled)  # (past Python's 4,300 digits: not a number at all)


def test_a_map_picture_that_is_a_symlink_loop_is_named(tmp_path):
    (tmp_path / "a.png").symlink_to("b.png")
    (tmp_path / "b.png").symlink_to("a.png")
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"format": "tactics-map", "version": 1, "width": 3, "height": 3,
                                "image": {"path": "a.png", "pixels_per_cell": 70}}))
    with pytest.raises(MapError, match=r"m.json: image.path: a.png: a symbolic link that leads to itself$"):
        load(path)
    with pytest.raises(MapError, match=r"a.png: cannot read: Too many levels of symbolic links"):
        load(tmp_path / "a.png")


def test_a_spawn_name_longer_than_a_combatant_may_have_opens_cut(tmp_path):
    """A map's names may be 200 characters, a combatant's 80: a two-sided map with a 150-character
    spawn was refused as "combatants[0].sheet.name", a field the map does not have."""
    from tactics.ui.opening import open_path

    path = tmp_path / "long.json"
    path.write_text(json.dumps({"format": "tactics-map", "version": 1, "width": 6, "height": 4,
                                "spawns": [{"name": "Sir " + "Very" * 40, "cell": [0, 0], "team": "party"},
                                           {"name": "Bear", "cell": [5, 3], "team": "bears"}]}))
    encounter = open_path(path, seed=1)
    names = sorted(c.name for c in encounter.state.combatants.values())
    assert names == ["Bear", ("Sir " + "Very" * 40)[:80]]


# -- encounter files -------------------------------------------------------------------------

ENCOUNTER = ('name = "x"\nmap = "room.txt"\n[teams.party]\nname = "P"\ncolour = [1, 2, 3]\n'
             '[[combatants]]\nid = "ann"\nteam = "party"\ncell = [1, 1]\nsheet = "brandon"\n')


@pytest.fixture
def room(tmp_path: Path) -> Path:
    (tmp_path / "room.txt").write_text("......\n......\n......\n......\n")
    return tmp_path


def test_a_toml_key_of_thousands_of_dotted_parts_is_refused_before_parsing(room):
    """tomllib joins a key's parts one by one: a 200 KB key of 100,000 parts took 10 s and ran out of
    memory ("the map is too large to open"); a key of 5,000 parts is refused with its line, unparsed."""
    from limits import memory_peak
    from tactics.engine.core.encounter import load_encounter
    from tactics.rules.data import DataError
    from tactics.rules.terrain import load_terrain

    path = room / "keys.encounter.toml"
    path.write_text(ENCOUNTER + "x" + ".a" * 5000 + " = 1\n")
    with memory_peak() as peak:
        with pytest.raises(DataError, match=r"keys.encounter.toml: line 11: a key of more than 1,000 dotted parts"):
            load_encounter(path)
    assert peak.bytes < 2_000_000
    rules = room / "terrain.toml"
    rules.write_text("[" + ".".join(['"t"'] * 1500) + "]\nsymbol = 'x'\n")
    with pytest.raises(DataError, match=r"terrain.toml: line 1: a key of more than 1,000 dotted parts"):
        load_terrain(rules)
    path.write_text(ENCOUNTER + 'name2 = "' + "Wait. " * 2000 + '"\n')  # prose with dots: not a key
    with pytest.raises(DataError, match="name2"):  # refused as an unknown field, after parsing
        load_encounter(path)


def test_an_encounter_whose_map_or_token_picture_is_a_symlink_loop(room, capsys):
    """Before: "cannot open: RuntimeError: Symlink loop from ..." for both."""
    from tactics.engine.core.encounter import load_encounter
    from tactics.rules.data import DataError
    from tactics.ui import token_art

    (room / "a.txt").symlink_to("b.txt")
    (room / "b.txt").symlink_to("a.txt")
    path = room / "loop.encounter.toml"
    path.write_text(ENCOUNTER.replace('map = "room.txt"', 'map = "a.txt"'))
    with pytest.raises(DataError, match=r"loop.encounter.toml: map: a.txt: a symbolic link that leads to itself$"):
        load_encounter(path)
    path.write_text(ENCOUNTER + 'art = "a.txt"\n')
    encounter = load_encounter(path)  # the picture is the window's: it says so and draws initials
    art = encounter.state.combatants["ann"].art
    assert art is not None and art.endswith("a.txt")
    token_art.forget()
    token_art.take_problems()
    assert token_art.source(art) is None
    assert token_art.take_message() == "Token picture a.txt cannot be shown (too many levels of symbolic links): showing initials."


def test_a_token_picture_name_with_a_nul_is_refused_naming_the_field(room):
    """Before: refused by accident ("cannot open: ValueError: embedded null byte"); made absolute
    without resolving, it reached the window, whose banner could not draw the NUL."""
    from tactics.engine.core.encounter import load_encounter
    from tactics.rules.data import DataError

    path = room / "nul.encounter.json"
    doc = {"name": "x", "map": "room.txt", "teams": {"party": {"name": "P", "colour": [1, 2, 3]}},
           "combatants": [{"id": "ann", "team": "party", "cell": [1, 1], "sheet": "brandon", "art": "\u0000x.png"}]}
    path.write_text(json.dumps(doc))
    with pytest.raises(DataError, match=r"nul.encounter.json: combatants\[0\].art: .*must not hold control characters"):
        load_encounter(path)


def test_numbers_past_pythons_digit_limit_are_said_as_such(room):
    from tactics.engine.core.encounter import load_encounter
    from tactics.rules.data import DataError

    path = room / "digits.encounter.json"
    path.write_text('{"name": "x", "map": "room.txt", "seed": ' + "9" * 5000 + "}")
    with pytest.raises(DataError, match=r"digits.encounter.json: holds a number too long to read \(5,000 digits\)$"):
        load_encounter(path)
    native = room / "digits.json"
    native.write_text('{"format": "tactics-map", "version": 1, "width": ' + "9" * 5000 + ', "height": 4}')
    with pytest.raises(MapError, match=r"digits.json: not valid JSON: holds a number too long to read \(5,000 digits\)$"):
        load(native)


def test_text_holding_a_nul_is_drawn(monkeypatch):
    """pygame refuses to render a NUL; a message may quote a file's name or contents."""
    import pygame

    from tactics.ui import theme

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    theme.reset_caches()
    try:
        assert theme.text("Token picture \u0000x.png", 16).get_width() > theme.text("Token picture ", 16).get_width()
    finally:
        theme.reset_caches()
        pygame.quit()


# -- rules data and a table's own folder ----------------------------------------------------


def test_the_damage_distribution_of_the_largest_dice_a_rules_file_may_name_is_made_by_windows():
    """The opponent weighs a weapon by its exact damage distribution. Adding a die looped over every
    face of every total: a table's 20d1000 took 35 s, 100d1000 (which the dice accept) never ended."""
    from fractions import Fraction

    from tactics.rules.dice import DiceExpr, sum_distribution

    dist = DiceExpr.parse("20d1000+5").distribution()
    assert len(dist) == 20 * 999 + 1 and min(dist) == 25 and max(dist) == 20_005
    assert sum(dist.values()) == 1 and dist[25] == Fraction(1, 1000**20) and dist[25 + 1] == 20 * dist[25]
    assert dist[10_015] == dist[10_014 + 1] and dist[10_014 - 500] == dist[10_016 + 500]  # symmetric
    assert sum_distribution(3, 6)[10] == Fraction(27, 216) and sum_distribution(2, 1) == {2: Fraction(1)}


def test_a_rules_file_in_a_table_folder_that_cannot_be_read_is_named(tmp_path, monkeypatch):
    """A ``weapons.toml`` that is a folder or a link to itself was passed over without a word: the
    status line said "no rules file in it, the bundled rules are used"."""
    from tactics.rules.table_folder import read_table_folder

    (tmp_path / "weapons.toml").mkdir()
    (tmp_path / "grenades.toml").symlink_to("grenades.toml")
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "gone.toml").symlink_to("nowhere.toml")
    (tmp_path / "terrain.toml").write_text("")
    folder = read_table_folder(tmp_path)
    assert folder is not None and folder.replaced == ["terrain.toml"]
    assert folder.problems == [
        f"grenades.toml in {tmp_path} cannot be read (Too many levels of symbolic links); the bundled rules are used in its place",
        f"weapons.toml in {tmp_path} cannot be read (is a folder, not a file); the bundled rules are used in its place",
        f"ships/gone.toml in {tmp_path} cannot be read (a link to nothing); the bundled rules are used in its place",
    ]


def test_a_bad_terrain_file_is_named_as_itself_not_as_the_map(tmp_path, monkeypatch):
    """Before: "space-bears.json: could not read this map (DataError: .../terrain.toml: ...)"."""
    from tactics.rules.data import DataError, use_folder
    from tactics.ui.opening import OpenError, open_path

    house = tmp_path / "house"
    house.mkdir()
    bundled = Path(__file__).resolve().parents[1] / "tactics" / "data" / "terrain.toml"
    (house / "terrain.toml").write_text(bundled.read_text().replace("cost = 2\ncolour = [38, 92, 140]",
                                                                   "cost = 0\ncolour = [38, 92, 140]"))
    (tmp_path / "room.txt").write_text("...\n")
    monkeypatch.setenv("TACTICS_DATA", str(house))
    use_folder(house)
    try:
        with pytest.raises(DataError, match=r"house/terrain.toml: terrain.water.cost: Input should be greater"):
            load(tmp_path / "room.txt")
        with pytest.raises(OpenError) as info:
            open_path(tmp_path / "room.txt")
        assert str(info.value).startswith(f"{house / 'terrain.toml'}: terrain.water.cost: ")
    finally:
        use_folder(None)


def test_a_refusal_quoting_thousands_of_characters_is_cut(tmp_path):
    from tactics.ui.opening import MAX_PROBLEM_CHARS, OpenError

    error = OpenError("save.tactics.json", "entries[1]: cell: [" + "9" * 4000 + ", 3] is not a square")
    assert len(error.problem) <= MAX_PROBLEM_CHARS and error.problem.endswith("... (4,039 characters)")
    assert str(error).startswith("save.tactics.json: entries[1]: cell: [999")


def test_the_opponent_weighs_a_weapon_of_a_hundred_thousand_totals_by_runs_of_them():
    """A table's weapon of 100d1000+10000 (the dice accept it): the opponent's first look at the
    fight summed every pair of its 99,901 totals for a Major Hit, and never ended."""
    from tactics.ai import scoring
    from tactics.rules.attacks import expected_damage
    from tactics.rules.dice import DiceExpr

    points = scoring._dice("10d1000+10000")
    assert len(points) <= scoring.MAX_DAMAGE_POINTS
    assert abs(sum(p for _, p in points) - 1) < 1e-9
    assert abs(sum(k * p for k, p in points) - (10 * 1001 / 2 + 10_000)) < 1  # the mean kept
    major = scoring._amounts("10d1000+10000", "major", 2)
    assert len(major) <= scoring.MAX_DAMAGE_POINTS and abs(sum(p for _, p in major) - 1) < 1e-9
    assert scoring._dice("2d6") == tuple(sorted((k, float(p)) for k, p in DiceExpr.parse("2d6").distribution().items()))
    chances = {"hit": Fraction(1, 2), "major": Fraction(1, 4)}
    mean = 10 * 1001 / 2 + 10_000
    assert float(expected_damage(chances, "10d1000+10000")) > mean / 2 + mean / 4  # the higher of two, exactly


# -- Tiled colours and custom properties -----------------------------------------------------


@pytest.mark.parametrize("change, expected", [
    (('infinite="0"', 'infinite="0" backgroundcolor="#zzzzzz"'), "the map: backgroundcolor '#zzzzzz' is not a colour"),
    (('<layer id="1" name="ground" width="6" height="4">', '<layer id="1" name="ground" width="6" height="4" tintcolor="#12"'
      '>'), "layer 'ground': tintcolor '#12' is not a colour"),
    (('<property name="closed" type="bool" value="true"/>', '<property name="closed" type="color" value="#zz"/>'),
     "property 'closed' of object 4 'cell door': '#zz' is not a colour (#RRGGBB or #AARRGGBB)"),
    (('<property name="terrain" value="wall"/>', '<property name="terrain" type="int" value="1e400"/>'),
     "property 'terrain' of tile 1 of tileset 'dungeon': '1e400' is not a whole number"),
    (('<property name="team" value="party"/>', '<property name="team" type="float" value="lots"/>'),
     "property 'team' of object 5 'Brandon': 'lots' is not a number"),
])
def test_a_tiled_colour_or_number_that_is_not_one_is_named_with_its_element(folder, change, expected):
    """Before: "not a valid Tiled map (ValueError: invalid literal for int() with base 16: 'zz')" and
    the like, naming neither the attribute nor where it is."""
    path = folder / "bad.tmx"
    path.write_text(tmx().replace(*change))
    with pytest.raises(MapError) as info:
        load(path)
    assert str(info.value) == f"{path}: {expected}" or str(info.value).startswith(f"{path}: {expected}")


def test_an_unset_tiled_colour_property_loads(folder):
    """Tiled writes an unset colour property as ``value=""``: pytiled-parser refused the whole map."""
    path = folder / "unset.tmx"
    path.write_text(tmx().replace('<property name="team" value="party"/>',
                                  '<property name="team" value="party"/><property name="tint" type="color" value=""/>'))
    assert [s.name for s in load(path).spawns] == ["Brandon", "Bear"]
    doc = tmj()
    doc["layers"][3]["objects"][2]["properties"].append({"name": "tint", "type": "color", "value": ""})
    (folder / "unset.tmj").write_text(json.dumps(doc))
    assert [s.name for s in load(folder / "unset.tmj").spawns] == ["Brandon", "Bear"]


def test_a_tmj_colour_or_property_that_is_not_one_is_named_by_its_place(folder):
    """Before: "Unknown Map Format, please use either the TMX or JSON format" for a bad colour, and
    "type str doesn't define __round__ method" for an int property of text."""
    cases = [
        (lambda d: d["layers"][0].update(tintcolor="#zz"), "layers[0].tintcolor: '#zz' is not a colour"),
        (lambda d: d["layers"][3]["objects"][2]["properties"].append({"name": "hp", "type": "int", "value": "abc"}),
         "layers[3].objects[2].properties[2] ('hp'): 'abc' is not a whole number"),
        (lambda d: d["layers"][3]["objects"][2]["properties"].append({"name": "x", "value": 1}),
         "layers[3].objects[2].properties[2]: a property needs a name and a type (text)"),
    ]
    for change, expected in cases:
        doc = tmj()
        change(doc)
        path = folder / "bad.tmj"
        path.write_text(json.dumps(doc))
        with pytest.raises(MapError) as info:
            load(path)
        assert str(info.value).startswith(f"{path}: {expected}"), str(info.value)
