"""Which check a combatant makes against a trap: one answer for the preview and the roll.

Why it exists: the trap tool showed "Disable Device +2, disadvantage: disarmed 45%"
from its own copy of the skill choice while :class:`~tactics.engine.hazards.traps.Disarm`
rolled from another; the two could drift (an explosive trap, a sheet with Demolitions).
Now both ask :func:`disarm_check` / :func:`set_check` (compute, then commit): the
window shows :meth:`TrapCheck.odds` and the command rolls exactly :class:`TrapCheck`'s
skill, modifier, DC and advantage.

* Disarming (R-TRAP-3): Disable Device, or Demolitions for an explosive trap when it
  is better (reading: N-TRAP-6); in a fight with one disadvantage.
* Setting (R-TRAP-5): INT or Demolitions, the better, against ``set_dc`` of traps.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from tactics.engine.hazards import sheet
from tactics.rules import traps as tr

CheckKind = Literal["disarm", "set"]


@dataclass(frozen=True)
class TrapCheck:
    """A d20 check against a trap as it will be rolled: skill, modifier, DC and net advantage."""

    kind: CheckKind
    skill: str
    modifier: int
    dc: int
    advantage: int  # net: > 0 adds the Affinity Die, < 0 subtracts a d2 (R-ROLL-2)
    affinity: int
    in_combat: bool = False

    @property
    def how(self) -> str:
        """"Disable Device +2, disadvantage" as the window and the log say it."""
        tail = ", disadvantage" if self.advantage < 0 else ", advantage" if self.advantage > 0 else ""
        return f"{self.skill} {self.modifier:+d}{tail}"

    def odds(self) -> dict[str, Fraction]:
        """Exact odds of each result: disarmed/retry/triggered, or set/failed/explodes."""
        if self.kind == "disarm":  # ``advantage`` already holds the fight's disadvantage
            return tr.disarm_odds(self.modifier, self.dc, net_advantage=self.advantage, affinity=self.affinity)
        return tr.set_odds(self.modifier, net_advantage=self.advantage, affinity=self.affinity)


def in_a_fight(state: Any) -> bool:
    """A fight is on (its checks are harder: R-TRAP-3)."""
    combat = getattr(state, "combat", None)
    return combat is not None and getattr(combat, "phase", None) != "ended"


def disarm_check(state: Any, who: Any, trap: tr.Trap) -> TrapCheck:
    """The check ``who`` makes to disarm ``trap`` now (R-TRAP-3, N-TRAP-6)."""
    skill, modifier = "Disable Device", sheet.skill(who, "Disable Device")
    if trap.explosive and sheet.skill(who, "Demolitions") > modifier:
        skill, modifier = "Demolitions", sheet.skill(who, "Demolitions")
    fight = in_a_fight(state)
    advantage = tr.disarm_net_advantage(fight, sheet.check_advantage(who, "skill"))
    return TrapCheck("disarm", skill, modifier, trap.disarm_dc, advantage, sheet.affinity_die(who), fight)


def set_check(who: Any) -> TrapCheck:
    """The check ``who`` makes to set a trap (R-TRAP-5): INT or Demolitions, the better."""
    int_mod, demo = sheet.ability(who, "INT"), sheet.skill(who, "Demolitions")
    skill, modifier = ("Demolitions", demo) if demo > int_mod else ("INT", int_mod)
    return TrapCheck("set", skill, modifier, tr.default_trap_rules().set_dc, sheet.check_advantage(who, "skill"),
                     sheet.affinity_die(who))


__all__ = ["TrapCheck", "disarm_check", "in_a_fight", "set_check"]
