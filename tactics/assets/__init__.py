"""Files shipped inside the package: bundled maps and encounters, and the font.

Why it exists: they must be found the same way after ``pip install .`` (a
wheel) as in a source checkout, so they live in the package and every path to
them is asked of this module.
"""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent
MAPS = ASSETS / "maps"
FONTS = ASSETS / "fonts"


def bundled(name: str) -> Path:
    """Path of a bundled map or encounter (``""``: the bundled maps folder)."""
    return MAPS / name


def bundled_or_given(path: str | Path) -> Path:
    """``path`` as given if it exists, else the bundled file of that name if there is one.

    So ``tactics pirate-corvette.encounter.toml`` (or the README's
    ``maps/pirate-corvette.encounter.toml``) opens the bundled encounter from
    any folder, also from a wheel install.
    """
    given = Path(path)
    if given.exists():
        return given
    candidate = MAPS / given.name
    return candidate if given.name and candidate.is_file() else given
