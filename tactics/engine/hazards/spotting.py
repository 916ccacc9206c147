"""Spotting traps: Passive Perception along every walk, and the active search (R-TRAP-2, N-TRAP-2..7).

Why it exists: traps change the encounter as tokens walk. Every walk passes
through :func:`trap_path_hook` (registered in ``board.PATH_HOOKS``), which
compares the mover's Passive Perception with the hidden traps it can see as it
enters each square, stops it where a trap goes off (R-TRAP-4) or where it
spots one its path would set off (N-TRAP-2), and returns the events.
:class:`ActiveSearch` is the Standard action over 10 ft.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.hazards.events import TrapHalted, TrapSearch
from tactics.engine.combat.gate import action_events
from tactics.engine.hazards import sheet
from tactics.engine.hazards.blast import roll_d20_check
from tactics.engine.hazards.trap_checks import search_plan
from tactics.engine.hazards.traps import detected_event, on_map_or_refuse, trigger_events
from tactics.engine.core.journal import Event, Reducer
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import traps as tr
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell

reducer = Reducer()


def passive_scan(
    state: EncounterState, who: Combatant, cell: Cell, known: set[str]
) -> list[tuple[tr.Trap, int]]:
    """Hidden traps the mover spots from ``cell`` with Passive Perception (R-TRAP-2)."""
    rules = tr.default_trap_rules()
    battle_map = state.current_map()
    classes = sheet.classes(who)
    reach = tr.scan_range_ft(classes, rules)
    perception = sheet.skill(who, "Perception")
    base_adv = sheet.check_advantage(who, "skill")
    found = []
    for trap in sorted(state.traps.values(), key=lambda t: t.id):
        if trap.id in known or trap.status not in ("armed", "off"):
            continue
        if tr.trap_distance_ft(trap, cell) > reach or not tr.can_see_trap(trap, cell, battle_map):
            continue
        bonus, adv = tr.sense_modifiers(trap, cell, classes, rules)
        passive = tr.passive_perception(perception, bonus, adv + base_adv, sheet.affinity_die(who), rules)
        if passive >= trap.detection_dc:
            found.append((trap, passive))
    return found


@dataclass
class PathScan:
    """Where a walk ends because of traps, worked out without a die (R-TRAP-2, R-TRAP-4).

    ``stop``: index in the path of the last square the mover reaches (-1: it
    stays where it is; None: nothing stops it); ``fired``: the traps the step
    onto that square sets off; ``events``: the traps spotted on the way.
    """

    stop: int | None
    fired: list[tr.Trap]
    events: list[Event]


def scan_path(state: EncounterState, cid: str, path: list[Cell]) -> PathScan:
    """At the start square and at each square entered the mover's Passive
    Perception is compared with every hidden trap it can see in range. A step
    that sets a trap off ends the walk on that square; spotting a trap that
    the rest of the path would set off ends it where the mover stands (N-TRAP-2)."""
    who = state.combatants.get(cid)
    if who is None or who.cell is None or not path or not state.traps:
        return PathScan(None, [], [])
    rules = tr.default_trap_rules()
    battle_map = state.current_map()
    known = {t.id for t in state.traps.values() if t.known_to(who.team)}
    armed = [t for t in sorted(state.traps.values(), key=lambda t: t.id) if t.armed]
    events: list[Event] = []

    def spot(cell: Cell, index: int) -> bool:
        fresh = passive_scan(state, who, cell, known)
        for trap, passive in fresh:
            known.add(trap.id)
            events.append(detected_event(trap, who, "passive", passive=passive, dc=trap.detection_dc, at=cell))
        if not rules.stop_on_spotting:
            return False
        ahead = path[index + 1:]
        return bool(ahead) and tr.first_trigger([t for t, _ in fresh], cell, ahead, battle_map) is not None

    if spot(who.cell, -1):
        return PathScan(-1, [], events)
    previous = who.cell
    for i, cell in enumerate(path):
        fired = [t for t in armed if tr.step_sets_off(t, previous, cell, battle_map)]
        if fired:
            return PathScan(i, fired, events)
        if spot(cell, i):
            return PathScan(i, [], events)
        previous = cell
    return PathScan(None, [], events)


def trap_stop_index(state: EncounterState, cid: str, path: list[Cell]) -> int | None:
    """The last square of ``path`` the mover reaches before a trap stops it (a ``board.PATH_LIMITS`` entry)."""
    return scan_path(state, cid, path).stop


def trap_path_hook(
    state: EncounterState, cid: str, path: list[Cell], dice: Dice
) -> tuple[list[Cell], list[Event]]:
    """Detection and triggering along a walked path (R-TRAP-2, R-TRAP-4, N-TRAP-2):
    the walk :func:`scan_path` finds, then the blasts of what it set off."""
    scan = scan_path(state, cid, path)
    if scan.stop is None and not scan.events:
        return path, []
    who = state.combatants[cid]
    assert who.cell is not None  # check_path refused a walk by a token off the map
    events = list(scan.events)
    walked = list(path if scan.stop is None else path[: scan.stop + 1])
    while walked and (other := state.at(walked[-1])) is not None and other.id != cid:
        walked.pop()  # cannot end on an ally's square: back up (R-GRID-5)
    if scan.fired:
        end = walked[-1] if walked else who.cell
        for trap in scan.fired:
            events += trigger_events(state, trap, dice, by=cid, positions={cid: end})
    elif scan.stop is not None:
        events.append(TrapHalted(combatant=cid, at=walked[-1] if walked else who.cell))
    return walked, events


@dataclass
class ActiveSearch:
    """A Standard action: one Perception check against every hidden trap within
    10 ft the searcher can see (R-TRAP-2). Misses are kept out of the players' log."""

    combatant: str
    name: str = "search-traps"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        gated = action_events(state, dice, self.combatant, "search-traps")
        return self.perform(state, dice) if gated is None else gated  # reading: N-GATE-1

    def perform(self, state: EncounterState, dice: Dice) -> list[Event]:
        """The search itself, once the action economy allowed it (or outside a fight)."""
        who = on_map_or_refuse(state, self.combatant)
        rules = tr.default_trap_rules()
        search = search_plan(state, who)  # the same plan the trap tool's odds come from
        # reading: N-TRAP-7. One d20 for the whole search; the advantage die counts only where it applies.
        roll = roll_d20_check(
            dice, "Perception", [(sheet.skill_check(who, "Perception")[0], search.perception)], dc=None,
            advantage=search.advantage, affinity=search.affinity,
        )
        sides, face, _sign = roll["extra"]
        found: list[dict[str, Any]] = []
        missed: list[dict[str, Any]] = []
        for i, t in enumerate(search.traps):
            total = search.total(i, roll["d20"], sides, face)
            (found if total >= t.detection_dc else missed).append({"trap": t.id, "total": total, "dc": t.detection_dc})
        events: list[Event] = [TrapSearch(combatant=who.id, roll=roll, found=found, gm_only={"missed": missed},
                             radius_ft=rules.active_search_radius_ft, action="Standard")]
        for f in found:
            events.append(detected_event(state.traps[f["trap"]], who, "search", total=f["total"], dc=f["dc"]))
        return events


reducer.on(TrapSearch)(lambda state, event: None)  # log only
reducer.on(TrapHalted)(lambda state, event: None)


__all__ = ["ActiveSearch", "PathScan", "passive_scan", "reducer", "scan_path", "trap_path_hook", "trap_stop_index"]
