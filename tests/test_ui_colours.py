"""Every colour of the window is a named colour of the theme (tactics/ui/theme.py), chosen by role.

Why: with colours written as numbers beside the code that draws, two panels drift into two
nearly-same greys, a button looks different on each screen, and a table that wants more
contrast has 300 places to change. Here a module says ``theme.CONTROL`` or ``theme.INK``; a
shade of it keeps the role: ``(*theme.SHADOW, 120)``. The players' room style
(players/style.py) is itself a theme (the projector's high-contrast look).

Read from the source with ``ast``: no window.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "tactics" / "ui"

#: themes themselves
THEMES = {"theme.py", "players/style.py"}


def colour_literals(path: Path) -> list[tuple[int, tuple[int, ...]]]:
    """(line, value) of every tuple of 3 or 4 whole numbers from 0 to 255 written in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and all(
                isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255 for e in node.elts):
            found.append((node.lineno, tuple(e.value for e in node.elts)))  # type: ignore[union-attr]
    return found


def test_the_reader_finds_a_colour_written_as_numbers(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("FILL = (42, 47, 58)\nVEIL = (0, 0, 0, 120)\nSHADE = (*BASE, 120)\nSIZE = (300, 200)\n")
    assert colour_literals(sample) == [(1, (42, 47, 58)), (2, (0, 0, 0, 120))]


def test_no_ui_module_writes_a_colour_outside_the_theme():
    offenders = []
    for path in sorted(UI.rglob("*.py")):
        name = path.relative_to(UI).as_posix()
        if name in THEMES:
            continue
        offenders += [f"{name}:{line}: {value}" for line, value in colour_literals(path)]
    assert not offenders, "colours written as numbers (name them in theme.py by role):\n" + "\n".join(offenders)

