"""A plain, comparable copy of engine state: what ``dataclasses.asdict`` gives, only faster.

Why: the snapshots that replay checks, undo round trips and soak tests compare
are taken around every command, and ``asdict`` deep-copies every string and
number of a fight's growing roll log. Immutable leaves need no copy, so this
walk is several times faster and its result is equal and just as independent.
"""

from __future__ import annotations

import copy
from dataclasses import fields, is_dataclass
from typing import Any


_ATOMS = (str, int, float, bool, type(None))
_ATOM_TYPES: frozenset[type] = frozenset(_ATOMS)
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}  # None: not a dataclass


def plain(value: Any, atoms: frozenset[type] = _ATOM_TYPES) -> Any:
    """``dataclasses.asdict(value)`` for dataclasses, and the same walk for lists, dicts, tuples."""
    cls = type(value)
    if cls in atoms:
        return value
    if cls is list:
        return [x if type(x) in atoms else plain(x) for x in value]
    if cls is dict:
        return {k if type(k) in atoms else plain(k): v if type(v) in atoms else plain(v) for k, v in value.items()}
    if isinstance(value, _ATOMS):  # a subclass of str or int (an enum member)
        return value
    if cls in _FIELD_NAMES:
        names = _FIELD_NAMES[cls]
    else:
        names = _FIELD_NAMES[cls] = (tuple(f.name for f in fields(value))
                                     if is_dataclass(value) and not isinstance(value, type) else None)
    if names is not None:  # the leaves inline, as for lists and dicts: most fields are strings and numbers
        out: dict[str, Any] = {}
        for name in names:
            field_value = getattr(value, name)
            out[name] = field_value if type(field_value) in atoms else plain(field_value)
        return out
    if isinstance(value, list):
        return [plain(x) for x in value]
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(plain(x) for x in value)
    return copy.deepcopy(value)  # anything else (a namedtuple, a set): as asdict would
