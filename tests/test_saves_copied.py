"""A save copied alone to another folder still finds its map (the path it was saved with)."""

import shutil

from tactics.engine.board import Place
from tactics.engine.core.encounter import Encounter
from tactics.engine.saves.document import load_save, save_encounter
from tactics.maps import load


def test_a_save_copied_elsewhere_finds_its_map_by_its_saved_full_path(tmp_path):
    home = tmp_path / "campaign"
    home.mkdir()
    (home / "arena.txt").write_text("......\n......\n", encoding="utf-8")
    definition = {"name": "Arena", "teams": {"p": {"name": "Party", "players": True}},
                  "combatants": [{"id": "a", "name": "Ann", "team": "p", "cell": [0, 0]}]}
    enc = Encounter(definition, load(home / "arena.txt"), seed=4)
    enc.submit(Place("a", (3, 1)))
    save_encounter(enc, home / "night.tactics.json")
    elsewhere = tmp_path / "usb-stick"
    elsewhere.mkdir()
    shutil.copy(home / "night.tactics.json", elsewhere / "night.tactics.json")
    again = load_save(elsewhere / "night.tactics.json")
    assert again.state.combatants["a"].cell == (3, 1)


def test_save_as_for_the_bundled_encounter_suggests_the_users_saves_folder(tmp_path, monkeypatch):
    from tactics.assets import bundled
    from tactics.engine.core.encounter import load_encounter
    from tactics.ui.saving import suggested_name

    monkeypatch.setenv("TACTICS_DATA_DIR", str(tmp_path / "data"))
    enc = load_encounter(bundled("space-bears.encounter.toml"))
    suggested = suggested_name(enc)
    assert suggested == tmp_path / "data" / "saves" / "space-bears.tactics.json"
    assert suggested.parent.is_dir()
