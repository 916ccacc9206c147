"""A grenade's scatter dice go with its blast (issue 10; R-GREN-2).

What is tested with real clicks: after a throw both d10s are drawn beside the landing square
while the grenade lies there live; when it goes off (Detonate now from the GM's menu) they stay
as long as the blast is on the map, and are gone with it, not left on the map for rounds; while
they are shown they keep off the tokens the blast downed round the landing square and their names.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.hazards.commands import ThrowGrenade
from tactics.ui.hazards import dice_rect, hazards_of
from tactics.ui.render import DrawContext

from test_ui_hazards import aim, make_app
from ui_driver import centre, click, fighter

DIE_FACE = (250, 246, 236)


def dice_pixels(app) -> int:
    app.draw()
    surface = pygame.display.get_surface()
    board = app.battle.board_rect()
    face = surface.map_rgb(DIE_FACE)
    pixels = pygame.PixelArray(surface.subsurface(board))
    try:
        return sum(1 for column in pixels for value in column if value == face)
    finally:
        pixels.close()


def detonate(app) -> None:
    """The GM's menu on the live grenade: Detonate now (real clicks)."""
    grenade = next(g for g in app.battle.state.grenades.values() if g.status == "live")
    app.battle.set_tool("select")
    click(app, centre(app, tuple(grenade.cell)), button=3)
    click(app, app.gm_menu.item_rect(f"detonate:{grenade.id}").center)


def test_the_scatter_dice_go_with_the_blast():  # R-GREN-2
    app = make_app()
    try:
        aim(app, "ann", (9, 6))
        click(app, centre(app, (9, 6)))
        addon = hazards_of(app.battle)
        addon.finish()  # the flight lands
        assert addon.last_throw and dice_pixels(app) > 50, "both dice beside the live grenade"
        grenade = next(g for g in app.battle.state.grenades.values() if g.status == "live")
        detonate(app)
        assert app.battle.state.grenades[grenade.id].status != "live"
        assert dice_pixels(app) > 50, "the dice are on the map while the blast is"
        addon.finish()  # the blast is over
        app.step()
        assert dice_pixels(app) == 0, "the dice went with the blast"
    finally:
        pygame.quit()


@pytest.mark.parametrize("bears", [[(8, 5), (8, 7), (10, 5), (10, 7)],  # a downed bear at each corner of (9, 6)
                                   [(8, 5), (8, 7), (10, 5), (10, 7), (8, 6)],
                                   [(8, 5), (8, 6), (8, 7), (10, 5), (10, 6), (10, 7)]])
def test_the_dice_keep_off_the_tokens_the_blast_downed_and_their_names(bears):  # R-GREN-2
    """Review 13 recheck NEW-E: after a blast the downed tokens lie round the landing square, and
    the d10 diamonds went over one of them (over a corner of "B4"'s crossed disc), hiding it.
    Every place touching the square covered a token or a name; the dice now go a square or two
    further out where that is clear, still on the thrower's side and beside the blast."""
    bears_of = [dict(fighter(f"b{k}", "bears", cell), name=f"Bear {k + 1}", hp=1) for k, cell in enumerate(bears)]
    app = make_app(fighter("ann", "party", (3, 6)), *bears_of)
    try:
        app.battle.encounter.submit(ThrowGrenade("ann", (9, 6)), typed=[5, 5])  # on target
        addon = hazards_of(app.battle)
        addon.finish()  # the flight lands
        app.step()
        detonate(app)
        view = app.battle
        assert all(view.state.combatants[b["id"]].down for b in bears_of), "the blast downed every bear"
        assert dice_pixels(app) > 50, "the dice are on the map while the blast is"
        ctx = DrawContext(pygame.display.get_surface(), view.camera, view.state, "gm",
                          pygame.display.get_surface().get_rect(), view.renderer, view)
        rect = dice_rect(ctx, addon.last_throw, max(26, int(view.camera.cell_px * 0.45)))
        covered = [who.name for who in view.state.on_map() if rect.colliderect(view.camera.cell_rect(who.cell))]
        assert not covered, f"the dice {rect} cover {covered}"
        assert rect.collidelist(view.renderer.tokens.drawn_words()) < 0, "the dice cover a name"
        px = view.camera.cell_px
        lx, ly = centre(app, (9, 6))
        assert abs(rect.centerx - lx) <= 3 * px and abs(rect.centery - ly) <= 3 * px, "beside where it came down"
        assert rect.centerx < lx, "on the thrower's side (Ann is to the left)"
    finally:
        pygame.quit()
