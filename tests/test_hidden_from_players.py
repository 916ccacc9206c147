"""Hidden means hidden from the other side (N-HIDE-2, R-TRAP-6)."""

from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.ui.players.seen import players_state

DEFINITION = {
    "name": "Stealth",
    "teams": {"party": {"name": "Party", "players": True}, "gm": {"name": "Bears"}},
    "combatants": [
        {"id": "brandon", "name": "Brandon", "team": "party", "cell": [1, 1], "hidden": True},
        {"id": "james", "name": "James", "team": "party", "cell": [2, 1]},
        {"id": "lurker", "name": "Lurker", "team": "gm", "cell": [5, 3], "hidden": True},
        {"id": "bear", "name": "Bear", "team": "gm", "cell": [6, 3]},
    ],
}


def test_players_see_their_own_stealthed_character_but_not_a_hidden_foe():  # N-HIDE-2
    enc = Encounter(DEFINITION, BattleMap.from_text("\n".join(["." * 8] * 5)), seed=1)
    state = enc.state
    assert not state.hidden_from_players(state.combatants["brandon"])
    assert state.hidden_from_players(state.combatants["lurker"])
    seen = players_state(state)
    assert set(seen.combatants) == {"brandon", "james", "bear"}
    assert seen.combatants["brandon"].hidden, "still drawn with the hidden badge"
