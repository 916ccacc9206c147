"""A grenade throw is an Attack action for the action economy, resolved in the Use Item slot (review 8
rules, finding 5; R-ORD-1, R-ACT-1; reading: N-GREN-12).

What is tested: after declaring a throw the Bonus Attack is open; a throw whose two scatter d10s both
succeed is on target and its Bonus Attack is rolled; a scattered throw is off target and the Bonus
Attack declared with it is lost; the throw still resolves after an attack declared with it (the Use
Item slot), as the text orders.
"""

from __future__ import annotations

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.queries import describe, legal_kinds, preview_order, slots_left

from test_ground_audit import fight


def throw_with_bonus() -> object:
    enc = fight()
    enc.submit(DoNothing("brandon"))
    enc.submit(Declare("james", Action("use-item", item="grenade", target_cell=(7, 4), grenade="frag")))
    assert "bonus-attack" in legal_kinds(enc.state, "james")  # the throw is an Attack action
    assert slots_left(enc.state, "james")["bonus"] == 1
    enc.submit(Declare("james", Action("bonus-attack", weapon="holdout_pistol", target="bear2")))
    return enc


def test_a_throw_on_target_grants_the_bonus_attack():  # R-ACT-1 "A successful Attack Standard action"
    enc = throw_with_bonus()
    entry = enc.submit(ResolveNext(), typed=[5, 10])  # 4-7 and 0 (a 10): on target on both axes
    assert describe(entry.events[-1], enc.state) == "James' Use Item: the throw is on target."
    entry = enc.submit(ResolveNext())
    assert "attack.rolled" in [e.kind for e in entry.events]


def test_a_scattered_throw_loses_the_bonus_attack():
    enc = throw_with_bonus()
    entry = enc.submit(ResolveNext(), typed=[9, 10])  # 9: two squares to the right
    assert describe(entry.events[-1], enc.state) == "James' Use Item: the throw is off target."
    entry = enc.submit(ResolveNext())
    assert [e.kind for e in entry.events] == ["action.lost"]
    assert "did not succeed" in describe(entry.events[0], enc.state)


def test_declared_after_an_on_target_throw_the_bonus_attack_is_still_open():  # N-ORD-4 late kinds
    enc = fight()
    enc.submit(DoNothing("brandon"))
    enc.submit(Declare("james", Action("use-item", item="grenade", target_cell=(7, 4), grenade="frag")))
    enc.submit(ResolveNext(), typed=[5, 5])
    assert legal_kinds(enc.state, "james") == ["bonus-attack", "simple-after"]
    enc.submit(Declare("james", Action("bonus-attack", weapon="holdout_pistol", target="bear2")))


def test_the_throw_still_resolves_in_the_use_item_slot():  # R-ORD-1
    enc = fight()
    enc.submit(Declare("brandon", Action("use-item", item="grenade", target_cell=(7, 4), grenade="frag")))
    enc.submit(Declare("james", Action("standard-attack", weapon="holdout_pistol", target="bear1")))
    # Brandon's Initiative (7) is higher than James's (6), yet the attack comes before the Use Item slot
    assert [p["combatant"] for p in preview_order(enc.state)] == ["james", "brandon"]
