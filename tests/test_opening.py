"""An encounter file's opening: the bundled Space Bears start as the rules text's example (R-SURP-1)."""

from dataclasses import replace

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.opening import default_unaware, opening_commands, opening_of
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import DataError, read_document

SPAWNS = {"Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
          "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7)}


def _bundled() -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    room = replace(BattleMap.from_text("\n".join(["." * 12] * 10)), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=3)


def test_bundled_opening_shakes_the_party_stuns_a_bear_and_lets_brandon_act_alone():  # R-SURP-1
    enc = _bundled()
    opening = opening_of(enc.definition)
    assert default_unaware(enc.state, opening) == {"james", "art", "bear1", "bear2", "bear3", "bear4"}
    for command in opening_commands(enc.state, opening, opening.surprise_aware):
        enc.submit(command)
    state = enc.state
    assert state.combat.round == 0 and state.combat.aware == ["brandon"]
    assert all(state.combatants[c].has("Shaken") for c in ("brandon", "james", "art"))
    assert state.combatants["bear1"].has("Stunned") and not state.combatants["bear2"].has("Stunned")
    assert not state.combatants["katie"].present


def test_opening_conditions_already_on_are_not_applied_twice():
    enc = _bundled()
    opening = opening_of(enc.definition)
    for command in opening_commands(enc.state, opening, None)[:-1]:
        enc.submit(command)
    again = opening_commands(enc.state, opening, None)
    assert [c.name for c in again] == ["start-combat"]


def test_a_bad_opening_names_the_field():
    with pytest.raises(DataError, match=r"opening\.conditions\.0\.rounds"):
        opening_of({"opening": {"conditions": [{"combatant": "a", "condition": "Shaken", "rounds": 0}]}}, "x.toml")


def test_round_0_banner_names_only_who_can_act():  # R-SURP-1
    from tactics.engine.combat.team import BeginActions
    from tactics.ui.panels.phase_banner import declare_line

    enc = _bundled()
    opening = opening_of(enc.definition)
    for command in opening_commands(enc.state, opening, opening.surprise_aware):
        enc.submit(command)
    enc.submit(BeginActions())
    assert declare_line(enc.state, "gm") == "Declare for Brandon, then resolve"
