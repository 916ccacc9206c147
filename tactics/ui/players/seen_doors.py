"""Secret doors in the players' copy of the state: a plain wall until the GM first opens one.

Why it exists: a Tiled door the GM made invisible in Tiled (its object, its layer or a parent
group hidden) is a secret door (reading: N-DOOR-6). The players' window and the players' view
(F2) draw, hover and word what :func:`players_state` gives them, so the copy must hold no trace
of it: the door leaves the copy's door list and its line joins the copy's walls (it blocks
there as it does on the GM's map). The doors that stay are numbered afresh, and every door
number the copy holds (the doors open or closed since the map began, the door actions
declared) is renumbered with them, so the players' layers name the right door.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from tactics.engine.core.state import EncounterState
from tactics.maps.battlemap import BattleMap

_MAPS: OrderedDict[tuple[int, frozenset[int]], tuple[BattleMap, BattleMap, dict[int, int]]] = OrderedDict()


def hidden_doors(state: EncounterState) -> frozenset[int]:
    """The doors of the map the players know nothing of now (secret, never opened)."""
    return frozenset(i for i in range(len(state.map.doors)) if state.door_secret(i))


def players_map(base: BattleMap, hidden: frozenset[int]) -> tuple[BattleMap, dict[int, int]]:
    """``base`` without the ``hidden`` doors (their lines walls) and the renumbering of the
    others (old number -> new). Made once per map and set (the board keys its art on the map)."""
    key = (id(base), hidden)
    hit = _MAPS.get(key)
    if hit is not None and hit[0] is base:
        _MAPS.move_to_end(key)
        return hit[1], hit[2]
    kept = [i for i in range(len(base.doors)) if i not in hidden]
    numbers = {old: new for new, old in enumerate(kept)}
    seen = replace(base, doors=[replace(base.doors[i], secret=False) for i in kept],
                   wall_segments=list(base.wall_segments) + [base.doors[i].segment for i in sorted(hidden)])
    _MAPS[key] = (base, seen, numbers)
    if len(_MAPS) > 8:
        _MAPS.popitem(last=False)
    return seen, numbers


def hide_secret_doors(seen: EncounterState, state: EncounterState) -> None:
    """Take the secret doors out of ``seen`` (a shallow copy of ``state``; its containers are
    replaced, never changed in place)."""
    if not any(door.secret for door in state.map.doors):
        return
    hidden = hidden_doors(state)
    seen.map, numbers = players_map(state.map, hidden)
    seen.open_doors = {numbers[i] for i in state.open_doors if i in numbers}
    seen.closed_doors = {numbers[i] for i in state.closed_doors if i in numbers}
    seen.revealed_doors = set()
    seen.combat = _combat_renumbered(seen.combat, numbers)


def _combat_renumbered(combat: Any, numbers: dict[int, int]) -> Any:
    """The fight with every declared door action naming its door by the copy's number (one that
    names a hidden door, which the engine never accepts, is left out)."""
    declarations = getattr(combat, "declarations", None)
    if not declarations or not any(_door_of(d) is not None for d in declarations):
        return combat
    out = copy.copy(combat)
    out.declarations = []
    for d in declarations:
        door = _door_of(d)
        if door is None:
            out.declarations.append(d)
        elif door in numbers:
            out.declarations.append(replace(d, params={**d.params, "door": numbers[door]}))
    return out


def _door_of(declaration: Any) -> int | None:
    door = getattr(declaration, "params", {}).get("door")
    return door if type(door) is int else None


__all__ = ["hidden_doors", "hide_secret_doors", "players_map"]
