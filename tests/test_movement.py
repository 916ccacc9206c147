"""Movement reach (R-GRID-3, R-GRID-4, R-GRID-5, R-MOVE-1)."""

from hypothesis import given, strategies as st

from tactics.maps import BattleMap
from tactics.rules import grid
from tactics.rules.movement import plan, reachable

OPEN = BattleMap.from_text("\n".join(["." * 21] * 21))


def test_run_on_open_ground_is_a_square_of_13():  # R-GRID-2, R-MOVE-1
    got = reachable(OPEN, (10, 10), 30)
    assert len(got) == 13 * 13
    assert got[(10, 10)] == 0
    assert got[(16, 16)] == 30


def test_swimming_costs_double():  # R-GRID-3: a 30 ft run becomes 3 squares
    m = BattleMap.from_text("~" * 10)
    got = reachable(m, (0, 0), 30)
    assert max(c for c, _ in got) == 3
    assert got[(3, 0)] == 30


def test_no_corner_cutting():  # R-GRID-4
    m = BattleMap.from_text(
        "..\n"
        "#.\n"
    )
    got = reachable(m, (0, 0), 5)
    assert (1, 1) not in got
    assert reachable(m, (0, 0), 10)[(1, 1)] == 10


def test_no_squeezing_between_wall_segments():  # R-GRID-4
    from tactics.rules.geometry import Segment

    m = BattleMap(width=2, height=2, wall_segments=[Segment(1, 0, 1, 1), Segment(0, 1, 1, 1)])
    got = reachable(m, (0, 0), 30)
    assert set(got) == {(0, 0)}


def test_allies_passed_enemies_not():  # R-GRID-5
    m = BattleMap.from_text("." * 5)
    through_ally = reachable(m, (0, 0), 20, occupied=[(1, 0)])
    assert (1, 0) not in through_ally and through_ally[(2, 0)] == 10
    enemy = reachable(m, (0, 0), 20, enemies=[(1, 0)], occupied=[(1, 0)])
    assert set(enemy) == {(0, 0)}


@given(st.integers(0, 20), st.integers(0, 20), st.integers(0, 12))
def test_cost_equals_distance_on_open_ground(c, r, n):  # R-GRID-2
    got = reachable(OPEN, (c, r), 5 * n)
    for cell, cost in got.items():
        assert cost == grid.distance_ft((c, r), cell)
    p = plan(OPEN, (c, r), 5 * n)
    for cell in got:
        assert len(p.path_to(cell)) * 5 == got[cell]
