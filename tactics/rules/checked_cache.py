"""Remember that every rules data file passed its checks, so the next start need not read them all.

Why: :func:`tactics.rules.catalogue.checked_rules_data` validates all the rules
data (20 files, every model) when an encounter is opened, so a bad value is one
line at start and never a traceback in play. Doing that on every start cost a
tenth of a second for files that had not changed since the last start.

The verdict is kept in the per-user cache folder (``$TACTICS_CACHE_DIR``, else
``platformdirs.user_cache_dir("tactics")``) as one small JSON file holding the
*fingerprints* of what was checked (the last few that passed): a SHA-256 over the bytes of every data file
(the bundled folder and a table's own ``--data`` folder, names included, so an
added, removed or edited file changes it), over the rules code that validates
them (``tactics/rules/*.py``: each file's size and time written) and over the pydantic install. Only a check that
passed is remembered; a changed or house-ruled file is validated at start
exactly as before and its error names the file, the field and the problem.
Nothing is loaded from the cache (it holds no data, only the fingerprint), so
the loaders still validate every file they read when it is first needed.

The file is written atomically (temporary file, ``os.replace``); a cache that
cannot be read or written is ignored (the data is then checked every start).
"""

from __future__ import annotations

import json
import sys
from importlib.util import find_spec
from pathlib import Path

from tactics.atomicfiles import atomic_write_text
from tactics.digest import sha256
from tactics.cache_folder import CACHE_ENV, cache_dir
from tactics.safefiles import FileRefused, read_regular

CACHE_FILE = "rules-data-checked.json"
#: Bump when the meaning of the fingerprint changes.
FORMAT = 1
#: Fingerprints kept: a GM switching between tables' folders (or none) is not checked every time.
KEEP = 8
_DATA_SUFFIXES = (".toml", ".json")


def _data_files(folder: Path) -> list[Path]:
    """The data files a loader may read from ``folder``: its top level and ``ships/``."""
    found: list[Path] = []
    for sub in (folder, folder / "ships"):
        try:
            found.extend(p for p in sub.iterdir() if p.suffix.lower() in _DATA_SUFFIXES and p.is_file())
        except OSError:
            continue
    return sorted(found)


def _library_marks() -> list[str]:
    """What identifies the installed pydantic (its version files), without importing it."""
    marks = [sys.version]
    for name, inner in (("pydantic", "version.py"), ("pydantic_core", "__init__.py")):
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        if origin is None:
            marks.append(f"{name}: missing")
            continue
        path = Path(origin).parent / inner
        try:
            st = path.stat()
        except OSError:
            marks.append(f"{name}: {origin}")
            continue
        marks.append(f"{name}: {path} {st.st_size} {st.st_mtime_ns}")
    return marks


def fingerprint(folders: list[Path]) -> str | None:
    """SHA-256 over the data files in ``folders``, the rules code and pydantic; None if a file cannot be read."""
    digest = sha256(f"tactics rules data check {FORMAT}\n".encode())
    for mark in _library_marks():
        digest.update(mark.encode("utf-8", "surrogateescape") + b"\n")
    from tactics.rules.remembered import code_stamp

    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(code_stamp(path, path.name))
    try:
        for group, paths in ((f"data {folder}", _data_files(folder)) for folder in folders):
            digest.update(f"[{group}]\n".encode("utf-8", "surrogateescape"))
            for path in paths:
                data = path.read_bytes()
                digest.update(f"{path.name} {len(data)}\n".encode("utf-8", "surrogateescape"))
                digest.update(sha256(data).digest())
    except OSError:
        return None
    return digest.hexdigest()


def _remembered() -> list[str]:
    try:
        doc = json.loads(read_regular(cache_dir() / CACHE_FILE, 1024 * 1024).decode("utf-8"))  # (never a FIFO)
    except (OSError, ValueError, RecursionError, FileRefused):  # (a deep nesting: RecursionError)
        return []
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("passed"), list):
        return []
    return [m for m in doc["passed"] if isinstance(m, str)]


def passed(mark: str) -> bool:
    """Whether data with this fingerprint passed every check before."""
    return mark in _remembered()


def remember(mark: str) -> None:
    """Record that data with this fingerprint passed (atomically; a cache that cannot be written is skipped)."""
    folder = cache_dir()
    kept = [mark, *(m for m in _remembered() if m != mark)][:KEEP]
    text = json.dumps({"format": FORMAT, "passed": kept}, indent=1) + "\n"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(folder / CACHE_FILE, text)
    except OSError:
        pass


__all__ = ["CACHE_ENV", "cache_dir", "fingerprint", "passed", "remember"]
