"""Data models that are plain Python classes until something must be validated.

Why (issue 12: start time): importing pydantic and making its model classes cost, at every
start, more than a bare pygame window (about 45 ms for the import, 40 ms for the ~50 model
classes), although a later start validates nothing: the data it validated before is rebuilt
from the user's cache (:mod:`tactics.rules.remembered`). So a model here is written exactly
as a pydantic model is (annotations, ``Field(...)``, ``model_config = ConfigDict(...)``,
``@field_validator`` / ``@model_validator``, ``Annotated[..., AfterValidator(f)]``), but its
class is a plain one: making it only records what was written, and pydantic is imported the
first time a model validates.

Validation is pydantic's own, unchanged: :meth:`PlainModel.model_validate` (and a model's
constructor) builds, once per class, a pydantic *twin* from what was recorded (the same
annotations, the real ``Field``, ``ConfigDict`` and validators), validates with it and copies
the validated values into an instance of the plain class. A model used as another model's
field tells pydantic to validate it with its twin and hand back the plain instance
(``__get_pydantic_core_schema__``), so every nested model is plain too, and the errors,
their messages and field paths are exactly pydantic's.

What a plain instance offers is what this package uses of a pydantic model: the fields as
attributes, ``model_validate``, ``model_construct``, ``model_copy``, ``model_dump`` (python or
json mode, ``by_alias``, ``exclude_defaults``, ``exclude_unset``), ``model_fields``,
``model_fields_set`` and ``__pydantic_extra__``; equality, ``repr`` and, for a frozen model,
hashing and refusing assignment, as pydantic's.

The markers (``Field``, ``AfterValidator``, ``StrictInt`` ...) also work inside ``Annotated``
fields of the plain dataclasses pydantic validates directly (the event kinds): each tells
pydantic what it means when a validator is built.
"""

from __future__ import annotations

import copy
import enum
import typing
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from pydantic import ValidationError

M = TypeVar("M", bound="PlainModel")


class _Missing:
    """No default: the field is required (pydantic's ``PydanticUndefined``)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class FieldSpec:
    """What ``Field(...)`` was given; the real ``pydantic.Field`` is made from it for the twin."""

    __slots__ = ("default", "default_factory", "alias", "kwargs")

    def __init__(self, default: Any, kwargs: dict[str, Any]) -> None:
        self.default = default
        self.default_factory: Callable[[], Any] | None = kwargs.get("default_factory")
        self.alias: str | None = kwargs.get("alias")
        self.kwargs = kwargs

    def real(self) -> Any:
        """The ``pydantic.Field`` this stands for."""
        from pydantic import Field as RealField

        if self.default is MISSING:
            return RealField(**self.kwargs)
        return RealField(self.default, **self.kwargs)

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        """Inside ``Annotated[...]``: the field's constraints (``ge``, ``min_length``, ``strict`` ...), on
        the schema the rest of the annotation makes (``handler``: so several markers compose)."""
        return handler(typing.Annotated[source, self.real()])


def Field(default: Any = MISSING, **kwargs: Any) -> Any:  # noqa: N802 (pydantic's name, so models read as pydantic's)
    """A field's default and constraints, as ``pydantic.Field`` takes them."""
    return FieldSpec(default, kwargs)


def ConfigDict(**settings: Any) -> dict[str, Any]:  # noqa: N802 (pydantic's name)
    """A model's settings (``extra``, ``frozen``, ``strict``, ``populate_by_name`` ...), as pydantic's."""
    return dict(settings)


class AfterValidator:
    """``Annotated[str, AfterValidator(check)]``: ``check`` runs on the value once its type is validated."""

    __slots__ = ("func",)

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.func, handler(source))


class _StrictMarker:
    """``StrictInt``/``StrictBool``: no coercion (``"1"`` is not 1, 1 is not true)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import Strict

        return handler(typing.Annotated[source, Strict()])


StrictInt = typing.Annotated[int, _StrictMarker()]
StrictBool = typing.Annotated[bool, _StrictMarker()]


class _Decorated:
    """A ``@field_validator``/``@model_validator`` function, applied with pydantic's decorator on the twin."""

    __slots__ = ("func", "fields", "kwargs", "kind")

    def __init__(self, kind: str, func: Any, fields: tuple[str, ...], kwargs: dict[str, Any]) -> None:
        self.kind, self.func, self.fields, self.kwargs = kind, func, fields, kwargs

    def real(self) -> Any:
        import pydantic

        decorator: Any = pydantic.field_validator if self.kind == "field" else pydantic.model_validator
        return decorator(*self.fields, **self.kwargs)(self.func)


def field_validator(*fields: str, **kwargs: Any) -> Callable[[Any], Any]:
    """pydantic's ``@field_validator`` (``mode``, ``check_fields``): the function runs on these fields
    when the model validates."""
    return lambda func: _Decorated("field", func, fields, kwargs)


def model_validator(**kwargs: Any) -> Callable[[Any], Any]:
    """pydantic's ``@model_validator`` (``mode``): the function runs on the whole model."""
    return lambda func: _Decorated("model", func, (), kwargs)


def validation_error() -> type[ValidationError]:
    """pydantic's ``ValidationError`` (imported only when something is validated)."""
    from pydantic import ValidationError

    return ValidationError


class ModelField:
    """A field of a plain model: its annotation (an object), its default or factory, its alias."""

    __slots__ = ("name", "raw_annotation", "_annotation", "default", "default_factory", "alias", "spec", "owner")

    def __init__(self, name: str, annotation: Any, spec: Any, owner: type) -> None:
        self.name = name
        self.raw_annotation = annotation
        self._annotation: Any = MISSING
        self.owner = owner
        self.spec: FieldSpec | None = spec if isinstance(spec, FieldSpec) else None
        if self.spec is not None:
            self.default, self.default_factory, self.alias = self.spec.default, self.spec.default_factory, self.spec.alias
        else:
            self.default, self.default_factory, self.alias = spec, None, None

    @property
    def annotation(self) -> Any:
        """The field's type as an object (a module with ``from __future__ import annotations`` wrote text)."""
        if self._annotation is MISSING:
            if isinstance(self.raw_annotation, str):
                self._annotation = typing.get_type_hints(self.owner, include_extras=True)[self.name]
            else:
                self._annotation = self.raw_annotation
        return self._annotation

    def is_required(self) -> bool:
        return self.default is MISSING and self.default_factory is None

    def default_value(self) -> Any:
        """The default as validation fills it in: ``default_factory()``, else a copy of ``default``."""
        if self.default_factory is not None:
            return self.default_factory()
        if self.default is MISSING:
            raise TypeError(f"field {self.name!r} is required")
        return copy.deepcopy(self.default)

    def twin_value(self) -> Any:
        """What the twin's class body holds for this field: the real ``Field``, the default, or MISSING."""
        return self.spec.real() if self.spec is not None else self.default


@dataclass_transform(kw_only_default=True, field_specifiers=(Field,))
class PlainModel:
    """The base of a data model: a plain class at start, validated by pydantic when asked.

    Construct one as a pydantic model (``Weapon(name="knife", damage="1d4")``: validated, a
    bad value raises pydantic's ``ValidationError``), or :meth:`model_validate` a dict.
    """

    model_config: ClassVar[dict[str, Any]] = {}
    model_fields: ClassVar[dict[str, ModelField]] = {}
    __pydantic_extra__: dict[str, Any] | None
    _fields_set: set[str]
    _twin: ClassVar[Any] = None
    _adapter: ClassVar[Any] = None
    _validators: ClassVar[dict[str, _Decorated]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: dict[str, ModelField] = {}
        config: dict[str, Any] = {}
        for base in reversed(cls.__mro__[1:]):
            if issubclass(base, PlainModel):
                fields.update(base.model_fields)
                config.update(base.model_config)
        config.update(cls.__dict__.get("model_config", {}))
        cls._validators = {}
        for name, value in list(vars(cls).items()):
            if isinstance(value, _Decorated):
                cls._validators[name] = value
                delattr(cls, name)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if name.startswith("_") or _is_classvar(annotation):
                continue
            spec = cls.__dict__.get(name, MISSING)
            if name in cls.__dict__:
                delattr(cls, name)  # (the value is each instance's; a pydantic model keeps none on the class)
            fields[name] = ModelField(name, annotation, spec, cls)
        cls.model_fields = fields
        cls.model_config = config
        cls._twin = None
        cls._adapter = None
        if not config.get("frozen"):
            cls.__hash__ = None  # type: ignore[assignment]  # (as pydantic's: only a frozen model hashes)

    # -- validation ---------------------------------------------------------------------

    def __init__(self, **data: Any) -> None:
        validated = type(self).model_validate(data)
        object.__setattr__(self, "__dict__", validated.__dict__)

    @classmethod
    def model_validate(cls: type[M], obj: Any) -> M:
        """``obj`` (a dict, or an instance, kept as it is) validated by pydantic; ValidationError if it does not fit."""
        if isinstance(obj, cls):
            return obj
        adapter = cls.__dict__.get("_adapter")
        if adapter is None:
            from pydantic import TypeAdapter

            adapter = TypeAdapter(cls)
            cls._adapter = adapter
        result: M = adapter.validate_python(obj)
        return result

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Validate with the twin, give back the plain instance (an instance given is kept)."""
        from pydantic_core import core_schema

        inner = handler.generate_schema(_twin_of(cls))

        def plain(value: Any, validate: Any) -> Any:
            if isinstance(value, cls):
                return value
            return cls._from_twin(validate(value))

        return core_schema.no_info_wrap_validator_function(plain, inner)

    @classmethod
    def _from_twin(cls: type[M], twin: Any) -> M:
        out = cls.__new__(cls)
        state = out.__dict__
        for name in cls.model_fields:
            state[name] = getattr(twin, name)
        object.__setattr__(out, "_fields_set", set(twin.model_fields_set))
        object.__setattr__(out, "__pydantic_extra__", dict(twin.__pydantic_extra__) if twin.__pydantic_extra__
                           is not None else None)
        return out

    @classmethod
    def model_construct(cls: type[M], _fields_set: set[str] | None = None, **values: Any) -> M:
        """An instance from trusted values, not validated (the missing fields get their defaults)."""
        out = cls.__new__(cls)
        state = out.__dict__
        extra = dict(values)
        for name, info in cls.model_fields.items():
            key = name if name in extra else (info.alias if info.alias in extra else None)
            state[name] = extra.pop(key) if key is not None else info.default_value()
        given = set(_fields_set) if _fields_set is not None else {n for n in cls.model_fields if n in values}
        object.__setattr__(out, "_fields_set", given | (set(extra) if cls.model_config.get("extra") == "allow" else set()))
        object.__setattr__(out, "__pydantic_extra__", extra if cls.model_config.get("extra") == "allow" else None)
        return out

    # -- reading ------------------------------------------------------------------------

    @property
    def model_fields_set(self) -> set[str]:
        """The fields the data gave (what ``exclude_unset`` leaves)."""
        return self._fields_set

    def model_copy(self: M, *, update: dict[str, Any] | None = None) -> M:
        """A shallow copy, with ``update``'s values (not validated, as pydantic's)."""
        out = type(self).__new__(type(self))
        out.__dict__.update(self.__dict__)
        for name, value in (update or {}).items():
            out.__dict__[name] = value
        object.__setattr__(out, "_fields_set", set(self._fields_set) | set(update or {}))
        if self.__pydantic_extra__ is not None:
            object.__setattr__(out, "__pydantic_extra__", dict(self.__pydantic_extra__))
        return out

    def model_dump(self, *, mode: str = "python", by_alias: bool = False, exclude_defaults: bool = False,
                   exclude_unset: bool = False) -> dict[str, Any]:
        """The fields as a dict, nested models as dicts (json mode: lists, enum values), as pydantic's."""
        out: dict[str, Any] = {}
        for name, info in type(self).model_fields.items():
            if exclude_unset and name not in self._fields_set:
                continue
            value = self.__dict__[name]
            if exclude_defaults and not info.is_required() and _same(value, info.default_value()):
                continue
            key = info.alias if by_alias and info.alias else name
            out[key] = _dumped(value, mode, by_alias, exclude_defaults, exclude_unset)
        for name, value in (self.__pydantic_extra__ or {}).items():
            out[name] = _dumped(value, mode, by_alias, exclude_defaults, exclude_unset)
        return out

    def __getattr__(self, name: str) -> Any:
        extra = self.__dict__.get("__pydantic_extra__")
        if extra and name in extra:
            return extra[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        cls = type(self)
        if cls.model_config.get("frozen"):
            raise _frozen_error(cls, name, value)
        if name not in cls.model_fields and not name.startswith("_"):
            raise ValueError(f'"{cls.__name__}" object has no field "{name}"')
        self.__dict__[name] = value
        if name in cls.model_fields:
            self._fields_set.add(name)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values() and (self.__pydantic_extra__ or {}) == (
            other.__pydantic_extra__ or {})

    def __hash__(self) -> int:
        return hash(self._values())

    def _values(self) -> tuple[Any, ...]:
        state = self.__dict__
        return tuple(state[name] for name in type(self).model_fields)

    def __repr__(self) -> str:
        shown = [f"{name}={value!r}" for name, value in self._items()]
        return f"{type(self).__name__}({', '.join(shown)})"

    def _items(self) -> Iterator[tuple[str, Any]]:
        for name in type(self).model_fields:
            yield name, self.__dict__[name]
        yield from (self.__pydantic_extra__ or {}).items()


def _is_classvar(annotation: Any) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or typing.get_origin(annotation) is ClassVar


def _same(value: Any, default: Any) -> bool:
    try:
        return bool(value == default)
    except Exception:  # (a value whose equality refuses the comparison: not a default)
        return False


def _dumped(value: Any, mode: str, by_alias: bool, exclude_defaults: bool, exclude_unset: bool) -> Any:
    if isinstance(value, PlainModel):
        return value.model_dump(mode=mode, by_alias=by_alias, exclude_defaults=exclude_defaults,
                                exclude_unset=exclude_unset)
    if isinstance(value, dict):
        return {(_dumped(k, mode, by_alias, exclude_defaults, exclude_unset) if mode == "json" else k):
                _dumped(v, mode, by_alias, exclude_defaults, exclude_unset) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_dumped(v, mode, by_alias, exclude_defaults, exclude_unset) for v in value]
        return items if mode == "json" or isinstance(value, list) else type(value)(items)
    if mode == "json" and isinstance(value, enum.Enum):
        return value.value
    return value


def _frozen_error(cls: type, name: str, value: Any) -> Exception:
    """pydantic's error for an assignment to a frozen model."""
    from pydantic_core import ValidationError

    return ValidationError.from_exception_data(cls.__name__, [{"type": "frozen_instance", "loc": (name,), "input": value}])


_DESCRIPTORS = (staticmethod, classmethod, property)


def _twin_of(cls: type[PlainModel]) -> Any:
    """The pydantic model validating ``cls``: the same annotations, defaults, settings, validators and methods
    (a validator may call them), its bases the twins of the plain class's bases."""
    twin = cls.__dict__.get("_twin")
    if twin is not None:
        return twin
    import pydantic

    bases = tuple(_twin_of(b) for b in cls.__bases__ if issubclass(b, PlainModel) and b is not PlainModel)
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__,
                                 "__annotations__": annotations}
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if name.startswith("_"):
            continue
        annotations[name] = annotation
        if _is_classvar(annotation):
            if name in cls.__dict__:
                namespace[name] = cls.__dict__[name]
            continue
        value = cls.model_fields[name].twin_value()
        if value is not MISSING:
            namespace[name] = value
    for name, value in vars(cls).items():
        if not name.startswith("__") and name not in namespace and (
                isinstance(value, _DESCRIPTORS) or (callable(value) and not isinstance(value, type))):
            namespace[name] = value
    for name, decorated in cls._validators.items():
        namespace[name] = decorated.real()
    settings = {k: v for k, v in cls.__dict__.get("model_config", {}).items() if k != "defer_build"}
    namespace["model_config"] = pydantic.ConfigDict(**settings)  # type: ignore[typeddict-item]
    metaclass: Any = type(pydantic.BaseModel)
    made = metaclass(cls.__name__, bases or (pydantic.BaseModel,), namespace)
    cls._twin = made
    return made
