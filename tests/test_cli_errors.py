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
