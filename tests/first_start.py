"""The window's first start in a fresh cache folder, shared by the start tests (conftest's ``first_start``).

Why: ``test_start_lazy`` checks what a first start and the starts after it import and build, and
``test_start_first_use`` needs a start after the first; each made its own first start (a new process
that checks and remembers every rules file: the costliest of the suite's starts). Both now begin from
one, each with its own copy of the cache folder it filled.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

FIRST_FRAME = """
import gc, json, sys
collected = []  # cycle collections that began after the app's package was imported, before its first frame
gc.callbacks.append(lambda phase, info: phase == "start" and "tactics" in sys.modules
                    and not getattr(sys.modules["tactics"], "_frozen_at_start", []) and collected.append(info["generation"]))
from tactics.ui.opening import open_default
from tactics.ui.app import App

app = App(open_default(seed=1), size=(640, 400))
app.step()
from tactics.rules.data import DataModel

def subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)

models = list(subclasses(DataModel))
print(json.dumps({
    "collected_before_first_frame": collected,
    "modules": sorted(m for m in sys.modules if m.startswith("tactics.")),
    "gc_threshold": gc.get_threshold(),
    "gc_frozen": gc.get_freeze_count(),
    "pygame_gui": sorted(m for m in sys.modules if m.split(".")[0] in ("pygame_gui", "i18n", "yaml")),
    "ai": sorted(m for m in sys.modules if m.startswith("tactics.ai")),
    "players_window": "tactics.ui.players.window" in sys.modules,
    "asyncio": sorted(m for m in sys.modules if m.split(".")[0] == "asyncio"),
    "models": len(models),
    "built": sorted(f"{c.__module__}.{c.__qualname__}" for c in models if vars(c).get("_twin") is not None),
    "pydantic": sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core")),
    "metadata": "importlib.metadata" in sys.modules,
    "openssl": sorted(m for m in ("hashlib", "_hashlib") if m in sys.modules),
    "datetime": sorted(m for m in ("datetime", "_datetime") if m in sys.modules),
    "parsers": sorted(m for m in ("tomllib", "importlib.metadata", "email") if m in sys.modules),
    "string_annotations": sorted(f"{c.__module__}.{c.__qualname__}" for c in models
                                 if any(isinstance(a, str) for a in vars(c).get("__annotations__", {}).values())),
}))
"""


def first_frame(cache: str) -> dict:
    """What a new process showing the default encounter's first frame imported and built, with
    ``cache`` as its cache folder (``TACTICS_CACHE_DIR``)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TACTICS_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def copy_of(cache: Path, into: Path) -> Path:
    """``into`` holding what the first start left in ``cache`` (a test may change or remove it)."""
    shutil.copytree(cache, into, dirs_exist_ok=True)
    return into
