"""What a GM projecting the map across a room needs to read, driven headless through ``App.step``.

What is tested: tokens fill most of a square (disc radius >= 0.4 of it) with names readable at
35 px a square; Fit uses the room a collapsed tracker frees; the attack and grenade range boxes
are never drawn past the map's edge; the Advantages Phase card moves off the tokens; the facing
prompt of a turn that ended waits for no card (the card waits for it, R-FACE-1); the players'
view badge is drawn over the panels; the players' window fits the map after a display fallback;
Katie's "not here yet" line is wrapped in the tracker; the starship screen shows as many Battle
Damage pips as the ship can take (R-SHIP-6) and hides the map's tools.
Expected: the pixels and the state the window reports.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import placement, theme
from tactics.ui.app import App
from tactics.ui.opening import open_default
from tactics.ui.tokens import TOKEN_RADIUS, label_size

from ui_driver import app_session, click, end_turn, key, move

SIZE = (1920, 1080)


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=3), size=SIZE))


def press(app: App, button_key: str) -> None:
    rect = app.battle.combat.button_rect(button_key)
    assert rect is not None, button_key
    click(app, rect.center)





def token(app: App, cid: str) -> tuple[int, int]:
    return app.battle.camera.cell_centre(app.battle.state.combatants[cid].cell)


def test_tokens_fill_most_of_a_square_and_names_stay_readable(app) -> None:
    assert TOKEN_RADIUS >= 0.4
    assert label_size(35) >= 15 and label_size(100) > label_size(35)
    from tactics.ui.tokens import _paint_disc

    px = app.battle.camera.cell_px
    who = app.battle.state.combatants["bear2"]
    disc = _paint_disc(who, (200, 60, 60), px, False, False, False)
    row = disc.get_height() // 2
    solid = [x for x in range(disc.get_width()) if disc.get_at((x, row)).a > 200]
    assert (solid[-1] - solid[0] + 1) / 2 >= 0.4 * px  # the disc's radius, rim included


def test_fit_uses_the_room_a_collapsed_tracker_leaves(app) -> None:
    press(app, "start")  # in the fight the log column is taken: the tracker's column is what is left
    app.step()
    before = app.battle.camera.cell_px
    click(app, app.battle.combat.tracker.button_rect("collapse").center)  # the tracker's "-"
    app.step()
    assert app.battle.combat.tracker.collapsed
    assert app.battle.camera.cell_px > before  # refitted by itself: the camera had not moved


def test_range_boxes_stay_inside_the_map(app) -> None:
    view = app.battle
    view.camera.set_zoom(60, view.board_rect().center)  # zoomed in: the boxes would reach past the edge
    view.select("brandon")
    view.set_tool("grenade")
    move(app, view.camera.cell_centre((5, 5)))
    surface = pygame.display.get_surface()
    m = view.state.map
    edge = pygame.Rect(view.camera.to_screen((0, 0)), (m.width * view.camera.cell_px, m.height * view.camera.cell_px))
    from tactics.ui.tools.grenade import RING

    outside = [(x, y) for x in range(max(0, edge.left - 12), edge.left) for y in range(edge.top, edge.bottom, 3)
               if view.board_rect().collidepoint(x, y) and tuple(surface.get_at((x, y))[:3]) == tuple(RING)]
    assert not outside


def _to_round_one(app: App) -> None:
    press(app, "start")
    press(app, "banner-advance")
    press(app, "who:brandon")
    press(app, "weapon:silenced_pistol")
    click(app, token(app, "bear1"))
    for _ in range(3):
        if app.battle.combat.button_rect("resolve"):
            press(app, "resolve")
    end_turn(app)


def test_the_facing_prompt_asks_before_the_phase_card_opens_and_the_card_avoids_tokens(app) -> None:  # R-FACE-1
    from tactics.ui.hazards import hazards_of

    _to_round_one(app)
    combat = app.battle.state.combat
    assert (combat.round, combat.phase) == (1, "advantages")
    prompt = hazards_of(app.battle).prompt
    assert prompt.active()
    small = app.battle.combat.banner.rect
    assert small is not None and small.height < 160  # the card waits: only its title and button
    while prompt.active():
        key(app, pygame.K_ESCAPE)
    card = app.battle.combat.banner.rect
    assert card.height > small.height  # now it opens
    covered = [r for r in placement.token_rects(app.battle) if r.colliderect(card)]
    assert not covered


def test_the_players_view_badge_is_over_the_panels(app) -> None:
    key(app, pygame.K_F2)
    board = app.battle.board_rect()
    surface = pygame.display.get_surface()
    x, y = board.left + 30, board.bottom - 30
    r, g, b = surface.get_at((x, y))[:3]
    assert abs(r - theme.ACCENT[0]) < 50 and abs(g - theme.ACCENT[1]) < 50 and b < 110  # the amber badge
    assert not any(p.contains((x, y)) for p in app.battle.combat.panels())


def test_the_players_window_fits_after_a_display_fallback(app) -> None:
    pw = app.players.open(7, fullscreen=True, size=(800, 500))
    app.step()
    assert not pw.fullscreen and "no display 7" in pw.message
    m = app.battle.state.map
    board = pw.board_rect()
    cam = pw.camera
    x0, y0 = cam.to_screen((0, 0))
    x1, y1 = cam.to_screen((m.width, m.height))
    assert board.left <= x0 and x1 <= board.right and board.top <= y0 and y1 <= board.bottom


def test_katie_s_line_is_wrapped_in_the_tracker() -> None:
    session = app_session(App(open_default(seed=3), size=(1600, 900)))
    app = next(session)
    tracker = app.battle.combat.tracker
    from tactics.ui import widgets as w

    lines = w.wrap("Katie: not here yet (joins at a Counter Phase)", 15, tracker.rect.width - 24 - 2 * theme.PANEL_PAD, "regular")
    assert len(lines) >= 1 and all(w.text_width(line, 15) <= tracker.rect.width - 24 for line in lines)
    next(session, None)


def test_the_starship_screen_hides_the_map_tools_and_shows_the_ship_s_pips(app) -> None:
    key(app, pygame.K_TAB)
    hidden = [b for b, (kind, _) in app.toolbar.buttons.items() if kind == "tool"]
    assert hidden and all(not b.visible for b in hidden)
    key(app, pygame.K_TAB)
    assert all(b.visible for b in hidden)


def test_a_phase_card_with_tokens_above_and_below_moves_aside_and_its_button_still_works() -> None:
    """Review 13 F14: the Counter Phase card covered Katie, still to act, though there was room to
    either side: the card now also tries either side of the board's middle, top and bottom."""
    from tactics.engine.board import Place
    from tactics.engine.combat.team import Advance, StartCombat

    enc = open_default(seed=1)
    enc.submit(StartCombat())
    while enc.state.combat.phase != "counters":
        enc.submit(Advance())
    for app in app_session(App(enc, size=SIZE), closing=True):
        view = app.battle
        card = view.combat.banner.rect
        assert card is not None
        # tokens on squares under the card where it went, and under the same card at the top
        free = [c for c in view.state.combatants.values() if c.cell is not None]
        spots = []
        for rect in (card, card.move(0, view.board_rect().top + 8 - card.top)):
            cell = view.camera.cell_at(rect.center)
            if cell is not None and view.state.map.in_bounds(cell) and view.state.map.move_cost(cell) is not None:
                spots.append(cell)
        for who, cell in zip(free, spots):
            enc.submit(Place(who.id, cell))
        view.invalidate()
        app.step()
        moved = view.combat.banner.rect
        covered = [r for r in placement.token_rects(view) if r.colliderect(moved)]
        assert not covered, (moved, covered)
        round_before = enc.state.combat.round
        click(app, view.combat.banner.button_rect("banner-advance").center)
        assert enc.state.combat.round == round_before + 1, "the moved card's button starts the next round"
