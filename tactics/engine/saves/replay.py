"""Checking a save's events as they are replayed, so a hand-edited save cannot crash the window.

Why: the reducers trust their events (they were made by commands). A save is
text that anyone may edit: ``token.placed`` with ``"cell": [6]`` replayed into a
token on square ``(6,)`` and the window crashed drawing it; an ``attack.rolled``
without its ``d20`` crashed the log. Loading a save now checks, for every
replayed entry:

1. each event's data against its kind's class (:mod:`tactics.engine.core.events`:
   every kind is a typed dataclass, validated with pydantic like rules data and
   encounter files; an unknown kind is refused by the save's own check);
2. each event's log line: the log panel's own describer must be able to word it;
3. after the entry, the state the window draws: every token on a square of the
   map (two whole numbers), facings known, hit points whole numbers, names
   drawable, team colours in range, open doors and traps on the map.

The first problem is reported as ``entries[12].events[0].cell: ...``; the caller
makes it a :class:`~tactics.engine.saves.document.SaveError`.
"""

from __future__ import annotations

import re
from typing import Any

from tactics.engine.core.events import Event, EventDataError, from_dict
from tactics.engine.core.state import EncounterState
from tactics.rules.grid import DIRECTIONS

class ReplayProblem(Exception):
    """Where in the entry (``events[0].cell``, ``state.combatants.ann.cell``) and what is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


def event_of(raw: dict[str, Any], where: str) -> Event:
    """The typed event a saved ``{"kind", "data"}`` holds, its data validated (ReplayProblem naming the field)."""
    try:
        return from_dict(raw)
    except EventDataError as exc:
        at = f"{where}.data.{exc.where}" if exc.where and exc.where != "data" else f"{where}.data"
        raise ReplayProblem(at if exc.where else where, exc.problem) from None


def check_log_line(event: Event, state: EncounterState, where: str) -> None:
    """The log panel can word the event (a missing ``d20`` crashed it)."""
    from tactics.engine.combat.queries import describe

    try:
        describe(event, state)
    except Exception as exc:  # any failure here is a failure in the window's log
        raise ReplayProblem(f"{where}.data", f"cannot be shown in the log ({_why(exc)})") from None


def _why(exc: Exception) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return f"missing {exc.args[0]!r}"
    text = " ".join(str(exc).split())[:160]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


_CONTROL = re.compile(r"[\x00-\x1f\ud800-\udfff]")


def _drawable(text: Any) -> bool:
    return isinstance(text, str) and _CONTROL.search(text) is None


def _square_on(cell: Any, width: int, height: int) -> bool:
    return (type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is int
            and 0 <= cell[0] < width and 0 <= cell[1] < height)


def check_state(state: EncounterState, *, names: bool = True) -> None:
    """What the window draws is drawable: ReplayProblem naming the first thing that is not.

    Run after every replayed entry, so it is written for speed (a few microseconds a token);
    ``names=False`` skips the combatants' names (no event renames anyone: they are checked
    in the start state and the final one).
    """
    battle_map = state.map
    width, height = battle_map.width, battle_map.height
    for cid, who in state.combatants.items():
        cell, hp, max_hp = who.cell, who.hp, who.max_hp
        if (cell is None or _square_on(cell, width, height)) and who.facing in _FACINGS \
                and type(hp) is int and type(max_hp) is int and -10**9 <= hp <= 10**9 and 0 <= max_hp <= 10**9 \
                and type(who.hidden) is bool and type(who.present) is bool \
                and (who.stealth is None or type(who.stealth) is int) \
                and (not names or _drawable(who.name)) \
                and all(_drawable(c.name) and (c.rounds is None or type(c.rounds) is int) for c in who.conditions):
            continue
        _explain_combatant(cid, who, width, height)
    for tid, team in state.teams.items():
        colour = team.colour
        if not (isinstance(colour, tuple) and len(colour) == 3 and all(type(v) is int and 0 <= v <= 255 for v in colour)):
            raise ReplayProblem(f"state.teams.{tid}.colour", f"{colour!r} is not a colour (3 whole numbers 0..255)")
    for door in state.open_doors:
        if type(door) is not int or not 0 <= door < len(battle_map.doors):
            raise ReplayProblem("state.open_doors", f"there is no door {door!r} on the map")
    for door in state.closed_doors:
        if type(door) is not int or not 0 <= door < len(battle_map.doors):
            raise ReplayProblem("state.closed_doors", f"there is no door {door!r} on the map")
    for trap_id, trap in state.traps.items():
        cell = getattr(trap, "cell", None)
        if not _square_on(cell, width, height):
            raise ReplayProblem(f"state.traps.{trap_id}.cell", f"{cell!r} is not a square on the map")


_FACINGS = frozenset(DIRECTIONS)


def _explain_combatant(cid: str, who: Any, width: int, height: int) -> None:
    """Which of a combatant's fields the window cannot draw (check_state found one)."""
    at = f"state.combatants.{cid}"
    cell = who.cell
    if cell is not None and not _square_on(cell, width, height):
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
            raise ReplayProblem(f"{at}.cell", f"{cell!r} is not a square [column, row]")
        raise ReplayProblem(f"{at}.cell", f"{list(cell)} is outside the {width}x{height} map")
    if who.facing not in _FACINGS:
        raise ReplayProblem(f"{at}.facing", f"unknown facing {who.facing!r}")
    for key in ("hp", "max_hp"):
        value = getattr(who, key)
        if type(value) is not int or abs(value) > 10**9 or (key == "max_hp" and value < 0):
            raise ReplayProblem(f"{at}.{key}", f"{value!r} is not a whole number of hit points")
    if not _drawable(who.name):
        raise ReplayProblem(f"{at}.name", "the name holds control characters")
    if who.stealth is not None and type(who.stealth) is not int:
        raise ReplayProblem(f"{at}.stealth", f"{who.stealth!r} is not a whole number")
    for condition in who.conditions:
        if not _drawable(condition.name) or not (condition.rounds is None or type(condition.rounds) is int):
            raise ReplayProblem(f"{at}.conditions", f"condition {condition.name!r} cannot be shown")
    raise ReplayProblem(at, "hidden and present must be true or false")


def check_after_entry(events: list[Event], state: EncounterState, where: str) -> None:
    """Log lines of the entry's events against the state they made, then the state itself."""
    for j, event in enumerate(events):
        check_log_line(event, state, f"{where}.events[{j}]")
    try:
        check_state(state, names=False)
    except ReplayProblem as exc:
        raise ReplayProblem(f"{where}: {exc.where}", exc.problem) from None


__all__ = ["ReplayProblem", "check_after_entry", "check_state", "event_of"]
