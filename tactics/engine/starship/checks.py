"""A crew action's 2d10 check worked out before it is rolled: its modifiers, its DC and their parts.

Why (review 18): the post dialog showed only the chance before the roll; the DC a Scan is rolled
against ("DC 11 (10 + Wayfarer's Shield Mod 1)") appeared only afterwards, and the crew bonus was
always +0, even for a player character whose sheet has the skill. Compute, then commit: the same
:func:`plan_check` gives :class:`~tactics.engine.starship.commands.TakeAction` the numbers it rolls
with and the dialog the numbers it shows, so the preview can never disagree with the roll.

The crew bonus (R-SHIP-8: "2d10 + modifiers"; the text names no skill for ship checks) is the
skill a ship action's data names (``check.skill`` in ``ship_actions.toml``): the sheet's number when
the sheet lists it, else the skill's governing ability's modifier (reading: N-SKILL-1, as every
ground check that names a skill); an NPC without a sheet has none, and the GM sets it by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.core.journal import Refused
from tactics.engine.core.labels import possessive
from tactics.engine.starship.state import Ship, SpaceState, check_modifier_parts, effective
from tactics.rules.starship import ATTRIBUTE_NAMES, sum_text
from tactics.rules.starship_data import ShipAction

#: the modifier's name when the GM sets the crew bonus by hand (and in logs from before review 18)
HAND_SET = "crew bonus"


@dataclass(frozen=True)
class CrewSkill:
    """Where a crew member's bonus for one check comes from."""

    value: int
    label: str  # the modifier's name in the roll: "James's Computers (INT)"; "crew bonus" by hand
    words: str  # for the dialog: "Computers (INT) +2: not on James's sheet, his INT modifier"
    from_sheet: bool  # False: no sheet or no skill named, the GM sets the bonus by hand


def crew_skill(state: Any, ship: Ship, post: str, action: ShipAction) -> CrewSkill:
    """The crew bonus the sheet of whoever holds ``post`` gives ``action``'s check (see the module)."""
    who = ship.crew.get(post)
    name = ship.crew_names.get(post, who or "")
    skill = action.check.skill if action.check is not None else None
    combatant = getattr(state, "combatants", {}).get(who) if who else None
    sheet = getattr(combatant, "sheet", None)
    if skill is None:
        return CrewSkill(0, HAND_SET, "this check names no skill: set the bonus by hand", False)
    if combatant is None or sheet is None:
        return CrewSkill(0, HAND_SET, f"{name} has no character sheet: set the {skill} bonus by hand", False)
    from tactics.engine.hazards.sheet import skill_check  # reads a Sheet or a plain dict (N-SKILL-1)

    label, value = skill_check(combatant, skill)
    if label == skill:
        words = f"{skill} {value:+d} from {possessive(name)} sheet"
    else:
        ability = label[len(skill):].strip(" ()")
        words = f"{label} {value:+d}: {possessive(name)} sheet has no {skill}, so the {ability} modifier"
    return CrewSkill(int(value), f"{possessive(name)} {label}", words, True)


@dataclass(frozen=True)
class CheckPlan:
    """A 2d10 check as it will be rolled (R-SHIP-8): modifiers, DC and the DC's parts."""

    modifiers: tuple[tuple[str, int], ...]
    dc: int
    dc_base: int
    dc_terms: tuple[tuple[str, int], ...]  # the target's attributes added to the DC
    dc_note: str  # "" or where a repair DC comes from ("the chart's repair DC for 2d6 9")
    advantage: int
    crew: CrewSkill

    def dc_text(self) -> str:
        """'DC 11 (10 + Wayfarer's Shield Mod 1)': the DC with its parts, before or after the roll."""
        if self.dc_terms:
            return f"DC {self.dc} ({sum_text(self.dc_base, self.dc_terms)})"
        return f"DC {self.dc}" + (f" ({self.dc_note})" if self.dc_note else "")

    def roll_text(self) -> str:
        """'2d10 + Sensor Mod 1 + crew bonus 0': the dice and the modifiers, each by name."""
        line = "2d10" + (" + advantage d2" if self.advantage > 0 else " - disadvantage d2" if self.advantage < 0 else "")
        for label, value in self.modifiers:
            line += f" {'+' if value >= 0 else '-'} {label} {abs(value)}"
        return line

    def text(self) -> str:
        """'2d10 + Sensor Mod 1 + crew bonus 0 vs DC 11 (10 + Wayfarer's Shield Mod 1)'."""
        return f"{self.roll_text()} vs {self.dc_text()}"


def crew_bonus(state: Any, ship: Ship, post: str, action: ShipAction, params: dict[str, Any]) -> tuple[str, int]:
    """The crew bonus as rolled: ``bonus`` in ``params`` is set by hand; ``crew_skill`` true takes the
    sheet's (:func:`crew_skill`); neither: 0 (a script that gives no bonus, as before review 18)."""
    if "bonus" in params:
        try:
            return HAND_SET, int(params["bonus"])
        except (TypeError, ValueError):
            raise Refused(f"bonus must be a whole number, not {params['bonus']!r}") from None
    if params.get("crew_skill"):
        skill = crew_skill(state, ship, post, action)
        return skill.label, skill.value
    return HAND_SET, 0


def plan_check(state: Any, space: SpaceState, ship: Ship, post: str, action: ShipAction, target: Ship | None,
               damage: Any, params: dict[str, Any], advantage: int) -> CheckPlan:
    """Work out ``action``'s check now (it must have one): what TakeAction rolls and the dialog shows."""
    check = action.check
    assert check is not None
    now = space.now
    mods = [(ATTRIBUTE_NAMES[a], effective(space, ship, a, now)) for a in check.attributes]
    mods.append(crew_bonus(state, ship, post, action, params))
    mods += check_modifier_parts(ship, now)  # each by its chart line ("Power fluctuations")
    terms: list[tuple[str, int]] = []
    note = ""
    if check.repair_dc and damage is not None:
        base = dc = int(damage.repair_dc)
        note = f"the chart's repair DC for 2d6 {damage.result}"
    else:
        base = dc = check.dc
        if target is not None:  # "12 + Red Maw's Sensor Mod 1"
            terms = [(f"{possessive(target.name)} {ATTRIBUTE_NAMES[a]}", effective(space, target, a, now))
                     for a in check.target_adds]
            dc += sum(v for _, v in terms)
    return CheckPlan(tuple(mods), dc, base, tuple(terms), note, advantage, crew_skill(state, ship, post, action))


__all__ = ["CheckPlan", "CrewSkill", "HAND_SET", "crew_bonus", "crew_skill", "plan_check"]
