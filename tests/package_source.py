"""The package's source files parsed once per test process, for the tests that read the code itself.

Why it exists: four tests (the import layers, events read by field, no rule id in a shown
string, no colour outside the theme) each parsed every file of ``tactics/`` (over 200) again.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the Python file ``path``, shared by every test that asks: read it, never change it."""
    return ast.parse(path.read_text(encoding="utf-8"))
