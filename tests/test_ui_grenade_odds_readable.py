"""While the grenade's heatmap shows, every square's odds can be read: no token name lies on them.

Why (review 14, finding 7): ``tactics --tool grenade --select Art --at 23,6`` at 1280x720: the
names "Bear 2", "Bear 4", "Bear 1" and "Bear 3" sat on the heatmap and hid the 1% and 5% of the
squares under them, and the odds badges on the bears' own squares hid their initials. The odds
are what the tool is for: the names move off them (or are left out, the initials and the pointer
naming the token), and a badge sits under its token's initials.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, move


@pytest.fixture
def aiming():
    """Art selected, the grenade tool on, the pointer on square 23,6 (the reviewer's command)."""
    for app in app_session(App(open_default(seed=1), size=(1280, 720)), closing=True):
        view = app.battle
        view.combat.log.collapsed = True  # the log's column given back: the 30 px a square the
        app.step()  # (the folded log drawn: a frame, as its "-" gives, before the pointer moves)
        view.fit()  # reviewer's command opened at (it keeps that column for the log now: review 16 F3)
        view.camera.set_zoom(30, view.camera.to_screen((0, 0)))  # (32 with Fit's smaller margin now)
        view.select("art")
        view.set_tool("grenade")
        move(app, view.camera.cell_centre((23, 6)))
        yield app


def _drawn(app: App) -> list[probe.Mark]:
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    return [m for m in rec.on(pygame.display.get_surface()) if m.kind == "text" and m.panel in ("map", "")]


def test_no_token_name_lies_on_a_square_s_odds_while_the_heatmap_shows(aiming):
    app = aiming
    view = app.battle
    p = view.tool.preview()
    assert p is not None and len(p.odds) > 20, "the heatmap is up"
    names = {c.name for c in view.state.on_map()}
    marks = _drawn(app)
    drawn = [m for m in marks if m.label in names and m.role != "initials"]
    px = view.camera.cell_px
    odds = []  # where each square's percentage is written: the middle of the square, or the token's badge
    for cell in p.odds:
        if cell in view.tool.badges:
            odds.append((cell, view.tool.badges[cell]))
        else:
            x, y, w, h = view.camera.cell_rect(cell)
            odds.append((cell, pygame.Rect(x + w // 4, y + (h - h // 4) // 2, w // 2, h // 4)))  # the digits' height
    assert view.tool.badges, "the bears in the heatmap carry their odds on a badge"
    for m in drawn:
        for cell, rect in odds:
            assert not m.rect.colliderect(rect), f"{m.label}'s name hides the odds of {cell} ({px} px a square)"
    assert "Bear 2" in {m.label for m in drawn}, "a name with room off the odds still shows"
    for m in marks:  # the badge on a bear's square leaves its initials in sight
        if m.role == "initials":
            for rect in view.tool.badges.values():
                assert m.rect.clip(rect).height <= 2, f"an odds badge hides the initials {m.label}"
