"""The GM moves a combatant to the other group before play starts (reading: R-INIT-3), in the window.

Why (review10prep, finding 2): the engine's SetGroup was used nowhere in the window, so the GM
could not change Vanguard / Rearguard. What is tested, through real clicks: after Start combat
the tracker's "Move Cal to the Vanguard" (a name clicked first) moves him, the tracker and the
log say so, Ctrl+Z puts him back; the token's right-click menu offers the same move, and once
the Action Phase has begun the line is greyed with the engine's reason and the tracker's button
is gone; the players' view (F2) has no such button.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.ui.app import App
from tactics.ui.panels.log import log_lines

from ui_driver import app_session, centre, click, fighter, key

SIZE = (1280, 720)
ROOM = "\n".join(["." * 12] * 8)


@pytest.fixture
def app():
    definition = {
        "name": "Groups room",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (2, 2), modifiers={"DEX": 3}),
                       fighter("cal", "party", (2, 4), modifiers={"DEX": -2}),
                       fighter("bear", "bears", (9, 3))],
    }
    yield from app_session(App(Encounter(definition, BattleMap.from_text(ROOM), seed=5), size=SIZE))


def press(app: App, button_key: str) -> None:
    rect = app.battle.combat.button_rect(button_key)
    assert rect is not None, f"no {button_key!r} button on screen: {app.battle.combat.tracker.keys()}"
    click(app, rect.center)


def group_of(app: App, cid: str) -> str:
    return app.battle.state.combat.group_of(cid)


def test_the_tracker_moves_the_selected_name_to_the_other_group_before_play(app: App) -> None:
    press(app, "start")
    rear = "cal" if group_of(app, "cal") == "party:rearguard" else "ann"
    other = "ann" if rear == "cal" else "cal"
    assert group_of(app, rear) == "party:rearguard" and group_of(app, other) == "party:vanguard"
    assert app.battle.combat.button_rect("group-move") is None  # no one selected: a hint, no button
    press(app, f"who:{rear}")
    press(app, "group-move")
    assert group_of(app, rear) == "party:vanguard"  # both in the Vanguard now
    name = app.battle.state.combatants[rear].name
    assert log_lines(app.battle.encounter)[-1][1] == f"The GM moves {name} to the Vanguard."
    assert app.battle.current_message()[0] == f"The GM moves {name} to the Vanguard."
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # undoable like any command
    assert group_of(app, rear) == "party:rearguard"


def test_the_token_menu_moves_it_and_greys_the_line_once_play_has_started(app: App) -> None:
    press(app, "start")
    before = group_of(app, "bear")
    click(app, centre(app, (9, 3)), button=3)
    assert app.gm_menu.is_open() and "group" in app.gm_menu.keys()
    line = app.gm_menu.item_rect("group")
    assert line is not None
    click(app, line.center)
    assert group_of(app, "bear") != before and not app.gm_menu.is_open()
    press(app, "banner-advance")  # the Advantages Phase done: play has started
    assert app.battle.combat.button_rect("group-move") is None
    click(app, centre(app, (9, 3)), button=3)
    item = next(i for i in app.gm_menu.page.items if i.key == "group")
    assert item.action is None and "before play starts" in item.detail  # greyed with the engine's reason
    group = group_of(app, "bear")
    click(app, app.gm_menu.item_rect("group").center)
    assert group_of(app, "bear") == group


def test_the_players_view_has_no_group_button(app: App) -> None:
    press(app, "start")
    press(app, "who:ann")
    assert app.battle.combat.button_rect("group-move") is not None
    key(app, pygame.K_F2)
    app.step()
    assert app.battle.viewer != "gm"
    assert app.battle.combat.button_rect("group-move") is None
