"""The GM's players' preview (F2) asks every question of the players' state (issue 10).

What is tested with real clicks and keys: a creature hidden from the players (N-HIDE-2) stands
next to Ann. In the GM's view Ann's reach leaves its square out and paths go round it; after F2
the reach, the hover path and the preview's words are those of the players' copy of the state
(``players_state``: the square is as empty as the players believe), the Initiative list leaves it
out, and a click on that square, which the engine refuses, says nothing of who or where.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.ui.app import App
from tactics.ui.players.seen import players_state
from tactics.ui.tools.select import compute_reach

from ui_driver import app_session, centre, click, fighter, key, move

SIZE = (1600, 900)
LURKER = (5, 4)


@pytest.fixture
def app():
    lurker = fighter("lurker", "bears", LURKER)
    lurker["hidden"] = True
    definition = {
        "name": "Preview",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (3, 4)), lurker, fighter("bear", "bears", (14, 8))],
    }
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 16] * 10)), seed=2)
    yield from app_session(App(enc, size=SIZE))


def test_the_players_preview_reach_and_path_are_the_players(app):
    view = app.battle
    click(app, centre(app, (3, 4)))
    assert view.selected == "ann" and LURKER not in view.reach.routes  # the GM's view knows
    assert LURKER not in view.reach.path_to((6, 4))
    key(app, pygame.K_F2)
    assert view.viewer == "players"
    expected = compute_reach(players_state(view.state), "ann")
    assert view.reach.routes == expected.routes  # the players' reach, hidden square as empty
    assert LURKER in view.reach.routes and LURKER in view.reach.path_to((6, 4))
    move(app, centre(app, LURKER))
    app.draw()
    assert "Lurker" not in view.tool.status()
    keys = [k for panel in view.combat.panels() for k in panel.keys()]
    assert "aware:ann" in keys and "aware:lurker" not in keys  # the setup list leaves it out too


def test_a_refused_move_onto_the_hidden_square_says_nothing_of_it(app):
    view = app.battle
    key(app, pygame.K_F2)
    click(app, centre(app, (3, 4)))
    before = len(view.encounter.journal.entries)
    click(app, centre(app, LURKER))
    assert len(view.encounter.journal.entries) == before  # the engine refused: someone stands there
    text = view.message[0] if view.message else ""
    assert text and "Lurker" not in text and "5, 4" not in text and "(5" not in text
    assert view.state.combatants["ann"].cell == (3, 4)


def test_the_preview_banner_and_tracker_keep_a_hidden_group_secret():  # N-HOT-1
    from test_ui_players_hotseat import make_encounter, to_action_phase
    from tactics.ui.panels.hotseat import quiet_banner

    app = App(make_encounter(hidden_bears=True), size=SIZE)
    try:
        app.step()
        to_action_phase(app)
        while app.battle.state.combat.acting_group().team != "bears":
            key(app, pygame.K_e)
        assert "Space Bears" in app.hotseat.banner().title  # the GM's own view names them
        key(app, pygame.K_F2)
        rnd = f"Round {app.battle.state.combat.round}"
        assert app.hotseat.banner() == quiet_banner(rnd)
        app.draw()
        keys = [k for panel in app.battle.combat.panels() for k in panel.keys()]
        assert "who:bear1" not in keys
    finally:
        app._addons("closing")
        pygame.quit()
