"""Crash test: kill the game in the middle of play; the autosave has every command.

What is tested: a separate process (a script, not the window) opens an
encounter, attaches an Autosaver (folder from ``TACTICS_DATA_DIR``) and submits
commands, printing a line after each commit. The test reads some lines, kills
the process with SIGKILL (no warning, no clean-up, possibly in the middle of
writing the next autosave), then opens the newest autosave and finds every
command the process reported as committed, in order. No sleeps: the test waits
only on the process's own output.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tactics.engine.saves.autosave import last_good_autosave, latest_autosave
from tactics.engine.saves.document import load_save

from arena_game import CRASH_ENCOUNTER, OPEN_ARENA, write_game

SCRIPT = r"""
import json, sys
from tactics.engine.saves.autosave import Autosaver
from tactics.engine.board import Place, Walk
from tactics.engine.core.encounter import load_encounter

encounter = load_encounter(sys.argv[1], seed=5)
saver = Autosaver(encounter)  # the folder comes from TACTICS_DATA_DIR
print("ready", flush=True)
i = 0
while True:  # plays until it is killed
    step = i % 3
    if step == 0:
        command = Walk("brandon", [(1, 0)])
    elif step == 1:
        command = Walk("brandon", [(0, 0)])
    else:
        command = Place("ursa", (6 - i % 4, 3))
    entry = encounter.submit(command)
    if saver.last_error is not None:
        print("autosave failed:", saver.last_error, flush=True)
        sys.exit(1)
    n = len(encounter.journal.entries)
    print("committed", n, entry.command, json.dumps(entry.args), flush=True)
    i += 1
"""

KILL_AFTER = 40


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_game_loses_no_reported_command(tmp_path: Path) -> None:
    encounter_path = write_game(tmp_path, "crash.encounter.toml", encounter=CRASH_ENCOUNTER, arena=OPEN_ARENA)
    script = tmp_path / "play.py"
    script.write_text(SCRIPT)
    data_dir = tmp_path / "data"
    env = dict(os.environ, TACTICS_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen(
        [sys.executable, str(script), str(encounter_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=root,
        env=env,
    )
    reported: list[tuple[int, str, dict]] = []
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready", proc.stderr.read() if proc.stderr else ""
        while len(reported) < KILL_AFTER:
            line = proc.stdout.readline()
            assert line.startswith("committed "), f"unexpected output {line!r}: {proc.stderr.read()}"
            reported.append(_parse(line))
    finally:
        proc.send_signal(signal.SIGKILL)
        # read on through proc.stdout, not communicate(): readline() may already hold lines
        # read ahead into its buffer, which communicate() (reading the pipe itself) would skip
        rest = proc.stdout.read() if proc.stdout is not None else ""
        proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    # lines printed between our last read and the kill count as reported too
    for line in rest.splitlines(keepends=True):
        if line.startswith("committed ") and line.endswith("\n"):
            reported.append(_parse(line))

    autosave = latest_autosave(for_source=encounter_path, folder=data_dir / "autosave")
    assert autosave is not None
    assert last_good_autosave(for_source=encounter_path, folder=data_dir / "autosave") == autosave
    restored = load_save(autosave)
    entries = restored.journal.entries
    # every reported command is there, in order; at most one more (committed and
    # autosaved, but killed before it could print)
    assert len(reported) <= len(entries) <= len(reported) + 1
    for n, command, args in reported:
        assert entries[n - 1].command == command and entries[n - 1].args == args
    assert [n for n, _, _ in reported] == list(range(1, len(reported) + 1))
    assert restored.source == str(encounter_path)


def _parse(line: str) -> tuple[int, str, dict]:
    _, n, command, args = line.rstrip("\n").split(" ", 3)
    return int(n), command, json.loads(args)
