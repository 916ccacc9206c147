"""Doors in the window, driven headless with real pygame events (N-DOOR-1..3, R-ACT-1).

What is tested, on the bundled Space Bears map: the reviewer's path (round 2, Katie in the party's
Rearguard: her reach stops at her shut door; hovering the door says why she cannot open it from
across the room); clicking (23,15) declares her Standard Move, hovering the door then lights it
and says "Click: Katie opens ..."; clicking it declares the Simple action after the Standard (the
card lists it, the Bonus Move is gone), Enter resolves it, the door is drawn open and the log
names her; the next round her reach goes through to 21,15. Out of a fight a click opens the door
at once and Ctrl+Z / Ctrl+Y take it back and again. The GM's right-click menu opens a door in a
fight. The players' window draws the door as it is, with no hover light.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.combat.team import EndGroupTurn
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.panels.log import log_lines

from test_doors import katies_turn, to_group_of
from ui_driver import app_session, centre, click, key, move

SIZE = (1280, 720)
KATIE_DOOR = 1  # x = 23, rows 14-15: the west door of Katie's room
OUTSIDE = (21, 15)


@pytest.fixture
def app():
    yield from app_session(App(katies_turn(), size=SIZE))


@pytest.fixture
def calm():
    """The bundled encounter before any fight."""
    yield from app_session(App(load_encounter(bundled("space-bears.encounter.toml"), seed=3), size=SIZE))


def on_door(app: App, door: int, t: float = 0.75) -> tuple[int, int]:
    """A pixel on the door's line (three quarters along it: row 15)."""
    seg = app.battle.state.map.doors[door].segment
    a, b = app.battle.camera.to_screen(seg.a), app.battle.camera.to_screen(seg.b)
    return int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t)


def status(app: App) -> str:
    return app.battle.tool.status()


def message(app: App) -> str:
    return app.battle.message[0] if app.battle.message else ""


def screen() -> pygame.Surface:
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface


def drawn(app: App, door: int) -> str:
    """How the door's line is drawn in the GM's window: "open" (green), "closed" (orange) or "?"."""
    x, y = on_door(app, door, 0.25)  # row 14: Katie's token at 23,15 covers the rest
    colours = {tuple(screen().get_at((x + dx, y + dy))[:3]) for dx in (-1, 0, 1) for dy in (-3, 0, 3)}
    greenish = any(g > r + 30 and g > b + 30 for r, g, b in colours)
    orange = any(r > 200 and 120 < g < 200 and b < 100 for r, g, b in colours)
    return "open" if greenish and not orange else "closed" if orange and not greenish else "?"


def lit(app: App, door: int) -> bool:
    """Is the hover light (the white outline) drawn beside the door's line?"""
    x, y = on_door(app, door)
    thick = max(3, app.battle.camera.cell_px // 9)
    return any(tuple(screen().get_at((x + dx, y))[:3]) in (theme.TEXT, theme.BAD)
               for dx in range(-thick - 4, thick + 5))


def test_katie_opens_her_door_from_the_window(app):  # N-DOOR-2, N-DOOR-3, R-ACT-1, R-ORD-1
    view = app.battle
    s = view.state
    click(app, centre(app, s.combatants["katie"].cell))
    assert view.selected == "katie" and OUTSIDE not in view.reach.routes
    click(app, centre(app, OUTSIDE))  # the reviewer's click: now it says what is in the way
    assert message(app) == ("Katie has no way there: a closed door is in the way. Open it first "
                            "(click the door; in a fight from a square beside it).")
    assert not s.combat.declarations
    move(app, on_door(app, KATIE_DOOR))
    assert status(app) == ("Katie is not next to the door between (22, 15) and (23, 15) "
                           "(stand on a square beside it).")
    assert lit(app, KATIE_DOOR)
    click(app, on_door(app, KATIE_DOOR))  # refused in one line, nothing declared
    assert message(app).startswith("Katie is not next to") and not s.combat.declarations
    click(app, centre(app, (23, 15)))  # her Standard Move to the door
    assert [d.kind for d in s.combat.declarations] == ["standard-move"]
    assert "door:1" in view.combat.actions.keys()  # the card offers the door too
    move(app, on_door(app, KATIE_DOOR))
    assert status(app) == "Click: Katie opens the door between (22, 15) and (23, 15) (Simple action after the Standard)."
    click(app, on_door(app, KATIE_DOOR))
    assert [d.kind for d in s.combat.declarations] == ["standard-move", "simple-after"]
    assert message(app) == "Katie declares a Simple action (after the Standard): open the door between (22, 15) and (23, 15)."
    assert "kind:bonus-move" not in view.combat.actions.keys()  # the Simple slot is spent (R-ACT-1)
    move(app, on_door(app, KATIE_DOOR))  # the pointer left on the door: declared, not refused in red
    assert status(app).startswith("Declared: this door opens when its action resolves.")
    x, y = on_door(app, KATIE_DOOR)
    near = {tuple(screen().get_at((x + dx, y))[:3]) for dx in range(-10, 11)}
    assert tuple(theme.ACCENT) in near and tuple(theme.BAD) not in near  # lit as declared, not red
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert s.door_open(KATIE_DOOR) and s.combatants["katie"].cell == (23, 15)
    assert ("door.set", "Katie opens the door between (22, 15) and (23, 15).") in log_lines(view.encounter)
    key(app, pygame.K_ESCAPE)  # deselect (her reach's tint lies over the door)
    move(app, centre(app, (12, 10)))  # off the door: it is drawn open
    assert drawn(app, KATIE_DOOR) == "open"
    view.encounter.submit(EndGroupTurn())
    to_group_of(view.encounter, "katie")
    app.step()
    view.select(None)
    click(app, centre(app, (23, 15)))
    assert view.selected == "katie" and OUTSIDE in view.reach.routes  # "Katie enters the room"


def test_out_of_a_fight_a_click_opens_the_door_and_undo_closes_it(calm):  # N-DOOR-2
    view = calm.battle
    s = view.state
    move(calm, on_door(calm, KATIE_DOOR))
    assert status(calm) == "Click: open the door between (22, 15) and (23, 15)."
    assert lit(calm, KATIE_DOOR)
    click(calm, on_door(calm, KATIE_DOOR))
    assert s.door_open(KATIE_DOOR) and message(calm) == "The door between (22, 15) and (23, 15) is opened."
    move(calm, on_door(calm, KATIE_DOOR))  # where it is now (the side panels may have refitted the map)
    assert status(calm) == "Click: close the door between (22, 15) and (23, 15)."
    key(calm, pygame.K_z, pygame.KMOD_CTRL)
    assert not view.state.door_open(KATIE_DOOR)
    key(calm, pygame.K_y, pygame.KMOD_CTRL)
    assert view.state.door_open(KATIE_DOOR)


def test_in_a_fight_nobody_selected_the_door_asks_who(app):  # N-DOOR-2
    view = app.battle
    view.select(None)
    move(app, on_door(app, KATIE_DOOR))
    assert status(app).startswith("To open or close this door, select who opens the door between (22, 15) and (23, 15)")
    click(app, on_door(app, KATIE_DOOR))
    assert not view.state.door_open(KATIE_DOOR) and not view.state.combat.declarations


def test_the_gm_opens_a_door_from_the_right_click_menu_in_a_fight(app):  # N-DOOR-2, N-GATE-1
    view = app.battle
    click(app, on_door(app, KATIE_DOOR), button=3)
    menu = app.gm_menu
    assert menu.is_open() and "door:1" in menu.keys()
    assert menu.page.title == "The door between (22, 15) and (23, 15)" and menu.page.subtitle == "closed"
    click(app, menu.item_rect("door:1").center)
    assert view.state.door_open(KATIE_DOOR) and not view.state.combat.declarations
    assert message(app) == "The door between (22, 15) and (23, 15) is opened."


def test_the_players_window_draws_the_door_as_it_is_and_no_hover(calm):  # N-DOOR-2
    pw = calm.players.open(size=(960, 540))
    move(calm, on_door(calm, KATIE_DOOR))
    pw.draw()
    surface = pw.window.get_surface()
    seg = calm.battle.state.map.doors[KATIE_DOOR].segment
    a, b = pw.camera.to_screen(seg.a), pw.camera.to_screen(seg.b)
    x, y = (a[0] + b[0]) // 2, int(a[1] + (b[1] - a[1]) * 0.75)
    assert tuple(surface.get_at((x, y))[:3]) == theme.DOOR_CLOSED
    around = {tuple(surface.get_at((x + dx, y))[:3]) for dx in range(-10, 11)}
    assert theme.TEXT not in around  # no hover light there
    click(calm, on_door(calm, KATIE_DOOR))
    pw.draw()
    assert tuple(pw.window.get_surface().get_at((x, y))[:3]) == theme.DOOR_OPEN


def test_individual_turns_a_click_on_the_door_is_one_action():  # N-DOOR-4, R-TURN-2
    from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, JoinTurns, StartTurns
    from tactics.engine.combat.individual.view import current

    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=3)
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    enc.submit(JoinTurns("katie", (23, 15), index=0))
    while current(enc.state) != "katie":
        if current(enc.state) is not None:
            enc.submit(EndTurn())
        enc.submit(BeginTurn())
    for app in app_session(App(enc, size=SIZE)):
        view = app.battle
        click(app, centre(app, (23, 15)))
        assert view.selected == "katie" and OUTSIDE not in view.reach.routes
        move(app, on_door(app, KATIE_DOOR))
        assert status(app) == "Click: Katie opens the door between (22, 15) and (23, 15) (one action)."
        assert "door:1" in view.turns.keys()  # the turn card offers it too
        click(app, on_door(app, KATIE_DOOR))
        assert view.state.door_open(KATIE_DOOR) and view.state.combat.spent == ["non-contested"]
        assert OUTSIDE in view.reach.routes  # her second action goes through
        assert "door:1" in view.turns.keys()  # now "Close door": her second action could shut it again


def test_a_click_on_a_token_selects_it_even_with_a_door_across_its_square():  # N-DOOR-1
    """A second reviewer's Universal VTT map: a diagonal portal through Katie's square. A click on
    her token toggled the door and never selected her; the door was named "between 7,5 and 7,5"."""
    from tactics.maps.battlemap import BattleMap, Door
    from tactics.rules.doors import door_name
    from tactics.rules.geometry import Segment

    room = BattleMap.from_text("\n".join(["." * 12] * 10), name="Portal")
    room.doors = [Door(Segment(7, 5, 8, 6), closed=True)]
    enc = Encounter({"name": "Portal", "teams": {"party": {"players": True}},
                     "combatants": [{"id": "katie", "name": "Katie", "team": "party", "cell": [7, 5]}]}, room, seed=1)
    app = App(enc, size=SIZE)
    try:
        app.step()
        view = app.battle
        click(app, centre(app, (7, 5)))
        assert view.selected == "katie" and not view.state.door_open(0)
        assert door_name(room.doors[0].segment) == "the door across (7, 5)"
        far_end = view.camera.to_screen((7.95, 5.95))  # the door's line off her disc still opens it
        click(app, far_end)
        assert view.state.door_open(0)
    finally:
        pygame.quit()
