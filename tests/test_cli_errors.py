"""Bad command lines and bad encounter files: one line naming the file and the problem, exit 2."""

from pathlib import Path

import pytest

from tactics.cli import main

MAP = str(Path(__file__).resolve().parents[1] / "tactics" / "assets" / "maps" / "space-bears.json")


def _run(capsys, *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refusals
        code = int(exc.code)
    err = capsys.readouterr().err.strip().splitlines()
    return code, err[-1] if err else ""


def test_screenshot_into_a_missing_folder_is_refused_without_a_traceback(capsys, tmp_path):
    code, line = _run(capsys, "--screenshot", str(tmp_path / "nope" / "o.png"))
    assert code == 2 and "does not exist" in line and "Traceback" not in line


def test_template_size_must_be_whole_5_ft_steps(capsys, tmp_path):
    code, line = _run(capsys, "--feet", "-5", "--screenshot", str(tmp_path / "o.png"))
    assert code == 2 and "5 ft steps" in line


def test_a_template_larger_than_the_window_lays_is_refused_not_drawn(capsys, tmp_path):
    # review 11: `--tool radius --feet 100000000` ran for minutes and took 5.9 GB
    code, line = _run(capsys, "--tool", "radius", "--feet", "100000000", "--screenshot", str(tmp_path / "o.png"))
    assert code == 2 and "to 200 ft" in line and not (tmp_path / "o.png").exists()


@pytest.mark.parametrize("body, field", [
    ('[[combatants]]\nid = "a"\nteam = "p"\nsheet = "nobody"\n', "combatants[0].sheet"),
    ('[[traps]]\nkind = "laser_grid"\ncell = [3, 3]\n', "traps[0].kind"),
    ('[[traps]]\nkind = "frag_mine"\n', "traps[0].cell"),
])
def test_bad_encounter_file_names_the_file_and_the_field(capsys, tmp_path, body, field):
    path = tmp_path / "bad.encounter.toml"
    path.write_text(f'name = "Bad"\nmap = "{MAP}"\n{body}', encoding="utf-8")
    code, line = _run(capsys, str(path), "--screenshot", str(tmp_path / "o.png"))
    assert code == 2
    assert line.startswith(f"tactics: error: {path}: {field}:"), line


def _script_refusal(tmp_path: Path, script: str) -> tuple[int, list[str]]:
    """``tactics --script SCRIPT`` in a child under a memory ceiling and a time limit (guards: a
    regression fails as one test instead of eating the machine or hanging the run)."""
    from tests.limits import run_limited

    data = tmp_path / "data"
    code = ("import os, sys\n"
            f"os.environ.update(TACTICS_DATA_DIR={str(data)!r}, TACTICS_CACHE_DIR={str(tmp_path / 'cache')!r})\n"
            "from tactics.cli import main\n"
            f"sys.exit(main(['--script', {script!r}]))\n")
    done = run_limited(code, seconds=120, memory=1024 * 1024 * 1024, cwd=tmp_path)
    return done.returncode, done.stderr.strip().splitlines()


def _script_cases(tmp_path: Path) -> dict[str, tuple[str, str]]:
    import os

    (tmp_path / "fifo").unlink(missing_ok=True)
    os.mkfifo(tmp_path / "fifo")  # an open for reading waits for a writer: forever
    (tmp_path / "big.txt").write_text("dump\n" * 400_000)  # 2 MB
    (tmp_path / "latin1.txt").write_bytes(b"key \xe9\n")
    (tmp_path / "click.txt").write_text("dump\nclick here\n")
    (tmp_path / "fly.txt").write_text("fly away\n")
    return {"zero": ("/dev/zero", "is a device, not a file"), "fifo": (str(tmp_path / "fifo"), "is a pipe (FIFO)"),
            "folder": (str(tmp_path), "is a folder"), "big": (str(tmp_path / "big.txt"), "file is 1.9 MB; the limit is 1 MB"),  # (said "1 MB; ... 1 MB")
            "latin1": (str(tmp_path / "latin1.txt"), "not UTF-8"),
            "click": (str(tmp_path / "click.txt"), "line 2: click takes one square"),
            "fly": (str(tmp_path / "fly.txt"), "line 1: unknown action 'fly'")}


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("case", ["zero", "fifo", "folder", "big", "latin1", "click", "fly"])
def test_a_script_that_is_not_a_small_text_file_of_actions_is_refused_in_one_line(tmp_path, case):
    """Review: the hidden ``--script`` read any path whole (``/dev/zero`` ran away with the memory, a
    FIFO blocked forever, a bad line was a traceback after the window opened). Now: one line, exit 2."""
    script, problem = _script_cases(tmp_path)[case]
    code, lines = _script_refusal(tmp_path, script)
    assert code == 2 and len(lines) == 1, lines[-5:]
    assert lines[0].startswith(f"tactics: error: --script {script}: ") and problem in lines[0], lines[0]
