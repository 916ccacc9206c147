"""Which of a resolution's dice the acting combatant rolls itself (R-ROLL-1).

Why it exists: with the table typing its own dice, the Resolve box waits for every die of the
acting combatant before anything is rolled: a weapon attack's d20, advantage die and damage; a
Technique's checks on its way (a charge over difficult ground), its d20, advantage die and
damage; a grenade's cooking check and its two scatter d10s. A review found a Technique and a
grenade resolved after their first typed faces with the app rolling the rest. Dice that are not
the actor's (a blast's damage and the saves of those it catches, a trap that goes off on the
way) are not asked for: the box never names them, the app rolls them as it always does.

:func:`own_dice` reads the events a dry run of the resolution produced, with the dice it drew,
and says how many of the first dice drawn are the actor's (the box waits for those).
"""

from __future__ import annotations

from typing import Sequence

from tactics.engine.combat.events import AttackRolled, CombatCheck, DamageRolled
from tactics.engine.core.journal import Event
from tactics.engine.hazards.events import GrenadeCooked, GrenadeThrown, HazardBlast, HazardHit, TrapTriggered
from tactics.rules.dice import DiceError, DiceExpr

#: Events that draw dice which are not the actor's own: the actor's dice end where one comes.
_OTHERS = (HazardBlast, HazardHit, TrapTriggered)


def _d20_and_extra(extra: Sequence[int]) -> list[int]:
    """The sides of a d20 roll with its advantage die (``extra`` = [sides, face, sign])."""
    return [20] + ([int(extra[0])] if extra and int(extra[0]) else [])


def _sides_of(event: Event, roller: str) -> list[int] | None:
    """The sides of the dice ``event`` shows ``roller`` rolling, in order (None: not the roller's)."""
    if isinstance(event, CombatCheck) and event.combatant == roller:
        return _d20_and_extra(event.extra)
    if isinstance(event, AttackRolled) and event.attacker == roller:
        return _d20_and_extra(event.extra)
    if isinstance(event, DamageRolled) and event.attacker == roller:
        try:
            sides = DiceExpr.parse(event.expr).sides
        except DiceError:
            return None
        return [sides for faces, _ in event.rolls for _ in faces]
    if isinstance(event, GrenadeCooked) and event.thrower == roller:
        return _d20_and_extra(event.roll.get("extra") or [])
    if isinstance(event, GrenadeThrown) and event.thrower == roller:
        return [10] * len(event.dice)
    return None


def own_dice(events: Sequence[Event], drawn: Sequence[tuple[int, int]], roller: str) -> int:
    """How many of the first ``drawn`` dice (sides, face) ``roller`` rolled, read from ``events``.

    The count stops at the first die that is someone else's (a blast, a save, a trap) and
    wherever the events and the dice drawn disagree (a die no event names came first), so it
    never claims a die that is not the roller's."""
    count = 0
    for event in events:
        if isinstance(event, _OTHERS) or (isinstance(event, CombatCheck) and event.combatant != roller):
            break
        sides = _sides_of(event, roller)
        if sides is None:
            continue
        if [s for s, _ in drawn[count:count + len(sides)]] != sides:
            break
        count += len(sides)
    return count
