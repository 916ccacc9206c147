"""Review 17's N4 leftovers, driven headless through the real window at 1280x720 and 1920x1080.

* The grenade's scatter dice and their legend ("scatter d10s: 3 squares short") were placed
  beside the landing square covering least where every place touching it met a token: at
  1280x720 the legend lay on Art's disc and name, at 1920x1080 it touched Bear 3's name. They now
  go further out until they meet no token's square, name or condition badge.
* The corner marker of a grenade lying under a token sat in the square's bottom-right corner, on
  the token's own name. It now takes the first corner (or a place beside the square) that meets
  no name or badge.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.board import Place
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.rules import actions as act
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_default

from test_ui_grenade_overlays import resolve_throw, throw_at, to_group
from ui_driver import app_session, click

SIZES = [(1280, 720), (1920, 1080)]


def round_one_at(size: tuple[int, int]):
    """The bundled fight in round 1, the party's Vanguard acting (as test_ui_grenade_overlays'
    round_one, at ``size``)."""
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        view = app.battle
        click(app, view.combat.button_rect("start").center)
        to_group(app, "party:vanguard", 0)
        view.encounter.submit(Declare("brandon", Action(act.STANDARD_ATTACK, target="bear1")))
        view.encounter.submit(ResolveNext())
        to_group(app, "party:vanguard", 1)
        yield app


def what_it_meets(app: App, rect: pygame.Rect, *, squares: bool = True) -> list[str]:
    """The tokens' squares, names and condition badges (as drawn) that ``rect`` lies on."""
    view = app.battle
    badges, names = view.renderer.tokens.drawn_labels()
    out = [f"{text!r} (name)" for _, r, text in names if rect.colliderect(r)]
    out += [f"{cid}'s badge" for cid, r in badges if rect.colliderect(r)]
    if squares:
        out += [f"{who.name}'s square" for who in view.state.on_map()
                if rect.colliderect(pygame.Rect(view.camera.cell_rect(who.cell)))]
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("aim", [(21, 5), (23, 4), (24, 5)])
def test_the_scatter_dice_and_legend_lie_on_no_token_name_or_badge(size, aim):
    for app in round_one_at(size):
        throw_at(app, aim)
        resolve_throw(app)
        app.draw()
        dice = hazards_of(app.battle).dice_drawn
        assert dice is not None, "the throw's dice and legend are drawn"
        assert app.battle.board_rect().contains(dice)
        met = what_it_meets(app, dice)
        assert not met, f"{size}, aimed at {aim}: the scatter dice and legend lie on {met}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("who", ["james", "art", "bear1"])
def test_the_marker_of_a_grenade_under_a_token_keeps_off_its_name_and_badges(size, who):
    for app in round_one_at(size):
        throw_at(app, (22, 6))
        resolve_throw(app)
        view = app.battle
        grenade = next(iter(view.state.grenades.values()))
        view.encounter.submit(Place(who, None))
        view.encounter.submit(Place(who, grenade.cell))
        app.step()
        app.draw()
        marker = hazards_of(view).under_markers.get(grenade.id)
        assert marker is not None, f"{who} stands on the grenade: its corner marker is drawn"
        square = pygame.Rect(view.camera.cell_rect(grenade.cell))
        assert marker.colliderect(square.inflate(2, 2)), "the marker touches its square"
        met = what_it_meets(app, marker, squares=False)
        assert not met, f"{size}: the marker of the grenade under {who} lies on {met}"
        others = [o.name for o in view.state.on_map() if o.id != who
                  and marker.colliderect(pygame.Rect(view.camera.cell_rect(o.cell)))]
        assert not others, f"the marker lies on the squares of {others}"
