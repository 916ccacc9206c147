"""Set-up fixes after the fifth outside review, driven through the real window with real pygame events.

What is tested: with more combatants than the Set up panel shows at 1280x720,
the wheel (and PageDown / PageUp with the pointer over the panel) brings the
last row into reach and back (the list used to snap back to its top every
frame); Tab and Shift+Tab go through the boxes of the builder's forms in
order and never switch to the starship screen while a form is open.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tactics.engine.builder.commands import AddCombatant, AddTeam, quick_sheet
from tactics.ui.app import App
from tactics.ui.opening import open_path

from ui_driver import app_session, click_settled as click, key_settled as key, move, post

SIZE = (1280, 720)
ROOM = "." * 20 + "\n" + ("." * 20 + "\n") * 13


@pytest.fixture
def app(tmp_path: Path, data_dir: Path):
    (tmp_path / "room.txt").write_text(ROOM)
    yield from app_session(App(open_path(tmp_path / "room.txt", seed=1), size=SIZE), closing=True)


def crowd(app: App) -> list[str]:
    """Three teams of four (The Party, Cultists, Guards): twelve rows and three team rows."""
    enc = app.battle.encounter
    enc.submit(AddTeam("The Party", [70, 140, 230], players=True))
    enc.submit(AddTeam("Cultists", [220, 80, 60], players=False))
    enc.submit(AddTeam("Guards", [90, 200, 120], players=False))
    for team, base in (("the-party", "Fighter"), ("cultists", "Cultist"), ("guards", "Guard")):
        enc.submit(AddCombatant(base, team, sheet=quick_sheet(base, hp=10, ac=10, weapon="unarmed", dex=10, wis=10),
                                copies=4))
    key(app, pygame.K_u)
    return list(app.battle.state.combatants)


def in_view(app: App, cid: str) -> bool:
    """Can the row of ``cid`` be clicked (its Edit button drawn inside the list)?"""
    return app.builder.panel.button_rect(f"edit:{cid}") is not None


def wheel(app: App, notches: int) -> None:
    post(app, *[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if notches > 0 else -1, precise_x=0.0,
                                   precise_y=1.0 if notches > 0 else -1.0, flipped=False)
                for _ in range(abs(notches))])


def test_the_wheel_scrolls_the_set_up_list_to_its_last_row_and_back(app: App) -> None:
    ids = crowd(app)
    assert len(ids) == 12
    panel = app.builder.panel
    assert in_view(app, ids[0]) and not in_view(app, ids[-1])  # more rows than room at 1280x720
    move(app, panel.rect.center)
    wheel(app, -1)  # one notch down: the list moves, and stays moved on the next frames
    app.step()
    app.step()
    assert panel.list_scroll > 0
    wheel(app, -30)
    assert in_view(app, ids[-1]) and not in_view(app, ids[0])
    click(app, panel.button_rect(f"edit:{ids[-1]}").center)  # the last row is usable: its Edit opens
    assert app.builder.form is not None and app.builder.form.who.id == ids[-1]
    key(app, pygame.K_ESCAPE)
    wheel(app, 30)
    assert in_view(app, ids[0]) and not in_view(app, ids[-1])


def test_page_down_over_the_panel_pages_the_list(app: App) -> None:
    ids = crowd(app)
    panel = app.builder.panel
    move(app, panel.rect.center)
    for _ in range(4):
        key(app, pygame.K_PAGEDOWN)
    assert in_view(app, ids[-1])
    for _ in range(4):
        key(app, pygame.K_PAGEUP)
    assert in_view(app, ids[0]) and panel.list_scroll == 0


def tab(app: App, shift: bool = False) -> None:
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT if shift else 0)


def focused(app: App, form) -> str | None:
    return next((name for name, e in form.entries.items() if e.is_focused), None)


def test_tab_and_shift_tab_go_through_the_boxes_of_the_add_form_in_order(app: App) -> None:
    key(app, pygame.K_u)
    click(app, app.builder.panel.button_rect("add").center)
    form = app.builder.form
    assert focused(app, form) == "name"
    order = ["name", "copies", "hp", "ac", "dex", "wis", "art"]
    seen = ["name"]
    for _ in order[1:]:
        tab(app)
        seen.append(focused(app, form))
    assert seen == order
    tab(app)  # round again to the first box
    assert focused(app, form) == "name"
    tab(app, shift=True)
    assert focused(app, form) == "art"
    tab(app, shift=True)
    assert focused(app, form) == "wis"
    from ui_driver import post as post_
    post_(app, pygame.event.Event(pygame.TEXTINPUT, text="7"))  # the text tabbed into is typed over
    assert form.text("wis") == "7"
    assert app.top is app.battle and app.builder.form is form and form.alive()  # no starship screen


def test_tab_goes_through_the_new_team_form_and_never_to_the_starship_screen(app: App) -> None:
    key(app, pygame.K_u)
    click(app, app.builder.panel.button_rect("new-team").center)
    form = app.builder.form
    assert focused(app, form) == "name"
    tab(app)
    assert focused(app, form) == "name"  # its one box keeps the keyboard
    app.ui.set_focus_set(None)  # no box has it: Tab gives it to the first one
    tab(app)
    assert focused(app, form) == "name"
    assert app.top is app.battle and form.alive()


def test_two_pictures_that_cannot_be_shown_are_named_in_one_message(app: App, tmp_path: Path) -> None:
    from test_ui_builder import png

    from tactics.ui import token_art

    enc = app.battle.encounter
    red, broken = png(tmp_path / "red.png"), png(tmp_path / "broken.png")
    enc.submit(AddCombatant("Fighter", "party", sheet=quick_sheet("Fighter", hp=10, ac=10, weapon="unarmed", dex=10,
                                                                  wis=10), cell=[1, 1], art=str(red),
                            new_team={"name": "The Party", "colour": [70, 140, 230], "players": True}))
    enc.submit(AddCombatant("Priest", "party", sheet=quick_sheet("Priest", hp=10, ac=10, weapon="unarmed", dex=10,
                                                                 wis=10), cell=[3, 1], art=str(broken)))
    red.unlink()  # gone since the encounter was saved
    png(broken, broken=True)  # a good header, pixels that do not decode
    token_art.forget()
    app.dirty = True
    app.step()
    assert app.battle.message[:2] == ("2 token pictures could not be shown: red.png (missing), broken.png "
                                      "(not a readable PNG file). Showing initials.", "error")
    frames = app.frames
    app.step()  # shown on the next frame, without waiting for the pointer to move
    assert app.frames == frames + 1


def test_a_refused_picture_keeps_its_file_name_as_spelt(app: App, tmp_path: Path) -> None:
    from test_ui_builder import add_combatant, clear_and_type

    text = tmp_path / "text.png"
    text.write_text("these are not pixels")
    key(app, pygame.K_u)
    add_combatant(app, "Gorg")
    key(app, pygame.K_ESCAPE)  # not placed now
    click(app, app.builder.panel.button_rect("edit:gorg").center)
    form = app.builder.form
    clear_and_type(app, form.entries["art"], str(text))
    click(app, form.ok.rect.center)
    assert form.status.text.startswith("text.png cannot be a token picture")


def test_a_set_up_row_shows_its_whole_name_and_its_numbers(app: App) -> None:
    from ui_driver import drawn_texts

    enc = app.battle.encounter
    enc.submit(AddTeam("Cultists", [160, 90, 220], players=False))
    for i, name in enumerate(("High Priest", "Fighter 10", "Grand Inquisitor")):
        enc.submit(AddCombatant(name, "cultists", sheet=quick_sheet(name, hp=10, ac=10, weapon="unarmed", dex=10,
                                                                   wis=10), cell=[i, 0]))
    key(app, pygame.K_u)
    shown = drawn_texts(app)
    for name in ("High Priest", "Fighter 10", "Grand Inquisitor"):
        assert name in shown
    assert shown.count("10 hp · AC 10") == 3, [t for t in shown if "hp" in t]  # none cut, none left out


def test_the_tracker_says_who_the_app_plays_without_cutting_the_team_s_name() -> None:
    from tactics.assets import bundled
    from tactics.engine.combat.team import StartCombat
    from ui_driver import drawn_texts

    gen = app_session(App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=SIZE))
    app = next(gen)
    try:
        key(app, pygame.K_F6)  # the bears to the app
        key(app, pygame.K_F6)
        assert app.battle.submit(StartCombat())
        shown = drawn_texts(app)
        assert "2. Space Bears" in shown and "1. The Party" in shown
        # with the level (review 7 solo, finding K): which of F6's two plays
        assert any(t.startswith("Team Initiative") for t in shown) and "the app plays (the text's monsters)" in shown, \
            [t for t in shown if "Initiative" in t or "app" in t]
        assert not any(t.endswith(("...", "…")) for t in shown if "Space Bears" in t or "Initiative" in t or "app" in t)
    finally:
        next(gen, None)
