"""The board's and the table's events: tokens, doors, table settings, who plays a team.

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Field

from tactics.engine.core.events import Event, Square


@dataclass(frozen=True, kw_only=True)
class DoorSet(Event):
    kind: ClassVar[str] = "door.set"

    door: Annotated[int, Field(ge=0)]
    open: bool
    by: str | None = None  # the combatant who opened or closed it as an action (None: the GM, a click)


@dataclass(frozen=True, kw_only=True)
class OpponentSet(Event):
    kind: ClassVar[str] = "opponent.set"

    team: str
    level: str
    was: str


@dataclass(frozen=True, kw_only=True)
class SettingsChanged(Event):
    kind: ClassVar[str] = "settings.changed"

    key: str
    value: str
    was: str


@dataclass(frozen=True, kw_only=True)
class TokenMoved(Event):
    kind: ClassVar[str] = "token.moved"

    combatant: str
    path: Annotated[list[Square], Field(min_length=1)]
    feet: int = 0


@dataclass(frozen=True, kw_only=True)
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
