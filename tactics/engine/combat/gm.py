"""The GM's hand on the fight: conditions, hit points, hiding (R-COND-1, R-CNT-1, R-SURP-1).

These commands change a combatant outside the action economy (an explosion
Shakes the party, a GM heals a wound, a stealthed character starts hidden).
They work before combat starts too; a condition remembers when it was set so
the Counter Phase counts it down fairly (R-CNT-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.combat.events import (
    CombatantDowned, CombatantHidden, CombatantRevealed, ConditionAdded, ConditionRemoved, HpChanged, HpRolled,
)
from tactics.engine.combat.team import CombatState, reducer, set_moment
from tactics.engine.combat.attack import hp_events
from tactics.engine.board import combatant_or_refuse
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.conditions import default_conditions
from tactics.rules.near_names import near_miss, same_but_case
from tactics.rules.dice import Dice, DiceError, DiceExpr


def _combat(state: EncounterState) -> CombatState | None:
    return state.combat if isinstance(state.combat, CombatState) else None


#: The longest round counter a condition may be given (a fight is rarely longer; a GM may type any
#: length in the GM menu, review 13 F9).
MAX_CONDITION_ROUNDS = 99


@dataclass
class ApplyCondition:
    """Put a condition on a combatant for ``rounds`` rounds (None: until removed).

    A name matching a condition of ``conditions.toml`` but for case is that condition
    ("shaken" is Shaken); a near miss of one ("Shakn") is refused, naming it; any other
    name is the GM's own note (it imposes nothing, and the log says so); applying one the
    combatant has replaces it.
    """

    target: str
    condition: str
    rounds: int | None = None
    source: str | None = None
    name: str = "apply-condition"

    def args(self) -> dict[str, Any]:
        return {"target": self.target, "condition": self.condition, "rounds": self.rounds, "source": self.source}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.target)
        if not self.condition.strip():
            raise Refused("name the condition")
        if self.rounds is not None and self.rounds < 1:
            raise Refused("a counter needs at least one round (or none: until removed)")
        if self.rounds is not None and self.rounds > MAX_CONDITION_ROUNDS:
            raise Refused(f"a counter runs {MAX_CONDITION_ROUNDS} rounds at most (for longer: until removed)")
        rules = default_conditions()
        typed = self.condition.strip()
        spelt = typed if typed in rules else same_but_case(typed, rules)
        if spelt is None:
            close = near_miss(typed, rules)
            if close is not None:
                raise Refused(f"there is no condition {typed!r}: did you mean {close}? (another name is a note "
                              "with no rules effect)")
        name = rules[spelt].name if spelt is not None else typed
        return [ConditionAdded(combatant=who.id, name=name,
                               rounds=None if self.rounds is None else int(self.rounds), source=self.source,
                               **set_moment(_combat(state)))]


@dataclass
class RemoveCondition:
    """The GM removes a condition from a combatant (refused for one it does not have)."""

    target: str
    condition: str
    name: str = "remove-condition"

    def args(self) -> dict[str, Any]:
        return {"target": self.target, "condition": self.condition}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.target)
        name = self.condition if who.has(self.condition) else same_but_case(self.condition, [c.name for c in who.conditions])
        if name is None:
            raise Refused(f"{who.name} is not {self.condition}")
        return [ConditionRemoved(combatant=who.id, name=name, reason="GM")]


@dataclass
class AdjustHP:
    """The GM changes hit points (damage negative, healing positive), within 0..max."""

    target: str
    delta: int
    reason: str = "GM"
    name: str = "adjust-hp"

    def args(self) -> dict[str, Any]:
        return {"target": self.target, "delta": self.delta, "reason": self.reason}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.target)
        if not isinstance(self.delta, int) or self.delta == 0:
            raise Refused("give a change in hit points other than 0")
        return hp_events(state, who.id, self.delta, self.reason)


@dataclass
class RollHP:
    """The GM rolls damage (or healing, ``heal``) with dice ("2d6+1") and applies the total: a rock
    fall, a fire, a potion. The faces go in the log like every roll; hit points stay within 0..max."""

    target: str
    dice: str
    heal: bool = False
    reason: str = "GM"
    name: str = "roll-hp"

    def args(self) -> dict[str, Any]:
        return {"target": self.target, "dice": self.dice, "heal": self.heal, "reason": self.reason}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.target)
        try:
            expr = DiceExpr.parse(str(self.dice).replace(" ", "").lower())
        except DiceError as exc:
            raise Refused(str(exc)) from None
        faces, total = dice.expr(expr)
        total = max(0, total)
        events: list[Event] = [HpRolled(combatant=who.id, expr=str(expr), faces=faces, total=total, heal=self.heal)]
        if total:
            events += hp_events(state, who.id, total if self.heal else -total, f"{self.reason}: {expr}")
        return events


@reducer.on(HpRolled)
def _hp_rolled(state: EncounterState, event: HpRolled) -> None:
    return None  # the change itself is the HpChanged after it


@dataclass
class Hide:
    """The GM marks a combatant hidden from its enemies, with its Stealth result."""

    combatant: str
    stealth: int | None = None
    name: str = "hide"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "stealth": self.stealth}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.combatant)
        if who.hidden and self.stealth == who.stealth:
            raise Refused(f"{who.name} is already hidden")
        return [CombatantHidden(combatant=who.id, stealth=self.stealth)]


@dataclass
class Reveal:
    """The GM shows a hidden combatant to the players."""

    combatant: str
    name: str = "reveal"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        who = combatant_or_refuse(state, self.combatant)
        if not who.hidden:
            raise Refused(f"{who.name} is not hidden")
        return [CombatantRevealed(combatant=who.id, reason="GM")]


@reducer.on(HpChanged)
def _hp(state: EncounterState, event: HpChanged) -> None:
    state.combatants[event.combatant].hp = int(event.hp)


@reducer.on(CombatantDowned)
def _downed(state: EncounterState, event: CombatantDowned) -> None:
    return None  # hp already 0; the event is for the log


@reducer.on(CombatantHidden)
def _hidden(state: EncounterState, event: CombatantHidden) -> None:
    who = state.combatants[event.combatant]
    who.hidden = True
    who.stealth = None if event.stealth is None else int(event.stealth)


@reducer.on(CombatantRevealed)
def _revealed(state: EncounterState, event: CombatantRevealed) -> None:
    who = state.combatants[event.combatant]
    who.hidden = False
    who.stealth = None
