"""A grenade's flight (R-GREN-3, N-GREN-2): the rules' wall index says where it lands, a pymunk
body flies there against the same wall segments, bounces, and never passes through a wall.

What a user would notice: the grenade drawn flying through a wall, or coming to rest on another
square than the one the log names, or a different path when the same throw is replayed.
"""

import math
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from tactics.maps import BattleMap, Door
from tactics.rules import physics
from tactics.rules.geometry import Segment
from tactics.rules.grid import cell_center, cell_of_point


def _path_clear(m: BattleMap, flight: physics.Flight) -> bool:
    """Every step of the drawn path stays on the map and crosses no wall (an outer corner it only
    touches it may pass: N-GREN-2)."""
    pts = flight.points
    inside = all(0 <= x <= m.width and 0 <= y <= m.height for x, y in pts)
    return inside and all(m.walls.first_crossing(a, b, edge=True, graze=True) is None for a, b in pairwise(pts))


def test_flight_is_deterministic_and_is_stopped_by_the_wall():  # N-GREN-2, R-GREN-3
    m = BattleMap(width=20, height=10, wall_segments=[Segment(12, 0, 12, 10)])
    a = physics.fly(m, (1, 1), (17, 8))
    assert a == physics.fly(m, (1, 1), (17, 8))  # the same throw draws the same flight
    assert a.stopped and a.cell[0] == 11 and a.cell == physics.landing_point(m, (1, 1), (17, 8)).cell
    assert a.points[0] == cell_center((1, 1)) and cell_of_point(a.points[-1]) == a.cell
    assert a.bounces and abs(a.bounces[0][0] - 12) < 0.2  # it struck the wall ...
    assert _path_clear(m, a)  # ... and bounced off it, never through
    assert a.heights[-1] == 0.0 and max(a.heights) > 1.0
    assert a.duration_ms == round(1000 * physics.SAMPLE_DT * (len(a.points) - 1))


def test_flight_without_walls_comes_down_on_the_aimed_square_on_a_ballistic_arc():
    m = BattleMap(width=12, height=12)
    f = physics.fly(m, (0, 0), (9, 4))
    assert not f.stopped and not f.bounces and f.cell == (9, 4) and cell_of_point(f.points[-1]) == (9, 4)
    # the arc of a 35 degree lob of that length: peak = length * tan(35) / 4
    length = math.dist(cell_center((0, 0)), cell_center((9, 4)))
    assert abs(max(f.heights) - length * math.tan(math.radians(physics.LAUNCH_DEG)) / 4) < 0.05


def test_flight_points_move_steadily_toward_the_target():
    f = physics.fly(BattleMap(width=30, height=3), (0, 1), (29, 1))
    xs = [p[0] for p in f.points]
    assert xs == sorted(xs)
    assert all(abs(p[1] - 1.5) < 1e-9 for p in f.points)


def test_closed_door_stops_a_grenade_open_door_does_not():  # R-GREN-3
    m = BattleMap(width=10, height=3, doors=[Door(Segment(5, 0, 5, 3))])
    shut = physics.fly(m, (1, 1), (8, 1))
    assert shut.cell == (4, 1) and shut.bounces and _path_clear(m, shut)
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
    assert f.stopped and f.cell == (0, 0) and cell_of_point(f.points[-1]) == (0, 0) and _path_clear(m, f)


#: a crate on square (15, 3), walled all round
CRATE = [Segment(15, 3, 16, 3), Segment(16, 3, 16, 4), Segment(15, 4, 16, 4), Segment(15, 3, 15, 4)]


def test_a_throw_past_a_crates_outer_corner_flies_on():  # N-GREN-2; review 13 F13
    """A 10 ft diagonal throw whose line only touched a crate's corner came down at the thrower's
    feet, even with both dice on target: past an outer corner it flies on."""
    m = BattleMap(width=24, height=12, wall_segments=CRATE)
    f = physics.fly(m, (15, 2), (17, 4))  # through the crate's top-right corner (16, 3), outside it
    assert not f.stopped and f.cell == (17, 4) and _path_clear(m, f)
    across = physics.fly(m, (14, 2), (17, 5))  # corner (15, 3) to corner (16, 4): through the crate
    assert across.stopped and across.cell == (14, 2)


def test_a_throw_into_a_closed_corner_is_stopped():  # N-GREN-2
    """From inside an L of walls, a line through the L's corner has a wall on either side: stopped."""
    m = BattleMap(width=24, height=12, wall_segments=[Segment(16, 3, 16, 0), Segment(16, 3, 13, 3)])
    f = physics.fly(m, (15, 2), (17, 4))
    assert f.stopped and f.cell == (15, 2)
    outside = BattleMap(width=24, height=12, wall_segments=[Segment(16, 0, 16, 3), Segment(16, 3, 20, 3)])
    assert physics.landing_point(outside, (15, 2), (17, 4)).cell == (17, 4)  # the same corner from outside


def test_a_throw_off_the_map_comes_down_at_its_edge():  # R-GREN-3
    m = BattleMap(width=6, height=6)
    f = physics.fly(m, (2, 2), (9, 2))
    assert f.stopped and f.cell == (5, 2) and _path_clear(m, f)


_grids = st.lists(st.text(alphabet=".#", min_size=6, max_size=6), min_size=6, max_size=6).map("\n".join)
_cells = st.tuples(st.integers(0, 5), st.integers(0, 5))
_aims = st.tuples(st.integers(-3, 8), st.integers(-3, 8))


@settings(max_examples=60, deadline=None)
@given(_grids, _cells, _aims)
def test_every_flight_rests_on_the_rules_square_and_never_crosses_a_wall(text, start, aimed):  # R-GREN-3
    m = BattleMap.from_text(text)
    if start in m.walls.solid:
        return
    f = physics.fly(m, start, aimed)
    assert f.cell == physics.landing_point(m, start, aimed).cell
    assert cell_of_point(f.points[-1]) == f.cell and f.heights[-1] == 0.0
    assert _path_clear(m, f)


@settings(max_examples=200, deadline=None)
@given(_grids, _cells, _cells)
def test_first_crossing_is_where_line_clear_says_no(text, a, b):  # R-AOE-1: one wall index
    m = BattleMap.from_text(text)
    p, q = cell_center(a), cell_center(b)
    t = m.walls.first_crossing(p, q)
    assert (t is None) == m.walls.line_clear(p, q)
    if t is not None and t > 1e-6:  # the line is clear up to just before it
        s = t * 0.999
        assert m.walls.line_clear(p, (p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])))


@settings(max_examples=200, deadline=None)
@given(_grids, _cells, _cells)
def test_a_grazing_line_never_passes_between_two_squares_that_touch_at_a_corner(text, a, b):  # N-GREN-2
    """The graze rule never lets a grenade slip between two solid squares meeting corner to corner
    (R-GRID-4's spirit), nor crosses a wall's inside: what it passes, line_clear only failed by a touch."""
    m = BattleMap.from_text(text)
    p, q = cell_center(a), cell_center(b)
    t = m.walls.first_crossing(p, q, graze=True)
    if t is None and not m.walls.line_clear(p, q):
        hit = m.walls.first_crossing(p, q)
        assert hit is not None
        x, y = p[0] + hit * (q[0] - p[0]), p[1] + hit * (q[1] - p[1])
        assert abs(x - round(x)) < 1e-6 and abs(y - round(y)) < 1e-6, "passed a wall away from a corner"
        corner = (round(x), round(y))
        solid = [(corner[0] - dx, corner[1] - dy) in m.walls.solid for dx in (0, 1) for dy in (0, 1)]
        assert solid not in ([True, False, False, True], [False, True, True, False]), "slipped between diagonal squares"
