"""A query or a command given an id no combatant has refuses it in words (review 7 lib, finding 10).

A script names combatants by id (``"bear1"``, not ``"Bear 1"`` nor ``"bear_1"``): the
read-only queries refuse an unknown id as the commands do, with the near miss of an
id or a name, never a bare ``KeyError`` nor an empty reach a bot would read as "stuck".
"""

from __future__ import annotations

import pytest

from tactics.assets import bundled
from tactics.engine.board import Walk
from tactics.engine.combat import moves, queries, team
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.hazards.throw_risk import throw_risk


@pytest.fixture(scope="module")
def enc() -> Encounter:
    fight = load_encounter(bundled("space-bears.encounter.toml"), seed=7)
    fight.submit(team.StartCombat())
    fight.submit(team.BeginActions())
    return fight


QUERIES = {
    "attack_odds": lambda s, cid: queries.attack_odds(s, "james", cid),
    "attack_odds by": lambda s, cid: queries.attack_odds(s, cid, "bear1"),
    "slots_left": queries.slots_left,
    "legal_kinds": queries.legal_kinds,
    "two_weapon_terms": lambda s, cid: queries.two_weapon_terms(s, cid, "standard-attack", "holdout_pistol"),
    "bonus_weapon_problem": lambda s, cid: queries.bonus_weapon_problem(s, cid, "holdout_pistol"),
    "conditions_summary": queries.conditions_summary,
    "flat_footed": queries.flat_footed,
    "initiative_of": queries.initiative_of,
    "move_allowance": moves.move_allowance,
    "move_routes": moves.move_routes,
    "why_not_move": lambda s, cid: moves.why_not_move(s, cid, (20, 7)),
    "throw_risk": lambda s, cid: throw_risk(s, cid, (21, 5), "frag"),
}


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_every_query_refuses_an_unknown_id(enc: Encounter, name: str) -> None:
    with pytest.raises(Refused) as info:
        QUERIES[name](enc.state, "nobody-here")
    assert info.value.reason == "no combatant called 'nobody-here'"


@pytest.mark.parametrize(("typed", "meant"), [("jamez", "james"), ("bear_1", "bear1"), ("Bear 1", "bear1"),
                                              ("JAMES", "james")])
def test_a_near_miss_of_an_id_or_a_name_is_offered(enc: Encounter, typed: str, meant: str) -> None:
    with pytest.raises(Refused, match=f"^no combatant called '{typed}': did you mean '{meant}'\\?$"):
        moves.move_routes(enc.state, typed)  # before: {} (read as "cannot move")
    with pytest.raises(Refused, match=f"did you mean '{meant}'"):
        queries.slots_left(enc.state, typed)  # before: KeyError


def test_the_commands_offer_the_near_miss_too(enc: Encounter) -> None:
    with pytest.raises(Refused, match="^no combatant called 'jamez': did you mean 'james'\\?$"):
        enc.submit(Declare("jamez", Action("standard-attack", target="bear1")))
    with pytest.raises(Refused, match="^there is no 'bear_1' on the map to target: did you mean 'bear1'\\?$"):
        enc.submit(Declare("james", Action("standard-attack", target="bear_1")))
    with pytest.raises(Refused, match="did you mean 'art'"):
        enc.submit(Walk("Art", [(16, 7)]))


def test_a_known_id_is_answered_as_before(enc: Encounter) -> None:
    assert queries.legal_kinds(enc.state, "james")  # the party's Vanguard acts in Round 1
    assert moves.move_routes(enc.state, "james")[(20, 7)].cost == 20
