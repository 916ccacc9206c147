"""The board's and the table's events: tokens, doors, table settings, who plays a team.

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from tactics.rules.plain_model import Field

from tactics.engine.core.events import Event, event_kind, Square


@event_kind
class DoorSet(Event):
    kind: ClassVar[str] = "door.set"

    door: Annotated[int, Field(ge=0)]
    open: bool
    by: str | None = None  # the combatant who opened or closed it as an action (None: the GM, a click)


@event_kind
class OpponentSet(Event):
    kind: ClassVar[str] = "opponent.set"

    team: str
    level: str
    was: str


@event_kind
class SettingsChanged(Event):
    kind: ClassVar[str] = "settings.changed"

    key: str
    value: str
    was: str


@event_kind
class TokenMoved(Event):
    kind: ClassVar[str] = "token.moved"

    combatant: str
    path: Annotated[list[Square], Field(min_length=1)]
    feet: int = 0


@event_kind
class TokenPlaced(Event):
    kind: ClassVar[str] = "token.placed"

    combatant: str
    cell: Square | None


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (
    DoorSet,
    OpponentSet,
    SettingsChanged,
    TokenMoved,
    TokenPlaced,
)
