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
* An active search (R-TRAP-2, reading N-TRAP-7): :class:`SearchPlan` says which hidden
  traps it may find, how the one d20 is rolled and each trap's total; the GM's "search
  finds 45%" and :class:`~tactics.engine.hazards.spotting.ActiveSearch` both use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from tactics.engine.hazards import sheet
from tactics.rules import traps as tr
from tactics.rules.explosives import check_rolls

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
    label: str = ""  # "Disable Device (DEX)": the skill as rolled (an unlisted one with its ability, N-SKILL-1)

    @property
    def named(self) -> str:
        """The check as the log names its modifier."""
        return self.label or self.skill

    @property
    def how(self) -> str:
        """"Disable Device +2, disadvantage" as the window and the log say it."""
        tail = ", disadvantage" if self.advantage < 0 else ", advantage" if self.advantage > 0 else ""
        return f"{self.named} {self.modifier:+d}{tail}"

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
    skill, (label, modifier) = "Disable Device", sheet.skill_check(who, "Disable Device")
    demolitions = sheet.skill_check(who, "Demolitions")
    if trap.explosive and demolitions[1] > modifier:
        skill, (label, modifier) = "Demolitions", demolitions
    fight = in_a_fight(state)
    advantage = tr.disarm_net_advantage(fight, sheet.check_advantage(who, "skill"))
    return TrapCheck("disarm", skill, modifier, trap.disarm_dc, advantage, sheet.affinity_die(who), fight, label)


def set_check(who: Any) -> TrapCheck:
    """The check ``who`` makes to set a trap (R-TRAP-5): INT or Demolitions, the better."""
    int_mod, (demo_label, demo) = sheet.ability(who, "INT"), sheet.skill_check(who, "Demolitions")
    skill, label, modifier = ("Demolitions", demo_label, demo) if demo > int_mod else ("INT", "INT", int_mod)
    return TrapCheck("set", skill, modifier, tr.default_trap_rules().set_dc, sheet.check_advantage(who, "skill"),
                     sheet.affinity_die(who), label=label)


@dataclass(frozen=True)
class SearchPlan:
    """One active search by ``who`` from where it stands (R-TRAP-2, N-TRAP-7).

    ``traps``: the hidden traps within the search radius it can see, by id. One d20 is
    rolled for all of them; the advantage die (``advantage`` > 0: the Affinity Die, < 0:
    a d2) counts for each trap only with that trap's own net advantage.
    """

    traps: tuple[tr.Trap, ...]
    perception: int
    base_advantage: int
    advantage: int
    affinity: int
    senses: tuple[tuple[int, int], ...]  # per trap: (bonus, net advantage) of its senses

    def total(self, index: int, d20: int, sides: int, face: int) -> int:
        """The search's total against ``traps[index]`` for the rolled d20 and advantage die."""
        bonus, adv = self.senses[index]
        net = self.base_advantage + adv
        extra = (1 if net > 0 else -1 if net < 0 else 0) * face if sides else 0
        return d20 + extra + self.perception + bonus

    def odds(self) -> dict[str, Fraction]:
        """Exact chance this search finds each trap, by trap id (the GM's preview)."""
        sides = self.affinity if self.advantage > 0 else 2 if self.advantage < 0 else 0
        out = {t.id: Fraction(0) for t in self.traps}
        for d20, die, p in check_rolls(self.advantage, self.affinity):
            for i, t in enumerate(self.traps):
                if self.total(i, d20, sides, abs(die)) >= t.detection_dc:
                    out[t.id] += p
        return out


def search_plan(state: Any, who: Any) -> SearchPlan:
    """The active search ``who`` would make now (what it may find and how it rolls)."""
    rules = tr.default_trap_rules()
    battle_map = state.current_map()
    classes = sheet.classes(who)
    found = tuple(
        t for t in sorted(state.traps.values(), key=lambda t: t.id)
        if t.status in ("armed", "off") and not t.known_to(who.team)
        and tr.trap_distance_ft(t, who.cell) <= rules.active_search_radius_ft
        and tr.can_see_trap(t, who.cell, battle_map)
    )
    senses = tuple(tr.sense_modifiers(t, who.cell, classes, rules) for t in found)
    base = sheet.check_advantage(who, "skill")
    any_adv = any(adv for _, adv in senses)  # reading: N-TRAP-7
    return SearchPlan(found, sheet.skill(who, "Perception"), base, base + (1 if any_adv and base >= 0 else 0),
                      sheet.affinity_die(who), senses)


__all__ = ["SearchPlan", "TrapCheck", "disarm_check", "in_a_fight", "search_plan", "set_check"]
