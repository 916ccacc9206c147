"""The players' view fits between the banners, and the board keeps its zoom when a panel or the view changes.

Why (review 16): F2 (the players' view preview) fitted the map to the whole board height, so the
phase card ("Round 1 · Space Bears Vanguard acts") covered the top row and the turn banner the
bottom row (Art's hit-point bar on a 6x4 map, the edge walls on the bundled map); Home/F did not
help (finding F2). And the map re-zoomed from 47 to 35 px/square when the log panel first appeared
(the GM's first trap, P + click) and again on every F2, so the squares moved under the pointer and
a second quick click laid the next hidden trap on another square (finding F3).

Expected: in both views at 1920x1080 and 1280x720 no banner meets the map's drawn rectangle; the
camera (zoom and where a square is drawn) is the same before and after the first log entry and
across F2 on and off. Driven through the real app's events (ui_driver).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, click, drawn_marks, key, map_rect, move

SIZES = [(1920, 1080), (1280, 720)]

TINY = {"name": "Tiny fight",  # the reviewer's 6x4 map: James and Art against two bears
        "teams": {"party": {"name": "The Party", "players": True, "colour": [70, 140, 230]},
                  "bears": {"name": "Space Bears", "colour": [220, 80, 60]}},
        "combatants": [{"id": "james", "team": "party", "sheet": "james", "cell": [0, 0]},
                       {"id": "art", "team": "party", "sheet": "art", "cell": [0, 3]},
                       {"id": "bear1", "name": "Bear 1", "team": "bears", "sheet": "space_bear", "cell": [5, 0]},
                       {"id": "bear2", "name": "Bear 2", "team": "bears", "sheet": "space_bear", "cell": [5, 3]}]}


def tiny() -> Encounter:
    return Encounter(TINY, BattleMap.from_text("\n".join(["." * 6] * 4), name="Tiny"), seed=1)


def camera(app: App) -> tuple:
    cam = app.battle.camera
    return cam.cell_px, cam.cell_rect((6, 12))


def in_the_action_phase(app: App) -> None:
    click(app, app.battle.combat.button_rect("start").center)
    key(app, pygame.K_e)  # Begin Action Phase: the phase card and the turn banner with End turn (E)
    app.step()


def banners(app: App) -> list[pygame.Rect]:
    shown = [app.battle.combat.banner.rect, app.hotseat.rect]
    assert all(b is not None for b in shown), "the phase card and the turn banner show"
    return shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("opening", [tiny, lambda: open_default(seed=1)], ids=["tiny", "bundled"])
def test_the_players_view_fits_the_map_between_the_banners(size, opening):
    for app in app_session(App(opening(), size=size), closing=True):
        in_the_action_phase(app)
        key(app, pygame.K_F2)  # the players' view
        assert app.battle.viewer == "players"
        for label in ("F2", "Home/F"):
            area = map_rect(app)
            for banner in banners(app):
                assert not banner.colliderect(area), f"after {label} a banner {banner} lies on the map {area}"
            key(app, pygame.K_f)  # and fitting again in the players' view keeps it so


@pytest.mark.parametrize("size", SIZES)
def test_f2_on_and_off_keeps_the_zoom_and_the_squares(size):
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        before = camera(app)
        for _ in range(2):  # before the fight
            key(app, pygame.K_F2)
            assert camera(app) == before, f"F2 moved the map (viewer {app.battle.viewer})"
        in_the_action_phase(app)
        during = camera(app)
        assert during == before, "the fight's banners took their strips: the map, clear of them, stays"
        for _ in range(2):  # and in it
            key(app, pygame.K_F2)
            app.step()
            assert camera(app) == during, f"F2 in the fight moved the map (viewer {app.battle.viewer})"


@pytest.mark.parametrize("size", SIZES)
def test_the_first_log_entry_keeps_the_zoom_and_the_square_under_the_pointer(size):
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        view = app.battle
        assert view.combat.log.empty(), "no log entry yet"
        log_at = view.combat.log.rect
        assert log_at is not None, "the empty log shows in its column from the start (no strip left bare)"
        before = camera(app)
        aim = view.camera.cell_centre((6, 12))
        key(app, pygame.K_p)  # Traps
        move(app, aim)
        click(app, aim)  # the GM's first hidden trap: the first log entry, the log panel appears
        app.step()
        assert view.tools["traps"].trap_at((6, 12)) is not None, "the trap lies where the GM clicked"
        assert not view.combat.log.empty() and view.combat.log.rect == log_at, "the log stays where it was"
        assert camera(app) == before, "the map re-zoomed or moved when the log panel appeared"
        assert view.camera.cell_at(aim) == (6, 12) == view.hover_cell, "a second click lands on the same square"


@pytest.mark.parametrize("size", SIZES)
def test_the_players_window_keeps_the_map_clear_of_its_banner(size):
    """The separate players' window: the banner and the turn order strip at its top never lie on
    the map, following the GM's camera or fitted on its own (F) before the fight began."""
    for app in app_session(App(tiny(), size=size), closing=True):
        pw = app.players.open(size=size)
        app.step()
        key(app, pygame.K_f, window=pw.window)  # fitted by the players' side: its own camera now
        assert not pw.follow
        in_the_action_phase(app)
        pw.update(0.0)
        for follow in (False, True):
            pw.set_follow(follow)
            pw.update(0.0)
            m, cam = app.battle.state.map, pw.camera
            area = pygame.Rect(cam.to_screen((0, 0)), (m.width * cam.cell_px, m.height * cam.cell_px))
            board = pw.board_rect()
            assert board.top > 0, "the banner and the order strip show"
            assert board.contains(area), f"following the GM: {follow}; the map {area} reaches under the banner"


@pytest.mark.parametrize("size", SIZES)
def test_in_individual_turns_f2_keeps_the_map_above_the_turn_banner(size):
    """Individual turns on the bundled map (review 16, 134-ind-f2.png): in the players' view the
    turn banner covered the bottom row (the vents); the map stays as the GM's view fits it."""
    from tactics.assets import bundled
    from tactics.ui.opening import open_path

    for app in app_session(App(open_path(bundled("space-bears-individual.encounter.toml"), seed=1), size=size),
                           closing=True):
        rect = app.battle.turns.button_rect("start-table")
        assert rect is not None
        click(app, rect.center)  # Start: table order, Brandon's turn
        app.step()
        gm = camera(app)
        key(app, pygame.K_F2)
        assert app.battle.viewer == "players" and camera(app) == gm
        key(app, pygame.K_f)  # Home/F in the players' view
        banner = app.hotseat.rect
        assert banner is not None, "the turn banner shows"
        assert not banner.colliderect(map_rect(app)), f"the turn banner {banner} lies on the map {map_rect(app)}"
        assert camera(app) == gm, "Fit in the players' view is the GM's fit"


def test_the_empty_log_says_what_it_will_hold():
    from tactics.ui.panels.log import EMPTY_WORDS

    for app in app_session(App(open_default(seed=1), size=(1920, 1080)), closing=True):
        texts = " ".join(m.label for m in drawn_marks(app) if m.kind == "text" and m.panel == "Log")
        assert "Log (0)" in texts and " ".join(texts.split()).find(EMPTY_WORDS.split(":")[0]) >= 0, texts
