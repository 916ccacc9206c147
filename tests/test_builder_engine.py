"""The encounter builder's engine: commands that set up a fight, and the encounter file writer.

What is tested: adding a team and combatants (a bundled sheet, a quick stat
block) to a bare map, placing, editing and removing them are journal commands
(undo takes each back, a save replays them); bad input is refused with a
sentence and changes nothing; nothing of the set-up changes once a fight is
under way; token art is checked before it is accepted (size read from the
header, never decoded); and an encounter file written from the state loads
back to the same state (teams, combatants, sheets, cells, art, traps), with
paths relative to the file. The TOML writer round-trips through ``tomllib``
for any document it accepts (Hypothesis).
"""

from __future__ import annotations

import struct
import tomllib
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactics.engine.board import Place
from tactics.engine.builder.commands import (
    AddCombatant, AddTeam, EditCombatant, EditTeam, RemoveCombatant, quick_sheet,
)
from tactics.engine.builder.tomltext import dumps
from tactics.engine.builder.writer import EncounterFileError, encounter_document, write_encounter_file
from tactics.engine.combat.team import StartCombat
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.core.journal import Refused
from tactics.rules.data import DataError
from tactics.engine.hazards.commands import PlaceTrap
from tactics.engine.saves.document import load_save, save_encounter
from tactics.ui.opening import open_path

ROOM = "........\n........\n...#....\n........\n"


def png(path: Path, width: int = 4, height: int = 4) -> Path:
    """A tiny real PNG (solid orange), written without pygame."""
    raw = b"".join(b"\x00" + b"\xff\x80\x20" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return path


@pytest.fixture
def bare(tmp_path: Path) -> Encounter:
    """A map with no spawns opened as ``tactics room.txt`` opens it: no teams, no one on it."""
    (tmp_path / "room.txt").write_text(ROOM)
    return open_path(tmp_path / "room.txt", seed=1)


def set_up(enc: Encounter, art: Path | None = None) -> None:
    enc.submit(AddTeam("The Party", [70, 140, 230], players=True))
    enc.submit(AddCombatant("Brandon", "the-party", sheet="brandon", cell=[1, 1], art=str(art) if art else None))
    enc.submit(AddCombatant("Ogre", "foes", sheet=quick_sheet("Ogre", hp=40, ac=12, weapon="bear_claws", dex=8, wis=10),
                            new_team={"name": "Foes", "colour": [220, 80, 60], "players": False}))
    enc.submit(Place("ogre", (6, 3)))


def test_a_bare_map_gets_teams_and_combatants_through_commands(bare: Encounter) -> None:
    set_up(bare)
    state = bare.state
    assert set(state.teams) == {"the-party", "foes"} and state.teams["the-party"].players
    brandon, ogre = state.combatants["brandon"], state.combatants["ogre"]
    assert brandon.cell == (1, 1) and brandon.hp == brandon.max_hp == 22 and brandon.sheet.ac == 15
    assert ogre.cell == (6, 3) and ogre.hp == 40 and ogre.sheet.ac == 12
    assert ogre.sheet.initiative == -1 + 0  # DEX 8 (-1) + WIS 10 (0), R-INIT-1
    assert [w for w in ogre.sheet.weapons] == ["bear_claws"] and "natural" in ogre.sheet.proficiencies
    assert [e.command for e in bare.journal.entries] == ["add-team", "add-combatant", "add-combatant", "place"]
    bare.undo()
    bare.undo()  # the ogre and its new team go in one step
    assert "ogre" not in bare.state.combatants and "foes" not in bare.state.teams


def test_edit_and_remove_are_undoable(bare: Encounter) -> None:
    set_up(bare)
    bare.submit(EditCombatant("ogre", {"name": "Big Ogre", "hp": 30, "max_hp": 50, "hidden": True}))
    ogre = bare.state.combatants["ogre"]
    assert (ogre.name, ogre.hp, ogre.max_hp, ogre.hidden) == ("Big Ogre", 30, 50, True)
    bare.submit(EditTeam("foes", "Ogres", [90, 190, 110], players=False))
    assert bare.state.teams["foes"].name == "Ogres" and bare.state.teams["foes"].colour == (90, 190, 110)
    bare.submit(RemoveCombatant("brandon"))
    assert "brandon" not in bare.state.combatants
    bare.undo()
    assert bare.state.combatants["brandon"].cell == (1, 1)
    bare.undo()
    bare.undo()
    assert bare.state.combatants["ogre"].name == "Ogre"


@pytest.mark.parametrize("command, reason", [
    (AddCombatant("", "the-party", sheet="brandon"), "needs a name"),
    (AddCombatant("Nobody", "nowhere", sheet="brandon"), "add the team first"),
    (AddCombatant("Ghost", "the-party", sheet="no_such_sheet"), "unknown sheet"),
    (AddCombatant("Ghost", "the-party", sheet=quick_sheet("Ghost", hp=5, ac=10, weapon="laser_sword")), "unknown weapon"),
    (AddCombatant("Ghost", "the-party", hp=0), "hit points go from 1"),
    (AddCombatant("Ghost", "the-party", cell=[3, 2]), "no one can stand"),
    (AddCombatant("Ghost", "the-party", cell=[1, 1]), "Brandon already stands there"),
    (AddTeam("the party"), "already a team called"),
    (EditCombatant("brandon", {"hp": 99}), "above the maximum"),
    (EditCombatant("brandon", {"facing": "N"}), "cannot change facing"),
    (RemoveCombatant("nobody"), "no combatant"),
])
def test_bad_set_up_is_refused_with_a_reason_and_changes_nothing(bare: Encounter, command, reason: str) -> None:
    set_up(bare)
    before = len(bare.journal.entries)
    with pytest.raises(Refused, match=reason):
        bare.submit(command)
    assert len(bare.journal.entries) == before


def test_nothing_of_the_set_up_changes_during_a_fight(bare: Encounter) -> None:
    set_up(bare)
    bare.submit(StartCombat())
    for command in (AddCombatant("Late", "foes", hp=5), RemoveCombatant("ogre"), EditCombatant("ogre", {"hp": 1}),
                    AddTeam("Third")):
        with pytest.raises(Refused, match="fight is under way"):
            bare.submit(command)


def test_token_art_is_checked_before_it_is_taken(bare: Encounter, tmp_path: Path) -> None:
    set_up(bare)
    good = png(tmp_path / "brandon.png")
    bare.submit(EditCombatant("brandon", {"art": str(good)}))
    assert bare.state.combatants["brandon"].art == str(good.resolve())
    (tmp_path / "notes.png").write_text("not a picture")
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">IIBBBBB", 60000, 60000, 8, 2, 0, 0, 0))
    for path, reason in ((tmp_path / "missing.png", "no picture at"), (tmp_path / "notes.png", "cannot be a token"),
                         (bomb, "limit is|too large")):
        with pytest.raises(Refused, match=reason):
            bare.submit(EditCombatant("ogre", {"art": str(path)}))
    assert bare.state.combatants["ogre"].art is None


def _snapshot(state) -> dict:
    return {
        "teams": {t.id: (t.name, tuple(t.colour), t.players) for t in state.teams.values()},
        "combatants": {c.id: (c.name, c.team, c.cell, c.hp, c.max_hp, c.hidden, c.present, c.art, c.sheet)
                       for c in state.combatants.values()},
        "traps": {t.id: (t.kind, t.cell, t.hidden, t.detection_dc) for t in state.traps.values()},
    }


def test_an_encounter_file_written_loads_back_to_the_same_state(bare: Encounter, tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    art = png(tmp_path / "art" / "brandon.png")
    set_up(bare, art)
    bare.submit(EditCombatant("ogre", {"hp": 25}))  # hurt before the fight
    bare.submit(PlaceTrap("frag_mine", (4, 1)))
    out = tmp_path / "fights" / "ogre"
    out.parent.mkdir()
    written = write_encounter_file(bare.state, bare.definition, out)
    assert written.name == "ogre.encounter.toml"
    doc = tomllib.loads(written.read_text())
    assert doc["map"] == "../room.txt" and doc["combatants"][0]["art"] == "../art/brandon.png"  # relative paths
    again = load_encounter(written)
    assert _snapshot(again.state) == _snapshot(bare.state)
    assert again.state.combatants["ogre"].sheet.title == "Ogre"
    # what `tactics FILE` does, and a save of it, find the art too
    assert open_path(written).state.combatants["brandon"].art == str(art.resolve())
    save_encounter(again, tmp_path / "night.tactics.json")
    assert load_save(tmp_path / "night.tactics.json").state.combatants["brandon"].art == str(art.resolve())


def test_a_save_replays_the_set_up(bare: Encounter, tmp_path: Path) -> None:
    set_up(bare)
    save_encounter(bare, tmp_path / "setup.tactics.json")
    assert _snapshot(load_save(tmp_path / "setup.tactics.json").state) == _snapshot(bare.state)


def test_the_bundled_encounter_writes_back_to_itself(tmp_path: Path) -> None:
    """The Space Bears file written from its own start state opens to the same state and opening."""
    from tactics.assets import bundled

    enc = load_encounter(bundled("space-bears.encounter.toml"))
    doc = encounter_document(enc.state, enc.definition, bundled("x.encounter.toml"))
    assert doc["opening"] == enc.definition["opening"]
    assert doc["combatants"][0] == {"id": "brandon", "name": "Brandon", "team": "party", "sheet": "brandon",
                                    "cell": list(enc.state.combatants["brandon"].cell), "hidden": True, "stealth": 18}
    written = write_encounter_file(enc.state, enc.definition, tmp_path / "copy.encounter.toml")
    # not a path into the install folder (a reinstall or an upgrade moves it): the bundled map by name
    assert tomllib.loads(written.read_text())["map"] == "bundled:space-bears.json"
    again = load_encounter(written)
    assert _snapshot(again.state) == _snapshot(enc.state)
    assert again.definition["opening"] == enc.definition["opening"]
    elsewhere = tmp_path / "moved" / "deep"
    elsewhere.mkdir(parents=True)
    moved = elsewhere / "copy.encounter.toml"
    moved.write_text(written.read_text())
    assert _snapshot(load_encounter(moved).state) == _snapshot(enc.state)  # the file works from any folder


@pytest.mark.parametrize("ref", ["bundled:../../../../etc/passwd", "bundled:", "bundled:../__init__.py"])
def test_a_bundled_map_name_never_reaches_outside_the_maps_folder(tmp_path: Path, ref: str) -> None:
    path = tmp_path / "x.encounter.toml"
    path.write_text(f'name = "x"\nmap = "{ref}"\n')
    with pytest.raises(DataError) as err:
        load_encounter(path)
    assert "map" in str(err.value) and "bundled" in str(err.value)


def test_a_map_without_a_file_or_a_missing_folder_is_refused(bare: Encounter, tmp_path: Path) -> None:
    from tactics.maps import BattleMap

    set_up(bare)
    with pytest.raises(EncounterFileError, match="does not exist"):
        write_encounter_file(bare.state, bare.definition, tmp_path / "nope" / "x")
    loose = Encounter({"name": "Loose"}, BattleMap.from_text(ROOM))
    with pytest.raises(EncounterFileError, match="not a file of its own"):
        write_encounter_file(loose.state, loose.definition, tmp_path / "loose")
    assert not list(tmp_path.glob("*.encounter.toml"))


_keys = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8)
_scalars = (st.integers(-2**63, 2**63 - 1) | st.booleans() | st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
            | st.floats(allow_nan=False, allow_infinity=False))
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_keys, inner, max_size=3),
                       max_leaves=12)


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(_keys, _values | st.lists(st.dictionaries(_keys, _values, max_size=3), min_size=1, max_size=2),
                       max_size=5))
def test_toml_text_reads_back_as_written(doc: dict) -> None:
    assert tomllib.loads(dumps(doc, header="a header\nof two lines")) == doc


def test_the_log_says_what_the_set_up_did_in_words(bare: Encounter) -> None:
    from tactics.engine.combat.queries import describe

    set_up(bare)
    bare.submit(EditCombatant("ogre", {"hidden": True, "hp": 30}))
    bare.submit(RemoveCombatant("brandon"))
    lines = [describe(e, bare.state) for e in bare.journal.events]
    assert lines[:3] == ["Set up: new team The Party (played by the players).",
                         "Set up: Brandon joins The Party (22 hp).",
                         "Set up: new team Foes (played by the GM)."]
    assert "Set up: Ogre: hit points 30, hidden from the players." in lines
    assert lines[-1] == "Set up: Brandon removed."


def test_copies_are_added_in_one_step_with_numbered_names(bare: Encounter) -> None:
    set_up(bare)
    bare.submit(AddCombatant("Space Bear", "foes", sheet="space_bear", copies=3))
    names = [c.name for c in bare.state.combatants.values() if c.sheet.name == "space_bear"]
    assert names == ["Space Bear 1", "Space Bear 2", "Space Bear 3"]
    assert all(bare.state.combatants[cid].cell is None for cid in ("space-bear-1", "space-bear-2", "space-bear-3"))
    bare.submit(AddCombatant("Space Bear", "foes", sheet="space_bear", copies=2))
    assert [c.name for c in bare.state.combatants.values()][-2:] == ["Space Bear 4", "Space Bear 5"]
    bare.undo()
    bare.undo()  # one Ctrl+Z per click of Add, however many came
    assert not any(c.name.startswith("Space Bear") for c in bare.state.combatants.values())
    with pytest.raises(Refused, match="from 1 to 20"):
        bare.submit(AddCombatant("Horde", "foes", copies=21))


def test_a_dungeondraft_map_set_up_and_written_opens_as_placed(tmp_path: Path) -> None:
    """`tactics my-map.dd2vtt`, two combatants added and placed, the encounter file written and opened."""
    from test_maps_uvtt import export, write

    battle_map = write(tmp_path, export(), "cellar.dd2vtt")
    enc = open_path(battle_map, seed=2)
    assert not enc.state.combatants
    enc.submit(AddCombatant("Brandon", "party", sheet="brandon", cell=[0, 0],
                            new_team={"name": "The Party", "colour": [70, 140, 230], "players": True}))
    enc.submit(AddCombatant("Rat", "foes", sheet=quick_sheet("Rat", hp=4, ac=11, weapon="combat_knife"), cell=[4, 2],
                            new_team={"name": "Foes", "colour": [220, 80, 60], "players": False}))
    written = write_encounter_file(enc.state, enc.definition, tmp_path / "cellar")
    assert tomllib.loads(written.read_text())["map"] == "cellar.dd2vtt"
    again = open_path(written)
    assert _snapshot(again.state) == _snapshot(enc.state)
    assert again.state.map.walls is not None and again.state.map.width == enc.state.map.width


def test_a_save_of_a_bundled_map_opens_after_the_app_moved(tmp_path: Path) -> None:
    """A save names the bundled map by name too: a reinstall elsewhere does not lose the game."""
    import json

    from tactics.assets import bundled

    enc = load_encounter(bundled("space-bears.encounter.toml"))
    enc.submit(Place("brandon", (3, 3)))
    target = tmp_path / "night.tactics.json"
    save_encounter(enc, target)
    doc = json.loads(target.read_text())
    assert doc["map"]["bundled"] == "space-bears.json"
    doc["map"]["path"] = "../../old-install/lib/python3.9/site-packages/tactics/assets/maps/space-bears.json"
    doc["map"]["absolute"] = "/nowhere/old-install/tactics/assets/maps/space-bears.json"
    target.write_text(json.dumps(doc))
    again = load_save(target)
    assert again.state.combatants["brandon"].cell == (3, 3)
    doc["map"]["bundled"] = "../../../etc/passwd"
    target.write_text(json.dumps(doc))
    with pytest.raises(Exception) as err:
        load_save(target)
    assert "map.bundled" in str(err.value)
