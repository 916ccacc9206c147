"""Walls stop steps and sight exactly where the geometry says (R-GRID-4, R-AOE-1)."""

from collections import Counter

from hypothesis import given, settings, strategies as st

from tactics.rules.geometry import Segment, segments_cross_strictly, segments_touch
from tactics.rules.grid import cell_center
from tactics.rules.walls import Walls

coord = st.floats(0, 12, allow_nan=False, allow_infinity=False)


@settings(max_examples=150)
@given(coord, coord, coord, coord)
def test_blocked_steps_match_brute_force(x1, y1, x2, y2):  # R-GRID-4
    seg = Segment(x1, y1, x2, y2)
    walls = Walls(14, 14, [seg])
    for c in range(-1, 15):
        for r in range(-1, 15):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                b = (c + dx, r + dy)
                crosses = segments_touch(cell_center((c, r)), cell_center(b), seg.a, seg.b)
                assert walls.edge_open((c, r), b) is not crosses


def test_wall_along_grid_line_blocks_crossing_not_walking_beside():  # R-GRID-4
    walls = Walls(4, 4, [Segment(2, 0, 2, 4)])
    assert not walls.step_allowed((1, 1), (2, 1))
    assert walls.step_allowed((1, 1), (1, 2))
    assert not walls.step_allowed((1, 1), (2, 2))


def test_sight_line_starting_on_a_wall_is_not_blocked_by_it():  # R-AOE-1
    walls = Walls(4, 4, [Segment(2, 0, 2, 4)])
    assert walls.line_clear((2, 2), (2.5, 1.5))
    assert walls.line_clear((2, 2), (1.5, 1.5))
    assert not walls.line_clear((1.5, 1.5), (2.5, 1.5))


def test_long_slanted_wall_builds_fast_enough_to_open_big_maps():
    walls = Walls(400, 400, [Segment(0.3, 0.2, 300.7, 299.1)])
    assert not walls.line_clear((10.5, 50.5), (50.5, 10.5))  # the two sides are cut off
    assert walls.line_clear((10.5, 50.5), (20.5, 60.5))


grid_coord = st.integers(-2, 15)


@settings(max_examples=150)
@given(grid_coord, grid_coord, grid_coord, grid_coord)
def test_grid_line_walls_block_the_steps_the_geometry_says(x1, y1, x2, y2):  # R-GRID-4
    """Walls on grid lines take a shortcut (a formula, not a test per cell): same answer."""
    seg = Segment(x1, y1, x2, y2)
    walls = Walls(14, 14, [seg])
    for c in range(-1, 15):
        for r in range(-1, 15):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                b = (c + dx, r + dy)
                crosses = segments_touch(cell_center((c, r)), cell_center(b), seg.a, seg.b)
                assert walls.edge_open((c, r), b) is not crosses


@settings(max_examples=60)
@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20))
def test_solid_squares_stop_the_same_steps_as_their_outline(solid):  # R-GRID-4
    """The step index leaves out the outline of solid squares: passability already refuses those steps."""
    walls = Walls(8, 8, [], solid)
    outline = walls.segments
    for c in range(8):
        for r in range(8):
            # the outline segments within a square of this one's centre: no other can touch a step from it
            # (each piece of a step runs between centres of squares beside each other); the rest of the
            # brute force tested each of them against each step, two thirds of this file's time
            near = [s for s in outline if max(s.a[0], s.b[0]) >= c - 0.75 and min(s.a[0], s.b[0]) <= c + 1.75
                    and max(s.a[1], s.b[1]) >= r - 0.75 and min(s.a[1], s.b[1]) <= r + 1.75]
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if not (dx or dy):
                        continue
                    a, b = (c, r), (c + dx, r + dy)
                    corners = [(a[0] + dx, a[1]), (a[0], a[1] + dy)] if dx and dy else []
                    pairs = [(a, b)] + [(a, s) for s in corners] + [(s, b) for s in corners]
                    # the outline is tested only where the squares allow the step (the slow part of the brute force)
                    brute = walls.passable(b) and all(walls.passable(s) for s in corners) and not any(
                        segments_touch(cell_center(p), cell_center(q), s.a, s.b) for p, q in pairs for s in near)
                    assert walls.step_allowed(a, b) is brute


half = st.integers(0, 24).map(lambda v: v / 2)  # grid lines and cell centres: lines that start on, run along or graze walls
point = st.tuples(st.one_of(half, coord), st.one_of(half, coord))


@settings(max_examples=200)
@given(st.lists(st.tuples(point, point), min_size=1, max_size=6), st.lists(st.tuples(point, point), min_size=1, max_size=8))
def test_sight_lines_match_every_wall_tested_one_by_one(walls_given, lines):  # R-AOE-1
    """line_clear skips the walls far from a line and remembers its answers: the same answers
    as testing the line against every wall, asked once or again."""
    segs = [Segment(a[0], a[1], b[0], b[1]) for a, b in walls_given]
    walls = Walls(13, 13, segs)
    for _ in range(2):
        for p, q in lines:
            plain = not any(segments_cross_strictly(p, q, s.a, s.b) for s in segs)
            assert walls.line_clear(p, q) is plain, (p, q)


@settings(max_examples=100, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 5)), max_size=25))
def test_solid_squares_given_as_rows_of_bits_answer_as_the_set_does(solid):  # R-GRID-4, R-AOE-1
    """A map's terrain gives its solid squares as rows of bits (no set of 300,000 squares made for
    a walled 1000x1000 map); every question about steps and sight must be answered the same."""
    rows = [sum(1 << c for c, r in solid if r == row) for row in range(6)]
    as_set, as_rows = Walls(8, 6, solid=solid), Walls(8, 6, solid_rows=rows)
    squares = [(c, r) for c in range(-1, 9) for r in range(-1, 7)]
    for a in squares:
        assert as_rows.is_solid(a) == as_set.is_solid(a) and as_rows.passable(a) == as_set.passable(a)
        for b in [(a[0] + dx, a[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]:
            assert as_rows.step_allowed(a, b) == as_set.step_allowed(a, b)
        assert as_rows.sees_cell((3.5, 2.5), a) == as_set.sees_cell((3.5, 2.5), a)
    assert as_rows.solid == frozenset(solid) and as_rows.solid_rows() == as_set.solid_rows()
    assert Counter(as_rows.segments) == Counter(as_set.segments)  # the same outline, in any order


def _unit_edges(segments):
    """Each segment as its unit grid edges ((x, y), horizontal?)."""
    out = []
    for seg in segments:
        if seg.y1 == seg.y2:
            out += [((x, int(seg.y1)), True) for x in range(int(min(seg.x1, seg.x2)), int(max(seg.x1, seg.x2)))]
        else:
            out += [((int(seg.x1), y), False) for y in range(int(min(seg.y1, seg.y2)), int(max(seg.y1, seg.y2)))]
    return out


@settings(max_examples=100, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 9), st.integers(0, 7)), max_size=40))
def test_the_solid_squares_outline_is_every_edge_between_solid_and_open_merged_in_runs(solid):  # R-AOE-1
    """Sight stops at a solid square's sides that face an open square (or the map's edge), and only
    there; the outline is worked out on the rows' bits, checked here square by square."""
    outline = Walls(10, 8, solid=solid).segments
    edges = _unit_edges(outline)
    expected = set()
    for c, r in solid:
        for (dc, dr), edge in (((0, -1), ((c, r), True)), ((0, 1), ((c, r + 1), True)),
                               ((-1, 0), ((c, r), False)), ((1, 0), ((c + 1, r), False))):
            if (c + dc, r + dr) not in solid:
                expected.add(edge)
    assert Counter(edges) == Counter(expected)  # each edge once: no overlapping pieces
    ends = Counter((s.x1, s.y1, s.y1 == s.y2) for s in outline) + Counter((s.x2, s.y2, s.y1 == s.y2) for s in outline)
    for seg in outline:  # merged: no piece ends where another of the same line begins
        assert ends[(seg.x2, seg.y2, seg.y1 == seg.y2)] == 1 or (seg.x1, seg.y1) == (seg.x2, seg.y2)
