"""Run a command and report the peak of its process tree's resident memory, summed (Linux).

Why: the test suite's memory target (under 1 GB, issue 12) is for all of its processes at once:
the main pytest process, its two workers and the children they start (mypy, the CLI, the loaders
under limits). ``/usr/bin/time`` reports only the largest single process. A fork that has not yet run its
program (the same sizes as its parent) counts once, with its parent. This samples
``/proc`` every 0.1 s and prints the largest sum seen, with the processes that made it up, and
the largest sum of the processes' proportional sizes (PSS: pages shared between processes, such
as a fork's before it runs its program, counted once).

    python tools/tree_memory.py python -m pytest
    python tools/tree_memory.py python -m pytest -p tools.cpu_per_file   # and the test each worker ran at the peak
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(parent, []).append(int(name))
    return kids


def _resident_kb(pid: int) -> int:
    return _sizes_kb(pid)[0]


def _sizes_kb(pid: int) -> tuple[int, int]:
    """(resident, virtual) size of the process in kB; (0, 0) once it is gone."""
    rss = size = 0
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
                elif line.startswith("VmSize:"):
                    size = int(line.split()[1])
    except (OSError, ValueError):
        pass
    return rss, size


def _proportional_kb(pid: int) -> int:
    """The process's share of what it has resident (``Pss``): a page shared by n processes counts
    1/n in each. A worker's fork that has not yet run its new program (a test starting a child)
    holds the worker's pages a moment: summed RSS counts them twice, summed PSS once."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _is_pytest(pid: int) -> bool:
    """The run's main pytest process or one of its xdist workers (execnet's bootstrap line)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            line = f.read()
    except OSError:
        return False
    return b"pytest" in line or b"exec(eval(sys.stdin.readline()))" in line


def _command(pid: int, tests: str) -> str:
    try:
        with open(os.path.join(tests, str(pid))) as f:  # written by tools/cpu_per_file.py
            return "running " + f.read()[:110]
    except OSError:
        pass
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")[:90]
    except OSError:
        return "?"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    tests = tempfile.mkdtemp(prefix="tree-memory-")
    proc = subprocess.Popen(argv, env={**os.environ, "TREE_MEMORY_TESTS": tests})
    peak, at_peak, peak_pss, peak_runner = 0, [], 0, 0
    own_peak: dict[int, tuple[int, str]] = {}  # each process's own largest size, and what it ran then
    while proc.poll() is None:
        kids, tree, todo, parent = _children(), [], [proc.pid], {}
        while todo:
            pid = todo.pop()
            tree.append(pid)
            for kid in kids.get(pid, []):
                parent[kid] = pid
                todo.append(kid)
        seen = {pid: _sizes_kb(pid) for pid in tree}
        # a fork that has not yet run its program holds its parent's pages (shared, or the very same
        # with vfork): sizes equal to the parent's to the kB, it is counted once, as the parent
        sizes = [(rss, pid) for pid, (rss, vm) in seen.items()
                 if pid not in parent or seen.get(parent[pid]) != (rss, vm) or rss == 0]
        total = sum(kb for kb, _ in sizes)
        for kb, pid in sizes:
            if kb > own_peak.get(pid, (0, ""))[0]:
                own_peak[pid] = (kb, _command(pid, tests))
        # the task's own figure: the pytest process and its xdist workers (not the children they start)
        runner = sum(kb for kb, pid in sizes if _is_pytest(pid))
        peak_runner = max(peak_runner, runner)
        pss = sum(_proportional_kb(pid) for _, pid in sizes)
        peak_pss = max(peak_pss, pss)
        if total > peak:
            peak, at_peak = total, [(kb, pid, _command(pid, tests)) for kb, pid in sorted(sizes, reverse=True)[:6]]
        time.sleep(0.1)
    print(f"peak resident memory of the process tree: {peak // 1024} MB (summed RSS); "
          f"{peak_pss // 1024} MB summed PSS (shared pages counted once)", file=sys.stderr)
    print(f"  pytest and its workers alone: {peak_runner // 1024} MB at most (summed RSS)", file=sys.stderr)
    for kb, pid, command in at_peak:
        print(f"  {kb // 1024:6d} MB  {pid}  {command}", file=sys.stderr)
    print("each process's own peak (the five largest):", file=sys.stderr)
    for pid, (kb, command) in sorted(own_peak.items(), key=lambda kv: -kv[1][0])[:5]:
        print(f"  {kb // 1024:6d} MB  {pid}  {command}", file=sys.stderr)
    shutil.rmtree(tests, ignore_errors=True)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
