"""After "Save as", the file a game came from remembers the save it went on in.

What is tested (an outside review's crash after Save as): the encounter file's autosaves from
before the save are not offered as newer while the save exists; :func:`went_on_in` names the save
and its newest state, following a save saved again as another; a file changed after that game, a
deleted save and "Start fresh" stop the offer; nothing is ever deleted; a damaged record is empty.
"""

from __future__ import annotations

import os
from pathlib import Path

from tactics.engine.board import Place
from tactics.engine.core.encounter import load_encounter
from tactics.engine.saves import continued
from tactics.engine.saves.autosave import Autosaver, list_autosaves, newer_autosave_than
from tactics.engine.saves.document import load_save, save_encounter

from arena_game import write_game


def _old(path: Path, seconds: int = 3600) -> None:
    then = path.stat().st_mtime - seconds
    os.utime(path, (then, then))


def _played(tmp_path: Path, *saves: str) -> tuple[Path, list[Path]]:
    """The encounter file, one move, then for each name: Save as it and one more move."""
    source = write_game(tmp_path)
    _old(source)
    game = load_encounter(source, seed=3)
    saver = Autosaver(game)
    game.submit(Place("brandon", (1, 0)))
    written = []
    for i, name in enumerate(saves):
        path = tmp_path / name
        previous = game.source
        save_encounter(game, path)
        continued.record(previous, path)
        saver.relock()
        game.submit(Place("brandon", (2 + i, 0)))
        written.append(path)
    saver.detach()
    return source, written


def test_autosaves_from_before_save_as_are_not_offered_but_the_save_is(tmp_path: Path, data_dir: Path) -> None:
    source, (night,) = _played(tmp_path, "night.tactics.json")
    assert len(list_autosaves(source)) == 1  # the moment of saving: still on disk
    assert newer_autosave_than(source) is None  # but not "newer than this file"
    went = continued.went_on_in(source)
    assert went is not None and went.save == night
    assert went.newest != night and load_save(went.newest).state.combatants["brandon"].cell == (2, 0)


def test_a_save_saved_as_another_is_followed_to_the_last(tmp_path: Path, data_dir: Path) -> None:
    source, (night, copy) = _played(tmp_path, "night.tactics.json", "copy.tactics.json")
    went = continued.went_on_in(source)
    assert went is not None and went.save == copy
    assert len(load_save(went.newest).journal.entries) == 3
    assert continued.went_on_in(night).save == copy  # the middle save too


def test_a_deleted_save_or_a_changed_file_ends_the_offer(tmp_path: Path, data_dir: Path) -> None:
    source, (night,) = _played(tmp_path, "night.tactics.json")
    source.write_text(source.read_text())  # the GM edited the encounter after that game
    assert continued.went_on_in(source) is None
    _old(source, 7200)
    night.unlink()
    assert continued.went_on_in(source) is None
    assert newer_autosave_than(source) is not None  # the only copy of that game left: offered again


def test_starting_fresh_sets_the_autosaves_aside_and_asks_no_more(tmp_path: Path, data_dir: Path) -> None:
    source, (night,) = _played(tmp_path, "night.tactics.json")
    continued.dismiss(source)
    assert continued.went_on_in(source) is None
    assert list_autosaves(source) == []
    aside = list((data_dir / "autosave" / "set-aside").iterdir())
    assert len(aside) == 1 and len(load_save(aside[0]).journal.entries) == 1  # kept, not deleted
    assert night.exists() and len(list_autosaves(night)) == 1


def test_a_damaged_record_is_read_as_none(tmp_path: Path, data_dir: Path) -> None:
    source, _ = _played(tmp_path, "night.tactics.json")
    (data_dir / "autosave" / continued.FILE).write_text('{"format": "tactics-continued", "links": [{"x": 1}')
    assert continued.load() == []
    assert newer_autosave_than(source) is not None  # as before any Save as
    assert continued.record(source, source) is None  # saving over the same file records nothing


def test_a_fifo_or_folder_in_place_of_the_record_is_read_as_none_without_waiting(tmp_path: Path,
                                                                                 data_dir: Path) -> None:
    """A FIFO where continued.json belongs would block a plain read forever (opening the game hangs):
    it is not opened, and the game goes on as with no record."""
    source, _ = _played(tmp_path, "night.tactics.json")
    record = data_dir / "autosave" / continued.FILE
    record.unlink()
    os.mkfifo(record)
    assert continued.load() == []
    assert newer_autosave_than(source) is not None
    record.unlink()
    record.mkdir()
    assert continued.load() == []


def test_a_record_of_the_wrong_shape_or_too_deep_is_read_as_none(tmp_path: Path, data_dir: Path) -> None:
    """Review 12 (hostile 2, H3): "links": 5 and a 200,000-deep nesting stopped the app at every start
    with a traceback (TypeError, RecursionError) instead of being read as damage."""
    source, _ = _played(tmp_path, "night.tactics.json")
    record = data_dir / "autosave" / continued.FILE
    for text in ('{"format": "tactics-continued", "version": 1, "links": 5}',
                 '{"format": "tactics-continued", "version": 1, "links": null}',
                 '{"format": "tactics-continued", "links": [' + "[" * 100000 + "]" * 100000 + "]}",
                 "[" * 200000 + "]" * 200000,
                 '{"format": "tactics-continued", "links": [5, "x", {"source": 1}]}'):
        record.write_text(text)
        assert continued.load() == []
        assert newer_autosave_than(source) is not None
