"""Rules data validated once and remembered: the next start rebuilds it without pydantic.

Why (issue 12: start time): the first frame of an encounter needs about ten data
models (terrain, weapons, sheets, trap kinds, the encounter file's own shape), and
pydantic builds each model's validator the first time it validates, then imports
``importlib.metadata`` to look for plugins; with the TOML parsing and the bounds
walk that was a seventh of the window's start, spent every start on files that had
not changed since the last one.

What is remembered, in the per-user cache folder
(:func:`tactics.rules.checked_cache.cache_dir`, one JSON file):

* a parsed TOML document, keyed by the SHA-256 of the file's bytes (a document that
  was refused is never remembered);
* a validated model, keyed by the model and the SHA-256 of the data it was
  validated from, as the model's JSON dump.

Each entry carries a check (a SHA-256 over its key and text): an entry damaged on disk is
not used.

Both are kept only under a *code mark*: a SHA-256 over the code that parses and
validates (``tactics/rules``, ``tactics/engine/core``, ``tactics/maps``, and the
model's own module: each file's name, size and time written, :func:`code_stamp`) and
over the Python and pydantic installs; other code forgets
everything remembered. So an edited, added or house-ruled file, or any data not seen
before, is parsed and validated exactly as before, and its error still names the
file, the field and the problem: only data that passed is ever remembered.

Rebuilding (:func:`_rebuild`) follows the model's field types (models, lists,
tuples, dicts with text keys, unions told apart by the JSON value's kind, literals,
enums); a model using anything else is not remembered. Each model is rebuilt once
when it is remembered and kept only if the rebuild equals what pydantic gave, with
the same types all the way down, so the cache can only give back what validation
gave. A cache that cannot be read or written is ignored (everything is then
validated every start, as before). Nothing here is executable: JSON only.
"""

from __future__ import annotations

import copy
import enum
import inspect
import json
import os
import sys
import types
import typing
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, TypeVar

from tactics.rules.plain_model import MISSING, ModelField, PlainModel

from tactics.atomicfiles import atomic_write_text
from tactics.digest import sha256
from tactics.jsonbudget import JsonBudget, over_budget
from tactics.safefiles import FileRefused, read_regular

M = TypeVar("M", bound=PlainModel)

CACHE_FILE = "rules-data-validated.json"
#: Bump when what is stored changes meaning.
FORMAT = 2
#: Entries kept (the newest): every bundled file and model is about 60; a GM's tables add theirs.
KEEP = 600
#: A store larger than this is not read (it holds about 600 entries of a few KB at most).
MAX_STORE_BYTES = 64 * 1024 * 1024
#: What the store's JSON may hold (its entries are strings: a few values each), counted before it is
#: parsed, so a damaged store of ``[],`` is ignored instead of made into a gigabyte of lists.
STORE_JSON = JsonBudget(values=2_000_000, objects=100_000, lists=100_000)
#: Documents larger than this are parsed every time (a rules file is a few KB).
MAX_REMEMBERED_BYTES = 512 * 1024
_CODE_FOLDERS = ("rules", "engine/core", "maps")
_PACKAGE = Path(__file__).resolve().parents[1]


class _Untrusted(Exception):
    """The value cannot be rebuilt from JSON exactly: validate it every time."""


class _Store:
    def __init__(self) -> None:
        self.entries: dict[str, str] | None = None  # key -> JSON text; None until read
        self.path: Path | None = None  # the file they were read from
        self.override: str | None = None  # the cache folder's environment variable then
        self.code: str | None = None
        self.dirty = False
        self.batching = 0
        self.module_marks: dict[str, str] = {}
        self.untrusted: set[type[PlainModel]] = set()


_store = _Store()


def _digest(data: bytes) -> str:
    return sha256(data).hexdigest()


def _code_mark() -> str:
    if _store.code is None:
        from tactics.rules.checked_cache import _library_marks

        digest = sha256(f"tactics rules data remembered {FORMAT}\n".encode())
        for mark in _library_marks():
            digest.update(mark.encode("utf-8", "surrogateescape") + b"\n")
        for folder in _CODE_FOLDERS:
            for path in sorted((_PACKAGE / folder).glob("*.py")):
                digest.update(code_stamp(path, f"{folder}/{path.name}"))
        _store.code = digest.hexdigest()
    return _store.code


def code_stamp(path: Path, name: str) -> bytes:
    """What identifies a code file's version for a cache: its name, size and time written, as
    Python's own bytecode cache tells a changed source (an edit, a checkout or an install writes
    a new time). Reading and hashing the 500 KB of code instead cost 2 ms of every start."""
    try:
        stat = path.stat()
    except OSError:
        return f"{name} ?\n".encode("utf-8", "surrogateescape")
    return f"{name} {stat.st_size} {stat.st_mtime_ns}\n".encode("utf-8", "surrogateescape")


def _path() -> Path:
    from tactics.rules.checked_cache import CACHE_ENV, cache_dir

    override = os.environ.get(CACHE_ENV)
    if _store.path is None or override != _store.override:
        _store.override = override
        return cache_dir() / CACHE_FILE
    return _store.path


def _entries() -> dict[str, str]:
    path = _path()
    if _store.entries is None or path != _store.path:  # (a test's own cache folder)
        entries: dict[str, str] = {}
        _store.path = path
        try:
            raw = read_regular(path, MAX_STORE_BYTES)  # (never a FIFO or a huge file)
            doc = None if over_budget(raw, STORE_JSON) else json.loads(raw.decode("utf-8"))
            code = _code_mark()
        except (OSError, ValueError, RecursionError, FileRefused):  # (a deep nesting: RecursionError)
            doc, code = None, None
        if (isinstance(doc, dict) and doc.get("format") == FORMAT and doc.get("code") == code
                and isinstance(doc.get("entries"), dict)):
            entries = {k: v for k, v in doc["entries"].items() if isinstance(k, str) and isinstance(v, str)}
        _store.entries = entries
    return _store.entries


def _kept(key: str) -> str | None:
    """The JSON text remembered under ``key``, if its check still matches (a damaged entry is none)."""
    entry = _entries().get(key)
    if entry is None or len(entry) < 17 or entry[16] != " ":
        return None
    text = entry[17:]
    return text if _digest(f"{key}\n{text}".encode("utf-8", "surrogateescape"))[:16] == entry[:16] else None


def _keep(key: str, text: str) -> None:
    entries = _entries()
    entries.pop(key, None)
    entries[key] = _digest(f"{key}\n{text}".encode("utf-8", "surrogateescape"))[:16] + " " + text
    while len(entries) > KEEP:
        del entries[next(iter(entries))]
    _store.dirty = True
    if not _store.batching:
        flush()


def flush() -> None:
    """Write what was remembered since the last write (atomically; a folder that cannot be written is skipped)."""
    if not _store.dirty or _store.entries is None or _store.path is None:
        return
    _store.dirty = False
    try:
        text = json.dumps({"format": FORMAT, "code": _code_mark(), "entries": _store.entries}) + "\n"
        path = _store.path
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, text)
    except OSError:
        pass


@contextmanager
def batch() -> Iterator[None]:
    """Write once at the end of a run of loads (the start's sweep of every file: one write, not forty)."""
    _store.batching += 1
    try:
        yield
    finally:
        _store.batching -= 1
        if not _store.batching:
            flush()


def forget() -> None:
    """Drop what this process read or remembered (tests pointing the cache folder elsewhere)."""
    global _store
    _store = _Store()


# -- documents ------------------------------------------------------------------------------

def recalled_document(data: bytes) -> dict[str, Any] | None:
    """The parsed document of a file with these bytes, if one was remembered (a fresh copy)."""
    if len(data) > MAX_REMEMBERED_BYTES:
        return None
    text = _kept("doc " + _digest(data))
    if text is None:
        return None
    doc = json.loads(text)
    return doc if isinstance(doc, dict) else None


def remember_document(data: bytes, doc: dict[str, Any]) -> None:
    """Remember a document that parsed and passed its bounds (kept only when JSON gives it back as it is)."""
    if len(data) > MAX_REMEMBERED_BYTES:
        return
    try:
        text = json.dumps(doc, allow_nan=False)
    except (TypeError, ValueError):  # a TOML date or time: parsed every time
        return
    if json.loads(text) == doc and _same_types(json.loads(text), doc):
        _keep("doc " + _digest(data), text)


# -- models ---------------------------------------------------------------------------------

def _json_only(raw: Any) -> bool:
    """Whether ``raw`` is what a parsed document holds: tables with text keys, lists, text,
    numbers, true/false, nothing (a tuple would be keyed as the list JSON makes of it, and an
    ``Any`` field keeps a tuple as a tuple)."""
    stack = [raw]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            if not all(type(key) is str for key in item):
                return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind not in (str, int, float, bool) and item is not None:
            return False
    return True


def _model_key(model: type[PlainModel], raw: Any) -> str | None:
    if not _json_only(raw):
        return None
    try:
        data = json.dumps(raw, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None
    module = model.__module__
    mark = _store.module_marks.get(module)
    if mark is None:
        file = getattr(sys.modules.get(module), "__file__", None)
        mark = _digest(code_stamp(Path(file), module)) if file else "?"
        _store.module_marks[module] = mark
    return f"model {module}.{model.__qualname__} {mark[:16]} {_digest(data.encode())}"


def recalled(model: type[M], raw: Any) -> M | None:
    """The model validated from exactly this data before, rebuilt without pydantic; None if not remembered."""
    if model in _store.untrusted:
        return None
    key = _model_key(model, raw)
    text = _kept(key) if key is not None else None
    if text is None:
        return None
    try:
        return _rebuild_model(model, json.loads(text))
    except _Untrusted:
        return None


def remember(model: type[M], raw: Any, validated: M) -> None:
    """Remember that ``raw`` validated as ``validated`` (if a rebuild from JSON gives exactly it back)."""
    if model in _store.untrusted:
        return
    key = _model_key(model, raw)
    if key is None:
        return
    try:
        # only the fields the data gave: a rebuild fills in the defaults, and every model's
        # ``model_fields_set`` (what ``exclude_unset`` reads) is then the validated one's
        text = json.dumps(validated.model_dump(mode="json", exclude_unset=True), allow_nan=False)
        rebuilt = _rebuild_model(model, json.loads(text))
    except (_Untrusted, TypeError, ValueError):
        _store.untrusted.add(model)
        return
    if rebuilt == validated and _same_types(rebuilt, validated):
        _keep(key, text)
    else:
        _store.untrusted.add(model)


def _same_types(a: Any, b: Any) -> bool:
    """Equal values of the same types all the way down (``1 == 1.0 == True``, ``[1] != (1,)``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, PlainModel):
        return (_same_types(a.__dict__, b.__dict__) and _same_types(a.__pydantic_extra__ or {}, b.__pydantic_extra__ or {})
                and a.model_fields_set == b.model_fields_set)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_types(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same_types(x, y) for x, y in zip(a, b))
    if isinstance(a, (set, frozenset)):
        return a == b and all(type(x) in (str, int) for x in a)
    return bool(a == b)


def _rebuild_model(model: type[M], data: Any) -> M:
    if not isinstance(data, dict):
        raise _Untrusted
    values: dict[str, Any] = {}
    given: set[str] = set()
    rest = dict(data)
    for name, info in model.model_fields.items():
        if name in rest:
            values[name] = _rebuild(info.annotation, rest.pop(name))
            given.add(name)
        else:  # (model_construct would find the default too, inspecting the factory's signature every time)
            values[name] = _default(info)
    extra = model.model_config.get("extra")
    if rest and extra != "allow":
        raise _Untrusted
    return model.model_construct(given, **values, **rest)


_PLAIN_FACTORIES: dict[Any, bool] = {dict: True, list: True, set: True, tuple: True, frozenset: True}


def _default(info: ModelField) -> Any:
    """A field's default as validation fills it in: a copy of ``default``, or ``default_factory()``."""
    factory = info.default_factory
    if factory is None:
        if info.default is MISSING:
            raise _Untrusted  # (a required field the data lacked: not what validation gave)
        return copy.deepcopy(info.default)
    plain = _PLAIN_FACTORIES.get(factory)
    if plain is None:
        try:
            plain = _PLAIN_FACTORIES[factory] = not inspect.signature(factory).parameters
        except (TypeError, ValueError):
            plain = _PLAIN_FACTORIES[factory] = False
    if not plain:
        raise _Untrusted  # a factory reading the other fields' validated values
    return factory()


_NONE = type(None)


def _rebuild(annotation: Any, value: Any) -> Any:
    """``value`` (from JSON) as validation gave it for a field of type ``annotation``."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _rebuild(typing.get_args(annotation)[0], value)
    if annotation is Any or annotation is object:
        return value
    if annotation is _NONE or annotation is None:
        if value is None:
            return None
        raise _Untrusted
    if origin in (typing.Union, types.UnionType):
        arms = [arm for arm in typing.get_args(annotation) if arm is not _NONE]
        if value is None:
            if len(arms) < len(typing.get_args(annotation)):
                return None
            raise _Untrusted
        fitting = [arm for arm in arms if _fits(arm, value)]
        if len(fitting) > 1:  # ``int | float``: a JSON 5 came from the int arm, 5.0 from the float one
            fitting = [arm for arm in fitting if _bare(arm) is type(value)]
        if len(fitting) != 1:
            raise _Untrusted
        return _rebuild(fitting[0], value)
    if origin is typing.Literal:
        return value
    if annotation in (str, int, float, bool):
        return value
    if isinstance(annotation, type) and issubclass(annotation, PlainModel):
        return _rebuild_model(annotation, value)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return annotation(value)
    args = typing.get_args(annotation)
    if origin is list and isinstance(value, list):
        return [_rebuild(args[0] if args else Any, v) for v in value]
    if origin in (set, frozenset) and isinstance(value, list):
        return origin(_rebuild(args[0] if args else Any, v) for v in value)
    if origin is tuple and isinstance(value, list):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_rebuild(args[0], v) for v in value)
        if len(args) != len(value):
            raise _Untrusted
        return tuple(_rebuild(arg, v) for arg, v in zip(args, value))
    if origin is dict and isinstance(value, dict):
        key_type = typing.get_args(args[0])[0] if args and typing.get_origin(args[0]) is typing.Annotated else (
            args[0] if args else str)
        if key_type is not str:
            raise _Untrusted
        return {k: _rebuild(args[1] if args else Any, v) for k, v in value.items()}
    raise _Untrusted


def _bare(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return annotation


def _fits(annotation: Any, value: Any) -> bool:
    """Whether a union's arm could have given this JSON value (to tell the arms apart)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _fits(typing.get_args(annotation)[0], value)
    if origin is typing.Literal:
        return value in typing.get_args(annotation)
    if isinstance(value, bool):
        return annotation is bool
    if isinstance(value, str):
        return annotation is str or (isinstance(annotation, type) and issubclass(annotation, enum.Enum))
    if isinstance(value, int):
        return annotation in (int, float)
    if isinstance(value, float):
        return annotation is float
    if isinstance(value, list):
        return origin in (list, tuple, set, frozenset)
    if isinstance(value, dict):
        return origin is dict or (isinstance(annotation, type) and issubclass(annotation, PlainModel))
    return False


__all__ = ["batch", "flush", "forget", "recalled", "recalled_document", "remember", "remember_document"]
