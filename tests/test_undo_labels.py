"""What Ctrl+Z and the history say a resolve step was (review 13 F11).

Two undone rolls in a row both read "Undone: Resolve action": the GM could not tell which roll
went back. The label names whose action it was, and at whom.
"""

from __future__ import annotations

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.labels import entry_label
from tactics.maps import BattleMap
from tactics.rules import actions as act

from ui_driver import fighter


def test_an_undone_roll_says_whose_it_was_and_at_whom():
    definition = {"name": "Labels", "teams": {"party": {"name": "The Party", "players": True},
                                              "bears": {"name": "Bears"}},
                  "combatants": [fighter("ann", "party", (1, 2), modifiers={"DEX": 5}, weapons=["silenced_pistol"]),
                                 fighter("bear", "bears", (6, 2))]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 10] * 5)), seed=3)
    enc.submit(StartCombat())
    enc.submit(Advance())
    assert enc.state.combat.can_act_now("ann")
    enc.submit(Declare("ann", Action(act.STANDARD_ATTACK, weapon="silenced_pistol", target="bear")))
    entry = enc.submit(ResolveNext())
    assert entry_label(entry.command, entry.args, enc.state, entry.events) == "Resolve action (Ann at Bear)"
    assert entry_label("resolve-next", {}, enc.state, []) == "Resolve action"  # nothing to name: as before


def test_a_declared_trap_setting_reads_as_the_data_names_it():
    """Review 13 recheck NEW-I: the card read "Use Item: set-trap:simple_mechanical" and the log
    "declares a Use Item (set trap:simple mechanical)"."""
    from tactics.engine.combat.queries import describe
    from tactics.ui.panels.actions import action_text

    definition = {"name": "Trap", "teams": {"party": {"name": "The Party", "players": True},
                                            "bears": {"name": "Bears"}},
                  "combatants": [fighter("ann", "party", (1, 2), modifiers={"DEX": 5}), fighter("bear", "bears", (8, 2))]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 10] * 5)), seed=3)
    enc.submit(StartCombat())
    enc.submit(Advance())
    action = Action(act.USE_ITEM, item="set-trap:simple_mechanical", target_cell=(2, 2))
    entry = enc.submit(Declare("ann", action))
    assert describe(entry.events[0], enc.state) == "Ann declares a Use Item (set a Simple mechanical trap at (2, 2))."
    assert action_text(enc.state, act.USE_ITEM, action.to_dict()) == "Use Item: set a Simple mechanical trap at (2, 2)"
