"""Thrown explosives: range, scatter, landing with walls, cooking, blasts (R-GREN-1..6, N-GREN-1..3)."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from tactics.maps import BattleMap
from tactics.rules import explosives as ex
from tactics.rules.data import DataError
from tactics.rules.geometry import Segment

OPEN = BattleMap.from_text("\n".join(["." * 15] * 15))


# -- R-GREN-1 range ------------------------------------------------------------


def test_max_throw_is_30_plus_5_per_str_and_dex_modifier():  # R-GREN-1
    assert ex.max_throw_ft(0, 0) == 30
    assert ex.max_throw_ft(2, 3) == 55
    assert ex.max_throw_ft(-1, 1) == 30


def test_max_throw_never_below_5_ft():  # R-GREN-1
    assert ex.max_throw_ft(-5, -5) == 5
    assert ex.max_throw_ft(-4, -1) == 5
    assert ex.max_throw_ft(-4, 0) == 10


# -- R-GREN-2 scatter -------------------------------------------------------------


def test_scatter_faces_follow_the_book():  # R-GREN-2
    left = {d: ex.scatter(d, 5)[0] for d in range(1, 11)}
    assert left == {1: -3, 2: -2, 3: -1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 1, 9: 2, 10: 0}
    along = {d: ex.scatter(5, d)[1] for d in range(1, 11)}
    assert along == {1: -3, 2: -2, 3: -1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 1, 9: 2, 10: 0}


def test_scatter_axes_are_independent():  # R-GREN-2: first die across, second along
    assert ex.scatter(1, 9) == (-3, 2)
    assert ex.scatter(10, 2) == (0, -2)


def test_scatter_rejects_faces_off_a_d10():
    with pytest.raises(ValueError):
        ex.scatter(0, 5)
    with pytest.raises(ValueError):
        ex.scatter(5, 11)


def test_scatter_odds_sum_to_one_and_quarter_on_target():  # R-GREN-2
    odds = ex.scatter_odds()
    assert sum(odds.values()) == 1
    assert odds[(0, 0)] == Fraction(1, 4)
    assert odds[(-3, -3)] == Fraction(1, 100)
    assert odds[(0, 2)] == Fraction(5, 100)
    assert len(odds) == 36


def test_scatter_table_is_data(tmp_path):  # R-GREN-2: distances a table may change
    path = tmp_path / "scatter.toml"
    path.write_text("[scatter]\nacross = [-1,-1,-1,0,0,0,0,1,1,0]\nalong = [-1,-1,-1,0,0,0,0,1,1,0]\n")
    table = ex.load_scatter(path)
    assert ex.scatter(1, 9, table) == (-1, 1)
    bad = tmp_path / "bad.toml"
    bad.write_text("[scatter]\nacross = [1, 2]\nalong = [-1,-1,-1,0,0,0,0,1,1,0]\n")
    with pytest.raises(DataError) as err:
        ex.load_scatter(bad)
    assert "scatter.across" in str(err.value)


# -- landing (R-GREN-2/3, N-GREN-1/2) ---------------------------------------------


def test_scatter_turns_with_the_throw():  # N-GREN-1: across is the thrower's right
    # Throwing east, right is south; throwing north, right is east.
    assert ex.scattered_cell((0, 5), (6, 5), across=2, along=0) == (6, 7)
    assert ex.scattered_cell((5, 10), (5, 4), across=2, along=0) == (7, 4)
    assert ex.scattered_cell((5, 10), (5, 4), across=0, along=-3) == (5, 7)  # short: back toward thrower
    # Diagonal throw NE: long is one diagonal step per square.
    assert ex.scattered_cell((0, 10), (5, 5), across=0, along=2) == (7, 3)
    assert ex.scattered_cell((0, 10), (5, 5), across=1, along=0) == (6, 6)  # right of NE is SE


def test_on_target_landing_odds_on_open_ground():  # R-GREN-2
    odds = ex.landing_odds(OPEN, (1, 7), (8, 7))
    assert sum(odds.values()) == 1
    assert odds[(8, 7)] == Fraction(1, 4)
    assert ex.p_on_target(OPEN, (1, 7), (8, 7)) == Fraction(1, 4)
    # three squares left (north when throwing east) and on target along: 1/10 * 5/10
    assert odds[(8, 4)] == Fraction(5, 100)


def test_wall_between_thrower_and_target_stops_the_grenade():  # R-GREN-3, N-GREN-2
    m = BattleMap(width=12, height=5, wall_segments=[Segment(5, 0, 5, 5)])
    flight = ex.landing(m, (1, 2), (8, 2), 5, 5)
    assert flight.stopped
    assert flight.cell == (4, 2)  # drops in front of the wall
    odds = ex.landing_odds(m, (1, 2), (8, 2))
    assert sum(odds.values()) == 1
    assert all(c[0] <= 4 for c in odds)
    assert odds.get((8, 2), 0) == 0


def test_solid_squares_and_map_edge_stop_a_grenade():  # N-GREN-2
    m = BattleMap.from_text(
        "......\n"
        "...#..\n"
        "......\n"
    )
    assert ex.landing(m, (0, 1), (5, 1), 5, 5).cell == (2, 1)
    # long by 2 off the east edge of a 6-wide map: drops on the last square
    assert ex.landing(m, (0, 0), (5, 0), 5, 9).cell == (5, 0)


def test_throw_at_own_square_uses_facing():  # N-GREN-1
    assert ex.scattered_cell((3, 3), (3, 3), across=0, along=1, facing="W") == (2, 3)


# -- blasts (R-GREN-6, R-RAD-1, N-GREN-3) -------------------------------------------


def test_grenade_catalogue_loads_with_the_kinds_a_table_needs():
    kinds = ex.default_grenades()
    assert {"frag", "stun", "smoke", "emp"} <= set(kinds)
    assert kinds["frag"].damage == "3d6"


def test_bad_grenade_data_names_the_field(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('[grenade.dud]\ndamage = "three dice"\n')
    with pytest.raises(DataError) as err:
        ex.load_grenades(path)
    assert "grenade.dud.damage" in str(err.value)
    path.write_text('[grenade.dud]\nblast = 5\n')
    with pytest.raises(DataError):
        ex.load_grenades(path)


def test_five_foot_corner_blast_is_the_four_squares_on_the_throwers_side():  # R-RAD-1, N-GREN-3
    kind = ex.GrenadeKind(name="t", radius_ft=5, anchor="corner")
    # Thrown from the north-west: the corner nearest the thrower is the NW one.
    got = ex.blast_cells(kind, (5, 5), (0, 0))
    assert got == {(4, 4), (5, 4), (4, 5), (5, 5)}
    # Thrown from due west: NW and SW tie; the thrower's right (south) wins.
    got = ex.blast_cells(kind, (5, 5), (0, 5))
    assert got == {(4, 5), (5, 5), (4, 6), (5, 6)}


def test_center_blast_is_a_block_around_the_landing_square():  # R-RAD-1
    kind = ex.GrenadeKind(name="t", radius_ft=5, anchor="center")
    assert len(ex.blast_cells(kind, (5, 5), (0, 0))) == 9


def test_blast_after_dropping_at_a_wall_stays_on_the_throwers_side():  # N-GREN-3, R-AOE-1
    m = BattleMap(width=12, height=8, wall_segments=[Segment(6, 0, 6, 8)])
    kind = ex.default_grenades()["frag"]
    flight = ex.landing(m, (1, 4), (9, 4), 5, 5)
    cells = ex.blast_cells(kind, flight.cell, (1, 4), walls=m)
    assert cells and all(c[0] < 6 for c in cells)


def test_blast_odds_are_a_heatmap_of_probabilities():
    kind = ex.GrenadeKind(name="t", radius_ft=5, anchor="center")
    odds = ex.blast_odds(OPEN, (1, 7), (8, 7), kind)
    assert odds[(8, 7)] <= 1
    assert odds[(8, 7)] > Fraction(1, 4)


# -- cooking (R-GREN-5) ------------------------------------------------------------------


def test_cook_odds_exact():  # R-GREN-5: WIS DC 25, natural 1 explodes in hand
    odds = ex.cook_odds(5)
    assert odds == {"early": Fraction(1, 20), "dud": Fraction(18, 20), "in_hand": Fraction(1, 20)}
    assert sum(ex.cook_odds(3, net_advantage=1).values()) == 1
    # +3 with an advantage d2: need d20 + d2 >= 22: (20,2) only -> 1/40
    assert ex.cook_odds(3, net_advantage=1)["early"] == Fraction(1, 40)
    assert ex.cook_odds(0)["early"] == 0


def test_natural_one_explodes_in_hand_even_with_a_huge_modifier():  # R-GREN-5
    assert ex.cook_result(1, 40) == "in_hand"
    assert ex.cook_result(2, 25) == "early"
    assert ex.cook_result(20, 24) == "dud"


@given(st.integers(-5, 15), st.integers(0, 30), st.integers(-2, 2))
def test_check_odds_match_enumeration(mod, dc, adv):  # R-ROLL-2
    p = ex.check_odds(mod, dc, adv)
    assert 0 <= p <= 1
    if adv == 0:
        assert p == Fraction(sum(1 for d in range(1, 21) if d + mod >= dc), 20)
