"""Property: a damaged save is refused with a SaveError, never with a crash.

What is tested: random bytes, flipped bytes, cut-off files, hand edits that
delete keys, change types or put random JSON anywhere, and random JSON
documents only ever make :func:`load_save` raise :class:`SaveError` (map and
definition errors are wrapped into it), or load. Any other exception fails.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tactics.engine.board import Place, Walk
from tactics.engine.core.encounter import Encounter
from tactics.engine.saves.document import FORMAT, SaveError, load_save, save_encounter
from tactics.maps import BattleMap, load as load_map

ARENA = "........\n..#.....\n..#..~~.\n........\n"
DEFINITION: dict[str, Any] = {
    "name": "Fuzz",
    "teams": {"party": {"name": "The Party", "colour": [1, 2, 3]}, "bears": {}},
    "combatants": [
        {"id": "brandon", "team": "party", "cell": [0, 0], "hp": 12},
        {"id": "ursa", "team": "bears", "cell": [7, 3], "hp": 30, "hidden": True},
    ],
    "settings": {"radius": "square"},
}

def _game(battle_map: BattleMap) -> Encounter:
    game = Encounter(copy.deepcopy(DEFINITION), battle_map, seed=11)
    game.submit(Walk("brandon", [(1, 0), (2, 0), (3, 0)]))
    game.submit(Place("ursa", (6, 0)))
    game.submit(Walk("brandon", [(4, 1)]))
    game.undo()
    return game


class Bases:
    """Two good saves (map by path, map embedded) and a file to write mutants to."""

    def __init__(self, folder: Path) -> None:
        (folder / "arena.txt").write_text(ARENA)
        self.referenced = save_encounter(_game(load_map(folder / "arena.txt")), folder / "ref.json").read_bytes()
        self.embedded = save_encounter(_game(BattleMap.from_text(ARENA)), folder / "emb.json").read_bytes()
        self.target = folder / "mutated.json"

    def pick(self, data: st.DataObject) -> bytes:
        return data.draw(st.sampled_from([self.referenced, self.embedded]))

    def loads_or_refuses(self, raw: bytes) -> None:
        self.target.write_bytes(raw)
        try:
            load_save(self.target)
        except SaveError as exc:
            assert str(exc).startswith(str(self.target))


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> Bases:
    return Bases(tmp_path_factory.mktemp("fuzz"))


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_are_refused(bases: Bases, raw: bytes) -> None:
    bases.loads_or_refuses(raw)


@FUZZ
@given(st.data(), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=6))
def test_flipped_bytes_are_refused_or_load(bases: Bases, data: st.DataObject, flips: list[tuple[int, int]]) -> None:
    raw = bytearray(bases.pick(data))
    for where, value in flips:
        raw[where % len(raw)] = value
    bases.loads_or_refuses(bytes(raw))


@FUZZ
@given(st.data(), st.integers(0, 10**6))
def test_cut_off_files_are_refused(bases: Bases, data: st.DataObject, keep: int) -> None:
    base = bases.pick(data)
    bases.loads_or_refuses(base[: keep % len(base)])


def _nodes(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for key, sub in value.items():
            out += _nodes(sub, path + (key,))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            out += _nodes(sub, path + (i,))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _retyped(value: Any) -> list[Any]:
    return [None, True, 0, -1, 2**70, 1.5, "", "x", [], {}, [value], {"k": value}, str(value)]


@st.composite
def hand_edited(draw: st.DrawFn, base: bytes) -> bytes:
    doc = json.loads(base)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_nodes(doc)))
        op = draw(st.sampled_from(["delete", "retype", "random", "add"]))
        if not path:
            doc = draw(json_values) if op == "random" else doc
            continue
        parent, key = _get(doc, path[:-1]), path[-1]
        current = parent[key]
        if op == "delete":
            del parent[key]
        elif op == "retype":
            parent[key] = draw(st.sampled_from(_retyped(current)))
        elif op == "random":
            parent[key] = draw(json_values)
        elif isinstance(current, dict):
            current[draw(st.text(max_size=6))] = draw(json_values)
        elif isinstance(current, list):
            current.insert(draw(st.integers(0, len(current))), draw(json_values))
        else:
            parent[key] = draw(json_values)
    return json.dumps(doc).encode()


@settings(FUZZ, max_examples=200)  # 400 took 1.5 s of CPU: the three edits per example already mix many paths
@given(st.data())
def test_hand_edited_saves_are_refused_or_load(bases: Bases, data: st.DataObject) -> None:
    bases.loads_or_refuses(data.draw(hand_edited(bases.pick(data))))


@FUZZ
@given(json_values)
def test_random_json_is_refused(bases: Bases, value: Any) -> None:
    bases.loads_or_refuses(json.dumps(value).encode())


@FUZZ
@given(
    st.fixed_dictionaries(
        {"format": st.just(FORMAT), "version": st.just(1)},
        optional={
            "definition": json_values,
            "map": json_values | st.just({"path": "arena.txt"}),
            "seed": json_values,
            "entries": st.lists(json_values, max_size=3),
            "redo": json_values,
            "saved_at": json_values,
            "source": json_values,
        },
    )
)
def test_random_documents_with_a_good_header_are_refused(bases: Bases, doc: dict[str, Any]) -> None:
    bases.loads_or_refuses(json.dumps(doc).encode())


def test_the_unmutated_bases_load(bases: Bases) -> None:
    for base in (bases.referenced, bases.embedded):
        bases.target.write_bytes(base)
        assert load_save(bases.target).state.combatants["brandon"].cell == (3, 0)
