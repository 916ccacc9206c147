"""Grenades', traps' and facing's events.

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tactics.engine.core.events import Direction, Event, event_kind, Square, omitted, omitted_list, saved_as


@event_kind
class FacingSet(Event):
    kind: ClassVar[str] = "facing.set"

    combatant: str
    facing: Direction
    target: str | None = None
    cell: Square | None = omitted()


@event_kind
class GrenadeCloud(Event):
    kind: ClassVar[str] = "grenade.cloud"

    grenade: str
    cells: list[Square]
    rounds: int
    #: when it rose, for the round's count (R-CNT-1; reading: N-CNT-4); older saves: before the fight
    set_in_round: int = 0
    set_after_group: str | None = None


@event_kind
class GrenadeCloudTick(Event):
    kind: ClassVar[str] = "grenade.cloud-tick"

    grenade: str
    rounds: int


@event_kind
class GrenadeCooked(Event):
    kind: ClassVar[str] = "grenade.cooked"

    grenade: str
    thrower: str
    roll: dict[str, Any]
    result: str


@event_kind
class GrenadeExploded(Event):
    kind: ClassVar[str] = "grenade.exploded"

    grenade: str
    label: str
    cell: Square


@event_kind
class GrenadeSpent(Event):
    kind: ClassVar[str] = "grenade.spent"

    grenade: str


@event_kind
class GrenadeThrown(Event):
    """A grenade thrown: where it was aimed, the scatter dice and where it came down (R-GREN-2..3).

    ``from_cell`` / ``target_cell``: the thrower's square and the square aimed at;
    ``dice``: the two scatter d10s ``[across, along]`` (empty when a cooked grenade went
    off in the hand); ``scatter``: the squares they move it, ``[across, along]`` (across:
    + to the thrower's right; along: + long, - short; ``scatter.toml``); ``aimed``: the
    square the scatter points to; ``cell``: where it came to rest (a wall stops it first:
    ``stopped``); ``flight`` / ``heights`` / ``bounces``: the path drawn, in grid units;
    ``fuse`` / ``fuse_text``: when it explodes (``public_fuse*``: what the players are told).
    """

    kind: ClassVar[str] = "grenade.thrown"

    id: str
    grenade_kind: str = saved_as("kind")
    label: str
    thrower: str
    team: str
    from_cell: Square
    target_cell: Square
    cell: Square
    facing: str
    target: str | None
    fuse: dict[str, Any] | None
    fuse_text: str
    public_fuse: dict[str, Any] | None = omitted()  # reading: N-GREN-11
    public_fuse_text: str = omitted("")
    cooked: bool
    status: str
    cloud_cells: list[Square]
    cloud_rounds: int
    dice: list[int]
    scatter: Square
    aimed: Square
    flight: list[list[float]]
    heights: list[float] = omitted_list()
    flight_ms: int | None = omitted()
    bounces: list[list[float]] = omitted_list()
    stopped: bool


@event_kind
class HazardBlast(Event):
    kind: ClassVar[str] = "hazard.blast"

    source: str
    label: str
    origin: Square
    cells: list[Square]
    damage: dict[str, Any] | None
    save: str
    dc: int | None
    explosive: bool = omitted(True)  # False: a mechanical trap's strike, not a blast (review 9)


@event_kind
class HazardHit(Event):
    kind: ClassVar[str] = "hazard.hit"

    combatant: str
    source: str
    label: str
    save: dict[str, Any] | None
    saved: bool
    damage: int
    conditions: list[dict[str, Any]]
    text: str


@event_kind
class TrapDetected(Event):
    kind: ClassVar[str] = "trap.detected"

    trap: str
    combatant: str
    team: str
    how: str
    passive: int | None = omitted()
    dc: int | None = omitted()
    at: Square | None = omitted()
    total: int | None = omitted()


@event_kind
class TrapDisarm(Event):
    kind: ClassVar[str] = "trap.disarm"

    combatant: str
    trap: str
    roll: dict[str, Any]
    result: str
    retry_round: int | None
    actions: list[str]


@event_kind
class TrapHalted(Event):
    kind: ClassVar[str] = "trap.halted"

    combatant: str
    at: Square


@event_kind
class TrapPlaced(Event):
    kind: ClassVar[str] = "trap.placed"

    trap: dict[str, Any]
    by: str | None


@event_kind
class TrapRemoved(Event):
    kind: ClassVar[str] = "trap.removed"

    trap: str


@event_kind
class TrapRevealed(Event):
    kind: ClassVar[str] = "trap.revealed"

    trap: str


@event_kind
class TrapSearch(Event):
    kind: ClassVar[str] = "trap.search"

    combatant: str
    roll: dict[str, Any]
    found: list[dict[str, Any]]
    gm_only: dict[str, Any]
    radius_ft: int
    action: str


@event_kind
class TrapSetCheck(Event):
    kind: ClassVar[str] = "trap.set-check"

    combatant: str
    trap_kind: str = saved_as("kind")
    roll: dict[str, Any]
    result: str
    action: str


@event_kind
class TrapStatus(Event):
    kind: ClassVar[str] = "trap.status"

    trap: str
    status: str
    by: str | None = omitted()
    timer_rounds: int | None = omitted()


@event_kind
class TrapTriggered(Event):
    kind: ClassVar[str] = "trap.triggered"

    trap: str
    label: str
    by: str | None
    at: Square
    chase: list[Square]
    placed: bool
    explosive: bool = omitted(True)  # False: a mechanical trap is set off, it does not explode


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (
    FacingSet,
    GrenadeCloud,
    GrenadeCloudTick,
    GrenadeCooked,
    GrenadeExploded,
    GrenadeSpent,
    GrenadeThrown,
    HazardBlast,
    HazardHit,
    TrapDetected,
    TrapDisarm,
    TrapHalted,
    TrapPlaced,
    TrapRemoved,
    TrapRevealed,
    TrapSearch,
    TrapSetCheck,
    TrapStatus,
    TrapTriggered,
)
