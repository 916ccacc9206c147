"""Every part of the engine an encounter is built from, listed once and in order.

Why it exists: an encounter's journal replays events of every kind (board moves,
ground combat, grenades and traps, table settings, individual turns, the
starship), and each part may fill in the start state (sheets, traps, ships) or
hook into another part (a trap stops a walk, a fuse burns at the end of a
group's turn, disarming is a Use Item action). Before, those links were made by
importing modules for their side effects from wherever; now they are made here,
explicitly, and nowhere else. A new part of the engine is one :class:`Feature`
line in :data:`FEATURES`.

Each feature also lists its event kinds (``events``: the typed event classes
of its ``events`` module); they are registered here, which is what lets a save
name them (:func:`tactics.engine.core.events.from_dict`).

Modules named in a feature's ``handlers`` add ``@reducer.on(...)`` handlers to
that feature's shared reducer when they are imported; naming them here is what
imports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from tactics.engine import board
from tactics.engine.builder import commands as builder
from tactics.engine.builder import events as builder_events
from tactics.engine.builder import log as builder_log
from tactics.engine.combat import actions as combat_actions
from tactics.engine.combat import disarm as combat_disarm
from tactics.engine.combat import events as combat_events
from tactics.engine.combat import gm as combat_gm
from tactics.engine.combat import items as combat_items
from tactics.engine.combat import setup as combat_setup
from tactics.engine.combat.queries import DESCRIBERS
from tactics.engine.combat.individual import actions as turn_actions
from tactics.engine.combat.individual import events as turn_events
from tactics.engine.combat.individual import interrupts as turn_interrupts
from tactics.engine.combat.individual import midmove as turn_midmove
from tactics.engine.combat.individual import procedure as turns
from tactics.engine.combat.individual import shots as turn_shots
from tactics.engine.combat.individual import view as turn_view
from tactics.engine.core import board_events, control, table
from tactics.engine.core.events import Event, register
from tactics.engine.core.journal import Reducer
from tactics.engine.core.state import EncounterState
from tactics.engine.hazards import commands as hazards
from tactics.engine.hazards import events as hazard_events
from tactics.engine.starship import events as starship_events
from tactics.engine.starship import state as starship

StartBuilder = Callable[[EncounterState, dict[str, Any]], None]


@dataclass(frozen=True)
class Feature:
    """One part of the engine: its events, how it fills the start state, how it hooks in."""

    name: str
    reducer: Reducer
    start: StartBuilder | None = None
    install: Callable[[], object] | None = None  # what it returns is not used
    handlers: tuple[ModuleType, ...] = field(default=())
    events: tuple[type[Event], ...] = field(default=())


FEATURES: tuple[Feature, ...] = (
    Feature("board", board.reducer,
            events=(board_events.TokenPlaced, board_events.TokenMoved, board_events.DoorSet)),
    Feature("starship", starship.reducer, start=starship.build_space, events=starship_events.ALL),
    Feature(
        "ground combat",
        combat_setup.reducer,
        start=combat_setup.build_sheets,
        install=combat_disarm.register,
        handlers=(combat_actions, combat_gm, combat_items),
        events=combat_events.ALL,
    ),
    Feature("grenades, traps and facing", hazards.reducer, start=hazards.build_traps, install=hazards.install_hooks,
            events=hazard_events.ALL),
    Feature("table settings", table.reducer, events=(board_events.SettingsChanged,)),
    Feature("who plays each team", control.reducer, start=control.build_controllers,
            install=lambda: DESCRIBERS.setdefault("opponent.set", control.describe), events=(board_events.OpponentSet,)),
    Feature("individual turns", turns.reducer,
            handlers=(turn_actions, turn_interrupts, turn_midmove, turn_shots, turn_view), events=turn_events.ALL),
    Feature("setting up a fight", builder.reducer, start=builder.build_art, handlers=(builder_log,),
            events=builder_events.ALL),
)

#: The one reducer an encounter's journal applies: every feature's events.
ENCOUNTER_REDUCER = Reducer()
#: Called in order with (state, definition) after the basic start state is built.
START_BUILDERS: list[StartBuilder] = []

for _feature in FEATURES:
    register(*_feature.events)
    ENCOUNTER_REDUCER.include(_feature.reducer)
    if _feature.start is not None:
        START_BUILDERS.append(_feature.start)
    if _feature.install is not None:
        _feature.install()

__all__ = ["ENCOUNTER_REDUCER", "FEATURES", "Feature", "START_BUILDERS"]
