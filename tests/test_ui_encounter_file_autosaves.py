"""After the builder's Save encounter..., the game's autosaves belong to the encounter file.

Why (review10prep, finding 1: data loss): a GM built a fight on a bare map, saved the encounter
file, moved a token and the laptop died. ``tactics x.encounter.toml`` (as the README says) opened
the set-up without the move and offered nothing: the autosaves still carried the map's tag, and
only reopening the *map* offered them. Now Save encounter hands the game to the file it wrote, as
Save as does for a save: the encounter file offers its newer autosave, and the map, opened again,
says the game went on in the encounter file (not "an autosave is newer than this file").
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from tactics.ui.app import App
from tactics.ui.opening import open_path

from test_ui_builder import ROOM, SIZE, add_combatant, clear_and_type, panel_button
from ui_driver import centre, click_settled as click, drag, key_settled as key


def start(path: Path) -> App:
    """The window as the ``tactics`` command starts it: it offers newer autosaves and locks its game."""
    app = App(open_path(path, seed=1), size=SIZE)
    app.saving.offer_restores()
    app.saving.lock_games()
    app.step()
    return app


def crash(app: App) -> None:
    """The laptop dies: no Save, no quit question (the lock goes with the process)."""
    app._addons("closing")
    pygame.quit()


def built_saved_moved_crashed(tmp_path: Path) -> tuple[Path, Path]:
    """U on a bare map, Gorg added at (1, 1), Save encounter..., Gorg dragged to (2, 1), a crash."""
    room = tmp_path / "room.txt"
    room.write_text(ROOM)
    old = room.stat().st_mtime - 3600
    os.utime(room, (old, old))
    app = start(room)
    key(app, pygame.K_u)
    add_combatant(app, "Gorg", hp="40")
    click(app, centre(app, (1, 1)))
    click(app, panel_button(app, "save"))
    clear_and_type(app, app.builder.save_dialog.file_path_text_line, str(tmp_path / "gorg-fight"))
    key(app, pygame.K_RETURN)
    written = tmp_path / "gorg-fight.encounter.toml"
    assert written.exists(), app.battle.message
    old = written.stat().st_mtime - 60  # (saved a minute before the move)
    os.utime(written, (old, old))
    drag(app, centre(app, (1, 1)), centre(app, (2, 1)))  # the change after Save encounter
    assert app.battle.state.combatants["gorg"].cell == (2, 1)
    crash(app)
    return room, written


def test_the_encounter_file_offers_the_autosave_of_what_was_done_after_saving_it(tmp_path: Path,
                                                                                  data_dir: Path) -> None:
    _, written = built_saved_moved_crashed(tmp_path)
    app = start(written)
    try:
        assert app.battle.state.combatants["gorg"].cell == (1, 1)  # the file as saved
        prompt = app.saving.prompt
        assert prompt is not None and prompt.alive(), app.battle.message
        assert "is newer than this file (gorg-fight.encounter.toml)" in prompt.text
        assert "Gorg is placed at (2, 1)" in prompt.text  # the last action, as the log words it
        assert "more action" not in prompt.text  # (the building before the save is not counted as newer)
        click(app, prompt.button_centre("Restore"))
        assert app.battle.state.combatants["gorg"].cell == (2, 1)  # the move is back
        assert app.battle.encounter.source == str(written)  # still the encounter file's game
        assert "Restored the autosave" in app.battle.current_message()[0]
    finally:
        crash(app)


def test_the_map_opened_again_says_the_game_went_on_in_the_encounter_file(tmp_path: Path, data_dir: Path) -> None:
    """The map's own autosaves (the building, before Save encounter) are not offered as newer than
    the map: that game is in the encounter file, which is offered instead (as after Save as)."""
    room, written = built_saved_moved_crashed(tmp_path)
    app = start(room)
    try:
        prompt = app.saving.prompt
        assert prompt is not None and prompt.alive(), app.battle.message
        assert "newer than this file" not in prompt.text
        assert "went on in gorg-fight.encounter.toml" in prompt.text
        assert prompt.choices == ["Open it", "Start fresh"]
        click(app, prompt.button_centre("Open it"))
        assert app.battle.state.combatants["gorg"].cell == (2, 1)  # the newest state, with the move
        assert app.battle.encounter.source == str(written)
    finally:
        crash(app)
