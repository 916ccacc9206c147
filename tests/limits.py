"""Running a piece of Tactics in a child process with a memory ceiling and a time limit.

Why: a loader that regresses on a hostile file (``/dev/zero`` as a tileset, a
FIFO, a decompression bomb) would hang the test run or eat the machine's memory.
In a child process with ``RLIMIT_AS`` and a timeout it fails as one test instead.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
#: Address space of the child: Python, pydantic and the loaders fit in far less.
MEMORY = 1536 * 1024 * 1024


def _limited(code: str, memory: int) -> str:
    """``code`` run under the limits, set by the child itself as it starts.

    Not by ``subprocess``'s ``preexec_fn``: with one it forks the test worker whole (pages shared,
    but counted again in the child's resident memory until it starts Python: +400 MB for the
    suite's memory peak); without, it starts the child with ``vfork``.
    """
    return (f"import resource as _r; _r.setrlimit(_r.RLIMIT_AS, ({memory}, {memory})); "
            f"_r.setrlimit(_r.RLIMIT_CORE, (0, 0)); del _r\n{code}")


def run_limited(code: str, *, seconds: float = 60, memory: int = MEMORY, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with ``python -c`` under the limits; a timeout is raised as ``subprocess.TimeoutExpired``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-c", _limited(code, memory)], capture_output=True, text=True,
                          timeout=seconds, env=env, cwd=cwd or ROOT)


#: The child's verdict on opening each of the given files: ``ok``, the one-line error, or a crash.
OPEN_ALL = """
import json, sys
from tactics.ui.opening import OpenError, open_path
out = []
for path in json.loads(sys.argv[1] if len(sys.argv) > 1 else sys.stdin.read()):
    try:
        open_path(path, seed=1)
        out.append(["ok", ""])
    except OpenError as exc:
        out.append(["refused", str(exc)])
    except BaseException as exc:  # everything else is the bug this test looks for
        out.append(["crash", type(exc).__name__ + ": " + str(exc)[:300]])
print(json.dumps(out))
"""


def open_all_limited(paths: list[Path], *, seconds: float = 60) -> list[tuple[str, str]]:
    """Open every path in one child process under the limits: ``[(verdict, message), ...]``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", _limited(OPEN_ALL, MEMORY)], input=json.dumps([str(p) for p in paths]),
                          capture_output=True, text=True, timeout=seconds, env=env, cwd=ROOT)
    assert done.returncode == 0, f"the child died (status {done.returncode}): {done.stderr[-2000:]}"
    return [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]


@dataclass
class Peak:
    """The Python memory a block peaked at (tracemalloc), in bytes, once the block is over."""

    bytes: int = 0


@contextmanager
def memory_peak() -> Iterator[Peak]:
    """``with memory_peak() as peak: ...`` then ``peak.bytes``: what a loader built before it refused
    (a bomb read but never parsed, never inflated)."""
    peak = Peak()
    tracemalloc.start()
    try:
        yield peak
    finally:
        peak.bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
