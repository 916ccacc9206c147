"""Two members of an app-played group never plan to stand on the same square at any moment (R-GRID-5).

Review 7 solo, finding E: in team rounds the Standard actions resolve before the Bonus ones, so a
sprint split into a Standard Move and a Bonus Move stands on the square where its run ends while
the others' Standard Moves resolve. The planner claimed only each plan's last square: two bears
split their sprints at the same square, the second bear's Standard Move failed ("Bear 3 already
stands on that square") and its Bonus Move was lost with it: it stood still all round. Now the
end of every leg is claimed. Seeded fights (the bears as the text's monsters against the party
played to win: seeds 0-3 and 7 each lost a member's move that way before, the party's James too).
"""

from __future__ import annotations

import pytest

from ai_fights import fight
from tactics.engine.combat.queries import describe


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 7])
def test_no_member_s_move_fails_on_a_friend_s_square(seed):
    enc = fight(seed, "bears", "monster", other="win", rounds=12).encounter
    lines = [describe(ev, enc.state) or "" for e in enc.journal.entries if e.command == "resolve-next" for ev in e.events]
    moves = [line for line in lines if " moves " in line]
    assert len(moves) > 10  # the fight had moves to check
    assert not [line for line in lines if "already stands on that square" in line]
