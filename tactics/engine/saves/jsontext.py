"""Writing a save's JSON: faithful values only, readable layout, entries encoded once.

Kept apart from :mod:`tactics.engine.saves.document` (the format) because it is about
JSON text: refusing values JSON would not give back unchanged (sets, objects,
non-text keys, NaN), laying the file out so a person can read it (one journal
entry per line), and caching each entry's encoded line so an autosave after
every command does not re-encode a long journal each time.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from tactics.engine.core.journal import Entry


class Unsaveable(ValueError):
    """A value JSON cannot store faithfully; ``where`` is its field path."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


def _faithful(value: Any) -> bool:
    """True if JSON gives ``value`` back unchanged (tuples come back as lists)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str or kind is int or kind is bool or item is None:
            continue
        if kind is dict:
            for key in item:
                if type(key) is not str:
                    return False
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
        elif kind is float:
            if not math.isfinite(item):
                return False
        elif isinstance(item, (str, int, float, dict, list, tuple)):
            return _problem(item, "") is None  # subclasses: let the slow walk decide
        else:
            return False
    return True


def _problem(value: Any, where: str) -> tuple[str, str] | None:
    """The first place in ``value`` that JSON cannot store faithfully, with its path."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, at = stack.pop()
        if item is None or isinstance(item, (str, bool, int)):
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                return at or "(top)", f"{item} cannot be saved (JSON has no NaN or infinity)"
            continue
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    return at or "(top)", f"key {key!r} is not text (JSON would turn it into a string)"
                stack.append((sub, f"{at}.{key}" if at else key))
            continue
        if isinstance(item, (list, tuple)):
            stack.extend((sub, f"{at}[{i}]") for i, sub in enumerate(item))
            continue
        return at or "(top)", f"a {type(item).__name__} cannot be saved (only JSON values can)"
    return None


def check(value: Any, where: str = "") -> None:
    """Raise :class:`Unsaveable` naming the field if JSON would change ``value``."""
    if not _faithful(value):
        found = _problem(value, where)
        if found is not None:
            raise Unsaveable(*found)


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def pretty(value: Any, indent: int = 0) -> str:
    """JSON that a person can read: small values on one line, big ones spread out."""
    text = compact(value)
    if len(text) + indent <= 100 or not isinstance(value, (dict, list, tuple)) or not value:
        return text
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {pretty(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + pretty(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def entry_line(raw: dict[str, Any], where: str) -> str:
    """One journal entry (``Entry.to_dict()``) as one checked line of JSON."""
    check(raw, where)
    return compact(raw)


@dataclass(frozen=True)
class Written:
    """A head value already checked and laid out (:func:`pretty` at the head's depth): what
    :meth:`EntryLines.head_value` keeps, so a big embedded map is not encoded on every autosave."""

    text: str


def head_text(value: Any, where: str) -> str:
    """One value of a save's head as the file lays it out, checked first."""
    check(value, where)
    try:
        return pretty(value, 1)
    except (RecursionError, ValueError, TypeError) as exc:
        raise Unsaveable(where, f"cannot be written as JSON: {exc}") from None


def document_text(head: dict[str, Any], lists: dict[str, list[str]]) -> str:
    """The save file: ``head``'s keys laid out readably (a :class:`Written` value as it was
    written before), then each list of encoded entries with one entry per line."""
    parts = [f" {json.dumps(key)}: {value.text if isinstance(value, Written) else pretty(value, 1)}"
             for key, value in head.items()]
    for key, lines in lists.items():
        body = "[\n" + ",\n".join("  " + line for line in lines) + "\n ]" if lines else "[]"
        parts.append(f" {json.dumps(key)}: {body}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


class EntryLines:
    """Each journal entry's encoded line, kept between writes (autosave after
    every command re-encodes only the new entries). Entries are never changed
    once committed, so an entry object's line stays right."""

    def __init__(self) -> None:
        self._lines: dict[int, tuple[Entry, str]] = {}
        self._head: dict[str, tuple[object, tuple[Any, ...], Written]] = {}

    def head_value(self, key: str, owner: object, token: tuple[Any, ...], make: Callable[[], Any]) -> Written:
        """The head's ``key`` written once while it comes from the same ``owner`` object (held
        here, compared by identity: maps and definitions are never edited once opened) and
        ``token`` (what else the text depends on, e.g. the save's folder); ``make`` builds the
        value when it must be written again."""
        hit = self._head.get(key)
        if hit is None or hit[0] is not owner or hit[1] != token:
            hit = (owner, token, Written(head_text(make(), key)))
            self._head[key] = hit
        return hit[2]

    def encode(self, groups: dict[str, Iterable[Entry]]) -> dict[str, list[str]]:
        keep: dict[int, tuple[Entry, str]] = {}
        out: dict[str, list[str]] = {}
        for name, entries in groups.items():
            lines = out[name] = []
            for i, entry in enumerate(entries):
                hit = self._lines.get(id(entry))
                if hit is None or hit[0] is not entry:
                    hit = (entry, entry_line(entry.to_dict(), f"{name}[{i}]"))
                keep[id(entry)] = hit
                lines.append(hit[1])
        self._lines = keep
        return out
