"""A table points the app at its own rules folder (``tactics --data DIR`` / ``TACTICS_DATA``).

A GM copies only the files they house-rule; the rest stay the bundled ones. Run in fresh
processes, because rules data is read once per process.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tactics.cli import main
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


def test_tactics_data_dir_opens_with_it_and_a_bad_value_names_the_tables_file(tmp_path, capsys):
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
    # a folder that is not there is refused before anything is read: the command's main() in this process
    assert main(["--data", str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in capsys.readouterr().err


def _house_rule(tmp_path, name: str, old: str, new: str) -> None:
    text = bundled_data_path(name).read_text()
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new, 1))


def test_house_ruled_cooking_dc_throw_range_and_run_speed_take_effect(tmp_path):  # R-GREN-1, R-GREN-5, R-MOVE-1
    _house_rule(tmp_path, "grenades.toml", "cook_dc = 25", "cook_dc = 15")
    _house_rule(tmp_path, "creatures.toml", "run_ft = 30", "run_ft = 25")
    creatures = (tmp_path / "creatures.toml").read_text().replace("affinity_die = 2 ", "affinity_die = 4 ", 1)
    (tmp_path / "creatures.toml").write_text(creatures)
    text = (tmp_path / "grenades.toml").read_text().replace("base_throw_ft = 30", "base_throw_ft = 40", 1)
    (tmp_path / "grenades.toml").write_text(text)
    _house_rule(tmp_path, "weapons.toml", "extra_damage_threshold = 4", "extra_damage_threshold = 6")
    probe = (
        "from tactics.rules import explosives as ex, attacks, movement\n"
        "from tactics.rules.sheets import Sheet\n"
        "from tactics.assets import bundled\n"
        "from tactics.engine.core.encounter import load_encounter\n"
        "from tactics.engine.combat.moves import move_allowance\n"
        "enc = load_encounter(bundled('space-bears.encounter.toml'), seed=1)\n"
        "walk = move_allowance(enc.state, 'james')\n"
        "print(ex.COOK_DC, ex.cook_result(10, 16), ex.max_throw_ft(0, 0), attacks.EXTRA_DAMAGE_THRESHOLD,\n"
        "      attacks.classify(20, 15, 15), movement.RUN_FT, Sheet(name='x').run_ft, walk.run_ft, walk.sprint_ft,\n"
        "      Sheet(name='x').affinity_die)\n"
    )
    done = run("-c", probe, env={DATA_ENV: str(tmp_path)})
    assert done.returncode == 0, done.stderr
    # A WIS total of 16 now cooks it early; a bare throw reaches 40 ft; beating AC by 5 is a plain Hit;
    # a sheet without its own speed runs 25 ft, so James (no speed on his sheet) walks 25, sprints 50.
    # and a sheet that names no Affinity Die rolls a d4 for a net advantage.
    assert done.stdout.split() == ["15", "early", "40", "6", "hit", "25", "25", "25", "50", "4"]


def test_a_bad_house_ruled_number_names_the_file_and_field(tmp_path):  # bad data: file, field, problem
    _house_rule(tmp_path, "grenades.toml", "cook_dc = 25", "cook_dc = -3")
    probe = "from tactics.rules import explosives as ex\nprint(ex.COOK_DC)"
    done = run("-c", probe, env={DATA_ENV: str(tmp_path)})
    assert done.returncode != 0
    assert str(tmp_path / "grenades.toml") in done.stderr and "rules.cook_dc" in done.stderr
    assert "greater than or equal to 0" in done.stderr


def test_house_ruled_sprint_passive_perception_and_sheet_defaults_take_effect(tmp_path):  # R-MOVE-1, R-SURP-1, R-TRAP-2
    _house_rule(tmp_path, "creatures.toml", "sprint_multiple = 2", "sprint_multiple = 3")
    text = (tmp_path / "creatures.toml").read_text()
    for old, new in (("passive_base = 10", "passive_base = 12"), ("ac = 10 ", "ac = 11 "), ("hp = 10 ", "hp = 14 ")):
        assert old in text
        text = text.replace(old, new, 1)
    (tmp_path / "creatures.toml").write_text(text)
    probe = (
        "import os\n"
        "os.environ.setdefault('SDL_VIDEODRIVER', 'dummy')\n"
        "from tactics.rules import traps\n"
        "from tactics.rules.sheets import Sheet, default_armoury\n"
        "from tactics.assets import bundled\n"
        "from tactics.engine.core.encounter import load_encounter\n"
        "from tactics.engine.combat.moves import move_allowance\n"
        "from tactics.ui.tools.select import move_budget\n"
        "enc = load_encounter(bundled('space-bears.encounter.toml'), seed=1)\n"
        "walk = move_allowance(enc.state, 'james')\n"
        "shown = move_budget(enc.state, enc.state.combatants['james'])\n"
        "bare = Sheet(name='x')\n"
        "print(walk.run_ft, walk.sprint_ft, *shown, default_armoury().sheets['james'].passive_perception,\n"
        "      traps.passive_perception(3), bare.ac, bare.hp)\n"
    )
    done = run("-c", probe, env={DATA_ENV: str(tmp_path)})
    assert done.returncode == 0, done.stderr
    # James walks his 30 ft run and now sprints three runs, 90 ft (the Select tool shows the same);
    # his Passive Perception is 12 + 5 for surprise, and a trap is spotted at 12 + 3; a bare sheet gets AC 11, 14 HP.
    assert done.stdout.split() == ["30", "90", "30", "90", "17", "15", "11", "14"]


def test_a_bad_sprint_multiple_names_creatures_toml_and_the_field(tmp_path):
    _house_rule(tmp_path, "creatures.toml", "sprint_multiple = 2", "sprint_multiple = 0")
    probe = "from tactics.rules.sheets import sprint_ft\nprint(sprint_ft(30))"
    done = run("-c", probe, env={DATA_ENV: str(tmp_path)})
    assert done.returncode != 0
    assert str(tmp_path / "creatures.toml") in done.stderr and "rules.sprint_multiple" in done.stderr


def test_house_ruled_battle_damage_dc_bases_take_effect_and_a_bad_one_is_named(tmp_path):  # R-SHIP-3
    _house_rule(tmp_path, "ship_actions.toml", "battle_damage_count_base = 4", "battle_damage_count_base = 5")
    rules = tmp_path / "ship_actions.toml"
    rules.write_text(rules.read_text().replace("battle_damage_threshold_base = 4", "battle_damage_threshold_base = 6", 1))
    probe = "from tactics.rules.starship import bd_dc; print(*bd_dc(2, 3))"
    done = run("-c", probe, env={DATA_ENV: str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["7", "9"]  # the text's Armor +2 / Shield +3 ship (6,7) with bases 5 and 6
    from tactics.rules.starship import bd_dc

    assert bd_dc(2, 3) == (6, 7)  # the text's own example with the bundled bases (this process reads them)
    rules.write_text(rules.read_text().replace("battle_damage_count_base = 5", "battle_damage_count_base = 0", 1))
    bad = run("-c", "from tactics.rules.catalogue import checked_rules_data as c; c()", env={DATA_ENV: str(tmp_path)})
    assert bad.returncode != 0
    assert "ship_actions.toml" in bad.stderr and "rules.battle_damage_count_base" in bad.stderr


def test_a_misnamed_file_in_the_table_folder_is_named_and_the_app_runs_on(tmp_path):
    """An outside reviewer saved grenade.toml for grenades.toml: the house rule was ignored without a word."""
    from tactics.rules.table_folder import read_table_folder

    rules = tmp_path / "rules"
    rules.mkdir()
    _house_rule(rules, "weapons.toml", 'range_ft = 60', 'range_ft = 70')
    text = bundled_data_path("grenades.toml").read_text().replace("cook_dc = 25", "cook_dc = 20", 1)
    (rules / "grenade.toml").write_text(text)
    (rules / "notes.txt").write_text("not a TOML file: not looked at")
    seen = read_table_folder(rules)
    assert seen.replaced == ["weapons.toml"]
    assert seen.problems == [f"grenade.toml in {rules} is not a rules file (did you mean grenades.toml?)"]
    shot = tmp_path / "shot.png"
    done = run("-m", "tactics", "--data", str(rules), "--screenshot", str(shot), "--size", "640x400")
    assert done.returncode == 0, done.stderr  # a warning, not a refusal
    assert done.stderr.strip().splitlines() == [f"tactics: warning: {seen.problems[0]}"]


def test_the_status_line_names_the_house_rules_folder_or_the_misnamed_file(tmp_path, data_dir):
    import pygame

    from tactics.cli import say_table_folder
    from tactics.rules.table_folder import read_table_folder
    from tactics.ui.app import App
    from tactics.ui.opening import open_path

    (tmp_path / "room.txt").write_text("....\n....\n")
    rules = tmp_path / "rules"
    rules.mkdir()
    _house_rule(rules, "weapons.toml", 'range_ft = 60', 'range_ft = 70')
    app = App(open_path(tmp_path / "room.txt", seed=1), size=(1280, 720))
    try:
        say_table_folder(app, read_table_folder(rules))
        assert app.battle.current_message() == (f"House rules from {rules}: weapons.toml.", "info")
        (rules / "grenade.toml").write_text("")
        (rules / "turn.toml").write_text("")
        say_table_folder(app, read_table_folder(rules))
        text, kind = app.battle.current_message()
        assert kind == "error" and text.startswith("grenade.toml in ") and "did you mean grenades.toml?" in text
        assert text.endswith("(and 1 more: see the terminal)")
    finally:
        pygame.quit()


def test_the_ships_folder_is_looked_over_too(tmp_path):
    """Review 6: a house-ruled ships/wayfarer.toml was in force while the app said "the bundled
    rules are used", and ships/wayfarr.toml (a typo) was a silent new ship."""
    from tactics.rules.table_folder import read_table_folder

    rules = tmp_path / "rules"
    (rules / "ships").mkdir(parents=True)
    wayfarer = bundled_data_path() / "ships" / "wayfarer.toml"
    (rules / "ships" / "wayfarer.toml").write_text(wayfarer.read_text())
    (rules / "ships" / "wayfarr.toml").write_text(wayfarer.read_text())
    (rules / "ships" / "black-gull.toml").write_text(wayfarer.read_text())  # a new ship of the table's own
    seen = read_table_folder(rules)
    assert seen.replaced == ["ships/wayfarer.toml"]
    assert seen.new_ships == ["black-gull", "wayfarr"]
    assert seen.problems == [f"ships/wayfarr.toml in {rules} is a new ship, not the bundled wayfarer "
                             "(did you mean ships/wayfarer.toml?)"]
    assert seen.summary() == f"House rules from {rules}: ships/wayfarer.toml; new ships: black-gull, wayfarr."
