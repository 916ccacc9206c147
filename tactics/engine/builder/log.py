"""The set-up's lines in the log: "Set up: Vex joins The Party (24 hp)." instead of raw event data.

Why it exists: the GM's log lists every command; the builder's events need
sentences a GM reads. Registered in the log's describers
(:data:`tactics.engine.combat.queries.DESCRIBERS`) when imported (see
:mod:`tactics.engine.features`). The lines use the names the events carry, so
a combatant removed since is still named.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.builder.events import (
    ALL, SetupCombatantAdded, SetupCombatantEdited, SetupCombatantRemoved, SetupModeSet, SetupTeamAdded,
    SetupTeamEdited,
)
from tactics.engine.builder.allowed import MODE_WORDS
from tactics.engine.combat.queries import DESCRIBERS
from tactics.engine.core.journal import Event

_FIELDS = {"name": "name", "team": "team", "hp": "hit points", "max_hp": "most hit points", "sheet": "stat block",
           "art": "picture", "hidden": "hidden"}


def _team(state: Any, tid: str) -> str:
    team = getattr(state, "teams", {}).get(tid)
    return team.name if team is not None else tid


def describe_setup(event: Event, state: Any = None) -> str:
    if isinstance(event, SetupTeamAdded):
        return f"Set up: new team {event.name} (played by {'the players' if event.players else 'the GM'})."
    if isinstance(event, SetupTeamEdited):
        return f"Set up: team {event.name} changed."
    if isinstance(event, SetupCombatantAdded):
        r = event.combatant
        hidden = ", hidden from the players" if r.get("hidden") else ""
        return f"Set up: {r['name']} joins {_team(state, r['team'])} ({r['hp']} hp{hidden})."
    if isinstance(event, SetupCombatantEdited):
        combatants = getattr(state, "combatants", {})
        who = combatants.get(event.combatant)
        name = who.name if who is not None else event.combatant
        what = []
        for key, value in event.after.items():
            if key == "art":
                what.append("new picture" if value else "initials instead of a picture")
            elif key == "hidden":
                what.append("hidden from the players" if value else "shown to the players")
            elif key == "team":
                what.append(f"now in {_team(state, value)}")
            elif key in ("hp", "max_hp"):
                what.append(f"{_FIELDS[key]} {value}")
            elif key == "name":
                what.append(f"was {event.before.get('name')}")
            else:
                what.append(f"new {_FIELDS.get(key, key)}")
        return f"Set up: {name}: {', '.join(what)}."
    if isinstance(event, SetupModeSet):
        text = "the second rules text" if event.mode == "individual" else "the first rules text"
        return f"Set up: the fight is played in {MODE_WORDS.get(event.mode, event.mode)} ({text})."
    if isinstance(event, SetupCombatantRemoved):
        return f"Set up: {event.name or event.combatant} removed."
    return f"Set up: {event.kind}"


KINDS = tuple(cls.kind for cls in ALL)
for _kind in KINDS:
    DESCRIBERS.setdefault(_kind, describe_setup)

__all__ = ["KINDS", "describe_setup"]
