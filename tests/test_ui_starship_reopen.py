"""A game stopped mid space combat reopens on the starship screen, whichever way it is opened,
and says so there (review 8; faults 3 and 4 of the ninth round).

* After a crash, Restore reopened on the starship screen, but its "Restored the autosave ..."
  was on the map's status line only: the GM, looking at the starship screen, saw nothing (and
  not the amber warning when newer autosaves could not be read).
* A save written mid space combat, opened from the command line (``tactics game.json``), started
  on the map with its "Start combat" button; the restore and Ctrl+O open it on the starship
  screen. One function (``App.show_its_screen``) decides for all three.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tactics.assets import bundled
from tactics.cli import build_parser, stage
from tactics.engine.saves.autosave import list_autosaves
from tactics.engine.saves.document import save_encounter
from tactics.engine.starship.commands import EndPhase, StartSpaceCombat
from tactics.ui.app import App
from tactics.ui.opening import open_path
from tactics.ui.starship.screen import StarshipScreen

from ui_driver import click_settled, drawn_texts, key_settled

SIZE = (1280, 720)
pytestmark = pytest.mark.usefixtures("data_dir")


def corvette():
    return open_path(bundled("pirate-corvette.encounter.toml"), seed=11)


def stop(app: App) -> None:
    app._addons("closing")
    pygame.quit()


def play_in_space_then_crash(commands: int) -> None:
    """The GM begins the space battle and ends phases (each autosaved), then the laptop dies."""
    app = App(corvette(), size=SIZE)
    app.step()
    app.battle.submit(StartSpaceCombat())
    for _ in range(commands - 1):
        assert app.battle.submit(EndPhase())
    stop(app)


def restore(app: App) -> None:
    app.saving.offer_restores()
    app.step()
    prompt = app.saving.prompt
    assert prompt is not None and prompt.alive()
    click_settled(app, prompt.button_centre("Restore"))
    app.step()


def test_the_restore_says_restored_on_the_starship_screen() -> None:  # fault 3
    play_in_space_then_crash(1)
    app = App(corvette(), size=SIZE)
    try:
        restore(app)
        screen = app.screens[0]
        assert isinstance(screen, StarshipScreen)
        said = screen.current_message()
        assert said is not None and said[0].startswith("Restored the autosave from ") and said[1] == "good"
        assert [t for t in drawn_texts(app) if t.startswith("Restored the autosave from ")]  # on screen
    finally:
        stop(app)


def test_the_starship_screen_says_it_in_amber_when_newer_autosaves_could_not_be_read() -> None:  # fault 3
    play_in_space_then_crash(3)
    newest = list_autosaves(bundled("pirate-corvette.encounter.toml"))[0].path
    data = newest.read_bytes()
    newest.write_bytes(data[: len(data) // 2])  # cut off as the laptop died
    app = App(corvette(), size=SIZE)
    try:
        restore(app)
        screen = app.screens[0]
        assert isinstance(screen, StarshipScreen)
        said = screen.current_message()
        assert said is not None and said[1] == "warn" and "could not be read" in said[0]
        assert app.battle.current_message() == said  # the map's status line says the same
    finally:
        stop(app)


@pytest.fixture
def mid_space_save(tmp_path: Path) -> Path:
    enc = corvette()
    enc.submit(StartSpaceCombat())
    return save_encounter(enc, tmp_path / "space.tactics.json")


def test_a_save_mid_space_combat_opened_from_the_command_line_starts_on_the_starship_screen(
        mid_space_save: Path) -> None:  # fault 4
    args = build_parser().parse_args([str(mid_space_save)])
    app = App(open_path(mid_space_save), size=SIZE)
    try:
        assert stage(app, args) is None
        app.step()
        assert isinstance(app.screens[0], StarshipScreen)
        labels = [b.text for b, (_, name) in app.toolbar.buttons.items() if name == "starship"]
        assert labels == ["Battle map"]  # the toolbar's button as after Tab
    finally:
        stop(app)
    args = build_parser().parse_args([str(mid_space_save), "--screen", "battle"])  # asked for: the map
    app = App(open_path(mid_space_save), size=SIZE)
    try:
        assert stage(app, args) is None
        assert app.screens[0] is app.battle
    finally:
        stop(app)


def test_ctrl_o_opens_it_on_the_starship_screen_too(mid_space_save: Path) -> None:  # fault 4
    app = App(corvette(), size=SIZE)
    try:
        app.step()
        key_settled(app, pygame.K_o, pygame.KMOD_CTRL)
        dialog = app.file_dialog
        assert dialog is not None and dialog.alive()
        app.request_open(str(mid_space_save))  # what the dialog's OK posts
        app.step()
        assert isinstance(app.screens[0], StarshipScreen)
        said = app.screens[0].current_message()
        assert said is not None and said[0] == "Opened space.tactics.json."
    finally:
        stop(app)
