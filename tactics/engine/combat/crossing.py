"""The checks a run asks on its way, and what they do to a charge's odds (R-MOVE-2, N-MOVE-3).

Why it exists: a review found a bear's Charge across debris shown as "Miss 30% ... Major 35%"
as if the bear surely arrived, with nothing saying the run needs an Acrobatics check; both
bears failed it and the log said "Miss". Here the engine says, before the roll, which squares
of a declared or aimed run ask for a check, the chance of each, and the attack's outcome
chances with a ``"stopped"`` share for the runs that end out of reach.

The numbers are the engine's own: every check and its chance is read from the
``combat.check`` events of a dry run of :func:`~tactics.engine.combat.actions.move_events` (the
function the resolution moves with, its ``odds`` computed by the same call that rolls), with
faces chosen to pass the checks before it; a failure's stop square is where that dry run with
a failing face leaves the mover. Nothing is committed, nothing of the real dice is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from tactics.engine.combat.attack import AttackSetup
from tactics.engine.combat.events import CombatCheck
from tactics.engine.core.board_events import TokenMoved
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell
from tactics.rules.sheets import Technique

if TYPE_CHECKING:
    from tactics.engine.combat.state import Declaration

#: the share of a charge's outcomes where the run ends out of reach (no blow)
STOPPED = "stopped"
HITS = ("minor", "hit", "major", "critical")


@dataclass(frozen=True)
class CrossingCheck:
    """One square of a run that asks for a check: where, what the map calls it, the check and its chance."""

    cell: Cell
    place: str  # the terrain's label ("debris")
    what: str  # the check rolled ("Acrobatics")
    dc: int
    chance: Fraction
    die: tuple[int, int] = (0, 0)  # the advantage die after the d20: (sides, sign), (0, 0) for none (R-ROLL-2)


@dataclass(frozen=True)
class RunOdds:
    """A run's checks and the attack at its end: ``through`` every check passes; ``chances`` the
    attack's outcomes over every way the run can end, ``"stopped"`` where it ends out of reach."""

    checks: tuple[CrossingCheck, ...]
    through: Fraction
    chances: dict[str, Fraction]

    @property
    def to_damage(self) -> Fraction:
        return sum((self.chances.get(k, Fraction(0)) for k in HITS), Fraction(0))


def _best(check: CombatCheck) -> list[int]:
    """Faces that make this check pass if any can: a natural 20 and the advantage die's best."""
    sides, _, sign = check.extra
    return [20] + ([sides if sign > 0 else 1] if sides else [])


def _worst(check: CombatCheck) -> list[int]:
    """Faces that make this check fail if any can: a natural 1 and the advantage die's worst."""
    sides, _, sign = check.extra
    return [1] + ([1 if sign > 0 else sides] if sides else [])


def _chance(check: CombatCheck) -> Fraction:
    return Fraction(str(check.odds)) if check.odds else Fraction(int(check.total >= (check.dc or 0)))


def _dry_run(state: EncounterState, cid: str, path: list[Cell], budget: int,
             faces: list[int]) -> list[Event] | None:
    from tactics.engine.combat.actions import move_events  # the resolution's own move (imported late: a cycle)

    who = state.combatants[cid]
    try:
        events, _ = move_events(state, who, path, budget, Dice(0, 0, faces))
    except (Refused, ValueError):
        return None
    return events


def _checks_of(events: list[Event], cid: str) -> list[CombatCheck]:
    return [e for e in events if isinstance(e, CombatCheck) and e.combatant == cid]


def _end(events: list[Event], cid: str, start: Cell | None) -> Cell | None:
    end = start
    for e in events:
        if isinstance(e, TokenMoved) and e.combatant == cid:
            end = (int(e.path[-1][0]), int(e.path[-1][1]))
    return end


def run_odds(state: EncounterState, cid: str, path: list[Cell] | None, budget: int,
             attack_from: Callable[[Cell | None], AttackSetup | None]) -> RunOdds | None:
    """The checks ``cid``'s run along ``path`` asks and the attack's odds over its ends, or None
    when the run asks no check. ``attack_from(cell)``: the attack as it would be made from there."""
    who = state.combatants.get(cid)
    if who is None or not path:
        return None
    path = [(int(c[0]), int(c[1])) for c in path]
    seen, passing = _seen_checks(state, cid, path, budget)
    if not seen:
        return None
    crossing = _crossing(state, seen, who.cell)
    chances: dict[str, Fraction] = {}

    def add(share: Fraction, cell: Cell | None) -> None:
        if not share:
            return
        setup = attack_from(cell)
        if setup is None or setup.problem:
            chances[STOPPED] = chances.get(STOPPED, Fraction(0)) + share
            return
        for outcome, p in setup.chances.items():
            chances[outcome] = chances.get(outcome, Fraction(0)) + share * p

    reached = Fraction(1)
    faces: list[int] = []
    for check in seen:
        p = _chance(check)
        if p < 1:  # where a failure here leaves the mover (the square before it, R-MOVE-2)
            failed = _dry_run(state, cid, path, budget, faces + _worst(check))
            add(reached * (1 - p), _end(failed, cid, who.cell) if failed is not None else who.cell)
        reached *= p
        faces += _best(check)
    if reached:
        done = _dry_run(state, cid, path, budget, passing)
        add(reached, _end(done, cid, who.cell) if done is not None else path[-1])
    return RunOdds(checks=crossing, through=reached, chances=chances)


def _seen_checks(state: EncounterState, cid: str, path: list[Cell], budget: int) -> tuple[list[CombatCheck], list[int]]:
    """Every check the run asks, in path order, and the faces that pass them all (a dry run per
    check: each passes the checks before it to reach the next)."""
    passing: list[int] = []
    seen: list[CombatCheck] = []
    while True:
        events = _dry_run(state, cid, path, budget, passing)
        if events is None:
            return [], []
        checks = _checks_of(events, cid)
        if len(checks) <= len(seen):
            return seen, passing
        seen.append(checks[len(seen)])
        if _chance(seen[-1]) == 0:
            return seen, passing  # no face gets through: nothing beyond it is reached
        passing += _best(seen[-1])


def _crossing(state: EncounterState, seen: list[CombatCheck], start: Cell | None) -> tuple[CrossingCheck, ...]:
    battle_map = state.current_map()
    return tuple(
        CrossingCheck(cell=(int(c.cell[0]), int(c.cell[1])) if c.cell else start or (0, 0),
                      place=_place(battle_map, c), what=c.what, dc=int(c.dc or 0), chance=_chance(c),
                      die=(int(c.extra[0]), int(c.extra[2])))
        for c in seen)


def path_checks(state: EncounterState, cid: str, path: list[Cell] | None, budget: int) -> tuple[CrossingCheck, ...]:
    """The checks ``cid``'s move along ``path`` asks on its way, with the engine's chances (R-MOVE-2)."""
    who = state.combatants.get(cid)
    if who is None or not path:
        return ()
    seen, _ = _seen_checks(state, cid, [(int(c[0]), int(c[1])) for c in path], budget)
    return _crossing(state, seen, who.cell)


def declared_run_odds(state: EncounterState, action_id: int) -> RunOdds | None:
    """:func:`run_odds` of a declared charge (a Technique that runs first, along its declared path)."""
    from tactics.engine.combat.attack import find_arms
    from tactics.engine.combat.queries import combat_of

    combat = combat_of(state)
    d = combat.declaration(action_id) if combat else None
    path = d.params.get("path") if d is not None else None
    if d is None or not path or not d.params.get("technique"):
        return None
    who = state.combatants.get(d.combatant)
    try:
        arms = find_arms(who, d.params["technique"], technique=True) if who is not None else None
    except KeyError:
        return None
    if not isinstance(arms, Technique) or not arms.move_ft:
        return None
    return run_odds(state, d.combatant, path, int(arms.move_ft),
                    lambda cell: _setup_from(state, d, cell))


def _setup_from(state: EncounterState, d: Declaration, cell: Cell | None) -> AttackSetup | None:
    """The declared attack ``d`` as it would be made from ``cell`` (where a run ended)."""
    from tactics.engine.combat.queries import attack_odds

    try:
        return attack_odds(state, d.combatant, d.params["target"], technique=d.params.get("technique"),
                           situational=int(d.params.get("situational", 0)), from_cell=cell)
    except (KeyError, Refused):
        return None


def _place(battle_map: Any, check: CombatCheck) -> str:
    """What the map calls the square ("debris"), else the check's reason without "entering"."""
    text = str(check.reason).removeprefix("entering ")
    if check.cell is not None:
        terrain = battle_map.terrain_at((int(check.cell[0]), int(check.cell[1])))
        text = str(terrain.label or terrain.name or text)
    return place_words(text)


def place_words(label: str) -> str:
    """A square's name without the check its label adds: "difficult ground (Acrobatics DC 12 to
    cross)" -> "difficult ground" (the check is said apart: the log's line names it, so no
    parentheses inside parentheses, review 14 finding 12)."""
    return label.split(" (")[0]


def stopped_by(events: list[Event], cid: str) -> CombatCheck | None:
    """The failed check that stopped ``cid``'s run among ``events`` (None: no check failed)."""
    for e in _checks_of(events, cid):
        if e.dc is not None and e.total < e.dc:
            return e
    return None


def stopped_text(state: EncounterState, cid: str, check: CombatCheck, target: str | None) -> str:
    """"Bear 3 is stopped by the debris at (20, 5) and cannot reach Art.": a run a failed check ended."""
    who = state.combatants[cid]
    place = _place(state.current_map(), check)
    at = f" at {tuple(check.cell)}" if check.cell is not None else ""
    whom = state.combatants.get(target or "")
    tail = f" and cannot reach {whom.name}" if whom is not None else ""
    return f"{who.name} is stopped by the {place}{at}{tail}."


__all__ = ["CrossingCheck", "RunOdds", "STOPPED", "declared_run_odds", "path_checks", "run_odds", "stopped_by",
           "stopped_text"]
