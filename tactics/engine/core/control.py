"""Who plays each team: the people at the table, or the app (solo play).

Why it exists: a solo player marks the other side "app-controlled" and the
opponent (:mod:`tactics.ai`) plays it. Which teams the app plays, and how well,
is part of the game, so it is state changed by a command (undoable, in the
log, in the save), like the table settings. An encounter file says it per
team::

    [teams.bears]
    controlled_by = "app"     # or "people" (the default)
    opponent = "monster"      # "win" (the default) or "monster"

``state.settings["opponent"]`` maps a team id to the level the app plays it at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.data import DataError
from tactics.rules.dice import Dice

reducer = Reducer()

#: The levels the app can play a team at, and what the window calls them.
LEVELS: dict[str, str] = {"win": "Plays to win", "monster": "Plays like the text's monsters"}
PEOPLE = "people"


def controller_of(state: EncounterState, team: str) -> str | None:
    """The level the app plays ``team`` at, or None when people play it."""
    value = dict(state.settings.get("opponent", {})).get(team)
    return value if value in LEVELS else None


def app_teams(state: EncounterState) -> dict[str, str]:
    """Every app-controlled team and its level."""
    return {team: level for team in state.teams if (level := controller_of(state, team)) is not None}


@dataclass
class SetController:
    """Let the app play ``team`` at ``level`` (``"win"`` / ``"monster"``), or hand it back (``"people"``)."""

    team: str
    level: str
    name: str = "set-controller"

    def args(self) -> dict[str, Any]:
        return {"team": self.team, "level": self.level}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        if self.team not in state.teams:
            raise Refused(f"there is no team {self.team!r}")
        if self.level != PEOPLE and self.level not in LEVELS:
            raise Refused(f"a team is played by people or the app ({', '.join(LEVELS)}), not {self.level!r}")
        was = controller_of(state, self.team) or PEOPLE
        if was == self.level:
            name = state.teams[self.team].name
            raise Refused(f"{name} is already played by {'people' if was == PEOPLE else 'the app'}")
        return [Event("opponent.set", {"team": self.team, "level": self.level, "was": was})]


@reducer.on("opponent.set")
def _set(state: EncounterState, d: dict[str, Any]) -> None:
    table = dict(state.settings.get("opponent", {}))
    if d["level"] == PEOPLE:
        table.pop(d["team"], None)
    else:
        table[d["team"]] = d["level"]
    state.settings["opponent"] = table


def describe(event: Event, state: EncounterState | None = None) -> str:
    """The log's line for a change of who plays a team."""
    d = event.data
    team = state.teams.get(d["team"]) if state is not None else None
    name = team.name if team is not None else d["team"]
    if d["level"] == PEOPLE:
        return f"{name}: played by people again."
    return f"{name}: played by the app ({LEVELS.get(d['level'], d['level']).lower()})."


def build_controllers(state: EncounterState, definition: dict[str, Any]) -> None:
    """``controlled_by = "app"`` (and ``opponent = LEVEL``) in an encounter's team tables."""
    where = str(definition.get("source") or definition.get("name") or "encounter")
    table = dict(state.settings.get("opponent", {}))
    for tid, raw in dict(definition.get("teams", {})).items():
        if not isinstance(raw, dict):
            continue
        by = raw.get("controlled_by", PEOPLE)
        if by not in (PEOPLE, "app"):
            raise DataError(where, f"teams.{tid}.controlled_by", f"expected \"people\" or \"app\", not {by!r}")
        level = raw.get("opponent", "win")
        if level not in LEVELS:
            raise DataError(where, f"teams.{tid}.opponent", f"expected one of {', '.join(LEVELS)}, not {level!r}")
        if by == "app":
            table[str(tid)] = level
    if table:
        state.settings["opponent"] = table
