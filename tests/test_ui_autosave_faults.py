"""Autosave faults in the window (issue 10): a failing autosave stays on screen, one window per
game, saves and autosaves readable by their owner only.

What is tested, through the real app with real clicks: when the autosave cannot be written
(disk full, read-only folder) a red warning is drawn in the status bar and stays there while the
next moves put their own messages in the status line, until an autosave succeeds again; a game
that another process already plays opens read-only (its moves refused with the reason, nothing
autosaved, the warning shown, Ctrl+S never writes over the other window's save) and Save as
makes it a copy this window may play; a window that
quits lets the game go; autosaves and saves are written with mode 0600.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tactics.engine.saves import autosave as auto
from tactics.engine.saves.autosave import list_autosaves, source_tag
from tactics.ui.app import App
from tactics.ui.opening import open_path
from tactics.ui.save_warnings import WARN_BG
from tactics.ui import theme

from arena_game import write_game
from ui_driver import click

SIZE = (1280, 720)


@pytest.fixture
def game(tmp_path: Path, data_dir: Path) -> Path:
    return write_game(tmp_path)


def start(path: Path) -> App:
    """The window as the ``tactics`` command starts it (it locks the games it plays)."""
    app = App(open_path(path, seed=7), size=SIZE)
    app.saving.lock_games()
    app.step()
    return app


def stop(app: App) -> None:
    app._addons("closing")
    pygame.quit()


def walk(app: App, cell) -> None:
    view = app.battle
    if view.selected != "brandon":
        click(app, view.camera.cell_centre(view.state.combatants["brandon"].cell))
    click(app, view.camera.cell_centre(cell))


def warning_drawn(app: App) -> bool:
    """Is the red warning pill in the status bar (right half) on the last frame?"""
    app.draw()
    surface = pygame.display.get_surface()
    y = surface.get_height() - theme.STATUS_H // 2
    return any(tuple(surface.get_at((x, y)))[:3] == WARN_BG for x in range(surface.get_width() // 2,
                                                                          surface.get_width(), 2))


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "disk is full"), (errno.EROFS, "read-only")])
def test_a_failed_autosave_stays_on_screen_until_one_succeeds(game: Path, monkeypatch, code, words) -> None:
    real = auto.atomic_write_text
    broken = {"on": True}

    def write(path, text, **kw):
        if broken["on"]:
            raise OSError(code, os.strerror(code), str(path))
        return real(path, text, **kw)

    monkeypatch.setattr(auto, "atomic_write_text", write)
    app = start(game)
    try:
        assert not warning_drawn(app)
        walk(app, (1, 0))
        assert words in app.saving.autosave_error and warning_drawn(app)
        walk(app, (1, 1))  # the next move says its own thing in the status line ...
        walk(app, (0, 1))
        app.battle.say("Brandon walks.", "good")
        assert warning_drawn(app)  # ... and the warning is still there
        broken["on"] = False
        walk(app, (1, 1))  # the disk has room again: this autosave works
        assert app.saving.autosave_error is None and not warning_drawn(app)
        assert list_autosaves(game)
    finally:
        stop(app)


HOLDER = """
import sys, time
from tactics.engine.saves.lock import GameLock
lock = GameLock(sys.argv[1], sys.argv[2])
print("held" if lock.held else "free", flush=True)
sys.stdin.readline()
"""


def test_a_game_another_window_plays_opens_read_only(game: Path, data_dir: Path, tmp_path: Path) -> None:
    folder = data_dir / "autosave"
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), source_tag(game)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        assert other.stdout.readline().strip() == "held"
        app = start(game)
        try:
            view = app.battle
            assert view.encounter.read_only and "another Tactics window" in view.encounter.read_only
            assert warning_drawn(app)
            walk(app, (1, 0))
            assert view.state.combatants["brandon"].cell == (0, 0) and not view.encounter.journal.entries
            assert "Read-only" in view.message[0]
            assert not list_autosaves(game, folder=folder)  # nothing written under the other window's tag
            shared = tmp_path / "shared.tactics.json"  # the save the other window plays
            shared.write_text("the other window's save")
            view.encounter.source = str(shared)
            assert not app.saving.save_to(shared) and "another window" in view.message[0]
            assert shared.read_text() == "the other window's save"  # Ctrl+S never writes it from here
            copy = tmp_path / "my-copy.tactics.json"
            assert app.saving.save_to(copy)  # Save as: a copy of its own, this window plays it
            assert view.encounter.read_only is None and not warning_drawn(app)
            walk(app, (1, 0))
            assert view.state.combatants["brandon"].cell == (1, 0)
            assert list_autosaves(copy, folder=folder)
        finally:
            stop(app)
    finally:
        other.communicate("\n", timeout=30)


def test_a_window_that_quits_lets_the_game_go(game: Path) -> None:
    app = start(game)
    holder = subprocess.run([sys.executable, "-c", HOLDER, str(app.saving.autosaver.folder), source_tag(game)],
                            input="\n", capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert holder.stdout.strip() == "free"  # while this window plays it, no other may
    stop(app)
    holder = subprocess.run([sys.executable, "-c", HOLDER, str(app.saving.autosaver.folder), source_tag(game)],
                            input="\n", capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert holder.stdout.strip() == "held"


def test_autosaves_and_saves_are_for_their_owner_only(game: Path, tmp_path: Path) -> None:
    app = start(game)
    try:
        walk(app, (1, 0))
        found = list_autosaves(game)
        assert found and all(os.stat(a.path).st_mode & 0o777 == 0o600 for a in found)
        target = tmp_path / "night.tactics.json"
        assert app.saving.save_to(target)
        assert os.stat(target).st_mode & 0o777 == 0o600
    finally:
        stop(app)


def test_a_file_where_the_autosave_folder_should_be_is_named(tmp_path: Path, monkeypatch) -> None:
    """Review 8 robust D: a file named "autosave" in the data folder gave "Autosave failed: File
    exists." (which file? what to do?). The warning names it: "<path> is a file, not a folder"."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave").write_text("in the way")
    monkeypatch.setenv("TACTICS_DATA_DIR", str(data))
    app = start(write_game(tmp_path))
    try:
        walk(app, (1, 0))
        from tactics.ui.elide import middle_path

        said = app.saving.autosave_error
        assert said == f"{middle_path(str(data / 'autosave'), 48)} is a file, not a folder"
        assert said.endswith("/data/autosave is a file, not a folder")  # which file, in words
        assert warning_drawn(app)
        assert (data / "autosave").read_text() == "in the way"  # never removed or written over
    finally:
        stop(app)


def test_save_as_onto_a_full_disk_says_the_disk_is_full(game: Path, tmp_path: Path, monkeypatch) -> None:
    """Review 8 robust D (also): Save as into a full disk said "Not saved: [Errno 28] No space left on
    device"; it says what the autosave warning says, "the disk is full"."""
    import tactics.engine.saves.document as document

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / "night.tactics.json"))

    app = start(game)
    try:
        monkeypatch.setattr(document, "atomic_write_text", full)
        assert not app.saving.save_to(tmp_path / "night.tactics.json")
        assert app.battle.message[:2] == ("Not saved: the disk is full.", "error")
    finally:
        stop(app)
