"""Told to terminate (SIGTERM, SIGHUP): the window keeps everything and exits at once, asking nothing.

What is tested: the app itself (``python -m tactics FILE --script PLAY``, headless) moves a token
through real clicks, then waits for events in its own loop (the script's ``run``) as an idle GM's
window does. The test sends SIGTERM (or SIGHUP) and waits for the process: it exits by itself with
status 0 (before review 18 SIGTERM opened "Quit Tactics?" and the process stayed alive; SIGHUP
killed it on the spot), saying on the terminal that the last changes are in the autosave. Started
again on the same file, the app offers that autosave ("Restore"), which holds every command the
first run reported. No sleeps: the test waits only on the processes' own output and exit.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from arena_game import CRASH_ENCOUNTER as ENCOUNTER, OPEN_ARENA, write_game

PLAY = """
click 0,0      # select Brandon
click 1,0      # walk east
click 1,1      # walk south
run            # the window's own loop: waits for events
"""

CHECK = """
answer Restore
dump
quit
"""


#: This checkout, first on the children's path (a relative PYTHONPATH would name their own folder)
HERE = str(Path(__file__).resolve().parents[1])


def _env(data_dir: Path) -> dict[str, str]:
    path = os.pathsep.join([HERE] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    return dict(os.environ, TACTICS_DATA_DIR=str(data_dir), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYTHONUNBUFFERED="1", PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=path)


def _parse(line: str) -> tuple[str, dict]:
    _, _, command, args = line.split(" ", 3)
    return command, json.loads(args)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_terminated_window_exits_and_the_next_start_restores_it(tmp_path: Path, name: str) -> None:
    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    number = getattr(signal, name)
    game = write_game(tmp_path, "term.encounter.toml", encounter=ENCOUNTER, arena=OPEN_ARENA)
    old = game.stat().st_mtime - 3600
    os.utime(game, (old, old))
    (tmp_path / "play.txt").write_text(PLAY)
    (tmp_path / "check.txt").write_text(CHECK)
    env = _env(tmp_path / "data")

    proc = subprocess.Popen([sys.executable, "-m", "tactics", str(game), "--script", str(tmp_path / "play.txt")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    reported: list[tuple[str, dict]] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("committed "):
                reported.append(_parse(line.rstrip("\n")))
            elif line.strip() == "running":
                proc.send_signal(number)
                break
            else:
                assert line.strip() == "ready", line
        rest, errors = proc.communicate(timeout=90)  # it exits by itself: no question keeps it open
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, errors
    assert [c for c, _ in reported] == ["walk", "walk"]
    assert f"tactics: {name}: closing the window; the last changes are in the autosave" in errors

    again = subprocess.run([sys.executable, "-m", "tactics", str(game), "--script", str(tmp_path / "check.txt")],
                           capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "error" not in again.stdout, again.stdout  # "answer Restore": the question was there
    restored = [_parse(x) for x in again.stdout.splitlines() if x.startswith("entry ")]
    assert restored == reported
    assert game.read_text() == ENCOUNTER  # the encounter file itself was never written
