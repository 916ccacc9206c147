"""Starship combat arithmetic: Battle Damage DC (R-SHIP-3), the weapons pool (R-SHIP-4),
2d10 checks (R-SHIP-8).

What is tested: the exact odds the starship screen shows equal a brute-force count over
every face of every die, and the recorded roll reads the dice the same way.
"""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from tactics.rules.dice import Dice
from tactics.rules.starship import (
    bd_dc,
    check_text,
    damage_chance,
    die_success_chance,
    roll_check,
    roll_weapons,
    successes_distribution,
)


def test_bd_dc_default_is_4_4_and_the_texts_example_is_6_7():  # R-SHIP-3
    assert bd_dc(0, 0) == (4, 4)
    assert bd_dc(2, 0) == (6, 4)
    assert bd_dc(2, 3) == (6, 7)
    assert bd_dc(-1, 1) == (3, 5)


def _brute_successes(first: tuple[int, ...], rerolls: tuple[int, ...], threshold: int, bonus: int) -> int:
    """The rule text's procedure, written out naively: re-roll a success not yet re-rolled."""
    ok = [f + bonus >= threshold for f in first]
    unused = [i for i, s in enumerate(ok) if s]
    for face in rerolls:
        if not unused:
            break
        unused.pop()
        ok.append(face + bonus >= threshold)
        if ok[-1]:
            unused.append(len(ok) - 1)
    return sum(ok)


def _brute_distribution(n: int, points: int, threshold: int, bonus: int) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    for faces in product(range(1, 11), repeat=n + points):  # every re-roll face too, used or not
        counts[_brute_successes(faces[:n], faces[n:], threshold, bonus)] += 1
    total = 10 ** (n + points)
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


SMALL_POOLS = [(n, w) for n in range(0, 4) for w in range(0, 4) if n + w <= 4]


@pytest.mark.parametrize("n,points", SMALL_POOLS)
def test_damage_chance_equals_brute_force_for_small_pools(n, points):  # R-SHIP-4
    for threshold, bonus in [(1, 0), (4, 0), (7, 0), (10, 0), (11, 0), (4, 2), (7, 3), (12, 1), (3, -2)]:
        brute = _brute_distribution(n, points, threshold, bonus)
        assert successes_distribution(n, threshold, weapons_mod=points, sensor_bonus=bonus) == brute
        for count in range(-1, n + points + 2):
            want = sum((c for k, c in brute.items() if k >= count), Fraction(0))
            got = damage_chance(n, (count, threshold), weapons_mod=points, sensor_bonus=bonus)
            assert got == want, (n, points, threshold, bonus, count)


@pytest.mark.parametrize("n,points", [(1, 1), (2, 1), (2, 2), (3, 1)])
def test_recorded_roll_reads_every_face_sequence_like_the_odds(n, points):  # R-SHIP-4
    """roll_weapons fed every possible face sequence deals Battle Damage exactly as often
    as damage_chance says."""
    count, threshold = 2, 6
    hits = 0
    for faces in product(range(1, 11), repeat=n + points):
        roll = roll_weapons(Dice(0, typed=faces), n, (count, threshold), weapons_mod=points)
        hits += roll.battle_damage
    assert Fraction(hits, 10 ** (n + points)) == damage_chance(n, (count, threshold), weapons_mod=points)


def test_face_ten_is_ten_for_ship_dice():  # R-SHIP-4 (unlike R-GREN-2's 0)
    assert die_success_chance(10) == Fraction(1, 10)
    assert die_success_chance(11) == 0
    assert die_success_chance(11, sensor_bonus=1) == Fraction(1, 10)
    assert damage_chance(1, (1, 10)) == Fraction(1, 10)


def test_the_texts_examples():  # R-SHIP-3, R-SHIP-4
    # default 4,4 with four hard points and no re-rolls: every die must land 4+
    assert damage_chance(4, bd_dc(0, 0)) == Fraction(7, 10) ** 4
    # the 6,7 ship cannot be hurt by five dice without re-rolls
    assert damage_chance(5, bd_dc(2, 3)) == 0
    # ... but Weapons Mod +3 makes it possible
    assert damage_chance(5, bd_dc(2, 3), weapons_mod=3) > 0
    # a Scan with Sensor Mod +2 turns the 7 threshold into a 5
    assert damage_chance(6, (6, 7), sensor_bonus=2) == Fraction(6, 10) ** 6


def test_no_successes_means_no_rerolls():  # R-SHIP-4: re-rolls need a success to re-roll
    assert damage_chance(3, (1, 11), weapons_mod=5) == 0
    assert damage_chance(0, (1, 4), weapons_mod=5) == 0


def test_negative_weapons_mod_gives_no_rerolls():  # R-SHIP-4
    assert damage_chance(3, (3, 5), weapons_mod=-2) == damage_chance(3, (3, 5))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 6), st.integers(-2, 8), st.integers(1, 12), st.integers(0, 3), st.integers(-2, 4))
def test_more_of_anything_never_hurts(n, count, threshold, points, bonus):  # R-SHIP-4
    base = damage_chance(n, (count, threshold), weapons_mod=points, sensor_bonus=bonus)
    assert 0 <= base <= 1
    assert damage_chance(n + 1, (count, threshold), weapons_mod=points, sensor_bonus=bonus) >= base
    assert damage_chance(n, (count, threshold), weapons_mod=points + 1, sensor_bonus=bonus) >= base
    assert damage_chance(n, (count, threshold), weapons_mod=points, sensor_bonus=bonus + 1) >= base
    assert damage_chance(n, (count + 1, threshold), weapons_mod=points, sensor_bonus=bonus) <= base
    dist = successes_distribution(n, threshold, weapons_mod=points, sensor_bonus=bonus)
    assert sum(dist.values()) == 1


def test_rerolls_are_separate_recorded_dice():  # R-SHIP-4
    # faces: 5, 2, 9 against threshold 4 -> dice 0 and 2 succeed; two re-rolls: 8 (success), 3
    roll = roll_weapons(Dice(0, typed=[5, 2, 9, 8, 3]), 3, (4, 4), weapons_mod=2)
    assert [d.face for d in roll.dice] == [5, 2, 9, 8, 3]
    assert [d.success for d in roll.dice] == [True, False, True, True, False]
    assert [d.reroll_of for d in roll.dice] == [None, None, None, 0, 2]
    assert roll.successes == 3 and not roll.battle_damage
    assert roll.rerolls_used == 2


def test_a_rerolled_success_may_be_rerolled_again():  # R-SHIP-4
    roll = roll_weapons(Dice(0, typed=[7, 1, 9, 9]), 2, (4, 5), weapons_mod=3)
    assert [d.reroll_of for d in roll.dice] == [None, None, 0, 2, 3]
    assert roll.successes == 4 and roll.battle_damage


def test_sensor_bonus_adds_to_every_die():  # R-SHIP-4
    roll = roll_weapons(Dice(0, typed=[5, 4]), 2, (2, 7), sensor_bonus=2)
    assert [d.total for d in roll.dice] == [7, 6]
    assert [d.success for d in roll.dice] == [True, False]


def test_2d10_check_shows_every_part():  # R-SHIP-8, R-ROLL-2
    check = roll_check(Dice(0, typed=[7, 9, 1]), [("Sensor Mod", 2), ("bonus", 0)], dc=12, advantage=1)
    assert check.total == 7 + 9 + 1 + 2 and check.success
    assert check_text(check.to_dict()) == "2d10 (7, 9) + advantage d2 1 + Sensor Mod 2 = 19 vs DC 12: success"
