"""A save is its roller's own roll: typed faces for it never go to the actor's dice (R-ROLL-1).

What is tested: :class:`Dice` gives a save (``save_of``) the faces typed for that combatant
first, the actor's typed faces stay the actor's until its own dice are drawn (a save with none
of its own takes what is left, as one list typed for a whole blast did), anything else is
seeded and every save die is recorded with whose it is; the journal refuses a save face no save
used.
"""

from __future__ import annotations

import pytest

from tactics.engine.core.journal import Refused
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.rules import actions as act
from tactics.rules.dice import Dice

from ui_driver import fighter


def test_a_saves_faces_are_its_own():
    dice = Dice(4, 0, typed=[7, 9], saves={"ann": [15, 2]})
    with dice.save_of("ann"):
        assert dice.d(20) == 15, "Ann's save face, not the actor's first typed one"
    assert dice.d(10) == 7, "the actor's typed face, not taken by a save"
    with dice.save_of("bear"):
        assert dice.d(20) == 9  # no face typed for the bear's save: the typed faces left (one list for a blast)
    with dice.save_of("bear"):
        bear = dice.d(20)  # seeded: nothing typed is left
    with dice.save_of("ann"):
        assert dice.d(2) == 2
    assert dice.typed_left == 0
    assert dice.save_draws == [("ann", 20, True), ("bear", 20, True), ("bear", 20, False), ("ann", 2, True)]
    assert bear == Dice(4, 0).d(20)


def test_the_journal_refuses_a_save_face_no_save_used():
    definition = {"name": "Range", "teams": {"party": {"players": True}, "bears": {}},
                  "combatants": [fighter("ann", "party", (3, 6), modifiers={"DEX": 5}),
                                 fighter("bear", "bears", (12, 6))]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 20] * 12)), seed=4)
    enc.submit(StartCombat())
    enc.submit(Advance())
    enc.submit(Declare("ann", Action(act.USE_ITEM, item="grenade", target_cell=(12, 6), grenade="impact")))
    before = len(enc.journal.entries)
    with pytest.raises(Refused, match="not needed"):
        enc.submit(ResolveNext(), typed=[5, 5], saves={"art": [12]})  # no Art in this fight
    assert len(enc.journal.entries) == before
    entry = enc.submit(ResolveNext(), typed=[5, 5], saves={"bear": [3]})
    hit = next(e for e in entry.events if e.kind == "hazard.hit")
    assert hit.combatant == "bear" and hit.save["d20"] == 3
