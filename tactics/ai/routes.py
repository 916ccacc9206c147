"""The opponent's ways round the traps its side knows of (reading: N-TRAP-12).

Why it exists: the window's move search walks a person's token round a trap its
side has found (:func:`tactics.engine.combat.moves.move_routes`), but the
opponent planned on plain searches, so an app-played bear charged straight over
a frag mine its own side had spotted and set it off (review 7 solo, finding H).
The planner keeps one search per member (:func:`tactics.ai.team_turn._reach_plan`);
when the member's side knows of an armed trap, that search is this
:class:`KnownTrapReach` instead: two searches, the plain one and one that enters
no trigger square of a known trap and crosses no known wire (the engine's own
:func:`~tactics.engine.combat.known_traps.squares_to_walk_around` and
:func:`~tactics.engine.combat.known_traps.wires_to_walk_around`). A square the
way round reaches within the budget is reached that way, at its own cost (it may
need the sprint where the plain way needed only the run); a square only the way
over a trap reaches is ``risky``: the walk stops where the trap goes off
(N-TRAP-3), so the planner counts no arrival there, prices the trap's damage and
says in its reason that it risks the trap.

It reads the team's view (:func:`tactics.ai.knowledge.known_state`), which holds
only the traps the side knows of, and asks the engine for the traps known to the
mover's team: a trap hidden from the side changes no search and no word.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.combat.known_traps import (known_armed_traps, known_trap_ahead, map_with_wires,
                                               squares_to_walk_around, wires_to_walk_around)
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.dice import DiceExpr
from tactics.rules.grid import Cell
from tactics.rules.movement import Plan, plan


class KnownTrapReach:
    """The squares a member may end on within ``feet``, each by the way round the known traps
    when one fits, else over them (``risky``). Answers what the planner asks of a
    :class:`~tactics.rules.movement.Plan`: ``start``, ``endable``, ``cost``, ``path_to``;
    :meth:`way` is the search a square's path and costs come from."""

    def __init__(self, plain: Plan, around: Plan, feet: int) -> None:
        self.start = plain.start
        self.plain = plain
        self.around = around
        self.feet = feet
        safe = frozenset(c for c in around.endable if around.cost[c] <= feet)
        reached = frozenset(c for c in plain.endable if plain.cost[c] <= feet)
        self.risky = reached - safe
        self.endable = safe | self.risky
        # a square's cost is its way's: round the traps when that way fits the budget
        cost = {c: f for c, f in plain.cost.items() if f <= feet}
        cost.update((c, f) for c, f in around.cost.items() if f <= feet)
        self.cost = cost

    def within(self, feet: int) -> "KnownTrapReach":
        """The same searches cut to a shorter budget (a charge's run, a 5 ft step)."""
        return KnownTrapReach(self.plain, self.around, feet)

    def way(self, cell: Cell) -> Plan:
        """The search ``cell``'s path comes from: round the known traps unless it is risky."""
        return self.plain if cell in self.risky or cell not in self.around.cost else self.around

    def path_to(self, cell: Cell) -> list[Cell]:
        return self.way(cell).path_to(cell)


def reach_round_known_traps(view: EncounterState, who: Combatant, feet: int, enemies: list[Cell],
                            occupied: list[Cell]) -> Plan | KnownTrapReach:
    """The search for ``who`` within ``feet``: the plain one when its side knows of no armed
    trap (nothing changes), else a :class:`KnownTrapReach` (reading: N-TRAP-12)."""
    assert who.cell is not None
    battle_map = view.current_map()
    plain = plan(battle_map, who.cell, feet, enemies=enemies, occupied=occupied)
    if not known_armed_traps(view, who.team):
        return plain
    around = squares_to_walk_around(view, who, battle_map) - {who.cell}
    wires = wires_to_walk_around(view, who, who.cell)
    if not wires and around.isdisjoint(plain.cost):
        return plain  # no known trap within the run
    round_map = map_with_wires(battle_map, wires)
    safe = plan(round_map, who.cell, feet, enemies=[*enemies, *around], occupied=occupied)
    return KnownTrapReach(plain, safe, feet)


def way_to(reach: Plan | KnownTrapReach, cell: Cell) -> Plan:
    """The search whose path and costs lead to ``cell`` (``reach`` itself when it is a plain one)."""
    return reach.way(cell) if isinstance(reach, KnownTrapReach) else reach


def is_risky(reach: Any, cell: Cell) -> bool:
    """Does the way to ``cell`` set off a trap the mover's side knows of (no way round fits)?"""
    return isinstance(reach, KnownTrapReach) and cell in reach.risky


def trap_risk(view: EncounterState, who: Combatant, path: list[Cell]) -> tuple[float, str]:
    """(what walking ``path`` over a known trap costs in expected hit points, at least 1; the
    words the reason adds: "risking the Frag mine at 21, 3: no way round fits")."""
    assert who.cell is not None
    ahead = known_trap_ahead(view, who.id, who.cell, path, view.current_map())
    if ahead is None:
        return 0.0, ""
    damage = 0.0
    for trap in ahead.traps:
        if trap.damage:
            expr = DiceExpr.parse(trap.damage)  # its mean, without the whole distribution
            damage += (expr.minimum + expr.maximum) / 2
    x, y = ahead.cell
    return max(1.0, damage), f"risking the {ahead.label} at {x}, {y}: no way round fits"
