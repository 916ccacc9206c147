"""Wiring ground combat into an encounter: its reducer and the sheet builder.

Every ground-combat event kind is on one reducer (its handler modules are
listed in :mod:`tactics.engine.features`). :func:`build_sheets` is a start-state builder: it
turns each combatant's ``sheet`` reference (an id in ``creatures.toml`` or an
inline table) into a :class:`~tactics.rules.sheets.Sheet` and takes hit
points from the sheet unless the encounter gives them.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.combat.team import reducer
from tactics.engine.core.state import EncounterState
from tactics.rules.sheets import default_armoury

__all__ = ["reducer", "build_sheets"]


def build_sheets(state: EncounterState, definition: dict[str, Any]) -> None:
    armoury = default_armoury()
    where = str(definition.get("source") or definition.get("name") or "encounter")
    for i, raw in enumerate(definition.get("combatants", [])):
        cid = str(raw["id"])
        who = state.combatants.get(cid)
        ref = raw.get("sheet")
        if who is None or ref is None:
            continue
        if isinstance(ref, dict) and not ref.get("name"):  # an inline sheet without a name: the combatant's
            ref = {**ref, "name": cid}  # id names it, as ids name combatants in commands (not "inline")
        sheet = armoury.sheet_from(ref, path=where, where=f"combatants[{i}].sheet")
        who.sheet = sheet
        if "hp" not in raw:
            who.hp = who.max_hp = sheet.hp
        if "name" not in raw:
            who.name = sheet.title
        if raw.get("stealth") is not None:
            who.stealth = int(raw["stealth"])
