"""Review 14's rules findings (the outside GM at the table), each as the GM met it.

Finding 4 (R-MOVE-1, R-ACT-1, reading N-MOVE-9): a selected combatant was offered a route back to
its own square ("Standard Move + Bonus Move, 10 ft", a sprint), and the engine accepted a Standard
Move that ended where it began. Expected: no route to the mover's own square in either mode, a
route that fits inside the run is never a sprint, a declared move ending on its start square is
refused with words, and hovering one's own token says nothing of a Bonus Move. Fixed seeds.
"""

from __future__ import annotations

import pytest

from tactics.assets import bundled
from tactics.engine.combat import moves, team
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.journal import Refused
from tactics.ui.app import App

from test_ui_combat import explosion, press, space_bears, token
from ui_driver import app_session, click, move


def team_fight(seed: int = 7):
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=seed)
    enc.submit(team.StartCombat())
    enc.submit(team.BeginActions())
    return enc


def test_no_route_back_to_the_movers_own_square_and_none_inside_the_run_is_a_sprint():  # N-MOVE-9
    enc = team_fight()
    for cid in ("brandon", "james"):
        who = enc.state.combatants[cid]
        allowance = moves.move_allowance(enc.state, cid)
        routes = moves.move_routes(enc.state, cid)
        assert routes, f"{cid} can move"
        assert who.cell not in routes, f"{cid} is offered a route to the square it stands on"
        for cell, route in routes.items():
            if route.cost <= allowance.run_ft and len(route.legs) == 1:
                assert not route.sprint, f"{cid} to {cell}: {route.cost} ft fits the {allowance.run_ft} ft run"


def test_a_declared_move_that_ends_where_it_began_is_refused_with_words():  # N-MOVE-9
    enc = team_fight()
    start = enc.state.combatants["brandon"].cell
    assert start == (15, 2)
    with pytest.raises(Refused, match=r"ends on \(15, 2\), where Brandon starts: a move ends on another square"):
        enc.submit(Declare("brandon", Action("standard-move", path=[(14, 1), (15, 2)])))
    assert not enc.state.combat.declarations
    assert "already on (15, 2)" in moves.why_not_move(enc.state, "brandon", (15, 2))


def test_individual_turns_offer_no_route_to_the_own_square_and_refuse_a_round_trip():  # N-MOVE-9
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=7)
    enc.submit(StartTurns(order="table"))
    enc.submit(BeginTurn())
    cid = enc.state.combat.current
    who = enc.state.combatants[cid]
    assert who.cell not in moves.move_routes(enc.state, cid)
    step = next(iter(c for c, r in moves.move_routes(enc.state, cid).items() if r.cost == 5))
    with pytest.raises(Refused, match="a move ends on another square"):
        enc.submit(TakeAction(cid, TurnAction("move", path=[step, who.cell])))


@pytest.fixture
def app():
    enc = space_bears()
    explosion(enc)
    yield from app_session(App(enc, size=(1600, 900)))


def test_hovering_ones_own_token_offers_no_move(app):  # N-MOVE-9, review 14 finding 4
    press(app, "start")
    press(app, "banner-advance")
    click(app, token(app, "brandon"))
    assert app.battle.reach is not None and app.battle.reach.who == "brandon"
    move(app, token(app, "brandon"))
    status = app.battle.tool.status()
    assert "uses your Bonus action" not in status and "Standard Move + Bonus Move" not in status, status
    assert app.battle.state.combatants["brandon"].cell not in app.battle.reach.routes
