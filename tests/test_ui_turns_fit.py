"""Individual turns lay out as team rounds do: the map as large, the log filling its column.

Why (after review 17 N6): the team screen's right column had become 20.5% of the board, its log
the whole column before the fight and its map 24 px a square at 1280x720; the individual-turns
screen kept a 400 px column (at scale 1) with the log a third of the board high at its foot and a
bare strip above it, and opened the bundled map at 23 px a square at 1280x720. Both screens now
place their right column, the log in it and the room Fit gives with the same functions
(panels/combat.py).

What is tested, driven through the real app (ui_driver) at 1280x720, 1600x900, 1920x1080 and
3840x2160: the individual-turns map opens at least as large as the team screen's and its log
column is where the team screen's is; the log fills its column under the side card and the Last
roll card before the turns, after "Start: table order", after the first character's attack roll
and a few turns, and keeps to the column's foot under the Set up panel; nothing in the column meets the map
or another card; the map keeps its zoom and place at the start, through the turns and in the
players' view (F2).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.individual.procedure import with_mode
from tactics.engine.core.journal import Refused
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, click, key, map_rect

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (3840, 2160)]
IDS = [f"{w}x{h}" for w, h in SIZES]


def team_screen(size: tuple[int, int]) -> tuple[int, pygame.Rect]:
    """The team screen's start zoom and its log's rectangle (the bundled fight, before it begins)."""
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        log = app.battle.combat.log.rect
        assert log is not None
        return app.battle.camera.cell_px, pygame.Rect(log)
    raise AssertionError("no app")


def turns_app(size: tuple[int, int]):
    return app_session(App(with_mode(open_default(seed=1), "individual"), size=size), closing=True)


def camera(app: App) -> tuple:
    cam = app.battle.camera
    return cam.cell_px, cam.origin_x, cam.origin_y


def press(app: App, key_name: str) -> None:
    rect = app.battle.turns.button_rect(key_name)
    assert rect is not None, f"no {key_name!r} button in the turn tracker"
    click(app, rect.center)
    app.step()


def attack_roll(app: App) -> None:
    """The current character attacks the first foe it can (Brandon's pistol): the Last roll card shows its dice."""
    view = app.battle
    state = view.state
    who = state.combatants[state.combat.current]
    for foe in state.enemies_of(who):
        try:
            view.encounter.submit(TakeAction(who.id, TurnAction("attack", weapon=who.sheet.weapons[0], target=foe.id)))
            break
        except Refused:
            continue
    app.dirty = True
    app.step()
    assert app.battle.turns.column.roll.rect is not None, "the Last roll card shows"


def column_filled(app: App, when: str) -> None:
    """The right column, from its top to its foot, is the side card, the Last roll card and the
    log with only the gaps between them: no bare strip; none meets another, the map or its room."""
    view = app.battle
    board, gap = view.board_rect(), theme.px(12)
    column = view.turns.column
    log = column.log.rect
    assert log is not None, f"{when}: the log shows"
    cards = sorted((r for r in (view.side_rect, column.roll.rect, log) if r is not None), key=lambda r: r.top)
    assert cards[-1] is log, f"{when}: the log is at the column's foot"
    assert cards[0].top <= board.top + gap, f"{when}: the column's top {cards[0].top} is bare (board top {board.top})"
    assert log.bottom >= board.bottom - gap, f"{when}: the log {log} does not reach the column's foot"
    for upper, lower in zip(cards, cards[1:]):
        assert 0 <= lower.top - upper.bottom <= gap, f"{when}: a bare strip between {upper} and {lower}"
    assert log.height >= view.combat.log_max(board), f"{when}: the log {log} is shorter than it was at the foot"
    drawn, room = map_rect(app), view.fit_rect()
    assert room.contains(drawn), f"{when}: the map {drawn} is not inside the room Fit gives {room}"
    banner = app.hotseat.rect
    for card in cards + ([view.turns.rect] if view.turns.rect is not None else []):
        assert not card.colliderect(drawn), f"{when}: the card {card} lies on the map {drawn}"
        assert not card.colliderect(room), f"{when}: the card {card} lies in the map's room {room}"
        if banner is not None:
            assert not card.colliderect(banner), f"{when}: the card {card} meets the turn banner {banner}"
    if banner is not None:
        assert not banner.colliderect(drawn), f"{when}: the turn banner {banner} lies on the map {drawn}"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_individual_turns_open_at_least_as_large_as_team_rounds(size):
    team_px, team_log = team_screen(size)
    for app in turns_app(size):
        px = app.battle.camera.cell_px
        assert px >= team_px, f"individual turns open at {px} px a square at {size}, team rounds at {team_px}"
        log = app.battle.turns.column.log.rect
        assert log is not None
        assert (log.left, log.width) == (team_log.left, team_log.width), \
            f"the log column {log} is not where team rounds have it {team_log}"
        assert log == team_log, f"before the turns the log {log} takes its whole column, as team rounds' {team_log}"
        room, tracker, gap = app.battle.fit_rect(), app.battle.turns.rect, theme.px(12)
        assert room.left == tracker.right + gap and room.right == log.left - gap, \
            f"the room Fit gives {room} is the board between the tracker {tracker} and the log {log}"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_before_the_turns_the_log_takes_its_whole_column(size):
    for app in turns_app(size):
        column_filled(app, "before the turns")
        log = app.battle.turns.column.log.rect
        assert log.top == app.battle.turns.rect.top, "before the turns the log's top is the tracker's"
        before = camera(app)
        click(app, app.battle.camera.cell_centre(app.battle.state.combatants["brandon"].cell))
        app.step()
        assert app.battle.side_rect is not None, "Brandon's side card shows"
        column_filled(app, "Brandon selected before the turns")
        assert camera(app) == before, "selecting a token moved or re-zoomed the map"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_during_the_turns_the_log_fills_its_column(size):
    for app in turns_app(size):
        before = camera(app)
        press(app, "start-table")
        assert app.battle.state.combat.current is not None, "the first turn began"
        assert camera(app) == before, "Start moved or re-zoomed the map"
        column_filled(app, "after Start: table order")
        attack_roll(app)
        column_filled(app, "with the Last roll card")
        for n in range(3):
            press(app, "end-turn")
            column_filled(app, f"after {n + 1} turns")
        assert camera(app) == before, "the turns moved or re-zoomed the map"
        key(app, pygame.K_F2)
        app.step()
        assert app.battle.viewer == "players"
        assert camera(app) == before, "F2 moved or re-zoomed the map"
        assert app.battle.fit_rect().contains(map_rect(app)), "in the players' view the map is inside Fit's room"
        key(app, pygame.K_F2)
        app.step()
        column_filled(app, "back in the GM's view")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_under_the_set_up_panel_the_log_keeps_to_the_columns_foot(size):
    """Before the turns, with the Set up panel open (U), it has the column's top and the log keeps
    to the foot below it, as in team rounds; the log fills its column again when the panel closes."""
    for app in turns_app(size):
        key(app, pygame.K_u)
        app.step()
        panel, log = app.builder.panel.rect, app.battle.turns.column.log.rect
        assert panel is not None and log is not None
        assert not panel.colliderect(log), f"the Set up panel {panel} lies on the log {log}"
        assert log.height == app.battle.combat.log_max(app.battle.board_rect()), "the log keeps to its foot"
        assert not panel.colliderect(map_rect(app)), "the Set up panel lies on the map"
        key(app, pygame.K_v)
        app.step()
        column_filled(app, "the Set up panel closed")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_turn_tracker_card_holds_all_its_buttons(size):
    """Before the fight and in its first turn, every button of the turn tracker lies inside its
    card (at 4K its height was worked out in unscaled pixels: "Start: roll d20 + Reflex" hung
    18 px below the card's foot)."""
    for app in turns_app(size):
        turns = app.battle.turns
        for moment in ("before", "turn"):
            card = turns.rect
            assert card is not None and turns.hits, moment
            for hit in turns.hits:
                assert card.contains(hit.rect), f"{hit.key} {hit.rect} outside the card {card} at {size} ({moment})"
            if moment == "before":
                press(app, "start-table")
