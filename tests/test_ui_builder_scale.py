"""The builder's forms at every UI scale, driven through the real window with real pygame events.

What is tested: the Add combatant form grows with the window's UI scale (its boxes, not only
pygame_gui's font: at 4K its labels were cut, "How man", "Players se", review 5); a form open
when the window is resized to another scale is built again at the new size with everything
typed and chosen in it kept (name, how many, Players see it, the box that had the keyboard), and
Tab and OK still work in it; the Save dialog keeps the path typed in it. The layout of the panel
and the forms at each size (nothing cut, nothing over anything) is checked in test_ui_layout.py.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_path

from layout_states import resize
from ui_driver import app_session, click_settled as click, key_settled as key, post

ROOM = "." * 12 + "\n" + ("." * 12 + "\n") * 7


@pytest.fixture
def app(tmp_path: Path, data_dir: Path):
    (tmp_path / "room.txt").write_text(ROOM)
    yield from app_session(App(open_path(tmp_path / "room.txt", seed=1), size=(1280, 720)), closing=True)


def typed(app: App, text: str) -> None:
    post(app, *[pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])


def test_a_form_open_across_a_change_of_scale_keeps_what_was_typed(app: App) -> None:
    key(app, pygame.K_u)
    click(app, app.builder.panel.button_rect("add").center)
    small = app.builder.form
    small_w = small.window.rect.width
    small_label = small.entries["name"].rect.height
    typed(app, "Gorg")
    click(app, small.hidden_button.rect.center)  # Players see it: no
    click(app, small.entries["copies"].rect.center)
    key(app, pygame.K_BACKSPACE)
    typed(app, "3")
    assert small.hidden and small.text("copies") == "3"

    resize(app, (3840, 2160))  # scale 0.75 -> 2.0
    big = app.builder.form
    assert big is not small and big.alive() and not small.alive()
    ratio = 2.0 / 0.75
    assert big.window.rect.width == pytest.approx(small_w * ratio, rel=0.05)  # the form grew, not only its font
    assert big.entries["name"].rect.height == pytest.approx(small_label * ratio, rel=0.1)
    assert big.text("name") == "Gorg" and big.text("copies") == "3" and big.hidden
    assert "hidden from the players" in big.hidden_button.text
    assert big.entries["copies"].is_focused  # the keyboard stays in the box it was in
    key(app, pygame.K_TAB)
    assert big.entries["hp"].is_focused  # Tab goes on in reading order at the new size

    click(app, big.ok.rect.center)
    names = sorted(c.name for c in app.battle.state.combatants.values())
    assert names == ["Gorg 1", "Gorg 2", "Gorg 3"]
    assert all(c.hidden for c in app.battle.state.combatants.values())


def test_the_save_dialog_keeps_its_path_across_a_change_of_scale(app: App, tmp_path: Path) -> None:
    key(app, pygame.K_u)
    click(app, app.builder.panel.button_rect("save").center)
    dialog = app.builder.save_dialog
    small_w = dialog.rect.width
    dialog.file_path_text_line.set_text(str(tmp_path / "next-week.encounter.toml"))
    resize(app, (3840, 2160))
    again = app.builder.save_dialog
    assert again is not dialog and again.alive()
    assert again.rect.width > 2 * small_w
    assert again.file_path_text_line.get_text() == str(tmp_path / "next-week.encounter.toml")


def test_a_resize_keeps_the_caret_and_the_selection_of_the_box_being_typed_in(app: App) -> None:
    """Review 8 robust G: the form built again at the new scale put the caret at the start of the
    Name box: what the GM typed next went in front of the name ("zz e|rrre q"). The caret, and a
    selection, stay where they were."""
    key(app, pygame.K_u)
    click(app, app.builder.panel.button_rect("add").center)
    name = app.builder.form.entries["name"]
    name.set_text("")
    typed(app, "Gorg the Bold")
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # the caret after "Go"
    resize(app, (3840, 2160))
    big = app.builder.form
    typed(app, "X")
    assert big.text("name") == "GoXrg the Bold"
    key(app, pygame.K_END)
    for _ in range(4):
        key(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)  # "Bold" selected
    resize(app, (1280, 720))
    typed(app, "Wise")  # typed over the selection, as before the resize
    assert app.builder.form is not big and app.builder.form.text("name") == "GoXrg the Wise"


def test_the_table_settings_keep_what_was_typed_across_a_change_of_scale(app: App) -> None:
    """Review 8 robust (left by its fixer): the Table settings dialog built again at a new scale
    lost what was typed in its boxes ("1 in" went back to the saved value) and its caret."""
    key(app, pygame.K_t, pygame.KMOD_LCTRL)
    box = app.table.entries["square"]
    click(app, box.get_abs_rect().center)
    box.set_text("")
    typed(app, "2 cm")
    for _ in range(3):
        key(app, pygame.K_LEFT)  # the caret after "2"
    resize(app, (3840, 2160))
    assert app.table.entries["square"] is not box, "the dialog was built again at the new scale"
    typed(app, "5")
    assert app.table.entries["square"].get_text() == "25 cm"
