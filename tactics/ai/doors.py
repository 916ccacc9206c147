"""The opponent opens doors: a closed door beside a member is a way through, not a wall.

Why it exists: without it an app-played side never left a closed room, and a foe
behind a closed door was safe from it for the whole fight (the bundled Space
Bears' Katie in her room). Opening an unlocked door is one of the text's Simple
actions (reading: N-DOOR-1..4), so the opponent weighs it like any other plan:
for each closed door the member can reach from its square, the fight is looked
at again as it will be with that door open (a second :class:`Board`, so every
sight line and reach is worked out on that map), and the best move there is
scored as usual. In team rounds the plan is the Simple action and then a
Standard Move (the Simple action leaves no Bonus Move, R-ACT-1; the engine checks
the move on the map as the door will leave it); in individual turns the door is
one non-contested action and the move the next (R-TURN-2). Only the "plays to win"
level does this; the text's monsters go straight for the nearest foe as before.
"""

from __future__ import annotations

import copy

from tactics.ai.positions import Board
from tactics.engine.combat.doors import OPEN, door_problem, doors_in_reach, name_of
from tactics.engine.core.state import Combatant, EncounterState

#: what a plan through a door gives up against the same plan without one (a tie keeps the door shut)
DOOR_COST = 0.05


def opened_view(view: EncounterState, door: int) -> EncounterState:
    """``view`` with door ``door`` open (the containers copied; nothing of ``view`` changes)."""
    opened = copy.copy(view)
    opened.open_doors = set(view.open_doors)
    opened.closed_doors = set(view.closed_doors)
    if view.map.doors[door].closed:
        opened.open_doors.add(door)
    else:
        opened.closed_doors.discard(door)
    return opened


def doors_to_open(board: Board, who: Combatant) -> list[tuple[int, str, Board]]:
    """Every closed door ``who`` may open from where it stands: its index, its name and the
    board as the fight will be once it is open (the same team's view, its damage so far)."""
    view = board.view
    out: list[tuple[int, str, Board]] = []
    for door in doors_in_reach(view, who.cell):
        if view.door_open(door) or door_problem(view, who, door, True) is not None:
            continue
        there = Board(opened_view(view, door), board.team, individual=board.individual,
                      hp_left=dict(board.hp_left))
        out.append((door, name_of(view, door), there))
    return out


__all__ = ["DOOR_COST", "OPEN", "doors_to_open", "opened_view"]
