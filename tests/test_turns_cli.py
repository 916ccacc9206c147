"""The turn rules chosen when an encounter is created: ``mode`` in the file, or ``--mode`` on the
command line for a new (not saved) encounter (R-TURN-1..5 are a per-encounter option).

What is tested: --mode individual turns the bundled team encounter into an individual-turns one
(the window gets the turn tracker), --mode team does the reverse, a save keeps its own mode, and
a save of an individual fight replays its turns exactly.
"""

import pytest

import tactics.ui.app as app_module
from tactics import cli
from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.saves.document import load_save, save_encounter
from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns, with_mode
from tactics.engine.combat.individual.actions import Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.view import snapshot


@pytest.fixture
def opened(monkeypatch):
    seen = []
    real = app_module.App

    class Recording(real):
        def __init__(self, encounter, *a, **kw):
            seen.append(encounter)
            super().__init__(encounter, *a, **kw)

    monkeypatch.setattr(app_module, "App", Recording)
    return seen


def test_mode_flag_makes_a_new_encounter_individual(opened, tmp_path):
    out = tmp_path / "shot.png"
    assert cli.main([str(bundled("space-bears.encounter.toml")), "--mode", "individual", "--screenshot", str(out)]) == 0
    enc = opened[-1]
    assert enc.state.mode == "individual" and enc.journal.start.mode == "individual"
    enc.submit(StartTurns())  # the individual-turns engine accepts it
    assert out.exists()


def test_mode_flag_team_overrides_an_individual_file(opened, tmp_path):
    path = bundled("space-bears-individual.encounter.toml")
    assert cli.main([str(path), "--mode", "team", "--screenshot", str(tmp_path / "s.png")]) == 0
    assert opened[-1].state.mode == "team"


def test_a_save_keeps_its_mode_and_replays_individual_turns(tmp_path, capsys):
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=4)
    enc.submit(StartTurns("rolled", npc_grouping="one"))
    enc.submit(BeginTurn())
    who = enc.state.combat.current
    enc.submit(Hold(who))
    enc.submit(TakeAction(who, TurnAction("other", note="reloads")))
    path = save_encounter(enc, tmp_path / "fight.tactics.json")
    again = load_save(path)
    assert again.state.mode == "individual"
    assert snapshot(again.state) == snapshot(enc.state)
    assert cli.main([str(path), "--mode", "team", "--screenshot", str(tmp_path / "x.png")]) == cli.EXIT_BAD_INPUT
    assert "keeps the turn rules" in capsys.readouterr().err
    with pytest.raises(ValueError, match="under way"):
        with_mode(enc, "team")
