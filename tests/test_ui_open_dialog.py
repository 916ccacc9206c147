"""Opening a map from the window: the Open dialog and the feedback while a map loads (review 7, maps).

What a user would notice: a double click on a file, or its path and Enter, opens it as in every
desktop file dialog; "Opening NAME ..." is on the window before a big map's load starts.
"""

from __future__ import annotations

import pygame


def _open_dialog(tmp_path):
    """A window on a cave map, its Open dialog showing ``tmp_path`` (which holds room.txt)."""
    from tactics.ui.app import App
    from tactics.ui.opening import open_path

    (tmp_path / "cave.txt").write_text("....\n....\n", encoding="utf-8")
    (tmp_path / "room.txt").write_text("......\n......\n......\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    return App(open_path(tmp_path / "cave.txt"), size=(1280, 720))


def test_a_double_click_on_a_file_in_the_open_dialog_opens_it(tmp_path):
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


def test_enter_in_the_open_dialogs_path_box_opens_the_file_typed(tmp_path):
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
