"""A block against a mover whose first square is difficult ground (R-TURN-4, R-MOVE-2, N-MOVE-3).

An outside review (review 7, finding 6) saw "James blocks Bear 1 at (19, 6): Bear 1 stops at (21, 5)
after 0 ft" logged before the Acrobatics roll that really stopped the bear, which read as a block
breaking "they still move at least 1 tile". What is tested with fixed typed dice: the mover's check
comes first in the log, then "Bear 1 fails to enter (8, 2) and stays at (9, 2)" (the block line
claims no stop it did not make); a check that passes gives the usual block line after it; the
holder's prompt says the move must cross difficult ground first (the chance only for the
players' own movers: a foe's would give its sheet away).
"""

from __future__ import annotations

from tactics.engine.combat.individual.actions import Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.interrupts import Block
from tactics.engine.combat.individual.procedure import EndTurn
from tactics.engine.combat.individual.view import describe, pending_interrupt

from test_turns import ROOM, started, to_turn

#: the square west of Bear 1 (9, 2) is difficult ground (Acrobatics DC 12)
DEBRIS = "\n".join(row[:8] + "^" + row[9:] if i == 2 else row for i, row in enumerate(ROOM.split("\n")))
PATH = [(8, 2), (7, 2), (6, 2), (5, 2), (4, 2), (3, 3)]


def bear_moves_past_brandon():
    """Brandon holds; Bear 1 declares its run west across the debris; Brandon is asked."""
    enc = started(text=DEBRIS)
    enc.submit(Hold("brandon"))  # Brandon at (2, 2), run 30 ft
    enc.submit(EndTurn())
    to_turn(enc, "bear1")
    enc.submit(TakeAction("bear1", TurnAction("move", path=PATH)))
    return enc


def lines(enc, entry) -> list[str]:
    return [describe(e, enc.state) for e in entry.events]


def test_a_failed_first_check_is_logged_first_and_the_block_claims_no_stop():  # R-TURN-4, N-MOVE-3, N-TURN-15
    enc = bear_moves_past_brandon()
    entry = enc.submit(Block("brandon", (5, 2)), typed=[2])  # the bear's Acrobatics d20: 2 vs DC 12
    said = lines(enc, entry)
    check = next(i for i, line in enumerate(said) if "Acrobatics" in line and "failure" in line)
    stop = next(i for i, line in enumerate(said) if "fails to enter (8, 2) and stays at (9, 2)" in line)
    assert check < stop, said
    assert not any("blocks Bear 1" in line or "after 0 ft" in line for line in said), said
    assert enc.state.combatants["bear1"].cell == (9, 2)


def test_a_passed_check_comes_before_the_usual_block_line():  # R-TURN-4, N-MOVE-3
    enc = bear_moves_past_brandon()
    entry = enc.submit(Block("brandon", (5, 2)), typed=[18])
    said = lines(enc, entry)
    check = next(i for i, line in enumerate(said) if "Acrobatics" in line and "success" in line)
    block = next(i for i, line in enumerate(said) if line.startswith("Brandon blocks Bear 1 at (5, 2)"))
    assert check < block and "stops at (6, 2) after 15 ft" in said[block], said
    assert enc.state.combatants["bear1"].cell == (6, 2)


def test_the_prompt_says_the_move_must_cross_difficult_ground_first():  # R-MOVE-2, R-TURN-3, N-TURN-15
    enc = bear_moves_past_brandon()
    prompt = pending_interrupt(enc.state)
    assert prompt is not None and prompt.holder == "brandon"
    assert "Bear 1 has to cross difficult ground at (8, 2) (Acrobatics DC 12)" in prompt.note, prompt.note
    assert "%" not in prompt.note, "a foe's chance would give its sheet away"


def test_a_players_mover_is_told_its_own_chance():  # R-MOVE-2, R-TURN-3
    enc = started(text=DEBRIS)
    to_turn(enc, "bear1")
    enc.submit(Hold("bear1"))
    enc.submit(EndTurn())
    to_turn(enc, "brandon")
    enc.submit(TakeAction("brandon", TurnAction("move", path=[(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)])))
    prompt = pending_interrupt(enc.state)
    assert prompt is not None and prompt.holder == "bear1"
    assert "Brandon has to cross difficult ground at (8, 2)" in prompt.note and "%" in prompt.note, prompt.note
