"""A resize to another UI scale prints no pygame_gui warning (fault 6 of the ninth round).

With the builder's Add combatant form or the table settings (Ctrl+T) open, a resize from 720p to
4K printed some 18 "Label Rect is too small for text: Name - size diff: (17, -11)" warnings:
pygame_gui rebuilt every label in the new, larger font inside its old, smaller box, and then the
dialogs were built again at the new scale anyway. Now they are built once, at the new scale, and
only what is left is rebuilt in the new font. pygame_gui says it with ``warnings.warn(...,
UserWarning)``, which is what is caught here.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_path

from layout_states import resize
from ui_driver import app_session, click_settled as click, key_settled as key

ROOM = ("." * 12 + "\n") * 8


@pytest.fixture
def app(tmp_path: Path, data_dir: Path):
    (tmp_path / "room.txt").write_text(ROOM)
    yield from app_session(App(open_path(tmp_path / "room.txt", seed=1), size=(1280, 720)), closing=True)


def label_warnings(app: App, size: tuple[int, int]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        resize(app, size)
        app.step()
    return [str(w.message) for w in caught if "too small" in str(w.message)]


def test_a_resize_with_the_builder_form_open_prints_nothing(app: App) -> None:
    key(app, pygame.K_u)  # Set up: the Add combatant form
    click(app, app.builder.panel.button_rect("add").center)
    form = app.builder.form
    assert form is not None and form.alive()
    assert label_warnings(app, (3840, 2160)) == []  # scale 0.75 -> 2.0
    assert app.builder.form is not form and app.builder.form.alive()  # built again at the new scale
    assert label_warnings(app, (1280, 720)) == []  # and back
    assert app.builder.form.alive()


def test_a_resize_with_the_table_settings_open_prints_nothing(app: App) -> None:
    key(app, pygame.K_t, pygame.KMOD_CTRL)  # the table settings
    table = app.table.window
    assert table is not None and table.alive()
    assert label_warnings(app, (3840, 2160)) == []
    assert app.table.window is not table and app.table.window.alive()  # built again at the new scale
    assert label_warnings(app, (1280, 720)) == []
