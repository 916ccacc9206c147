"""Starship combat's events (``space.*``).

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tactics.engine.core.events import Event, event_kind, Number, omitted, omitted_list


@event_kind
class SpaceActionTaken(Event):
    kind: ClassVar[str] = "space.action_taken"

    ship: str
    ship_name: str
    post: str
    crew: str
    crew_name: str
    action: str
    label: str
    round: int
    phase: str
    target: str | None
    target_name: str | None
    params: dict[str, Any]
    check: dict[str, Any] | None
    success: bool
    effects: list[dict[str, Any]]
    uses_action: bool
    advantaged: bool | None = omitted()
    success_effects: list[dict[str, Any]] = omitted_list()
    note: str | None = omitted()


@event_kind
class SpaceAdrift(Event):
    kind: ClassVar[str] = "space.adrift"

    ship: str
    ship_name: str
    damage: int
    round: int


@event_kind
class SpaceBattleDamage(Event):
    kind: ClassVar[str] = "space.battle_damage"

    ship: str
    ship_name: str
    source: str
    id: int
    faces: list[int]
    result: int
    chart: str
    repair_dc: int
    effect: str
    machine: dict[str, Any]
    round: int
    active_from: int
    until: int
    count: int
    maximum: int


@event_kind
class SpaceCheckHelped(Event):
    kind: ClassVar[str] = "space.check_helped"

    ship: str
    ship_name: str
    roll: int
    crew_name: str
    post: str
    label: str
    check: dict[str, Any]
    success: bool
    flipped: bool
    effects: list[dict[str, Any]]


@event_kind
class SpaceCloaked(Event):
    kind: ClassVar[str] = "space.cloaked"

    ship: str
    ship_name: str
    source: str
    until: int


@event_kind
class SpaceCloakDropped(Event):
    """A ship's cloak ends, with why: ``"fired"`` (a cloak hides a ship until it fires; it drops
    when the phase of the volley ends, R-SHIP-1) or ``"expired"`` (its phases are over)."""

    kind: ClassVar[str] = "space.cloak_dropped"

    ship: str
    ship_name: str
    reason: str


@event_kind
class SpaceEffectEnded(Event):
    kind: ClassVar[str] = "space.effect_ended"

    ship: str
    ship_name: str
    id: int
    effect: str


@event_kind
class SpaceEnded(Event):
    kind: ClassVar[str] = "space.ended"

    winner: str | None
    round: int
    winner_name: str = omitted("")  # the winning team's shown name (older saves: none)


@event_kind
class SpaceExploded(Event):
    kind: ClassVar[str] = "space.exploded"

    ship: str
    ship_name: str


@event_kind
class SpaceExploding(Event):
    kind: ClassVar[str] = "space.exploding"

    ship: str
    ship_name: str
    round: int
    damage: int


@event_kind
class SpaceHackCountered(Event):
    kind: ClassVar[str] = "space.hack_countered"

    ship: str
    ship_name: str
    total: int
    until: int
    stopped: list[str]
    ended: int


@event_kind
class SpaceModified(Event):
    kind: ClassVar[str] = "space.modified"

    ship: str
    ship_name: str
    source: str
    attribute: str
    amount: int
    start: int
    until: int
    text: str
    hack: int | None = omitted()


@event_kind
class SpaceMoved(Event):
    kind: ClassVar[str] = "space.moved"

    ship: str
    ship_name: str
    source: str
    x: Number
    y: Number
    facing: Number
    target: str
    target_name: str
    amount: Number
    joined: bool = omitted(False)


@event_kind
class SpaceNoted(Event):
    kind: ClassVar[str] = "space.noted"

    ship: str
    ship_name: str
    source: str
    text: str


@event_kind
class SpacePhaseEnded(Event):
    kind: ClassVar[str] = "space.phase_ended"

    round: int
    phase: str


@event_kind
class SpacePhaseStarted(Event):
    kind: ClassVar[str] = "space.phase_started"

    round: int
    phase: str


@event_kind
class SpacePostAssigned(Event):
    kind: ClassVar[str] = "space.post_assigned"

    ship: str
    post: str
    crew: str
    crew_name: str
    ship_name: str
    swap: bool | None = omitted()


@event_kind
class SpacePostVacated(Event):
    kind: ClassVar[str] = "space.post_vacated"

    ship: str
    post: str
    ship_name: str


@event_kind
class SpaceRepaired(Event):
    kind: ClassVar[str] = "space.repaired"

    ship: str
    ship_name: str
    source: str
    id: int
    effect: str
    count: int
    maximum: int


@event_kind
class SpaceStarted(Event):
    kind: ClassVar[str] = "space.started"

    surprise: list[str]
    seen_by: dict[str, Any]
    names: dict[str, Any]


@event_kind
class SpaceSurrendered(Event):
    kind: ClassVar[str] = "space.surrendered"

    ship: str
    ship_name: str


@event_kind
class SpaceTreated(Event):
    kind: ClassVar[str] = "space.treated"

    ship: str
    ship_name: str
    source: str
    post: str
    post_name: str
    crew_name: str
    ids: list[int]


@event_kind
class SpaceVolleySettled(Event):
    kind: ClassVar[str] = "space.volley_settled"

    ship: str
    ship_name: str
    target: str
    target_name: str
    roll: int
    dice: list[dict[str, Any]]
    sensor_bonus: int
    successes: int
    battle_damage: bool
    found: bool
    bd_dc: list[int]
    changed: bool


@event_kind
class SpaceWeaponsFired(Event):
    kind: ClassVar[str] = "space.weapons_fired"

    ship: str
    ship_name: str
    crew: str
    crew_name: str
    target: str
    target_name: str
    round: int
    phase: str
    hard_points: list[str]
    dice: list[dict[str, Any]]
    bd_dc: list[int]
    sensor_bonus: int
    rerolls_allowed: int
    successes: int
    battle_damage: bool
    detected: bool
    provisional: bool
    note: str | None = omitted()
    #: where the re-rolls came from: [["Weapons Mod", 2], ["Captain's order", 1]] (older saves: none)
    rerolls_from: list[list[Any]] = omitted_list()
    #: the parts of ``bd_dc`` (tactics.engine.starship.dc_parts.bd_dc_parts; older saves: none)
    bd_dc_parts: dict[str, Any] | None = omitted()
    #: the firing ship was under its cloak: it is given away now and the cloak drops when the phase
    #: ends (a space.cloak_dropped event); older saves: none, the cloak dropped at once, unsaid
    cloaked: bool | None = omitted()


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (
    SpaceActionTaken,
    SpaceAdrift,
    SpaceBattleDamage,
    SpaceCheckHelped,
    SpaceCloakDropped,
    SpaceCloaked,
    SpaceEffectEnded,
    SpaceEnded,
    SpaceExploded,
    SpaceExploding,
    SpaceHackCountered,
    SpaceModified,
    SpaceMoved,
    SpaceNoted,
    SpacePhaseEnded,
    SpacePhaseStarted,
    SpacePostAssigned,
    SpacePostVacated,
    SpaceRepaired,
    SpaceStarted,
    SpaceSurrendered,
    SpaceTreated,
    SpaceVolleySettled,
    SpaceWeaponsFired,
)
