"""Individual turns' events (``turns.*``): the round, each turn, its actions and interrupts.

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tactics.engine.core.events import Event, event_kind, Square, omitted, omitted_list


@event_kind
class TurnsActionTaken(Event):
    kind: ClassVar[str] = "turns.action-taken"

    id: int
    combatant: str
    slot: str
    action: dict[str, Any]
    slots: list[str] = omitted_list()


@event_kind
class TurnsBegan(Event):
    kind: ClassVar[str] = "turns.began"

    round: int
    combatant: str
    ticks: list[dict[str, Any]]
    ended: list[str]
    lapsing: list[dict[str, Any]]
    effects: list[dict[str, Any]]
    held_lost: bool


@event_kind
class TurnsEndedTurn(Event):
    kind: ClassVar[str] = "turns.ended-turn"

    round: int
    combatant: str
    lived: list[Any]
    facing: str


@event_kind
class TurnsExtended(Event):
    kind: ClassVar[str] = "turns.extended"

    combatant: str
    name: str
    rounds: int


@event_kind
class TurnsFreeDeclared(Event):
    kind: ClassVar[str] = "turns.free-declared"

    seq: int
    combatant: str
    note: str


@event_kind
class TurnsFreeResolved(Event):
    kind: ClassVar[str] = "turns.free-resolved"

    seq: int
    combatant: str
    note: str


@event_kind
class TurnsHeld(Event):
    kind: ClassVar[str] = "turns.held"

    combatant: str


@event_kind
class TurnsHeldAimed(Event):
    kind: ClassVar[str] = "turns.held-aimed"

    combatant: str
    pending: int
    mover: str
    action: dict[str, Any]
    at: Square


@event_kind
class TurnsHeldUsed(Event):
    kind: ClassVar[str] = "turns.held-used"

    combatant: str
    pending: int | None
    action: dict[str, Any]
    block: bool = omitted(False)
    at: Square | None = omitted()
    mid_move: bool = omitted(False)
    mover: str | None = omitted()


@event_kind
class TurnsJoined(Event):
    kind: ClassVar[str] = "turns.joined"

    combatant: str
    cell: Square
    index: int


@event_kind
class TurnsLapsed(Event):
    kind: ClassVar[str] = "turns.lapsed"

    combatant: str
    names: list[str]


@event_kind
class TurnsLoadUsed(Event):
    kind: ClassVar[str] = "turns.load-used"

    combatant: str
    weapon: str
    label: str
    left: int


@event_kind
class TurnsMoveBlocked(Event):
    kind: ClassVar[str] = "turns.move-blocked"

    id: int
    mover: str
    blocker: str
    at: Square
    start: Square
    planned: list[Square]
    walked: list[Square]
    stop: Square
    walked_ft: int
    budget_ft: int
    lost_ft: int


@event_kind
class TurnsNote(Event):
    kind: ClassVar[str] = "turns.note"

    text: str
    combatant: str


@event_kind
class TurnsOver(Event):
    kind: ClassVar[str] = "turns.over"

    round: int
    winner: str | None


@event_kind
class TurnsPassed(Event):
    kind: ClassVar[str] = "turns.passed"

    combatant: str
    pending: int


@event_kind
class TurnsPending(Event):
    kind: ClassVar[str] = "turns.pending"

    id: int
    combatant: str
    slot: str
    action: dict[str, Any]
    ask: list[str]


@event_kind
class TurnsReloaded(Event):
    kind: ClassVar[str] = "turns.reloaded"

    combatant: str
    weapon: str
    label: str
    load: int
    left: int


@event_kind
class TurnsReordered(Event):
    kind: ClassVar[str] = "turns.reordered"

    order: list[str]


@event_kind
class TurnsRound(Event):
    kind: ClassVar[str] = "turns.round"

    round: int


@event_kind
class TurnsShield(Event):
    kind: ClassVar[str] = "turns.shield"

    combatant: str
    step: int
    of: int
    equipped: bool
    abandoned: bool = omitted(False)


@event_kind
class TurnsSkipped(Event):
    kind: ClassVar[str] = "turns.skipped"

    round: int
    combatant: str
    held_lost: bool


@event_kind
class TurnsStarted(Event):
    kind: ClassVar[str] = "turns.started"

    round: int
    how: str
    grouping: str
    order: list[str]
    rolls: list[dict[str, Any]]


@event_kind
class TurnsSureShot(Event):
    kind: ClassVar[str] = "turns.sure-shot"

    combatant: str
    target: str
    weapon: str
    label: str
    sure_hit_ft: int


@event_kind
class TurnsThrown(Event):
    kind: ClassVar[str] = "turns.thrown"

    combatant: str
    cell: Square
    size: str
    what: str
    range_ft: int


@event_kind
class TurnsWithdrawn(Event):
    kind: ClassVar[str] = "turns.withdrawn"

    id: int
    combatant: str
    reason: str


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (
    TurnsActionTaken,
    TurnsBegan,
    TurnsEndedTurn,
    TurnsExtended,
    TurnsFreeDeclared,
    TurnsFreeResolved,
    TurnsHeld,
    TurnsHeldAimed,
    TurnsHeldUsed,
    TurnsJoined,
    TurnsLapsed,
    TurnsLoadUsed,
    TurnsMoveBlocked,
    TurnsNote,
    TurnsOver,
    TurnsPassed,
    TurnsPending,
    TurnsReloaded,
    TurnsReordered,
    TurnsRound,
    TurnsShield,
    TurnsSkipped,
    TurnsStarted,
    TurnsSureShot,
    TurnsThrown,
    TurnsWithdrawn,
)
