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

from tactics.engine.combat.attack import AttackSetup


def dice_formula(setup: AttackSetup) -> str:
    """"d20 + 5 - d2": the d20, the flat bonus, the advantage die (if any) as the roll adds them."""
    bonus = setup.bonus
    text = "d20" + (f" + {bonus}" if bonus > 0 else f" - {-bonus}" if bonus < 0 else "")
    sides, sign = setup.extra_die
    if sides:
        text += f" {'+' if sign > 0 else '-'} d{sides}"
    return text


def against(setup: AttackSetup) -> str:
    """"vs AC 12 (flat-footed, no DEX +2)"."""
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


def card_lines(setup: AttackSetup) -> list[str]:
    """The attack card's lines about the roll: the formula, its bonus, its advantage die."""
    lines = [f"{dice_formula(setup)} {against(setup)}"]
    if setup.modifiers:
        lines.append(f"{setup.bonus:+d}: {modifier_words(setup)}")
    why = die_words(setup)
    if why:
        lines.append(why)
    return lines


def queue_line(setup: AttackSetup) -> str:
    """The resolve queue's short form: "d20 + 5 - d2 vs AC 12"."""
    return f"{dice_formula(setup)} {against(setup)}"
