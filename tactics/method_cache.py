"""Dataclass methods compiled once and kept, as Python keeps a module's bytecode.

Why (issue 12: start time): :func:`dataclasses.dataclass` writes each class's
``__init__``, ``__repr__``, ``__eq__`` (and a frozen class's ``__setattr__``,
``__delattr__``, ``__hash__``) as source text and compiles that text with
``exec`` every time the class is made, that is at every start: the app's
dataclasses made about 700 such texts before the first frame, and compiling them
was the largest single part of a start after the imports themselves.

What this does: :func:`install` gives the :mod:`dataclasses` module an ``exec``
of its own (a module global, which Python looks up before the builtin) that
compiles a text at most once, keyed by the exact text, and keeps the code objects
in the per-user cache folder (:func:`tactics.cache_folder.cache_dir`) in Python's
own ``marshal`` format, in a file named after the interpreter's bytecode tag and
magic number, so another Python never reads it. The code is the one
``exec(text)`` would have compiled (``dont_inherit``: no ``__future__`` flags of
this module; the interpreter's optimisation level is part of the key), run with
the globals and locals ``dataclasses`` passes, so every class is exactly what it
was. Only texts the :mod:`dataclasses` module builds go through it.

Trust: the file holds compiled code, like the ``__pycache__`` folders next to the
app's modules, and sits in the user's own cache folder; nothing a user opens (a
map, a save, an encounter) is ever read as code. A file that cannot be read, is
damaged or holds anything but text keys and code objects is ignored (every text
is then compiled, as before); one that cannot be written is skipped. Written
atomically (:func:`tactics.atomicfiles.atomic_write_bytes`) by :func:`save`,
which the window calls after its first frame and which also runs at exit, only
when something new was compiled.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import importlib.util
import marshal
import sys
import types
from pathlib import Path
from typing import Any

from tactics.cache_folder import cache_dir
from tactics.safefiles import FileRefused, read_regular

#: A kept file larger than this is not read (the app's texts make about 1 MB).
MAX_BYTES = 32 * 1024 * 1024
#: Texts kept at most; past it only the ones this process used are written.
MAX_ENTRIES = 20_000

_code: dict[str, types.CodeType] = {}
_used: set[str] = set()
_new = 0  # compiled since the last save
_compiled = 0  # compiled by this process
_installed = False
_folder: Path | None = None  # where they were read from, and are written to


def cache_file_name() -> str:
    """The kept file's name: one per interpreter build and optimisation level."""
    tag = sys.implementation.cache_tag or sys.implementation.name
    return f"dataclass-methods-{tag}-{importlib.util.MAGIC_NUMBER.hex()}-O{sys.flags.optimize}.marshal"


def _read(folder: Path) -> dict[str, types.CodeType]:
    try:
        data = read_regular(folder / cache_file_name(), MAX_BYTES)
        kept = marshal.loads(data)
    except (OSError, FileRefused, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(kept, dict):
        return {}
    return {text: code for text, code in kept.items() if isinstance(text, str) and isinstance(code, types.CodeType)}


def compiled(text: str) -> types.CodeType:
    """The code ``exec(text)`` compiles in :mod:`dataclasses`, compiled once per text."""
    global _new, _compiled
    code = _code.get(text)
    if code is None:
        code = compile(text, "<string>", "exec", dont_inherit=True)
        _code[text] = code
        _new += 1
        _compiled += 1
    _used.add(text)
    return code


def compiled_here() -> int:
    """How many texts this process compiled (none at a start that found them all kept)."""
    return _compiled


def _exec(source: Any, globals: dict[str, Any] | None = None, locals: Any = None) -> None:
    if isinstance(source, str):
        source = compiled(source)
    builtins.exec(source, globals, locals)


def install() -> None:
    """Read the kept methods and route :mod:`dataclasses`' compiling through them (once)."""
    global _installed, _folder
    if _installed:
        return
    _installed = True
    _folder = cache_dir()
    _code.update(_read(_folder))
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # a module global shadows the builtin
    atexit.register(save)


def save() -> None:
    """Write the kept methods if something new was compiled since the last save.

    They go to the folder they were read from when the app started (a test run points
    ``TACTICS_CACHE_DIR`` elsewhere after its imports: the kept methods stay where they were)."""
    global _new
    if not _new or _folder is None:
        return
    _new = 0
    kept = _code if len(_code) <= MAX_ENTRIES else {text: _code[text] for text in _used}
    folder = _folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
        from tactics.atomicfiles import atomic_write_bytes

        atomic_write_bytes(folder / cache_file_name(), marshal.dumps(kept))
    except (OSError, ValueError):
        pass


__all__ = ["cache_file_name", "compiled", "compiled_here", "install", "save"]
