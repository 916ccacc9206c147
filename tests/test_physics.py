"""The pymunk wall model: flights stop at walls, sight agrees with the wall index (R-GREN-3, R-AOE-1)."""

from hypothesis import given, settings, strategies as st

from tactics.maps import BattleMap
from tactics.rules import physics
from tactics.rules.geometry import Segment
from tactics.rules.grid import cell_center


def test_flight_is_deterministic():  # N-GREN-2
    m = BattleMap(width=20, height=10, wall_segments=[Segment(12, 0, 12, 10)])
    a = physics.fly(m, (1, 1), (17, 8))
    b = physics.fly(physics.build_space(m), (1, 1), (17, 8))
    assert a == b
    assert a.stopped and a.cell[0] == 11
    assert len(a.points) > 10
    assert a.points[0] == cell_center((1, 1))
    assert a.heights[-1] == 0.0 and max(a.heights) > 0


def test_flight_without_walls_reaches_the_aimed_square():
    m = BattleMap(width=10, height=10)
    f = physics.fly(m, (0, 0), (9, 4))
    assert not f.stopped and f.cell == (9, 4) and f.points[-1] == cell_center((9, 4))


def test_flight_points_move_steadily_toward_the_target():
    f = physics.fly(BattleMap(width=30, height=3), (0, 1), (29, 1))
    xs = [p[0] for p in f.points]
    assert xs == sorted(xs)
    assert all(abs(p[1] - 1.5) < 1e-9 for p in f.points)


def test_closed_door_stops_a_grenade_open_door_does_not():  # R-GREN-3
    from tactics.maps import Door

    m = BattleMap(width=10, height=3, doors=[Door(Segment(5, 0, 5, 3))])
    assert physics.fly(m, (1, 1), (8, 1)).cell == (4, 1)
    assert physics.fly(m.with_door(0, closed=False), (1, 1), (8, 1)).cell == (8, 1)


def test_grenade_through_a_wall_corner_is_stopped():  # R-GRID-4 spirit, N-GREN-2
    m = BattleMap.from_text(
        ".....\n"
        ".#...\n"
        "..#..\n"
        ".....\n"
    )
    # The diagonal from (0,0) to (3,3) passes exactly between the two solid squares.
    f = physics.fly(m, (0, 0), (3, 3))
    assert f.stopped and f.cell == (0, 0)


_grids = st.lists(
    st.text(alphabet=".#", min_size=6, max_size=6), min_size=6, max_size=6
).map("\n".join)
_cells = st.tuples(st.integers(0, 5), st.integers(0, 5))
_points = st.tuples(
    st.integers(0, 12).map(lambda v: v / 2), st.integers(0, 12).map(lambda v: v / 2)
)


@settings(max_examples=300, deadline=None)
@given(_grids, _cells, _cells)
def test_line_of_sight_agrees_with_walls_between_cell_centres(text, a, b):  # R-AOE-1
    m = BattleMap.from_text(text)
    p, q = cell_center(a), cell_center(b)
    assert physics.line_of_sight(m, p, q) == m.walls.line_clear(p, q)


@settings(max_examples=300, deadline=None)
@given(_grids, _points, _points)
def test_line_of_sight_agrees_with_walls_on_corners_and_edges(text, p, q):  # R-AOE-1
    m = BattleMap.from_text(text)
    assert physics.line_of_sight(m, p, q) == m.walls.line_clear(p, q)
