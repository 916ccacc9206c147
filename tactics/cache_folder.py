"""The per-user cache folder: what an earlier start worked out, kept to make the next one quicker.

Why its own module: the dataclass methods (:mod:`tactics.method_cache`) are read
from it before any other module of the app is imported, and the rules data's
checks (:mod:`tactics.rules.checked_cache`, :mod:`tactics.rules.remembered`) keep
theirs there too; one place says where it is. Nothing in it is needed: a folder
that is missing, unreadable or emptied only makes the next start slower.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Overrides the per-user cache folder (tests and the benchmark point it at a folder of their own).
CACHE_ENV = "TACTICS_CACHE_DIR"


def cache_dir() -> Path:
    """The per-user cache folder (``$TACTICS_CACHE_DIR`` overrides it)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("tactics", appauthor=False))


__all__ = ["CACHE_ENV", "cache_dir"]
