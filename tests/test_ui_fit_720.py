"""The bundled fight opens as large as the fight's layout lets it, and keeps that zoom.

Why (outside review 17, N6): at 1280x720 the default encounter opened at 22 px a square (35 at
1920x1080): the map sat between the tracker and a right-hand column kept from the start for the
log, which showed only at the column's foot, with a bare strip above it, and Fit kept a 24 px
margin inside that. Now Fit keeps an 8 px margin (at scale 1), the right column is 20.5% of the
board (22%), the banners' strips are kept from the start (the map, fitted by its height in a
fight, must not shrink at Start combat) and the log takes its whole column while nothing else
is in it. The fight's layout is the limit: the Declare and Resolve panels need the right column
and the phase card and the turn banner their strips, and the map keeps one zoom throughout.

What is tested, driven through the real app (ui_driver): the start zoom at the four sizes (the
status bar's figure too); before the fight, after the first log line, after Start combat, in
the Action Phase with several log lines and with the typed-dice box focused, the log, the
tracker, the Declare and Resolve panels and the banners do not meet each other nor the map,
and the map lies inside the room Fit gives; the zoom and the squares do not move at the first
log line nor at Start combat (review 16 F3).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.queries import acting_combatants
from tactics.engine.core.table import ChangeTableSetting
from tactics.ui.app import App
from tactics.ui.focus import keyboard_owner
from tactics.ui.opening import open_default

from ui_driver import app_session, click, drawn_texts, key, map_rect, move

#: the start zoom of the bundled map, px a square: at least (was 22, 28, 35 and 71)
START_PX = {(1280, 720): 24, (1600, 900): 30, (1920, 1080): 36, (3840, 2160): 73}
SIZES = list(START_PX)


def camera(app: App) -> tuple:
    cam = app.battle.camera
    return cam.cell_px, cam.cell_rect((6, 12))


def first_trap(app: App) -> None:
    """The GM's first hidden trap (Traps, a click on square 6, 12): the log's first line."""
    view = app.battle
    aim = view.camera.cell_centre((6, 12))
    key(app, pygame.K_p)
    move(app, aim)
    click(app, aim)
    key(app, pygame.K_v)  # back to Select
    assert not view.combat.log.empty(), "the trap made no log line"


def start_combat(app: App) -> None:
    click(app, app.battle.combat.button_rect("start").center)
    app.step()
    assert app.battle.combat.fight_on()


def declaring_with_typed_dice(app: App) -> None:
    """The Action Phase, every die typed, the acting group's attacks declared, the dice box focused."""
    view = app.battle
    click(app, view.combat.button_rect("banner-advance").center)
    enc = view.encounter
    enc.submit(ChangeTableSetting("dice", "everyone"))
    for cid in acting_combatants(enc.state):
        enc.submit(Declare(cid, Action("standard-attack", weapon=enc.state.combatants[cid].sheet.weapons[0],
                                       target="bear1")))
    click(app, view.combat.button_rect(f"who:{acting_combatants(enc.state)[0]}").center)
    app.step()
    entry = view.combat.resolve.entry
    assert entry is not None, "the typed-dice box shows"
    click(app, entry.rect.center)
    assert keyboard_owner(app) is not None, "the typed-dice box has the keyboard"


def clear_of_each_other(app: App, when: str) -> None:
    """No two of the panels, banners and the map (and its room) meet; the map is in its room."""
    view, combat = app.battle, app.battle.combat
    room, drawn = view.fit_rect(), map_rect(app)
    assert room.contains(drawn), f"{when}: the map {drawn} is not inside the room Fit gives {room}"
    shown = {"log": combat.log.rect, "tracker": combat.tracker.rect}
    if combat.fight_on():
        shown.update({"declare": combat.actions.rect, "resolve": combat.resolve.rect,
                      "phase card": combat.banner.rect, "turn banner": app.hotseat.rect})
    assert shown["log"] is not None and shown["tracker"] is not None, f"{when}: the log and the tracker show"
    window = pygame.Rect((0, 0), app.size)
    for name, rect in shown.items():
        if rect is None:
            continue
        assert window.contains(rect), f"{when}: the {name} {rect} runs off the window"
        if name != "phase card" or combat.state.combat.phase == "action":  # the big phase cards lie over the map
            assert not rect.colliderect(drawn), f"{when}: the {name} {rect} lies on the map {drawn}"
        if name in ("log", "tracker", "declare", "resolve"):
            assert not rect.colliderect(room), f"{when}: the {name} {rect} lies in the map's room {room}"
        for other, at in shown.items():
            if other < name and at is not None:
                assert not rect.colliderect(at), f"{when}: the {name} {rect} meets the {other} {at}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_bundled_map_opens_larger_and_keeps_its_zoom(size):
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        px = app.battle.camera.cell_px
        assert px >= START_PX[size], f"the bundled map opens at {px} px a square at {size}"
        assert f"{px} px/square" in " ".join(drawn_texts(app)), "the status bar says the zoom"
        clear_of_each_other(app, "at the start")
        log = app.battle.combat.log.rect
        tracker = app.battle.combat.tracker.rect
        assert log.height >= 0.8 * (app.battle.board_rect().height), "the log takes its whole column"
        assert log.top == tracker.top, "the log's column holds nothing else before the fight"
        before = camera(app)
        first_trap(app)
        assert camera(app) == before, "the first log line moved or re-zoomed the map"
        assert app.battle.combat.log.rect == log, "the log stays where it was at its first line"
        clear_of_each_other(app, "after the first log line")
        start_combat(app)
        assert camera(app) == before, "Start combat moved or re-zoomed the map"
        clear_of_each_other(app, "after Start combat")
        declaring_with_typed_dice(app)
        assert len(app.battle.encounter.journal.entries) >= 5, "several log lines"
        assert camera(app) == before, "the Action Phase moved or re-zoomed the map"
        clear_of_each_other(app, "declaring, the typed-dice box focused")
        assert app.battle.combat.log.rect.height >= app.battle.combat.log_max(app.battle.board_rect()) // 3, \
            "the log keeps a usable height under the Declare and Resolve panels"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_with_the_log_folded_before_the_fight_the_map_grows_clear_of_its_title_row(size):
    """The log's "-" before the fight gives its column to the map (it fits again, larger); the
    folded log's title row at the bottom right stays off the map (it lay on the map's corner)."""
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        px = app.battle.camera.cell_px
        click(app, app.battle.combat.log.button_rect("collapse").center)
        app.step()
        log = app.battle.combat.log
        assert log.collapsed and log.rect is not None, "the log is folded to its title row"
        assert app.battle.camera.cell_px > px, "the map grew into the log's column"
        assert not log.rect.colliderect(map_rect(app)), f"the folded log {log.rect} lies on the map {map_rect(app)}"
        assert app.battle.fit_rect().contains(map_rect(app))
