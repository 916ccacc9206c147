"""The grenade tool's words keep off the tokens and their names (outside review 20, m1).

At 1280x720 on the bundled map, James aiming his frag grenade at (23, 5): the "35 ft throw" pill,
drawn under his name, lay on Art's disc two squares below; "blast catches James 12%", stacked
above the heatmap, lay on Bear 2's name. Through the real app (G, click James, hover the square),
at both sizes: neither the pill nor the odds lines meet any token's square or any drawn name.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.opening import open_default

from test_ui_hazards import aim
from ui_driver import app_session

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_throw_pill_and_odds_lines_cover_no_token_or_name(size):
    for app in app_session(App(open_default(seed=1), size=size)):
        aim(app, "james", (23, 5))
        app.draw()
        view, tool = app.battle, app.battle.tool
        assert tool.label_lines and any(line.startswith("blast catches James") for line in tool.label_lines)
        discs = {c.name: pygame.Rect(view.camera.cell_rect(c.cell)).inflate(-4, -4) for c in view.state.on_map()}
        names = view.renderer.tokens.drawn_words()
        pill = tool.throw_pill_rect
        assert pill is not None and view.board_rect().contains(pill)
        for rect in [pill, *tool.label_rects]:
            assert not [n for n, d in discs.items() if rect.colliderect(d)], (rect, "covers a token")
            assert rect.collidelist(names) < 0, (rect, "covers a name")
        james = discs["James"]
        assert abs(pill.centerx - james.centerx) < 3 * view.camera.cell_px  # still beside its thrower
        assert abs(pill.centery - james.centery) < 3 * view.camera.cell_px
