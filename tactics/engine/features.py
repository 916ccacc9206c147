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
that feature's shared reducer, or their log sentences to
:data:`tactics.engine.combat.queries.DESCRIBERS` (the hazards', the builder's,
individual turns'), when they are imported; naming them here is what imports
them, so :func:`~tactics.engine.combat.queries.describe` gives the same
sentence whatever a script imported first.

Three parts are not needed by most sessions, so they are named here by their
modules (:class:`LaterFeature`, in :data:`LATER`) and imported the first time
something needs them (issue 12: start time; together a fifth of the engine's
import): the starship (an encounter with a ``[space]`` table, or a save's
``space.*`` events), individual turns (the ``turns.*`` events their commands
make, a save's) and setting up a fight (the builder's ``setup.*`` events: the
GM adds, edits or removes a combatant or team; the token pictures an encounter
file names are the start state's own: :func:`~tactics.engine.core.encounter.build_state`).
Each lists the prefixes of its event kinds, so a kind always maps to the one
part that defines it: :func:`load_for_kind` imports that part when the journal
applies (:meth:`Reducer.apply`) or a save names
(:func:`tactics.engine.core.events.event_class`) a kind no loaded part has;
:func:`load_all` imports every part (tools and tests that list every kind).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, cast

from tactics.engine import board
from tactics.engine.combat import actions as combat_actions
from tactics.engine.combat import disarm as combat_disarm
from tactics.engine.combat import events as combat_events
from tactics.engine.combat import gm as combat_gm
from tactics.engine.combat import items as combat_items
from tactics.engine.combat import ready_events, ready_log, treat_injury
from tactics.engine.combat import setup as combat_setup
from tactics.engine.combat.queries import DESCRIBERS
from tactics.engine.core import board_events, control, table
from tactics.engine.core.events import Event, register
from tactics.engine.core.journal import Reducer
from tactics.engine.core.state import EncounterState
from tactics.engine.hazards import commands as hazards
from tactics.engine.hazards import events as hazard_events
from tactics.engine.hazards import log as hazards_log
from tactics.engine.hazards.blast import hit_consequences

StartBuilder = Callable[[EncounterState, dict[str, Any]], None]
Consequence = Callable[[EncounterState, list[Event]], list[Event]]


@dataclass(frozen=True)
class Feature:
    """One part of the engine: its events, how it fills the start state, how it hooks in."""

    name: str
    reducer: Reducer
    start: StartBuilder | None = None
    install: Callable[[], object] | None = None  # what it returns is not used
    handlers: tuple[ModuleType, ...] = field(default=())
    events: tuple[type[Event], ...] = field(default=())
    #: Events that follow from a command's events whatever command made them (a blast's damage
    #: reaching hit points): called with the state before the command and its events.
    consequences: Consequence | None = None


@dataclass(frozen=True)
class LaterFeature:
    """A part imported the first time it is needed, named by its modules.

    ``kinds``: the prefixes of its event kinds (``"space."``); ``reducer``: the
    module whose ``reducer`` applies them; ``events``: the module whose ``ALL``
    lists them; ``handlers``: modules adding handlers to that reducer;
    ``start``: ``"module:function"`` filling the start state, called only when
    the encounter's definition has the table ``table`` (then the part is imported).
    """

    name: str
    kinds: tuple[str, ...]
    reducer: str
    events: str
    handlers: tuple[str, ...] = ()
    start: str | None = None
    table: str | None = None

    def owns(self, kind: str) -> bool:
        return kind.startswith(self.kinds)

    def load(self) -> Feature:
        """Import the part's modules (once) and describe it as a loaded :class:`Feature`."""
        reducer = cast(Reducer, importlib.import_module(self.reducer).reducer)
        events = cast(tuple[type[Event], ...], importlib.import_module(self.events).ALL)
        handlers = tuple(importlib.import_module(name) for name in self.handlers)
        start: StartBuilder | None = None
        if self.start is not None:
            module, function = self.start.split(":")
            start = cast(StartBuilder, getattr(importlib.import_module(module), function))
        return Feature(self.name, reducer, start=start, handlers=handlers, events=events)


#: Every part, in the order their start builders run (who plays each side reads the ships).
PARTS: tuple[Feature | LaterFeature, ...] = (
    Feature("board", board.reducer,
            events=(board_events.TokenPlaced, board_events.TokenMoved, board_events.DoorSet)),
    LaterFeature("starship", kinds=("space.",), reducer="tactics.engine.starship.state",
                 events="tactics.engine.starship.events", start="tactics.engine.starship.state:build_space",
                 table="space"),
    Feature(
        "ground combat",
        combat_setup.reducer,
        start=combat_setup.build_sheets,
        install=combat_disarm.register,
        handlers=(combat_actions, combat_gm, combat_items, ready_log, treat_injury),
        events=combat_events.ALL + ready_events.ALL,
    ),
    Feature("grenades, traps and facing", hazards.reducer, start=hazards.build_traps, install=hazards.install_hooks,
            handlers=(hazards_log,), events=hazard_events.ALL, consequences=hit_consequences),
    Feature("table settings", table.reducer, events=(board_events.SettingsChanged,)),
    Feature("who plays each team", control.reducer, start=control.build_controllers,
            install=lambda: DESCRIBERS.setdefault("opponent.set", control.describe), events=(board_events.OpponentSet,)),
    LaterFeature("individual turns", kinds=("turns.",), reducer="tactics.engine.combat.individual.procedure",
                 events="tactics.engine.combat.individual.events",
                 handlers=("tactics.engine.combat.individual.actions", "tactics.engine.combat.individual.interrupts",
                           "tactics.engine.combat.individual.midmove", "tactics.engine.combat.individual.shots",
                           "tactics.engine.combat.individual.view")),
    LaterFeature("setting up a fight", kinds=("setup.",), reducer="tactics.engine.builder.commands",
                 events="tactics.engine.builder.events", handlers=("tactics.engine.builder.log",)),
)
#: The parts imported with this module.
FEATURES: tuple[Feature, ...] = tuple(part for part in PARTS if isinstance(part, Feature))
#: The parts imported when first needed.
LATER: tuple[LaterFeature, ...] = tuple(part for part in PARTS if isinstance(part, LaterFeature))

#: The one reducer an encounter's journal applies: every feature's events.
ENCOUNTER_REDUCER = Reducer()
#: Called in order with (state, definition) after the basic start state is built.
START_BUILDERS: list[StartBuilder] = []
#: Every loaded part's :attr:`Feature.consequences`, in order.
CONSEQUENCES: list[Consequence] = []
_LOADED: dict[str, Feature] = {}


def _add(feature: Feature) -> None:
    register(*feature.events)
    ENCOUNTER_REDUCER.include(feature.reducer)
    if feature.consequences is not None:
        CONSEQUENCES.append(feature.consequences)
    if feature.install is not None:
        feature.install()


def load(part: LaterFeature) -> Feature:
    """Import a later part and add its kinds and handlers to the encounter's (once)."""
    loaded = _LOADED.get(part.name)
    if loaded is None:
        loaded = part.load()
        _add(loaded)
        _LOADED[part.name] = loaded
    return loaded


def load_for_kind(kind: str) -> bool:
    """Import the part an event kind belongs to, if it is one not loaded yet; whether one was."""
    for part in LATER:
        if part.owns(kind) and part.name not in _LOADED:
            load(part)
            return True
    return False


def with_consequences(state: EncounterState, events: list[Event]) -> list[Event]:
    """A command's events and what follows from them (:attr:`Feature.consequences`), in order."""
    for consequence in CONSEQUENCES:
        events = consequence(state, events)
    return events


def load_all() -> None:
    """Import every part (what lists every kind: tools, tests)."""
    for part in LATER:
        load(part)


def _later_start(part: LaterFeature) -> StartBuilder:
    def start(state: EncounterState, definition: dict[str, Any]) -> None:
        if part.table is not None and definition.get(part.table) is None:
            return  # nothing of this part in the encounter: not imported
        builder = load(part).start
        if builder is not None:
            builder(state, definition)

    return start


for _part in PARTS:
    if isinstance(_part, LaterFeature):
        if _part.start is not None:
            START_BUILDERS.append(_later_start(_part))
        continue
    _add(_part)
    if _part.start is not None:
        START_BUILDERS.append(_part.start)
ENCOUNTER_REDUCER.load_missing = load_for_kind

__all__ = ["CONSEQUENCES", "ENCOUNTER_REDUCER", "FEATURES", "Feature", "LATER", "LaterFeature", "PARTS", "START_BUILDERS",
           "load_all", "load_for_kind"]
