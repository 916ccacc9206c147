"""Events of readying a weapon in team rounds: a shot used, a reload, a draw, a weapon put away to
free the hands for another (N-READY-1, N-READY-2, N-READY-3).

Listed in :mod:`tactics.engine.features` with the ground combat's events; their reducers and
log lines are in :mod:`tactics.engine.combat.readying`.
"""

from __future__ import annotations

from typing import ClassVar

from tactics.engine.core.events import Event, event_kind


@event_kind
class LoadUsed(Event):
    """A shot from a weapon with a load (``weapons.toml`` ``load``): ``left`` shots before a reload."""

    kind: ClassVar[str] = "weapon.load-used"

    combatant: str
    weapon: str
    label: str
    left: int


@event_kind
class WeaponReloaded(Event):
    """A reload as a Standard Move or, with a feat, a Simple action: ``load`` shots put back,
    ``left`` loaded after it."""

    kind: ClassVar[str] = "weapon.reloaded"

    combatant: str
    weapon: str
    label: str
    load: int
    left: int


@event_kind
class WeaponDrawn(Event):
    """A weapon drawn from where the sheet carries it (``place``: "holster", "pack" ...)."""

    kind: ClassVar[str] = "weapon.drawn"

    combatant: str
    weapon: str
    label: str
    place: str


@event_kind
class WeaponStowed(Event):
    """A weapon put away (into ``place``) by switching weapons, freeing its hands for the weapon
    drawn next (reading: N-READY-3)."""

    kind: ClassVar[str] = "weapon.stowed"

    combatant: str
    weapon: str
    label: str
    place: str


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (LoadUsed, WeaponReloaded, WeaponDrawn, WeaponStowed)
