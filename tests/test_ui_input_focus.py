"""Text fields and dialogs own the keyboard: no map shortcut fires while one has it (issue 10).

What is tested, with real key and text events through ``App.step`` during a fight: every letter
and digit typed into the Save as file name, the Open dialog's path, each Table settings box, the
GM menu's amount and the resolve panel's typed-dice box goes into that field and changes nothing
else: the journal is the same (no "n" ended the turn, no "e" the phase), the tool is still Select
("r" did not pick the Ruler), Tab did not swap screens. Esc closes the open dialog, also over the
starship screen. Ctrl+Q and the window's close button ask before quitting when the last change is
not in a save written by hand, and quit at once when it is.
"""

from __future__ import annotations

import string

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.focus import keyboard_owner, open_dialogs

from test_ui_combat import explosion, space_bears
from ui_driver import app_session, centre, click, key, post
from ui_driver import type_text as type_keys

SIZE = (1600, 900)
EVERY_KEY = string.ascii_lowercase + string.digits


@pytest.fixture
def app(data_dir):
    enc = space_bears()
    explosion(enc)
    yield from app_session(App(enc, size=SIZE), closing=True)


def type_text(app: App, text: str) -> None:
    """Type ``text`` (ui_driver's keys), frames run until the queue is empty."""
    type_keys(app, text, settle=True)


def in_the_fight(app: App) -> None:
    """Start combat and go to the first group's Action Phase: now "n" or "e" would change the journal."""
    rect = app.battle.combat.button_rect("start")
    click(app, rect.center)
    click(app, app.battle.combat.button_rect("banner-advance").center)
    assert app.battle.state.combat is not None


def snapshot(app: App) -> tuple:
    journal = app.battle.encounter.journal
    return (len(journal.entries), journal.entries[-1] if journal.entries else None, app.battle.tool.name,
            app.screens[0] is app.battle, app.battle.viewer, app.battle.camera.cell_px)


def unchanged(app: App, before: tuple) -> None:
    after = snapshot(app)
    assert after[0] == before[0] and after[1] is before[1], "the journal changed while typing"
    assert after[2:] == before[2:], "a map shortcut fired while typing"


def focus(app: App, entry) -> None:
    click(app, entry.rect.center)
    assert keyboard_owner(app) is not None


def test_typing_a_save_name_fires_no_shortcut(app):
    in_the_fight(app)
    before = snapshot(app)
    key(app, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)  # Save as
    entry = app.saving.dialog.file_path_text_line
    entry.set_text("")
    focus(app, entry)
    type_text(app, EVERY_KEY)
    assert entry.get_text().endswith(EVERY_KEY)
    unchanged(app, before)
    key(app, pygame.K_ESCAPE)  # Esc closes the dialog
    app.step()
    assert not app.saving.dialog.alive() and not open_dialogs(app.ui)
    key(app, pygame.K_r, text="r")  # and the map's keys are back
    assert app.battle.tool.name == "ruler"


def test_typing_a_path_in_the_open_dialog_fires_no_shortcut(app):
    in_the_fight(app)
    before = snapshot(app)
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    entry = app.file_dialog.file_path_text_line
    focus(app, entry)
    type_text(app, EVERY_KEY)
    assert EVERY_KEY in entry.get_text()
    unchanged(app, before)


@pytest.mark.parametrize("box", ["display", "square", "screen"])
def test_typing_in_the_table_settings_fires_no_shortcut(app, box):
    in_the_fight(app)
    before = snapshot(app)
    key(app, pygame.K_t, pygame.KMOD_LCTRL)
    entry = app.table.entries[box]
    entry.set_text("")
    focus(app, entry)
    type_text(app, EVERY_KEY + "\t")
    assert entry.get_text().startswith(EVERY_KEY)
    unchanged(app, before)
    key(app, pygame.K_ESCAPE)
    app.step()
    assert app.table.window is None or not app.table.window.alive()


def test_a_dialog_without_a_focused_box_still_takes_every_key(app):
    """Table settings open (nothing clicked in it): letters, digits, Enter and Tab do nothing to the game."""
    in_the_fight(app)
    before = snapshot(app)
    key(app, pygame.K_t, pygame.KMOD_LCTRL)
    type_text(app, EVERY_KEY)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_TAB)
    unchanged(app, before)
    assert app.table.window.alive()


def test_typing_the_gm_menu_amount_fires_no_shortcut(app):
    in_the_fight(app)
    before = snapshot(app)
    cell = app.battle.state.combatants["bear2"].cell
    click(app, centre(app, cell), button=3)
    click(app, app.gm_menu.item_rect("damage").center)
    type_text(app, EVERY_KEY)
    assert app.gm_menu.is_open() and app.gm_menu.page.typed  # the digits went into the amount
    unchanged(app, before)


def test_typing_in_the_typed_dice_box_fires_no_shortcut(app):
    from test_ui_combat import press, start_surprise, token

    start_surprise(app)
    press(app, "banner-advance")
    press(app, "actor:brandon")
    press(app, "weapon:silenced_pistol")
    click(app, token(app, "bear1"))
    press(app, "dice-mode")
    before = snapshot(app)
    entry = app.battle.combat.resolve.entry
    focus(app, entry)
    type_text(app, EVERY_KEY)
    assert entry.get_text() == EVERY_KEY
    unchanged(app, before)
    key(app, pygame.K_ESCAPE)  # Esc leaves the box: the map's keys are back
    assert keyboard_owner(app) is None
    focus(app, entry)
    click(app, app.battle.board_rect().center)  # so does a click on the map
    assert keyboard_owner(app) is None


def test_esc_closes_table_settings_over_the_starship_screen(app):
    key(app, pygame.K_TAB)
    assert app.screens[0] is not app.battle
    key(app, pygame.K_t, pygame.KMOD_LCTRL)
    assert app.table.window.alive()
    key(app, pygame.K_ESCAPE)
    app.step()
    assert app.table.window is None or not app.table.window.alive()
    assert app.screens[0] is not app.battle  # Esc closed the dialog, nothing else


def test_ctrl_q_asks_when_the_game_is_not_saved_by_hand(app, tmp_path):
    assert app.running
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running  # nothing done yet: quits at once
    app.running = True
    in_the_fight(app)
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert app.running and app.saving.prompt.alive() and "not in a save you wrote" in app.saving.prompt.text
    key(app, pygame.K_ESCAPE)  # Cancel
    assert app.running and not app.saving.prompt.alive()
    post(app, pygame.event.Event(pygame.QUIT))  # the window's close button asks the same
    assert app.running and app.saving.prompt.alive()
    click(app, app.saving.prompt.button_centre("Quit without saving"))
    app.step()
    assert not app.running


def test_ctrl_q_after_saving_by_hand_quits_at_once(app, tmp_path):
    in_the_fight(app)
    assert app.saving.save_to(tmp_path / "night.tactics.json")
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running


def test_typing_while_a_starship_dialog_is_open_fires_no_shortcut(data_dir):
    """The starship screen's own dialogs (a crew post's actions) take the keys, nothing underneath."""
    from tactics.assets import bundled
    from tactics.engine.core.encounter import load_encounter

    from test_ui_starship import press, starship

    app = App(load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11), size=SIZE)
    try:
        app.step()
        screen = starship(app)
        press(app, screen, "begin")
        press(app, screen, "walker_post", ship="red_maw", post="engineer")
        assert screen.dialog is not None
        before = snapshot(app)
        screens = list(app.screens)
        type_text(app, "".join(c for c in EVERY_KEY if c not in "123456789"))  # digits may pick a choice
        key(app, pygame.K_TAB)  # Tab does not swap screens under an open dialog
        unchanged(app, before)
        assert app.screens == screens and screen.dialog is not None
        key(app, pygame.K_ESCAPE)
        assert screen.dialog is None
    finally:
        app._addons("closing")
        pygame.quit()


def test_save_and_quit_writes_the_save_then_quits(app, tmp_path):
    target = tmp_path / "night.tactics.json"
    assert app.saving.save_to(target)
    in_the_fight(app)  # changes after the hand save
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert app.running and app.saving.prompt.alive()
    key(app, pygame.K_RETURN)  # Enter: the first choice, Save and quit
    assert not app.running
    from tactics.engine.saves.document import load_save

    assert len(load_save(target).journal.entries) == len(app.battle.encounter.journal.entries)
