"""Grenade markers say when they go off in words a table understands (R-GREN-4)."""

from types import SimpleNamespace

from tactics.engine.hazards.fuses import Fuse, fuse_label


def test_team_mode_label_names_the_team_and_group():  # R-GREN-4
    state = SimpleNamespace(teams={"bears": SimpleNamespace(name="Space Bears")}, combatants={})
    label = fuse_label(state, Fuse(team="bears", group="vanguard", when="end"))
    assert label == "explodes at the end of the Space Bears' Vanguard turn"


def test_individual_mode_label_names_the_character():  # R-GREN-4, N-TURN-10
    state = SimpleNamespace(teams={}, combatants={"bear1": SimpleNamespace(name="Bear 1")})
    label = fuse_label(state, Fuse(team="bear1", group="turn", when="end"))
    assert label == "explodes at the end of Bear 1's turn"
