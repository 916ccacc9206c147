"""The code stays clean: ruff (pyflakes, pycodestyle, bugbear) everywhere, mypy --strict on the rules core and the
engine parts in STRICT, mypy's default checks on the rest of the package.

See [tool.ruff] and [tool.mypy] in pyproject.toml.

An unused import, a name used before it is bound or a loop variable shadowed is a bug waiting;
the README's test command runs this, so CI holds the line.
"""

from __future__ import annotations

import hashlib
import tomllib
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


#: held to --strict: the override in pyproject.toml's [tool.mypy] lists these parts as modules
STRICT = ["tactics/rules", "tactics/engine/core", "tactics/engine/board.py", "tactics/engine/builder",
          "tactics/engine/saves", "tactics/engine/starship", "tactics/engine/__init__.py",
          "tactics/engine/features.py", "tactics/engine/hazards", "tactics/engine/combat"]
#: the flags of ``mypy --strict`` that mypy accepts only for a whole run (the others are per module)
WHOLE_RUN_STRICT = ["--warn-redundant-casts", "--warn-unused-configs"]
#: the per-module flags of ``mypy --strict`` (mypy 1.20), each set in the strict override
PER_MODULE_STRICT = ["disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
                     "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
                     "disallow_untyped_decorators", "warn_return_any", "warn_unused_ignores", "strict_equality",
                     "extra_checks"]


@pytest.fixture(scope="module")
def mypy_run() -> tuple[int, list[str]]:
    """One mypy run over the whole package: the strict override holds STRICT's modules to --strict's
    checks, the rest to the defaults (one run, one cache: about 17 s cold on a CI machine, seconds
    warm). The cache is kept between test runs of this checkout, outside it."""
    tag = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    cache = Path(tempfile.gettempdir()) / f"tactics-mypy-cache-{tag}"
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--follow-imports=silent",
                           *WHOLE_RUN_STRICT, "tactics"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert "error: " in done.stdout or done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    return done.returncode, [line for line in done.stdout.splitlines() if ": error: " in line]


def _strict(path: str) -> bool:
    return any(path == part or path.startswith(part.rstrip("/") + "/") for part in STRICT)


def test_the_rules_core_and_engine_are_clean_under_mypy_strict(mypy_run):
    errors = [e for e in mypy_run[1] if _strict(e.split(":", 1)[0])]
    assert not errors, "\n".join(errors[:60])


def test_the_rest_is_clean_under_mypy_defaults(mypy_run):
    """The window, the map formats, the opponent, the benchmark and the CLI: no Optional used
    unchecked, no call with the wrong type (pyproject.toml's [tool.mypy], not --strict)."""
    errors = [e for e in mypy_run[1] if not _strict(e.split(":", 1)[0])]
    assert not errors, "\n".join(errors[:60])
    assert mypy_run[0] == 0


def test_the_strict_override_covers_strict_with_every_flag():
    """STRICT and the override name the same parts, and the override sets each per-module flag of --strict."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = [o for o in config["overrides"] if o.get("disallow_untyped_defs")]
    assert len(strict) == 1
    override = strict[0]
    assert all(override.get(flag) is True for flag in PER_MODULE_STRICT if flag != "implicit_reexport")
    assert override.get("implicit_reexport") is False
    modules = set(override["module"])
    for part in STRICT:
        name = part.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        assert name in modules, f"{part} is in STRICT but not in the strict override"
        if not part.endswith(".py"):
            assert f"{name}.*" in modules, f"{part}'s modules are not all in the strict override"
    assert len(modules) == sum(1 if p.endswith(".py") else 2 for p in STRICT)


def test_every_module_is_checked_strictly_or_by_default():
    """Every module of the package is in the run; the engine and the rules core are all strict."""
    for path in (ROOT / "tactics").rglob("*.py"):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(("tactics/rules/", "tactics/engine/")):
            assert _strict(name), f"{name} is part of the rules core or the engine but not held to --strict"
