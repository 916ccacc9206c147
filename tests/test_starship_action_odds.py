"""Crew actions show their exact chance of success before the roll (R-SHIP-8: 2d10 + modifiers)."""

from fractions import Fraction
from itertools import product

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import StartSpaceCombat
from tactics.engine.starship.view import action_chance


def _surprise_round():
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=3)
    enc.submit(StartSpaceCombat())  # the unseen Red Maw acts first (R-SHIP-7)
    return enc


def _two_d10_at_least(n: int) -> Fraction:
    return Fraction(sum(1 for a, b in product(range(1, 11), repeat=2) if a + b >= n), 100)


def test_helm_check_odds_equal_the_2d10_enumeration():  # R-SHIP-8
    enc = _surprise_round()
    chance = action_chance(enc.state, "red_maw", "helm", "evasive", {})
    assert chance == _two_d10_at_least(12)
    with_bonus = action_chance(enc.state, "red_maw", "helm", "evasive", {"bonus": 3})
    assert with_bonus == _two_d10_at_least(9)


def test_no_chance_for_a_post_that_cannot_act_now():  # R-SHIP-7
    enc = _surprise_round()
    assert action_chance(enc.state, "wayfarer", "helm", "evasive", {}) is None
