"""Undo in a long game starts from a kept state, and ends where a replay from the start ends.

Why: undo rebuilt the state by replaying every entry since the start, so in a long fight
each Ctrl+Z (and every command the window tries and takes back) got slower with the game.
The journal now keeps the state every ``CHECKPOINT_EVERY`` entries; what an undo gives must
stay exactly what the replay from the start gives, also after undos past a kept state,
new commands in their place, and redos.
"""

from __future__ import annotations

from tactics.engine.board import Place
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import CHECKPOINT_EVERY
from tactics.maps import BattleMap

ROOM = "\n".join(["." * 10] * 10)


def game() -> Encounter:
    definition = {"teams": {"a": {"name": "A"}},
                  "combatants": [{"id": "x", "team": "a", "cell": [0, 0]}, {"id": "y", "team": "a", "cell": [7, 7]}]}
    return Encounter(definition, BattleMap.from_text(ROOM), seed=1)


def cells(enc: Encounter) -> dict[str, object]:
    return {cid: c.cell for cid, c in enc.state.combatants.items()}


def test_undo_redo_and_new_commands_past_kept_states_equal_a_replay_from_the_start():
    enc = game()
    journal = enc.journal
    for i in range(3 * CHECKPOINT_EVERY + 5):
        x = i % 3 != 0  # x keeps to rows 0-3, y to rows 4-7: every move is to a new free square
        enc.submit(Place("x" if x else "y", (i % 8, (i // 8) % 4 + (0 if x else 4))))
    seen = []
    for _ in range(CHECKPOINT_EVERY + 3):  # back past a kept state
        enc.undo()
        assert journal.state == journal.replay(), len(journal.entries)
        seen.append(cells(enc))
    for _ in range(5):
        enc.redo()
    assert journal.state == journal.replay()
    at = len(journal.entries)
    enc.submit(Place("x", (9, 9)))  # a new branch: the redo stack goes, kept states after here are stale
    for i in range(CHECKPOINT_EVERY + 2):
        enc.submit(Place("y", (i % 8, 8)))
    for _ in range(CHECKPOINT_EVERY + 3):
        enc.undo()
        assert journal.state == journal.replay(), len(journal.entries)
    assert len(journal.entries) == at and cells(enc) == seen[-6]  # back where the branch began
