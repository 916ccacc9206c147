"""Two-weapon fighting: who may fight with two weapons, and when a turn's attacks do (R-ACT-1, R-HIT-3).

Why it exists: the text's "Two Weapon Fighting" grants "a secondary attack using your off handed
weapon as a Bonus Action ... even if you do not succeed at your Standard Attack action", at a cost:
the main weapon may not be two-handed, clunky or heavy, and the Extra Damage threshold goes from 4
to 5. Both the declaring/resolving code and the window ask the same questions here, so the window
never decides on its own whether an attack is two-weapon fighting (reading: N-TWF-1):

* a Standard Attack is two-weapon fighting when it was declared so (``Action.two_weapon``), or when
  an off-hand Bonus Attack is declared while it still waits to resolve (a second weapon, one that
  may be the off-hand, other than the Standard's): the player said "blade, then knife" before the
  roll. Withdrawing that Bonus makes the Standard a one-weapon attack again;
* then both attacks need the two-weapon threshold for Extra Damage, and the off-hand Bonus Attack
  happens even when the Standard missed (only the off-hand weapon attacks then);
* once the Standard Attack resolved with one weapon, a later Bonus Attack is an ordinary one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from tactics.engine.combat.team import Declaration, sheet_of
from tactics.engine.core.state import Combatant
from tactics.rules import actions as act
from tactics.rules.sheets import Weapon, default_armoury


@dataclass(frozen=True)
class TwoWeaponTerms:
    """What fighting with two weapons means for one attack, in the engine's numbers (for the window)."""

    main: str  # the main weapon's label
    off_hand: str  # the off-hand weapon's label (the Bonus Attack's, or the first that may be one)
    threshold: int  # the Extra Damage threshold when fighting with two weapons (R-HIT-3)
    usual_threshold: int  # ... and without
    joins: bool = False  # a Bonus Attack that makes the waiting Standard Attack two-weapon fighting
    standard: bool = False  # the terms of the Standard Attack (else of the Bonus Attack)
    main_again: bool = False  # a Bonus Attack with the main weapon: only after the Standard hit


def main_weapon_name(who: Combatant, standard: Declaration | None) -> str | None:
    """The weapon a Standard Attack uses (the sheet's first when it names none)."""
    if standard is None:
        return None
    return standard.params.get("weapon") or next(iter(sheet_of(who).weapons), None)


def off_hand_choices(who: Combatant, main: str | None) -> list[str]:
    """The sheet's weapons that may be the off-hand next to ``main`` (not ``main`` itself)."""
    arms = default_armoury()
    return [w for w in sheet_of(who).weapons if w != main and arms.weapon(w).off_hand]


def two_weapon_problem(who: Combatant, main: Weapon) -> str | None:
    """Why ``who`` cannot fight with ``main`` and a second weapon, or None (R-HIT-3's costs)."""
    if main.two_handed or main.clunky or main.heavy:
        return f"{main.title} is two-handed, clunky or heavy: no two-weapon fighting with it"
    if not off_hand_choices(who, main.name):
        return f"{who.name} has no off-hand weapon"
    return None


def fights_with_two_weapons(declarations: Iterable[Declaration]) -> bool:
    """Are this turn's attacks two-weapon fighting? The Standard Attack was declared so, or an
    off-hand Bonus Attack joined it while it waited (reading: N-TWF-1)."""
    decls = list(declarations)
    standard = next((d for d in decls if d.kind in act.STANDARD), None)
    if standard is None or standard.kind != act.STANDARD_ATTACK:
        return False
    return bool(standard.params.get("two_weapon")) or any(
        d.kind == act.BONUS_ATTACK and d.params.get("two_weapon") for d in decls)


def joins_as_off_hand(who: Combatant, declarations: Iterable[Declaration], weapon: str | None) -> bool:
    """Would a Bonus Attack with ``weapon`` make the waiting one-weapon Standard Attack two-weapon
    fighting? It does when the Standard has not resolved yet, ``weapon`` may be the off-hand and is
    not the Standard's weapon, and the Standard's weapon allows it (reading: N-TWF-1)."""
    decls = list(declarations)
    standard = next((d for d in decls if d.kind in act.STANDARD), None)
    if standard is None or standard.kind != act.STANDARD_ATTACK or standard.status != "declared":
        return False
    if fights_with_two_weapons(decls) or weapon is None:
        return False
    main = main_weapon_name(who, standard)
    if main is None or weapon not in off_hand_choices(who, main):
        return False
    return two_weapon_problem(who, default_armoury().weapon(main)) is None


def terms_for(who: Combatant, declarations: Iterable[Declaration], kind: str, weapon: str | None, *,
              two_weapon: bool = False) -> TwoWeaponTerms | None:
    """The two-weapon terms of an attack about to be declared, or None when it is a one-weapon attack.

    ``kind`` is the attack's kind; for a Standard Attack ``two_weapon`` says whether the player
    asks to fight with two weapons (None then when the weapon does not allow it).
    """
    decls = list(declarations)
    arms = default_armoury()
    rules = arms.rules
    if kind == act.STANDARD_ATTACK:
        main = weapon or next(iter(sheet_of(who).weapons), None)
        if not two_weapon or main is None or two_weapon_problem(who, arms.weapon(main)):
            return None
        first = off_hand_choices(who, main)[0]
        return TwoWeaponTerms(arms.weapon(main).title, arms.weapon(first).title, rules.two_weapon_threshold,
                              rules.extra_damage_threshold, standard=True)
    if kind != act.BONUS_ATTACK:
        return None
    standard = next((d for d in decls if d.kind == act.STANDARD_ATTACK), None)
    main = main_weapon_name(who, standard)
    if main is None:
        return None
    joins = joins_as_off_hand(who, decls, weapon)
    if not (joins or fights_with_two_weapons(decls)):
        return None
    choices = off_hand_choices(who, main)
    off: str | None = weapon if weapon in choices else (choices[0] if choices else weapon)
    return TwoWeaponTerms(arms.weapon(main).title, arms.weapon(off).title if off else "",
                          rules.two_weapon_threshold, rules.extra_damage_threshold, joins=joins,
                          main_again=weapon not in choices)


def two_weapon_offer(who: Combatant, declarations: Iterable[Declaration], weapon: str) -> TwoWeaponTerms | None:
    """May ``who`` declare a Standard Attack with ``weapon`` fighting with two weapons now? Its terms."""
    return terms_for(who, declarations, act.STANDARD_ATTACK, weapon, two_weapon=True)
