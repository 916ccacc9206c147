"""Each name on the map sits against its own token, plainly nearer it than any other, or is left out.

Why (review 14, finding 3): at 21-22 px a square (1280x720, individual turns or the Set up
panel open) the names were drawn a quarter square above their discs, "Bear 1" under its
disc lay against B3's disc, level with it, so it read as Bear 3's, and Bear 3 had no name.
In the players' window "Bear 2" floated above its disc beside Brandon's. The older layout
tests checked that no name covers a disc, never that a name is by its own token. Here each
drawn name is measured against every disc: it touches its own, and keeps a quarter square
from the others; the same names show frame after frame while nothing changes.
"""

from __future__ import annotations

import math

import pygame
import pytest

from tactics.engine.board import Place
from tactics.engine.combat.individual.procedure import with_mode
from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, zoomed_to

TOUCH = 3  # px: a name this near its own disc's rim touches it (anti-aliased rims, rounded pills)


def _gap(rect: pygame.Rect, camera, cell: tuple[int, int]) -> float:
    """Pixels from the name's pill to the rim of the disc on ``cell`` (negative: it overlaps)."""
    x, y, w, _ = camera.cell_rect(cell)
    cx, cy, r = x + w / 2, y + w / 2, w * 0.43
    dx = max(rect.left - cx, 0, cx - rect.right)
    dy = max(rect.top - cy, 0, cy - rect.bottom)
    return math.hypot(dx, dy) - r


def _names_drawn(surface: pygame.Surface, draw, names: set[str]) -> dict[str, pygame.Rect]:
    """The token names ``draw`` puts on the map of ``surface`` (the layout probe's record)."""
    rec = probe.start()
    try:
        draw()
    finally:
        probe.stop()
    out: dict[str, pygame.Rect] = {}
    for m in rec.on(surface):
        if m.kind == "text" and m.panel in ("map", "") and m.label.rstrip("…") and any(
                n.startswith(m.label.rstrip("…")) for n in names):
            out[next(n for n in names if n.startswith(m.label.rstrip("…")))] = pygame.Rect(m.rect)
    return out


def _check_owners(drawn: dict[str, pygame.Rect], tokens: dict[str, tuple[int, int]], camera, unnamed: set[str]) -> None:
    """Every token is named by its own disc, or listed as left out (and then has no name drawn)."""
    px = camera.cell_px
    keep = max(3, px // 4)
    assert set(drawn) | unnamed == set(tokens), "every token has its name by it, or is left out"
    assert not set(drawn) & unnamed, "a token left out has no name drawn anywhere"
    for name, rect in drawn.items():
        own = _gap(rect, camera, tokens[name])
        assert own <= TOUCH, f"{name}'s name is {own:.1f} px off its own disc (it should touch it)"
        for other, cell in tokens.items():
            if other != name:
                gap = _gap(rect, camera, cell)
                assert gap >= keep, f"{name}'s name is {gap:.1f} px from {other}'s disc: it reads as {other}'s"


def _gm_check(app: App) -> dict[str, pygame.Rect]:
    view = app.battle
    tokens = {c.name: c.cell for c in view.state.on_map() if view.visible(c)}
    drawn = _names_drawn(pygame.display.get_surface(), app.draw, set(tokens))
    unnamed = {view.state.combatants[cid].name for cid in view.renderer.tokens.unnamed}
    _check_owners(drawn, tokens, view.camera, unnamed)
    return drawn


@pytest.fixture
def individual():
    yield from app_session(App(with_mode(open_default(seed=1), "individual"), size=(1280, 720)), closing=True)


@pytest.mark.parametrize("tool", ["select", "setup"])
@pytest.mark.parametrize("zoom", [21, 23])
def test_at_a_small_zoom_each_name_touches_its_own_token_and_no_other(individual, tool, zoom):
    """1280x720, individual turns (and the Set up panel open): ~21 px a square, where Bear 1's
    name lay against B3 and Bear 3 had none; 23 px a square (the fit before individual turns took
    team rounds' layout), where "Bear 4" above its disc kept 4.6 px off Bear 2's, not 5: the
    clearance was kept from the disc's ring rounded, a pixel and more inside the disc as drawn."""
    app = individual
    app.battle.set_tool(tool)
    app.step()
    zoomed_to(app, zoom)  # the cramped cases the reviewers saw (the fit now: 24)
    drawn = _gm_check(app)
    assert {"Bear 1", "Bear 3"} <= set(drawn), "both bears are named, each by its own disc"
    again = _names_drawn(pygame.display.get_surface(), app.draw, set(drawn))
    assert again == drawn, "a second frame with nothing changed shows the same names in the same places"
    app.battle.renderer.tokens.forget_placing()
    assert _names_drawn(pygame.display.get_surface(), app.draw, set(drawn)) == drawn, "placed afresh: the same"


def test_in_the_players_window_each_name_is_by_its_own_token_frame_after_frame():
    """The players' window (1280x800, large white names) with the tokens where they stood in
    Round 2 of the review: "Bear 2" floated above its disc beside Brandon's, Art and James
    had no name."""
    app = App(open_default(seed=1), size=(1280, 720))
    try:
        app.step()
        for cid, cell in (("brandon", (15, 2)), ("james", (17, 5)), ("art", (16, 6)), ("bear1", (21, 5)),
                          ("bear2", (18, 3)), ("bear4", (23, 4))):
            assert app.battle.submit(Place(cid, cell))
        pw = app.players.open(size=(1280, 800))
        app.step()
        surface = pygame.Surface((1280, 800))
        state = pw.drawn_state
        seen: list[dict[str, pygame.Rect]] = []
        for _ in range(3):
            painter = pw._renderer().tokens
            tokens = {c.name: c.cell for c in state.on_map() if c.id in painter._ids}
            drawn = _names_drawn(surface, lambda: pw.render(surface), set(tokens))
            unnamed = {state.combatants[cid].name for cid in painter.unnamed}
            _check_owners(drawn, tokens, pw.camera, unnamed)
            seen.append(drawn)
            app.step()
        assert seen[0] == seen[1] == seen[2], "nothing changed: the same names in the same places every frame"
        assert "Bear 2" in seen[0], "Bear 2 has a place by its own disc"
    finally:
        app._addons("closing")
        pygame.quit()
