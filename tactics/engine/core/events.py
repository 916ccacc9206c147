"""Typed events: one frozen dataclass per kind, and the one place kinds are looked up.

Why: an event used to be ``Event(kind: str, data: dict)``; every reducer, log
line, AI and panel read ``data["..."]`` and a typo or a missing key showed up
as a KeyError in the window. Now each kind is a class with typed fields
(``TokenMoved(combatant="ann", path=[(1, 0)], feet=5)``): mypy checks the
producers and the readers, and a save's events are validated field by field
against the same classes when it is replayed.

* :class:`Event` is the common base (``list[Event]`` everywhere); a kind is a
  frozen dataclass with a ``kind`` class variable, made by :func:`event_kind`
  (keyword-only fields, immutable, equal when its fields are).
* Each engine part lists its kinds in its own ``events`` module and
  :mod:`tactics.engine.features` registers them (:func:`register`), so the
  registry below is filled explicitly, in one place, like the reducers.
* :meth:`Event.to_dict` writes exactly the JSON saves have always held
  (``{"kind": ..., "data": {...}}``, tuples as lists); a field made with
  :func:`omitted` is left out while it has its default (keys only some
  producers wrote); :func:`saved_as` keeps a JSON key Python cannot use as a
  field (an action's own ``kind``); keys a save holds that no field has are kept
  and written back. :func:`from_dict` builds the right class and validates the
  data with pydantic in strict JSON mode (squares as ``[column, row]`` pairs,
  :func:`one_of` for fixed words); :class:`EventDataError` names the field
  (``cell[1]``) and the problem.
"""

from __future__ import annotations

import inspect
import json
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from typing import TYPE_CHECKING, Annotated, Any, Callable, ClassVar, TypeVar, cast, dataclass_transform

from tactics.rules.plain_model import AfterValidator, ConfigDict, validation_error

if TYPE_CHECKING:
    from pydantic import TypeAdapter

Square = tuple[int, int]  # [column, row] in the JSON
Number = int | float  # int first: 5 stays 5, not 5.0


def one_of(*values: str) -> AfterValidator:
    """A str field that must be one of ``values`` (a save's ``"facing": "UP"`` is refused, naming it)."""
    allowed = frozenset(values)

    def check(value: str) -> str:
        if value not in allowed:
            raise ValueError(f"{value!r} is not one of {', '.join(values)}")
        return value

    return AfterValidator(check)


Direction = Annotated[str, one_of("N", "NE", "E", "SE", "S", "SW", "W", "NW")]

E = TypeVar("E", bound="Event")

_OMIT = "omit_while_default"
_KEY = "json_key"


def omitted(default: Any = None) -> Any:
    """A field only some producers write: left out of the JSON while it has ``default``."""
    return field(default=default, metadata={_OMIT: True})


def saved_as(key: str, default: Any = MISSING) -> Any:
    """A field saved under another key (``kind``, which names the event kind in Python)."""
    return field(default=default, metadata={_KEY: key})


def omitted_list() -> Any:
    """A list field left out of the JSON while empty."""
    return field(default_factory=list, metadata={_OMIT: True})


class _EventType(type):
    """``Event("token.moved", {...})`` builds the kind's class from saved-style data.

    Kept for tests and tools that write events by hand; the engine constructs the
    kinds themselves (``TokenMoved(...)``), and mypy refuses this spelling in it
    (:class:`Event` declares no such constructor).
    """

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls is Event:
            return _from_kind_and_data(*args, **kwargs)
        return super().__call__(*args, **kwargs)

    @property
    def __signature__(cls) -> inspect.Signature:
        """What ``help()`` and :func:`inspect.signature` show: a kind's fields (its dataclass
        ``__init__``), not this metaclass's ``(*args, **kwargs)`` (review 7 lib, finding 8)."""
        if cls is Event:
            return inspect.signature(_from_kind_and_data)
        return inspect.Signature([
            inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, annotation=f.type,
                              default=_FACTORY if f.default is MISSING and f.default_factory is not MISSING
                              else inspect.Parameter.empty if f.default is MISSING else f.default)
            for f in fields(cast(Any, cls)) if f.init
        ])


class _Factory:
    """What a signature shows for a field made by a factory (as a dataclass's own ``__init__`` shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


class Event(metaclass=_EventType):
    """Something that happened; each kind is a frozen dataclass subclass (``TokenMoved`` ...),
    made by :func:`event_kind`.

    The methods every kind shares are written here once, over the kind's fields, and are those
    ``@dataclass(frozen=True)`` would generate for each kind: equal when of the same kind with
    equal fields (tests and replays compare events), hashed by the fields, a repr naming them,
    and no field set again or deleted (a journal's events never change). Generated per kind
    they were compiled anew at every start (106 kinds, each ``exec``-ing five methods: a
    fifth of the window's start, issue 12); written once they cost nothing.
    """

    kind: ClassVar[str] = ""
    __pydantic_config__: ClassVar[dict[str, Any]] = ConfigDict(strict=True)
    #: keys of the saved data this version has no field for, kept so a save round-trips
    _extras: ClassVar[dict[str, Any]] = {}

    def __init__(self, **values: Any) -> None:
        """The kind's fields, by keyword, as a dataclass's ``__init__`` takes them (defaults and
        factories filled in; a missing or unknown field refused the same way)."""
        known, required, defaults = _init_plan(type(self))
        unknown = [name for name in values if name not in known]
        if unknown:
            raise TypeError(f"{type(self).__qualname__}.__init__() got an unexpected keyword argument {unknown[0]!r}")
        missing = [name for name in required if name not in values]
        if missing:
            raise TypeError(f"{type(self).__qualname__}.__init__() missing {len(missing)} required keyword-only "
                            f"argument{'s' if len(missing) > 1 else ''}: {', '.join(repr(n) for n in missing)}")
        for name, default, factory in defaults:
            if name not in values:
                values[name] = factory() if factory is not None else default
        self.__dict__.update(values)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f, _, _ in _fields_of(type(self)) if f.repr)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        """Only the generated ``__init__`` sets a field, once; anything else is refused as a
        frozen dataclass refuses it."""
        if name in self.__dict__ or name not in _names_of(type(self)).values():
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., "data": {...}}`` with JSON values only, as saves hold it."""
        data: dict[str, Any] = {}
        for f, omit, default in _fields_of(type(self)):
            value = getattr(self, f.name)
            if omit and value == default:
                continue
            data[f.metadata.get(_KEY, f.name)] = _json(value)
        for key, value in self._extras.items():
            data.setdefault(key, _json(value))
        return {"kind": self.kind, "data": data}

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> "Event":
        """The event a saved ``{"kind", "data"}`` describes (EventDataError if it cannot be)."""
        return from_dict(raw)


@dataclass_transform(kw_only_default=True, frozen_default=True)
def event_kind(cls: type[E]) -> type[E]:
    """Make ``cls`` (an :class:`Event` subclass) a kind: a dataclass with keyword-only fields.

    No method is generated: ``__init__`` too is :class:`Event`'s own, over the fields, and the
    signature ``help()`` shows is made from them (the metaclass's ``__signature__``); equality,
    hashing, the repr and immutability are :class:`Event`'s (see there why). A kind without a
    docstring gets a short one, which saves ``dataclass`` making it from the signature
    (issue 12: generated methods and docstrings were three quarters of the kinds' import).
    """
    if cls.__dict__.get("__doc__") is None:
        cls.__doc__ = f"The ``{cls.kind}`` event."
    return dataclass(kw_only=True, eq=False, repr=False, init=False)(cls)


_INIT_PLANS: dict[type, tuple[frozenset[str], tuple[str, ...], tuple[tuple[str, Any, Any], ...]]] = {}


def _init_plan(cls: type[Event]) -> tuple[frozenset[str], tuple[str, ...], tuple[tuple[str, Any, Any], ...]]:
    """A kind's field names, the required ones, and (name, default, factory) of the others (once per kind)."""
    plan = _INIT_PLANS.get(cls)
    if plan is None:
        given = [f for f in fields(cast(Any, cls)) if f.init]
        required = tuple(f.name for f in given if f.default is MISSING and f.default_factory is MISSING)
        defaults = tuple((f.name, None if f.default is MISSING else f.default,
                          None if f.default_factory is MISSING else f.default_factory)
                         for f in given if f.name not in required)
        plan = _INIT_PLANS[cls] = (frozenset(f.name for f in given), required, defaults)
    return plan


def _values(event: Event) -> tuple[Any, ...]:
    """The event's field values in order: what it is compared and hashed by."""
    return tuple(getattr(event, f.name) for f, _, _ in _fields_of(type(event)))


def _saved_data(event: Event) -> dict[str, Any]:
    """``event.data``: a fresh copy of the data as saved, for tests and tools that compare JSON."""
    data: dict[str, Any] = event.to_dict()["data"]
    return data


# Set on the class at run time only, so mypy sees no ``data`` on an event: the engine and
# the window read the typed fields, nothing falls back to string keys.
setattr(Event, "data", property(_saved_data))  # noqa: B010


def _from_kind_and_data(kind: str, data: dict[str, Any] | None = None) -> Event:
    """The kind's class from a dict, as :func:`from_dict` would build it when the data fits."""
    cls = event_class(kind)
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r}")
    names = _names_of(cls)
    data = data or {}
    try:  # the shapes a save would give (lists become squares ...)
        event = validated(cls, data)
    except EventDataError:  # not JSON (a set ...): kept as given, for the autosave's own check to name
        event = cls(**{names[k]: v for k, v in data.items() if k in names})
    extras = {k: v for k, v in data.items() if k not in names}
    if extras:
        object.__setattr__(event, "_extras", extras)
    return event


class EventDataError(Exception):
    """An event's kind is unknown or its data does not fit; ``where`` is the field ("cell[1]", "" for all)."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


#: kind -> its class; filled by :func:`register` from tactics.engine.features.
KINDS: dict[str, type[Event]] = {}
_ADAPTERS: dict[type[Event], TypeAdapter[Any]] = {}
_FIELDS: dict[type[Event], list[tuple[Field[Any], bool, Any]]] = {}
_NAMES: dict[type[Event], dict[str, str]] = {}


def register(*classes: type[Event]) -> None:
    """Make these kinds known to :func:`from_dict` (each kind once)."""
    for cls in classes:
        if not cls.kind:
            raise ValueError(f"{cls.__name__} has no kind")
        known = KINDS.get(cls.kind)
        if known is not None and known is not cls:
            raise ValueError(f"event kind {cls.kind!r} registered twice ({known.__name__}, {cls.__name__})")
        KINDS[cls.kind] = cls


def event_class(kind: str) -> type[Event] | None:
    """The class of a kind, or None when no part of the engine has it (a part of the engine
    imported on first use is imported now when the kind is one of its)."""
    found = KINDS.get(kind)
    if found is None:
        from tactics.engine import features  # importing it registers the kinds of the parts it imports

        features.load_for_kind(kind)
        found = KINDS.get(kind)
    return found


def from_dict(raw: dict[str, Any]) -> Event:
    """Build and validate an event from its saved form."""
    kind = raw.get("kind")
    data = raw.get("data", {})
    cls = event_class(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventDataError("", f"unknown event kind {kind!r}")
    if not isinstance(data, dict):
        raise EventDataError("data", "expected an object")
    event = validated(cls, data)
    names = _names_of(cls)
    extras = {k: v for k, v in data.items() if k not in names}
    if extras:
        object.__setattr__(event, "_extras", extras)
    return event


def validated(cls: type[E], data: dict[str, Any]) -> E:
    """``cls`` built from JSON-like ``data``, checked strictly (EventDataError naming the field)."""
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        from pydantic import TypeAdapter  # (imported when an event is first read back: replay, a save)

        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    names = _names_of(cls)
    if any(names.get(k, k) != k for k in data):
        data = {names.get(k, k): v for k, v in data.items()}
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise EventDataError("data", f"not JSON data ({exc})") from None
    try:
        event: E = adapter.validate_json(text)
    except validation_error() as exc:
        first = exc.errors()[0]
        loc = tuple(first.get("loc", ()))
        if loc and isinstance(loc[0], str):
            loc = (_keys_of(cls).get(loc[0], loc[0]),) + loc[1:]
        raise EventDataError(_where(loc), _problem(first.get("msg", "invalid value"))) from None
    return event


def _where(loc: tuple[Any, ...]) -> str:
    """('cell', 1) -> 'cell[1]'; pydantic's union and type tags are left out."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and ("[" in part or part in _TAGS or part.startswith(("function-", "json-"))):
            continue
        else:
            out += f".{part}" if out else str(part)
    return out


_TAGS = frozenset({"int", "float", "str", "bool", "none", "list", "dict", "tuple", "literal"})


def _problem(message: str) -> str:
    if message == "Field required":
        return "missing"
    return message.removeprefix("Value error, ")


def _fields_of(cls: type[Event]) -> list[tuple[Field[Any], bool, Any]]:
    found = _FIELDS.get(cls)
    if found is None:
        found = []
        for f in fields(cast(Any, cls)):
            omit = bool(f.metadata.get(_OMIT))
            default: Any = f.default
            if default is MISSING and f.default_factory is not MISSING:
                default = cast(Callable[[], Any], f.default_factory)()
            found.append((f, omit, default))
        _FIELDS[cls] = found
    return found


def _names_of(cls: type[Event]) -> dict[str, str]:
    """Saved key -> field name (the same but for :func:`saved_as` fields)."""
    found = _NAMES.get(cls)
    if found is None:
        found = _NAMES[cls] = {f.metadata.get(_KEY, f.name): f.name for f, _, _ in _fields_of(cls)}
    return found


def _keys_of(cls: type[Event]) -> dict[str, str]:
    """Field name -> saved key."""
    return {name: key for key, name in _names_of(cls).items()}


def _json(value: Any) -> Any:
    """Tuples as lists, all the way down (what JSON gives back)."""
    if isinstance(value, (str, int, float)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    return value


__all__ = [
    "Direction",
    "Event",
    "EventDataError",
    "KINDS",
    "Number",
    "Square",
    "event_class",
    "event_kind",
    "from_dict",
    "omitted",
    "omitted_list",
    "one_of",
    "register",
    "saved_as",
    "validated",
]
