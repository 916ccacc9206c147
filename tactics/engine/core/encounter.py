"""An encounter: its definition (start state), its journal, and loading one.

The *definition* is a JSON-able dict (from an encounter file): the map, teams,
combatants and settings. The start state is built from it, so a save is just
``definition + seed + journal entries`` and loading a save replays the entries.

Encounter files (``*.encounter.toml`` or ``.json``)::

    name = "Space Bears"
    map = "space-bears.json"        # relative to the encounter file
    mode = "team"                   # or "individual" (R-TURN)
    [teams.party]
    name = "The Party"
    colour = [70, 140, 230]
    players = true
    [[combatants]]
    id = "brandon"
    name = "Brandon"
    team = "party"
    sheet = "tracer"                # a creature/character in data, or a table
    spawn = "Brandon"               # a named spawn on the map, or cell = [x, y]
    art = "tokens/brandon.png"      # optional token picture, relative to the file

The app writes such files too (the Set up tool, :mod:`tactics.engine.builder.writer`).

The parts of the engine an encounter is built from (their reducers, start
builders and hooks) are listed once, in :mod:`tactics.engine.features`.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tactics.engine.core.journal import Command, Entry, Journal
from tactics.engine.core.state import Combatant, EncounterState, Team
from tactics.maps import BattleMap, MapError, load as load_map
from tactics.rules.data import DataError, read_document

from tactics.engine.builder.writer import resolve_art
from tactics.engine.features import ENCOUNTER_REDUCER, START_BUILDERS


DEFAULT_COLOURS = [(70, 140, 230), (220, 80, 60), (90, 190, 110), (230, 180, 60)]


def build_state(definition: dict[str, Any], battle_map: BattleMap, source: str | None = None) -> EncounterState:
    """The start state of an encounter definition on its map.

    ``source`` (the encounter file) is passed to the start builders as the
    definition's ``source`` so their errors name the file, not the encounter.
    """
    state = EncounterState(map=battle_map, name=str(definition.get("name", "Encounter")))
    state.mode = str(definition.get("mode", "team"))
    state.settings = dict(definition.get("settings", {}))
    for i, (tid, raw) in enumerate(dict(definition.get("teams", {})).items()):
        colour = tuple(raw.get("colour", DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]))
        state.teams[tid] = Team(tid, str(raw.get("name", tid)), colour, bool(raw.get("players", False)))
    spawns = {s.name: s.cell for s in battle_map.spawns}
    for raw in definition.get("combatants", []):
        cid = str(raw["id"])
        team = str(raw["team"])
        if team not in state.teams:
            state.teams[team] = Team(team, team, DEFAULT_COLOURS[len(state.teams) % 4])
        cell = raw.get("cell")
        if cell is None and raw.get("spawn") is not None:
            cell = spawns.get(str(raw["spawn"]))
        hp = int(raw.get("hp", 10))
        state.combatants[cid] = Combatant(
            id=cid,
            name=str(raw.get("name", cid)),
            team=team,
            cell=tuple(cell) if cell is not None else None,
            facing=str(raw.get("facing", "S")),
            hp=hp,
            max_hp=int(raw.get("max_hp", hp)),
            hidden=bool(raw.get("hidden", False)),
            present=bool(raw.get("present", True)),
            sheet=raw.get("sheet"),
        )
    seen_by_builders = {**definition, "source": source} if source else definition
    for builder in START_BUILDERS:
        builder(state, seen_by_builders)
    return state


class Encounter:
    """A running encounter: definition, map and journal (state, undo, redo)."""

    def __init__(
        self,
        definition: dict[str, Any],
        battle_map: BattleMap,
        *,
        seed: int | None = None,
        entries: list[Entry] | None = None,
        source: str | None = None,
    ) -> None:
        self.definition = definition
        self.map = battle_map
        self.source = source
        self.seed = int(seed if seed is not None else definition.get("seed", random.randrange(2**31)))
        start = build_state(definition, battle_map, source)
        self.journal: Journal[EncounterState] = Journal(
            start, ENCOUNTER_REDUCER, seed=self.seed, entries=entries
        )

    @property
    def state(self) -> EncounterState:
        return self.journal.state

    def submit(self, command: Command, *, typed: list[int] | None = None) -> Entry:
        return self.journal.submit(command, typed=typed)

    def undo(self) -> Entry | None:
        return self.journal.undo()

    def redo(self) -> Entry | None:
        return self.journal.redo()


def load_encounter(path: str | Path, *, seed: int | None = None) -> Encounter:
    """Open an encounter file; errors are DataError/MapError naming the file."""
    path = Path(path)
    definition = resolve_art(read_document(path), path.parent)  # token art paths made absolute
    map_ref = definition.get("map")
    if not isinstance(map_ref, str):
        raise DataError(path, "map", "expected the map's file name")
    map_path = (path.parent / map_ref).resolve()
    battle_map = load_map(map_path)
    try:
        return Encounter(definition, battle_map, seed=seed, source=str(path))
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, (DataError, MapError)):
            raise
        raise DataError(path, "combatants", f"cannot build the encounter: {exc}") from None
