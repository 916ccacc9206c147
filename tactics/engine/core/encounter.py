"""An encounter: its definition (start state), its journal, and loading one.

The *definition* is a JSON-able dict (from an encounter file): the map, teams,
combatants and settings. The start state is built from it, so a save is just
``definition + seed + journal entries`` and loading a save replays the entries.

Encounter files (``*.encounter.toml`` or ``.json``)::

    name = "Space Bears"
    map = "space-bears.json"        # relative to the encounter file
    mode = "team"                   # or "individual" (R-TURN)
    # seed = 7                      # optional: fixes the dice; without it each new game draws one
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

The definition is validated before anything is built from it
(:mod:`tactics.engine.core.definition`: colours 0..255, known mode and facing,
unique ids, squares on the map, names cleaned of control characters), and every
rules data file is validated when the first encounter is built
(:mod:`tactics.rules.catalogue`). :func:`load_encounter` lets only
:class:`DataError` (the file, the field, the problem) and :class:`MapError`
(the map it names) escape.

The parts of the engine an encounter is built from (their reducers, start
builders and hooks) are listed once, in :mod:`tactics.engine.features`.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any, Callable, Iterable

from tactics.assets import bundled_or_given
from tactics.engine.core.definition import check_definition, check_team_ids
from tactics.engine.core.journal import Command, Entry, Journal, Refused
from tactics.engine.core.state import Combatant, EncounterState, Team
from tactics.maps import BattleMap, MapError, load as load_map
from tactics.rules.catalogue import checked_rules_data
from tactics.rules.data import DataError, read_document

from tactics.engine.features import ENCOUNTER_REDUCER as ENCOUNTER_REDUCER  # (procedure.after reads it here)
from tactics.engine.features import with_consequences
from tactics.engine.features import START_BUILDERS


DEFAULT_COLOURS = [(70, 140, 230), (220, 80, 60), (90, 190, 110), (230, 180, 60)]


def build_state(definition: dict[str, Any], battle_map: BattleMap, source: str | None = None) -> EncounterState:
    """The start state of an encounter definition on its map.

    The definition is validated first (:func:`check_definition`): a DataError
    names ``source`` (the encounter file), the field and the problem. ``source``
    is also passed to the start builders as the definition's ``source`` so their
    errors name the file, not the encounter.
    """
    checked_rules_data()  # a bad rules file is one line now, not a traceback at the first tool use
    spec = check_definition(definition, battle_map, source)
    state = EncounterState(map=battle_map, name=spec.name)
    state.mode = spec.mode
    state.settings = dict(spec.settings)
    for i, (tid, team) in enumerate(spec.teams.items()):
        colour = team.colour if team.colour is not None else DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
        state.teams[tid] = Team(tid, team.name or tid, colour, team.players)
    spawns = {s.name: s.cell for s in battle_map.spawns}
    for who in spec.combatants:
        if who.team not in state.teams:
            state.teams[who.team] = Team(who.team, who.team, DEFAULT_COLOURS[len(state.teams) % 4])
        cell = who.cell
        if cell is None and who.spawn is not None:
            cell = spawns.get(who.spawn)
        hp = who.hp if who.hp is not None else 10
        state.combatants[who.id] = Combatant(
            id=who.id,
            name=who.name or who.id,
            team=who.team,
            cell=(cell[0], cell[1]) if cell is not None else None,
            facing=who.facing,
            hp=hp,
            max_hp=who.max_hp if who.max_hp is not None else max(1, hp),
            hidden=who.hidden,
            present=who.present,
            sheet=who.sheet,
        )
    seen_by_builders = {**definition, "source": source} if source else definition
    for builder in START_BUILDERS:
        builder(state, seen_by_builders)
    for raw in definition.get("combatants", []) or []:  # token pictures (made absolute by resolve_art)
        placed = state.combatants.get(str(raw.get("id")))
        if placed is not None and isinstance(raw.get("art"), str):
            placed.art = raw["art"]
    return state


def resolve_art(definition: dict[str, Any], folder: Path) -> dict[str, Any]:
    """A copy of ``definition`` whose combatants' relative ``art`` paths are absolute (from ``folder``).

    The loader's half of token art (the builder's file writer writes them relative to the file),
    so a save made from the encounter finds them too."""
    combatants = definition.get("combatants")
    if not isinstance(combatants, list) or not any(isinstance(c, dict) and c.get("art") for c in combatants):
        return definition
    out = dict(definition)
    out["combatants"] = []
    for raw in combatants:
        if isinstance(raw, dict) and isinstance(raw.get("art"), str) and raw["art"].strip():
            art = Path(raw["art"]).expanduser()
            raw = {**raw, "art": _absolute(folder / art) if not art.is_absolute() else str(art)}
        out["combatants"].append(raw)
    return out


def _absolute(path: Path) -> str:
    """``path`` resolved, or only made absolute when it cannot be (links that lead to each other, a
    NUL in the name): the window then says the picture cannot be read and draws initials
    (review 21: before, "cannot open: RuntimeError: Symlink loop")."""
    try:
        return str(path.resolve())
    except (RuntimeError, OSError, ValueError):
        return os.path.abspath(path)


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
        start = build_state(definition, battle_map, source)  # validates the definition, its seed too
        #: Why this window may not change the game (another window plays it), or None.
        self.read_only: str | None = None
        self.seed = int(seed if seed is not None else definition.get("seed", random.randrange(2**31)))
        self.journal: Journal[EncounterState] = Journal(
            start, ENCOUNTER_REDUCER, seed=self.seed, entries=entries, consequences=with_consequences
        )

    @property
    def state(self) -> EncounterState:
        return self.journal.state

    def submit(self, command: Command, *, typed: list[int] | None = None,
               saves: dict[str, list[int]] | None = None) -> Entry:
        if self.read_only:
            raise Refused(self.read_only)
        return self.journal.submit(command, typed=typed, saves=saves)

    def submit_many(self, commands: Iterable[Command], *, stop: Callable[[Entry], bool] | None = None) -> list[Entry]:
        """Commands in order, all or nothing (see :meth:`Journal.submit_many`)."""
        if self.read_only:
            raise Refused(self.read_only)
        return self.journal.submit_many(commands, stop=stop)

    def undo(self) -> Entry | None:
        return None if self.read_only else self.journal.undo()

    def redo(self) -> Entry | None:
        return None if self.read_only else self.journal.redo()


BUNDLED_PREFIX = "bundled:"  # ``map = "bundled:space-bears.json"``: a map shipped with the app


def map_file(map_ref: str, encounter_path: Path) -> Path:
    """The map file an encounter's ``map`` names: relative to the encounter file, or, written
    ``bundled:<name>``, one of the app's bundled maps wherever the app is installed (a path into
    the install folder broke at the next reinstall or upgrade)."""
    if not map_ref.startswith(BUNDLED_PREFIX):
        try:
            return (encounter_path.parent / map_ref).resolve()
        except RuntimeError:  # links that lead to each other (review 21: was "cannot open: RuntimeError")
            raise DataError(encounter_path, "map", f"{map_ref}: a symbolic link that leads to itself") from None
        except (OSError, ValueError) as exc:
            raise DataError(encounter_path, "map", f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    from tactics.assets import bundled_named  # the package's own files; nothing of the window

    try:
        return bundled_named(map_ref[len(BUNDLED_PREFIX):])
    except ValueError as exc:
        raise DataError(encounter_path, "map", str(exc)) from None


def load_encounter(path: str | Path, *, seed: int | None = None) -> Encounter:
    """Open an encounter file; errors are DataError/MapError naming the file (nothing else escapes).

    A bundled encounter is opened by its path, ``load_encounter(tactics.assets.bundled(
    "space-bears.encounter.toml"))`` (``tactics NAME`` finds it by name; a script passes the path).
    Opening one reads every rules file once, and remembers that they passed in the per-user
    cache folder (``TACTICS_CACHE_DIR`` overrides it; see the README's House rules)."""
    path = Path(path)
    if not path.exists() and bundled_or_given(path) != path:  # the name of a bundled encounter, not its path
        raise DataError(path, "", f"file not found (a bundled encounter is opened with "
                                  f"tactics.assets.bundled({path.name!r}))")
    definition = resolve_art(read_document(path), path.parent)  # token art paths made absolute
    map_ref = definition.get("map")
    if not isinstance(map_ref, str) or not map_ref.strip() or "\x00" in map_ref:
        raise DataError(path, "map", "expected the map's file name")
    map_path = map_file(map_ref, path)
    battle_map = load_map(map_path)  # a regular file only (never /dev/zero or a FIFO); MapError names it
    try:
        encounter = Encounter(definition, battle_map, seed=seed, source=str(path))
        check_team_ids(definition, str(path))  # a misspelt team id in a hand-edited file
        return encounter
    except (DataError, MapError):
        raise
    except Exception as exc:  # a builder meeting what validation let through: still one line
        detail = " ".join(str(exc).split())[:200]
        raise DataError(path, "", f"cannot build the encounter ({type(exc).__name__}: {detail})") from None
