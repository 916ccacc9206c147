"""The project's readings of the rules' gaps (docs/rules-notes.md, ids N-...) are cited by id in code
and tests: an id defined twice sends a reader to the wrong reading, an id cited but never defined to
none (N-TRAP-9 and N-SHIP-1 were each given to two readings)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFINED = re.compile(r"^\s*- \*\*(N-[A-Z]+-\d+)\*\*", re.MULTILINE)
CITED = re.compile(r"\bN-[A-Z]+-\d+\b")


def _definitions() -> Counter[str]:
    return Counter(DEFINED.findall((ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")))


def test_every_reading_id_is_defined_once():
    twice = sorted(i for i, n in _definitions().items() if n > 1)
    assert not twice, f"defined more than once in docs/rules-notes.md: {twice}"


def test_every_reading_id_cited_in_code_data_or_tests_is_defined():
    defined = set(_definitions())
    files = [p for folder in ("tactics", "tests") for p in (ROOT / folder).rglob("*")
             if p.suffix in (".py", ".toml") and p.is_file()]
    unknown = {f"{i} ({p.relative_to(ROOT)})" for p in files for i in CITED.findall(p.read_text(encoding="utf-8"))
               if i not in defined}
    assert not unknown, f"cited but not in docs/rules-notes.md: {sorted(unknown)}"
