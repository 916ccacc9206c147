"""Journal.submit_many: a batch of commands (a sprint's two legs) is all or nothing.

Why: the window used to take a refused second leg back itself, by undoing and then clearing
the redo stack by hand; the journal now does it, so the UI never edits the journal.
"""

from __future__ import annotations

import pytest

from tactics.engine.board import Place
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap

ROOM = "......\n......\n......\n"


def game() -> Encounter:
    definition = {"teams": {"a": {"name": "A"}}, "combatants": [{"id": "x", "team": "a", "cell": [0, 0]}]}
    return Encounter(definition, BattleMap.from_text(ROOM), seed=1)


def test_a_refused_command_takes_the_whole_batch_back_and_keeps_the_redo_stack():
    enc = game()
    enc.submit(Place("x", (1, 0)))
    enc.undo()  # something to redo
    redo = list(enc.journal.redo_stack)
    with pytest.raises(Refused):
        enc.journal.submit_many([Place("x", (1, 1)), Place("x", (9, 9))])
    assert enc.state.combatants["x"].cell == (0, 0)
    assert enc.journal.entries == [] and enc.journal.redo_stack == redo


def test_stop_ends_the_batch_after_an_entry_and_keeps_it():
    enc = game()
    done = enc.journal.submit_many([Place("x", (1, 1)), Place("x", (2, 2))], stop=lambda e: True)
    assert len(done) == 1 and enc.state.combatants["x"].cell == (1, 1)
