"""An attack's accuracy check in words before the roll, with its dice as the roll will show them.

Why it exists (review 4, finding 10): the card read "d20 DEX +4 weapon +1 vs AC 12 ...
advantages: not proficient -1, Shaken -1" and the queue "+5 vs AC 12"; neither said that the
two disadvantages mean one d2 subtracted. Here the formula names the die the engine will roll
(``AttackSetup.extra_die``, the same call ``attack_events`` rolls with; reading: R-ROLL-2):
"d20 + 5 - d2 vs AC 12", then what makes the +5 and why the -d2 ("1 net disadvantage: not
proficient -1, Shaken -1"; "cancelled one for one" when both kinds are there). The UI only
words the engine's numbers.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tactics.engine.combat.attack import AttackSetup
from tactics.engine.combat.crossing import RunOdds
from tactics.engine.combat.skill_odds import SkillOdds
from tactics.rules.attacks import advantage_die


def dice_formula(setup: AttackSetup) -> str:
    """"d20 + 5 - d2": the d20, the flat bonus, the advantage die (if any) as the roll adds them."""
    bonus = setup.bonus
    text = "d20" + (f" + {bonus}" if bonus > 0 else f" - {-bonus}" if bonus < 0 else "")
    sides, sign = setup.extra_die
    if sides:
        text += f" {'+' if sign > 0 else '-'} d{sides}"
    return text


def against(setup: AttackSetup, *, ac_shown: bool = True) -> str:
    """"vs AC 12 (flat-footed, no DEX +2)"; "vs its AC" where the target's AC is not shown (a GM
    creature on the players' screens, reading: N-SEEN-1: the note would tell its DEX bonus too)."""
    if not ac_shown:
        return "vs its AC"
    return f"vs AC {setup.ac}" + (f" ({setup.ac_note})" if setup.ac_note else "")


def modifier_words(setup: AttackSetup) -> str:
    """What makes the flat bonus: "DEX +4, weapon +1"."""
    return ", ".join(f"{label} {v:+d}" for label, v in setup.modifiers)


def die_words(setup: AttackSetup) -> str:
    """Why there is (or is not) an advantage die: "- d2: 1 net disadvantage (not proficient -1,
    Shaken -1, proficient +1, cancelled one for one)". Empty with none at all."""
    if not setup.advantages:
        return ""
    listed = ", ".join(f"{label} {v:+d}" for label, v in setup.advantages)
    net = setup.advantage
    sides, sign = setup.extra_die
    if not sides:
        return f"no advantage die: {listed} cancel out"
    noun = "advantage" if net > 0 else "disadvantage"
    count = f"{abs(net)} net {noun}{'s' if abs(net) != 1 else ''}"
    die = f"{'+' if sign > 0 else '-'} d{sides}" + (" (Affinity Die)" if sign > 0 else "")
    mixed = any(v > 0 for _, v in setup.advantages) and any(v < 0 for _, v in setup.advantages)
    cancel = ", cancelled one for one" if mixed else ""
    one = f"; still one d{sides}" if abs(net) > 1 else ""
    return f"{die}: {count} ({listed}{cancel}{one})"


def card_lines(setup: AttackSetup, *, ac_shown: bool = True) -> list[str]:
    """The attack card's lines about the roll: the formula, its bonus, its advantage die."""
    lines = [f"{dice_formula(setup)} {against(setup, ac_shown=ac_shown)}"]
    if setup.modifiers:
        lines.append(f"{setup.bonus:+d}: {modifier_words(setup)}")
    why = die_words(setup)
    if why:
        lines.append(why)
    return lines


def skill_lines(odds: SkillOdds, *, shown: bool = True) -> list[str]:
    """A skill action in the resolve queue, from the engine's odds (review 14, finding 2; reading:
    N-SKILL-2): "Stealth d20 + 8 - d2 vs Passive Perception 13 (Bear 1-4)", why the die, and
    "hidden 75%, seen 25%". Without ``shown`` (the foes' numbers are the GM's, N-SEEN-1) the
    number and the odds are left out."""
    bonus = odds.bonus
    text = f"{odds.skill} d20" + (f" + {bonus}" if bonus > 0 else f" - {-bonus}" if bonus < 0 else "")
    sides, sign = advantage_die(odds.advantage, odds.affinity_die)
    if sides:
        text += f" {'+' if sign > 0 else '-'} d{sides}"
    if not shown:
        return [f"{text} vs the foes' {'Stealth' if odds.skill == 'Perception' else 'Passive Perception'}"]
    lines = [f"{text} vs {odds.against}"]
    if odds.advantages:
        lines.append("[" + ", ".join(f"{label} {v:+d}" for label, v in odds.advantages) + "]")
    if odds.needed is not None:
        lines.append(f"{odds.success} {_pct(odds.chance)}, {odds.failure} {_pct(1 - odds.chance)}")
    return lines


def queue_line(setup: AttackSetup) -> str:
    """The resolve queue's short form: "d20 + 5 - d2 vs AC 12"."""
    return f"{dice_formula(setup)} {against(setup)}"


def _pct(p: Fraction | float) -> str:
    return f"{float(p) * 100:.0f}%"


def crossing_lines(run: RunOdds | None, there: AttackSetup | None = None, *, odds_shown: bool = True) -> list[str]:
    """A charge's run in words before the roll (R-MOVE-2; review 7, finding 3): "Crosses difficult
    ground twice: Acrobatics DC 12, 45% each, 20% to get through" and "To damage: 14% in all (70%
    once there)". ``run``: the engine's :class:`~tactics.engine.combat.crossing.RunOdds`;
    ``there``: the attack from the run's end (its odds once the run gets through); without
    ``odds_shown`` (a target whose AC the players' screens keep back) the odds to damage are left out."""
    if run is None or not run.checks:
        return []
    groups: list[list[Any]] = []
    for check in run.checks:  # the same kind of square in a row reads once ("twice")
        key = (check.place, check.what, check.dc, check.chance)
        if groups and groups[-1][0] == key:
            groups[-1][1] += 1
        else:
            groups.append([key, 1])
    parts = []
    for (place, what, dc, chance), count in groups:
        times = {1: "", 2: " twice"}.get(count, f" {count} times")
        each = " each" if count > 1 else ""
        parts.append(f"{place}{times}: {what} DC {dc}, {_pct(chance)}{each}")
    lines = [f"Crosses {'; '.join(parts)}; {_pct(run.through)} to get through"]
    if len(run.checks) == 1 and len(groups) == 1:
        (place, what, dc, chance), _ = groups[0]
        lines = [f"Crosses {place}: {what} DC {dc}, {_pct(run.through)} to get through"]
    once = ""
    if there is not None and not there.problem:
        hits = sum(p for k, p in there.chances.items() if k != "miss")
        once = f" ({_pct(hits)} once there)"
    if odds_shown:
        lines.append(f"To damage: {_pct(run.to_damage)} in all{once}")
    return lines


def charge_line(label: str, run_ft: int, move_ft: int, setup: AttackSetup) -> str:
    """"Charge: runs 25 ft of 30 ft, then strikes at 5 ft (reach 5 ft)": the run and the blow
    (the card read "Charge: 5 ft of 5 ft" for a 30 ft charge)."""
    if run_ft:
        return (f"{label}: runs {run_ft} ft of {move_ft} ft, then strikes at {setup.distance_ft} ft "
                f"(reach {setup.range_ft} ft)")
    if setup.problem:
        return f"{label}: {setup.distance_ft} ft away; runs up to {move_ft} ft, reach {setup.range_ft} ft"
    return f"{label}: in reach ({setup.distance_ft} ft of {setup.range_ft} ft), no run needed"
