"""What an equipped shield adds to its bearer's AC, and from which side (R-FACE-2).

Why it exists: individual turns record who has a shield equipped (the second text's
"Equipping a shield takes 1 round"); the shield's AC is a number in ``data/turns.toml``
(``shield_ac``, an encounter may change it in ``[settings.turns]``). With the table option
``shield_front_only`` (``data/facing.toml``, ``[settings.facing]`` in an encounter) it only counts
against an attack from the bearer's front arc. :func:`tactics.engine.combat.attack.attack_setup`
asks here, so the odds shown and the roll made use the same AC.
"""

from __future__ import annotations

from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.facing import arc_of, facing_options, shield_counts
from tactics.rules.grid import Cell


def has_shield(state: EncounterState, who: Combatant) -> bool:
    """Is a shield equipped (individual turns track it; the team rules do not)?"""
    return who.id in (getattr(state.combat, "shields", None) or [])


def shield_bonus(state: EncounterState, target: Combatant, attacker_cell: Cell | None) -> tuple[int, str]:
    """(AC added, a note for the log) for an attack on ``target`` from ``attacker_cell``.

    reading: R-FACE-2 (N-SHIELD-1) — with ``shield_front_only`` the shield counts only when the attacker stands
    in the target's front arc; otherwise (and by default) from every side.
    """
    if not has_shield(state, target):
        return 0, ""
    from tactics.rules.turns import default_turn_rules, turn_rules  # only with a shield: not at the app's start

    try:
        bonus = turn_rules(state.settings).turns.shield_ac
    except ValueError:  # a bad [settings.turns] is reported where the turn rules are used
        bonus = default_turn_rules().turns.shield_ac
    if not bonus:
        return 0, ""
    if attacker_cell is None or target.cell is None or tuple(attacker_cell) == tuple(target.cell):
        return bonus, f"shield +{bonus}"
    arc = arc_of(target.cell, target.facing, attacker_cell)
    if shield_counts(facing_options(state.settings), arc):
        return bonus, f"shield +{bonus}"
    return 0, f"shield does not cover the {arc}"


__all__ = ["has_shield", "shield_bonus"]
