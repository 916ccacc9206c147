"""Accuracy checks, outcomes and damage (R-ROLL-1, R-ROLL-2, R-HIT-1, R-HIT-2, R-HIT-3)."""

from fractions import Fraction

from hypothesis import given, strategies as st

from tactics.rules.attacks import (
    OUTCOMES,
    classify,
    damage_from_rolls,
    expected_damage,
    hit_chances,
    roll_accuracy,
    roll_damage,
)
from tactics.rules.dice import Dice


def test_outcome_bands():  # R-HIT-1
    ac = 15
    assert classify(12, 10, ac) == "miss"
    assert classify(13, 10, ac) == "minor"
    assert classify(14, 10, ac) == "minor"
    assert classify(15, 10, ac) == "hit"
    assert classify(18, 10, ac) == "hit"
    assert classify(19, 10, ac) == "major"


def test_natural_in_crit_range_is_critical_even_when_it_misses():  # R-HIT-2, N-CRIT-1
    assert classify(21, 20, 30) == "critical"
    assert classify(19, 19, 15) == "major"
    assert classify(19, 19, 15, crit_range=19) == "critical"


def test_two_weapon_threshold_is_five():  # R-HIT-3: AC 15 needs 20 for Extra Damage
    assert classify(19, 12, 15, extra_damage_threshold=5) == "hit"
    assert classify(20, 12, 15, extra_damage_threshold=5) == "major"
    assert classify(19, 12, 15, major_margin=5) == "hit"


def test_exact_chances_plain():  # R-HIT-1 by enumeration
    got = hit_chances(5, 15)
    assert got == {
        "miss": Fraction(7, 20),  # naturals 1..7 total 6..12
        "minor": Fraction(2, 20),  # 8, 9
        "hit": Fraction(4, 20),  # 10..13
        "major": Fraction(6, 20),  # 14..19
        "critical": Fraction(1, 20),
    }


def test_one_advantage_adds_one_affinity_die():  # R-ROLL-2
    plain = hit_chances(0, 12)
    adv = hit_chances(0, 12, advantage=1)
    many = hit_chances(0, 12, advantage=3)
    assert adv == many  # net advantage adds ONE die whatever the count
    # With a d2 the total is d20+1 or d20+2: hit (>= 12) on naturals 11..19 or 10..19.
    assert adv["hit"] + adv["major"] == Fraction(9 + 10, 40)
    assert adv["hit"] + adv["major"] > plain["hit"] + plain["major"]
    d4 = hit_chances(0, 12, advantage=1, affinity_die=4)
    assert d4["major"] > adv["major"]


def test_disadvantage_subtracts_one_d2():  # R-ROLL-2
    dis = hit_chances(0, 10, advantage=-2)
    assert dis == hit_chances(0, 10, advantage=-1)
    # total = natural - 1 or - 2; hit (10..13) on naturals 11..14 or 12..15, major >=14
    assert dis["miss"] == Fraction(8 + 9, 40)  # naturals 1..8 (-1) / 1..9 (-2) miss
    assert dis["critical"] == Fraction(1, 20)


@given(st.integers(-5, 15), st.integers(5, 30), st.integers(-3, 3), st.integers(15, 20))
def test_chances_sum_to_one(bonus, ac, adv, crit):
    got = hit_chances(bonus, ac, advantage=adv, crit_range=crit)
    assert set(got) == set(OUTCOMES)
    assert sum(got.values()) == 1
    assert got["critical"] == Fraction(21 - crit, 20)


def test_damage_per_outcome():  # R-HIT-1, R-HIT-2
    assert damage_from_rolls("miss", []) == (0, 0, 1, False)
    assert damage_from_rolls("minor", [7]) == (3, 7, 1, True)  # half, rounded down
    assert damage_from_rolls("hit", [7]) == (7, 7, 1, False)
    assert damage_from_rolls("major", [3, 6]) == (6, 6, 1, False)  # higher of two
    assert damage_from_rolls("critical", [3, 6], crit_multiplier=3) == (18, 6, 3, False)


def test_typed_dice_are_used_in_documented_order():
    """d20, advantage die, then damage rolls: a table's physical dice go in that order."""
    dice = Dice(1, 0, [14, 1, 4, 2])
    acc = roll_accuracy(dice, [("DEX", 3), ("weapon", 1)], advantage=1)
    assert (acc.natural, acc.extra, acc.total) == (14, 1, 19)
    dmg = roll_damage(dice, classify(acc.total, acc.natural, 15), "1d6+1")
    assert dmg.outcome == "major" and dmg.kept == 5 and dmg.amount == 5
    assert dice.typed_left == 0


def test_expected_damage_exact():
    chances = {"miss": Fraction(0), "minor": Fraction(0), "hit": Fraction(1), "major": Fraction(0), "critical": Fraction(0)}
    assert expected_damage(chances, "1d6+1") == Fraction(9, 2)
