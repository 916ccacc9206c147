"""pydantic is imported without asyncio (tactics.quick_pydantic), and asyncio still works after.

Each check runs in a fresh process: the stand-in only acts on the first import of pydantic.
"""

from __future__ import annotations

import subprocess
import sys

AFTER = """
import sys
import tactics
from pydantic import BaseModel, validate_call
assert not [m for m in sys.modules if m.split(".")[0] == "asyncio"], "asyncio imported with pydantic"

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
print("ok")
"""

ALREADY = """
import asyncio
import tactics, pydantic
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
