"""The tests' child processes keep their compiled bytecode in one folder of the run (see conftest.py).

Why it exists: where ``PYTHONDONTWRITEBYTECODE`` is set every Python child process the tests
start compiled the package from source again. ``conftest.py`` points them at one folder
(``PYTHONPYCACHEPREFIX``); a child that imports nothing of the checkout (pip, a new virtual
environment) is better off with the environment's own setting: :func:`as_set_for_the_run`.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

#: set (to the folder) while the tests' child processes keep their bytecode in one folder
CHILD_BYTECODE = "TACTICS_TESTS_CHILD_BYTECODE"


def child_bytecode_folder() -> Path:
    """The child processes' bytecode folder of this checkout, in the system's temporary space (per
    Python and package version: ``PYTHONPYCACHEPREFIX`` mirrors each source file's own path)."""
    tag = hashlib.sha1(str(Path(__file__).resolve().parents[1]).encode()).hexdigest()[:10]
    return Path(tempfile.gettempdir()) / f"tactics-child-bytecode-{tag}"


def kept_methods_folder() -> Path:
    """Where this checkout's test runs keep the dataclass methods the package compiles
    (:mod:`tactics.method_cache`): beside the child processes' bytecode, never the user's own
    cache folder. ``conftest.py`` points ``TACTICS_CACHE_DIR`` at it before anything imports
    the package; the tests' own cache folder replaces it once the session starts."""
    return child_bytecode_folder().with_name(child_bytecode_folder().name.replace("child-bytecode", "methods"))


def as_set_for_the_run(env: dict[str, str]) -> dict[str, str]:
    """``env`` with the environment's own bytecode setting, as before the tests changed it
    (with the shared folder such a child compiles from source what its ``__pycache__`` holds)."""
    env = dict(env)
    if env.get(CHILD_BYTECODE) and env.get("PYTHONPYCACHEPREFIX") == env[CHILD_BYTECODE]:
        del env["PYTHONPYCACHEPREFIX"]
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env
