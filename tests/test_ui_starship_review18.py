"""The starship screen after review 18: timed dice with no input, a readable space log, dialogs at 720p.

What is tested on the bundled pirate corvette, through the real app with its clock set by the
test (no sleeps): the fire dialog reveals every die and turns "Show all" into "Done" while no
input comes at all, each die drawn in a frame of its own when its time comes, and the app then
sleeps (no frame drawn, nothing due) until an event (finding 1); at 1280x720 the space log
shows four rows, each line wrapped whole (no "…"), the wheel over it and Page Up / Page Down
scroll it, and Ctrl+E or its Export button writes the whole log and says where, in the battle
map's words (finding 2); the phase-end card's Battle Damage words start right of its 2d6 dice
(finding 3); the fire result's last line keeps clear of Done (finding 4); every crew action
choice shows its whole formula, on two lines where one is too short (finding 5), at 1280x720,
1920x1080 and 3840x2160 with nothing cut or overlapping (the layout probe); the Captain's Take
it does nothing while no crew member is chosen and the dialog itself says why (finding 6); the
players' view of the starship screen, and the players' window, show no GM control (finding 7);
at every size a ship's crew card is tall enough for its seven post rows (at 4K the next card
covered the last one).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.starship.fire import FireDialog
from tactics.ui.starship.screen import StarshipScreen

from test_ui_starship import press
from ui_driver import app_session, key
from ui_driver import drawn_marks as drawn

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


SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


def at_size(app: App, size: tuple[int, int]) -> None:
    from layout_states import resize

    resize(app, size)
    assert app.size == size


def cut_and_problems(app: App, monkeypatch) -> tuple[list[str], list[str], list[probe.Mark]]:
    """One frame: the texts shortened with "…" to fit (``widgets.text``'s max_width), the layout
    probe's problems (overlaps; a button's label cut), and every mark."""
    from tactics.ui import widgets

    cut: list[str] = []
    real = widgets.fit_line

    def fit_line(value, size, width, weight="semibold"):
        out = real(value, size, width, weight)
        if out[0] != value:
            cut.append(value)
        return out

    monkeypatch.setattr(widgets, "fit_line", fit_line)
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
        monkeypatch.setattr(widgets, "fit_line", real)
    surface = pygame.display.get_surface()
    marks = rec.on(surface)
    modal = max((m.order for m in marks if m.modal), default=0)  # what the open dialog shows, on top
    return cut, probe.problems(rec, surface), [m for m in marks if m.order >= modal]


def test_the_phase_end_summary_draws_battle_damage_beside_its_dice(app, monkeypatch):  # review 18, F3
    from tactics.engine.starship.commands import FireWeapons, StartSpaceCombat
    from tactics.ui.starship.summary import PhaseSummary

    screen = ship_screen(app)
    enc = app.battle.encounter
    enc.submit(StartSpaceCombat())
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)  # Battle Damage on the Wayfarer
    screen.end_phase()
    if not isinstance(screen.dialog, PhaseSummary):
        screen.end_phase()  # (the first press warned that crew could still act)
    assert isinstance(screen.dialog, PhaseSummary)
    damage = next(e for e in screen.dialog.entry.events if e.kind == "space.battle_damage")
    for size in SIZES:
        at_size(app, size)
        cut, problems, marks = cut_and_problems(app, monkeypatch)
        assert not problems, f"{size}: {problems}"
        assert not cut, f"{size}: {cut}"
        faces = [m for m in marks if m.kind == "text" and m.label in {str(f) for f in damage.faces}
                 and screen.dialog.rect.contains(m.rect)]
        words = [m for m in marks if m.kind == "text" and "takes Battle Damage" in m.label]
        assert len(faces) >= 2 and words, size
        assert min(w.rect.left for w in words) > max(f.rect.right for f in faces), f"{size}: words on the dice"


def test_the_fire_result_keeps_its_last_line_clear_of_done(app, monkeypatch):  # review 18, finding 4
    from tactics.engine.starship.commands import FireWeapons, StartSpaceCombat
    from tactics.engine.starship.events import SpaceWeaponsFired

    screen = ship_screen(app)
    enc = app.battle.encounter
    enc.submit(StartSpaceCombat())
    screen.open_post("red_maw", "weapons")
    dialog = screen.dialog
    assert isinstance(dialog, FireDialog)
    entry = enc.submit(FireWeapons("red_maw", list(dialog.chosen), "wayfarer"), typed=[3, 6, 8, 3, 7])
    dialog.result = next(e for e in entry.events if isinstance(e, SpaceWeaponsFired))
    assert not dialog.result.battle_damage  # the longer note: "Judged again when the Action Phase ends ..."
    dialog.started = -10**9  # every die shown
    for size in SIZES:
        at_size(app, size)
        cut, problems, marks = cut_and_problems(app, monkeypatch)
        assert not problems, f"{size}: {problems}"
        assert not cut, f"{size}: {cut}"
        done = screen.spot_rect("dlg.done")
        note = [m for m in marks if m.kind == "text" and dialog.rect.contains(m.rect) and m.rect.bottom > done.top]
        assert note and not [m.label for m in note if m.rect.colliderect(done) and m.label != "Done"], size
        said = " ".join(m.label for m in sorted(note, key=lambda m: m.rect.y) if m.label != "Done")
        assert said.endswith("a Scan rolled later this phase still adds its bonus."), said


def test_crew_action_choices_show_their_whole_formula(app, monkeypatch):  # review 18, finding 5
    from tactics.engine.starship.commands import EndPhase, StartSpaceCombat
    from tactics.ui.starship.actions import ActionDialog, check_words

    screen = ship_screen(app)
    enc = app.battle.encounter
    enc.submit(StartSpaceCombat())
    enc.submit(EndPhase())  # the surprise round: round 1's Support Phase (the Science Officer)
    for post, phase_ends in (("science", 0), ("sensors", 1)):
        for _ in range(phase_ends):
            enc.submit(EndPhase())
        screen.open_post("wayfarer", post)
        dialog = screen.dialog
        assert isinstance(dialog, ActionDialog), post
        for size in SIZES:
            at_size(app, size)
            cut, problems, marks = cut_and_problems(app, monkeypatch)
            assert not problems, f"{post} at {size}: {problems}"
            assert not cut, f"{post} at {size}: {cut}"
            for offer in dialog.offered:
                button = screen.spot_rect("dlg.action", action=offer.name)
                inside = sorted((m for m in marks if m.kind == "text" and button.contains(m.rect)),
                                key=lambda m: m.rect.y)
                assert " ".join(m.label for m in inside[1:]) == check_words(offer), (post, size, offer.name)
        screen.close_dialog()


def test_take_it_waits_for_a_crew_member_and_says_why_in_the_dialog(app):  # review 18, finding 6
    from tactics.engine.starship.commands import EndPhase, StartSpaceCombat

    screen = ship_screen(app)
    enc = app.battle.encounter
    enc.submit(StartSpaceCombat())
    enc.submit(EndPhase())  # round 1's Support Phase: the Captain acts
    app.step()
    press(app, screen, "walker_post", ship="wayfarer", post="captain")
    dialog = screen.dialog
    press(app, screen, "dlg.action", action=dialog.offered[0].name)  # Give an order: no one chosen yet
    reason = "Choose the crew member who receives the order."
    marks = drawn(app)
    said = [m for m in marks if m.kind == "text" and m.label == reason]
    assert said and dialog.rect.contains(said[0].rect), "the reason is in the dialog"
    entries = len(enc.journal.entries)
    press(app, screen, "dlg.take")
    key(app, pygame.K_RETURN)
    assert len(enc.journal.entries) == entries and screen.dialog is dialog and dialog.result is None
    assert screen.current_message() is None or screen.current_message()[1] != "error"  # no toast behind it
    press(app, screen, "dlg.order", post="helm")
    assert reason not in [m.label for m in drawn(app)]
    press(app, screen, "dlg.take")
    assert len(enc.journal.entries) == entries + 1 and dialog.result is not None


def test_the_crew_cards_hold_their_post_rows_at_4k(app):  # seen while checking review 18 at 3840x2160
    from tactics.engine.starship.commands import StartSpaceCombat

    screen = ship_screen(app)
    app.battle.encounter.submit(StartSpaceCombat())
    for size in SIZES:
        at_size(app, size)
        crew = screen.layout()["crew"]
        title = next(m for m in drawn(app) if m.kind == "text" and m.label == "Red Maw" and crew.contains(m.rect))
        card_top = title.rect.top - theme.px(10)  # (the title sits 10 px into its card)
        last = screen.post_rect("wayfarer", "engineer")
        assert last is not None and last.bottom <= card_top, f"the next card covers the Wayfarer's last row at {size}"
