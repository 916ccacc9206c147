"""Traps a mover's side knows of, as the move search and its preview see them (N-TRAP-12).

Why it exists: a GM found that once Art had spotted the Stealth mine, the path
preview still ran straight over it ("20 ft", no mark) and a click there set it
off, though an equally short way round was free. A battle map is expected to
walk a token around a hazard its side knows of, and to say so plainly when the
chosen way still sets one off. :func:`tactics.engine.combat.moves.move_routes`
asks :func:`squares_to_walk_around` which squares its search avoids; the window
asks :func:`known_trap_ahead` what a shown route sets off.

Only traps known to the mover's team count (``Trap.known_to``: set by that side,
found by it, or shown to all by the GM): a trap hidden from it never changes a
path or a word, or the path would give it away.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from tactics.engine.core.state import Combatant, EncounterState
from tactics.maps.battlemap import BattleMap
from tactics.rules import traps as tr
from tactics.rules.geometry import Segment
from tactics.rules.grid import Cell, cell_center


def known_armed_traps(state: EncounterState, team: str | None) -> list[tr.Trap]:
    """The armed traps ``team`` knows of (reading: N-TRAP-2, spotting is shared with the whole side)."""
    traps: Iterable[Any] = getattr(state, "traps", {}).values()
    return [t for t in sorted(traps, key=lambda t: t.id)
            if isinstance(t, tr.Trap) and t.armed and t.known_to(team)]


def squares_to_walk_around(state: EncounterState, who: Combatant, walls: Any = None) -> frozenset[Cell]:
    """Squares whose entry may set off a trap ``who``'s side knows of (reading: N-TRAP-12).

    ``walls``: the map the move is taken on (a proximity sensor senses through no wall).
    Empty when the side knows of no armed trap, so an unknown trap changes nothing."""
    out: set[Cell] = set()
    for trap in known_armed_traps(state, who.team):
        out |= tr.trigger_squares(trap, walls)
    return frozenset(out)


def wires_to_walk_around(state: EncounterState, who: Combatant, origin: Cell | None = None) -> tuple[Segment, ...]:
    """The wires of the tripwires ``who``'s side knows of, each a line between its squares'
    centres (reading: N-TRAP-3, N-TRAP-12), for the search round known traps to treat as walls:
    avoiding the wire's squares alone left a diagonal step free to cross the wire at a corner
    between two squares off it (33 of 106 ways round a known 45-degree wire set it off). A wire
    through ``origin`` is left out: a step that starts on the wire and leaves it sets nothing off."""
    out = []
    for trap in known_armed_traps(state, who.team):
        if trap.trigger != "tripwire" or trap.wire_end is None:
            continue
        if origin is not None and origin in tr.wire_cells(trap):
            continue
        (x1, y1), (x2, y2) = cell_center(trap.cell), cell_center(trap.wire_end)
        out.append(Segment(x1, y1, x2, y2))
    return tuple(out)


_WIRED: dict[tuple[int, tuple[Segment, ...]], tuple[BattleMap, BattleMap]] = {}


def map_with_wires(battle_map: BattleMap, wires: tuple[Segment, ...]) -> BattleMap:
    """``battle_map`` with ``wires`` added as walls (for the search round known traps only; the
    walk itself is judged on the real map), remembered so its walls are built once."""
    if not wires:
        return battle_map
    key = (id(battle_map), wires)
    hit = _WIRED.get(key)
    if hit is not None and hit[0] is battle_map:
        return hit[1]
    if len(_WIRED) > 32:
        _WIRED.clear()
    wired = replace(battle_map, wall_segments=[*battle_map.wall_segments, *wires])
    _WIRED[key] = (battle_map, wired)
    return wired


@dataclass(frozen=True)
class KnownTrapAhead:
    """The first known trap a shown route sets off: ``index`` in the path, ``cell`` where it goes
    off (the mover stops there, N-TRAP-3), ``traps`` (several when one step sets off more)."""

    index: int
    cell: Cell
    traps: tuple[tr.Trap, ...]
    last: bool  # the square is the route's end

    @property
    def label(self) -> str:
        names = list(dict.fromkeys(t.label for t in self.traps))
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def known_trap_ahead(state: EncounterState, cid: str, start: Cell, path: list[Cell],
                     walls: Any = None) -> KnownTrapAhead | None:
    """Where walking ``path`` from ``start`` sets off a trap ``cid``'s side knows of (None: nowhere).

    The same step test the walk itself uses (:func:`tactics.rules.traps.first_trigger`), so the
    preview's warning and the walk agree; traps hidden from the side are not looked at."""
    who = state.combatants.get(cid)
    if who is None or not path:
        return None
    known = known_armed_traps(state, who.team)
    if not known:
        return None
    walls = state.current_map() if walls is None else walls
    hit = tr.first_trigger(known, start, list(path), walls)
    if hit is None:
        return None
    index, traps = hit
    cell = path[index]
    return KnownTrapAhead(index, (int(cell[0]), int(cell[1])), tuple(traps), index == len(path) - 1)


def warning_words(name: str, ahead: KnownTrapAhead) -> str:
    """The status line's warning: "onto the Stealth mine: it goes off" or, before the route's
    end, "through the Stealth mine at 16, 10: it goes off and Art stops there"."""
    if ahead.last:
        return f"onto the {ahead.label}: it goes off"
    at = f"{ahead.cell[0]}, {ahead.cell[1]}"
    return f"through the {ahead.label} at {at}: it goes off and {name} stops there"
