"""``plain`` gives what ``dataclasses.asdict`` gives, on the states a fight goes through.

Why: replay checks, undo round trips and the soaks compare ``plain`` snapshots; it is a faster
walk than ``asdict`` (leaves are not copied) and must stay equal to it, field for field.
"""

from __future__ import annotations

from dataclasses import asdict

from ai_fights import fight
from tactics.engine.core.plain import plain


def test_plain_equals_asdict_through_a_fight() -> None:
    enc = fight(1, "bears", "win", rounds=3).encounter
    states = [enc.journal.replay()]
    for _ in range(8):  # and states along the way back
        enc.undo()
        states.append(enc.state)
    for state in states:
        for who in state.combatants.values():
            assert plain(who) == asdict(who)
        assert plain(state.combat) == asdict(state.combat)
        assert plain(list(state.traps.values())) == [asdict(t) for t in state.traps.values()]
