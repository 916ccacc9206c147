"""The code stays clean under ruff (pyflakes, pycodestyle, bugbear; see [tool.ruff] in pyproject.toml).

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
