"""The text's monsters search for a hidden foe in individual turns too, as in team rounds.

Review 7 solo, finding J: in the second text's turns, with only a hidden Brandon left, the bears
ended every turn doing nothing for ten rounds and the fight never ended, while in team rounds
the same bears search ("searches for an unseen foe", a Perception check that may reveal him).
"""

from __future__ import annotations

from tactics.ai import Opponent
from tactics.ai.individual_turn import plan_action
from tactics.ai.team_turn import plan_group
from tactics.assets import bundled
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.core.control import SetController
from tactics.engine.core.encounter import load_encounter


def _only_hidden_foes(enc) -> None:
    for c in enc.state.combatants.values():
        if c.team == "party" and c.id != "brandon":
            c.hp = 0  # down: only the hidden Brandon is left (the bundled opening hides him)
    assert enc.state.combatants["brandon"].hidden


def test_with_only_a_hidden_foe_left_a_monster_searches_in_individual_turns():
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=3)
    enc.submit(SetController("bears", "monster"))
    enc.submit(StartTurns())
    _only_hidden_foes(enc)
    while enc.state.combat.phase != "action" or enc.state.combatants[enc.state.combat.current].team != "bears":
        enc.submit(EndTurn() if enc.state.combat.phase == "action" else BeginTurn())
    cid = enc.state.combat.current
    choice = plan_action(enc.state, cid, "monster")
    assert choice is not None and choice.actions[0].kind == "use-item" and choice.actions[0].item == "perception"
    assert choice.reason.endswith("searches for an unseen foe")
    step = Opponent(enc).step()  # and the app takes it: a Perception check in the log
    assert step is not None and enc.journal.entries[-1].command == "take-action", step


def test_team_rounds_search_the_same_way():
    from tactics.engine.combat.team import Advance, StartCombat

    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=3)
    enc.submit(SetController("bears", "monster"))
    enc.submit(StartCombat())
    _only_hidden_foes(enc)
    while enc.state.combat.acting_group() is None or enc.state.combat.acting_group().team != "bears":
        enc.submit(Advance())
    choices = plan_group(enc.state, "bears", "monster")
    assert choices and all(c.reason.endswith("searches for an unseen foe") for c in choices)
