"""Facing: choosing it at the end of a turn, keeping a target in front (R-FACE-1, R-FACE-2).

Why it exists: "At the end of each character's turn, the player may declare the
direction their character faces. Or they may choose to maintain facing an
opponent, object, or ally until their next turn ... It is only decided at end
of their turn." So in a fight :class:`SetFacing` is accepted only in that
moment (:func:`facing_window`, reading N-FACE-3); outside a fight any time.
The GM's own correction is :class:`GMSetFacing`, never gated.

A kept target is a combatant, an object on the map (a trap the chooser's side
knows of, a grenade lying there) or a square. :func:`effective_facing` turns
toward it wherever it is now, so the attack arc (R-FACE-2) follows a kept
target after it walks, after a GM ``Place`` and after a join alike;
:func:`facing_path_hook` also turns the stored facing after every walk so the
window draws it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tactics.engine.hazards.events import FacingSet
from tactics.engine.board import combatant_or_refuse
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import facing as fc
from tactics.rules.dice import Dice
from tactics.rules.grid import DIRECTIONS, Cell

if TYPE_CHECKING:
    from tactics.engine.combat.state import CombatState

reducer = Reducer()


# --------------------------------------------------------------------------- what is kept in front
def object_cell(state: EncounterState, oid: str, team: str | None = None) -> Cell | None:
    """Where a keepable object lies: a trap (known to ``team``, or shown to all) or a grenade."""
    trap = state.traps.get(oid)
    if trap is not None and trap.status != "removed":
        if team is None or trap.known_to(team) or not trap.hidden:
            return tuple(trap.cell)
        return None
    grenade = state.grenades.get(oid)
    if grenade is not None and grenade.status != "spent":
        return tuple(grenade.cell)
    return None


def kept_cell(state: EncounterState, who: Combatant) -> Cell | None:
    """The square of what ``who`` keeps facing now (a combatant, an object, a square), or None."""
    if who.facing_target:
        other = state.combatants.get(who.facing_target)
        if other is not None:
            return other.cell if other.present else None
        return object_cell(state, who.facing_target)
    cell = getattr(who, "facing_cell", None)
    return tuple(cell) if cell is not None else None


def effective_facing(state: EncounterState, cid: str) -> str:
    """The way a combatant faces now: toward its kept target if it has one (R-FACE-1)."""
    who = combatant_or_refuse(state, cid)
    if who.cell is None:
        return who.facing
    return fc.facing_toward(who.cell, kept_cell(state, who), who.facing)


def attack_arc(state: EncounterState, attacker: str, defender: str) -> fc.Arc:
    """The defender's arc the attacker stands in (R-FACE-2), for the attack rules."""
    a, d = combatant_or_refuse(state, attacker), combatant_or_refuse(state, defender)
    if a.cell is None or d.cell is None:
        raise Refused("both combatants must be on the map")
    return fc.arc_of(d.cell, effective_facing(state, d.id), a.cell)


# --------------------------------------------------------------------------- when it may be chosen
def _members(state: EncounterState, key: str | None) -> list[str]:
    if not key:
        return []
    team, _, kind = key.partition(":")
    return list(state.combat.groups.get(team, {}).get(kind, []))


def _last_team_group(combat: CombatState) -> str | None:
    """The group whose turn ended last, in the team rules (its members may choose facing)."""
    if combat.phase in ("action", "counters") and combat.turns_done:
        return combat.turns_done[-1]
    previous = combat.round - 1  # the first group of a round acts (or the round has not begun)
    if previous < 0 or (previous == 0 and combat.aware is None):
        return None
    earlier = copy.copy(combat)
    earlier.round = previous
    order = earlier.turn_order()
    return order[-1].key if order else None


def facing_window(state: EncounterState) -> list[str] | None:
    """Who may choose a facing now: None outside a fight (anyone), else the
    combatants whose turn has just ended (reading: N-FACE-3).

    Team rules: the members of the group whose turn ended last, until the next
    group declares its first action. Individual turns: the character whose turn
    just ended, until the next turn begins (its End turn can carry the facing).
    """
    from tactics.engine.combat.gate import INDIVIDUAL, fight_mode

    mode = fight_mode(state)
    if mode is None:
        return None
    combat = state.combat
    if mode == INDIVIDUAL:
        if combat.phase == "between" and combat.turns_done:
            return [combat.turns_done[-1].partition(":")[0]]
        return []
    if combat.phase == "action" and combat.declarations:
        return []
    return _members(state, _last_team_group(combat))


def _facing_events(state: EncounterState, who: Combatant, direction: str | None, keep: str | None,
                   keep_cell: Cell | None) -> list[Event]:
    chosen = [x for x in (direction, keep, keep_cell) if x is not None]
    if len(chosen) != 1:
        raise Refused("choose either a direction, someone or something to keep facing, or a square to keep facing")
    if direction is not None:
        if direction not in DIRECTIONS:
            raise Refused(f"{direction!r} is not a direction; choose one of {', '.join(DIRECTIONS)}")
        return [FacingSet(combatant=who.id, facing=direction, target=None)]
    if keep_cell is not None:
        try:
            cell = (int(keep_cell[0]), int(keep_cell[1]))
        except (TypeError, ValueError, IndexError):
            raise Refused("a square to keep facing is [column, row]") from None
        if not state.current_map().in_bounds(cell):
            raise Refused("that square is off the map")
        if who.cell is not None and cell == tuple(who.cell):
            raise Refused(f"{who.name} cannot keep facing its own square")
        facing = fc.facing_toward(who.cell, cell, who.facing) if who.cell is not None else who.facing
        return [FacingSet(combatant=who.id, facing=facing, target=None, cell=cell)]
    if keep == who.id:
        raise Refused(f"{who.name} cannot keep facing itself")
    other = state.combatants.get(keep)  # type: ignore[arg-type]
    if other is not None:
        where = other.cell
    else:
        where = object_cell(state, keep, who.team)  # type: ignore[arg-type]
        if where is None:
            raise Refused(f"there is no one and nothing called {keep!r} to keep facing")
    facing = fc.facing_toward(who.cell, where, who.facing) if who.cell is not None else who.facing
    return [FacingSet(combatant=who.id, facing=facing, target=keep)]


# --------------------------------------------------------------------------- commands
@dataclass
class SetFacing:
    """Choose a facing (one of 8 directions), or to keep facing a combatant or an
    object (``keep_facing``: its id) or a square (``keep_facing_cell``) (R-FACE-1).

    It costs no action. In a fight it is decided only at the end of the
    combatant's turn (N-FACE-3): refused at any other moment.
    """

    combatant: str
    direction: str | None = None
    keep_facing: str | None = None
    keep_facing_cell: Cell | None = None
    name: str = "set-facing"

    def args(self) -> dict[str, Any]:
        out: dict[str, Any] = {"combatant": self.combatant, "direction": self.direction, "keep_facing": self.keep_facing}
        if self.keep_facing_cell is not None:
            out["keep_facing_cell"] = [int(self.keep_facing_cell[0]), int(self.keep_facing_cell[1])]
        return out

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.combatant)
        window = facing_window(state)
        if window is not None and who.id not in window:  # reading: N-FACE-3
            raise Refused(f"{who.name} chooses a facing only at the end of its turn")
        return self.perform(state, dice)

    def perform(self, state: EncounterState, dice: Dice) -> list[Event]:
        """The choice itself (End turn carries it in individual turns)."""
        who = combatant_or_refuse(state, self.combatant)
        return _facing_events(state, who, self.direction, self.keep_facing, self.keep_facing_cell)


@dataclass
class GMSetFacing:
    """The GM turns a token (any time, fight or not): the GM's override of R-FACE-1."""

    combatant: str
    direction: str | None = None
    keep_facing: str | None = None
    keep_facing_cell: Cell | None = None
    name: str = "gm-set-facing"

    def args(self) -> dict[str, Any]:
        return SetFacing.args(self)  # type: ignore[arg-type]

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.combatant)
        return _facing_events(state, who, self.direction, self.keep_facing, self.keep_facing_cell)


# --------------------------------------------------------------------------- following a kept target
def facing_path_hook(
    state: EncounterState, cid: str, path: list[Cell], dice: Dice
) -> tuple[list[Cell], list[Event]]:
    """After a walk, facings that follow a target turn (R-FACE-1: recomputed when either moves)."""
    if not path:
        return path, []
    return path, follow_events(state, cid, (path[-1][0], path[-1][1]))


def facing_place_hook(state: EncounterState, cid: str, cell: Cell) -> list[Event]:
    """After the GM places a token, facings that follow it (or its own kept target) turn."""
    return follow_events(state, cid, (int(cell[0]), int(cell[1])))


def follow_events(state: EncounterState, cid: str, end: Cell) -> list[Event]:
    """The ``facing.set`` events of everyone whose kept target ``cid`` is, and of
    ``cid`` itself, once ``cid`` stands on ``end``."""
    mover = state.combatants.get(cid)
    if mover is None:
        return []
    events: list[Event] = []
    for who in sorted(state.combatants.values(), key=lambda c: c.id):
        if who.cell is None and who.id != cid:
            continue
        if who.id == cid:
            target = kept_cell(state, who)
            if target is None:
                continue
            new = fc.facing_toward(end, target, who.facing)
        elif who.facing_target == cid and who.cell is not None:  # (only the mover may be off the map here)
            new = fc.facing_toward(who.cell, end, who.facing)
        else:
            continue
        if new != who.facing:
            events.append(FacingSet(combatant=who.id, facing=new, target=who.facing_target, cell=who.facing_cell))
    return events


@reducer.on(FacingSet)
def _facing(state: EncounterState, event: FacingSet) -> None:
    who = state.combatants[event.combatant]
    who.facing = event.facing
    who.facing_target = event.target
    cell = event.cell
    who.facing_cell = (int(cell[0]), int(cell[1])) if cell is not None else None


__all__ = [
    "GMSetFacing",
    "SetFacing",
    "attack_arc",
    "effective_facing",
    "facing_path_hook",
    "facing_place_hook",
    "facing_window",
    "follow_events",
    "kept_cell",
    "object_cell",
    "reducer",
]
