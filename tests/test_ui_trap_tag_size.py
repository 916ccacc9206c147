"""A trap's tag grows with the window as the token names do (review10prep finding 7).

On a 4K projector a spotted trap's "Simple mechanical trap" tag stayed at about 16 px while the
token name beside it was about 36 px: its size was capped at 18 px whatever the window. The tag
is now capped by the UI scale, as the names are (``map_label_size``).
Expected: at 3840x2160 the tag's letters are at least three fifths of a name's height, as they are
at 1920x1080, and larger than at 1920x1080."""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.hazards.commands import PlaceTrap
from tactics.ui import layout_probe as probe
from tactics.ui.app import App

from test_hazards import encounter, fighter
from ui_driver import app_session


def tag_and_name_heights(size: tuple[int, int]) -> tuple[int, int]:
    enc = encounter(fighter("ann", "party", (2, 3)))
    enc.submit(PlaceTrap("simple_mechanical", (5, 3), hidden=False))  # shown to all
    for app in app_session(App(enc, size=size), closing=True):
        rec = probe.start()
        try:
            app.draw()
        finally:
            probe.stop()
        marks = rec.on(pygame.display.get_surface())
        tag = next(m for m in marks if m.role == "map-label")
        name = next(m for m in marks if m.kind == "text" and m.label == "Ann" and m.role != "initials")
        return tag.rect.height, name.rect.height
    raise AssertionError("no app")


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_a_trap_tag_is_read_beside_the_names(size: tuple[int, int]) -> None:
    tag, name = tag_and_name_heights(size)
    assert tag >= 0.6 * name, (size, tag, name)


def test_a_trap_tag_is_larger_on_a_4k_window() -> None:
    assert tag_and_name_heights((3840, 2160))[0] > tag_and_name_heights((1920, 1080))[0] * 1.4
