"""A charging Technique's path: where the attacker moves before the blow (a Technique's ``move_ft``).

Why it exists: the Attack tool drew a charge path it had chosen by its own copy of the
range and sight rules, and the engine then checked the declared path with another. Now
the window asks :func:`charge_path` and draws what it returns; the path it returns is
one the engine accepts (``check_path`` within ``move_ft``, the same enemies blocking and
allies passable, R-GRID-5) and ends on a square from which the blow reaches, by the
same :func:`~tactics.engine.combat.attack.reach_problem` the attack itself is refused by.

The choice: when the target is already in reach and sight, no path (the attacker stays).
Otherwise the cheapest square (by the movement rules, R-GRID-2..5) within ``move_ft``
that the attacker may end on and from which the target is in reach; ties go to the
upper, then the left square, so the same state always gives the same path.
"""

from __future__ import annotations

from tactics.engine.combat.attack import reach_problem
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.grid import Cell, distance_ft
from tactics.rules.movement import path_cost, plan
from tactics.rules.sheets import Technique


def charge_path(state: EncounterState, who: Combatant, tech: Technique, target: Combatant) -> list[Cell] | None:
    """The cheapest path (within ``move_ft``) to a square from which ``target`` is in reach and in sight.

    None when no move is needed (already in reach), the Technique does not move, or no square works.
    """
    if who.cell is None or target.cell is None or not tech.move_ft:
        return None
    if reach_problem(state, who, target, tech, who.cell) is None:
        return None
    enemies = [c.cell for c in state.enemies_of(who) if c.cell is not None]
    allies = [c.cell for c in state.allies_of(who) if c.cell is not None]
    route = plan(state.current_map(), who.cell, tech.move_ft, enemies=enemies, occupied=allies)
    best: tuple[tuple[int, int, int], Cell] | None = None
    for cell in route.endable:
        if cell == who.cell or reach_problem(state, who, target, tech, cell) is not None:
            continue
        key = (route.cost[cell], cell[1], cell[0])
        if best is None or key < best[0]:
            best = (key, cell)
    return route.path_to(best[1]) if best else None


def charge_problem(state: EncounterState, who: Combatant, tech: Technique, target: Combatant) -> str | None:
    """Why a moving Technique cannot reach ``target`` at all: out of reach from here and no square
    within its run from which it reaches (review 13 F7: a charge the walls stopped said "Katie is
    20 ft away; Charge reaches 5 ft", a range problem, under a button reading "moves 30 ft").
    None when it reaches from here, moves to reach, or does not move (the attack's own problem then)."""
    if who.cell is None or target.cell is None or not tech.move_ft:
        return None
    if reach_problem(state, who, target, tech, who.cell) is None or charge_path(state, who, tech, target):
        return None
    name = tech.label or tech.name
    far = distance_ft(who.cell, target.cell)
    if far > tech.move_ft + tech.range_ft:  # out of range whatever the walls (review 13 recheck NEW-B)
        return f"{target.name} is {far} ft away: {name} runs {tech.move_ft} ft and reaches {tech.range_ft} ft"
    return (f"no square from which {name} reaches {target.name} is within {tech.move_ft} ft "
            f"of {who.name}'s run (walls, doors and others in the way)")


def run_ft(state: EncounterState, who: Combatant, path: list[Cell] | None) -> int:
    """How far a charge runs along ``path`` (by the movement rules, R-GRID-2..5); 0 for none."""
    if not path or who.cell is None:
        return 0
    return path_cost(state.current_map(), who.cell, [(int(c[0]), int(c[1])) for c in path]) or 0


__all__ = ["charge_path", "charge_problem", "run_ft"]
