"""Movement reach (R-GRID-3, R-GRID-4, R-GRID-5, R-MOVE-1)."""

from hypothesis import given, settings, strategies as st

from tactics.maps import BattleMap
from tactics.rules import grid
from tactics.rules.geometry import Segment
from tactics.rules.movement import plan, plan_reference, reachable

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


# -- the row-of-bits search equals a plain Dijkstra (tactics/rules/bitgrid.py) --------------------

_SYMBOLS = "....~^=#_"


@st.composite
def _random_map(draw):
    w, h = draw(st.integers(1, 14)), draw(st.integers(1, 14))
    rows = ["".join(draw(st.sampled_from(_SYMBOLS)) for _ in range(w)) for _ in range(h)]
    m = BattleMap.from_text("\n".join(rows), name="random")
    grid_walls = draw(st.lists(st.tuples(st.integers(0, w), st.integers(0, h), st.booleans(), st.integers(1, 4)),
                               max_size=12))
    segs = [Segment(x, y, min(w, x + n), y) if horizontal else Segment(x, y, x, min(h, y + n))
            for x, y, horizontal, n in grid_walls]
    coord = st.floats(-1, 15, allow_nan=False, allow_infinity=False)
    segs += [Segment(*draw(st.tuples(coord, coord, coord, coord))) for _ in range(draw(st.integers(0, 3)))]
    m.wall_segments = segs
    cells = [(c, r) for r in range(h) for c in range(w)]
    start = draw(st.sampled_from(cells))
    others = [c for c in cells if c != start]
    enemies = draw(st.lists(st.sampled_from(others), max_size=4)) if others else []
    allies = draw(st.lists(st.sampled_from(others), max_size=4)) if others else []
    return m, start, enemies, allies


@settings(max_examples=150, deadline=None)
@given(_random_map(), st.integers(0, 14))
def test_reach_and_paths_equal_a_plain_dijkstra_on_random_maps(case, squares):  # R-GRID-2..5
    m, start, enemies, allies = case
    feet = 5 * squares
    fast = plan(m, start, feet, enemies=enemies, occupied=allies)
    slow = plan_reference(m, start, feet, enemies=enemies, occupied=allies)
    assert fast.cost == slow.cost
    assert fast.endable == slow.endable
    assert fast.parent == slow.parent  # the same paths drawn and walked, ties broken alike
    assert reachable(m, start, feet, enemies=enemies, occupied=allies) == {c: slow.cost[c] for c in slow.endable}


@settings(max_examples=60, deadline=None)
@given(_random_map(), st.integers(0, 14), st.data())
def test_a_single_path_worked_out_alone_is_the_plain_dijkstra_path(case, squares, data):  # R-GRID-2..5
    """Drawing one path works out only the squares it needs: the same path as the full search."""
    m, start, enemies, allies = case
    fast = plan(m, start, 5 * squares, enemies=enemies, occupied=allies)
    slow = plan_reference(m, start, 5 * squares, enemies=enemies, occupied=allies)
    goal = data.draw(st.sampled_from(sorted(slow.cost)))
    assert fast.path_to(goal) == slow.path_to(goal)
