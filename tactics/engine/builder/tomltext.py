"""Writing TOML text from plain data: the other half of ``tomllib`` (which only reads).

Why it exists: the encounter builder saves encounter files the GM may open and
edit by hand, in the same TOML the bundled ones use; the standard library reads
TOML but cannot write it, and the project adds no dependency for one writer.
Only what an encounter file needs is supported: strings, integers, floats,
booleans, lists and tables. Top-level tables become ``[name]`` sections, lists
of tables ``[[name]]`` sections, anything deeper an inline table. A value
TOML cannot hold (None, an object) is a :class:`TypeError`, never a silent
loss. ``tomllib.loads(dumps(doc)) == doc`` for every document it accepts.
"""

from __future__ import annotations

import math
import re
from typing import Any

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def key_text(key: str) -> str:
    """A key as TOML writes it: bare when it can be, quoted otherwise (``"Disable Device"``)."""
    if not isinstance(key, str):
        raise TypeError(f"TOML keys are strings, not {type(key).__name__}")
    return key if _BARE.fullmatch(key) else string_text(key)


def string_text(value: str) -> str:
    out = []
    for ch in value:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def value_text(value: Any) -> str:
    """One value on one line (tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        text = repr(value)
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(value, str):
        return string_text(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{key_text(k)} = {value_text(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"TOML cannot hold {type(value).__name__} ({value!r})")


def _is_table_list(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, dict) for v in value)


def _body(table: dict[str, Any], *, sections: bool) -> tuple[list[str], list[tuple[str, Any]]]:
    """The ``key = value`` lines of a table and (with ``sections``) what becomes its own section."""
    lines: list[str] = []
    later: list[tuple[str, Any]] = []
    for key, value in table.items():
        if sections and (isinstance(value, dict) or _is_table_list(value)):
            later.append((key, value))
        else:
            lines.append(f"{key_text(key)} = {value_text(value)}")
    return lines, later


def _section(path: list[str], value: Any, out: list[str]) -> None:
    name = ".".join(key_text(p) for p in path)
    if isinstance(value, dict):
        lines, later = _body(value, sections=True)
        if lines or not later:
            out.extend(["", f"[{name}]", *lines])
        for key, sub in later:
            _section(path + [key], sub, out)
        return
    for item in value:  # a list of tables: one [[section]] each, deeper tables inline
        lines, _ = _body(item, sections=False)
        out.extend(["", f"[[{name}]]", *lines])


def dumps(document: dict[str, Any], *, header: str = "") -> str:
    """The TOML text of ``document``, with ``header`` as leading ``#`` comment lines."""
    out = [f"# {line}".rstrip() for line in header.splitlines()]
    lines, later = _body(document, sections=True)
    out.extend(lines)
    for key, value in later:
        _section([key], value, out)
    text = "\n".join(out).lstrip("\n")
    return text + "\n"


__all__ = ["dumps", "key_text", "string_text", "value_text"]
