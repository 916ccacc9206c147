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


def drawn(app: App) -> list[probe.Mark]:
    """One frame drawn with the layout probe on: every mark on the window."""
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    return rec.on(pygame.display.get_surface())


def frame_problems(app: App) -> list[str]:
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    return probe.problems(rec, pygame.display.get_surface())


def log_rows(app: App, screen: StarshipScreen) -> list[str]:
    """The rows the log strip shows, top to bottom (not its title, button or the scroll note)."""
    marks = [m for m in drawn(app) if m.kind == "text" and screen.log.rect.contains(m.rect)]
    return [m.label for m in sorted(marks, key=lambda m: m.rect.y) if m.label not in ("LOG", "Export  ^E")]


def to_a_volley(app: App) -> StarshipScreen:
    """Round 1's Action Phase after a successful Scan and a volley: long lines in the log."""
    from tactics.engine.starship.commands import EndPhase, FireWeapons, StartSpaceCombat, TakeAction

    screen = ship_screen(app)
    enc = app.battle.encounter
    enc.submit(StartSpaceCombat())
    enc.submit(EndPhase())  # the surprise round
    enc.submit(EndPhase())  # round 1's Support Phase
    enc.submit(TakeAction("wayfarer", "sensors", "scan", {"target": "red_maw"}), typed=[10, 10])
    enc.submit(FireWeapons("wayfarer", ["Dorsal turret", "Port mount", "Starboard mount"], "red_maw"))
    app.step()
    return screen


def wheel(app: App, pos: tuple[int, int], steps: int) -> None:
    from ui_driver import move, post

    move(app, pos)
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, precise_x=0.0, precise_y=float(steps),
                                 flipped=False))


def test_the_space_log_at_720p_wraps_whole_lines_and_scrolls(app):  # review 18, finding 2
    screen = to_a_volley(app)
    newest = screen.log_lines()[-1]
    rows = log_rows(app, screen)
    assert len(rows) >= 4  # four rows where two were
    assert "…" not in " ".join(rows)
    assert " ".join(rows).endswith(newest), "the newest line is drawn whole, wrapped"
    assert not frame_problems(app)
    # the wheel over the strip reads back; Page Down comes forward again, Page Up goes back
    wheel(app, screen.log.rect.center, 1)
    back = log_rows(app, screen)
    assert back != rows and back[-1].endswith("newer lines below (Page Down)")
    older = screen.log_lines()[:-1]
    assert any(line.startswith(row) for row in back for line in older), "an older line's start is in view"
    assert not frame_problems(app)
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    assert log_rows(app, screen) == rows
    key(app, pygame.K_PAGEUP)
    assert screen.log.scroll > 0 and log_rows(app, screen) != rows


def test_ctrl_e_on_the_starship_screen_exports_the_log_and_says_where(app, tmp_path):  # review 18, F2
    screen = to_a_volley(app)
    screen.log_folder = tmp_path
    key(app, pygame.K_e, pygame.KMOD_LCTRL)
    files = list(tmp_path.glob("*.txt"))
    assert len(files) == 1
    assert screen.log_lines()[-1] in files[0].read_text(encoding="utf-8")
    said = screen.current_message()
    assert said == (f"Log exported to {files[0]}", "good")  # the battle map's words
    assert any(label.startswith("Log exported to") for label in (m.label for m in drawn(app)))
    # the strip's Export button does the same
    press(app, screen, "log_export")
    assert len(list(tmp_path.glob("*.txt"))) >= 1 and screen.current_message()[1] == "good"


GM_ONLY = ("Begin space combat", "+ NPC crew", "drag a character onto a post", "Export  ^E")


def test_the_players_view_of_the_starship_screen_shows_no_gm_controls(data_dir):  # review 18, finding 7
    for viewer in ("gm", "players"):
        app = App(corvette(), size=(1280, 720), viewer=viewer)
        try:
            app.step()
            ship_screen(app)
            texts = [m.label for m in drawn(app) if m.kind == "text"]
            joined = " | ".join(texts)
            if viewer == "gm":  # the GM's own view keeps every control
                assert all(label in texts for label in GM_ONLY), joined
                assert "Enter: begin space combat" in joined
                continue
            assert not [label for label in GM_ONLY if label in texts], joined
            assert "Enter: begin space combat" not in joined and "drag" not in joined.lower()
            assert "PLAYERS' VIEW" in joined
            assert app.starship.spot_rect("begin") is None
            # the players' own window shows none either
            app.players.open()
            app.players.window.dirty = True
            app.step()
            from ui_driver import players_window_frame

            _, shown = players_window_frame(app)
            assert app.players.window.showing == "starship"
            assert not [label for label in GM_ONLY if label in shown], shown
        finally:
            app._addons("closing")
            pygame.quit()
