"""Grenades in the window, driven headless with real pygame events through ``App.step``.

What is tested: the grenade tool's heatmap shows exactly ``landing_odds`` for the hovered
square (the per-square values it computed, and tinted pixels on exactly those squares), a wall
concentrates the odds in front of it (R-GREN-3), "on target" is ``p_on_target``, the cook odds
are ``cook_odds`` (R-GREN-5); a click throws (out of combat ``ThrowGrenade``, in a ground fight
a Use Item declaration resolved in the order of R-ORD-1), both dice are recorded and shown, and
the marker's label is the engine's fuse label (R-GREN-4); the flight animation is stepped by
hand, never timed.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.combat.actions import ResolveNext
from tactics.engine.hazards.commands import throw_range_ft
from tactics.maps import BattleMap
from tactics.rules import explosives as ex
from tactics.rules.geometry import Segment
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.render import DrawContext
from tactics.ui.tools.grenade import percent

from ui_driver import app_session, centre, click, fighter, key, move

SIZE = (1920, 1080)
BACKGROUND = (1, 2, 3)


def make_app(*combatants: dict, battle_map: BattleMap | None = None) -> App:
    definition = {
        "name": "Grenade range",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": list(combatants) or [fighter("ann", "party", (3, 6), modifiers={"STR": 1, "DEX": 1, "WIS": 3}),
                                           fighter("bear", "bears", (12, 6))],
    }
    enc = Encounter(definition, battle_map or BattleMap.from_text("\n".join(["." * 20] * 12)), seed=4)
    app = App(enc, size=SIZE)
    app.step()
    return app


@pytest.fixture
def app():
    yield from app_session(make_app(), step=False)


# -- driving the window -------------------------------------------------------------------
def aim(app: App, thrower: str, target) -> None:
    """Grenade tool (G), click the thrower, hover the target square."""
    key(app, pygame.K_g)
    click(app, centre(app, app.battle.state.combatants[thrower].cell))
    move(app, centre(app, target))


def heatmap_pixels(app: App) -> pygame.Surface:
    """The heatmap layer alone, drawn on a plain surface with the window's camera."""
    view = app.battle
    surface = pygame.Surface(SIZE)
    surface.fill(BACKGROUND)
    ctx = DrawContext(surface, view.camera, view.state, "gm", surface.get_rect(), view.renderer, view)
    view.tool.draw_heatmap(ctx)
    return surface


def tinted(surface: pygame.Surface, app: App, cell) -> bool:
    x, y, w, h = app.battle.camera.cell_rect(cell)
    return tuple(surface.get_at((x + 2, y + 2)))[:3] != BACKGROUND


# -- the preview ---------------------------------------------------------------------------------
def test_heatmap_shows_landing_odds_on_exactly_those_squares(app):  # R-GREN-2, R-GREN-3
    aim(app, "ann", (9, 6))
    state = app.battle.state
    preview = app.battle.tool.preview()
    expected = ex.landing_odds(state.current_map(), (3, 6), (9, 6), facing=state.combatants["ann"].facing)
    assert preview.odds == expected
    assert sum(preview.odds.values()) == 1
    assert preview.on_target == ex.p_on_target(state.current_map(), (3, 6), (9, 6)) == preview.odds[(9, 6)]
    surface = heatmap_pixels(app)
    for c in range(state.map.width):
        for r in range(state.map.height):
            assert tinted(surface, app, (c, r)) == ((c, r) in expected), (c, r)


def test_the_likeliest_square_gets_the_biggest_number(app):
    aim(app, "ann", (9, 6))
    odds = app.battle.tool.preview().odds
    assert percent(odds[(9, 6)]) == "25%" and percent(odds[(9, 6)], 1) == "25.0%"
    assert max(odds, key=odds.get) == (9, 6)


def test_a_wall_concentrates_the_odds_in_front_of_it():  # R-GREN-3, N-GREN-2
    wall = BattleMap(width=20, height=12, wall_segments=[Segment(8, 0, 8, 12)])
    a = make_app(fighter("ann", "party", (3, 6)), fighter("bear", "bears", (12, 6)), battle_map=wall)
    try:
        aim(a, "ann", (9, 6))  # 30 ft: the most Ann can throw
        odds = a.battle.tool.preview().odds
        assert odds == ex.landing_odds(wall, (3, 6), (9, 6), facing=a.battle.state.combatants["ann"].facing)
        assert all(c[0] < 8 for c in odds), "nothing lands behind the wall"
        assert odds[(7, 6)] == max(odds.values()) > ex.Fraction(1, 4), "more than a target gets in the open"
        assert a.battle.tool.preview().on_target == 0
    finally:
        pygame.quit()


def test_range_ring_and_out_of_range_refusal(app):  # R-GREN-1
    aim(app, "ann", (19, 6))
    who = app.battle.state.combatants["ann"]
    tool = app.battle.tool
    assert throw_range_ft(who) == 40
    ring = tool.range_cells()
    assert (11, 6) in ring and (12, 6) not in ring
    preview = tool.preview()
    assert preview.odds == {} and "40 ft" in preview.problem
    click(app, centre(app, (19, 6)))
    assert not app.battle.state.grenades and "40 ft" in app.battle.message[0]


def test_cook_toggle_shows_cook_odds(app):  # R-GREN-5
    aim(app, "ann", (9, 6))
    key(app, pygame.K_k)
    cook = app.battle.tool.preview().cook
    assert cook == ex.cook_odds(3)
    assert cook["in_hand"] == ex.Fraction(1, 20)


def test_cooking_is_one_throw_by_one_thrower(app):  # R-GREN-5; review 13 F2
    """Art's K was still on two rounds later for Brandon, who threw a DC 25 cooked grenade unasked."""
    aim(app, "ann", (9, 6))
    key(app, pygame.K_k)
    assert "Cooking on for Ann's next throw" in app.battle.message[0] and app.battle.tool.preview().cook
    click(app, centre(app, (9, 6)))
    thrown = [e.data for e in app.battle.encounter.journal.entries[-1].events if e.kind == "grenade.cooked"]
    assert thrown, "the throw was cooked"
    move(app, centre(app, (8, 7)))
    assert app.battle.tool.preview().cook is None and "(not cooked)" in app.battle.tool.status()
    key(app, pygame.K_k)  # on for Ann again, then another thrower is chosen
    pygame.key.set_mods(pygame.KMOD_SHIFT)  # Shift+click a token: a new thrower
    try:
        click(app, centre(app, app.battle.state.combatants["bear"].cell))
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)
    assert app.battle.selected == "bear"
    move(app, centre(app, (8, 7)))
    assert app.battle.tool.preview().cook is None and "(not cooked)" in app.battle.tool.status()


def test_cooking_asks_for_the_thrower_first(app):
    key(app, pygame.K_g)
    key(app, pygame.K_k)
    assert "Select the thrower first" in app.battle.message[0] and not app.battle.tool.cook


# -- throwing ---------------------------------------------------------------------------------------
def test_click_throws_records_both_dice_and_leaves_a_labelled_marker(app):  # R-GREN-2, R-GREN-4
    aim(app, "ann", (9, 6))
    click(app, centre(app, (9, 6)))
    entry = app.battle.encounter.journal.entries[-1]
    thrown = [e.data for e in entry.events if e.kind == "grenade.thrown"][0]
    assert entry.command == "throw-grenade" and len(thrown["dice"]) == 2
    assert all(1 <= d <= 10 for d in thrown["dice"])
    addon = hazards_of(app.battle)
    assert addon.last_throw["dice"] == thrown["dice"], "both dice are shown after the roll"
    gid = thrown["id"]
    grenade = app.battle.state.grenades[gid]
    assert grenade.fuse_text == thrown["fuse_text"]
    assert gid in addon.in_flight, "the marker waits for the flight to land"
    flight = addon.animations.running[0]
    assert flight.points[0] == tuple(thrown["flight"][0]) and flight.points[-1] == tuple(thrown["flight"][-1])
    flight.step(flight.duration_ms // 2)
    assert not flight.done and 0 < flight.position()[1]  # in the air half way
    addon.finish()
    assert gid not in addon.in_flight
    assert str(grenade.fuse_text) in app.battle.encounter.journal.events[-1].data["fuse_text"]


def test_the_marker_is_drawn_where_the_grenade_lies(app):
    aim(app, "ann", (9, 6))
    key(app, pygame.K_v)  # back to Select: no heatmap over the marker
    before = pygame.display.get_surface().copy()
    key(app, pygame.K_g)
    click(app, centre(app, (9, 6)))
    hazards_of(app.battle).finish()
    key(app, pygame.K_v)
    move(app, (SIZE[0] - 5, 5))
    grenade = next(iter(app.battle.state.grenades.values()))
    x, y = centre(app, grenade.cell)
    assert tuple(pygame.display.get_surface().get_at((x, y + 4)))[:3] != tuple(before.get_at((x, y + 4)))[:3]


def test_in_a_fight_the_click_declares_a_use_item_action():  # R-ORD-1
    a = make_app(fighter("ann", "party", (3, 6), modifiers={"DEX": 5}), fighter("bear", "bears", (12, 6)))
    try:
        enc = a.battle.encounter
        enc.submit(StartCombat())
        enc.submit(Advance())  # the Action Phase: the party acts first (DEX)
        aim(a, "ann", (12, 6))
        click(a, centre(a, (12, 6)))
        combat = a.battle.state.combat
        assert [(d.kind, d.params.get("item")) for d in combat.declarations] == [("use-item", "grenade")]
        assert not a.battle.state.grenades, "declared, not yet thrown"
        # The resolve queue says where it goes and its exact odds of landing there (R-GREN-2)
        from tactics.rules import explosives as ex
        from tactics.ui import layout_probe as probe

        recorder = probe.start()
        try:
            a.draw()
        finally:
            probe.stop()
        texts = " ".join(m.label for marks in recorder.marks.values() for m in marks if m.kind == "text")
        chance = ex.p_on_target(a.battle.state.current_map(), (3, 6), (12, 6), facing=a.battle.state.combatants["ann"].facing)
        assert "grenade at (12, 6)" in texts and f"on target {float(chance) * 100:.0f}%" in texts
        enc.submit(ResolveNext())
        grenade = next(iter(a.battle.state.grenades.values()))
        assert grenade.fuse_text == "explodes at the end of the Bears' Vanguard turn"
        assert hazards_of(a.battle).last_throw["fuse_text"] == grenade.fuse_text
    finally:
        pygame.quit()


# -- after the throw, with the tool still active ---------------------------------------------------
def test_after_the_throw_the_marker_shows_while_the_tool_stays_active(app):  # R-GREN-4
    """The flight ends during a frame; the next frame (no new input) draws the marker, not the heatmap."""
    now = [0]
    addon = hazards_of(app.battle)
    addon.animations.clock = lambda: now[0]
    aim(app, "ann", (9, 6))
    click(app, centre(app, (9, 6)))
    grenade = next(iter(app.battle.state.grenades.values()))
    now[0] += 10_000  # the flight is over by the next frame
    app.step()
    assert grenade.id not in addon.in_flight and app.battle.tool.name == "grenade"
    app.step()  # no event: the app must still draw the landed marker
    x, y = centre(app, grenade.cell)
    icon_body = (96, 120, 70)
    assert tuple(pygame.display.get_surface().get_at((x, y + 2)))[:3] == icon_body
    assert app.battle.tool.preview() is None, "no heatmap over the marker until the pointer moves on"


def test_the_dice_sit_beside_the_landing_square_on_the_near_side_of_the_wall():  # R-GREN-2, R-GREN-3
    from tactics.ui.hazards import dice_rect

    wall = BattleMap(width=20, height=12, wall_segments=[Segment(8, 0, 8, 12)])
    a = make_app(fighter("ann", "party", (3, 6)), fighter("bear", "bears", (12, 6)), battle_map=wall)
    try:
        aim(a, "ann", (9, 6))
        click(a, centre(a, (9, 6)))
        addon = hazards_of(a.battle)
        addon.finish()
        a.step()
        landed = tuple(addon.last_throw["cell"])
        assert landed[0] < 8, "the wall stopped it"
        view = a.battle
        ctx = DrawContext(pygame.display.get_surface(), view.camera, view.state, "gm",
                          pygame.display.get_surface().get_rect(), view.renderer, view)
        rect = dice_rect(ctx, addon.last_throw, 26)
        lx, ly = centre(a, landed)
        px = view.camera.cell_px
        assert abs(rect.centerx - lx) <= 2 * px and abs(rect.centery - ly) <= 2 * px, "next to where it came down"
        wall_x = view.camera.to_screen((8, 0))[0]
        assert rect.right <= wall_x, "never across the wall that stopped it"
    finally:
        pygame.quit()


def test_a_fuse_with_no_turn_order_says_how_the_gm_sets_it_off(app):  # R-GREN-4
    from tactics.ui.layers.hazards import fuse_lines

    aim(app, "ann", (9, 6))
    click(app, centre(app, (9, 6)))
    grenade = next(iter(app.battle.state.grenades.values()))
    lines = fuse_lines(grenade)
    assert len(lines) <= 2 and lines[-1] == "right-click: Detonate now"
    assert all(len(line) <= 40 for line in lines)


def test_in_individual_turns_the_click_is_the_throwers_action_and_out_of_turn_is_refused():  # R-TURN-2, N-GATE-1
    from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns

    definition = {
        "name": "Grenade range", "mode": "individual",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (3, 6), modifiers={"DEX": 1, "WIS": 3}),
                       fighter("bear", "bears", (9, 6), modifiers={"STR": 2})],
    }
    a = App(Encounter(definition, BattleMap.from_text("\n".join(["." * 20] * 12)), seed=4), size=SIZE)
    try:
        a.step()
        enc = a.battle.encounter
        enc.submit(StartTurns("table"))
        enc.submit(BeginTurn())
        a.step()  # the turn's first frame (it selects Ann, whose turn it is)
        assert enc.state.combat.current == "ann" and a.battle.selected == "ann"
        key(a, pygame.K_ESCAPE)  # the GM lets Ann go: the next click picks the thrower
        before = len(enc.journal.entries)
        aim(a, "bear", (4, 6))
        click(a, centre(a, (4, 6)))  # the bear's throw on Ann's turn
        assert len(enc.journal.entries) == before and not enc.state.grenades
        assert a.battle.current_message() == ("it is not Bear's turn: Ann acts now", "error")
        a.battle.select("ann")  # (Shift+click in the window) Ann throws now
        move(a, centre(a, (9, 6)))
        click(a, centre(a, (9, 6)))
        assert a.battle.current_message() != ("it is not Bear's turn: Ann acts now", "error"), a.battle.current_message()
        assert [e.kind for e in enc.journal.entries[-1].events][:2] == ["turns.action-taken", "grenade.thrown"]
        assert enc.state.combat.spent == ["contested"]
    finally:
        pygame.quit()


@pytest.mark.parametrize("bear_at", [(7, 7), (8, 7), (10, 5), (8, 4)])  # (7, 7), (8, 7): over Bear's name before
def test_the_dice_cover_no_name_where_a_clear_place_is(bear_at):  # R-GREN-2
    """Review 13 F11: a throw's d10 diamonds sat over a name label ("Be[3][10] 2"): a name drawn
    above its token (its own place taken) was not among what the dice keep off."""
    from tactics.engine.hazards.commands import ThrowGrenade
    from tactics.ui import layout_probe as probe
    from tactics.ui.hazards import dice_rect

    a = make_app(fighter("ann", "party", (3, 6)), fighter("bear", "bears", bear_at),
                 fighter("cub", "bears", (bear_at[0], bear_at[1] + 1)))
    try:
        a.battle.encounter.submit(ThrowGrenade("ann", (9, 6)), typed=[5, 5])  # on target
        addon = hazards_of(a.battle)
        addon.finish()
        a.step()
        assert addon.last_throw is not None and tuple(addon.last_throw["cell"]) == (9, 6)
        view = a.battle
        rec = probe.start()
        try:
            a.draw()
        finally:
            probe.stop()
        names = {c.name for c in view.state.on_map()}
        labels = [m.rect for m in rec.on(pygame.display.get_surface()) if m.kind == "text" and m.label in names]
        ctx = DrawContext(pygame.display.get_surface(), view.camera, view.state, "gm",
                          pygame.display.get_surface().get_rect(), view.renderer, view)
        rect = dice_rect(ctx, addon.last_throw, max(26, int(view.camera.cell_px * 0.45)))
        assert labels and rect.collidelist(labels) < 0, "the dice cover a name"
    finally:
        pygame.quit()


def test_the_odds_lines_keep_out_from_under_the_phase_card():  # R-GREN-2
    """Review 13 recheck NEW-J: at 1280x720 "Frag grenade: on target ..." lay half under the phase
    card and turn banner, drawn after the map: the lines go below the heatmap when one is above it."""
    from tactics.engine.combat.team import Advance, StartCombat
    from tactics.ui.opening import open_default

    enc = open_default(seed=1)
    enc.submit(StartCombat())
    while not enc.state.combat.can_act_now("brandon"):
        enc.submit(Advance())
    for a in app_session(App(enc, size=(1280, 720)), closing=True):
        aim(a, "brandon", (12, 5))  # the lines above the heatmap would reach up under the phase card
        banner = a.battle.combat.banner.rect
        assert banner is not None and a.battle.tool.label_lines
        a.draw()
        drawn = a.battle.tool.label_rects
        assert drawn and not any(r.colliderect(banner) for r in drawn), (drawn, banner)
