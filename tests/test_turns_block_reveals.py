"""A hidden creature that blocks a mover gives itself away (individual turns; R-TURN-4, N-HIDE-4).

An outside review found that Brandon, hidden, blocked Bear 1 with his held move and stayed
hidden, so Bear 1, stopped against him, was refused its attack: "Bear 1 cannot see Brandon". The
text makes a block a body in the way ("The enemy cannot go through your hero"): the mover knows
where the blocker stands, as an attacker gives itself away (N-HIDE-1).

What is tested, through the commands with a fixed seed: the block reveals the hidden blocker in
the same command (the log's line says why), Bear 1 may then attack it (N-HIDE-3), undo hides it
again and redo reveals it, a replay of the journal gives the same state, and a blocker the bears
already see is not "revealed" again.
"""

from __future__ import annotations

from tactics.engine.combat.gm import Reveal
from tactics.engine.combat.individual.actions import Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.interrupts import Block
from tactics.engine.combat.individual.procedure import EndTurn
from tactics.engine.combat.individual.view import describe, snapshot

from test_turns import kinds, started, to_turn

PATH = [(8, 2), (7, 2), (6, 2), (5, 2), (4, 2), (3, 3)]  # Bear 1 from (9, 2) past Brandon at (2, 2)


def blocked_by_brandon(reveal_first: bool = False):
    enc = started()
    if reveal_first:
        enc.submit(Reveal("brandon"))
    enc.submit(Hold("brandon"))
    enc.submit(EndTurn())
    to_turn(enc, "bear1")
    enc.submit(TakeAction("bear1", TurnAction("move", path=PATH)))
    return enc, enc.submit(Block("brandon", (5, 2)))


def test_a_hidden_blocker_is_revealed_and_the_blocked_bear_may_attack_it():  # R-TURN-4, N-HIDE-4, N-HIDE-3
    enc = started()
    assert enc.state.combatants["brandon"].hidden  # the bundled Brandon starts hidden (Stealth)
    enc, entry = blocked_by_brandon()
    state = enc.state
    assert state.combatants["bear1"].cell == (6, 2) and state.combatants["brandon"].cell == (5, 2)
    assert kinds(entry)[-1] == "combatant.revealed"  # after the block and the walk up to him
    revealed = entry.events[-1]
    assert revealed.data == {"combatant": "brandon", "reason": "blocked Bear 1"}
    assert describe(revealed, state) == "Brandon is revealed (blocked Bear 1)."
    assert not state.combatants["brandon"].hidden and state.combatants["brandon"].stealth is None

    attack = enc.submit(TakeAction("bear1", TurnAction("attack", target="brandon")))  # no "cannot see"
    assert "attack.rolled" in kinds(attack)

    enc.undo()  # the attack
    enc.undo()  # the block: Brandon is hidden again, back where he held
    assert enc.state.combat.pending is not None  # Bear 1's move waits for Brandon again
    assert enc.state.combatants["brandon"].hidden and enc.state.combatants["brandon"].cell == (2, 2)
    enc.redo()
    assert not enc.state.combatants["brandon"].hidden and enc.state.combatants["brandon"].cell == (5, 2)
    assert snapshot(enc.journal.replay()) == snapshot(enc.state)


def test_a_blocker_the_bears_already_see_is_not_revealed_again():  # N-HIDE-4
    enc, entry = blocked_by_brandon(reveal_first=True)
    assert "combatant.revealed" not in kinds(entry)
    assert enc.state.combatants["bear1"].cell == (6, 2)
