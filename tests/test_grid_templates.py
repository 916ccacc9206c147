"""Grid geometry and area templates (R-GRID-2, R-RAD-1/2, R-CONE-1..3, R-LINE-1, R-AOE-1)."""

from hypothesis import given, strategies as st

from tactics.maps import BattleMap
from tactics.rules import grid, templates

cells = st.tuples(st.integers(-50, 50), st.integers(-50, 50))
increments = st.integers(0, 12)


@given(cells, cells)
def test_distance_is_symmetric_chebyshev(a, b):  # R-GRID-2
    d = grid.distance_ft(a, b)
    assert d == grid.distance_ft(b, a)
    assert d == 5 * max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_diagonal_step_costs_five_feet():  # R-GRID-2
    assert grid.distance_ft((0, 0), (1, 1)) == 5
    assert grid.distance_ft((0, 0), (3, 1)) == 15


def test_directions_contract():
    assert grid.DIRECTIONS == ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    assert grid.step((4, 4), "N") == (4, 3)


@given(cells, st.sampled_from(grid.DIRECTIONS), increments)
def test_cone_of_n_increments_has_n_squared_cells(apex, direction, n):  # R-CONE-1, R-CONE-3
    cells_ = templates.cone(apex, direction, 5 * n)
    assert len(cells_) == n * n
    if n:
        assert apex in cells_


def test_cone_15ft_east_is_1_3_5():  # R-CONE-1
    got = templates.cone((0, 0), "E", 15)
    assert got == {(0, 0), (1, -1), (1, 0), (1, 1), (2, -2), (2, -1), (2, 0), (2, 1), (2, 2)}


def test_diagonal_cone_15ft_is_3x3_block_from_apex():  # R-CONE-3
    assert templates.cone((5, 5), "SE", 15) == {(5 + i, 5 + j) for i in range(3) for j in range(3)}


@given(cells, increments)
def test_radius_blocks(anchor, n):  # R-RAD-1
    corner = templates.radius(anchor, 5 * n, at="corner")
    centre = templates.radius(anchor, 5 * n, at="center")
    assert len(corner) == (2 * n) ** 2
    assert len(centre) == (2 * n + 1) ** 2


def test_five_foot_radius_is_four_cells_around_the_corner():  # R-RAD-1
    assert templates.radius((3, 3), 5) == {(2, 2), (3, 2), (2, 3), (3, 3)}


def test_round_radius_counts():  # R-RAD-2
    assert len(templates.radius((0, 0), 5, shape="round")) == 4
    assert len(templates.radius((0, 0), 10, shape="round")) == 12


@given(cells, st.sampled_from(grid.DIRECTIONS), increments)
def test_line_length_and_adjacency(origin, direction, n):  # R-LINE-1
    got = templates.line(origin, direction, 5 * n)
    assert len(got) == n
    assert origin not in got
    previous = origin
    for cell in got:
        assert grid.distance_ft(previous, cell) == 5
        previous = cell


@given(cells, cells, increments)
def test_line_toward_a_cell_steps_one_square_at_a_time(origin, target, n):  # R-LINE-1
    if origin == target:
        return
    got = templates.line(origin, target, 5 * n)
    assert len(got) == n
    for k, cell in enumerate(got, start=1):
        assert grid.distance_ft(origin, cell) == 5 * k
    if n >= grid.distance_ft(origin, target) // 5:
        assert target in got


def test_wall_stops_radius():  # R-AOE-1
    m = BattleMap.from_text(
        ".....\n"
        ".....\n"
        "#####\n"
        ".....\n"
    )
    hit = templates.radius((2, 1), 10, at="center", walls=m)
    assert (2, 0) in hit and (2, 1) in hit
    assert not any(r >= 2 for _, r in hit)


def test_wall_cuts_line():  # R-AOE-1
    m = BattleMap.from_text("..#...\n")
    assert templates.line((0, 0), "E", 25, walls=m) == ((1, 0),)
