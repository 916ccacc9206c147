"""Opening a map from the window: the Open dialog and the feedback while a map loads (review 7, maps).

What a user would notice: a double click on a file, or its path and Enter, opens it as in every
desktop file dialog; "Opening NAME ..." is on the window before a big map's load starts.
"""

from __future__ import annotations

import os

import pygame
import pytest


@pytest.fixture
def lasting_messages(monkeypatch):
    """Status messages that do not expire while a slow, busy machine runs the test's frames."""
    from tactics.ui.battle import BattleView

    monkeypatch.setattr(BattleView, "message_ms", 10**9)


def _open_dialog(tmp_path):
    """A window on a cave map, its Open dialog showing ``tmp_path`` (which holds room.txt)."""
    from tactics.ui.app import App
    from tactics.ui.opening import open_path

    (tmp_path / "cave.txt").write_text("....\n....\n", encoding="utf-8")
    (tmp_path / "room.txt").write_text("......\n......\n......\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    return App(open_path(tmp_path / "cave.txt"), size=(1280, 720))


def test_a_double_click_on_a_file_in_the_open_dialog_opens_it(tmp_path, lasting_messages):
    """Finding 9: a double click on a file opens it as OK does; on a folder it still goes in."""
    from ui_driver import app_session, click, key

    for app in app_session(_open_dialog(tmp_path)):
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        dialog = app.file_dialog
        items = {item["text"]: item["button_element"] for item in dialog.file_selection_list.item_list}
        assert "room.txt" in items and "sub" in items
        spot = items["room.txt"].rect.center
        click(app, spot)
        click(app, spot)  # the second click of a double click
        for _ in range(3):
            app.step()
        assert not dialog.alive()
        assert app.battle.state.map.width == 6 and app.battle.message[:2] == ("Opened room.txt.", "good")


def test_enter_in_the_open_dialogs_path_box_opens_the_file_typed(tmp_path, lasting_messages):
    """Finding 9: the file's path typed in the box and Enter open it (only OK did)."""
    from ui_driver import app_session, click, key

    for app in app_session(_open_dialog(tmp_path)):
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        dialog = app.file_dialog
        entry = dialog.file_path_text_line
        click(app, entry.rect.center)  # the box has the keyboard
        entry.set_text(str(tmp_path / "room.txt"))
        key(app, pygame.K_RETURN, text="\r")
        for _ in range(3):
            app.step()
        assert not dialog.alive()
        assert app.battle.state.map.width == 6 and app.battle.message[:2] == ("Opened room.txt.", "good")


@pytest.mark.parametrize("how", ["dropped", "dialog"])
def test_opening_a_map_draws_opening_name_before_the_load_starts(tmp_path, monkeypatch, how, lasting_messages):
    """Finding 8: when the load starts, the last frame drawn on the window says "Opening
    room.txt ..." (a big export takes seconds); then the result replaces it."""
    import tactics.ui.app as app_module
    from ui_driver import app_session, click, key, post

    drawn: list = []  # the message each frame drawn showed
    at_load: list = []  # the last frame's message when the load started
    real_open = app_module.open_path
    monkeypatch.setattr(app_module, "open_path", lambda path: (at_load.append(drawn[-1]), real_open(path))[1])
    for app in app_session(_open_dialog(tmp_path)):
        real_draw = app.draw

        def draw(app=app, real_draw=real_draw):
            drawn.append(app.battle.current_message())
            real_draw()

        app.draw = draw
        if how == "dropped":
            post(app, pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "room.txt")))
        else:
            key(app, pygame.K_o, pygame.KMOD_LCTRL)
            dialog = app.file_dialog
            items = {item["text"]: item["button_element"] for item in dialog.file_selection_list.item_list}
            click(app, items["room.txt"].rect.center)
            click(app, dialog.ok_button.rect.center)
            for _ in range(3):
                app.step()
        assert at_load == [("Opening room.txt ...", "busy")]
        assert app.battle.message[:2] == ("Opened room.txt.", "good") and drawn[-1][0] == "Opened room.txt."


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def _typed_and_enter(app, dialog, text: str) -> None:
    """``text`` typed in the dialog's path box (its old text selected and replaced), then Enter."""
    from ui_driver import click, key, post

    entry = dialog.file_path_text_line
    click(app, entry.rect.center)  # the box has the keyboard
    entry.set_text("")
    post(app, pygame.event.Event(pygame.TEXTINPUT, text=text))
    key(app, pygame.K_RETURN, text="\r")
    for _ in range(3):
        app.step()


def _dialog_of(app, combo: str):
    """Ctrl+O ("open") or Ctrl+Shift+S ("saveas"), as the GM presses them: the dialog shown."""
    from ui_driver import key

    if combo == "open":
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        return app.file_dialog
    key(app, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    return app.saving.dialog


@needs_fifo
@pytest.mark.parametrize("combo, what", [("open", "fifo"), ("open", "device"), ("save as", "fifo")])
def test_a_fifo_or_a_device_typed_in_the_path_box_is_refused_in_the_dialog(tmp_path, combo, what, lasting_messages):
    """Review 8 robust H: a FIFO's or /dev/null's path typed in the Open or Save as dialog and
    Enter crashed the app (pygame_gui listed it as a folder). Now the dialog stays open on its
    folder and says why under the list; the game goes on, nothing is written."""
    from ui_driver import app_session, key

    target = tmp_path / "pipe.tactics.json"
    os.mkfifo(target)
    typed = str(target) if what == "fifo" else os.devnull
    for app in app_session(_open_dialog(tmp_path)):
        dialog = _dialog_of(app, combo)
        _typed_and_enter(app, dialog, typed)
        assert app.running and dialog.alive()
        said = dialog.problem_label.text
        assert said == ("pipe.tactics.json is a pipe (FIFO), not a file" if what == "fifo"
                        else "null is a device, not a file")
        assert dialog.file_path_text_line.get_text() == typed  # what was typed is kept, to correct it
        assert app.battle.state.map.width == 4  # the cave still open
        key(app, pygame.K_END)
        key(app, pygame.K_BACKSPACE)  # the path corrected: the line goes
        app.step()
        assert dialog.problem_label is None


@needs_fifo
def test_a_fifo_in_a_folder_is_not_listed_as_a_folder_to_go_into(tmp_path, lasting_messages):
    """Review 8 robust H: pygame_gui listed every entry that is not a regular file as a folder;
    a double click on a FIFO then listed it and crashed. Only folders and files are listed."""
    from ui_driver import app_session, key

    os.mkfifo(tmp_path / "pipe.tmx")
    for app in app_session(_open_dialog(tmp_path)):
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        names = [item["text"] for item in app.file_dialog.file_selection_list.item_list]
        assert "sub" in names and "room.txt" in names and "pipe.tmx" not in names


def test_a_refused_file_with_a_long_name_is_named_shortened_in_its_middle(tmp_path, lasting_messages):
    """Review 8 robust F: a refused file with a 250-letter name: the banner printed the name on one
    line cut at both window edges, and the status line's copy never reached the reason. The name
    is shortened in its middle (its start and its ".json" kept), so the reason shows in both."""
    from tactics.ui import layout_probe as probe
    from ui_driver import app_session, post

    name = "a" * 245 + ".json"
    (tmp_path / name).write_text("{}", encoding="utf-8")
    for app in app_session(_open_dialog(tmp_path)):
        post(app, pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / name)))
        text, kind = app.battle.message[:2]
        assert kind == "error" and text.startswith("Could not open aaaa") and "…" in text
        assert "a.json: format: missing (expected 'tactics-map')" in text and len(text) < 120
        rec = probe.start()
        try:
            app.draw()
        finally:
            probe.stop()
        shown = [m for m in rec.on(pygame.display.get_surface()) if m.kind == "text" and m.label == text]
        assert len(shown) == 2  # the banner and the status line
        window = pygame.Rect((0, 0), app.size)
        assert all(window.contains(pygame.Rect(m.rect)) for m in shown)


@pytest.mark.parametrize("combo", ["open", "save as"])
def test_a_name_too_long_for_the_disk_typed_in_the_path_box_is_flagged_not_a_crash(tmp_path, combo, lasting_messages):
    """Review 8 robust (finding 2): a name over 255 characters typed or pasted in the Open or
    Save as path box closed the app (pygame_gui's is_file() raised "File name too long"). The
    dialog says so above OK, OK is off, Enter saves or opens nothing; a shorter name clears it."""
    from ui_driver import app_session, post

    for app in app_session(_open_dialog(tmp_path)):
        dialog = _dialog_of(app, combo)
        _typed_and_enter(app, dialog, str(tmp_path / ("b" * 300 + ".tactics.json")))
        assert app.running and dialog.alive()
        assert dialog.problem_label.text == "That name is too long: a file name has at most 255 characters."
        assert not dialog.ok_button.is_enabled
        assert not list(tmp_path.glob("bbb*"))  # nothing written
        dialog.file_path_text_line.set_text("")
        post(app, pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "room.txt")))
        app.step()
        assert dialog.problem_label is None


@pytest.mark.parametrize("combo", ["open", "save as"])
def test_the_file_dialogs_delete_nothing(tmp_path, combo, lasting_messages):
    """Review 8 robust (finding 3): pygame_gui's unlabelled delete icon, beside Home and Up, erased
    the file chosen in two clicks (the open encounter, its map). The icon is gone, and its press
    (as pygame_gui would send it) neither asks nor deletes."""
    import pygame_gui
    from ui_driver import app_session, click, post

    for app in app_session(_open_dialog(tmp_path)):
        dialog = _dialog_of(app, combo)
        if combo != "open":  # Save as starts in the saves folder: to the files' folder
            dialog._change_directory_path(tmp_path)
            app.step()
        items = {item["text"]: item["button_element"] for item in dialog.file_selection_list.item_list}
        click(app, items["room.txt"].rect.center)
        assert not dialog.delete_button.visible
        icons = [dialog.home_button, dialog.parent_directory_button, dialog.refresh_button]
        assert all(icon.visible for icon in icons)
        assert icons[1].rect.left - icons[0].rect.right < icons[0].rect.width  # closed up, no gap
        post(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=dialog.delete_button))
        for _ in range(3):
            app.step()
        assert getattr(dialog, "delete_confirmation_dialog", None) is None
        assert (tmp_path / "room.txt").exists() and dialog.alive()


def test_the_open_dialog_takes_a_typed_path_at_once_and_starts_beside_the_open_file(tmp_path, lasting_messages):
    """Review 12 (F10): Ctrl+O, then typing a path and Enter typed nothing and opened nothing until the
    path box was clicked. The box has the keyboard with its text selected, so the typed path replaces the
    folder shown; the dialog starts in the open file's folder."""
    from ui_driver import app_session, key, type_text

    for app in app_session(_open_dialog(tmp_path)):
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        dialog = app.file_dialog
        assert dialog.file_path_text_line.get_text().rstrip(os.sep) == str(tmp_path)  # cave.txt's folder
        type_text(app, str(tmp_path / "room.txt"))
        assert dialog.file_path_text_line.get_text() == str(tmp_path / "room.txt")
        key(app, pygame.K_RETURN, text="\r")
        for _ in range(3):
            app.step()
        assert not dialog.alive()
        assert app.battle.state.map.width == 6 and app.battle.message[:2] == ("Opened room.txt.", "good")


def test_the_open_dialog_of_a_bundled_map_starts_in_the_folder_the_app_was_started_in(tmp_path, monkeypatch):
    """The default encounter lives inside the installed app: its folder is no place for a GM's maps."""
    from tactics.ui.app import App
    from tactics.ui.opening import open_default
    from ui_driver import app_session, key

    monkeypatch.chdir(tmp_path)
    for app in app_session(App(open_default(seed=1), size=(1280, 720))):
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        assert app.file_dialog.file_path_text_line.get_text().rstrip(os.sep) == str(tmp_path)
