"""The view's record of which tokens each change touched, and the token index kept by it
(tactics/ui/token_changes.py): after any sequence of moves, hurts, doors, undos and redos,
the token found on every square is the one ``state.at`` finds, as a user's click finds it."""

from __future__ import annotations

import random

from tactics.bench import build_scene
from tactics.engine.board import Place, SetDoor
from tactics.engine.combat.gm import AdjustHP, ApplyCondition
from tactics.engine.core.journal import Refused
from tactics.engine.core.touched import touched_combatants
from tactics.ui.token_changes import CellIndex, TokenChanges


def test_since_names_the_tokens_touched_after_a_change_or_any() -> None:
    changes = TokenChanges()
    changes.note(frozenset({"a"}))
    first = changes.at
    changes.note(frozenset({"b"}))
    changes.note(frozenset())
    assert changes.since(first) == frozenset({"b"})
    assert changes.since(0) == frozenset({"a", "b"})
    assert changes.since(changes.at) == frozenset()
    changes.note(None)  # an undo: any
    assert changes.since(first) is None
    assert changes.since(changes.at) == frozenset()
    assert changes.since(changes.at + 1) is None  # a number it never gave: read all
    behind = changes.at
    last = TokenChanges.KEPT + 3
    for n in range(last):
        changes.note(frozenset({f"t{n}"}))
    assert changes.since(behind) is None  # too far behind: read all
    assert changes.since(changes.at - 2) == frozenset({f"t{last - 1}", f"t{last - 2}"})


def test_the_kept_index_finds_the_token_state_at_finds_after_every_change() -> None:
    encounter = build_scene(12, tokens=12, walls=0, area=(1, 1, 8, 6), door=True)
    journal = encounter.journal
    changes = TokenChanges()
    journal.listeners.append(lambda j, what: changes.note(
        touched_combatants(j.entries[-1].events) if what in ("commit", "redo") and j.entries else None))
    index = CellIndex()
    rng = random.Random(7)
    ids = list(encounter.state.combatants)
    squares = [(c, r) for c in range(12) for r in range(12)]
    quick = 0
    for step in range(200):
        roll = rng.random()
        cid = rng.choice(ids)
        try:
            if roll < 0.5:
                encounter.submit(Place(cid, rng.choice(squares + [None])))  # None: off the map
            elif roll < 0.65:
                encounter.submit(AdjustHP(cid, rng.choice((-3, 2))))
            elif roll < 0.72:
                encounter.submit(SetDoor(0, rng.random() < 0.5))
            elif roll < 0.78:
                encounter.submit(ApplyCondition(cid, "Shaken", 1))
            elif roll < 0.9:
                journal.undo()
            else:
                journal.redo()
        except Refused:
            continue
        state = encounter.state
        kept = index._read
        quick += kept is not None and kept[0] is state and changes.since(kept[1]) is not None
        cells = index.cells(state, changes)
        for square in squares:
            assert cells.get(square) is state.at(square), f"step {step}: {square}"
    assert quick > 50, "the index was made whole each time: nothing was tested"
