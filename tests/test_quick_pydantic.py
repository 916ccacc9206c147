"""pydantic is imported without asyncio and importlib.metadata (tactics.quick_pydantic), and
both still work after: asyncio imported afterwards is the real package, and pydantic's plugin
loader, holding the stand-in for importlib.metadata, finds the installed packages through it.

Each check runs in a fresh process: the stand-ins only act on the first import of pydantic.
"""

from __future__ import annotations

import subprocess
import sys

AFTER = """
import sys
import tactics.ui  # the window's package installs the stand-ins
from pydantic import BaseModel, validate_call
assert not [m for m in sys.modules if m.split(".")[0] == "asyncio"], "asyncio imported with pydantic"
assert "importlib.metadata" not in sys.modules

class Cell(BaseModel):
    column: int
    row: int

assert Cell.model_validate({"column": "3", "row": 4}).column == 3
assert not BaseModel.dict.__module__.startswith("asyncio")

import asyncio  # the real package, not the stand-in
assert hasattr(asyncio, "run") and asyncio.__file__

@validate_call
async def double(x: int) -> int:
    return 2 * x

assert asyncio.run(double("21")) == 42

from pydantic.plugin import _loader  # what pydantic does when plugins are not turned off
names = {d.metadata["Name"].lower() for d in _loader.importlib_metadata.distributions()}
assert "pydantic" in names
import importlib.metadata
assert sys.modules["importlib.metadata"] is not _loader.importlib_metadata  # the real one now
assert importlib.metadata.version("pydantic") == __import__("pydantic").VERSION
print("ok")
"""

ALREADY = """
import asyncio
import tactics.ui, pydantic
import sys
assert sys.modules["asyncio"] is asyncio and hasattr(asyncio, "get_event_loop")
print("ok")
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_pydantic_validates_without_asyncio_and_asyncio_works_after():
    done = _run(AFTER)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_an_asyncio_imported_before_is_left_alone():
    done = _run(ALREADY)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_a_script_of_the_rules_core_gets_pydantic_as_it_is():
    """Only the window's package installs the stand-ins: ``import tactics`` (a script of the rules
    or the engine) leaves Python's imports alone."""
    code = "import sys, tactics, tactics.engine, pydantic\nassert 'asyncio' in sys.modules\nprint('ok')"
    done = _run(code)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr

