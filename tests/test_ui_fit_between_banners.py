"""A small map is fitted between the fight's banners, not under them.

Why (review 14, finding 11): a 10x8 cellar, Start combat, E: the turn banner ("Foes: Vanguard
... End turn (E)") covered most of the bottom row and the phase card the top row's edge; the
fit (Home/F) left room at the sides but none for the banners. The bundled map, fitted by its
width, never met them.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, click, fighter, key

CELLAR = {"name": "Cellar",
          "teams": {"party": {"name": "The Party", "players": True, "colour": [70, 140, 230]},
                    "foes": {"name": "Foes", "colour": [220, 80, 60]}},
          "combatants": [fighter("rook", "party", (3, 7)), fighter("bear1", "foes", (7, 0))]}


def _map_rect(app: App) -> pygame.Rect:
    view = app.battle
    m, px = view.state.map, view.camera.cell_px
    return pygame.Rect(view.camera.to_screen((0, 0)), (m.width * px, m.height * px))


def _in_the_action_phase(app: App) -> None:
    click(app, app.battle.combat.button_rect("start").center)
    key(app, pygame.K_e)  # Begin Action Phase: the turn banner with End turn (E)
    app.step()


@pytest.fixture
def cellar():
    """A 10x8 cellar, one fighter a side (the reviewer's hand-made map)."""
    enc = Encounter(CELLAR, BattleMap.from_text("\n".join(["." * 10] * 8), name="Cellar"), seed=1)
    yield from app_session(App(enc, size=(1920, 1080)), closing=True)


def test_a_small_map_fits_between_the_phase_card_and_the_turn_banner(cellar):
    app = cellar
    _in_the_action_phase(app)
    banners = [app.battle.combat.banner.rect, app.hotseat.rect]
    assert all(b is not None for b in banners), "the phase card and the turn banner show"
    area = _map_rect(app)
    for banner in banners:
        assert not banner.colliderect(area), f"a banner {banner} lies on the map's edge rows {area}"
    assert app.battle.camera.cell_px >= 80, "still fitted large: only the banners' strips are left out"


def test_the_bundled_map_keeps_its_fit_in_a_fight():
    for app in app_session(App(open_default(seed=1), size=(1920, 1080)), closing=True):
        _in_the_action_phase(app)
        room = app.battle.fit_rect()
        px = app.battle.camera.cell_px
        assert _map_rect(app).width >= room.width - 2 * 24 - px  # fitted by its width, as large as before
        for banner in (app.battle.combat.banner.rect, app.hotseat.rect):
            assert banner is None or not banner.colliderect(_map_rect(app))
