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


def test_a_gm_creature_on_no_square_is_kept_off_the_players_screens():  # N-HIDE-2
    """Review 12: goblins added in Set up and not placed yet were listed to the players (Initiative
    panel, "in force this round") though nowhere on the map. An unplaced party member stays listed."""
    import pygame

    from tactics.ui.app import App
    from ui_driver import drawn_texts

    extra = [{"id": "goblin", "name": "Goblin Reserve", "team": "gm", "cell": None},
             {"id": "katie", "name": "Katie Waiting", "team": "party", "cell": None}]
    # each with a stat block, so the Initiative panel lists them before the fight
    definition = {**DEFINITION, "combatants": [{**c, "sheet": {}} for c in [*DEFINITION["combatants"], *extra]]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 8] * 5)), seed=1)
    state = enc.state
    assert state.hidden_from_players(state.combatants["goblin"])
    assert not state.hidden_from_players(state.combatants["katie"])
    assert "goblin" not in players_state(state).combatants
    app = App(enc, size=(1280, 720))
    try:
        app.step()

        def texts() -> str:
            return " ".join(drawn_texts(app))

        assert "Goblin Reserve" in texts()  # the GM's view lists it, to be placed
        app.battle.viewer = "players"
        app.dirty = True
        shown = texts()
        assert "Goblin Reserve" not in shown and "Katie Waiting" in shown and "Bear" in shown
    finally:
        pygame.quit()
