"""The app's "plays to win" side counts what dropping a foe saves it (review 13 F4).

A hurt pirate with a 66% chance to drop James (1 hp) ran 30 ft instead: standing there to shoot
was scored as if James would still shoot back next turn. Now the chance to drop a foe takes that
share of the foe's threat off the square the attack is made from; and a move away from the foes
that leaves their reach says it falls back.
"""

from __future__ import annotations

import pytest

from tactics.ai.positions import Board
from tactics.ai.scoring import value_attack
from tactics.ai.settings import level
from tactics.ai.team_turn import plan_group
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.state import EncounterState
from tactics.maps import BattleMap

from ui_driver import fighter


def standoff(james_hp: int) -> EncounterState:
    """A pirate at 2 of 12 hp (hurt: safety first), James and Jim with pistols, 15 ft away each."""
    definition = {"name": "Standoff", "teams": {"party": {"name": "Party", "players": True},
                                                "pirates": {"name": "Pirates"}},
                  "combatants": [dict(fighter("james", "party", (4, 5), weapons=["holdout_pistol"]), hp=james_hp),
                                 dict(fighter("jim", "party", (4, 7), weapons=["holdout_pistol"])),
                                 dict(fighter("pirate", "pirates", (7, 6), weapons=["slug_revolver"]), hp=12)]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 16] * 12)), seed=1)
    enc.submit(AdjustHP("pirate", -10))
    enc.submit(StartCombat())
    while not enc.state.combat.can_act_now("pirate"):
        enc.submit(Advance())
    return enc.state


def attack_scores(state: EncounterState) -> dict[str, float]:
    """The pirate's attacks from where it stands, by target (the planner's own scoring)."""
    from tactics.ai.team_turn import _attacks_from_here

    board = Board(state, "pirates")
    choices = _attacks_from_here(board, board.view.combatants["pirate"], level("win"), 0.0)
    return {c.attack.target: c.score for c in choices if c.attack is not None}


def test_the_chance_to_drop_a_foe_takes_its_threat_off_the_attackers_square():
    state = standoff(james_hp=1)
    rules = level("win")
    board = Board(state, "pirates")
    pirate, james = state.combatants["pirate"], state.combatants["james"]
    value = value_attack(state, pirate, board.arms(pirate)[0], james, hp_left=1)
    assert value is not None and value.p_kill > 0.5
    threat = board.threat_on(james, pirate.cell)
    assert threat > 0, "James can shoot the pirate where it stands"
    jim = value_attack(state, pirate, board.arms(pirate)[0], state.combatants["jim"], hp_left=30)
    assert jim is not None and jim.p_kill == 0
    scores = attack_scores(state)
    # James and Jim are the same but for James's hit points: the attack on James is worth its own
    # expected damage (at most his 1 hp), the kill bonus, and (hurt: exposure weighs three times)
    # what James would no longer deal to the pirate's square
    kill_bonus = rules.kill_bonus * value.p_kill * board.threat(james)
    relief = 3 * rules.exposure * value.p_kill * threat
    expected = value.expected - jim.expected
    assert relief > 1.0  # more than the expected damage of the shot on James itself
    # (give or take the Bonus Attack's second shot, whose value differs the same way)
    assert scores["james"] - scores["jim"] == pytest.approx(expected + kill_bonus + relief, abs=0.1)
    assert plan_group(state, "pirates")[0].attack.target == "james"
