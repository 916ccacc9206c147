"""The terrain's byte-a-square grid behaves as the dict it replaced, and a big walled map stays small.

Why: the map's terrain was a ``{(col, row): kind}`` dict; a legal 2000x2000 text map of walls held
556 MB of it before the window drew anything (issue 12: bounded memory). Every reader of the terrain
still reads a mapping, so the grid must agree with a dict on every operation (checked against one,
step by step), and the big map must load in a few megabytes.
"""

from __future__ import annotations

import copy
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactics.maps import load
from tactics.maps.battlemap import BattleMap
from tactics.rules.terrain_grid import TerrainGrid

W, H = 7, 5
cells = st.one_of(
    st.tuples(st.integers(-2, W + 1), st.integers(-2, H + 1)),  # off the map too: kept beside the bytes
    st.just((1.0, 2)),  # not a pair of integers: a dict holds it all the same
)
kinds = st.sampled_from(["wall", "water", "floor", "chasm"])
steps = st.lists(st.one_of(
    st.tuples(st.just("set"), cells, kinds),
    st.tuples(st.just("del"), cells, st.none()),
    st.tuples(st.just("row"), st.integers(-1, H), st.tuples(st.integers(-3, W + 2), st.integers(0, W + 4))),
), max_size=60)


@settings(max_examples=200, deadline=None)
@given(steps)
def test_the_grid_answers_as_a_dict_would_after_every_change(plan):
    grid, plain = TerrainGrid(W, H), {}
    for op, a, b in plan:
        if op == "set":
            grid[a] = b
            plain[a] = b
        elif op == "del":
            assert (a in grid) == (a in plain)
            if a in plain:
                del grid[a]
                del plain[a]
        else:  # a run of a row, as the map's art reads it
            c0, cols = b
            assert grid.row(a, c0, cols) == [plain.get((c, a), "floor") for c in range(c0, c0 + cols)]
        assert len(grid) == len(plain)
        assert dict(grid.items()) == plain and set(grid) == set(plain)
        assert set(grid.cells_of(["wall", "water"])) == {c for c, k in plain.items() if k in ("wall", "water")}
        for r in range(H):  # the movement search's rows of bits
            bits: dict[str, int] = {}
            for (c, rr), kind in plain.items():
                if rr == r and c >= 0 and c == int(c):  # ((1.0, 2) is the square (1, 2), as in a dict)
                    bits[kind] = bits.get(kind, 0) | 1 << int(c)
            assert grid.row_bits(r) == bits
        assert grid == plain and plain == grid
    for cell in [(c, r) for c in range(-1, W + 1) for r in range(-1, H + 1)]:
        assert grid.get(cell, "floor") == plain.get(cell, "floor")
        assert (cell in grid) == (cell in plain)
    twin = copy.deepcopy(grid)
    twin[(0, 0)] = "lava"
    assert grid == plain  # a copy is its own


def test_a_kind_past_the_255th_is_kept_as_any_other():
    grid = TerrainGrid(20, 20)
    many = {(i % 20, i // 20): f"kind{i}" for i in range(300)}
    grid.update(many)
    assert grid == many and len(grid) == 300
    assert grid.row(19, 0, 20) == [f"kind{380 + c}" if 380 + c < 300 else "floor" for c in range(20)]
    assert grid.row(14, 0, 3) == ["kind280", "kind281", "kind282"]


def test_a_2000_by_2000_map_of_walls_loads_in_megabytes_not_hundreds(tmp_path):
    path = tmp_path / "walls.txt"
    path.write_text(("#" * 2000 + "\n") * 2000)
    tracemalloc.start()
    try:
        walled = load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert walled.terrain_at((1999, 1999)).name == "wall" and len(walled.terrain) == 4_000_000
    assert peak < 60_000_000, peak  # the dict it replaced held 556 MB; the text itself is 8 MB as read


def test_a_text_map_lists_what_its_symbols_say():
    m = BattleMap.from_text("..#\n~.^\n")
    assert m.terrain == {(2, 0): "wall", (0, 1): "water", (2, 1): "difficult"}
    assert list(m.terrain) == [(2, 0), (0, 1), (2, 1)]  # row by row, as the dict listed them
    assert m.move_cost((2, 0)) is None and m.move_cost((0, 1)) == 2


def test_a_row_past_the_map_is_refused_not_added_to_its_end():
    grid = TerrainGrid(3, 2)
    with pytest.raises(IndexError):
        grid.set_row(2, "###", {"#": "wall"})
    assert len(grid) == 0 and grid.row(1, 0, 3) == ["floor"] * 3
