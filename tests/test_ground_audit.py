"""The outside audit's ground-combat deviations (issue 11, points 1-7), each as a scenario.

What is tested, each citing its rule: the off-hand-only Bonus Attack after a two-weapon miss is
checked again when the Bonus resolves (R-ACT-1); a group declares, then resolves (R-ORD-1,
N-ORD-4); a new team joining together is compared as a team (R-INIT-5, N-INIT-10); newcomers join
before the end of combat is determined (N-END-2); no going prone twice in a turn (N-ACT-5); groups
change only before play starts (R-INIT-3); a hidden combatant cannot be targeted (N-HIDE-3).
Typed dice stand for the table's physical dice; the seeds are fixed.
"""

from dataclasses import replace

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import Advance, BeginActions, EndGroupTurn, Join, NextRound, SetGroup, StartCombat
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.gm import AdjustHP, Hide, Reveal
from tactics.engine.combat.queries import (
    acting_combatants, attack_odds, describe, ends_after_counters, groups_editable, legal_kinds, move_allowance, preview_order, slots_left,
    snapshot,
)
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document

ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (7, 7),
    "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7),
}


def encounter(extra: list | None = None, katie: bool = False, seed: int = 7) -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    for c in definition["combatants"]:
        if c["id"] == "katie":
            c["present"] = katie
    definition["combatants"] += extra or []
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=seed)


def fight(**kw) -> Encounter:
    enc = encounter(**kw)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    return enc


def to_group(enc: Encounter, key: str) -> None:
    while enc.state.combat.acting_group() is None or enc.state.combat.acting_group().key != key:
        enc.submit(Advance())


def to_counters(enc: Encounter) -> None:
    while enc.state.combat.phase != "counters":
        enc.submit(Advance())


def refused(enc: Encounter, command, match: str) -> str:
    """Refused with a sentence, and nothing changed."""
    before, entries = snapshot(enc.state), len(enc.journal.entries)
    with pytest.raises(Refused, match=match) as info:
        enc.submit(command)
    assert snapshot(enc.state) == before and len(enc.journal.entries) == entries
    return info.value.reason


def kinds(entry) -> list[str]:
    return [e.kind for e in entry.events]


# --------------------------------------------------------------------------- 1. two-weapon fighting
def test_a_bonus_attack_declared_before_the_miss_must_be_the_off_hand():  # R-ACT-1, R-HIT-3
    """"This is granted to you even if you do not succeed at your Standard Attack": the
    off-hand's attack. Declared with the main weapon before the miss, it is lost at resolution."""
    enc = fight(katie=True)
    to_group(enc, "party:rearguard")
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4", two_weapon=True)))
    enc.submit(Declare("katie", Action("bonus-attack", weapon="helix_blade", target="bear4")))  # before the roll
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])  # 2 + d2 1 + STR 4 + 0 = 7 vs AC 14: miss
    hp = enc.state.combatants["bear4"].hp
    entry = enc.submit(ResolveNext(others_pass=True))
    assert kinds(entry) == ["action.lost"]  # no dice thrown for it
    assert "off-hand" in entry.events[0].data["reason"]
    assert enc.state.combatants["bear4"].hp == hp


def test_the_bonus_attack_without_a_weapon_named_is_the_main_hand_and_is_lost():  # R-ACT-1
    enc = fight(katie=True)
    to_group(enc, "party:rearguard")
    enc.submit(Declare("katie", Action("standard-attack", target="bear4", two_weapon=True)))
    enc.submit(Declare("katie", Action("bonus-attack", target="bear4")))
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])
    assert kinds(enc.submit(ResolveNext(others_pass=True))) == ["action.lost"]


def test_the_off_hand_bonus_declared_before_the_miss_still_strikes():  # R-ACT-1
    enc = fight(katie=True)
    to_group(enc, "party:rearguard")
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4", two_weapon=True)))
    enc.submit(Declare("katie", Action("bonus-attack", weapon="combat_knife", target="bear4")))
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])  # miss
    entry = enc.submit(ResolveNext(others_pass=True), typed=[10, 1, 3])  # 10 + 1 + STR 4 = 15 vs 14: Hit
    assert "attack.rolled" in kinds(entry) and kinds(entry)[-1] == "action.resolved"


def test_after_a_two_weapon_hit_the_main_weapon_may_strike_again():  # R-ACT-1: "a qualifying weapon"
    enc = fight(katie=True)
    to_group(enc, "party:rearguard")
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4", two_weapon=True)))
    enc.submit(Declare("katie", Action("bonus-attack", weapon="helix_blade", target="bear4")))
    enc.submit(ResolveNext(others_pass=True), typed=[12, 1, 4])  # 12 + 1 + 4 = 17 vs 14: Hit
    entry = enc.submit(ResolveNext(others_pass=True), typed=[12, 1, 4])
    assert "attack.rolled" in kinds(entry)


# --------------------------------------------------------------------------- 2. declare, then resolve
def test_once_the_group_resolves_no_member_declares_a_new_action():  # R-ORD-1, N-ORD-4
    """"Players who have committed to actions that require rolling cannot roll for their action
    until ... all other players have committed to action": no roll before James commits (here to
    doing nothing); once rolling has begun, the committed declare nothing new."""
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    assert "technique" in legal_kinds(enc.state, "james")
    refused(enc, ResolveNext(), "James has not committed")
    entry = enc.submit(DoNothing("james"))
    assert [describe(e, enc.state) for e in entry.events] == ["James does nothing this turn."]
    enc.submit(ResolveNext(others_pass=True), typed=[3, 1])  # Brandon misses
    reason = refused(enc, Declare("james", Action("technique", technique="shock", target="bear2")), "resolving")
    assert "Bonus" in reason
    refused(enc, Declare("james", Action("free", effect="drop-prone")), "resolving")
    # the window offers nothing the engine would refuse
    assert legal_kinds(enc.state, "james") == []
    assert slots_left(enc.state, "james") == {"free": 0, "simple": 0, "standard": 0, "bonus": 0}
    assert not move_allowance(enc.state, "james").can_move
    assert "resolving" in move_allowance(enc.state, "james").reason


def test_an_action_with_no_roll_resolves_before_everyone_has_committed():  # R-ORD-1, N-ORD-4
    """The text holds back only the rolls: James's move resolves, Brandon (not committed yet) may
    still declare anything, and his shot is not a late one."""
    enc = fight()
    enc.submit(Declare("james", Action("standard-move", path=[(3, 4)])))
    enc.submit(ResolveNext())  # no roll: Brandon's silence does not hold it back
    assert enc.state.combatants["james"].cell == (3, 4)
    assert "standard-attack" in legal_kinds(enc.state, "brandon")
    assert legal_kinds(enc.state, "james") == ["bonus-move", "simple-after"]  # committed: only what follows
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    assert not enc.state.combat.declarations[-1].late
    entry = enc.submit(ResolveNext())
    assert "attack.rolled" in kinds(entry)


def test_others_pass_says_who_does_nothing_in_the_same_entry():  # R-ORD-1, N-ORD-4
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    entry = enc.submit(ResolveNext(others_pass=True))
    assert describe(entry.events[0], enc.state) == "James does nothing this turn."
    assert "attack.rolled" in kinds(entry)
    enc.undo()
    assert enc.state.combat.passed == [] and not enc.state.combat.declaring_closed()


def test_what_follows_ones_own_standard_may_still_be_declared_and_resolves_last():  # R-ORD-1, N-ORD-4
    """A Bonus declared after its Standard hit resolves after every action declared before the
    first roll, even one with a lower Initiative (James's step after his move)."""
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    enc.submit(Declare("james", Action("standard-move", path=[(3, 4)])))
    enc.submit(Declare("james", Action("simple-after", effect="step", path=[(3, 5)])))
    enc.submit(ResolveNext(others_pass=True))  # James's move: no roll, first
    enc.submit(ResolveNext(others_pass=True), typed=[15, 1, 5])  # Brandon: 15 - 1 + DEX 3 + 1 = 18 vs AC 14: Hit
    assert legal_kinds(enc.state, "brandon") == ["bonus-attack", "simple-after"]
    enc.submit(Declare("brandon", Action("bonus-attack", target="bear1")))
    # by Initiative alone Brandon's Bonus (7) would go before James's step (6)
    assert [(p["combatant"], p["kind"]) for p in preview_order(enc.state)] == [
        ("james", "simple-after"), ("brandon", "bonus-attack")]
    enc.submit(ResolveNext(others_pass=True))
    assert enc.state.combatants["james"].cell == (3, 5)


def test_declarations_open_again_for_the_next_group():  # R-ORD-1
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    enc.submit(ResolveNext(others_pass=True))
    enc.submit(EndGroupTurn())
    assert enc.state.combat.acting_group().key == "bears:vanguard"
    assert "technique" in legal_kinds(enc.state, "bear2")


# --------------------------------------------------------------------------- 3. a new team joins together
PIRATES = [
    {"id": "pirate1", "name": "Pirate Captain", "team": "pirates", "sheet": "brandon", "cell": [15, 0], "present": False},
    {"id": "pirate2", "name": "Pirate Deckhand", "team": "pirates", "sheet": "katie", "cell": [15, 1], "present": False},
    {"id": "pirate3", "name": "Pirate Cook", "team": "pirates", "sheet": "brandon", "cell": [15, 2], "present": False},
]


@pytest.mark.parametrize("first, second", [("pirate1", "pirate2"), ("pirate2", "pirate1")])
def test_newcomers_joining_as_a_new_team_are_compared_as_a_team(first, second):  # R-INIT-5, N-INIT-10
    """"The same goes for multiple people joining combat as a new Team; their team's initiative
    is compared with the other groups'": Initiative 7 and -1 make a Team Initiative of 3, after
    the party (5) and the bears (4), whoever joins first."""
    enc = fight(extra=PIRATES)
    to_counters(enc)
    enc.submit(Join(first))
    enc.submit(Join(second))
    combat = enc.state.combat
    assert combat.team_initiative["pirates"] == (7 + -1) // 2 == 3
    assert combat.team_order == ["party", "bears", "pirates"]
    assert combat.groups["pirates"] == {"vanguard": ["pirate1"], "rearguard": ["pirate2"]}  # R-INIT-3
    assert combat.team_initiative["party"] == 5 and combat.team_initiative["bears"] == 4
    line = describe(enc.journal.entries[-1].events[-1], enc.state)
    assert "new team, Team Initiative 3" in line and "The Party then Space Bears then pirates" in line
    enc.submit(NextRound())
    enc.submit(BeginActions())
    to_group(enc, "pirates:vanguard")
    assert acting_combatants(enc.state) == ["pirate1"]


def test_a_later_member_of_the_new_team_is_an_ordinary_latecomer():  # R-INIT-5: Team Initiative unchanged
    enc = fight(extra=PIRATES)
    to_counters(enc)
    enc.submit(Join("pirate1"))
    enc.submit(Join("pirate2"))
    enc.submit(NextRound())
    to_counters(enc)
    enc.submit(Join("pirate3"))
    combat = enc.state.combat
    assert combat.team_initiative["pirates"] == 3 and combat.team_order == ["party", "bears", "pirates"]
    assert combat.groups["pirates"]["vanguard"] == ["pirate1", "pirate3"]  # nearer to 7 than to -1


# --------------------------------------------------------------------------- 4. join before the end
BEAR5 = {"id": "bear5", "name": "Bear 5", "team": "bears", "sheet": "space_bear", "cell": [15, 5], "present": False}


def test_a_newcomer_joins_when_the_last_enemy_has_just_dropped():  # R-INIT-5, R-END-1, N-END-2
    """The Counter Phase: round counters, then "Adding new combatants", then "Determine if End
    of Combat". A fifth bear arriving as the last one drops keeps the fight going."""
    enc = fight(extra=[BEAR5])
    to_group(enc, "bears:rearguard")
    for bear in ("bear1", "bear2", "bear3", "bear4"):
        enc.submit(AdjustHP(bear, -30))
    enc.submit(EndGroupTurn())
    assert enc.state.combat.phase == "counters" and ends_after_counters(enc.state)
    enc.submit(Join("bear5"))
    assert not ends_after_counters(enc.state)
    enc.submit(NextRound())
    assert enc.state.combat.round == 2 and enc.state.combat.phase == "advantages"


def test_with_no_newcomer_the_fight_ends_as_the_counter_phase_closes():  # R-END-1, N-END-2
    enc = fight(extra=[BEAR5])
    to_group(enc, "bears:rearguard")
    for bear in ("bear1", "bear2", "bear3", "bear4"):
        enc.submit(AdjustHP(bear, -30))
    enc.submit(EndGroupTurn())
    entry = enc.submit(Advance())
    assert kinds(entry) == ["combat.ended"] and enc.state.combat.winner == "party"


# --------------------------------------------------------------------------- 5. prone once a turn
def test_a_combatant_who_went_prone_cannot_go_prone_again_that_turn():  # N-ACT-5
    """"If they go prone, they cannot go prone again." (Free actions)."""
    enc = fight()
    enc.submit(Declare("james", Action("free", effect="drop-prone")))
    refused(enc, Declare("james", Action("free", effect="drop-prone")), "already went prone")
    enc.submit(Declare("james", Action("simple", effect="stand-up")))  # down and up again ...
    refused(enc, Declare("james", Action("free", effect="drop-prone")), "already went prone")  # ... not down twice
    enc.submit(ResolveNext(others_pass=True))
    assert enc.state.combatants["james"].has("Prone")
    enc.submit(ResolveNext(others_pass=True))
    assert not enc.state.combatants["james"].has("Prone")


def test_a_prone_combatant_cannot_drop_prone():  # N-ACT-5
    enc = fight()
    enc.submit(Declare("james", Action("free", effect="drop-prone")))
    enc.submit(ResolveNext(others_pass=True))
    to_group(enc, "bears:rearguard")
    enc.submit(EndGroupTurn())
    enc.submit(NextRound())
    enc.submit(BeginActions())
    assert enc.state.combatants["james"].has("Prone")
    refused(enc, Declare("james", Action("free", effect="drop-prone")), "already prone")
    enc.submit(Declare("james", Action("simple", effect="stand-up")))  # standing is allowed


# --------------------------------------------------------------------------- 6. groups before play
def test_groups_change_only_before_play_starts():  # R-INIT-3: "the Players or GM can decide at the start"
    enc = encounter()
    enc.submit(StartCombat(surprise_aware=["brandon"]))
    enc.submit(SetGroup("art", "vanguard"))  # before the surprise round: allowed
    assert "art" in enc.state.combat.groups["party"]["vanguard"]
    enc.submit(SetGroup("art", "rearguard"))
    assert groups_editable(enc.state)
    enc.submit(BeginActions())  # Round 0 is play
    assert not groups_editable(enc.state)  # the window offers no group change now
    refused(enc, SetGroup("art", "vanguard"), "before play starts")
    enc.submit(EndGroupTurn())
    assert enc.state.combat.round == 1 and enc.state.combat.phase == "advantages"
    refused(enc, SetGroup("art", "vanguard"), "before play starts")  # Round 1 has not begun, play has
    to_counters(enc)
    refused(enc, SetGroup("james", "rearguard"), "before play starts")


def test_groups_change_before_round_1_without_a_surprise():  # R-INIT-3
    enc = encounter()
    enc.submit(StartCombat())
    enc.submit(SetGroup("james", "rearguard"))
    assert enc.state.combat.groups["party"] == {"vanguard": ["brandon"], "rearguard": ["art", "james"]}
    enc.submit(BeginActions())
    refused(enc, SetGroup("james", "vanguard"), "before play starts")


# --------------------------------------------------------------------------- 7. the hidden cannot be targeted
def test_a_hidden_combatant_cannot_be_targeted():  # N-HIDE-3: "They cannot see Brandon"
    enc = fight()
    to_group(enc, "bears:vanguard")
    assert enc.state.combatants["brandon"].hidden
    reason = refused(enc, Declare("bear2", Action("standard-attack", target="brandon")), "cannot see Brandon")
    assert "hidden" in reason
    refused(enc, Declare("bear2", Action("technique", technique="bear_charge", target="brandon",
                                         path=[(6, 3), (5, 3), (4, 3), (3, 3)])), "cannot see Brandon")
    assert "cannot see" in (attack_odds(enc.state, "bear2", "brandon").problem or "")  # the preview says so too
    enc.submit(Declare("bear2", Action("technique", technique="bear_charge", target="james",
                                       path=[(6, 4), (5, 4), (4, 4), (3, 4)])))  # "they know James just hit them"


def test_a_found_hider_can_be_targeted_again():  # N-HIDE-3, N-SURP-2
    enc = fight()
    to_group(enc, "bears:vanguard")
    enc.submit(Reveal("brandon"))
    enc.submit(Declare("bear2", Action("technique", technique="bear_charge", target="brandon",
                                       path=[(6, 3), (5, 3), (4, 3), (3, 3)])))  # no longer refused


def test_a_target_that_hides_before_the_attack_resolves_is_not_struck():  # N-HIDE-3, N-ORD-3
    enc = fight()
    to_group(enc, "bears:vanguard")
    enc.submit(Declare("bear2", Action("technique", technique="bear_charge", target="james",
                                       path=[(6, 4), (5, 4), (4, 4), (3, 4)])))
    enc.submit(Hide("james", 20))  # the GM's ruling
    hp = enc.state.combatants["james"].hp
    entry = enc.submit(ResolveNext(others_pass=True))
    assert "attack.rolled" not in kinds(entry)  # the bear runs, the blow has no one to land on
    note = next(e for e in entry.events if e.kind == "action.note")
    assert "cannot see James" in note.data["text"] and enc.state.combatants["james"].hp == hp


def test_allies_still_see_a_hidden_friend():  # N-HIDE-2
    enc = fight()
    setup = attack_odds(enc.state, "james", "brandon")
    assert "cannot see" not in (setup.problem or "")


def test_individual_turns_refuse_the_hidden_target_too():  # N-HIDE-3, one reading in both modes
    from tactics.engine.combat.individual.actions import TakeAction, TurnAction
    from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
    from tactics.engine.combat.individual.view import current

    definition = read_document(bundled("space-bears-individual.encounter.toml"))
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    enc = Encounter(definition, room, seed=7)
    assert enc.state.combatants["brandon"].hidden
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    while current(enc.state) != "bear1":
        enc.submit(EndTurn())
        enc.submit(BeginTurn())
    with pytest.raises(Refused, match="cannot see Brandon"):
        enc.submit(TakeAction("bear1", TurnAction("attack", target="brandon", weapon="bear_claws")))
