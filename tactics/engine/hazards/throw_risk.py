"""The risk a grenade throw runs for the thrower's own side, before anyone rolls (R-GREN-2/3/6).

Why it exists: a throw that scatters short can come down on the thrower's own square (a crate
beside them stops it, R-GREN-3) or close enough that the blast catches them or an ally. The
heatmap draws those chances on the squares, where a token hides them; the table must read the
self-hit risk before the throw. This asks the rules' own scatter odds
(:func:`tactics.rules.explosives.landing_odds`, the 100 rolls of 2d10 with walls) and blasts
(:func:`~tactics.rules.explosives.blast_cells`), the same the throw flies and explodes with, and
sums them per member of the thrower's team on the map: the chance it lands on their square, the
chance the blast covers it, and the chance it catches at least one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tactics.engine.core.state import EncounterState
from tactics.engine.core.lookup import combatant_or_refuse
from tactics.rules import explosives as ex
from tactics.rules.grid import Cell


@dataclass(frozen=True)
class AllyRisk:
    """One member of the thrower's side: the chance the grenade lands on their square, and that
    its blast covers their square."""

    combatant: str
    name: str
    thrower: bool
    lands_on: Fraction
    in_blast: Fraction


@dataclass(frozen=True)
class ThrowRisk:
    """The own side's risk of one throw: per member (the thrower first, then by risk), and the
    chance the blast catches at least one of them."""

    allies: tuple[AllyRisk, ...]
    any_in_blast: Fraction

    @property
    def at_risk(self) -> tuple[AllyRisk, ...]:
        """Members with any chance of being on or in the blast."""
        return tuple(a for a in self.allies if a.lands_on or a.in_blast)


def throw_risk(state: EncounterState, thrower: str, target: Cell, kind_name: str,
               cook: dict[str, Fraction] | None = None) -> ThrowRisk:
    """The chance a throw by ``thrower`` at ``target`` comes down on or catches the thrower and
    the allies on the map (every present member of the thrower's team with a square).

    ``cook``: the cooking odds (:func:`tactics.rules.explosives.cook_odds`) when it is cooked
    (N-GREN-4): it explodes where it lands only when the cook succeeds ("early"), a failure
    ("dud") does nothing where it lands, and a natural 1 ("in_hand") explodes on the thrower's
    square with nothing thrown. Without it the grenade goes off where it lands (its fuse).
    An id no combatant has is refused (``Refused``, review 7 lib finding 10)."""
    who = combatant_or_refuse(state, thrower)
    if who.cell is None:
        return ThrowRisk((), Fraction(0))
    kind = ex.grenade_kind(kind_name)
    battle_map = state.current_map()
    side = [c for c in state.on_map() if c.team == who.team and c.present and c.cell is not None]
    lands: dict[str, Fraction] = {c.id: Fraction(0) for c in side}
    blast: dict[str, Fraction] = {c.id: Fraction(0) for c in side}
    anyone = Fraction(0)
    goes_off = cook["early"] if cook is not None else Fraction(1)  # a blast where it lands
    outcomes = [(cell, p * goes_off) for cell, p in
                ex.landing_odds(battle_map, who.cell, target, facing=who.facing).items()] if goes_off else []
    for cell, p in outcomes:
        covered = ex.blast_cells(kind, cell, who.cell, walls=battle_map, facing=who.facing)
        caught = False
        for c in side:
            if c.cell == cell:
                lands[c.id] += p
            if c.cell in covered:
                blast[c.id] += p
                caught = True
        if caught:
            anyone += p
    if cook is not None and cook["in_hand"]:  # a natural 1: the blast on the thrower's own square
        p = cook["in_hand"]
        covered = ex.blast_cells(kind, who.cell, who.cell, walls=battle_map, facing=who.facing)
        caught = False
        for c in side:
            if c.cell in covered:
                blast[c.id] += p
                caught = True
        if caught:
            anyone += p
    members = [AllyRisk(c.id, c.name, c.id == who.id, lands[c.id], blast[c.id]) for c in side]
    members.sort(key=lambda a: (not a.thrower, -a.in_blast, -a.lands_on, a.name))
    return ThrowRisk(tuple(members), anyone)
