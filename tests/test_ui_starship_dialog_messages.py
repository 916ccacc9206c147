"""A message said while a starship dialog is open is read over the dialog's shade, for every dialog.

What is tested, on the bundled pirate corvette driven through the real app headless: with the fire
dialog open, FIRE at a ship the Wayfarer's sensors cannot see (its Sensors post left empty, so no
Scan may come) is refused; with a post's check dialog open, and with the phase summary open,
Ctrl+E into a folder that cannot be written fails. Each time the refusal is in the status line and
in an alert beside the dialog's card, drawn after the card (over its shade, not hidden under the
card), its type at its own colours, not darkened. A message that is not an error (the log
exported) is read in the status line over the shade too, and with no dialog open the error's
alert is where it was, at the top of the space view.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import EndPhase, FireWeapons, StartSpaceCombat, VacatePost
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.panels.status import KIND_COLOURS
from tactics.ui.starship.actions import ActionDialog
from tactics.ui.starship.fire import FireDialog
from tactics.ui.starship.screen import StarshipScreen
from tactics.ui.starship.summary import PhaseSummary

from test_ui_starship import press, starship
from ui_driver import app_session, drawn_marks, key

pytestmark = pytest.mark.usefixtures("data_dir")


def corvette():
    return load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)


def brightest(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    """The brightest pixel of ``rect`` on ``surface``: a text's own colour where it is not shaded."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    best = (0, 0, 0)
    for y in range(area.get_height()):
        for x in range(area.get_width()):
            c = area.get_at((x, y))
            if sum(c[:3]) > sum(best):
                best = (c.r, c.g, c.b)
    return best


def unshaded(seen: tuple[int, int, int], colour) -> bool:
    """``seen`` is ``colour`` as drawn (anti-aliased to within a few levels), not darkened by the
    dialog's shade (which leaves about 40% of it)."""
    return all(s >= 0.9 * c for s, c in zip(seen, tuple(colour)[:3]))


def part_of(label: str, message: str) -> bool:
    """A drawn text is a line of ``message`` (the status line may end it with "..." to fit)."""
    line = label.removesuffix("...").removesuffix("…")
    return len(line) >= 8 and line in message


def read_over_the_dialog(app: App, screen: StarshipScreen, message: str, kind: str = "error") -> list:
    """Where ``message`` is drawn in this frame, checked: after the dialog's card (over its shade),
    outside the card, and in its undarkened colours. The marks of its text."""
    marks = drawn_marks(app)
    surface = pygame.display.get_surface()
    card = next(m for m in marks if m.kind == "panel" and m.modal)
    assert card.rect == screen.dialog.rect
    shown = [m for m in marks if m.kind == "text" and m.order > card.order and part_of(m.label, message)]
    assert shown, f"{message!r} is not drawn over the dialog"
    for m in shown:
        assert not m.rect.colliderect(card.rect), f"{m.label!r} is drawn on the dialog's card"
        assert surface.get_rect().contains(m.rect), f"{m.label!r} is cut at the window's edge"
    status_top = surface.get_height() - theme.STATUS_H
    in_status = [m for m in shown if m.rect.top >= status_top]
    assert in_status, "the message is not in the status line"
    for m in in_status:
        assert unshaded(brightest(surface, m.rect), KIND_COLOURS[kind]), "the status line is under the shade"
    alert = [m for m in shown if m.rect.bottom < status_top]
    if kind == "error":  # beside the card, as the space view's alert is when no dialog is open
        assert alert, "the refusal has no alert beside the dialog"
        for m in alert:
            assert unshaded(brightest(surface, m.rect), theme.ALERT_TEXT), "the alert is under the shade"
            assert unshaded(surface.get_at((m.rect.left - 4, m.rect.centery)), theme.ALERT_BG)
    else:
        assert not alert
    return shown


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_a_refused_volley_is_read_over_the_fire_dialog(data_dir, size):  # R-SHIP-4, N-SHIP-1
    enc = corvette()
    enc.submit(StartSpaceCombat())
    enc.submit(VacatePost("wayfarer", "sensors"))  # no Scan may come this phase
    enc.submit(EndPhase())
    enc.submit(EndPhase())
    assert enc.state.space.phase == "action"
    gen = app_session(App(enc, size=size))
    app = next(gen)
    try:
        screen = starship(app)
        press(app, screen, "walker_post", ship="wayfarer", post="weapons")
        assert isinstance(screen.dialog, FireDialog) and screen.dialog.target == "red_maw"
        entries = len(enc.journal.entries)
        press(app, screen, "dlg.fire")
        assert len(enc.journal.entries) == entries  # refused
        assert isinstance(screen.dialog, FireDialog)  # still open, to choose again
        said = screen.current_message()
        assert said is not None and said[1] == "error" and "cannot see the Red Maw" in said[0]
        read_over_the_dialog(app, screen, said[0])
    finally:
        gen.close()


def unwritable(data_dir: Path) -> Path:
    """A log folder Ctrl+E cannot write into (its parent is a file)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    blocker = data_dir / "a-file"
    blocker.write_text("not a folder")
    return blocker / "logs"


@pytest.fixture
def app():
    yield from app_session(App(corvette(), size=(1280, 720)))


def test_a_failed_export_is_read_over_a_check_dialog(app, data_dir):
    screen = starship(app)
    press(app, screen, "begin")
    press(app, screen, "walker_post", ship="red_maw", post="helm")
    assert isinstance(screen.dialog, ActionDialog)
    screen.log_folder = unwritable(data_dir)
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    said = screen.current_message()
    assert said is not None and said[0].startswith("Could not export the log")
    assert isinstance(screen.dialog, ActionDialog)
    read_over_the_dialog(app, screen, said[0])
    # an export that works: said (good) in the status line over the shade, no alert
    screen.log_folder = data_dir / "logs"
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    said = screen.current_message()
    assert said is not None and said[1] == "good" and said[0].startswith("Log exported to")
    read_over_the_dialog(app, screen, said[0], "good")


def test_a_failed_export_is_read_over_the_phase_summary(data_dir):
    enc = corvette()
    enc.submit(StartSpaceCombat())
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)  # Battle Damage lands at the phase's end
    gen = app_session(App(enc, size=(1280, 720)))
    app = next(gen)
    try:
        screen = starship(app)
        press(app, screen, "end_phase")
        if screen.dialog is None:  # warned: crew can still act
            press(app, screen, "end_phase")
        assert isinstance(screen.dialog, PhaseSummary)
        screen.log_folder = unwritable(data_dir)
        key(app, pygame.K_e, pygame.KMOD_CTRL)
        said = screen.current_message()
        assert said is not None and said[0].startswith("Could not export the log")
        read_over_the_dialog(app, screen, said[0])
    finally:
        gen.close()


def test_without_a_dialog_the_alert_stays_at_the_top_of_the_space_view(app, data_dir):
    screen = starship(app)
    screen.log_folder = unwritable(data_dir)
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    said = screen.current_message()
    assert said is not None and said[1] == "error" and screen.dialog is None
    space = screen.layout()["space"]
    alert = [m for m in drawn_marks(app) if m.kind == "text" and part_of(m.label, said[0])
             and m.rect.bottom < space.bottom]
    assert alert and all(space.contains(m.rect) for m in alert)
    assert min(m.rect.top for m in alert) < space.top + theme.px(60)
