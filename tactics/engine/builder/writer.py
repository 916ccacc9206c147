"""Writing the encounter the GM set up as an encounter file (``*.encounter.toml``).

Why it exists: a fight set up in the app (teams, combatants where they stand,
their sheets and token art, traps, the opening) must survive as the same kind
of file the bundled encounters are (``tactics/assets/maps/space-bears.encounter.toml``),
so ``tactics FILE`` opens it with everything as placed, a GM can keep a
folder of prepared fights, and the file reads and edits by hand.

* :func:`encounter_document` is pure: state + definition -> the file's data.
  Paths (the map, token art) are written relative to the file's folder.
* :func:`write_encounter_file` writes it atomically (a crash leaves the old
  file or the new one) and refuses to write over a map or a save.
* :func:`resolve_art` is the loader's half (in :mod:`tactics.engine.core.encounter`,
  which reads the file): relative ``art`` paths in a file become absolute when it
  is read, so a save made from it finds them too.

Writing a file and loading it gives the same start state (tested).
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

from tactics.engine.builder.commands import sheet_ref
from tactics.engine.builder.tomltext import dumps
from tactics.engine.core.encounter import resolve_art as resolve_art  # (the loader's half: its name here as before)
from tactics.engine.core.state import EncounterState
from tactics.rules.sheets import Sheet

SUFFIX = ".encounter.toml"
#: Trap statuses that are still on the map when the file is written.
_TRAPS_KEPT = ("armed", "off")


class EncounterFileError(ValueError):
    """The encounter cannot be written there; ``str()`` says why in a sentence."""


def relative_path(target: str | Path, folder: Path) -> str:
    """``target`` relative to ``folder`` (with ``/``), or absolute when on another drive."""
    target = Path(target).resolve()
    try:
        return Path(os.path.relpath(target, folder.resolve())).as_posix()
    except ValueError:  # Windows: another drive
        return target.as_posix()


def map_reference(source: str | Path, folder: Path) -> str:
    """The ``map`` of an encounter file in ``folder``: ``bundled:<name>`` for a map shipped with the
    app (found again after a reinstall), else the path relative to the file."""
    from tactics.assets import bundled_name
    from tactics.engine.core.encounter import BUNDLED_PREFIX

    name = bundled_name(source)
    if name is not None and bundled_name(folder) is None:  # (a bundled encounter names its map as ever)
        return BUNDLED_PREFIX + name
    return relative_path(source, folder)


def _combatant(who: Any, folder: Path) -> dict[str, Any]:
    raw: dict[str, Any] = {"id": who.id, "name": who.name, "team": who.team}
    sheet = who.sheet
    if isinstance(sheet, Sheet):
        raw["sheet"] = sheet_ref(sheet)
        if who.hp != sheet.hp or who.max_hp != sheet.hp:
            raw["hp"] = who.hp
    elif sheet is not None:
        raw["sheet"] = sheet
        raw["hp"] = who.hp
    else:
        raw["hp"] = who.hp
    if "hp" in raw and who.max_hp != who.hp:
        raw["max_hp"] = who.max_hp
    if who.cell is not None:
        raw["cell"] = [int(who.cell[0]), int(who.cell[1])]
    if who.facing != "S":
        raw["facing"] = who.facing
    if who.hidden:
        raw["hidden"] = True
    if who.stealth is not None:
        raw["stealth"] = int(who.stealth)
    if not who.present:
        raw["present"] = False
    if who.art:
        raw["art"] = relative_path(who.art, folder)
    return raw


def _trap(trap: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {"id": trap.id, "kind": trap.kind, "cell": [int(trap.cell[0]), int(trap.cell[1])]}
    if trap.facing:
        raw["facing"] = trap.facing
    if trap.wire_end is not None:
        raw["wire_end"] = [int(trap.wire_end[0]), int(trap.wire_end[1])]
    raw["detection_dc"] = int(trap.detection_dc)
    raw["disarm_dc"] = int(trap.disarm_dc)
    if not trap.hidden:
        raw["hidden"] = False
    if trap.team:
        raw["team"] = trap.team
    return raw


def _opening(state: EncounterState, definition: dict[str, Any]) -> dict[str, Any] | None:
    """The file's ``[opening]`` kept for the combatants still there, with conditions set before the fight."""
    old = definition.get("opening") or {}
    present = set(state.combatants)
    out: dict[str, Any] = {}
    aware = old.get("surprise_aware")
    if isinstance(aware, list):
        out["surprise_aware"] = [cid for cid in aware if cid in present]
    conditions = [{k: v for k, v in c.items() if v is not None}  # TOML has no null
                  for c in old.get("conditions", []) or [] if isinstance(c, dict) and c.get("combatant") in present]
    if state.combat is None:  # conditions the GM set before any fight start it too
        listed = {(c["combatant"], c["condition"]) for c in conditions}
        for who in state.combatants.values():
            for cond in who.conditions:
                if (who.id, cond.name) not in listed:
                    entry: dict[str, Any] = {"combatant": who.id, "condition": cond.name}
                    if cond.rounds is not None:
                        entry["rounds"] = int(cond.rounds)
                    if cond.source:
                        entry["source"] = cond.source
                    conditions.append(entry)
    if conditions:
        out["conditions"] = conditions
    return out or None


def encounter_document(state: EncounterState, definition: dict[str, Any], path: str | Path) -> dict[str, Any]:
    """What the encounter file at ``path`` holds: the map, teams, combatants as placed, traps, the opening."""
    folder = Path(path).resolve().parent
    source = state.map.source
    if not source or not Path(source).is_file():
        raise EncounterFileError("this map is not a file of its own, so an encounter file cannot point at it; "
                                 "save the game instead (Ctrl+Shift+S)")
    doc: dict[str, Any] = {"name": state.name, "map": map_reference(source, folder), "mode": state.mode}
    if isinstance(definition.get("seed"), int):
        doc["seed"] = definition["seed"]
    opening = _opening(state, definition)
    if opening:
        doc["opening"] = opening
    if state.settings:
        doc["settings"] = copy.deepcopy(state.settings)
    doc["teams"] = {t.id: {"name": t.name, "colour": [int(c) for c in t.colour], "players": bool(t.players)}
                    for t in state.teams.values()}
    doc["combatants"] = [_combatant(who, folder) for who in state.combatants.values()]
    traps = [_trap(t) for t in sorted(state.traps.values(), key=lambda t: t.id) if t.status in _TRAPS_KEPT]
    if traps:
        doc["traps"] = traps
    for key in ("space",):  # parts written by hand that the builder does not change
        if key in definition:
            doc[key] = copy.deepcopy(definition[key])
    if not doc["combatants"]:
        del doc["combatants"]
    return doc


def target_path(path: str | Path) -> Path:
    """Where a file name typed by the GM is written: ``fight`` -> ``fight.encounter.toml``."""
    path = Path(path).expanduser()
    name = path.name
    if name.lower().endswith(SUFFIX):
        return path
    for suffix in (".toml", ".encounter"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
    return path.with_name(name + SUFFIX)


def write_encounter_file(state: EncounterState, definition: dict[str, Any], path: str | Path) -> Path:
    """Write the encounter file atomically; the path written. Refuses a map, a save or a missing folder."""
    from tactics.engine.saves.document import atomic_write_text

    target = target_path(path)
    if not target.parent.is_dir():
        raise EncounterFileError(f"the folder {target.parent} does not exist")
    if state.map.source and target.resolve() == Path(state.map.source).resolve():
        raise EncounterFileError(f"{target.name} is the map itself: choose another name")
    doc = encounter_document(state, definition, target)
    header = (f"{state.name}: set up in Tactics. Open it with: tactics {target.name}\n"
              "Sheets: tactics/data/creatures.toml (or the table under a combatant).")
    atomic_write_text(target, dumps(doc, header=header))
    return target


__all__ = ["EncounterFileError", "SUFFIX", "encounter_document", "relative_path", "resolve_art", "target_path",
           "write_encounter_file"]
