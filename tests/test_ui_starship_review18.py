"""The starship screen after review 18: timed dice with no input, a readable space log, dialogs at 720p.

What is tested on the bundled pirate corvette, through the real app with its clock set by the
test (no sleeps): the fire dialog reveals every die and turns "Show all" into "Done" while no
input comes at all, each die drawn in a frame of its own when its time comes, and the app then
sleeps (no frame drawn, nothing due) until an event (finding 1);
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.starship.fire import FireDialog
from tactics.ui.starship.screen import StarshipScreen

from test_ui_starship import press
from ui_driver import app_session, key

pytestmark = pytest.mark.usefixtures("data_dir")


def corvette(seed: int = 11):
    return load_encounter(bundled("pirate-corvette.encounter.toml"), seed=seed)


@pytest.fixture
def clock() -> list[int]:
    """The app's clock in ms, moved on by the test."""
    return [50_000]


@pytest.fixture
def app(clock):
    app = App(corvette(), size=(1280, 720))
    app.clock = lambda: clock[0]
    yield from app_session(app)


def ship_screen(app: App) -> StarshipScreen:
    key(app, pygame.K_TAB)
    screen = app.screens[0]
    assert isinstance(screen, StarshipScreen)
    return screen


def quiet_step(app: App) -> list[str] | None:
    """One step of the loop with no input: the texts of the frame it drew (None: it drew none)."""
    frames = app.frames
    rec = probe.start()
    try:
        app.step()
    finally:
        probe.stop()
    if app.frames == frames:
        return None
    return [m.label for m in rec.on(pygame.display.get_surface()) if m.kind == "text"]


def test_the_fire_dialog_shows_every_die_with_no_input(app, clock):  # review 18, finding 1
    screen = ship_screen(app)
    press(app, screen, "begin")
    press(app, screen, "walker_post", ship="red_maw", post="weapons")
    key(app, pygame.K_RETURN)  # FIRE; from here on nothing touches the mouse or the keys
    dialog = screen.dialog
    assert isinstance(dialog, FireDialog) and dialog.result is not None
    dice = len(dialog.result.dice)
    assert dice > 1 and dialog.shown_dice() == 1
    for shown in range(2, dice + 1):
        due = app.frame_due()  # what App.run sleeps until
        assert due is not None and due > clock[0], f"the loop would sleep through die {shown}"
        clock[0] = due - 1
        assert quiet_step(app) is None  # not yet: nothing drawn before its time
        clock[0] = due
        texts = quiet_step(app)
        assert texts is not None, f"die {shown} was never drawn"
        assert dialog.shown_dice() == shown
        assert ("Done" if shown == dice else "Show all") in texts
    # every die is in: the app sleeps until an event once the status line's message has gone
    while (due := app.frame_due()) is not None:
        clock[0] = due
        assert quiet_step(app) is not None
    for _ in range(5):
        clock[0] += 10_000
        assert quiet_step(app) is None
    assert app.frame_due() is None


def test_an_idle_starship_screen_draws_no_frames(app, clock):
    ship_screen(app)
    while (due := app.frame_due()) is not None:  # the status line's message goes
        clock[0] = due
        app.step()
    frames = app.frames
    for _ in range(5):
        clock[0] += 60_000
        app.step()
    assert app.frames == frames and app.frame_due() is None
