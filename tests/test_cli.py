"""The ``tactics`` command: help, headless screenshots, one-line errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pygame
import pytest

from tactics.cli import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tactics", *args], capture_output=True, text=True, timeout=120)


def test_help_explains_every_option():
    out = run("--help")
    assert out.returncode == 0
    for option in ("--screenshot", "--size", "--fullscreen", "--players", "--select", "--tool", "--at", "--feet"):
        assert option in out.stdout


def test_screenshot_writes_a_png_of_the_requested_size(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), "--size", "800x600", "--select", "Brandon", "--at", "6,9"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 600)
    pygame.quit()


def test_screenshot_of_the_default_map_at_1080p(tmp_path):
    out = tmp_path / "default.png"
    assert main(["--screenshot", str(out)]) == 0  # `python -m tactics` itself: test_help_explains_every_option
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)
    pygame.quit()


BAD_MAPS = [
    ("missing.json", None, "not found"),
    ("broken.json", "{ this is not json", "JSON"),
    ("wrongtypes.json", json.dumps({"format": "tactics-map", "version": 1, "name": "x", "width": "wide",
                                    "height": 3, "terrain": []}), "width"),
    ("cave.xyz", "hello", "unknown map format"),
    ("bad.encounter.toml", "name = [", "TOML"),
]


def _bad_map(tmp_path, name: str, content: str | None):
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    return path


def _one_line_naming(stderr: str, name: str, words: str) -> None:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert name in lines[0] and words.lower() in lines[0].lower()
    assert "Traceback" not in stderr


@pytest.mark.parametrize("name, content, words", BAD_MAPS)
def test_a_map_that_cannot_be_read_gives_one_line_and_exit_2(tmp_path, capsys, name, content, words):
    # in this process (the command's main()); the test below starts the real command once
    path = _bad_map(tmp_path, name, content)
    assert main([str(path), "--screenshot", str(tmp_path / "never.png")]) == 2
    _one_line_naming(capsys.readouterr().err, name, words)
    assert not (tmp_path / "never.png").exists()
    pygame.quit()


def test_the_command_prints_only_that_line_for_a_map_that_cannot_be_read(tmp_path):
    """The started command: nothing else reaches its stderr (no traceback, no library's noise)."""
    name, content, words = BAD_MAPS[2]
    path = _bad_map(tmp_path, name, content)
    result = run(str(path), "--screenshot", str(tmp_path / "never.png"))
    assert result.returncode == 2
    _one_line_naming(result.stderr, name, words)
    assert not (tmp_path / "never.png").exists()


def test_an_unknown_token_to_select_is_a_clear_error(tmp_path, capsys):
    assert main(["--screenshot", str(tmp_path / "x.png"), "--select", "Nobody"]) == 2
    assert "Nobody" in capsys.readouterr().err
    pygame.quit()


def test_bench_prints_the_measured_keys(capsys, tmp_path, monkeypatch):
    # its main() in this process (the processes whose start it times it starts itself: one of each kind, no
    # untimed start before it, which was half of this test's time; only the figures' being there is checked)
    from tactics.bench import main as bench

    users = tmp_path / "user-data"  # the user's own data folder: the bench's apps must not autosave into it
    monkeypatch.setenv("TACTICS_DATA_DIR", str(users))
    assert bench(["--json", "--size", "640x480", "--frames", "5", "--reach-map", "40", "--big-map", "60",
                  "--start-runs", "1", "--start-warmups", "0", "--crowd", "80", "--opponent-samples", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    for k in ("frame_ms_median", "frame_ms_p99", "fullscreen_blit_ms_median", "reachable_ms_median",
              "redraw_ms_median", "change_to_frame_ms_median", "pan_ms_median", "pan_ms_p99", "zoom_first_ms_max", "reachable_cold_ms_median",
              "first_click_1000_ms", "first_click_1000_walled_ms", "tokens_1000_redraw_ms", "start_ms", "bare_window_start_ms",
              "redraw_over_blit", "pan_over_blit", "tokens_1000_over_blit", "start_over_bare",
              "start_compiled_ms", "bare_window_start_compiled_ms", "start_compiled_over_bare",
              "opponent_group_ms_median", "opponent_side_ms_max",
              "fight_change_ms_median", "fight_change_over_blit", "fight_1000_change_ms"):
        assert isinstance(data[k], (int, float)) and data[k] > 0, k
    assert data["first_click_selected"] is True  # the timed click really selected the token
    assert data["first_click_walled_selected"] is True  # on the walled map too
    assert data["tokens_crowd"] == 80 and data["toolbar_hover_frames_of_30"] == 0
    assert not list(users.rglob("autosave-*")), "the bench's timed moves were offered as the user's autosaves"
