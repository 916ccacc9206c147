"""The code stays clean: ruff (pyflakes, pycodestyle, bugbear) everywhere, mypy --strict on the rules core and the
engine parts in STRICT, mypy's default checks on the rest of the package.

See [tool.ruff] and [tool.mypy] in pyproject.toml.

An unused import, a name used before it is bound or a loop variable shadowed is a bug waiting;
the README's test command runs this, so CI holds the line.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "tactics", "tests", "tools"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


#: held to --strict; keep in step with the strict override in pyproject.toml
STRICT = ["tactics/rules", "tactics/engine/core", "tactics/engine/board.py", "tactics/engine/builder",
          "tactics/engine/saves", "tactics/engine/starship", "tactics/engine/__init__.py",
          "tactics/engine/features.py", "tactics/engine/hazards", "tactics/engine/combat"]


#: held to mypy's default checks: everything else in the package
DEFAULT = ["tactics/ui", "tactics/maps", "tactics/ai", "tactics/engine/combat", "tactics/assets",
           "tactics/__init__.py", "tactics/__main__.py", "tactics/cli.py", "tactics/safefiles.py", "tactics/bench.py"]


@pytest.fixture(scope="module")
def mypy_cache() -> Path:
    """The runs' caches, kept between test runs of this checkout (outside it): warm here (seconds), cold
    on a fresh CI machine (about 40 s for both). One per run: their options differ, and a module
    analysed under other options is analysed again."""
    tag = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    return Path(tempfile.gettempdir()) / f"tactics-mypy-cache-{tag}"


def _mypy(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--follow-imports=silent", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_rules_core_and_engine_parts_are_clean_under_mypy_strict(mypy_cache):
    done = _mypy(mypy_cache / "strict", "--strict", *STRICT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_rest_is_clean_under_mypy_defaults(mypy_cache):
    """The window, the map formats, the opponent, the combat engine and the CLI: no Optional used
    unchecked, no call with the wrong type (pyproject.toml's [tool.mypy], not --strict)."""
    done = _mypy(mypy_cache / "default", *DEFAULT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_every_module_is_checked_by_one_of_the_runs():
    """A new part of the package must join STRICT or DEFAULT, or it is never type-checked."""
    covered = [ROOT / p for p in STRICT + DEFAULT]
    for path in (ROOT / "tactics").rglob("*.py"):
        name = path.relative_to(ROOT).as_posix()
        assert any(path == c or c in path.parents for c in covered), f"{name} is in neither STRICT nor DEFAULT"
