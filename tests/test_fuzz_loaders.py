"""Fuzz: every loader and the command line, under a memory ceiling and a time limit.

What is tested (issue 12): mutants of good files of every kind a GM can open
(text, native, Tiled .tmx/.tmj, Universal VTT, image maps; saves; encounter
files in TOML and JSON; the rules data files) and a few through the ``tactics``
command drawing its window headless either load or are refused with the
loader's own one-line error naming the file. Never another exception, never a
hang (a per-case alarm), never more memory than the child's ``RLIMIT_AS``.
The mutants are drawn by hypothesis with a fixed seed and a bounded count so
the run takes a few seconds; ``FUZZ_EXPLORE=1 python tests/fuzz_child.py DIR
2000 8`` explores further with fresh random cases.
"""

from __future__ import annotations

import json
from pathlib import Path

from limits import MEMORY, ROOT, run_limited

EXAMPLES = 30  # per loader family (maps, encounters, saves, rules data)
CLI_CASES = 4


def test_fuzzed_files_only_load_or_give_the_one_line_error(tmp_path: Path) -> None:
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['fuzz_child', {str(tmp_path)!r}, '{EXAMPLES}', '{CLI_CASES}']\n"
        f"runpy.run_path({str(ROOT / 'tests' / 'fuzz_child.py')!r}, run_name='__main__')\n"
    )
    done = run_limited(code, seconds=240, memory=MEMORY)
    assert done.returncode == 0, f"the fuzz child died (status {done.returncode}):\n{done.stderr[-3000:]}"
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["failures"] == [], "\n".join(report["failures"])
    assert report["cases"] >= 4 * EXAMPLES + CLI_CASES
    outcomes = report["outcomes"]
    # the mutants reach the loaders' depths: some still load, most are refused
    for family in ("encounter", "save"):
        assert outcomes[family]["loaded"] > 0 and outcomes[family]["refused"] > 0, outcomes[family]
    assert sum(v["refused"] for v in outcomes.values()) > EXAMPLES


def test_the_child_limits_hold(tmp_path: Path) -> None:
    """The ceiling is real: a child asking for more than it allows gets MemoryError, not the machine."""
    done = run_limited("x = bytearray(3 * 1024 ** 3)", seconds=60)
    assert done.returncode != 0 and "MemoryError" in done.stderr
