"""Opening another file over a game in progress, driven by real events (a dropped file, the Open
dialog's OK): nothing played is lost (an outside review's "first evening", finding 1).

What is tested: a drop or the Open dialog's OK over a game whose last change is only autosaved asks
the question Ctrl+Q asks ("Save and open / Open without saving / Cancel"; Cancel and Esc keep the
game as it is); "Save and open" saves first (Save as for an encounter file) and then opens; opening
the game's own file again in the window offers its newer autosave as a start does; and a fresh start
of the file never rotates out the autosaves of the game played from it before (they are set aside,
as "Ignore" sets them aside, and still open).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from tactics.engine.saves.autosave import list_autosaves
from tactics.engine.saves.document import load_save
from tactics.ui.app import App

from arena_game import write_game
from test_ui_saves import drop, start, stop, walk
from ui_driver import click_settled as click, key_settled as key, post_settled as post

SIZE = (1280, 720)
CHOICES = ["Save and open", "Open without saving", "Cancel"]


@pytest.fixture
def game(tmp_path: Path, data_dir: Path) -> Path:
    path = write_game(tmp_path)
    old = path.stat().st_mtime - 3600  # the file was written an hour ago
    os.utime(path, (old, old))
    return path


@pytest.fixture
def other(tmp_path: Path) -> Path:
    folder = tmp_path / "other"
    folder.mkdir()
    return write_game(folder, "duel.encounter.toml")


def picked(app: App, dialog: object, path: Path) -> None:
    """A file dialog's OK with ``path`` (the event pygame_gui posts for it)."""
    import pygame_gui

    post(app, pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path), ui_element=dialog))


def test_a_dropped_file_over_an_unsaved_fight_asks_first_and_cancel_keeps_it(game: Path, other: Path) -> None:
    app = start(game)
    try:
        walk(app, (1, 0), (1, 1))
        drop(app, other)
        prompt = app.saving.prompt
        assert prompt is not None and prompt.alive() and prompt.choices == CHOICES
        assert "not in a save you wrote (only in the autosave)" in prompt.text
        assert "Save before opening duel.encounter.toml?" in prompt.text
        assert app.battle.encounter.source == str(game)  # nothing replaced yet
        key(app, pygame.K_ESCAPE)  # Esc answers "Cancel"
        assert not prompt.alive()
        assert app.battle.encounter.source == str(game)
        assert len(app.battle.encounter.journal.entries) == 2
        assert app.battle.state.combatants["brandon"].cell == (1, 1)
        key(app, pygame.K_z, pygame.KMOD_LCTRL)  # the fight is still the one being played: undo works
        assert app.battle.state.combatants["brandon"].cell == (1, 0)

        drop(app, other)
        click(app, app.saving.prompt.button_centre("Open without saving"))
        assert app.battle.encounter.source == str(other)
        assert "Opened duel.encounter.toml" in app.battle.message[0]
    finally:
        stop(app)


def test_nothing_to_lose_opens_without_a_question(game: Path, other: Path) -> None:
    app = start(game)
    try:
        drop(app, other)  # nothing played yet
        assert app.saving.prompt is None or not app.saving.prompt.alive()
        assert app.battle.encounter.source == str(other)
    finally:
        stop(app)


def test_save_and_open_from_the_open_dialog_saves_then_opens(game: Path, other: Path, tmp_path: Path) -> None:
    app = start(game)
    try:
        walk(app, (1, 0))
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        assert app.file_dialog is not None and app.file_dialog.alive()
        picked(app, app.file_dialog, other)  # the Open dialog's OK
        prompt = app.saving.prompt
        assert prompt is not None and prompt.alive() and prompt.choices == CHOICES
        click(app, prompt.button_centre("Save and open"))
        dialog = app.saving.dialog  # an encounter file is never written over: Save as
        assert dialog is not None and dialog.alive()
        assert app.battle.encounter.source == str(game)
        night = tmp_path / "night.tactics.json"
        picked(app, dialog, night)
        assert app.battle.encounter.source == str(other)
        assert app.battle.message[0] == "Saved night.tactics.json. Opened duel.encounter.toml."
        assert load_save(night).state.combatants["brandon"].cell == (1, 0)
    finally:
        stop(app)


def test_closing_the_save_as_dialog_opens_nothing(game: Path, other: Path) -> None:
    import pygame_gui

    app = start(game)
    try:
        walk(app, (1, 0))
        drop(app, other)
        click(app, app.saving.prompt.button_centre("Save and open"))
        dialog = app.saving.dialog
        post(app, pygame.event.Event(pygame_gui.UI_WINDOW_CLOSE, ui_element=dialog))
        dialog.kill()
        assert app.saving._open_after_save is None
        assert app.battle.encounter.source == str(game)
        assert len(app.battle.encounter.journal.entries) == 1
    finally:
        stop(app)


def test_reopening_the_file_in_the_window_offers_its_autosave_as_a_start_does(game: Path) -> None:
    app = start(game)
    try:
        walk(app, (1, 0), (1, 1), (0, 1))
        drop(app, game)
        click(app, app.saving.prompt.button_centre("Open without saving"))
        prompt = app.saving.prompt
        assert prompt is not None and prompt.alive() and prompt.choices == ["Restore", "Ignore"]
        assert "is newer than this file (arena.encounter.toml)" in prompt.text
        assert "3 more actions than the file" in prompt.text
        asked = prompt.text
        click(app, prompt.button_centre("Restore"))
        assert len(app.battle.encounter.journal.entries) == 3
        assert app.battle.state.combatants["brandon"].cell == (0, 1)
    finally:
        stop(app)
    app = start(game)  # the same question as from the command line
    try:
        assert app.saving.prompt is not None and app.saving.prompt.text == asked
    finally:
        stop(app)


def test_a_fresh_start_never_rotates_out_the_game_played_before(game: Path, data_dir: Path) -> None:
    """An App made in code asks no "Restore?" on opening (nor does a window whose question was
    never answered): the fresh game's first autosave sets the earlier game's autosaves aside, and
    twelve commands later that game still opens."""
    app = start(game, offering=False)
    try:
        walk(app, (1, 0), (1, 1), (0, 1))
        drop(app, game)
        click(app, app.saving.prompt.button_centre("Open without saving"))
        assert app.battle.encounter.journal.entries == []
        app.saving.offering = True  # the window as the ``tactics`` command runs it says where they went
        walk(app, (1, 0))
        message = app.battle.current_message()
        assert message is not None and "earlier game's autosave is kept in" in message[0] and "Ctrl+O" in message[0]
        for _ in range(6):  # twelve more autosaves of this file: past the rotation's ten
            walk(app, (0, 0), (1, 0))
    finally:
        stop(app)
    aside = data_dir / "autosave" / "set-aside"
    kept = sorted(aside.iterdir(), key=lambda p: p.name)
    assert kept[-1].name in message[0]
    earlier = load_save(kept[-1])
    assert len(earlier.journal.entries) == 3 and earlier.state.combatants["brandon"].cell == (0, 1)
    assert len(kept) == 3  # each autosave of that game
    assert len(list_autosaves(game)) == 10  # the new game's own rotation, as ever



def test_a_file_that_cannot_be_opened_says_why_at_once_with_no_save_question(game: Path, tmp_path: Path) -> None:
    """Review 14, finding 9: Ctrl+O on a bad map asked "Save before opening bad.dd2vtt?" first and
    only then said it could not be opened. The file is read first: its error at once, no question."""
    bad = tmp_path / "bad.dd2vtt"
    bad.write_text("not json at all")
    app = start(game)
    try:
        walk(app, (1, 0), (1, 1))  # the last change is only autosaved
        drop(app, bad)
        assert app.saving.prompt is None or not app.saving.prompt.alive(), "no question about saving"
        assert app.battle.message[0].startswith("Could not open bad.dd2vtt: "), app.battle.message
        assert app.battle.encounter.source == str(game)  # the game stays
        assert app.battle.state.combatants["brandon"].cell == (1, 1)
    finally:
        stop(app)
