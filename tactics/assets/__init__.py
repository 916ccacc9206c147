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


def bundled_name(path: str | Path) -> str | None:
    """The name of a file inside the bundled maps folder (``"space-bears.json"``), None for any other:
    what an encounter file or a save records so the map is found again wherever the app is installed."""
    target, root = Path(path).resolve(), MAPS.resolve()
    return target.relative_to(root).as_posix() if target.is_relative_to(root) and target != root else None


def bundled_named(name: str) -> Path:
    """The bundled file a recorded name names; ValueError for a name that reaches outside the
    maps folder (``../../etc/passwd``) or names the folder itself."""
    root = MAPS.resolve()
    found = (root / name.strip()).resolve() if "\x00" not in name else root
    if not found.is_relative_to(root) or found == root:
        raise ValueError(f"{name[:80]!r} is not a map bundled with the app")
    return found


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
