"""The README's Scripting example runs as written, in a fresh process (review 7 lib, finding 7).

A scripter copies it first: it must open the bundled encounter, answer the odds and the
reach, resolve an attack with its dice, undo, replay and save, and never import pygame.
Also: the name of a bundled encounter given as a path says how to open it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tactics.engine.core.encounter import load_encounter
from tactics.rules.data import DataError

ROOT = Path(__file__).resolve().parent.parent


def _scripting_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Scripting", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found, "the Scripting section has no python example"
    return found.group(1)


def test_the_readme_scripting_example_runs(tmp_path: Path) -> None:
    code = _scripting_example() + "\nimport sys\nprint('pygame:', [m for m in sys.modules if 'pygame' in m])\n"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "(16, 8) is not next to (16, 6): a path lists every square one step at a time" in out
    assert "\n20\n" in out  # James's route to (20, 7) costs 20 ft (R-GRID-4: round the wall's corner)
    assert "James -> Bear 1 with Holdout pistol: d20 " in out  # the attack's line with its dice
    assert "pygame: []" in out
    assert (tmp_path / "round1.tactics.json").is_file()


def test_a_bundled_encounter_name_says_how_to_open_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DataError, match=re.escape("file not found (a bundled encounter is opened with "
                                                  "tactics.assets.bundled('space-bears.encounter.toml'))")):
        load_encounter("space-bears.encounter.toml")
    with pytest.raises(DataError, match=r"file not found$"):
        load_encounter("no-such.encounter.toml")
