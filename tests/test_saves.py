"""Saves: a saved encounter comes back exactly, and a bad file is refused clearly.

What is tested: the native save format (issue 7) round-trips an encounter
(tokens, redo stack, dice sequence), writes atomically, migrates version 0, and
refuses corrupted, cut-off and hand-edited files with a SaveError naming the
line/column or the field, without touching any file.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tactics import atomicfiles
from tactics.engine.saves import document as saves
from tactics.engine.board import Walk
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Event
from tactics.engine.saves.document import SaveError, load_save, save_encounter
from tactics.maps import BattleMap
from tactics.rules.dice import Dice

ARENA = """
........
..#.....
..#..~~.
........
"""

DEFINITION: dict[str, Any] = {
    "name": "Arena",
    "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Space Bears"}},
    "combatants": [
        {"id": "brandon", "name": "Brandon", "team": "party", "cell": [0, 0], "hp": 12},
        {"id": "ursa", "name": "Ursa", "team": "bears", "cell": [7, 3], "hp": 30},
    ],
    "settings": {"radius": "square"},
}


@dataclass
class RollThenPlace:
    """A test command that draws dice (like an attack) and records the faces."""

    combatant: str
    cell: tuple[int, int]
    name: str = "roll-place"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "cell": list(self.cell)}

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        faces = dice.roll(2, 20)
        return [Event("token.placed", {"combatant": self.combatant, "cell": list(self.cell), "faces": faces})]


def text_map_file(folder: Path, name: str = "arena.txt") -> Path:
    path = folder / name
    path.write_text(ARENA.strip() + "\n", encoding="utf-8")
    return path


def file_encounter(folder: Path, seed: int = 7) -> Encounter:
    from tactics.maps import load

    return Encounter(json.loads(json.dumps(DEFINITION)), load(text_map_file(folder)), seed=seed)


def played(encounter: Encounter) -> Encounter:
    encounter.submit(Walk("brandon", [(1, 0), (2, 0), (3, 0), (3, 1)]))
    encounter.submit(RollThenPlace("ursa", (6, 0)))
    encounter.submit(Walk("brandon", [(4, 2)]))
    encounter.submit(RollThenPlace("brandon", (0, 3)))
    encounter.undo()
    return encounter


def cells(encounter: Encounter) -> dict[str, Any]:
    return {c.id: c.cell for c in encounter.state.combatants.values()}


# -- round trips -----------------------------------------------------------------


def test_saved_encounter_comes_back_with_tokens_redo_and_seed(tmp_path: Path) -> None:
    game = played(file_encounter(tmp_path))
    path = save_encounter(game, tmp_path / "game.json")
    back = load_save(path)
    assert cells(back) == cells(game) == {"brandon": (4, 2), "ursa": (6, 0)}
    assert back.seed == game.seed
    assert [e.to_dict() for e in back.journal.entries] == [e.to_dict() for e in game.journal.entries]
    assert back.journal.can_redo()
    back.redo()
    game.redo()
    assert cells(back) == cells(game) == {"brandon": (0, 3), "ursa": (6, 0)}


def test_dice_after_loading_continue_the_same_sequence(tmp_path: Path) -> None:
    """Loading never re-rolls: the next roll is the one the unsaved game would make."""
    game = played(file_encounter(tmp_path))
    back = load_save(save_encounter(game, tmp_path / "game.json"))
    a = game.submit(RollThenPlace("ursa", (5, 0)))
    b = back.submit(RollThenPlace("ursa", (5, 0)))
    assert a.events[0].data["faces"] == b.events[0].data["faces"]
    assert (a.dice_before, a.dice_after) == (b.dice_before, b.dice_after) == (2, 4)


def test_map_in_the_save_folder_is_referenced_relatively(tmp_path: Path) -> None:
    game = file_encounter(tmp_path)
    path = save_encounter(game, tmp_path / "game.json")
    doc = json.loads(path.read_text())
    assert doc["map"] == {"path": "arena.txt", "absolute": str((tmp_path / "arena.txt").resolve())}
    # moving the folder keeps the save working
    moved = tmp_path / "moved"
    (tmp_path).joinpath("moved").mkdir()
    os.replace(tmp_path / "arena.txt", moved / "arena.txt")
    os.replace(path, moved / "game.json")
    assert load_save(moved / "game.json").map.to_text() == game.map.to_text()


def test_map_elsewhere_is_referenced_absolutely(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "saves").mkdir()
    from tactics.maps import load

    game = Encounter(dict(DEFINITION), load(text_map_file(tmp_path / "maps")), seed=1)
    path = save_encounter(game, tmp_path / "saves" / "game.json")
    ref = json.loads(path.read_text())["map"]["path"]
    assert Path(ref).is_absolute() and Path(ref) == (tmp_path / "maps" / "arena.txt").resolve()
    assert load_save(path).map.to_text() == game.map.to_text()


def test_map_not_from_a_file_is_embedded(tmp_path: Path) -> None:
    game = played(Encounter(dict(DEFINITION), BattleMap.from_text(ARENA), seed=3))
    path = save_encounter(game, tmp_path / "game.json")
    doc = json.loads(path.read_text())
    assert doc["map"]["format"] == "tactics-map"
    back = load_save(path)
    assert back.map.to_text() == game.map.to_text()
    assert cells(back) == cells(game)
    # saving the loaded game embeds the map again (it has no file of its own)
    again = json.loads(save_encounter(back, tmp_path / "again.json").read_text())
    assert again["map"]["format"] == "tactics-map"


def test_save_file_is_readable_json_one_entry_per_line(tmp_path: Path) -> None:
    game = played(file_encounter(tmp_path))
    text = save_encounter(game, tmp_path / "game.json").read_text()
    doc = json.loads(text)
    assert doc["format"] == "tactics-encounter" and doc["version"] == saves.VERSION
    assert doc["seed"] == 7 and len(doc["entries"]) == 3 and len(doc["redo"]) == 1
    lines = text.splitlines()
    entry_lines = [line for line in lines if line.startswith('  {"command"')]
    assert len(entry_lines) == 4  # three entries and one redo, one line each


def test_saving_sets_the_source_and_load_remembers_the_file(tmp_path: Path) -> None:
    game = file_encounter(tmp_path)
    path = save_encounter(game, tmp_path / "game.json")
    assert game.source == str(path)
    assert load_save(path).source == str(path)


def test_a_save_written_twice_is_the_same_save(tmp_path: Path) -> None:
    game = played(file_encounter(tmp_path))
    first = save_encounter(game, tmp_path / "a.json")
    second = save_encounter(load_save(first), tmp_path / "b.json")
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    for doc in (a, b):
        doc.pop("saved_at"), doc.pop("source")
    assert a == b


# -- atomic writes -----------------------------------------------------------------


def test_a_crash_while_writing_leaves_the_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = file_encounter(tmp_path)
    path = save_encounter(game, tmp_path / "game.json")
    before = path.read_bytes()
    game.submit(Walk("brandon", [(1, 1)]))

    def power_cut(*_: Any) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomicfiles.os, "replace", power_cut)  # the writer every save goes through
    with pytest.raises(OSError):
        save_encounter(game, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["arena.txt", "game.json"]  # no temp left


def test_writes_fsync_the_file_and_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else str(fd))
        real_fsync(fd)

    monkeypatch.setattr(atomicfiles.os, "fsync", fsync)
    save_encounter(file_encounter(tmp_path), tmp_path / "game.json")
    assert len(synced) == 2
    if os.path.exists("/proc/self/fd"):
        assert Path(synced[0]).name.endswith(".tmp") and Path(synced[1]) == tmp_path.resolve()


def test_something_unsaveable_is_refused_and_nothing_is_overwritten(tmp_path: Path) -> None:
    game = file_encounter(tmp_path)
    path = save_encounter(game, tmp_path / "game.json")
    before = path.read_bytes()
    game.definition["settings"]["marks"] = {(1, 2)}
    with pytest.raises(SaveError, match=r"definition\.settings\.marks: a set cannot be saved"):
        save_encounter(game, path)
    game.definition["settings"]["marks"] = {1: "x"}
    with pytest.raises(SaveError, match=r"definition\.settings\.marks: key 1 is not text"):
        save_encounter(game, path)
    game.definition["settings"]["marks"] = float("nan")
    with pytest.raises(SaveError, match=r"definition\.settings\.marks: nan cannot be saved"):
        save_encounter(game, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["arena.txt", "game.json"]


def test_a_save_is_never_written_over_the_map_or_the_encounter_file(tmp_path: Path) -> None:
    """A script's slip (the map's name for the save's) is refused as the window refuses it: the
    GM's map and encounter file stay as they were; an existing save is still replaced."""
    from tactics.assets import bundled
    from tactics.engine.core.encounter import load_encounter

    for name in ("space-bears.encounter.toml", "space-bears.json", "space-bears.png"):
        (tmp_path / name).write_bytes(bundled(name).read_bytes())
    game = load_encounter(tmp_path / "space-bears.encounter.toml", seed=7)
    game.submit(Walk("james", [(17, 5)]))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for name, why in (("space-bears.json", "holds a map or another file, not a save"),
                      ("space-bears.encounter.toml", "holds an encounter file, not a save"),
                      ("space-bears.png", "holds a map or another file, not a save")):
        with pytest.raises(SaveError, match=rf"{name}: {why}"):
            save_encounter(game, tmp_path / name)
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(SaveError, match="folder.json: is a folder, not a save"):
        save_encounter(game, tmp_path / "folder.json")
    (tmp_path / "folder.json").rmdir()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert game.source == str(tmp_path / "space-bears.encounter.toml")
    saved = save_encounter(game, tmp_path / "game.json")
    game.submit(Walk("james", [(17, 6)]))
    assert save_encounter(game, saved) == saved  # a save is replaced, as Ctrl+S does
    assert cells(load_save(saved))["james"] == (17, 6)


# -- refusing bad files ---------------------------------------------------------------


@pytest.fixture
def good(tmp_path: Path) -> Path:
    return save_encounter(played(file_encounter(tmp_path)), tmp_path / "game.json")


def refused(path: Path) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert path.read_bytes() == before  # loading never changes the file
    return str(caught.value)


def edit(path: Path, change) -> Path:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc, indent=1))
    return path


def test_truncated_save_names_the_line_and_says_it_was_cut_off(good: Path) -> None:
    text = good.read_text()
    good.write_text(text[: len(text) * 2 // 3])
    message = refused(good)
    assert message.startswith(f"{good}: line ")
    assert ", column " in message and "cut off" in message


def test_broken_json_names_line_and_column(good: Path) -> None:
    lines = good.read_text().splitlines()
    lines[3] = lines[3].replace(":", " ", 1)
    good.write_text("\n".join(lines))
    assert "line 4, column" in refused(good)


def test_empty_binary_and_non_object_files_are_refused(good: Path) -> None:
    good.write_text("")
    assert "empty" in refused(good)
    good.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    assert "not UTF-8" in refused(good)
    good.write_text("[1, 2, 3]")
    assert "top level must be an object" in refused(good)
    good.write_text('{"format": "tactics-map", "version": 1}')
    assert "format: not a Tactics save" in refused(good)
    good.write_text('{"a": NaN}')
    assert "NaN" in refused(good)
    good.write_text("[" * 100_000)
    refused(good)


def test_missing_file_and_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="file not found"):
        load_save(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="folder"):
        load_save(tmp_path)


def test_unknown_event_kind_names_the_entry_and_event(good: Path) -> None:
    def change(doc: dict) -> None:
        doc["entries"][2]["events"].append({"kind": "foo", "data": {}})

    assert refused(edit(good, change)).endswith("entries[2].events[1]: unknown event kind 'foo'")


def test_wrong_types_name_the_field_path(good: Path) -> None:
    cases = [
        (lambda d: d["entries"][1].__setitem__("dice", [0, "2"]), "entries[1].dice[1]"),
        (lambda d: d["entries"][0].pop("events"), "entries[0].events"),
        (lambda d: d["redo"][0]["events"][0].__setitem__("kind", 3), "redo[0].events[0].kind"),
        (lambda d: d.__setitem__("seed", "7"), "seed"),
        (lambda d: d.__setitem__("seed", True), "seed"),
        (lambda d: d.pop("definition"), "definition"),
        (lambda d: d.__setitem__("surprise", 1), "surprise"),
        (lambda d: d["entries"][1].__setitem__("dice", [2, 0]), "entries[1].dice"),
    ]
    original = good.read_text()
    for change, where in cases:
        good.write_text(original)
        assert f"{good}: {where}: " in refused(edit(good, change))


def test_newer_version_is_refused_and_bad_version_named(good: Path) -> None:
    original = good.read_text()
    assert "newer Tactics" in refused(edit(good, lambda d: d.__setitem__("version", 99)))
    good.write_text(original)
    assert "version: expected a whole number" in refused(edit(good, lambda d: d.__setitem__("version", "1")))


def test_entries_that_no_longer_apply_name_the_entry(good: Path) -> None:
    def change(doc: dict) -> None:
        doc["entries"][1]["events"][0]["data"]["combatant"] = "nobody"

    message = refused(edit(good, change))
    assert "entries[1]: 'roll-place' cannot be replayed: KeyError" in message


def test_redo_that_would_not_apply_is_refused(good: Path) -> None:
    def change(doc: dict) -> None:
        doc["redo"][0]["events"][0]["data"].pop("cell")

    assert "redo[0].events[0].data.cell: 'roll-place' cannot be redone: missing" in refused(edit(good, change))


def test_missing_map_and_broken_definition_are_named(good: Path) -> None:
    original = good.read_text()
    message = refused(edit(good, lambda d: d["map"].__setitem__("path", "gone.txt")))
    assert f"{good}: map: " in message and "gone.txt" in message and "not found" in message
    good.write_text(original)
    message = refused(edit(good, lambda d: d["definition"]["combatants"][0].pop("team")))
    assert f"{good}: definition.combatants[0].team: missing" in message
    good.write_text(original)
    message = refused(edit(good, lambda d: d["map"].__setitem__("path", 5)))
    assert f"{good}: map.path: " in message


def test_embedded_map_errors_are_save_errors(tmp_path: Path) -> None:
    game = Encounter(dict(DEFINITION), BattleMap.from_text(ARENA), seed=3)
    path = save_encounter(game, tmp_path / "game.json")
    edit(path, lambda d: d["map"].__setitem__("width", -3))
    assert f"{path}: map: " in refused(path)


# -- versions -----------------------------------------------------------------------


def version_0(folder: Path) -> dict[str, Any]:
    """The pre-release shape: ``map_path`` and a ``log`` keeping only the dice
    cursor after each command; no redo, no time of saving."""
    text_map_file(folder)
    return {
        "format": "tactics-save",
        "definition": DEFINITION,
        "map_path": "arena.txt",
        "seed": 7,
        "log": [
            {
                "command": "walk",
                "args": {"combatant": "brandon", "path": [[1, 0]]},
                "events": [{"kind": "token.moved", "data": {"combatant": "brandon", "path": [[1, 0]], "feet": 5}}],
                "dice_cursor": 0,
            },
            {
                "command": "roll-place",
                "args": {"combatant": "ursa", "cell": [6, 0]},
                "events": [{"kind": "token.placed", "data": {"combatant": "ursa", "cell": [6, 0], "faces": [3, 17]}}],
                "dice_cursor": 2,
            },
        ],
    }


def test_version_0_is_migrated_to_version_1(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps(version_0(tmp_path)))
    game = load_save(path)
    assert cells(game) == {"brandon": (1, 0), "ursa": (6, 0)}
    assert [(e.dice_before, e.dice_after) for e in game.journal.entries] == [(0, 0), (0, 2)]
    assert not game.journal.can_redo()
    # saving writes the current version
    doc = json.loads(save_encounter(game, tmp_path / "new.json").read_text())
    assert doc["version"] == saves.VERSION and doc["entries"][1]["dice"] == [0, 2]


def test_migration_errors_name_the_old_field(tmp_path: Path) -> None:
    doc = version_0(tmp_path)
    doc["log"][1]["dice_cursor"] = -1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    assert f"{path}: log[1].dice_cursor: " in refused(path)
    doc["log"] = "nothing"
    path.write_text(json.dumps(doc))
    assert f"{path}: log: expected a list" in refused(path)


def test_migrations_run_step_by_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A future version 2 runs 0 -> 1 -> 2 in order."""
    seen: list[int] = []

    def one_to_two(doc: dict[str, Any], path: Any) -> dict[str, Any]:
        seen.append(doc["version"])
        return dict(doc, version=2)

    monkeypatch.setattr(saves, "VERSION", 2)
    monkeypatch.setitem(saves.MIGRATIONS, 1, one_to_two)
    doc = saves.upgrade(version_0(tmp_path), "old.json")
    assert seen == [1] and doc["version"] == 2 and doc["format"] == "tactics-encounter"
