"""A grenade's scatter dice go with its blast (issue 10; R-GREN-2).

What is tested with real clicks: after a throw both d10s are drawn beside the landing square
while the grenade lies there live; when it goes off (Detonate now from the GM's menu) they stay
as long as the blast is on the map, and are gone with it, not left on the map for rounds.
"""

from __future__ import annotations

import pygame

from tactics.ui.hazards import hazards_of

from test_ui_hazards import aim, make_app
from ui_driver import centre, click

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


def test_the_scatter_dice_go_with_the_blast():  # R-GREN-2
    app = make_app()
    try:
        aim(app, "ann", (9, 6))
        click(app, centre(app, (9, 6)))
        addon = hazards_of(app.battle)
        addon.finish()  # the flight lands
        assert addon.last_throw and dice_pixels(app) > 50, "both dice beside the live grenade"
        grenade = next(g for g in app.battle.state.grenades.values() if g.status == "live")
        app.battle.set_tool("select")
        click(app, centre(app, tuple(grenade.cell)), button=3)
        rect = app.gm_menu.item_rect(f"detonate:{grenade.id}")
        click(app, rect.center)
        assert app.battle.state.grenades[grenade.id].status != "live"
        assert dice_pixels(app) > 50, "the dice are on the map while the blast is"
        addon.finish()  # the blast is over
        app.step()
        assert dice_pixels(app) == 0, "the dice went with the blast"
    finally:
        pygame.quit()
