"""A change in a fight redraws the combat panels that show it, and only those (issue 12).

Each combat panel (the Declare list, Resolve, the log, the phase card; the tracker) is a part of
the frame of its own, keyed on what it shows, so a change it does not show keeps it. That must
never keep a panel that should change: driven headless with real pygame events, a roll (the GM
menu's Damage; Resolve next's attack), a declaration (weapon, then target) and a move declared by
clicking a square each show on the panels that show them (their words, as a fresh frame draws
them, and their pixels changed on the window), and the window is what a fresh whole frame draws
(test_retained_screen.check). A change no panel of the column shows (a token placed by the GM
away from the acting group) keeps the Declare list and the phase card as they were drawn.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.board import Place
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.queries import acting_combatants
from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.rules import actions as act
from tactics.ui import theme
from tactics.ui.app import App

from test_retained_screen import check, column, COLUMN
from ui_driver import app_session, centre, click, drawn_texts, fighter, key, move

SIZE = (1920, 1080)
ROOM = "\n".join(["." * 18] * 11)


@pytest.fixture
def app():
    definition = {
        "name": "Parts room",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter(cid, team, cell, weapons=["silenced_pistol"]) for cid, team, cell in (
            ("ann", "party", (3, 4)), ("cob", "party", (3, 7)), ("bear", "bears", (6, 4)), ("cub", "bears", (14, 8)))],
    }
    app = App(Encounter(definition, BattleMap.from_text(ROOM), seed=5), size=SIZE)
    for session in app_session(app):
        app.battle.message = None  # a message banner would make every frame a whole one
        press(app, "start")
        press(app, "banner-advance")  # the Action Phase: the first group declares
        app.battle.message = None
        move(app, (SIZE[0] // 2, SIZE[1] // 2))
        yield session


def press(app: App, button_key: str) -> None:
    """Click a combat panel button by its key, where it was drawn."""
    rect = app.battle.combat.button_rect(button_key)
    keys = [k for p in app.battle.combat.panels() for k in p.keys()]
    assert rect is not None, f"no {button_key!r} button on screen; have {keys}"
    click(app, rect.center)


def pixels(app: App, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.window.subsurface(rect.clip(app.window.get_rect())), "RGB")


def settle(app: App) -> None:
    """The message a command leaves (a banner over the board) gone, the pointer at rest over the map."""
    app.battle.message = None
    app.dirty = True
    move(app, (SIZE[0] // 2 + 3, SIZE[1] // 2 + 3))


def actor_and_foe(app: App) -> tuple[str, str]:
    state = app.battle.state
    actors = acting_combatants(state)
    assert actors, "someone acts in the Action Phase"
    cid = actors[0]
    foe = next(c for c in state.combatants.values() if c.team != state.combatants[cid].team and c.cell is not None)
    return cid, foe.id


def test_a_roll_shows_on_the_tracker_row_and_the_log(app):
    """The GM's Damage 3 on a token: its tracker row says 27/30 hp and the log its line."""
    view = app.battle
    settle(app)
    tracker, log = view.combat.tracker.rect.copy(), view.combat.log.rect.copy()
    before_tracker, before_log = pixels(app, tracker), pixels(app, log)
    who = "cub"
    click(app, centre(app, view.state.combatants[who].cell), button=3)
    rect = app.gm_menu.item_rect("damage")
    assert rect is not None
    click(app, rect.center)
    key(app, pygame.K_3, text="3")
    click(app, app.gm_menu.item_rect("apply").center)
    assert view.state.combatants[who].hp == 27
    settle(app)
    check(app, "after the GM's damage")
    assert pixels(app, tracker) != before_tracker, "the tracker shows the same pixels after a roll"
    assert pixels(app, log) != before_log, "the log shows the same pixels after a roll"
    texts = drawn_texts(app)
    assert "27/30 hp" in texts, "the tracker row does not say the new hit points"
    assert any("Cub" in t and "3" in t for t in texts[-40:]) or any("loses 3" in t for t in texts)


def test_a_declaration_and_its_roll_show_on_declare_resolve_and_the_log(app):
    view = app.battle
    cid, foe = actor_and_foe(app)
    press(app, f"actor:{cid}")
    settle(app)
    resolve = view.combat.resolve.rect.copy()
    before = pixels(app, resolve)
    weapon = next(k for k in view.combat.actions.keys() if k.startswith("weapon:"))
    press(app, weapon)
    click(app, centre(app, view.state.combatants[foe].cell))
    assert [d.params.get("target") for d in view.state.combat.declarations] == [foe]
    settle(app)
    check(app, "after the declaration")
    assert view.combat.resolve.rect != resolve or pixels(app, resolve) != before, \
        "the Resolve panel shows the same pixels after a declaration"
    texts = drawn_texts(app)
    assert "Declared" in texts, "the Declare panel does not list the declared attack"
    assert any(t.startswith("Resolve next") for t in texts), "the Resolve panel offers no Resolve next"
    name = view.state.combatants[foe].name
    assert any(f"-> {name}" in t for t in texts), "the queued attack is not named on a panel"

    settle(app)
    log = view.combat.log.rect.copy()
    before = pixels(app, log)
    key(app, pygame.K_RETURN)  # Resolve next: the attack is rolled
    assert view.state.combat.declarations[0].status != "declared"
    settle(app)
    check(app, "after the roll")
    assert pixels(app, view.combat.log.rect) != before, "the log shows the same pixels after Resolve next"
    log = view.combat.log
    lines = log.wrapped(log.rect.width - 2 * theme.PANEL_PAD - theme.px(10))  # as the log wraps them
    assert lines[-1][1] in drawn_texts(app), "the log does not show the roll's newest line"


def test_a_move_declared_by_a_click_shows_on_the_declare_panel(app):
    view = app.battle
    cid, _ = actor_and_foe(app)
    press(app, f"actor:{cid}")
    settle(app)
    declare = view.combat.actions.rect.copy()
    before = pixels(app, declare)
    c, r = view.state.combatants[cid].cell
    target = next(cell for cell in ((c, r - 1), (c - 1, r), (c, r + 1)) if view.state.at(cell) is None)
    click(app, centre(app, target))
    assert any(d.params.get("path") for d in view.state.combat.declarations), "no move was declared"
    settle(app)
    check(app, "after the declared move")
    assert pixels(app, declare) != before, "the Declare panel shows the same pixels after a declared move"
    assert any(f"to ({target[0]}, {target[1]})" in t for t in drawn_texts(app)), "the declared move is not listed"


def partial(app: App, change) -> None:
    """Run ``change`` (its events make one frame): that frame must be a partial one, so the panels'
    keys decided what it drew again (a whole frame draws every part afresh and proves nothing)."""
    frames = app.screen.partial_frames
    change()
    assert app.screen.partial_frames == frames + 1, f"a whole frame was drawn: {app.screen.why_whole}"


def test_do_nothing_clicked_shows_on_the_declare_panel_in_a_partial_frame(app):
    """A declaration drawn in a partial frame: the member's card says it does nothing, the list of
    who declares says so after, and the phase card's line no longer waits for it."""
    view = app.battle
    cid, _ = actor_and_foe(app)
    press(app, f"actor:{cid}")
    settle(app)
    declare = view.combat.actions.rect.copy()
    before = pixels(app, declare)
    partial(app, lambda: press(app, "do-nothing"))
    assert cid in view.state.combat.passed
    settle(app)
    check(app, "after Do nothing")
    assert pixels(app, declare) != before, "the Declare panel shows the same pixels after Do nothing"
    name = view.state.combatants[cid].name
    assert f"{name} does nothing this turn." in " ".join(drawn_texts(app)), "the Declare panel does not say it"
    press(app, f"who:{cid}")  # the tracker's name: selected again, then let go with Esc
    key(app, pygame.K_ESCAPE)
    settle(app)
    if view.selected is None:  # the list of who declares: its name says it does nothing
        assert any(t.startswith(name) and "(does nothing)" in t for t in drawn_texts(app))


def test_a_roll_in_a_partial_frame_redraws_the_tracker_row_and_the_log_only(app):
    """The GM's damage (as the bench makes it, through the view): the tracker row and the log show it
    in a partial frame (the tracker mends the row on its kept canvas, it is not drawn again); the
    list of who declares (the token does not act) and the phase card are kept."""
    view = app.battle
    settle(app)
    kept = column(app)
    tracker = app.screen.parts["tracker"][1]
    card = view.combat.tracker.rect.copy()
    before = pixels(app, card)
    waiting = next(c for c in view.state.combatants.values() if c.id not in acting_combatants(view.state))
    view.submit(AdjustHP(waiting.id, -4))
    partial(app, lambda: settle(app))
    now = column(app)
    assert app.screen.parts["tracker"][1] is tracker, "the tracker was drawn again, not its row mended"
    assert pixels(app, card) != before, "the tracker shows the same pixels after a roll"
    assert now[COLUMN.index("log")] is not kept[COLUMN.index("log")], "the log was kept after a roll"
    assert now[COLUMN.index("declare")] is kept[COLUMN.index("declare")], "the Declare list was drawn again"
    assert now[COLUMN.index("phase")] is kept[COLUMN.index("phase")], "the phase card was drawn again"
    check(app, "after the roll")
    assert "26/30 hp" in drawn_texts(app)


def test_an_acting_token_downed_without_a_click_shows_on_the_declare_list_and_the_phase_card(app):
    """No input redraws the panels here (as when the app plays a side): the keys alone must see
    that the list of who declares and the phase card's "Declare for ..." line changed."""
    view = app.battle
    settle(app)
    kept = column(app)
    actors = acting_combatants(view.state)
    down = view.state.combatants[actors[0]]
    view.submit(AdjustHP(down.id, -down.hp))
    partial(app, lambda: settle(app))
    now = column(app)
    for name in ("declare", "phase", "log"):
        assert now[COLUMN.index(name)] is not kept[COLUMN.index(name)], f"the {name} part was kept"
    check(app, "after an acting token went down")
    texts = drawn_texts(app)
    assert f"{down.name}  (down: cannot act)" in texts, "the Declare list does not say it is down"
    card = [t for t in texts if t.startswith("Declare for")]  # the phase card's line
    assert card and down.name not in card[0], "the phase card still asks it to declare"


def test_a_declaration_without_a_click_shows_on_resolve_and_declare(app):
    """A declaration made by a command alone (as the app playing a side makes it): Resolve, which
    showed "Nothing declared is waiting.", lists it with its button; the list of who declares says
    "(1 declared)". No input draws the panels again here, so their keys must see it (the board is
    composed whole after a declaration, so the frame itself is a whole one)."""
    view = app.battle
    cid, _ = actor_and_foe(app)
    settle(app)
    assert "Nothing declared is waiting." in drawn_texts(app)
    faces = view.combat.resolve.face(view.revision), view.combat.actions.face()
    view.submit(Declare(cid, Action(act.FREE, effect="drop-prone")))
    settle(app)
    assert view.combat.resolve.face(view.revision) != faces[0], "Resolve's key did not see the declaration"
    assert view.combat.actions.face() != faces[1], "the Declare list's key did not see the declaration"
    check(app, "after a declaration by a command")
    texts = drawn_texts(app)
    assert "Nothing declared is waiting." not in texts and any(t.startswith("Resolve next") for t in texts)
    assert f"{view.state.combatants[cid].name}  (1 declared)" in texts


def test_a_change_no_column_panel_shows_keeps_them_and_the_window_is_fresh(app):
    """The GM places a token of the group that waits: the log says so (drawn again); the list of who
    declares and the phase card show nothing of it (kept, not drawn again)."""
    view = app.battle
    settle(app)
    assert all(app.screen.parts.get(name) for name in COLUMN), "a combat panel part is missing"
    kept = column(app)
    waiting = next(c for c in view.state.combatants.values() if c.id not in acting_combatants(view.state))
    c, r = waiting.cell
    view.submit(Place(waiting.id, (c + 1, r)))
    partial(app, lambda: settle(app))
    now = column(app)
    assert now[COLUMN.index("log")] is not kept[COLUMN.index("log")], "the log was kept after a change"
    assert now[COLUMN.index("declare")] is kept[COLUMN.index("declare")], "the Declare list was drawn again"
    assert now[COLUMN.index("phase")] is kept[COLUMN.index("phase")], "the phase card was drawn again"
    check(app, "after the GM placed a waiting token")


def test_an_acting_token_placed_by_the_gm_takes_its_glow_along(app):
    """The acting group's glow is kept across changes that touch no one of the group; the GM moving
    one of them must move its glow (the window is what a fresh frame, every glow worked out, draws)."""
    view = app.battle
    settle(app)
    cid, _ = actor_and_foe(app)
    c, r = view.state.combatants[cid].cell
    target = next(cell for cell in ((c, r - 1), (c - 1, r), (c, r + 1), (c + 1, r)) if view.state.at(cell) is None)
    view.submit(Place(cid, target))
    partial(app, lambda: settle(app))
    check(app, "after an acting token was placed elsewhere")
