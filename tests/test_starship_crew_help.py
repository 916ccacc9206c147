"""Starship crew rules of issue 11 (points 17-19), through the command API with typed dice.

What is tested:
- the Chief Engineer chooses to act in the Action Phase at its start, before any roll of the
  phase is noted, and then gives up the Response Phase (R-SHIP-2, N-SHIP-2);
- help inside a crew does not depend on who rolled first: a Captain's order given after the
  ordered post rolled, and a Scan rolled after the volley, count as if given before (R-SHIP-1,
  N-SHIP-1): the same dice give the same ship state in either order;
- counter-hacking stops a hack of the same phase, whoever rolled first, and ends one in effect,
  when its total reaches the hack's (N-SHIP-3);
- the Medical Officer treats a post whose crew Battle Damage injured, so it acts again next round
  (N-SHIP-4).
"""

import pytest

from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Refused
from tactics.engine.starship.commands import EndPhase, FireWeapons, StartSpaceCombat, TakeAction, posts_in_phase
from tactics.engine.starship.state import effective
from tactics.engine.starship.view import actions_offered, describe, posts_acting_now
from tactics.maps import BattleMap

RAIDER = {"name": "Jackal", "max_battle_damage": 3, "functions": ["grapple"],
          "hard_points": [{"name": "Gun", "weapon": "Laser"}]}


def _battle(seed: int = 1) -> Encounter:
    """The Wayfarer (hacking; mods armor 1, shield 1, weapons 2, sensor 2; 3 hard points) against
    the Jackal (all mods 0, BD DC 4,4), both fully crewed."""
    crew = {"captain": "Kay", "science": "James", "helm": "Bran", "sensors": "Nyx", "weapons": "Art",
            "medical": "Doc", "engineer": "Okafor"}
    definition = {
        "name": "Crew help",
        "space": {"ships": [
            {"id": "wayfarer", "ship": "wayfarer", "side": "party", "position": [0, 0], "crew": crew},
            {"id": "jackal", "spec": RAIDER, "side": "pirates", "position": [10, 0],
             "crew": {post: f"{who} II" for post, who in crew.items()}},
        ]},
    }
    enc = Encounter(definition, BattleMap.from_text("...\n...\n"), seed=seed)
    enc.submit(StartSpaceCombat())
    return enc


def _space(enc: Encounter):
    return enc.state.space


# -- 17: the Chief Engineer's choice -----------------------------------------------------------


def test_engineer_chooses_the_action_phase_at_its_start_before_any_roll():  # R-SHIP-2, N-SHIP-2
    enc = _battle()
    enc.submit(EndPhase())  # Support
    # at the start of the Action Phase both engineers may still choose
    assert "engineer" in posts_acting_now(enc.state, "jackal")
    assert "engineer_to_action" in [a.name for a in actions_offered(enc.state, "jackal", "engineer")]
    chosen = enc.submit(TakeAction("jackal", "engineer", "engineer_to_action"))
    assert "Commit to the Action Phase" in describe(chosen.events[0])  # (review 18: was "Act in this ...")
    assert "engineer_to_action" not in [a.name for a in actions_offered(enc.state, "jackal", "engineer")]
    with pytest.raises(Refused, match="already acts"):
        enc.submit(TakeAction("jackal", "engineer", "engineer_to_action"))
    # the first roll of the phase is noted (by either ship): the Wayfarer's engineer can no longer choose
    enc.submit(TakeAction("wayfarer", "helm", "evasive"), typed=[9, 9])
    assert "engineer" not in posts_acting_now(enc.state, "wayfarer")
    with pytest.raises(Refused, match="at its start, before any roll"):
        enc.submit(TakeAction("wayfarer", "engineer", "engineer_to_action"))
    # the Jackal's engineer, who chose in time, acts later in the phase
    assert "engineer" in posts_acting_now(enc.state, "jackal")
    enc.submit(TakeAction("jackal", "engineer", "grapple", {"target": "wayfarer"}), typed=[9, 9])
    enc.submit(EndPhase())
    # Response: the Jackal's engineer gave it up; the Wayfarer's acts here when there is
    # Battle Damage to repair (with none, Repair is not offered and the post is not asked)
    assert "engineer" not in posts_acting_now(enc.state, "jackal")
    wayfarer = enc.state.space.ships["wayfarer"]
    assert ("engineer" in posts_acting_now(enc.state, "wayfarer")) == bool(wayfarer.battle_damage)


def test_choosing_without_acting_still_gives_up_the_response_phase():  # N-SHIP-2
    enc = _battle()
    enc.submit(EndPhase())
    enc.submit(TakeAction("jackal", "engineer", "engineer_to_action"))
    enc.submit(EndPhase())
    # the engineer is not in the Response Phase's list (and, with no one injured, nor is the Medical
    # Officer: nothing to treat, review 18 finding 4, N-SHIP-4)
    assert "engineer" not in posts_in_phase(enc.state.space, enc.state.space.ships["jackal"])
    assert posts_acting_now(enc.state, "jackal") == []
    with pytest.raises(Refused, match="acted in the Action Phase"):
        enc.submit(TakeAction("jackal", "engineer", "repair"))


def test_engineers_first_action_of_the_phase_is_the_choice_itself():  # N-SHIP-2
    enc = _battle()
    enc.submit(EndPhase())
    enc.submit(TakeAction("jackal", "engineer", "grapple", {"target": "wayfarer"}), typed=[9, 9])
    assert "jackal" in _space(enc).engineer_in_action


# -- 18: help does not depend on who rolled first ----------------------------------------------


def _boost_with_order(order_first: bool) -> Encounter:
    """Support: the Wayfarer's Science Officer boosts the shields (2d10 + Shield Mod 1 vs DC 12),
    the Captain orders her; 2d10 = 5 + 5 and the order's d2 = 2 either way."""
    enc = _battle()
    if order_first:
        enc.submit(TakeAction("wayfarer", "captain", "order", {"post": "science"}))
        enc.submit(TakeAction("wayfarer", "science", "boost_shields"), typed=[5, 5, 2])
        enc.submit(EndPhase())
    else:
        enc.submit(TakeAction("wayfarer", "science", "boost_shields"), typed=[5, 5])  # 11: fails for now
        enc.submit(TakeAction("wayfarer", "captain", "order", {"post": "science"}))
        enc.submit(EndPhase(), typed=[2])  # the order's d2 lands when the phase ends
    return enc


def test_captains_order_counts_whoever_rolled_first():  # R-SHIP-1, R-SHIP-2, N-SHIP-1
    before, after = _boost_with_order(True), _boost_with_order(False)
    for enc in (before, after):
        wayfarer = _space(enc).ships["wayfarer"]
        assert effective(_space(enc), wayfarer, "shield_mod") == 2  # 11 + d2 2 = 13 vs 12: boosted
    helped = next(e for e in after.journal.events if e.kind == "space.check_helped")
    assert helped.data["flipped"] and helped.data["check"]["total"] == 13
    assert "order reaches James" in describe(helped)
    assert _space(before).ships == _space(after).ships


def _volley_with_scan(scan_first: bool) -> Encounter:
    """Action: the Wayfarer's Scan of the Jackal (+2 per die) and a 3-die volley (faces 2, 2, 5;
    re-roll faces 1 then 6; 2 re-rolls) against BD DC 4,4, in either order; then the chart's 2d6."""
    enc = _battle()
    enc.submit(EndPhase())
    scan = TakeAction("wayfarer", "sensors", "scan", {"target": "jackal"})
    fire = FireWeapons("wayfarer", [], "jackal")
    if scan_first:
        enc.submit(scan, typed=[9, 9])
        enc.submit(fire, typed=[2, 2, 5, 1, 6])
        enc.submit(EndPhase(), typed=[3, 4])
    else:
        fired = enc.submit(fire, typed=[2, 2, 5, 1])  # without the Scan: one success, its re-roll fails
        assert fired.events[0].data["successes"] == 1 and not fired.events[0].data["battle_damage"]
        enc.submit(scan, typed=[9, 9])
        enc.submit(EndPhase(), typed=[6, 3, 4])  # the re-roll the Scan's bonus earns, then the chart
    return enc


def test_scan_counts_whoever_rolled_first():  # R-SHIP-1, R-SHIP-4, N-SHIP-1
    before, after = _volley_with_scan(True), _volley_with_scan(False)
    for enc in (before, after):
        settled = next(e for e in enc.journal.events if e.kind == "space.volley_settled")
        assert [d["face"] for d in settled.data["dice"]] == [2, 2, 5, 1, 6]
        assert settled.data["sensor_bonus"] == 2 and settled.data["successes"] == 4
        assert _space(enc).ships["jackal"].damage == 1
    assert _space(before).ships == _space(after).ships
    late = next(e for e in after.journal.events if e.kind == "space.volley_settled")
    assert "with the Scan's +2" in describe(late) and "Battle Damage!" in describe(late)


# -- 19: counter-hacking ---------------------------------------------------------------------


def _hack_and_counter(counter_faces: list[int], counter_first: bool) -> Encounter:
    """The Wayfarer's held Science Officer hacks the Jackal's shields in the Action Phase
    (2d10 6 + 6 + Sensor Mod 2 = 14 vs DC 12 + 0); the Jackal's Sensors Officer counter-hacks
    (2d10 + Sensor Mod 0 vs DC 10)."""
    enc = _battle()
    enc.submit(TakeAction("wayfarer", "science", "hold"))
    enc.submit(EndPhase())
    hack = TakeAction("wayfarer", "science", "hack_shields", {"target": "jackal"})
    counter = TakeAction("jackal", "sensors", "counter_hack_sensors")
    if counter_first:
        enc.submit(counter, typed=counter_faces)
        enc.submit(hack, typed=[6, 6])
    else:
        enc.submit(hack, typed=[6, 6])
        enc.submit(counter, typed=counter_faces)
    enc.submit(EndPhase())
    return enc


@pytest.mark.parametrize("counter_first", [True, False])
def test_counter_hack_that_reaches_the_hack_stops_it(counter_first):  # N-SHIP-3, R-SHIP-1
    enc = _hack_and_counter([7, 7], counter_first)  # 14 reaches 14
    jackal = _space(enc).ships["jackal"]
    assert effective(_space(enc), jackal, "shield_mod") == 0
    countered = next(e for e in enc.journal.events if e.kind == "space.hack_countered")
    assert "stops 1 hack" in describe(countered)


def test_counter_hack_below_the_hack_does_not_stop_it():  # N-SHIP-3
    enc = _hack_and_counter([6, 7], counter_first=True)  # 13 < 14: a success vs DC 10, but beaten
    jackal = _space(enc).ships["jackal"]
    assert effective(_space(enc), jackal, "shield_mod") == -1


def test_counter_hack_ends_a_hack_already_in_effect():  # N-SHIP-3
    enc = _battle()
    enc.submit(TakeAction("wayfarer", "science", "hack_shields", {"target": "jackal"}), typed=[6, 6])  # 14
    enc.submit(EndPhase())
    jackal = _space(enc).ships["jackal"]
    assert effective(_space(enc), jackal, "shield_mod") == -1  # hacked for the Action Phase
    enc.submit(TakeAction("jackal", "sensors", "counter_hack_sensors"), typed=[8, 8])
    enc.submit(EndPhase())
    assert effective(_space(enc), _space(enc).ships["jackal"], "shield_mod") == 0  # gone from the Response on


def test_science_officer_counter_hacks_only_after_holding():  # R-SHIP-2 (the text's Action Phase)
    enc = _battle()
    enc.submit(EndPhase())
    assert "counter_hack" not in [a.name for a in actions_offered(enc.state, "jackal", "science")]
    enc = _battle()
    enc.submit(TakeAction("jackal", "science", "hold"))
    enc.submit(EndPhase())
    assert "counter_hack" in [a.name for a in actions_offered(enc.state, "jackal", "science")]


# -- 19: the Medical Officer ---------------------------------------------------------------------


def _bridge_hit() -> Encounter:
    """The Wayfarer's volley hits the Jackal; 2d6 = 12: the Captain is injured."""
    enc = _battle()
    enc.submit(EndPhase())
    enc.submit(FireWeapons("wayfarer", [], "jackal"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[6, 6])
    return enc


def test_injured_captain_cannot_act_until_treated():  # N-SHIP-4, R-SHIP-5
    enc = _bridge_hit()
    enc.submit(EndPhase())  # no treatment
    assert "captain" not in posts_acting_now(enc.state, "jackal")
    with pytest.raises(Refused, match="injured"):
        enc.submit(TakeAction("jackal", "captain", "order", {"post": "weapons"}))


def test_medical_officer_treats_the_injured_captain():  # R-SHIP-2 (Medical Officer), N-SHIP-4
    enc = _bridge_hit()
    assert "treat" in [a.name for a in actions_offered(enc.state, "jackal", "medical")]
    enc.submit(TakeAction("jackal", "medical", "treat", {"post": "captain"}), typed=[6, 5])  # 11 - 1 (the hit's check penalty) vs 10
    end = enc.submit(EndPhase())
    treated = next(e for e in end.events if e.kind == "space.treated")
    assert "can act again" in describe(treated)
    assert "captain" in posts_acting_now(enc.state, "jackal")
    assert _space(enc).ships["jackal"].damage == 1  # the Battle Damage itself is the engineer's


def test_failed_treatment_leaves_the_captain_injured():  # N-SHIP-4
    enc = _bridge_hit()
    enc.submit(TakeAction("jackal", "medical", "treat", {"post": "captain"}), typed=[1, 2])
    enc.submit(EndPhase())
    assert "captain" not in posts_acting_now(enc.state, "jackal")


def test_a_hack_the_late_order_carried_is_countered_by_its_total_with_the_d2():  # N-SHIP-1, N-SHIP-3
    enc = _battle()
    enc.submit(TakeAction("wayfarer", "science", "hack_shields", {"target": "jackal"}), typed=[5, 4])  # 11 < 12
    enc.submit(TakeAction("wayfarer", "captain", "order", {"post": "science"}))
    enc.submit(EndPhase(), typed=[2])  # 11 + d2 2 = 13: the hack lands
    jackal = _space(enc).ships["jackal"]
    assert effective(_space(enc), jackal, "shield_mod") == -1
    assert [m.hack for m in jackal.modifiers] == [13]
    enc.submit(TakeAction("jackal", "sensors", "counter_hack_sensors"), typed=[6, 7])  # 13 reaches 13
    enc.submit(EndPhase())
    assert effective(_space(enc), _space(enc).ships["jackal"], "shield_mod") == 0
