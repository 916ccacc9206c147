"""Facing arcs and the facing table options (R-FACE-1, R-FACE-2)."""

import pytest
from hypothesis import given, strategies as st

from tactics.rules import facing as fc
from tactics.rules.grid import DIRECTIONS, step

# Expected arc of the neighbour in each direction, for a defender facing N.
FACING_N = {
    "N": "front", "NE": "front", "NW": "front",
    "E": "flank", "W": "flank",
    "SE": "rear", "S": "rear", "SW": "rear",
}


@pytest.mark.parametrize("facing", DIRECTIONS)
def test_arcs_for_all_8_facings(facing):  # R-FACE-2
    turn = DIRECTIONS.index(facing)
    for direction, arc in FACING_N.items():
        rotated = DIRECTIONS[(DIRECTIONS.index(direction) + turn) % 8]
        attacker = step((10, 10), rotated)
        assert fc.arc_of((10, 10), facing, attacker) == arc, (facing, rotated)


@given(st.sampled_from(DIRECTIONS), st.integers(-6, 6), st.integers(-6, 6))
def test_arc_counts_three_front_two_flank_three_rear_at_any_distance(facing, dx, dy):  # R-FACE-2
    if dx == dy == 0:
        return
    arc = fc.arc_of((0, 0), facing, (dx, dy))
    from tactics.rules.grid import direction_toward

    assert direction_toward((0, 0), (dx, dy)) in fc.arc_directions(facing, arc)


def test_far_attacker_is_judged_by_snapped_direction():  # R-FACE-2
    # Two squares east and one north is nearer NE than E: front for someone facing N.
    assert fc.arc_of((5, 5), "N", (7, 4)) == "front"
    assert fc.arc_of((5, 5), "N", (8, 5)) == "flank"
    assert fc.arc_of((5, 5), "N", (5, 9)) == "rear"


def test_same_square_has_no_arc():
    with pytest.raises(ValueError):
        fc.arc_of((1, 1), "N", (1, 1))


def test_keep_facing_a_target_follows_it():  # R-FACE-1
    assert fc.facing_toward((5, 5), (9, 5), "N") == "E"
    assert fc.facing_toward((5, 5), (1, 1), "N") == "NW"
    assert fc.facing_toward((5, 5), None, "S") == "S"


def test_table_options_are_off_by_default():  # R-FACE-2
    opts = fc.facing_options({})
    assert not opts.rear_arc_advantage and not opts.shield_front_only
    assert fc.attack_advantage(opts, "rear") == 0
    assert fc.shield_counts(opts, "rear")


def test_table_options_from_encounter_settings():  # R-FACE-2
    opts = fc.facing_options({"facing": {"rear_arc_advantage": True, "shield_front_only": True}})
    assert fc.attack_advantage(opts, "rear") == 1
    assert fc.attack_advantage(opts, "flank") == 0
    assert fc.shield_counts(opts, "front") and not fc.shield_counts(opts, "flank")


def test_bad_facing_setting_is_a_clear_error():
    from tactics.rules.data import DataError

    with pytest.raises(DataError) as err:
        fc.facing_options({"facing": {"rear_advantage": True}})
    assert "settings.facing" in str(err.value)
