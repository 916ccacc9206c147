"""Fog on the players' window: nothing of another team inside fog (issue 10; N-FOG-1).

What is tested: with fog on, the players' window's picture of a room where a bear stands out
of sight behind a wall, Stunned, with a live grenade it threw lying in fog, is pixel for pixel
the picture of the same room without the bear: no token, no name, no badge, no marker, dimmed
or not, in plain and in large type.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.hazards.commands import ThrowGrenade
from tactics.ui.app import App
from tactics.ui.players.seen import fog_cells

from test_ui_players import make_encounter

SIZE = (1280, 720)


def players_picture(enc: Encounter, *, room: bool) -> bytes:
    app = App(enc, size=SIZE)
    try:
        app.step()
        pw = app.players.open(size=SIZE)
        pw.set_follow(False)
        pw.set_fog(True)
        pw.set_room_style(room)
        surface = pygame.Surface(SIZE)
        pw.render(surface)
        assert not pw.renderer.failed
        return pygame.image.tobytes(surface, "RGB")
    finally:
        app._addons("closing")
        pygame.quit()


def with_bear() -> Encounter:
    enc = make_encounter()
    assert (10, 3) in fog_cells(enc.state) and (12, 4) in fog_cells(enc.state)
    enc.submit(ApplyCondition("bear1", "Stunned", 2, source="test"))
    enc.submit(ThrowGrenade("bear1", (12, 4), "frag"))
    assert any(g.status == "live" for g in enc.state.grenades.values())
    return enc


def without_bear() -> Encounter:
    enc = make_encounter()
    definition = dict(enc.definition, combatants=[c for c in enc.definition["combatants"] if c["id"] != "bear1"])
    return Encounter(definition, enc.map, seed=1)


@pytest.mark.parametrize("room", [False, True])
def test_nothing_of_another_team_is_drawn_in_fog(room: bool) -> None:  # N-FOG-1
    assert players_picture(with_bear(), room=room) == players_picture(without_bear(), room=room)
