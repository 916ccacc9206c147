"""The log's sentences for reloading, drawing, putting away and a shot used in team rounds
(N-READY-1, N-READY-2, N-READY-3).

Imported by :mod:`tactics.engine.features` (a handler of the ground combat part), so
:func:`~tactics.engine.combat.queries.describe` says "Brandon reloads the Hand crossbow
(1 shot loaded)." whatever a script imported first.
"""

from __future__ import annotations

from tactics.engine.combat.queries import DESCRIBERS
from tactics.engine.combat.ready_events import LoadUsed, WeaponDrawn, WeaponReloaded, WeaponStowed
from tactics.engine.core.journal import Event
from tactics.engine.core.labels import possessive
from tactics.engine.core.state import EncounterState


def _shots(n: int) -> str:
    return f"{n} shot{'s' if n != 1 else ''}"


def _describe(event: Event, state: EncounterState | None) -> str:
    assert isinstance(event, (LoadUsed, WeaponReloaded, WeaponDrawn, WeaponStowed))  # the kinds it describes
    who = state.combatants[event.combatant].name if state is not None and event.combatant in state.combatants \
        else event.combatant
    if isinstance(event, LoadUsed):
        return f"{possessive(who)} {event.label}: {_shots(event.left)} left" + (", reload it." if not event.left else ".")
    if isinstance(event, WeaponReloaded):
        return f"{who} reloads the {event.label} ({_shots(event.left)} loaded)."
    from tactics.rules.common_actions import default_common_actions  # (when first said: issue 12, start)

    place = default_common_actions().draw.places.get(event.place)
    where = place.label if place else event.place
    if isinstance(event, WeaponStowed):  # switching weapons frees the hands first (N-READY-3)
        return f"{who} puts the {event.label} away in the {where}."
    return f"{who} draws the {event.label} from the {where}."


for _kind in ("weapon.load-used", "weapon.reloaded", "weapon.drawn", "weapon.stowed"):
    DESCRIBERS.setdefault(_kind, _describe)


__all__: list[str] = []
