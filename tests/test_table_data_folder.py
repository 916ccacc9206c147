"""A table points the app at its own rules folder (``tactics --data DIR`` / ``TACTICS_DATA``).

A GM copies only the files they house-rule; the rest stay the bundled ones. Run in fresh
processes, because rules data is read once per process.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tactics.rules.data import DATA_ENV, bundled_data_path


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, env=full)


def test_a_house_ruled_file_replaces_the_bundled_one_and_the_rest_stay(tmp_path):
    text = bundled_data_path("weapons.toml").read_text()
    (tmp_path / "weapons.toml").write_text(text.replace('damage = "1d8+2"', 'damage = "2d8+2"', 1))
    probe = ("from tactics.rules.sheets import default_armoury as a; "
             "print(a().weapon('bear_claws').damage, a().sheet_from('space_bear', path='x', where='y').hp)")
    done = run("-c", probe, env={DATA_ENV: str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2d8+2", "30"]  # the house rule, and the bundled creatures


def test_tactics_data_dir_opens_with_it_and_a_bad_value_names_the_tables_file(tmp_path):
    shot = tmp_path / "shot.png"
    (tmp_path / "rules").mkdir()
    ok = run("-m", "tactics", "--data", str(tmp_path / "rules"), "--screenshot", str(shot), "--size", "640x400")
    assert ok.returncode == 0, ok.stderr
    bad = bundled_data_path("weapons.toml").read_text().replace('range_ft = 60', 'range_ft = -5', 1)
    (tmp_path / "rules" / "weapons.toml").write_text(bad)
    done = run("-m", "tactics", "--data", str(tmp_path / "rules"), "--screenshot", str(shot), "--size", "640x400")
    assert done.returncode == 2
    assert str(tmp_path / "rules" / "weapons.toml") in done.stderr and "range_ft" in done.stderr
    assert "Traceback" not in done.stderr
    missing = run("-m", "tactics", "--data", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and "not a folder" in missing.stderr
