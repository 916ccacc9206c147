"""Setting-up events (``setup.*``): teams and combatants added, edited, removed while building a fight.

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tactics.engine.core.events import Event, event_kind


@event_kind
class SetupCombatantAdded(Event):
    kind: ClassVar[str] = "setup.combatant-added"

    combatant: dict[str, Any]


@event_kind
class SetupCombatantEdited(Event):
    kind: ClassVar[str] = "setup.combatant-edited"

    combatant: str
    before: dict[str, Any]
    after: dict[str, Any]


@event_kind
class SetupCombatantRemoved(Event):
    kind: ClassVar[str] = "setup.combatant-removed"

    combatant: str
    name: str


@event_kind
class SetupTeamAdded(Event):
    kind: ClassVar[str] = "setup.team-added"

    team: str
    name: str
    colour: tuple[int, int, int]
    players: bool


@event_kind
class SetupTeamEdited(Event):
    kind: ClassVar[str] = "setup.team-edited"

    team: str
    name: str
    colour: tuple[int, int, int]
    players: bool


@event_kind
class SetupModeSet(Event):
    """The encounter's turn rules chosen in the Set up panel: "team" (R-INIT) or "individual" (R-TURN)."""

    kind: ClassVar[str] = "setup.mode-set"

    mode: str
    before: str


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (
    SetupCombatantAdded,
    SetupCombatantEdited,
    SetupCombatantRemoved,
    SetupModeSet,
    SetupTeamAdded,
    SetupTeamEdited,
)
