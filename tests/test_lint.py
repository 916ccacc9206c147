"""The code stays clean: ruff (pyflakes, pycodestyle, bugbear) everywhere, mypy --strict on the rules core and the engine parts in STRICT.

See [tool.ruff] and [tool.mypy] in pyproject.toml.

An unused import, a name used before it is bound or a loop variable shadowed is a bug waiting;
the README's test command runs this, so CI holds the line.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "tactics", "tests", "tools"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


#: held to --strict; keep in step with the strict override in pyproject.toml
STRICT = ["tactics/rules", "tactics/engine/core", "tactics/engine/board.py", "tactics/engine/builder",
          "tactics/engine/saves", "tactics/engine/starship", "tactics/engine/__init__.py",
          "tactics/engine/features.py", "tactics/engine/hazards", "tactics/engine/combat"]


def test_the_rules_core_and_engine_parts_are_clean_under_mypy_strict():
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *STRICT],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
