"""Autosave: every command, undo and redo is on disk; restore offers the newest good one.

What is tested: an Autosaver attached to an encounter writes a loadable save
after each commit, undo and redo into the data folder (``TACTICS_DATA_DIR``),
keeps the last 10 per game, finds the newest (good) autosave of a game, offers
it only when it is newer than the file, and never breaks the game when a write
fails.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tactics.engine.saves import autosave as auto
from tactics.engine.saves.autosave import (
    Autosaver,
    last_good_autosave,
    latest_autosave,
    list_autosaves,
    newer_autosave_than,
)
from tactics.engine.board import Place, Walk
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.saves.document import load_save, save_encounter

from arena_game import ARENA
from arena_game import write_game as encounter_file



class Clock:
    """A fake clock: each reading is one second later (no sleeps, no wall clock)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def test_data_folder_comes_from_the_environment(data_dir: Path) -> None:
    assert auto.autosave_folder() == data_dir / "autosave"


def test_data_folder_defaults_to_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv("TACTICS_DATA_DIR", raising=False)
    assert auto.data_dir() == Path(platformdirs.user_data_dir("tactics", appauthor=False))


def test_every_commit_undo_and_redo_is_autosaved(tmp_path: Path, data_dir: Path) -> None:
    game = load_encounter(encounter_file(tmp_path), seed=4)
    saver = Autosaver(game, clock=Clock())
    assert latest_autosave() is None  # attaching writes nothing by itself
    game.submit(Walk("brandon", [(1, 0), (2, 0)]))
    assert saver.last_path is not None and saver.last_path.parent == data_dir / "autosave"
    assert load_save(latest_autosave()).state.combatants["brandon"].cell == (2, 0)
    game.submit(Place("ursa", (5, 0)))
    game.undo()
    restored = load_save(latest_autosave())
    assert restored.state.combatants["ursa"].cell == (7, 3) and restored.journal.can_redo()
    game.redo()
    assert load_save(latest_autosave()).state.combatants["ursa"].cell == (5, 0)
    assert len(list_autosaves()) == 4


def test_a_refused_command_writes_nothing(tmp_path: Path, data_dir: Path) -> None:
    from tactics.engine.core.journal import Refused

    game = load_encounter(encounter_file(tmp_path), seed=4)
    Autosaver(game, clock=Clock())
    with pytest.raises(Refused):
        game.submit(Walk("brandon", [(5, 5)]))
    assert list_autosaves() == []


def test_restored_autosave_belongs_to_the_original_file(tmp_path: Path, data_dir: Path) -> None:
    source = encounter_file(tmp_path)
    game = load_encounter(source, seed=4)
    Autosaver(game, clock=Clock())
    game.submit(Walk("brandon", [(1, 0)]))
    back = load_save(latest_autosave(for_source=source))
    assert back.source == str(source)
    assert json.loads(latest_autosave().read_text())["autosave"] is True


def test_only_the_last_ten_autosaves_of_a_game_are_kept(tmp_path: Path, data_dir: Path) -> None:
    game = load_encounter(encounter_file(tmp_path), seed=4)
    saver = Autosaver(game, clock=Clock())
    for i in range(25):
        game.submit(Place("brandon", (i % 8, 0)))
    found = list_autosaves()
    assert len(found) == 10
    assert [a.seq for a in found] == list(range(25, 15, -1))
    assert found[0].path == saver.last_path
    assert len(load_save(found[-1].path).journal.entries) == 16


def test_other_games_keep_their_own_autosaves(tmp_path: Path, data_dir: Path) -> None:
    first = load_encounter(encounter_file(tmp_path, "one.encounter.toml"), seed=1)
    second = load_encounter(encounter_file(tmp_path, "two.encounter.toml"), seed=2)
    clock = Clock()
    Autosaver(first, clock=clock)
    Autosaver(second, clock=clock)
    first.submit(Place("brandon", (1, 1)))
    for i in range(15):
        second.submit(Place("brandon", (i % 7, 3)))
    assert len(list_autosaves(tmp_path / "one.encounter.toml")) == 1
    assert len(list_autosaves(tmp_path / "two.encounter.toml")) == 10
    assert latest_autosave(for_source=tmp_path / "one.encounter.toml") != latest_autosave()


def test_everyone_keeps_at_most_keep_all(tmp_path: Path, data_dir: Path) -> None:
    clock = Clock()
    for n in range(4):
        game = load_encounter(encounter_file(tmp_path, f"g{n}.encounter.toml"), seed=n)
        Autosaver(game, clock=clock, keep=3, keep_all=5)
        for i in range(3):
            game.submit(Place("brandon", (i, 3)))
    assert len(list_autosaves()) == 5


def test_last_good_autosave_skips_corrupted_ones(tmp_path: Path, data_dir: Path) -> None:
    game = load_encounter(encounter_file(tmp_path), seed=4)
    Autosaver(game, clock=Clock())
    for i in range(4):
        game.submit(Place("brandon", (i, 0)))
    newest, second, third = [a.path for a in list_autosaves()[:3]]
    newest.write_text(newest.read_text()[:50])  # cut off mid-write by a disk failure
    second.write_text(second.read_text().replace('"token.placed"', '"token.exploded"', 1))
    assert latest_autosave() == newest
    assert last_good_autosave() == third
    assert load_save(third).state.combatants["brandon"].cell == (1, 0)


def test_newer_autosave_is_offered_only_when_newer_than_the_file(tmp_path: Path, data_dir: Path) -> None:
    game = load_encounter(encounter_file(tmp_path), seed=4)
    saved = save_encounter(game, tmp_path / "game.json")
    Autosaver(game, clock=Clock())
    game.submit(Place("brandon", (3, 3)))
    autosave = latest_autosave(for_source=saved)
    assert autosave is not None
    t = autosave.stat().st_mtime_ns
    os.utime(saved, ns=(t - 10**9, t - 10**9))  # the file is older: offer the autosave
    assert newer_autosave_than(saved) == autosave
    assert load_save(newer_autosave_than(saved)).state.combatants["brandon"].cell == (3, 3)
    os.utime(saved, ns=(t + 10**9, t + 10**9))  # saved after the autosave: nothing to offer
    assert newer_autosave_than(saved) is None
    assert newer_autosave_than(tmp_path / "other.json") is None


def test_newer_autosave_skips_a_corrupted_newest(tmp_path: Path, data_dir: Path) -> None:
    game = load_encounter(encounter_file(tmp_path), seed=4)
    saved = save_encounter(game, tmp_path / "game.json")
    os.utime(saved, ns=(0, 0))
    Autosaver(game, clock=Clock())
    game.submit(Place("brandon", (3, 3)))
    game.submit(Place("brandon", (4, 3)))
    newest, older = [a.path for a in list_autosaves(saved)]
    newest.write_bytes(b"\x00" * 20)
    assert newer_autosave_than(saved) == older


def test_a_failed_autosave_does_not_break_the_game(tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folder should be")
    game = load_encounter(encounter_file(tmp_path), seed=4)
    errors: list[Exception] = []
    saver = Autosaver(game, blocked, on_error=errors.append)
    game.submit(Place("brandon", (3, 3)))  # no exception reaches the table
    assert game.state.combatants["brandon"].cell == (3, 3)
    assert len(errors) == 1 and saver.last_error is errors[0]


def test_detached_autosaver_writes_no_more(tmp_path: Path, data_dir: Path) -> None:
    game = load_encounter(encounter_file(tmp_path), seed=4)
    saver = Autosaver(game, clock=Clock())
    saver.attach()  # attaching twice does not write twice
    game.submit(Place("brandon", (3, 3)))
    saver.detach()
    game.submit(Place("brandon", (4, 3)))
    assert len(list_autosaves()) == 1


def test_an_encounter_without_a_file_is_autosaved_with_its_map(data_dir: Path) -> None:
    from tactics.maps import BattleMap

    definition: dict[str, Any] = {"teams": {"a": {}}, "combatants": [{"id": "x", "team": "a", "cell": [0, 0]}]}
    game = Encounter(definition, BattleMap.from_text(ARENA), seed=9)
    Autosaver(game, clock=Clock())
    game.submit(Walk("x", [(1, 1)]))
    back = load_save(latest_autosave())
    assert back.state.combatants["x"].cell == (1, 1) and back.map.to_text() == game.map.to_text()


def test_autosave_after_undo_and_a_new_command_has_the_new_one(tmp_path: Path, data_dir: Path) -> None:
    """Entries are encoded once and reused; a replaced entry is written fresh."""
    game = load_encounter(encounter_file(tmp_path), seed=4)
    Autosaver(game, clock=Clock())
    game.submit(Place("brandon", (1, 0)))
    game.submit(Place("brandon", (2, 0)))
    game.undo()
    game.submit(Place("brandon", (3, 0)))
    entries = load_save(latest_autosave()).journal.entries
    assert [e.args["cell"] for e in entries] == [[1, 0], [3, 0]]


def test_an_unsaveable_event_is_reported_and_play_goes_on(tmp_path: Path, data_dir: Path) -> None:
    from tactics.engine.core.journal import Entry, Event

    game = load_encounter(encounter_file(tmp_path), seed=4)
    errors: list[Exception] = []
    Autosaver(game, clock=Clock(), on_error=errors.append)
    game.journal.commit(Entry("place", {}, [Event("token.placed", {"combatant": "brandon", "cell": (1, 1),
                                                                    "seen_by": {"ursa"}})], 0, 0))
    assert game.state.combatants["brandon"].cell == (1, 1)
    assert "entries[0].events[0].data.seen_by: a set cannot be saved" in str(errors[0])


def test_an_embedded_map_written_once_gives_the_text_a_fresh_save_gives(data_dir: Path) -> None:
    """The autosaver keeps the embedded map's and the definition's text between writes (a big
    map is not encoded again after every command): each file equals an uncached save, and a
    map put in the encounter's place is written anew."""
    from tactics.engine.saves.document import encounter_text
    from tactics.maps import BattleMap

    definition: dict[str, Any] = {"teams": {"a": {}}, "combatants": [{"id": "x", "team": "a", "cell": [0, 0]}]}
    game = Encounter(definition, BattleMap.from_text(ARENA), seed=9)
    clock = Clock()
    saver = Autosaver(game, clock=clock)
    for cell in ((1, 1), (1, 0), (0, 0)):
        game.submit(Walk("x", [cell]))
        written = saver.last_path
        assert written is not None
        assert written.read_text() == encounter_text(game, written, autosave=True, now=clock.now)
    game.map = BattleMap.from_text(ARENA.replace(".", "~", 3))
    path = saver.write_now()
    assert path.read_text() == encounter_text(game, path, autosave=True, now=clock.now)
    assert load_save(path).map.to_text() == game.map.to_text()
