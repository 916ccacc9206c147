"""The facing table options change attacks only when switched on (R-FACE-2)."""

from dataclasses import replace

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.attack import attack_setup, find_arms
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document

SPAWNS = {"Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
          "Bear 1": (5, 5), "Bear 2": (9, 4), "Bear 3": (9, 6), "Bear 4": (9, 8)}


def _encounter(rear_arc: bool) -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    definition.setdefault("settings", {})["facing"] = {"rear_arc_advantage": rear_arc}
    room = replace(BattleMap.from_text("\n".join(["." * 12] * 12)),
                   spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    enc = Encounter(definition, room, seed=3)
    enc.state.combatants["bear1"].facing = "S"  # Brandon at (2, 2) is behind it (NW)
    return enc


def _advantages(enc: Encounter) -> list[str]:
    art = enc.state.combatants["brandon"]
    bear = enc.state.combatants["bear1"]
    setup = attack_setup(enc.state, art, find_arms(art, None, technique=False), bear)
    return [name for name, _ in setup.advantages]


def test_rear_arc_grants_one_advantage_when_the_table_turns_it_on():  # R-FACE-2
    assert "rear arc" in _advantages(_encounter(rear_arc=True))


def test_rear_arc_is_off_by_default():  # R-FACE-2
    assert "rear arc" not in _advantages(_encounter(rear_arc=False))
