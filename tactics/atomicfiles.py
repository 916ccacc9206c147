"""Writing a file so that a crash, a full disk or a power cut leaves the old file or the new one, never half.

Why: saves, autosaves, encounter files, native maps, the log export and the remembered
rules-data check are all written by one function, so each gets the same care (temporary
file in the same folder, fsync, ``os.replace``, fsync of the folder). Pure Python, no
imports from the rest of Tactics, so the rules core can use it too.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write_text(path: str | Path, text: str, *, mode: int | None = None) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file.

    Temporary file in the same folder, write, flush, fsync, ``os.replace``, then
    fsync the folder so the rename itself survives a power cut. ``mode``: the
    file's permissions (saves and autosaves hold every secret: 0600); None keeps
    an existing file's, or 0644.
    """
    atomic_write_bytes(path, text.encode("utf-8"), mode=mode)


def atomic_write_bytes(path: str | Path, data: bytes, *, mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` as :func:`atomic_write_text` does."""
    path = Path(path)
    folder = path.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            if mode is None:
                mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
            os.chmod(tmp, mode)
        except OSError:
            pass
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a folder for fsync
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["atomic_write_bytes", "atomic_write_text"]
