"""What a table's own rules folder (``tactics --data DIR``) holds: the files it house-rules, and the misnamed ones.

Why it exists: a file in the folder replaces the bundled one of the same name
(:func:`tactics.rules.data.data_path`), so a GM who saves ``grenade.toml``
for ``grenades.toml`` silently plays with the bundled rule. An outside
reviewer found exactly that. The app names each ``.toml`` there that is not a
rules file, with the closest rules file's name, and says which folder and files
are in use, so a house rule is never in force (or not) without a word.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path

from tactics.rules.data import DATA_ENV, bundled_data_path


@dataclass(frozen=True)
class TableFolder:
    """The folder, the rules files it replaces (names) and one sentence per misnamed file."""

    folder: Path
    replaced: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    new_ships: list[str] = field(default_factory=list)  # ships/ files no bundled ship is named as (ids)

    def summary(self) -> str:
        """One line for the status line: which folder, which files it house-rules, which ships it adds."""
        ships = f"; new ships: {', '.join(self.new_ships)}" if self.new_ships else ""
        if not self.replaced:
            if ships:
                return f"House rules from {self.folder}: no bundled rules file replaced{ships}."
            return f"House rules folder {self.folder}: no rules file in it, the bundled rules are used."
        return f"House rules from {self.folder}: {', '.join(self.replaced)}{ships}."


def rules_file_names() -> list[str]:
    """The names of the bundled rules files a table folder may replace (``grenades.toml`` ...)."""
    return sorted(p.name for p in bundled_data_path().glob("*.toml"))


def read_table_folder(folder: str | Path | None = None) -> TableFolder | None:
    """The table folder (``folder``, else the one ``TACTICS_DATA`` names) looked over; None: no folder in use."""
    chosen = folder if folder is not None else os.environ.get(DATA_ENV)
    if not chosen:
        return None
    where = Path(chosen).expanduser()
    known = rules_file_names()
    replaced: list[str] = []
    problems: list[str] = []
    try:
        names = _readable_toml(where, problems, "")
    except OSError as exc:
        return TableFolder(where, [], [f"{where}: cannot be read ({exc.strerror or exc})"])
    for name in names:
        if name in known:
            replaced.append(name)
            continue
        close = difflib.get_close_matches(name.lower(), known, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}?" if close else f"rules files: {', '.join(known)}"
        problems.append(f"{name} in {where} is not a rules file ({hint})")
    new_ships = _ships(where, replaced, problems)
    return TableFolder(where, replaced, problems, new_ships)


def _ships(where: Path, replaced: list[str], problems: list[str]) -> list[str]:
    """The folder's ``ships/``: a file named as a bundled ship replaces it (listed with the
    replaced files); any other is a new ship an encounter may name, and one named nearly as a
    bundled ship is said to be so (review 6: ``wayfarr.toml`` was a silent new ship)."""
    try:
        files = _readable_toml(where / "ships", problems, "ships/")
    except OSError:
        return []
    bundled = sorted(p.name for p in (bundled_data_path() / "ships").glob("*.toml"))
    new: list[str] = []
    for name in files:
        if name in bundled:
            replaced.append(f"ships/{name}")
            continue
        new.append(Path(name).stem)
        close = difflib.get_close_matches(name.lower(), bundled, n=1, cutoff=0.8)
        if close:
            problems.append(f"ships/{name} in {where} is a new ship, not the bundled {Path(close[0]).stem} "
                            f"(did you mean ships/{close[0]}?)")
    return new


def _readable_toml(folder: Path, problems: list[str], prefix: str) -> list[str]:
    """The names of the ``.toml`` regular files in ``folder``; each other ``.toml`` entry (a folder, a
    link that leads nowhere or to itself, a FIFO) is one sentence in ``problems``: the bundled file
    is used in its place, and the GM is told (review 21: a broken ``weapons.toml`` link was
    silently "no rules file in it")."""
    from tactics.safefiles import FileRefused, check_regular

    names: list[str] = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.suffix.lower() != ".toml":
            continue
        try:
            check_regular(entry, 1 << 62)
        except FileRefused as exc:
            problem = "a link to nothing" if exc.missing else exc.problem.removeprefix("cannot read: ")
            problems.append(f"{prefix}{entry.name} in {folder.parent if prefix else folder} cannot be read "
                            f"({problem}); the bundled rules are used in its place")
            continue
        names.append(entry.name)
    return names


__all__ = ["TableFolder", "read_table_folder", "rules_file_names"]
