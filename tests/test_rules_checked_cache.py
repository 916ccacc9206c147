"""The start remembers that the rules data passed its checks (tactics/rules/checked_cache.py).

What a GM notices: the window opens faster when nothing changed, and a file they edit or
house-rule is still checked at start, its error naming the file, the field and the problem.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tactics.rules import catalogue, checked_cache
from tactics.rules.checked_cache import CACHE_ENV, CACHE_FILE
from tactics.rules.data import DATA_ENV, DataError, bundled_data_path


@pytest.fixture
def sweep(tmp_path, monkeypatch):
    """checked_rules_data with a private cache folder and a loader that counts the sweeps."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(DATA_ENV, raising=False)
    calls: list[int] = []
    monkeypatch.setattr(catalogue, "_loaders", lambda: [lambda: calls.append(1)])
    monkeypatch.setattr(catalogue, "_trust_cache", True)

    def start() -> int:
        monkeypatch.setattr(catalogue, "_checked", False)  # a new process
        catalogue.checked_rules_data()
        return len(calls)

    return start


def test_a_passed_check_is_remembered_and_the_next_start_skips_it(sweep, tmp_path):
    assert sweep() == 1
    doc = json.loads((tmp_path / "cache" / CACHE_FILE).read_text())
    assert doc["passed"] == [checked_cache.fingerprint([bundled_data_path()])]
    assert sweep() == 1  # same files, same code: not read again
    assert not [p for p in (tmp_path / "cache").iterdir() if p.name.endswith(".tmp")]  # written atomically


def test_a_table_folder_and_every_edit_in_it_are_checked_again(sweep, tmp_path, monkeypatch):
    assert sweep() == 1
    own = tmp_path / "rules"
    own.mkdir()
    monkeypatch.setenv(DATA_ENV, str(own))
    assert sweep() == 2  # a table's own folder: checked
    assert sweep() == 2
    (own / "weapons.toml").write_text(bundled_data_path("weapons.toml").read_text())
    assert sweep() == 3  # a house-ruled file added
    (own / "weapons.toml").write_text(bundled_data_path("weapons.toml").read_text().replace("60", "61", 1))
    assert sweep() == 4  # edited
    (own / "weapons.toml").unlink()
    assert sweep() == 4  # back to files that passed before
    monkeypatch.delenv(DATA_ENV)
    assert sweep() == 4  # and the bundled ones alone


def test_a_check_that_fails_is_not_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(catalogue, "_trust_cache", True)
    monkeypatch.setattr(catalogue, "_checked", False)

    def bad() -> None:
        raise DataError("grenades.toml", "grenade.frag.radius_ft", "too large")

    monkeypatch.setattr(catalogue, "_loaders", lambda: [bad])
    for _ in range(2):  # every start meets it again
        with pytest.raises(DataError, match="grenade.frag.radius_ft"):
            catalogue.checked_rules_data()
    assert not (tmp_path / "cache" / CACHE_FILE).exists()


def test_a_broken_cache_file_only_means_checking_again(sweep, tmp_path):
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / CACHE_FILE).write_text("{not json")
    assert sweep() == 1
    assert sweep() == 1  # rewritten by the check that passed


def test_the_fingerprint_covers_names_contents_and_the_ships_folder(tmp_path):
    folder = tmp_path / "data"
    (folder / "ships").mkdir(parents=True)
    (folder / "a.toml").write_text("x = 1\n")
    marks = [checked_cache.fingerprint([folder])]
    (folder / "a.toml").write_text("x = 2\n")
    marks.append(checked_cache.fingerprint([folder]))
    (folder / "ships" / "s.toml").write_text("x = 1\n")
    marks.append(checked_cache.fingerprint([folder]))
    (folder / "a.toml").rename(folder / "b.toml")
    marks.append(checked_cache.fingerprint([folder]))
    (folder / "notes.txt").write_text("not data")  # not a file any loader reads
    marks.append(checked_cache.fingerprint([folder]))
    assert len(set(marks[:4])) == 4 and marks[4] == marks[3]


def test_a_bad_house_rule_after_a_good_start_is_still_one_line_at_start(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", CACHE_ENV: str(tmp_path / "cache")}
    rules = tmp_path / "rules"
    rules.mkdir()
    shot = str(tmp_path / "o.png")
    args = [sys.executable, "-m", "tactics", "--data", str(rules), "--screenshot", shot, "--size", "320x200"]
    ok = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    assert ok.returncode == 0, ok.stderr
    assert (tmp_path / "cache" / CACHE_FILE).is_file()
    bad = bundled_data_path("grenades.toml").read_text().replace("cook_dc = 25", "cook_dc = -3", 1)
    (rules / "grenades.toml").write_text(bad)
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith(f"tactics: error: {rules / 'grenades.toml'}: ") and "cook_dc" in lines[0]
