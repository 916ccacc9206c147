"""Two-weapon fighting as the engine decides it (R-ACT-1, R-HIT-3; reading: N-TWF-1).

What is tested: an off-hand Bonus Attack (a second weapon that may be the off-hand) declared while
the one-weapon Standard Attack still waits makes the pair two-weapon fighting: the off-hand attack
happens after the Standard misses (R-ACT-1) and both need 5 over AC for Extra Damage, not 4
(R-HIT-3). Withdrawing that Bonus makes the Standard a one-weapon attack again; a Bonus declared
after a one-weapon Standard resolved is an ordinary one; a two-handed main weapon never fights with
two. The window's questions (``two_weapon_terms``, ``declared_two_weapon``, ``slots_left``) say the
same. Katie: Helix blade (main, STR 4) and Combat knife (off-hand); Bear 4 has AC 14. Typed dice
stand for the table's; the seed is fixed.
"""

from tactics.engine.combat.actions import Action, Declare, ResolveNext, Undeclare
from tactics.engine.combat.queries import declared_odds, declared_two_weapon, legal_kinds, slots_left, two_weapon_terms
from tactics.rules import actions as act

from test_ground_audit import fight, kinds, to_group


def katie_turn():
    enc = fight(katie=True)
    to_group(enc, "party:rearguard")
    return enc


def test_the_off_hand_bonus_declared_with_the_standard_makes_it_two_weapon_fighting():  # R-ACT-1, N-TWF-1
    enc = katie_turn()
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4")))  # no flag
    terms = two_weapon_terms(enc.state, "katie", act.BONUS_ATTACK, "combat_knife")
    assert terms is not None and terms.joins and (terms.main, terms.off_hand) == ("Helix blade", "Combat knife")
    assert (terms.threshold, terms.usual_threshold) == (5, 4)
    assert two_weapon_terms(enc.state, "katie", act.BONUS_ATTACK, "helix_blade") is None  # the same blade again
    enc.submit(Declare("katie", Action("bonus-attack", weapon="combat_knife", target="bear4")))
    standard, bonus = enc.state.combat.declarations_of("katie")
    assert bonus.params["two_weapon"] and declared_two_weapon(enc.state, standard.id)
    assert declared_odds(enc.state, standard.id).threshold == 5  # R-HIT-3 on the Standard too
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])  # 2 + d2 1 + STR 4 = 7 vs AC 14: miss
    hp = enc.state.combatants["bear4"].hp
    entry = enc.submit(ResolveNext(others_pass=True), typed=[10, 1, 3])  # 10 + 1 + 4 = 15 vs 14: Hit, knife 3
    assert "attack.rolled" in kinds(entry) and kinds(entry)[-1] == "action.resolved"
    assert enc.state.combatants["bear4"].hp == hp - 3


def test_beating_ac_by_4_is_no_major_hit_when_fighting_with_two_weapons():  # R-HIT-3
    enc = katie_turn()
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4")))
    enc.submit(Declare("katie", Action("bonus-attack", weapon="combat_knife", target="bear4")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[13, 1, 5])  # 13 + 1 + 4 = 18: AC + 4, one damage roll
    rolled = next(e for e in entry.events if e.kind == "attack.rolled")
    assert rolled.data["outcome"] == "hit"


def test_with_one_weapon_beating_ac_by_4_is_a_major_hit():  # R-HIT-1, the control
    enc = katie_turn()
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[13, 1, 5, 2])  # AC + 4: two damage rolls, the higher kept
    rolled = next(e for e in entry.events if e.kind == "attack.rolled")
    assert rolled.data["outcome"] == "major"


def test_withdrawing_the_off_hand_bonus_makes_the_standard_one_weapon_again():  # N-TWF-1
    enc = katie_turn()
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4")))
    enc.submit(Declare("katie", Action("bonus-attack", weapon="combat_knife", target="bear4")))
    standard, bonus = enc.state.combat.declarations_of("katie")
    enc.submit(Undeclare(bonus.id))
    assert not declared_two_weapon(enc.state, standard.id)
    assert declared_odds(enc.state, standard.id).threshold == 4


def test_a_bonus_after_a_one_weapon_standard_resolved_is_an_ordinary_one():  # R-ACT-1, N-TWF-1
    enc = katie_turn()
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4")))
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])  # miss, one weapon
    assert act.BONUS_ATTACK not in legal_kinds(enc.state, "katie")
    assert two_weapon_terms(enc.state, "katie", act.BONUS_ATTACK, "combat_knife") is None


def test_the_standard_declared_with_two_weapons_is_offered_only_for_a_one_handed_main():  # R-HIT-3
    enc = katie_turn()
    offer = two_weapon_terms(enc.state, "katie", act.STANDARD_ATTACK, "helix_blade", two_weapon=True)
    assert offer is not None and offer.off_hand == "Combat knife"
    assert two_weapon_terms(enc.state, "katie", act.STANDARD_ATTACK, "combat_knife", two_weapon=True) is None
    assert two_weapon_terms(enc.state, "art", act.STANDARD_ATTACK, "xeno_dart_rifle", two_weapon=True) is None


def test_after_a_two_weapon_miss_the_bonus_slot_stays_open():  # R-ACT-1
    enc = katie_turn()
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4", two_weapon=True)))
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])  # miss
    assert slots_left(enc.state, "katie")["bonus"] == 1 and act.BONUS_ATTACK in legal_kinds(enc.state, "katie")
