"""A pytest plugin: the CPU seconds each test file took, summed over setup, call and teardown.

Why: ``--durations`` reports wall time, which on a shared machine (other work on the same two
cores) says as much about the neighbours as about the test. CPU time does not: this counts the
test process's own CPU plus that of the child processes it waited for (the CLI, mypy, the
wheel's venv), per test, and prints the files by CPU at the end of the run, with the worker's
resident memory after the tests of the files that left it largest. Works with xdist
(the workers send the figures to the main process with each report).

    PYTHONPATH=. python -m pytest -p tools.cpu_per_file            # the 40 costliest files
    CPU_PER_FILE=0 PYTHONPATH=. python -m pytest -p tools.cpu_per_file  # every file
    RSS_TIMELINE=/tmp/rss.tsv ...  # and each test's worker and resident size after it, in order
"""

from __future__ import annotations

import os
import resource
import time
from collections import Counter
from collections.abc import Generator

import pytest

_KEY = "cpu_seconds"
_RSS = "resident_mb_after"


def _say_current_test(nodeid: str) -> None:
    """Where ``tools/tree_memory.py`` runs the suite, tell it which test this process runs now."""
    folder = os.environ.get("TREE_MEMORY_TESTS")
    if folder:
        with open(os.path.join(folder, str(os.getpid())), "w") as f:
            f.write(nodeid)


def _resident_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def _cpu_now() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, object, object]:
    start = _cpu_now()
    _say_current_test(item.nodeid)
    item.user_properties.append((_KEY, start))  # replaced by the cost once the reports are made
    try:
        return (yield)
    finally:
        pass


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if call.when == "teardown":
        props = dict(item.user_properties)
        start = props.get(_KEY)
        if isinstance(start, float):
            report.user_properties = [(k, v) for k, v in report.user_properties if k != _KEY]
            report.user_properties.append((_KEY, _cpu_now() - start))
            report.user_properties.append((_RSS, _resident_mb()))
    return report


_per_file: Counter[str] = Counter()
_per_test: Counter[str] = Counter()
_TIMELINE = os.environ.get("RSS_TIMELINE")  # a file: one line per test (worker, resident MB after, test)
_largest_after: dict[str, float] = {}  # per file: the worker's largest resident size after one of its tests


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when != "teardown":
        return
    for key, value in report.user_properties:
        if key == _KEY and isinstance(value, float):
            _per_file[report.nodeid.split("::")[0]] += value
            _per_test[report.nodeid.split("[")[0]] += value
        if key == _RSS and isinstance(value, float):
            name = report.nodeid.split("::")[0]
            worker = getattr(report, "node", None)  # set in the main process of an xdist run
            if _TIMELINE and (worker is not None or not os.environ.get("PYTEST_XDIST_WORKER")):
                with open(_TIMELINE, "a") as f:  # every test's resident size after it, in the order they ended
                    f.write(f"{worker.gateway.id if worker else '-'}\t{value:.0f}\t{report.nodeid}\n")
            _largest_after[name] = max(_largest_after.get(name, 0.0), value)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _per_file:
        return
    count = int(os.environ.get("CPU_PER_FILE", "40")) or None
    write = terminalreporter.write_line
    write(f"CPU seconds per test file (tests' own and their children's), total {sum(_per_file.values()):.1f}:")
    for name, seconds in _per_file.most_common(count):
        write(f"{seconds:8.2f}  {name}")
    write("Largest resident MB of the worker after a test of the file (the 15 largest):")
    for name, mb in sorted(_largest_after.items(), key=lambda kv: -kv[1])[:15]:
        write(f"{mb:8.0f}  {name}")
    write("CPU seconds per test (parametrised cases summed):")
    for name, seconds in _per_test.most_common(count and 30):
        write(f"{seconds:8.2f}  {name}")
