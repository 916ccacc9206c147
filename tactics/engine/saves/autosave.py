"""Autosave: every committed command, undo and redo is on disk before play goes on.

An :class:`Autosaver` listens to an encounter's journal and, after each change,
writes a complete save (the same format as :mod:`tactics.engine.saves.document`)
atomically into the per-user data folder::

    <data dir>/autosave/autosave-000042-20261129T101502123456Z-3f2a9c01de.json
                                 seq    time (UTC)             source tag

``<data dir>`` is ``$TACTICS_DATA_DIR`` if set, else
``platformdirs.user_data_dir("tactics")``. The source tag is a short hash of
the file the encounter was opened from, so the autosaves of one game can be
found without opening every file. The newest :data:`KEEP` autosaves of each
source are kept (and at most :data:`KEEP_ALL` in all); older ones are removed.

The window attaches one ``Autosaver(encounter)`` after opening an encounter,
and before that asks :func:`newer_autosave_than` whether to offer a restore.
Autosaving never raises into the game: a failed write is kept in
``last_error`` and passed to ``on_error`` (the window shows it until a later
write succeeds: ``on_written``). Autosaves are written 0600 (they hold every
secret) in a 0700 folder.

One window per game (issue 10): with ``lock=True`` (the ``tactics`` command's
window; an Autosaver made in code does not lock unless told to) the Autosaver
takes a :class:`~tactics.engine.saves.lock.GameLock` on its source's tag. When another process holds it, ``locked_by`` says who
and the Autosaver writes nothing (the window opens the game read-only), so
two windows never interleave one game's autosaves.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Collection

from tactics.atomicfiles import atomic_write_text
from tactics.digest import sha1
from tactics.engine.core.encounter import Encounter
from tactics.engine.saves.jsontext import EntryLines
from tactics.logs import logger

if TYPE_CHECKING:
    from datetime import datetime

    from tactics.engine.saves.lock import GameLock

ENV_VAR = "TACTICS_DATA_DIR"
KEEP = 10  # autosaves kept per source
KEEP_ALL = 50  # autosaves kept in all
STALE_TEMP_SECONDS = 600  # half-written temp files older than this are removed
SET_ASIDE = "set-aside"  # autosaves the GM chose not to restore, out of the rotation (a subfolder)
KEEP_SET_ASIDE = 30  # files kept there, newest first

#: An autosave's file name (a pattern: compiled by :mod:`re` on first use, not at every start: issue 12)
_NAME = r"^autosave-(\d+)-(\d{8}T\d{12}Z)-([0-9a-f]{10})\.json$"


def data_dir() -> Path:
    """The per-user data folder (``$TACTICS_DATA_DIR`` overrides it)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    import platformdirs  # (only when $TACTICS_DATA_DIR does not say: issue 12, start time)

    return Path(platformdirs.user_data_dir("tactics", appauthor=False))


def autosave_folder() -> Path:
    return data_dir() / "autosave"


def source_tag(source: str | Path | None) -> str:
    """A short, stable tag for the file an encounter came from ('' for none)."""
    text = str(Path(source).resolve()) if source else ""
    return sha1(text.encode("utf-8", "surrogateescape")).hexdigest()[:10]


@dataclass(frozen=True)
class AutosaveFile:
    """One autosave found in the folder (read from its name, not its contents)."""

    path: Path
    seq: int
    stamp: str
    tag: str


def list_autosaves(for_source: str | Path | None = None, *, folder: str | Path | None = None) -> list[AutosaveFile]:
    """Autosaves in the folder, newest first; only ``for_source``'s if given."""
    where = Path(folder) if folder is not None else autosave_folder()
    try:
        names = os.listdir(where)
    except OSError:
        return []
    tag = source_tag(for_source) if for_source is not None else None
    found = []
    for name in names:
        m = re.match(_NAME, name)
        if m and (tag is None or m.group(3) == tag):
            found.append(AutosaveFile(where / name, int(m.group(1)), m.group(2), m.group(3)))
    found.sort(key=lambda a: (a.seq, a.stamp), reverse=True)
    return found


def latest_autosave(for_source: str | Path | None = None, *, folder: str | Path | None = None) -> Path | None:
    """The newest autosave (of ``for_source`` if given), without checking it."""
    found = list_autosaves(for_source, folder=folder)
    return found[0].path if found else None


def last_good_autosave(for_source: str | Path | None = None, *, folder: str | Path | None = None,
                       named: Collection[str] | None = None) -> Path | None:
    """The newest autosave that loads (corrupted or unreplayable ones are skipped); of ``for_source``
    if given, and only one of the files ``named`` if given. (The autosave of one game, whatever the
    file: :func:`tactics.engine.saves.continued.last_good_of_game`.)"""
    for autosave in list_autosaves(for_source, folder=folder):
        if (named is None or autosave.path.name in named) and _loads(autosave.path):
            return autosave.path
    return None


def newer_autosave_than(path: str | Path, *, folder: str | Path | None = None) -> Path | None:
    """The newest good autosave of the game opened from ``path``, if it is newer
    than the file itself: the "an autosave is newer than your file: restore it?"
    offer. None if there is nothing newer to offer.

    Autosaves written before the game was saved as another file that still exists are not
    offered: that game went on in the save (:mod:`tactics.engine.saves.continued`)."""
    from tactics.engine.saves.continued import covered_names  # it builds on this module

    try:
        file_time = Path(path).stat().st_mtime_ns
    except OSError:
        file_time = -1
    where = Path(folder) if folder is not None else autosave_folder()
    covered = covered_names(path, folder=where)
    for autosave in list_autosaves(path, folder=where):
        if autosave.path.name in covered:
            continue  # the game went on in a save: offered as that save (went_on_in)
        try:
            if autosave.path.stat().st_mtime_ns <= file_time:
                return None  # this and every older one predate the file
        except OSError:
            continue
        if _loads(autosave.path):
            return autosave.path
    return None


def unreadable_newer_than(offered: str | Path, source: str | Path, *,
                          folder: str | Path | None = None) -> list[Path]:
    """The autosaves of the game opened from ``source`` newer than ``offered`` that could not be
    read (cut off, NUL bytes): the ones :func:`newer_autosave_than` skipped, newest first.

    Why (review 8): the offer and "Restored the autosave from 22:50." hid that the last actions,
    in those files, are not in the game restored."""
    from tactics.engine.saves.continued import covered_names  # it builds on this module

    where = Path(folder) if folder is not None else autosave_folder()
    covered = covered_names(source, folder=where)
    damaged = []
    for autosave in list_autosaves(source, folder=where):  # newest first
        if autosave.path == Path(offered):
            break
        if autosave.path.name not in covered and not _loads(autosave.path):
            damaged.append(autosave.path)
    return damaged


def keep_unreadable(paths: list[Path], *, folder: str | Path | None = None) -> Path | None:
    """Move unreadable autosaves into the ``set-aside`` subfolder (out of the rotation, which would
    delete them ten commands on, and never offered again) and return that folder; None if none
    could be moved (they stay where they are)."""
    where = Path(folder) if folder is not None else autosave_folder()
    aside = where / SET_ASIDE
    moved = None
    for path in paths:
        try:
            aside.mkdir(mode=0o700, exist_ok=True)
            os.replace(path, aside / path.name)
        except OSError as exc:
            logger(__name__).warning("could not set aside %s: %s", path, exc)
            continue
        moved = aside
    return moved


def set_aside(path: str | Path, opened: str | Path, *, folder: str | Path | None = None) -> Path | None:
    """Move the autosaves of the game opened from ``opened`` that are newer than that file (the run
    the GM chose not to restore; ``path`` is its newest) into the ``set-aside`` subfolder, out of the
    rotation, and return where ``path`` went (None if it could not be moved).

    Why: after "Ignore" the game goes on under the same tag, and ten commands later the rotation had
    deleted every autosave of the run that was not restored (an outside reviewer lost a crashed game
    so). Set aside, it is still a normal save to open with Ctrl+O; the folder keeps the newest
    :data:`KEEP_SET_ASIDE` files.
    """
    where = Path(folder) if folder is not None else Path(path).parent
    aside = where / SET_ASIDE
    try:
        file_time = Path(opened).stat().st_mtime_ns
    except OSError:
        file_time = -1
    moved: Path | None = None
    try:
        aside.mkdir(mode=0o700, exist_ok=True)
        for autosave in list_autosaves(opened, folder=where):
            try:
                if autosave.path.stat().st_mtime_ns <= file_time and autosave.path != Path(path):
                    continue  # older than the file: the rotation's as before
                os.replace(autosave.path, aside / autosave.path.name)
            except OSError:
                continue
            if autosave.path == Path(path):
                moved = aside / autosave.path.name
        kept = sorted((p for p in aside.iterdir() if re.match(_NAME, p.name)), key=lambda p: p.stat().st_mtime_ns,
                      reverse=True)
        for old in kept[KEEP_SET_ASIDE:]:
            old.unlink()
    except OSError as exc:
        logger(__name__).warning("could not set aside %s: %s", path, exc)
    return moved


def set_aside_earlier_run(opened: str | Path, *, folder: str | Path | None = None) -> Path | None:
    """A fresh start of the game in ``opened`` is about to autosave: set aside (as :func:`set_aside`,
    "Ignore", does) the autosaves of ``opened`` newer than that file, the game played from it before,
    so that the new game's rotation never deletes them; return where the newest went (None: none).

    Why (an outside review): opening the same encounter again in the window started it fresh, and
    ten commands later the rotation had deleted every autosave of the 17-command fight before it."""
    try:
        file_time = Path(opened).stat().st_mtime_ns
    except OSError:
        file_time = -1
    where = Path(folder) if folder is not None else autosave_folder()
    for autosave in list_autosaves(opened, folder=where):  # newest first
        try:
            if autosave.path.stat().st_mtime_ns > file_time:
                return set_aside(autosave.path, opened, folder=where)
        except OSError:
            continue
        return None  # the newest predates the file: so does every other one
    return None


def _loads(path: Path) -> bool:
    from tactics.engine.saves.document import SaveError, load_save  # when there is an autosave to read

    try:
        load_save(path)
    except SaveError as exc:
        logger(__name__).warning("skipping autosave %s", exc)
        return False
    return True



def utc_now() -> datetime:
    """The time now, in UTC: an autosave's clock. (:mod:`datetime` is imported when an autosave is
    first written, not for the window's first frame: issue 12, start time.)"""
    from datetime import datetime, timezone

    return datetime.now(timezone.utc)


class Autosaver:
    """Writes an autosave after every change to an encounter's journal."""

    def __init__(
        self,
        encounter: Encounter,
        folder: str | Path | None = None,
        *,
        keep: int = KEEP,
        keep_all: int = KEEP_ALL,
        on_error: Callable[[Exception], None] | None = None,
        on_written: Callable[[Path], None] | None = None,
        clock: Callable[[], datetime] | None = None,
        lock: bool = False,
        keep_earlier_run: bool = False,
    ) -> None:
        self.encounter = encounter
        self.folder = Path(folder) if folder is not None else autosave_folder()
        self.keep = max(1, keep)
        self.keep_all = max(self.keep, keep_all)
        self.on_error = on_error
        self.on_written = on_written
        self.clock = clock or utc_now
        self.last_path: Path | None = None
        self.last_error: Exception | None = None
        self._lines = EntryLines()
        self._locking = lock
        #: A fresh start of its file (not a restore): before the first write, the autosaves of the
        #: game played from that file before are set aside (:func:`set_aside_earlier_run`).
        self.keep_earlier_run = keep_earlier_run and bool(encounter.source)
        #: Where the newest of those went (None: there were none, or not yet written).
        self.set_aside_path: Path | None = None
        self.lock: GameLock | None = None
        self.relock()
        self.attach()

    # -- wiring -------------------------------------------------------------
    @property
    def locked_by(self) -> str | None:
        """Who else plays this game ("pid 4242 on laptop"; "" if unknown), or None: this window may."""
        if self.lock is None or self.lock.held:
            return None
        return self.lock.holder

    def lock_now(self) -> bool:
        """Start holding the game's lock (the window that plays it); True if this window has it."""
        self._locking = True
        return self.relock()

    def relock(self) -> bool:
        """Take the lock of the encounter's (new) source, letting the old one go; True if held."""
        if not self._locking:
            return True
        from tactics.engine.saves.lock import GameLock  # (only the window that plays a game locks it: issue 12)

        old = self.lock
        self.lock = GameLock(self.folder, source_tag(self.encounter.source))
        if old is not None:
            old.release()
        return self.lock.held

    def attach(self) -> None:
        if self._changed not in self.encounter.journal.listeners:
            self.encounter.journal.listeners.append(self._changed)

    def detach(self) -> None:
        while self._changed in self.encounter.journal.listeners:
            self.encounter.journal.listeners.remove(self._changed)
        if self.lock is not None:
            self.lock.release()

    def _changed(self, journal: Any, what: str) -> None:
        if self.locked_by is not None:
            return  # another window plays this game: its autosaves are its own
        if self.keep_earlier_run:
            self.keep_earlier_run = False
            self.set_aside_path = set_aside_earlier_run(self.encounter.source or "", folder=self.folder)
            if self.set_aside_path is not None:
                logger(__name__).info("a fresh start of %s: the earlier game's autosaves are kept in %s",
                                      self.encounter.source, self.set_aside_path.parent)
        try:
            path = self.write_now()
        except Exception as exc:  # never break the game because a save failed
            self.last_error = exc
            logger(__name__).error("autosave failed after %s: %s", what, exc)
            if self.on_error is not None:
                self.on_error(exc)
            return
        if self.on_written is not None:
            self.on_written(path)

    # -- writing ------------------------------------------------------------
    def write_now(self) -> Path:
        """Write an autosave of the encounter as it stands; returns its path."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        now = self.clock()
        tag = source_tag(self.encounter.source)
        existing = list_autosaves(folder=self.folder)
        seq = existing[0].seq + 1 if existing else 1
        from datetime import timezone

        stamp = now.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        path = self.folder / f"autosave-{seq:06d}-{stamp}-{tag}.json"
        while path.exists():  # another window wrote this number meanwhile
            seq += 1
            path = self.folder / f"autosave-{seq:06d}-{stamp}-{tag}.json"
        from tactics.engine.saves.document import SECRET_MODE, encounter_text  # imported at the first autosave

        atomic_write_text(path, encounter_text(self.encounter, path, autosave=True, now=now, cache=self._lines),
                          mode=SECRET_MODE)
        self.last_path = path
        self.last_error = None
        # the folder as listed before writing, with the new file (another window's newest is
        # rotated at the next write: one listing per command, not two)
        self._rotate([AutosaveFile(path, seq, stamp, tag)] + existing)
        return path

    def _rotate(self, found: list[AutosaveFile]) -> None:
        """Remove what is past ``keep`` per game and ``keep_all`` in all (``found``: newest first)."""
        doomed: list[Path] = []
        per_tag: dict[str, int] = {}
        kept = 0
        for autosave in found:  # newest first
            per_tag[autosave.tag] = per_tag.get(autosave.tag, 0) + 1
            if per_tag[autosave.tag] > self.keep or kept >= self.keep_all:
                doomed.append(autosave.path)
            else:
                kept += 1
        cutoff = time.time() - STALE_TEMP_SECONDS
        try:
            for name in os.listdir(self.folder):
                if name.startswith(".autosave-") and name.endswith(".tmp"):
                    temp = self.folder / name
                    if temp.stat().st_mtime < cutoff:
                        doomed.append(temp)
        except OSError:
            pass
        for path in doomed:
            try:
                path.unlink()
            except OSError:
                pass
