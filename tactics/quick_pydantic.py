"""pydantic imported without the modules it imports but does not use here (issue 12: start time).

Why: two imports of pydantic's cost nothing useful to this app, and together
were a sixteenth of the window's start:

* pydantic and pydantic_core mark some of their functions and methods
  ``@deprecated`` (``BaseModel.dict`` ...) as their modules run, and
  ``typing_extensions.deprecated`` (Python 3.11 and 3.12) imports :mod:`asyncio`
  (with ssl, sockets, subprocess, logging, concurrent.futures) to ask whether
  each is a coroutine function. None is; nothing of the app uses asyncio.
* pydantic's plugin loader imports :mod:`importlib.metadata` (with the email
  package) to look for plugins, which :mod:`tactics.rules.data` turns off
  (``PYDANTIC_DISABLE_PLUGINS``).

How: :func:`install` (called by ``tactics/__init__.py``) puts a finder first on
:data:`sys.meta_path` that finds the modules of pydantic and pydantic_core as
the usual finder does and wraps their loaders. While one of them runs, each
module in :data:`DEFERRED` that is not imported yet is a stand-in
(:class:`Deferred`): it answers what it holds itself (``iscoroutinefunction``:
:func:`inspect.iscoroutinefunction`, the same answer for every function, as no
function can be marked by an asyncio never imported) and imports the real
module for anything else it is asked, then or later. The stand-ins leave
:data:`sys.modules` as soon as the pydantic module has run, so ``import asyncio``
afterwards is the real package; pydantic keeps a stand-in where it kept the
module (the plugin loader's ``importlib_metadata``), which imports the real one
the first time it is used. When a module is imported already (a test runner,
an embedding program) it is not stood in for.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import inspect
import sys
import types
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Callable

#: The packages whose modules run with the stand-ins in place.
TARGETS = ("pydantic", "pydantic_core")


def _coroutines() -> dict[str, Any]:
    return {"iscoroutinefunction": inspect.iscoroutinefunction}


#: module -> what its stand-in answers itself (anything else imports the real module).
DEFERRED: dict[str, Callable[[], dict[str, Any]]] = {
    "asyncio": dict,  # (the package of ``asyncio.coroutines``: ``import asyncio.coroutines`` binds it)
    "asyncio.coroutines": _coroutines,
    "importlib.metadata": dict,
}


class Deferred(types.ModuleType):
    """A module not imported yet, standing in for it while pydantic runs (see the module's docstring)."""

    def __init__(self, name: str, answers: dict[str, Any]) -> None:
        super().__init__(name, f"{name}, imported when first used (tactics.quick_pydantic).")
        self.__dict__.update(answers)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)  # (``__file__``, ``__path__`` ... probes: none, it is not imported)
        _leave()
        return getattr(importlib.import_module(self.__name__), name)


#: The stand-ins in sys.modules now (while a pydantic module runs).
_STANDING: dict[str, Deferred] = {}


def _leave() -> None:
    """Take every stand-in out of sys.modules (and its parent package's attribute)."""
    for name, stand_in in list(_STANDING.items()):
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
        parent, _, child = name.rpartition(".")
        if parent and getattr(sys.modules.get(parent), child, None) is stand_in:
            delattr(sys.modules[parent], child)
        del _STANDING[name]


@contextmanager
def deferred_while() -> Iterator[None]:
    """Inside: the modules of :data:`DEFERRED` not imported yet are stand-ins (once, for the outermost)."""
    if _STANDING:
        yield
        return
    for name, answers in DEFERRED.items():
        if name not in sys.modules:
            _STANDING[name] = sys.modules[name] = Deferred(name, answers())
    for name, stand_in in _STANDING.items():
        parent, _, child = name.rpartition(".")
        owner = _STANDING.get(parent) or sys.modules.get(parent)
        if parent and owner is not None and child not in vars(owner):
            setattr(owner, child, stand_in)  # ``import importlib.metadata as m`` reads the attribute
    try:
        yield
    finally:
        _leave()


class _Loader(importlib.abc.Loader):
    """A pydantic module's own loader, run with the stand-ins in place."""

    def __init__(self, inner: importlib.abc.Loader) -> None:
        self.inner = inner

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self.inner.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        with deferred_while():
            self.inner.exec_module(module)

    def __getattr__(self, name: str) -> object:  # get_source, get_resource_reader ... as the usual loader's
        return getattr(self.inner, name)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the pydantic family's modules as the usual finder does and wraps their loaders."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname.partition(".")[0] not in TARGETS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.loader is None:
            return None  # (the finders after this one answer: not installed, a namespace ...)
        spec.loader = _Loader(spec.loader)
        return spec


_FINDER = _Finder()


def install() -> None:
    """From now on, pydantic's modules are imported with the stand-ins in place."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def uninstall() -> None:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


__all__ = ["DEFERRED", "Deferred", "TARGETS", "deferred_while", "install", "uninstall"]
