"""A deep copy of engine state that is several times faster than ``copy.deepcopy``.

Why: a command that works out what follows an interrupt applies events to a
scratch copy of the state (:func:`tactics.engine.combat.individual.procedure.after`),
several times per command. ``copy.deepcopy`` pays its general machinery
(``__reduce_ex__``, dispatch, keep-alive lists) for every string of every
combatant; here the shapes engine state is made of (dataclasses, lists, dicts,
tuples, sets, immutable leaves) are copied directly and anything else is
handed to ``copy.deepcopy``. The result is what ``copy.deepcopy`` gives:
equal, independent of the original, objects shared inside the original
shared once in the copy (one memo for the whole call), and objects that copy
themselves (the frozen rules models' ``__deepcopy__`` returns the model) as
they copy themselves.
"""

from __future__ import annotations

import copy
from dataclasses import is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None), bytes, complex, range})
#: per type: True when instances are plain dataclasses whose ``__dict__`` can be copied field by field
_PLAIN_DATACLASS: dict[type, bool] = {}


def _is_plain_dataclass(cls: type) -> bool:
    known = _PLAIN_DATACLASS.get(cls)
    if known is None:
        known = (
            is_dataclass(cls)
            and not hasattr(cls, "__slots__")
            and not hasattr(cls, "__deepcopy__")
            and not hasattr(cls, "__setstate__")
            and cls.__reduce_ex__ is object.__reduce_ex__
            and cls.__reduce__ is object.__reduce__
        )
        _PLAIN_DATACLASS[cls] = known
    return known


def fork(value: T) -> T:
    """An independent copy of ``value``, equal to ``copy.deepcopy(value)``."""
    return _fork(value, {})  # type: ignore[no-any-return]


def _fork(value: Any, memo: dict[int, Any], atoms: frozenset[type] = _ATOMS) -> Any:
    cls: Any = type(value)
    if cls in atoms:
        return value
    key = id(value)
    done = memo.get(key, memo)
    if done is not memo:
        return done
    if cls is list:
        out_list: list[Any] = []
        memo[key] = out_list
        out_list.extend([x if type(x) in atoms else _fork(x, memo) for x in value])
        return out_list
    if cls is dict:
        out_dict: dict[Any, Any] = {}
        memo[key] = out_dict
        for k, v in value.items():
            out_dict[k if type(k) in atoms else _fork(k, memo)] = v if type(v) in atoms else _fork(v, memo)
        return out_dict
    if cls is tuple:
        if all(type(x) in atoms for x in value):
            return value  # a square, a colour: immutable all through
        items = tuple(_fork(x, memo) for x in value)
        if all(a is b for a, b in zip(items, value)):
            return value  # as deepcopy: a tuple of unchanged items is itself
        memo[key] = items
        return items
    if cls is set:
        out_set = {_fork(x, memo) for x in value}
        memo[key] = out_set
        return out_set
    if cls is frozenset:
        return value if all(type(x) in _ATOMS for x in value) else copy.deepcopy(value, memo)
    if _is_plain_dataclass(cls):
        out = cls.__new__(cls)
        memo[key] = out
        out.__dict__.update({name: v if type(v) in atoms else _fork(v, memo) for name, v in value.__dict__.items()})
        return out
    own = getattr(cls, "__deepcopy__", None)
    if own is not None:
        return own(value, memo)  # the frozen rules models return themselves
    return copy.deepcopy(value, memo)
