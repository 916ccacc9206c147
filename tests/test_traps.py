"""Trap and mine rules: catalogue, triggers, detection, disarming, setting (R-TRAP-1..6, N-TRAP-1..6)."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from tactics.maps import BattleMap
from tactics.rules import traps as tr
from tactics.rules.data import DataError
from tactics.rules.geometry import Segment

KINDS = tr.default_trap_kinds()
OPEN = BattleMap.from_text("\n".join(["." * 12] * 12))


def trap(kind: str, cell=(5, 5), **kw) -> tr.Trap:
    return tr.make_trap("t", KINDS[kind], cell, **kw)


# -- catalogue (R-TRAP-1) --------------------------------------------------------------


def test_catalogue_has_every_kind_the_rules_name():  # R-TRAP-1
    wanted = {
        "simple_mechanical", "frag_mine", "stealth_mine", "clocked_mine", "chasing_mine",
        "directional_mine", "tripwire", "proximity_sensor", "remote_charge",
    }
    assert wanted <= set(KINDS)
    assert {k.trigger for k in KINDS.values()} >= {"contact", "tripwire", "proximity", "remote"}


def test_detection_dcs_follow_the_text():  # R-TRAP-1: simple 10, Stealth +2, Clocked +5
    assert KINDS["simple_mechanical"].detection_dc == 10
    assert KINDS["stealth_mine"].detection_dc == 12 and KINDS["stealth_mine"].detection_bonus == 2
    assert KINDS["clocked_mine"].detection_dc == 15 and KINDS["clocked_mine"].detection_bonus == 5


def test_proximity_ranges_within_the_text():  # R-TRAP-1: 10 to 50 ft
    for kind in KINDS.values():
        if kind.trigger == "proximity":
            assert 10 <= kind.proximity_ft <= 50


def test_bad_trap_data_names_item_and_field(tmp_path):
    path = tmp_path / "traps.toml"
    path.write_text('[trap.oops]\ntrigger = "proximity"\n')
    with pytest.raises(DataError) as err:
        tr.load_trap_kinds(path)
    assert "trap.oops" in str(err.value) and "proximity_ft" in str(err.value)
    path.write_text('[trap.oops]\ntrigger = "laser"\n')
    with pytest.raises(DataError):
        tr.load_trap_kinds(path)
    path.write_text('[rules]\nsave_bse = 10\n[trap.ok]\n')
    with pytest.raises(DataError) as err:
        tr.load_trap_rules(path)
    assert "rules.save_bse" in str(err.value)


def test_cone_mine_needs_a_facing_and_tripwire_an_end():
    with pytest.raises(ValueError):
        trap("directional_mine")
    with pytest.raises(ValueError):
        trap("tripwire")


# -- triggers (R-TRAP-4, N-TRAP-3) ------------------------------------------------------


def test_contact_trap_goes_off_on_entering_its_square():  # R-TRAP-4
    t = trap("simple_mechanical", (3, 0))
    assert tr.first_trigger([t], (0, 0), [(1, 0), (2, 0), (3, 0), (4, 0)]) == (2, [t])
    assert tr.first_trigger([t], (0, 0), [(1, 1), (2, 1), (3, 1), (4, 1)]) is None


def test_walking_across_a_tripwire_sets_it_off_where_it_is_crossed():  # R-TRAP-4, N-TRAP-3
    wire = trap("tripwire", (2, 0), wire_end=(2, 6))  # a wire down column 2
    path = [(1, 3), (2, 3), (3, 3), (4, 3)]
    assert tr.first_trigger([wire], (0, 3), path) == (1, [wire])
    # A diagonal wire crossed between squares: the step whose line meets it.
    diag = trap("tripwire", (0, 0), wire_end=(4, 4))
    assert tr.step_sets_off(diag, (2, 1), (1, 2))
    assert not tr.step_sets_off(diag, (3, 1), (4, 1))


def test_stepping_off_a_wire_does_not_set_it_off():  # N-TRAP-3
    wire = trap("tripwire", (2, 0), wire_end=(2, 6))
    assert not tr.step_sets_off(wire, (2, 3), (3, 3))
    assert tr.step_sets_off(wire, (2, 3), (2, 4))  # walking along it does


def test_proximity_triggers_on_first_square_inside_and_walls_hide_movers():  # N-TRAP-3
    t = trap("proximity_sensor", (6, 5))  # 10 ft
    path = [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    assert tr.first_trigger([t], (0, 5), path, OPEN) == (3, [t])
    walled = BattleMap(width=12, height=12, wall_segments=[Segment(5, 0, 5, 12)])
    assert tr.first_trigger([t], (0, 5), path[:4], walled) is None  # (4, 5) is behind the wall


def test_remote_and_timer_traps_ignore_movers():  # R-TRAP-4
    for kind in ("remote_charge", "clocked_mine"):
        t = trap(kind, (1, 0))
        assert tr.first_trigger([t], (0, 0), [(1, 0), (2, 0)]) is None


def test_disarmed_trap_does_not_go_off():
    t = trap("simple_mechanical", (1, 0))
    t.status = "disarmed"
    assert tr.first_trigger([t], (0, 0), [(1, 0)]) is None


# -- effects (R-TRAP-4, R-CONE-2) -------------------------------------------------------------


def test_reflex_dc_is_10_plus_level_and_chasing_adds_5():  # R-TRAP-4
    assert tr.save_dc(trap("simple_mechanical")) == 11
    assert tr.save_dc(trap("frag_mine")) == 12
    assert tr.save_dc(trap("chasing_mine")) == 10 + KINDS["chasing_mine"].level + 5


def test_cone_mine_starts_on_its_own_square():  # R-CONE-2
    t = trap("directional_mine", (5, 5), facing="E")
    cells = tr.trap_area(t)
    assert (5, 5) in cells and len(cells) == 9 and (4, 5) not in cells


def test_radius_zero_trap_hits_only_its_square():
    assert tr.trap_area(trap("simple_mechanical", (2, 2))) == {(2, 2)}


def test_chasing_mine_rolls_to_the_nearest_creature():  # R-TRAP-4
    t = trap("chasing_mine", (0, 0))  # chase 30 ft
    assert tr.chase_path(t, [(4, 0), (0, 9)]) == ((1, 0), (2, 0), (3, 0), (4, 0))
    assert len(tr.chase_path(t, [(10, 10)])) == 6  # 30 ft of its 50 ft
    walled = BattleMap(width=12, height=12, wall_segments=[Segment(2, 0, 2, 12)])
    assert tr.chase_path(t, [(4, 0)], walled) == ((1, 0),)


# -- detection (R-TRAP-2, N-TRAP-4, N-TRAP-5) --------------------------------------------


def test_passive_perception_is_10_plus_perception():  # R-TRAP-2
    assert tr.passive_perception(3) == 13
    assert tr.passive_perception(3, advantage=1) == 14  # N-TRAP-4: d2 average rounded down
    assert tr.passive_perception(3, advantage=-1) == 12


def test_engineer_sense_and_reach():  # R-TRAP-2, N-TRAP-5
    t = trap("frag_mine", (0, 0))
    assert tr.scan_range_ft({"Engineer"}) == 20 and tr.scan_range_ft(set()) == 10
    assert tr.sense_modifiers(t, (4, 0), {"Engineer"}) == (2, 0)
    assert tr.sense_modifiers(t, (5, 0), {"Engineer"}) == (0, 0)
    assert tr.sense_modifiers(t, (1, 0), {"Electro-Mancer"}) == (0, 1)  # electronic
    assert tr.sense_modifiers(trap("simple_mechanical", (0, 0)), (1, 0), {"Electro-Mancer"}) == (0, 0)


def test_wire_is_seen_anywhere_along_it():
    wire = trap("tripwire", (0, 0), wire_end=(0, 8))
    assert tr.trap_distance_ft(wire, (2, 8)) == 10


def test_active_search_odds_exact():  # R-TRAP-2
    assert tr.detect_odds(3, 15) == Fraction(9, 20)
    assert tr.detect_odds(3, 15, bonus=2) == Fraction(11, 20)


# -- disarming (R-TRAP-3) --------------------------------------------------------------------


def test_disarm_odds_out_of_combat_exact():  # R-TRAP-3
    odds = tr.disarm_odds(2, 10)
    # d20 + 2: 8+ disarms (13/20); 4..7 within 4 (4/20); 1..3 fail by 5+ (3/20)
    assert odds == {"disarmed": Fraction(13, 20), "retry": Fraction(4, 20), "triggered": Fraction(3, 20)}


def test_disarm_in_combat_has_disadvantage():  # R-TRAP-3
    odds = tr.disarm_odds(3, 10, in_combat=True)
    # d20 - d2 + 3 >= 10: (13 + 12) / 40; <= 5: (3 + 4) / 40
    assert odds == {"disarmed": Fraction(25, 40), "retry": Fraction(8, 40), "triggered": Fraction(7, 40)}


@given(st.integers(-3, 12), st.integers(5, 30), st.booleans())
def test_disarm_odds_sum_to_one(mod, dc, in_combat):  # R-TRAP-3
    assert sum(tr.disarm_odds(mod, dc, in_combat=in_combat).values()) == 1


def test_disarm_result_margins():  # R-TRAP-3
    assert tr.disarm_result(10, 10) == "disarmed"
    assert tr.disarm_result(6, 10) == "retry"
    assert tr.disarm_result(5, 10) == "triggered"


# -- setting (R-TRAP-5, N-TRAP-1) -----------------------------------------------------------------


def test_set_odds_exact():  # R-TRAP-5: DC 5, natural 1 explodes
    assert tr.set_odds(0) == {"set": Fraction(16, 20), "failed": Fraction(3, 20), "explodes": Fraction(1, 20)}
    assert tr.set_odds(4) == {"set": Fraction(19, 20), "failed": Fraction(0), "explodes": Fraction(1, 20)}


def test_setters_result_is_the_detection_dc():  # R-TRAP-5, N-TRAP-1
    assert tr.set_trap_dcs(KINDS["frag_mine"], 17) == (17, 10)  # the default unless the setter chooses (R-TRAP-3)
    assert tr.set_trap_dcs(KINDS["stealth_mine"], 17) == (19, 10)
    assert tr.set_trap_dcs(KINDS["frag_mine"], 17, wanted_disarm_dc=12) == (17, 12)
    assert tr.set_trap_dcs(KINDS["frag_mine"], 17, wanted_disarm_dc=25) == (17, 17)
    assert tr.set_trap_dcs(KINDS["frag_mine"], 7) == (7, 10)  # disarm DC never below 10


# -- what players see (R-TRAP-6) ---------------------------------------------------------------


def test_undetected_trap_is_not_visible_to_players():  # R-TRAP-6
    t = trap("frag_mine")
    assert not tr.visible_to_players(t)
    t.players_know = True
    assert tr.visible_to_players(t)
    t.status = "spent"
    assert not tr.visible_to_players(t)
    shown = trap("frag_mine", hidden=False)
    assert tr.visible_to_players(shown)


def test_trap_round_trips_through_json():
    import json

    t = trap("tripwire", (1, 1), wire_end=(1, 5))
    again = tr.Trap.from_dict(json.loads(json.dumps(t.to_dict())))
    assert again == t
