"""Who plays each team: the people at the table, or the app (solo play).

Why it exists: a solo player marks the other side "app-controlled" and the
opponent (:mod:`tactics.ai`) plays it. Which teams the app plays, and how well,
is part of the game, so it is state changed by a command (undoable, in the
log, in the save), like the table settings. An encounter file says it per
team::

    [teams.bears]
    controlled_by = "app"     # or "people" (the default)
    opponent = "monster"      # "win" (the default) or "monster"

A starship battle's side that is not a ground team (the pirates' ship) is played
the same way: ``controlled_by`` / ``opponent`` in its ``[[space.ships]]`` entry
(or in a ``[teams.SIDE]`` table), or ``SetController(side, level)``; the app
then plays every crew post of that side's ships (:mod:`tactics.ai.starship_turn`).

``state.settings["opponent"]`` maps a team id (or a ship side) to the level the app plays it at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.core.board_events import OpponentSet
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.data import DataError
from tactics.rules.dice import Dice

reducer = Reducer()

#: The levels the app can play a team at, and what the window calls them.
LEVELS: dict[str, str] = {"win": "Plays to win", "monster": "Plays like the text's monsters"}
PEOPLE = "people"
#: The levels in a line of the window ("played by the app (the text's monsters)").
SHORT_LEVELS: dict[str, str] = {"win": "plays to win", "monster": "the text's monsters"}


def level_words(level: str) -> str:
    """"the app (plays to win)", "people": who plays at ``level`` (a controller's name)."""
    if level == PEOPLE or level not in LEVELS:
        return "people"
    return f"the app ({SHORT_LEVELS.get(level, LEVELS[level].lower())})"


def controller_of(state: EncounterState, team: str) -> str | None:
    """The level the app plays ``team`` at, or None when people play it."""
    value = dict(state.settings.get("opponent", {})).get(team)
    return value if value in LEVELS else None


def app_teams(state: EncounterState) -> dict[str, str]:
    """Every app-controlled team and its level."""
    return {team: level for team in state.teams if (level := controller_of(state, team)) is not None}


def ship_sides(state: EncounterState) -> list[str]:
    """The sides of the encounter's starship battle, in the order their first ship is listed."""
    space = getattr(state, "space", None)
    ships = getattr(space, "ships", {}) or {}
    return list(dict.fromkeys(ship.side for ship in ships.values()))


def app_sides(state: EncounterState) -> dict[str, str]:
    """Every app-controlled side of the starship battle and its level."""
    return {side: level for side in ship_sides(state) if (level := controller_of(state, side)) is not None}


def side_name(state: EncounterState, side: str) -> str:
    """What the window calls a team or a ship side ("The Party", "the Red Maw's side")."""
    if side in state.teams:
        return state.teams[side].name
    space = getattr(state, "space", None)
    names = [s.name for s in getattr(space, "ships", {}).values() if s.side == side]
    return f"the {' and '.join(names)}'s side" if names else side


@dataclass
class SetController:
    """Let the app play ``team`` (or a ship side) at ``level`` (``"win"`` / ``"monster"``), or hand it
    back (``"people"``)."""

    team: str
    level: str
    name: str = "set-controller"

    def args(self) -> dict[str, Any]:
        return {"team": self.team, "level": self.level}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        if self.team not in state.teams and self.team not in ship_sides(state):
            raise Refused(f"there is no team or ship side {self.team!r}")
        if self.level != PEOPLE and self.level not in LEVELS:
            raise Refused(f"a team is played by people or the app ({', '.join(LEVELS)}), not {self.level!r}")
        was = controller_of(state, self.team) or PEOPLE
        if was == self.level:
            name = side_name(state, self.team)
            raise Refused(f"{name} is already played by {'people' if was == PEOPLE else 'the app'}")
        return [OpponentSet(team=self.team, level=self.level, was=was)]


@reducer.on(OpponentSet)
def _set(state: EncounterState, event: OpponentSet) -> None:
    table = dict(state.settings.get("opponent", {}))
    if event.level == PEOPLE:
        table.pop(event.team, None)
    else:
        table[event.team] = event.level
    state.settings["opponent"] = table


def describe(event: Event, state: EncounterState | None = None) -> str:
    """The log's line for a change of who plays a team."""
    assert isinstance(event, OpponentSet)  # the describer of this kind only
    team = state.teams.get(event.team) if state is not None else None
    name = team.name if team is not None else event.team
    if event.level == PEOPLE:
        return f"{name}: played by people again."
    return f"{name}: played by {level_words(event.level)}."


def build_controllers(state: EncounterState, definition: dict[str, Any]) -> None:
    """``controlled_by = "app"`` (and ``opponent = LEVEL``) in an encounter's team tables."""
    where = str(definition.get("source") or definition.get("name") or "encounter")
    table = dict(state.settings.get("opponent", {}))
    for tid, raw in dict(definition.get("teams", {})).items():
        if not isinstance(raw, dict):
            continue
        level = _controller(raw, where, f"teams.{tid}")
        if level is not None:
            table[str(tid)] = level
    space = definition.get("space")
    ships = space.get("ships", []) if isinstance(space, dict) else []
    said: dict[str, tuple[str | None, str]] = {}  # side -> (level, the field that said it)
    for i, raw in enumerate(ships if isinstance(ships, list) else []):
        if not isinstance(raw, dict) or ("controlled_by" not in raw and "opponent" not in raw):
            continue
        at = f"space.ships.{i}"
        level, side = _controller(raw, where, at), str(raw.get("side", ""))
        if side in said and said[side][0] != level:
            raise DataError(where, f"{at}.controlled_by",
                            f"the {side!r} side's ships disagree on who plays them (see {said[side][1]})")
        said[side] = (level, at)
        if level is not None:
            table[side] = level
    if table:
        state.settings["opponent"] = table


def _controller(raw: dict[str, Any], where: str, at: str) -> str | None:
    """The level ``controlled_by = "app"`` / ``opponent = ...`` in one table gives (None: people)."""
    by = raw.get("controlled_by", PEOPLE)
    if by not in (PEOPLE, "app"):
        raise DataError(where, f"{at}.controlled_by", f"expected \"people\" or \"app\", not {by!r}")
    level = raw.get("opponent", "win")
    if level not in LEVELS:
        raise DataError(where, f"{at}.opponent", f"expected one of {', '.join(LEVELS)}, not {level!r}")
    return level if by == "app" else None
