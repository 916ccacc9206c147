"""The test modules' rewritten bytecode, kept outside the checkout and worked out once (see conftest.py).

Why it exists: pytest rewrites every test module's asserts (so a failure shows the values) and keeps
the result beside the test, in ``tests/__pycache__``; where ``PYTHONDONTWRITEBYTECODE`` is set (as on
the project's machines, the checkout stays free of bytecode) it kept nothing, so each of the suite's
two workers rewrote all 170 test modules on every run: about 5 s of CPU each, a tenth of a cold run.

Here the rewritten modules are kept in one folder of the system's temporary space per checkout
(pytest's own format, checked against each file's size and time of change as pytest checks it), and
the run's main process rewrites what is missing or out of date before the workers start, on both
cores, so the workers only read them: once per change instead of twice per run.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def folder() -> Path:
    """The folder of this checkout's rewritten test modules (``tempfile``'s folder: conftest.py sets it)."""
    tag = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    return Path(tempfile.gettempdir()) / f"tactics-test-bytecode-{tag}"


#: as the run started: conftest.py then keeps the package's own bytecode (``sys.pycache_prefix``), which
#: would make pytest keep the rewritten tests there too, rewritten by each worker on a cold run
_WANTED = sys.dont_write_bytecode and not sys.pycache_prefix


def wanted() -> bool:
    """Only where the bytecode would be kept nowhere: elsewhere pytest keeps it beside the tests."""
    return _WANTED


def keep_rewritten_tests() -> None:
    """pytest reads (and the main process writes) the rewritten test modules in :func:`folder`."""
    if not wanted():
        return
    from _pytest.assertion import rewrite

    kept = folder()
    original = rewrite.get_cache_dir

    def cache_dir(file_path: Path) -> Path:
        try:
            return kept / file_path.resolve().parent.relative_to(ROOT)
        except ValueError:  # not this checkout's: pytest's own place
            return original(file_path)

    rewrite.get_cache_dir = cache_dir


def _test_files(config: pytest.Config) -> list[Path]:
    files: set[Path] = set()
    for arg in config.args or [str(ROOT / "tests")]:
        path = Path(config.invocation_params.dir, arg.split("::")[0]).resolve()
        if path.is_dir():
            files.update(path.rglob("test_*.py"))
        elif path.name.startswith("test_") and path.suffix == ".py":
            files.add(path)
    return sorted(f for f in files if ROOT in f.parents)


def rewrite_before_the_workers(config: pytest.Config, processes: int = 2) -> None:
    """Rewrite the test modules not kept yet (or changed since), in ``processes`` forked processes."""
    if not wanted() or not hasattr(os, "fork") or config.getoption("assertmode") != "rewrite":
        return
    from _pytest.assertion import rewrite

    def pyc(fn: Path) -> Path:
        return rewrite.get_cache_dir(fn) / (fn.name[:-3] + rewrite.PYC_TAIL)

    missing = [fn for fn in _test_files(config) if rewrite._read_pyc(fn, pyc(fn)) is None]
    if not missing:
        return
    state = config.stash[rewrite.assertstate_key]
    children = []
    for share in range(processes):
        pid = os.fork()
        if pid == 0:  # a child: rewrite its share, write it, leave at once (no pytest teardown)
            code = 0
            try:
                for fn in missing[share::processes]:
                    rewrite.try_makedirs(pyc(fn).parent)
                    source_stat, co = rewrite._rewrite_test(fn, config)
                    rewrite._write_pyc(state, co, source_stat, pyc(fn))
            except BaseException:  # a worker rewrites what is not there itself
                code = 1
            os._exit(code)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
