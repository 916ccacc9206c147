"""Crash test of the real window: SIGKILL in the middle of play, restart, nothing reported is lost.

What is tested: the app itself (``python -m tactics FILE --script PLAY``,
headless) plays a scripted encounter through real click events: select a
token, click squares to move it, over and over. It prints one line per
committed command, after that command's autosave is on disk. The test reads
those lines and kills the process with SIGKILL after some of them (no
warning, possibly in the middle of writing the next autosave). It then starts
the app again on the same file with a script that answers the "An autosave
from ... is newer than this file" question with Restore and dumps the journal:
every command reported before the kill is there, in order. No sleeps: the test
waits only on the processes' own output.
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
loop
click 1,0      # walk east
click 1,1      # walk south
click 0,1      # walk west
click 0,0      # and back
repeat
"""

CHECK = """
answer Restore
dump
quit
"""

KILL_AFTER = 25


def _env(data_dir: Path) -> dict[str, str]:
    return dict(os.environ, TACTICS_DATA_DIR=str(data_dir), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYTHONUNBUFFERED="1", PYGAME_HIDE_SUPPORT_PROMPT="1")


def _parse(line: str) -> tuple[int, str, dict]:
    _, n, command, args = line.split(" ", 3)
    return int(n), command, json.loads(args)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_window_loses_no_reported_command(tmp_path: Path) -> None:
    game = write_game(tmp_path, "crash.encounter.toml", encounter=ENCOUNTER, arena=OPEN_ARENA)
    old = game.stat().st_mtime - 3600
    os.utime(game, (old, old))
    (tmp_path / "play.txt").write_text(PLAY)
    (tmp_path / "check.txt").write_text(CHECK)
    env = _env(tmp_path / "data")

    proc = subprocess.Popen([sys.executable, "-m", "tactics", str(game), "--script", str(tmp_path / "play.txt")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=tmp_path)
    reported: list[tuple[str, dict]] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("committed "):
                n, command, args = _parse(line.rstrip("\n"))
                assert n == len(reported) + 1
                reported.append((command, args))
                if len(reported) >= KILL_AFTER:
                    proc.send_signal(signal.SIGKILL)
                    break
            else:
                assert line.strip() == "ready", line
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert len(reported) == KILL_AFTER
    assert {c for c, _ in reported} == {"walk"}

    again = subprocess.run([sys.executable, "-m", "tactics", str(game), "--script", str(tmp_path / "check.txt")],
                           capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert again.returncode == 0, again.stdout + again.stderr
    lines = again.stdout.splitlines()
    assert "error" not in again.stdout, again.stdout
    restored = [(_parse(x)[1], _parse(x)[2]) for x in lines if x.startswith("entry ")]
    # Every reported command is there, in order; the killed process may have
    # committed (and autosaved) more that the test had not read yet.
    assert len(restored) >= len(reported)
    assert restored[: len(reported)] == reported
    assert game.read_text() == ENCOUNTER  # the encounter file itself was never written
