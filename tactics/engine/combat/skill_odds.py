"""The odds of a skill action (Hide, Search) before it is rolled, and what it was rolled against.

Why it exists: an outside GM (review 14, finding 2) saw "Use Item: Hide (Stealth)" wait in the
resolve queue with no chance beside it, and its result read "d20 5 - d2 1, Stealth +8 = 12, SEEN":
seen by what? An attack names its AC and shows its odds from the engine; a skill action now does
the same from here, so the queue, the roll card and the log all say one thing (reading: N-SKILL-2).

* Hide (Stealth): hidden unless an enemy's Passive Perception meets the result (N-SURP-2), so the
  number to beat is the *highest* Passive Perception among the living enemies, named with the
  foes who hold it ("Passive Perception 13 (Bear 1-4)").
* Search (Perception): a hidden enemy is found when the result meets its Stealth; the odds are
  those of finding at least one (the lowest Stealth), each hidden foe named with its number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from tactics.engine.combat.state import conditions_of, sheet_of
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.checks import check_advantage, check_advantages, check_chance, check_modifiers

#: The items whose roll is a skill check against the foes, and the skill each rolls.
SKILL_ITEMS = {"stealth": "Stealth", "perception": "Perception"}


@dataclass(frozen=True)
class SkillOdds:
    """A skill action's check before the roll: the dice, what it is rolled against, the chance.

    ``against``: the words for the number it is rolled against ("Passive Perception 13 (Bear 1-4)"),
    ``number``: that number (13), ``needed``: the total that succeeds (a Hide: 14, a Search: the Stealth), ``chance``: the exact chance of ``success`` (the result's
    word, "hidden" or "found"; else ``failure``). ``foes``: the creatures whose numbers are named
    (the players' screens show the numbers only when they may know them, N-SEEN-1)."""

    skill: str
    modifiers: tuple[tuple[str, int], ...]
    advantage: int
    affinity_die: int
    advantages: tuple[tuple[str, int], ...]
    against: str
    number: int | None
    needed: int | None
    chance: Fraction
    success: str
    failure: str
    foes: tuple[str, ...]

    @property
    def bonus(self) -> int:
        return sum(v for _, v in self.modifiers)


def name_run(names: Iterable[str]) -> str:
    """Names as few words as say them: "Bear 1, Bear 2, Bear 3, Bear 4" -> "Bear 1-4" (a run of
    numbered names of one kind), others listed as they are."""
    groups: list[tuple[str, list[int]] | str] = []
    for name in names:
        m = re.fullmatch(r"(.*\S) (\d+)", name)
        last = groups[-1] if groups else None
        if m and isinstance(last, tuple) and last[0] == m.group(1) and last[1][-1] + 1 == int(m.group(2)):
            last[1].append(int(m.group(2)))
        elif m:
            groups.append((m.group(1), [int(m.group(2))]))
        else:
            groups.append(name)
    words = []
    for g in groups:
        if isinstance(g, str):
            words.append(g)
        elif len(g[1]) > 2:
            words.append(f"{g[0]} {g[1][0]}-{g[1][-1]}")
        else:
            words.extend(f"{g[0]} {n}" for n in g[1])
    return ", ".join(words)


def _foes(state: EncounterState, who: Combatant) -> list[Combatant]:
    return [e for e in state.enemies_of(who) if e.hp > 0]


def hide_against(state: EncounterState, who: Combatant) -> tuple[int | None, list[Combatant]]:
    """The highest Passive Perception among ``who``'s living enemies and the foes who hold it
    (N-SURP-2: any one of them meeting the Stealth result sees the hider); (None, []) with none."""
    foes = _foes(state, who)
    if not foes:
        return None, []
    best = max(sheet_of(e).passive_perception for e in foes)
    return best, [e for e in foes if sheet_of(e).passive_perception == best]


def skill_odds(state: EncounterState, who: Combatant, item: str, situational: int = 0) -> SkillOdds | None:
    """The odds of ``who``'s skill action ``item`` ("stealth", "perception") as things stand now
    (None: not a skill action)."""
    skill = SKILL_ITEMS.get(item)
    if skill is None:
        return None
    sheet = sheet_of(who)
    conditions = conditions_of(who)
    mods = tuple(check_modifiers(sheet, skill))
    adv = check_advantage(skill, conditions, situational)
    why = tuple(check_advantages(skill, conditions, situational))
    bonus = sum(v for _, v in mods)

    def chance(needed: int | None) -> Fraction:
        if needed is None:
            return Fraction(0)
        return check_chance(bonus, needed, advantage=adv, affinity_die=sheet.affinity_die)

    if item == "stealth":
        best, holders = hide_against(state, who)
        against = (f"Passive Perception {best} ({name_run(e.name for e in holders)})" if best is not None
                   else "no enemy in the fight")
        needed = None if best is None else best + 1  # meeting it is enough to see (N-SURP-2)
        return SkillOdds(skill, mods, adv, sheet.affinity_die, why, against, best, needed,
                         Fraction(1) if best is None else chance(needed), "hidden", "seen",
                         tuple(e.id for e in holders))
    hidden = sorted((e for e in _foes(state, who) if e.hidden), key=lambda e: (e.stealth or 0, e.name))
    if not hidden:
        return SkillOdds(skill, mods, adv, sheet.affinity_die, why, "no hidden enemy", None, None, Fraction(0),
                         "found", "nothing found", ())
    by_number: dict[int, list[str]] = {}
    for e in hidden:
        by_number.setdefault(e.stealth or 0, []).append(e.name)
    against = "Stealth " + ", ".join(f"{n} ({name_run(names)})" for n, names in by_number.items())
    needed = hidden[0].stealth or 0
    return SkillOdds(skill, mods, adv, sheet.affinity_die, why, against, needed, needed, chance(needed),
                     "found", "nothing found", tuple(e.id for e in hidden))


def declared_skill_odds(state: EncounterState, action_id: int) -> SkillOdds | None:
    """:func:`skill_odds` of a declared Use Item action (None: not a skill action)."""
    from tactics.engine.combat.queries import combat_of

    combat = combat_of(state)
    d = combat.declaration(action_id) if combat else None
    if d is None:
        return None
    who = state.combatants.get(d.combatant)
    params: dict[str, Any] = d.params or {}
    if who is None:
        return None
    return skill_odds(state, who, str(params.get("item") or ""), int(params.get("situational") or 0))


def odds_fraction(chance: Fraction) -> str:
    """The chance as a ``CombatCheck.odds`` string ("9/20"), as the log reads it back."""
    return f"{chance.numerator}/{chance.denominator}"


def shown_to_players(state: EncounterState, odds: SkillOdds) -> bool:
    """May the players' screens name the numbers (a GM creature's Perception, a hidden foe's
    Stealth are the GM's, N-SEEN-1, N-HIDE-2)?"""
    return all(state.numbers_shown_to_players(state.combatants[c]) for c in odds.foes if c in state.combatants)
