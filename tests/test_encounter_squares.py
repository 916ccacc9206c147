"""An encounter refuses a combatant in a wall or on another's square, as Place and Set up do
(R-GRID-5): in a file (load_encounter) and in code (Encounter(definition, map)) alike, one line
naming the field (review7lib finding 4). A bare map's spawns still open."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tactics.assets import bundled
from tactics.engine.builder.writer import write_encounter_file
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import DataError
from tactics.ui.opening import encounter_for_map

ROOM = "..........\n..........\n....##....\n..........\n..........\n"  # 10x5, wall at (4, 2)-(5, 2)


def who(cid: str, team: str, **where) -> dict:
    return {"id": cid, "name": cid.upper(), "team": team, **where}


def file_with(folder: Path, *combatants: str) -> Path:
    (folder / "arena.txt").write_text(ROOM)
    path = folder / "arena.encounter.toml"
    path.write_text('name = "Arena"\nmap = "arena.txt"\n[teams.a]\n[teams.b]\n'
                    + "".join(f'[[combatants]]\nid = "{c[0]}"\nname = "{c[0].upper()}"\nteam = "a"\n{c[1:]}\n'
                              for c in combatants))
    return path


@pytest.mark.parametrize("combatants, field, problem", [
    (("xcell = [4, 2]",), "combatants[0].cell", "[4, 2] is a wall square: no one can stand there"),
    (("xcell = [9, 4]", "ycell = [9, 4]"), "combatants[1].cell", "[9, 4] is X's square too"),
])
def test_an_encounter_file_refuses_a_wall_square_and_a_shared_one(tmp_path: Path, combatants, field, problem) -> None:
    path = file_with(tmp_path, *combatants)
    with pytest.raises(DataError) as caught:
        load_encounter(path)
    assert str(caught.value) == f"{path}: {field}: {problem}"


def test_an_encounter_built_in_code_runs_the_same_checks() -> None:
    room = BattleMap.from_text(ROOM)
    with pytest.raises(DataError, match=r"combatants\[0\]\.cell: \[5, 2\] is a wall square"):
        Encounter({"name": "Arena", "combatants": [who("x", "a", cell=[5, 2])]}, room, seed=1)
    with pytest.raises(DataError, match=r"combatants\[1\]\.cell: \[0, 0\] is X's square too"):
        Encounter({"name": "Arena", "combatants": [who("x", "a", cell=[0, 0]), who("y", "b", cell=[0, 0])]}, room, seed=1)
    spawned = replace(room, spawns=[Spawn("X", (3, 3))])
    with pytest.raises(DataError, match=r"combatants\[1\]\.cell: \[3, 3\] is X's square too"):  # on a spawn's square
        Encounter({"name": "Arena", "combatants": [who("x", "a", spawn="X"), who("y", "b", cell=[3, 3])]}, spawned, seed=1)
    # one who joins later (not on the map yet) shares no square; free squares are fine
    fine = Encounter({"name": "Arena", "combatants": [who("x", "a", cell=[0, 0]), who("k", "a", cell=[0, 0], present=False),
                                                      who("y", "b", cell=[6, 2])]}, room, seed=1)
    assert fine.state.at((0, 0)).id == "x"


def test_a_bare_maps_spawn_in_a_wall_or_on_another_still_opens_on_the_nearest_free_square() -> None:
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn("A", (4, 2)), Spawn("B", (1, 1)), Spawn("C", (1, 1))])
    enc = encounter_for_map(room, seed=1)
    cells = {c.name: c.cell for c in enc.state.combatants.values()}
    assert cells["B"] == (1, 1) and cells["C"] != (1, 1) and abs(cells["C"][0] - 1) + abs(cells["C"][1] - 1) == 1
    assert room.move_cost(cells["A"]) is not None and abs(cells["A"][0] - 4) + abs(cells["A"][1] - 2) == 1


def test_the_bundled_encounters_and_the_set_up_writer_give_only_free_squares(tmp_path: Path) -> None:
    for name in ("space-bears.encounter.toml", "space-bears-individual.encounter.toml", "pirate-corvette.encounter.toml"):
        enc = load_encounter(bundled(name), seed=1)  # refused if any combatant stood in a wall or on another
        written = write_encounter_file(enc.state, enc.definition, tmp_path / name)
        assert load_encounter(written, seed=1).state.combatants.keys() == enc.state.combatants.keys()


def test_spawns_on_a_solid_map_open_off_the_map_after_a_bounded_search() -> None:
    """Review 12 (hostile H1): a 26 KB Tiled map of 2000x2000 solid squares with 40 spawns never opened:
    each spawn searched all 4 million squares for a free one. The search looks near the spawn only
    (the GM places the rest), and a map of more spawns than an encounter holds is refused in one line."""
    from tactics.engine.core.definition import MAX_COMBATANTS
    from tactics.maps import MapError
    from tactics.ui.opening import SPAWN_SEARCH_SQUARES, _free_square, definition_for_map

    class Solid:  # 4 million solid squares, counting the squares looked at
        looked = 0

        def move_cost(self, cell):
            Solid.looked += 1
            return None

        def in_bounds(self, cell):
            return 0 <= cell[0] < 2000 and 0 <= cell[1] < 2000

    assert _free_square(Solid(), (1000, 1000), set()) is None  # type: ignore[arg-type]
    assert Solid.looked <= SPAWN_SEARCH_SQUARES + 8  # not 4,000,000
    many = replace(BattleMap.from_text(ROOM), spawns=[Spawn(f"S{i}", (1, 1)) for i in range(MAX_COMBATANTS + 1)])
    with pytest.raises(MapError, match=f"{MAX_COMBATANTS + 1:,} spawns; a map may hold at most"):
        definition_for_map(many)
