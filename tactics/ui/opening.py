"""Opening what the user points at: a save, an encounter file, any map format, or the default.

Errors come back as :class:`OpenError` with one line naming the file and the
problem, whatever went wrong underneath; the CLI prints it and exits 2, the
window shows it and keeps the current map.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tactics.assets import bundled
from tactics.engine.saves.kinds import SAVE_SUFFIX as SAVE_SUFFIX  # re-exported: the window's names
from tactics.engine.saves.kinds import is_encounter_file as is_encounter_file
from tactics.engine.saves.kinds import is_save_file as is_save_file

if TYPE_CHECKING:
    from tactics.engine.core.encounter import Encounter
    from tactics.maps import BattleMap

DEFAULT_ENCOUNTER = "space-bears.encounter.toml"
DEFAULT_MAP = "space-bears.json"
#: The picture of the default map (``DEFAULT_MAP``'s ``image``; a test holds them to each other):
#: decoded from the moment the default is asked for, before the engine's modules import.
DEFAULT_PICTURE = "space-bears.png"

#: The team colours of a bare map's spawns (the builder's names: ``TEAM_COLOURS``).
PARTY_COLOUR_NAME, FOE_COLOUR_NAME = "Blue", "Red"


class OpenError(Exception):
    """A file that cannot be opened; ``str()`` is one line: ``file: problem``."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = _short(" ".join(str(problem).split()))  # one line
        super().__init__(f"{path}: {self.problem}" if path else self.problem)


#: The longest problem an :class:`OpenError` says: a message quoting what a file holds (a square
#: of 4,000 digits, a name of 10,000 characters) filled the window's banner (review 21).
MAX_PROBLEM_CHARS = 400


def _short(problem: str) -> str:
    if len(problem) <= MAX_PROBLEM_CHARS:
        return problem
    return problem[:MAX_PROBLEM_CHARS - 30].rstrip() + f"... ({len(problem):,} characters)"


class SaveOpenError(OpenError):
    """A save (or autosave) that is refused: damaged, cut off or hand-edited wrongly."""


def open_path(path: str | Path, *, seed: int | None = None) -> Encounter:
    """An encounter from an encounter file or from a bare map (tokens from its spawns).

    The map's picture starts decoding now, on another thread, while the window's modules import
    and the window opens (:func:`tactics.ui.mapart.decode_soon`; the first frame waits for it)."""
    encounter = _open(Path(path), seed=seed)
    from tactics.ui.mapart import decode_soon  # (pygame: the window's; not for a file that cannot open)

    decode_soon(encounter.map)
    return encounter


def _open(path: Path, *, seed: int | None) -> Encounter:
    # the engine and the map readers import here, not with this module: the default's picture
    # starts decoding first (open_default)
    from tactics.engine.core.encounter import load_encounter
    from tactics.maps import MapError
    from tactics.maps import load as load_map
    from tactics.rules.data import DataError

    if is_save_file(path):
        from tactics.engine.saves.document import SaveError, load_save  # only for a save (not at every start)

        try:
            return load_save(path)
        except SaveError as exc:
            raise SaveOpenError(exc.path, f"{exc.where}: {exc.problem}" if exc.where else exc.problem) from None
    try:
        if is_encounter_file(path):
            return load_encounter(path, seed=seed)
        battle_map = load_map(path)
        return encounter_for_map(battle_map, source=str(path), seed=seed)
    except (MapError, DataError) as exc:
        where = getattr(exc, "path", "") or str(path)
        problem = getattr(exc, "problem", None) or str(exc)
        field = getattr(exc, "field", "")
        if field:
            problem = f"{field}: {problem}"
        raise OpenError(where, problem) from None
    except MemoryError:
        raise OpenError(str(path), "the map is too large to open") from None
    except Exception as exc:  # a reader bug must still not show a traceback to a GM
        raise OpenError(str(path), f"cannot open: {type(exc).__name__}: {exc}") from None


def encounter_for_map(battle_map: BattleMap, *, source: str | None = None, seed: int | None = None) -> Encounter:
    """A free-play encounter on a bare map: one token per spawn, teams from the spawns.

    Without ``seed`` the dice get a fresh one (recorded in the save and the log), as every new game."""
    from tactics.engine.core.encounter import Encounter

    return Encounter(definition_for_map(battle_map), battle_map, seed=seed, source=source)


def definition_for_map(battle_map: BattleMap) -> dict[str, Any]:
    from tactics.engine.builder.allowed import TEAM_COLOURS
    from tactics.engine.core.definition import MAX_COMBATANTS
    from tactics.maps import MapError
    from tactics.maps.fields import clean_name
    from tactics.rules.data import MAX_LABEL_CHARS

    if len(battle_map.spawns) > MAX_COMBATANTS:  # (each may search for a free square: refused before)
        raise MapError(str(battle_map.source or battle_map.name),
                       f"{len(battle_map.spawns):,} spawns; a map may hold at most {MAX_COMBATANTS:,}")
    teams: dict[str, dict[str, Any]] = {}
    combatants: list[dict[str, Any]] = []
    used: set[str] = set()
    taken: set[tuple[int, int]] = set()
    for spawn in battle_map.spawns:
        team = spawn.team or "party"
        if team not in teams:
            foe = team.lower() not in {"party", "players", "pcs", "heroes", "crew"}
            teams[team] = {
                "name": team.title(),
                "colour": list(TEAM_COLOURS[FOE_COLOUR_NAME if foe else PARTY_COLOUR_NAME]),
                "players": not foe,
            }
        # a map's names may be 200 characters, a combatant's 80 (review 21: a longer spawn name was
        # refused as "combatants[0].sheet.name", a field the map does not have)
        name = clean_name(spawn.name, MAX_LABEL_CHARS) or "Token"
        cid = _unique_id(name, used)
        cell = _free_square(battle_map, spawn.cell, taken)
        combatants.append({"id": cid, "name": name, "team": team, "cell": list(cell) if cell else None})
        if cell is not None:
            taken.add(cell)
    if len(teams) >= 2:  # two sides: a fight, so each spawn gets the table's default stat block (creatures.toml's
        # [defaults]) to fight with, shown and edited as its own; without one the map opened with no
        # Initiative panel and no Start combat, and nothing said why (review 12)
        for combatant in combatants:
            combatant["sheet"] = {}
    return {"name": battle_map.name, "teams": teams, "combatants": combatants}


#: Squares a spawn in a wall or on another's looks through for a free one (about 56 squares around):
#: a map of 4 million solid squares and 40 spawns searched all of them for each (review 12)
SPAWN_SEARCH_SQUARES = 12_000


def _free_square(battle_map: BattleMap, start: tuple[int, int], taken: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The spawn's square, or the nearest one a token may stand on when a map's spawn lies in a
    wall or on another's (an encounter refuses both, R-GRID-5); None: no free square near it (off
    the map: the GM places it)."""
    from collections import deque

    start = (int(start[0]), int(start[1]))
    queue, seen = deque([start]), {start}
    while queue and len(seen) <= SPAWN_SEARCH_SQUARES:
        cell = queue.popleft()
        if battle_map.move_cost(cell) is not None and cell not in taken:
            return cell
        x, y = cell
        for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if step not in seen and battle_map.in_bounds(step):
                seen.add(step)
                queue.append(step)
    return None


def _unique_id(name: str, used: set[str]) -> str:
    base = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-") or "token"
    cid, n = base, 2
    while cid in used:
        cid, n = f"{base}-{n}", n + 1
    used.add(cid)
    return cid


def open_default(*, seed: int | None = None) -> Encounter:
    """The bundled Space Bears encounter, or its bare map while the encounter file is missing.

    Its picture starts decoding on another thread first (issue 12: start time): the decode and
    its conversion to the window's format (26 ms) overlap the engine's imports and the loading,
    not only the window's imports; the first frame no longer waits for them."""
    from tactics.ui.decode_ahead import decode_file_soon  # (pygame, nothing of the engine)

    decode_file_soon(bundled(DEFAULT_PICTURE))
    encounter_file = bundled(DEFAULT_ENCOUNTER)
    if encounter_file.exists():
        return open_path(encounter_file, seed=seed)
    return open_path(bundled(DEFAULT_MAP), seed=seed)
