"""The small games the save, autosave and crash tests write to disk, written once.

Why it exists: four test files wrote the same encounter file (Brandon of the
party against Ursa of the bears on an 8 x 4 arena) next to its map; they share
the text and the writing here (``from arena_game import ...``).
"""

from __future__ import annotations

from pathlib import Path

#: The arena with a short wall (squares (2, 1) and (2, 2)).
ARENA = "........\n..#.....\n..#.....\n........\n"
#: The same arena without the wall.
OPEN_ARENA = "........\n........\n........\n........\n"

#: The two combatants every one of these games has.
COMBATANTS = """[[combatants]]
id = "brandon"
team = "party"
cell = [0, 0]
[[combatants]]
id = "ursa"
team = "bears"
cell = [7, 3]
"""

ENCOUNTER = """
name = "Arena"
map = "arena.txt"
[teams.party]
name = "The Party"
players = true
[teams.bears]
name = "Space Bears"
""" + COMBATANTS

#: The crash tests' encounter: the same two, teams without names.
CRASH_ENCOUNTER = """
name = "Crash"
map = "arena.txt"
[teams.party]
players = true
[teams.bears]
""" + COMBATANTS


def write_game(folder: Path, name: str = "arena.encounter.toml", *, encounter: str = ENCOUNTER,
               arena: str = ARENA) -> Path:
    """Write ``arena.txt`` and the encounter file ``name`` into ``folder``; the encounter's path."""
    (folder / "arena.txt").write_text(arena)
    path = folder / name
    path.write_text(encounter)
    return path
