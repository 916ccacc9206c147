"""pydantic imported without asyncio, which it never uses (issue 12: start time).

Why: pydantic and pydantic_core mark some of their functions and methods
``@deprecated`` (``BaseModel.dict`` ...) as their modules are imported, and
``typing_extensions.deprecated`` (Python 3.11 and 3.12) then imports
:mod:`asyncio` to ask whether each is a coroutine function: a twentieth of the
window's start (asyncio pulls in ssl, sockets, subprocess, logging and
concurrent.futures), for a question whose answer is "no". None of those is a
coroutine, and nothing of the app uses asyncio.

How: :func:`install` (called by ``tactics/__init__.py``) puts a finder first on
:data:`sys.meta_path` that finds the modules of pydantic and pydantic_core as
the usual finder does and wraps their loaders: while one of those modules runs,
the names ``asyncio`` and ``asyncio.coroutines`` are a stand-in holding only
``iscoroutinefunction`` (:func:`inspect.iscoroutinefunction`: the same answer
for a plain function), removed as soon as the module has run, so a later
``import asyncio`` gets the real package. When asyncio is already imported
(a test runner, an embedding program) nothing is stood in for. Only the
pydantic family runs inside the stand-in (its imports are the standard library,
typing_extensions, annotated_types and typing_inspection, none of which uses
asyncio); anything else asking the stand-in for more gets an AttributeError
that names this module.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import inspect
import sys
import types
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

#: The packages whose modules run with asyncio stood in.
TARGETS = ("pydantic", "pydantic_core")


@contextmanager
def asyncio_stood_in() -> Iterator[None]:
    """While inside, ``import asyncio.coroutines`` gives a stand-in (unless asyncio is imported already)."""
    if "asyncio" in sys.modules:
        yield
        return
    coroutines = _StandIn("asyncio.coroutines")
    coroutines.iscoroutinefunction = inspect.iscoroutinefunction  # type: ignore[attr-defined]
    package = _StandIn("asyncio")
    package.__path__ = []  # type: ignore[attr-defined]  # (a package: its submodule is found in sys.modules)
    package.coroutines = coroutines  # type: ignore[attr-defined]
    sys.modules["asyncio"] = package
    sys.modules["asyncio.coroutines"] = coroutines
    try:
        yield
    finally:
        for name, stand_in in (("asyncio.coroutines", coroutines), ("asyncio", package)):
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]


class _StandIn(types.ModuleType):
    """``asyncio`` (or its ``coroutines``) while a pydantic module runs: only ``iscoroutinefunction``."""

    def __init__(self, name: str) -> None:
        super().__init__(name, "A stand-in while pydantic is imported (tactics.quick_pydantic).")

    def __getattr__(self, name: str) -> object:
        raise AttributeError(f"{self.__name__}.{name}: asyncio is stood in while pydantic is imported "
                             f"(tactics.quick_pydantic); import asyncio before it")


class _Loader(importlib.abc.Loader):
    """A pydantic module's own loader, run with asyncio stood in."""

    def __init__(self, inner: importlib.abc.Loader) -> None:
        self.inner = inner

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self.inner.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        with asyncio_stood_in():
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
    """Stand asyncio in while pydantic's modules are imported from now on."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def uninstall() -> None:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


__all__ = ["TARGETS", "asyncio_stood_in", "install", "uninstall"]
