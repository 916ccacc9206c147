"""Where a game went on after "Save as": the file it came from remembers the save.

Why (an outside review): autosaves are found by the tag of the file a game was opened from, and
"Save as" changes that file. After opening ``space-bears.encounter.toml``, a few actions, Save as
``night.tactics.json``, more actions and a crash, reopening the encounter offered its last autosave
as "newer than this file": the state at the moment of saving, an old fork, while the game that went
on (under the save's tag) was not mentioned. A GM who restored it would continue the old fork.

So Save as records a *continuation* in the autosave folder (``continued.json``): the file the game
came from, the save it went on in, and the names of the source's autosaves written before the save
(the save holds their game; they are "covered"). While the save exists:

* :func:`covered_names` lists those autosaves, and
  :func:`tactics.engine.saves.autosave.newer_autosave_than` does not offer them as newer;
* :func:`went_on_in` tells the window, on opening the source, where the game went on (following
  a save that was itself saved as another) and which file holds its newest state, to offer it;
* :func:`dismiss` ("Start fresh") stops the offer and moves the covered autosaves into the
  ``set-aside`` folder, as "Ignore" does with a newer autosave.

Nothing is deleted: a continuation only decides what is offered. If the save is gone (deleted,
moved), its continuation no longer counts and the source's autosaves are offered as before.
A damaged ``continued.json`` is read as empty (logged), never an error in the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tactics.atomicfiles import atomic_write_text
from tactics.logs import logger
from tactics.safefiles import FileRefused, read_regular
from tactics.engine.saves.autosave import (autosave_folder, last_good_autosave, list_autosaves, newer_autosave_than,
                                           set_aside)

if TYPE_CHECKING:
    from datetime import datetime

FILE = "continued.json"
FORMAT = "tactics-continued"
KEEP_LINKS = 200  # continuations remembered, newest last
#: a larger continued.json is not read (KEEP_LINKS links of a few hundred bytes each fill well under 1 MB)
MAX_FILE_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Continuation:
    """The game opened from ``source`` went on in the save ``save`` (both resolved paths)."""

    source: str
    save: str
    covered: tuple[str, ...]  # the source's autosaves written before the save (file names)
    saved_at: str  # when the save was made (ISO, UTC)
    dismissed: bool = False  # the GM chose to start fresh from the source


@dataclass(frozen=True)
class WentOn:
    """What :func:`went_on_in` found: the save the game went on in and its newest state."""

    save: Path  # the last save of the chain (source -> save -> save of that save ...)
    newest: Path  # that save itself, or its autosave newer than it


def _where(folder: str | Path | None) -> Path:
    return Path(folder) if folder is not None else autosave_folder()


def _resolved(path: str | Path) -> str:
    return str(Path(path).resolve())


def load(folder: str | Path | None = None) -> list[Continuation]:
    """Every continuation remembered (oldest first); a missing or damaged file gives none."""
    path = _where(folder) / FILE
    try:  # a regular file of a bounded size only: a FIFO or a device put there must not hang the game
        doc = json.loads(read_regular(path, MAX_FILE_BYTES).decode("utf-8"))
    except FileRefused as exc:
        if not exc.missing:
            logger(__name__).warning("ignoring %s: %s", path, exc.problem)
        return []
    except (ValueError, RecursionError) as exc:  # (json raises RecursionError for a deep nesting)
        logger(__name__).warning("ignoring %s: %s", path, exc)
        return []
    items = doc.get("links", []) if isinstance(doc, dict) and doc.get("format") == FORMAT else []
    if not isinstance(items, list):
        logger(__name__).warning("ignoring %s: its links are not a list", path)
        return []
    links: list[Continuation] = []
    for item in items:
        try:
            links.append(Continuation(str(item["source"]), str(item["save"]),
                                      tuple(str(n) for n in item.get("covered", [])), str(item.get("saved_at", "")),
                                      bool(item.get("dismissed", False))))
        except (KeyError, TypeError, AttributeError) as exc:
            logger(__name__).warning("ignoring an entry of %s: %r", path, exc)
    return links


def _write(links: list[Continuation], folder: str | Path | None) -> None:
    where = _where(folder)
    where.mkdir(parents=True, exist_ok=True, mode=0o700)
    doc: dict[str, Any] = {"format": FORMAT, "version": 1, "links": [
        {"source": c.source, "save": c.save, "covered": list(c.covered), "saved_at": c.saved_at,
         "dismissed": c.dismissed} for c in links[-KEEP_LINKS:]]}
    atomic_write_text(where / FILE, json.dumps(doc, indent=1) + "\n", mode=0o600)


def record(source: str | Path, save: str | Path, *, folder: str | Path | None = None,
           now: datetime | None = None) -> Continuation | None:
    """The game opened from ``source`` was just saved as ``save``: remember it (None: the same
    file, nothing to remember). Raises OSError if the folder cannot be written."""
    from datetime import datetime, timezone  # (at a save: not for the first frame)

    src, dst = _resolved(source), _resolved(save)
    if src == dst:
        return None
    when = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    covered = tuple(a.path.name for a in list_autosaves(source, folder=_where(folder)))
    link = Continuation(src, dst, covered, when)
    links = [c for c in load(folder) if not (c.source == src and c.save == dst)]  # the newest replaces it
    _write(links + [link], folder)
    return link


def _active(source: str | Path, folder: str | Path | None) -> list[Continuation]:
    """The continuations of ``source`` whose save still exists, newest first."""
    src = _resolved(source)
    return [c for c in reversed(load(folder)) if c.source == src and Path(c.save).is_file()]


def covered_names(source: str | Path, *, folder: str | Path | None = None) -> frozenset[str]:
    """The autosaves of ``source`` whose game went on in a save that still exists (not offered as newer)."""
    return frozenset(name for c in _active(source, folder) for name in c.covered)


def last_good_of_game(save: str | Path, *, folder: str | Path | None = None) -> Path | None:
    """The newest autosave that loads of the game in ``save``, never another game's: one the game
    wrote as ``save`` (tagged with that file), else one it wrote before it was saved as ``save``
    (the covered autosaves of a continuation). None: this game has no autosave.

    Why (an outside review): a save refused on opening offered, when it had no autosave of its own,
    the last good autosave of whatever game was played last, and opening it replaced the game on
    screen with a stranger."""
    where = _where(folder)
    own = last_good_autosave(save, folder=where)
    if own is not None:
        return own
    dst = _resolved(save)
    for link in reversed(load(folder)):  # the newest "Save as" into this file first
        if link.save == dst:
            before = last_good_autosave(link.source, folder=where, named=frozenset(link.covered))
            if before is not None:
                return before
    return None


def went_on_in(source: str | Path, *, folder: str | Path | None = None) -> WentOn | None:
    """Where the game opened from ``source`` went on, if that save is newer than ``source``:
    the last save of the chain (a save saved as another is followed) and its newest state."""
    try:
        file_time = Path(source).stat().st_mtime_ns
    except OSError:
        file_time = -1
    seen = {_resolved(source)}
    save: Path | None = None
    at = source
    while True:
        link = next((c for c in _active(at, folder) if not c.dismissed), None)
        if link is None or link.save in seen:
            break
        seen.add(link.save)
        save = at = Path(link.save)
    if save is None:
        return None
    newest = newer_autosave_than(save, folder=_where(folder)) or save
    try:
        if newest.stat().st_mtime_ns <= file_time:
            return None  # the file was changed after that game: it is not "newer"
    except OSError:
        return None
    return WentOn(save, newest)


def dismiss(source: str | Path, *, folder: str | Path | None = None) -> None:
    """The GM starts fresh from ``source``: its continuations are no longer offered, and its
    covered autosaves move to the ``set-aside`` folder (kept, out of the rotation)."""
    src = _resolved(source)
    links = load(folder)
    mine = [c for c in links if c.source == src and not c.dismissed]
    if not mine:
        return
    names = {n for c in mine for n in c.covered}
    present = [a.path for a in list_autosaves(source, folder=_where(folder)) if a.path.name in names]
    if present:
        set_aside(present[0], source, folder=_where(folder))
    _write([Continuation(c.source, c.save, c.covered, c.saved_at, True) if c in mine else c for c in links],
           folder)
