"""Where a ship's numbers come from: the parts of an attribute, of a Battle Damage DC, of re-rolls.

Why (an outside review): the log said "Hack ... vs DC 13" and "BD DC 4,5" without their parts, and
after a volley the dialog credited every re-roll to the Weapons Mod when one came from the
Captain's order. Every roll shows its dice and modifiers, so the commands record these parts with
their rolls and the screens word them (:func:`tactics.rules.starship.sum_text`).
"""

from __future__ import annotations

from typing import Any

from tactics.engine.core.labels import possessive
from tactics.engine.starship.state import Ship, SpaceState, active_damage, effective
from tactics.rules.starship import ATTRIBUTE_NAMES, sum_text
from tactics.rules.starship_data import space_rules


def attribute_parts(space: SpaceState, ship: Ship, attribute: str, now: int | None = None) -> list[tuple[str, int]]:
    """An attribute as :func:`~tactics.engine.starship.state.effective` sums it: the ship's own value,
    then Battle Damage and each active modifier ("Red Maw's hack", "Boost the shields") not zero."""
    now = space.now if now is None else now
    parts = [(ATTRIBUTE_NAMES.get(attribute, attribute), int(getattr(ship.spec, attribute)))]
    damage = sum(int(bd.machine.get(attribute, 0)) for bd in active_damage(ship, now))
    if damage:
        parts.append(("Battle Damage", damage))
    for m in ship.modifiers:
        if m.attribute == attribute and m.active(now) and m.amount:
            if m.hack is not None:
                label = f"{possessive(m.source)} hack" if m.source else "a hack"
            else:
                label = m.text or m.source or "a modifier"
            parts.append((label, int(m.amount)))
    return parts


def bd_dc_parts(space: SpaceState, ship: Ship, now: int | None = None) -> dict[str, Any]:
    """The parts of a ship's Battle Damage DC (R-SHIP-3: 4 + Armor Mod, 4 + Shield Mod), as a
    volley records them: ``{"count": {"base": 4, "terms": [...]}, "threshold": {...}}``."""
    rules = space_rules()
    return {
        "count": {"base": rules.battle_damage_count_base,
                  "terms": [list(t) for t in attribute_parts(space, ship, "armor_mod", now)]},
        "threshold": {"base": rules.battle_damage_threshold_base,
                      "terms": [list(t) for t in attribute_parts(space, ship, "shield_mod", now)]},
    }


def bd_dc_terms(parts: dict[str, Any] | None) -> tuple[str, str]:
    """('4 + Armor Mod 0', '4 + Shield Mod 2 - Red Maw's hack 1'): the count's and the threshold's
    parts (two '' for a volley recorded without them)."""
    if not parts:
        return "", ""
    try:
        count, threshold = (sum_text(int(parts[k]["base"]), parts[k]["terms"]) for k in ("count", "threshold"))
    except (KeyError, TypeError, ValueError):
        return "", ""
    return count, threshold


def bd_dc_text(parts: dict[str, Any] | None) -> str:
    """'4 + Armor Mod 0, 4 + Shield Mod 2 - Red Maw's hack 1' ('' for a volley recorded without them)."""
    return ", ".join(t for t in bd_dc_terms(parts) if t)


def reroll_parts(space: SpaceState, ship: Ship, now: int | None = None) -> list[tuple[str, int]]:
    """Where the Weapons Officer's re-rolls of successes come from (R-SHIP-4): the Weapons Mod (never
    below 0), and one more for the Captain's order to the Weapons Officer this round (R-SHIP-2)."""
    parts = []
    mod = max(0, effective(space, ship, "weapons_mod", now))
    if mod:
        parts.append(("Weapons Mod", mod))
    if "weapons" in space.advantages.get(ship.id, []):
        parts.append(("Captain's order", 1))
    return parts


def reroll_text(parts: list[Any], allowed: int, used: int | None = None) -> str:
    """'Weapons Mod 2, Captain's order 1' (with 'of 3: ...' when fewer were used than allowed)."""
    named = ", ".join(f"{label} {int(n)}" for label, n in parts) or "Weapons Mod"
    return named if used is None or used >= allowed else f"of {allowed}: {named}"
