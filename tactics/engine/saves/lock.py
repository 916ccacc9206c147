"""One window per game: a lock on the game's autosaves, held while a window plays it.

Why it exists (issue 10): two windows open on the same save autosaved under one
source tag with interleaved numbers, rotation deleted the other's files, and a
restart offered whichever wrote last, losing the other window's commands. The
first window to open a game takes an operating-system lock on
``<autosave folder>/autosave-<tag>.lock``; a second window (another process)
cannot take it and opens the game read-only (the window says so). The lock
goes with the process, so a crash or a killed window never leaves a game
locked; the file itself only says who holds it (pid, host), for the message.

Within one process the lock is shared: a process has one window, and an
earlier window object that was never closed (tests, a reopened file) must not
lock the new one out.
"""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass
from pathlib import Path
from typing import IO

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

@dataclass
class _Held:
    """A lock this process holds: its open file and how many GameLocks share it."""

    handle: IO[str]
    holders: int


#: Locks this process holds, by lock file.
_HELD: dict[Path, _Held] = {}


class GameLock:
    """The lock on one game's autosaves; ``held`` is False when another process has it."""

    def __init__(self, folder: str | Path, tag: str) -> None:
        self.path = Path(folder) / f"autosave-{tag}.lock"
        self.held = False
        self.holder = ""  # who has it, when not us ("pid 4242 on laptop")
        self._key: Path | None = None
        self._acquire()

    def _acquire(self) -> None:
        key = self.path.resolve() if self.path.parent.exists() else self.path
        if key in _HELD:
            _HELD[key].holders += 1
            self.held = True
            self._key = key
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            handle = open(self.path, "a+", encoding="utf-8")
        except OSError:
            self.held = True  # no folder to lock in: the autosave will say what is wrong
            self._key = None
            return
        if not _try_lock(handle):
            handle.seek(0)
            self.holder = handle.read().strip()
            handle.close()
            return
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {platform.node()}")  # (the host name without importing socket)
        handle.flush()
        key = self.path.resolve()
        _HELD[key] = _Held(handle, 1)
        self._key = key
        self.held = True

    def release(self) -> None:
        """Let the game go (the window closed it or opened another)."""
        if not self.held:
            return
        self.held = False
        key = self._key
        entry = _HELD.get(key) if key is not None else None
        if key is None or entry is None:
            return
        entry.holders -= 1
        if entry.holders <= 0:
            del _HELD[key]
            _unlock(entry.handle)
            entry.handle.close()


def _try_lock(handle: IO[str]) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:  # pragma: no cover - Windows
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _unlock(handle: IO[str]) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        elif msvcrt is not None:  # pragma: no cover - Windows
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    except OSError:
        pass
