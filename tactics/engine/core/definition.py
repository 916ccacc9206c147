"""The shape of an encounter definition, checked before any state is built from it.

Why: an encounter file (or a save's ``definition``) is hand-edited text. Before,
``build_state`` read it with ``str(...)``/``int(...)``/``tuple(...)`` and the
window crashed later on what slipped through: a team colour ``[300, 0, 0]`` or
``["x", 0, 0]``, an unknown mode or facing, two combatants with one id, a trap
off the map, a NUL in a name. The definition is now validated with pydantic,
like the rules data (:mod:`tactics.rules.data`), and every problem is one
:class:`~tactics.rules.data.DataError` naming the file, the field as the file
spells it (``combatants[2].cell``, ``teams.party.colour[0]``) and the problem.

Only the parts this module owns are checked in depth (name, mode, seed,
settings, teams, combatants, traps' placement); ``opening`` and ``space`` are
validated by their own builders (:mod:`tactics.engine.core.opening`,
:mod:`tactics.engine.starship.state`), sheets by the armoury. Unknown top-level
keys are kept (other parts may read them); unknown keys inside a team,
combatant or trap are refused (a typo would otherwise be silently ignored), and
in an encounter file so is a combatant's ``team`` that its ``[teams]`` tables do
not name (:func:`check_team_ids`).
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from typing import Annotated, Any, Literal

from tactics.rules.plain_model import ConfigDict, Field, StrictBool, StrictInt, field_validator, validation_error

from tactics.maps.battlemap import BattleMap
from tactics.maps.fields import clean_name
from tactics.rules import remembered
from tactics.rules.data import Colour, DataError, DataModel, ScreenText, field_name, out_of_bounds
from tactics.rules.grid import DIRECTIONS

#: The turn rules an encounter may use (R-INIT team groups, R-TURN individual turns).
MODES = ("team", "individual")
Direction = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
assert set(DIRECTIONS) == set(Direction.__args__)  # type: ignore[attr-defined]

#: An id: what other parts of the file (opening, crews, traps' owners) refer to.
Ident = Annotated[ScreenText, Field(min_length=1, max_length=1000)]
#: A name shown on screen (control characters are cleaned, not refused: see below).
Name = Annotated[str, Field(max_length=200)]
Square = tuple[StrictInt, StrictInt]
HitPoints = Annotated[StrictInt, Field(ge=-100_000, le=100_000)]


class _Part(DataModel):
    model_config = ConfigDict(extra="forbid")

    @field_validator("name", mode="after", check_fields=False)
    @classmethod
    def _drawable(cls, value: str | None) -> str | None:
        # A NUL, newline or other control character in a name becomes a space (pygame
        # cannot draw a NUL); a name that is then empty is refused.
        if value is None:
            return None
        cleaned = clean_name(value)
        if not cleaned:
            raise ValueError("the name is empty (or only control characters)")
        return cleaned


class TeamDefinition(_Part):
    name: Name | None = None
    colour: Colour | None = None
    players: StrictBool = False
    # who plays the team (tactics.engine.core.control checks the values and names the field)
    controlled_by: str | None = None
    opponent: str | None = None


class CombatantDefinition(_Part):
    id: Ident
    name: Name | None = None
    team: Ident
    cell: Square | None = None
    spawn: str | None = None
    facing: Direction = "S"
    hp: HitPoints | None = None
    max_hp: Annotated[StrictInt, Field(ge=1, le=100_000)] | None = None
    hidden: StrictBool = False
    present: StrictBool = True
    sheet: Ident | dict[str, Any] | None = None
    stealth: Annotated[StrictInt, Field(ge=-100, le=1000)] | None = None
    art: Annotated[ScreenText, Field(min_length=1, max_length=4096)] | None = None  # token picture (the builder)


class TrapDefinition(DataModel):
    model_config = ConfigDict(extra="forbid")

    kind: Ident
    cell: Square
    id: Ident | None = None
    facing: Direction | None = None
    wire_end: Square | None = None
    detection_dc: Annotated[StrictInt, Field(ge=0, le=100)] | None = None
    disarm_dc: Annotated[StrictInt, Field(ge=0, le=100)] | None = None
    hidden: StrictBool = True
    team: Ident | None = None


#: Combatants and traps one encounter may hold: the window is measured with 1000 tokens on a map
MAX_COMBATANTS = 5000
MAX_TRAPS = 5000


class EncounterDefinition(_Part):
    model_config = ConfigDict(extra="allow")

    name: Name = "Encounter"
    map: str | None = None
    mode: Literal["team", "individual"] = "team"
    seed: Annotated[StrictInt, Field(ge=0, le=2**63 - 1)] | None = None
    settings: dict[Ident, Any] = Field(default_factory=dict)  # each part checks its own
    teams: dict[Ident, TeamDefinition] = Field(default_factory=dict)
    # (fail_fast: the first bad one is the error; pydantic otherwise collects one error for every
    # field of every item, 2.25 GB for a 3 MB file of a million empty tables: review 12)
    combatants: list[CombatantDefinition] = Field(default_factory=list, fail_fast=True)
    traps: list[TrapDefinition] | None = Field(default=None, fail_fast=True)
    opening: dict[str, Any] | None = None
    space: dict[str, Any] | None = None


def check_definition(definition: Any, battle_map: BattleMap, source: str | None = None) -> EncounterDefinition:
    """The validated definition; anything wrong is a DataError naming ``source`` and the field."""
    where = source or (definition.get("name") if isinstance(definition, dict) else None) or "encounter"
    where = str(where)
    if not isinstance(definition, dict):
        raise DataError(where, "", "an encounter must be a table of fields")
    parsed = remembered.recalled(EncounterDefinition, definition)  # the same definition passed before
    if parsed is not None:
        _check_references(parsed, battle_map, where)
        return parsed
    found = out_of_bounds(definition)
    if found is not None:
        raise DataError(where, found[0], found[1])
    for field, most in (("combatants", MAX_COMBATANTS), ("traps", MAX_TRAPS)):
        listed = definition.get(field)
        if isinstance(listed, list) and len(listed) > most:
            raise DataError(where, field, f"{len(listed):,} of them; an encounter may hold at most {most:,}")
    try:
        parsed = EncounterDefinition.model_validate(definition)
    except validation_error() as exc:
        first = exc.errors()[0]
        message = first.get("msg", "invalid value")
        raise DataError(where, field_name(_loc(first.get("loc", ()))),
                        "missing" if message == "Field required" else message) from None
    except RecursionError:
        raise DataError(where, "", "nested too deeply") from None
    _check_references(parsed, battle_map, where)
    remembered.remember(EncounterDefinition, definition, parsed)
    return parsed


def check_team_ids(definition: dict[str, Any], where: str) -> None:
    """An encounter *file* with ``[teams]`` tables names every side in them: a hand-edited typo
    (``team = "partyy"``) is refused, naming the field, instead of becoming a team of its own.

    Only files opened as encounter files are held to it (:func:`tactics.engine.core.encounter.load_encounter`):
    a definition made in code, or a save's copy of one, may still name a team only by its
    combatants (it gets one per name, as before), so saves made before this check still open.
    """
    teams = definition.get("teams") or {}  # (``definition`` has passed check_definition: the shapes are right)
    if not teams:
        return
    for i, who in enumerate(definition.get("combatants") or []):
        if who["team"] not in teams:
            raise DataError(where, f"combatants[{i}].team", f"no team {who['team']!r} (teams: {', '.join(sorted(teams))})")


def _loc(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """Drop pydantic's union-branch names (``int``, ``str``) from an error location."""
    skip = {"int", "str", "float", "bool", "none", "dict[str,any]", "tuple[int, int]"}
    return tuple(p for p in loc if not (isinstance(p, str) and (p.lower() in skip or "[" in p or "-" in p)))


def _check_references(parsed: EncounterDefinition, battle_map: BattleMap, where: str) -> None:
    size = f"the {battle_map.width}x{battle_map.height} map"
    spawns = {s.name for s in battle_map.spawns}
    seen: set[str] = set()
    for i, who in enumerate(parsed.combatants):
        at = f"combatants[{i}]"
        if who.id in seen:
            raise DataError(where, f"{at}.id", f"the id {who.id!r} is used by two combatants")
        seen.add(who.id)
        if who.cell is not None and not battle_map.in_bounds(who.cell):
            raise DataError(where, f"{at}.cell", f"{list(who.cell)} is outside {size}")
        square = (int(who.cell[0]), int(who.cell[1])) if who.cell is not None else None
        if square is not None and battle_map.move_cost(square) is None:  # as Place refuses it
            kind = battle_map.terrain_at(square).name.replace("_", " ")
            raise DataError(where, f"{at}.cell", f"{list(square)} is a {kind} square: no one can stand there")
        if who.cell is None and who.spawn is not None and who.spawn not in spawns:
            known = ", ".join(sorted(spawns)) or "the map has none"
            raise DataError(where, f"{at}.spawn", f"no spawn called {who.spawn!r} on the map (spawns: {known})")
    _check_squares_shared(parsed, battle_map, where)
    trap_ids: set[str] = set()
    for i, trap in enumerate(parsed.traps or []):
        at = f"traps[{i}]"
        if not battle_map.in_bounds(trap.cell):
            raise DataError(where, f"{at}.cell", f"{list(trap.cell)} is outside {size}")
        if trap.wire_end is not None and not battle_map.in_bounds(trap.wire_end):
            raise DataError(where, f"{at}.wire_end", f"{list(trap.wire_end)} is outside {size}")
        if trap.id is not None:
            if trap.id in trap_ids:
                raise DataError(where, f"{at}.id", f"the id {trap.id!r} is used by two traps")
            trap_ids.add(trap.id)


def _check_squares_shared(parsed: EncounterDefinition, battle_map: BattleMap, where: str) -> None:
    """No one starts on another's square (R-GRID-5), as Place and Set up refuse it: a combatant
    written with ``cell`` on the square of one before it (by its cell or its spawn) is refused,
    naming the field. Only those on the map count (``present = false`` joins later); two placed
    only by the map's own spawns are the map's business (an imported map still opens)."""
    spawn_cells = {s.name: s.cell for s in battle_map.spawns}
    taken: dict[tuple[int, int], tuple[str, bool]] = {}  # square -> (who, placed by its own cell)
    for i, who in enumerate(parsed.combatants):
        cell = who.cell if who.cell is not None else spawn_cells.get(who.spawn) if who.spawn is not None else None
        if cell is None or not who.present:
            continue
        square, written = (int(cell[0]), int(cell[1])), who.cell is not None
        other = taken.get(square)
        if other is not None and (written or other[1]):
            field = "cell" if written else "spawn"
            raise DataError(where, f"combatants[{i}].{field}", f"{list(square)} is {other[0]}'s square too")
        taken.setdefault(square, (who.name or who.id, written))


__all__ = ["CombatantDefinition", "EncounterDefinition", "MODES", "TeamDefinition", "TrapDefinition", "check_definition",
           "check_team_ids"]
