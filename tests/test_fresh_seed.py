"""A new game draws fresh dice: the bundled encounters fix no seed; the one drawn is kept in the
save and the exported log (replay stays exact); ``--seed`` or a GM's own ``seed =`` still fix it;
the Set up writer copies only a seed the file had, never a drawn one (review7lib finding 3)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tactics.assets import bundled
from tactics.engine.board import Walk
from tactics.engine.builder.writer import write_encounter_file
from tactics.engine.core.encounter import load_encounter
from tactics.engine.saves.document import load_save, save_encounter
from tactics.maps import load as load_map
from tactics.ui.opening import encounter_for_map, open_default
from tactics.ui.panels.log import export_text

BUNDLED = ("space-bears.encounter.toml", "space-bears-individual.encounter.toml", "pirate-corvette.encounter.toml")


def test_each_new_game_of_a_bundled_encounter_draws_its_own_seed() -> None:
    for name in BUNDLED:
        assert "seed" not in tomllib.loads(bundled(name).read_text())
    seeds = {load_encounter(bundled("space-bears.encounter.toml")).seed for _ in range(3)}
    assert len(seeds) == 3  # three tables, three dice sequences (a clash of 2**31 draws: never seen)
    assert open_default().seed != open_default().seed  # the app's own start, no --seed
    bare = load_map(bundled("space-bears.json"))
    assert encounter_for_map(bare).seed != encounter_for_map(bare).seed  # a bare map too (was always 0)


def test_a_fixed_seed_still_fixes_the_dice_and_the_drawn_one_is_recorded(tmp_path: Path) -> None:
    assert open_default(seed=9).seed == 9  # tactics --seed 9
    game = load_encounter(bundled("space-bears.encounter.toml"))
    game.submit(Walk("james", [(17, 5)]))
    back = load_save(save_encounter(game, tmp_path / "game.tactics.json"))
    assert back.seed == game.seed  # the drawn seed is in the save: replay rolls the same dice
    assert f"Dice seed {game.seed}." in export_text(game).splitlines()[:3]
    own = tmp_path / "mine.encounter.toml"
    own.write_text(bundled("space-bears.encounter.toml").read_text()
                   .replace('map = "space-bears.json"', 'map = "bundled:space-bears.json"\nseed = 11', 1))
    assert load_encounter(own).seed == 11  # a GM's own file may fix it


def test_the_set_up_writer_copies_only_a_seed_the_file_had(tmp_path: Path) -> None:
    drawn = load_encounter(bundled("space-bears.encounter.toml"))
    written = write_encounter_file(drawn.state, drawn.definition, tmp_path / "copy.encounter.toml")
    assert "seed" not in tomllib.loads(written.read_text())
    assert load_encounter(written).seed != drawn.seed
    fixed = tmp_path / "fixed.encounter.toml"
    fixed.write_text(written.read_text().replace("name = ", "seed = 11\nname = ", 1))
    again = load_encounter(fixed)
    rewritten = write_encounter_file(again.state, again.definition, tmp_path / "again.encounter.toml")
    assert tomllib.loads(rewritten.read_text())["seed"] == 11
