"""Which file is a save, which an encounter file or a map: one test for the window and for scripts.

A save must never be written over the encounter file or the map a GM made: both
the window's Save as and the engine's :func:`~tactics.engine.saves.document.save_encounter`
ask :func:`not_a_save_target` before writing (a slip of typing the map's name
for the save's would otherwise turn the map into a save and lose it).
"""

from __future__ import annotations

from pathlib import Path

SAVE_SUFFIX = ".tactics.json"
ENCOUNTER_SUFFIXES = (".encounter.toml", ".encounter.json")


def is_encounter_file(path: str | Path) -> bool:
    """An encounter file (a GM's start of a fight), by its name."""
    return Path(path).name.lower().endswith(ENCOUNTER_SUFFIXES)


def is_save_file(path: str | Path) -> bool:
    """A Tactics save or autosave: by its name, or a ``.json`` file whose start says so."""
    path = Path(path)
    name = path.name.lower()
    if name.endswith(SAVE_SUFFIX) or (name.startswith("autosave-") and name.endswith(".json")):
        return True
    if not name.endswith(".json") or is_encounter_file(path):
        return False
    if not path.is_file():  # a FIFO or device: never opened here (the loader refuses it in one line)
        return False
    try:
        with path.open("rb") as f:
            head = f.read(512)
    except OSError:
        return False
    return b'"tactics-encounter"' in head or b'"tactics-save"' in head


def not_a_save_target(path: str | Path) -> str | None:
    """Why a save may not be written at ``path`` (None: it may; a save there is replaced).

    A path that holds anything but a save (an encounter file, a map, a picture, a
    folder) is refused: writing there would destroy it.
    """
    path = Path(path)
    if not path.exists() or is_save_file(path):
        return None
    if path.is_dir():
        return "is a folder, not a save: choose a file name"
    if is_encounter_file(path):
        return "holds an encounter file, not a save: choose another name"
    return "holds a map or another file, not a save: choose another name"
