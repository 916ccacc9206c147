"""The round procedure: order of resolution, counters, joining, the end of combat
(R-ORD-1, R-CNT-1, R-INIT-2, R-INIT-5, R-END-1, R-HIT-3, R-MOVE-2, R-SURP-1)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import AddCounter, Advance, BeginActions, EndGroupTurn, Join, NextRound, StartCombat
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.gm import AdjustHP, ApplyCondition, Hide
from tactics.engine.combat.queries import advantages_in_force, attack_odds, describe, preview_order, status_line
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap, Spawn
from tactics.rules.attacks import hit_chances
from tactics.rules.data import read_document

ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
    "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7),
}


def encounter(text: str = ROOM, spawns: dict = SPAWNS, extra: list | None = None, katie: bool = False) -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    for c in definition["combatants"]:
        if c["id"] == "katie" and katie:
            c["present"] = True
    definition["combatants"] += extra or []
    room = replace(BattleMap.from_text(text), spawns=[Spawn(n, c) for n, c in spawns.items()])
    return Encounter(definition, room, seed=7)


def fight(**kw) -> Encounter:
    enc = encounter(**kw)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    return enc


def to_group(enc: Encounter, key: str) -> None:
    while enc.state.combat.acting_group() is None or enc.state.combat.acting_group().key != key:
        enc.submit(Advance())


def test_resolution_order():  # R-ORD-1
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    enc.submit(Declare("james", Action("technique", technique="shock", target="bear2")))
    enc.submit(Declare("james", Action("simple", note="shouts a warning")))
    enc.submit(Declare("brandon", Action("free", effect="drop-prone")))
    order = [(p["name"], p["kind"]) for p in preview_order(enc.state)]
    assert order == [
        ("Brandon", "free"),  # no roll first; Brandon's Initiative 7 beats James's 6
        ("James", "simple"),
        ("Brandon", "standard-attack"),  # Attack before Technique
        ("James", "technique"),
    ]


def test_moves_resolve_before_attacks_and_bonus_last():  # R-ORD-1, N-ORD-2
    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    enc.submit(Declare("brandon", Action("bonus-attack", target="bear1")))
    enc.submit(Declare("james", Action("standard-move", path=[(3, 4)])))
    enc.submit(Declare("james", Action("simple-after", effect="step", path=[(3, 5)])))
    kinds = [(p["combatant"], p["kind"]) for p in preview_order(enc.state)]
    assert kinds == [("james", "standard-move"), ("brandon", "standard-attack"),
                     ("brandon", "bonus-attack"), ("james", "simple-after")]


def test_odds_shown_are_the_odds_rolled():  # R-ROLL-1, R-ROLL-2
    enc = fight()
    setup = attack_odds(enc.state, "art", "bear4", weapon="xeno_dart_rifle")
    assert setup.advantages == [("proficient", 1)]
    assert setup.chances == hit_chances(2, 14, advantage=1)
    enc.submit(ApplyCondition("art", "Shaken", 1))
    setup = attack_odds(enc.state, "art", "bear4")
    assert setup.advantage == 0 and setup.chances == hit_chances(2, 14)
    assert sum(setup.chances.values()) == Fraction(1)


def test_counter_set_after_the_subjects_group_waits_a_round():  # R-CNT-1
    enc = fight()
    to_group(enc, "party:rearguard")  # the bears' Vanguard has already acted this round
    enc.submit(ApplyCondition("bear1", "Stunned", 2, source="art"))
    enc.submit(ApplyCondition("bear3", "Stunned", 2, source="art"))
    to_group(enc, "bears:rearguard")
    enc.submit(EndGroupTurn())
    counters = enc.journal.entries[-1].events[-1].data
    assert {c.name: c.rounds for c in enc.state.combatants["bear1"].conditions} == {"Stunned": 2}
    assert {c.name: c.rounds for c in enc.state.combatants["bear3"].conditions} == {"Stunned": 1}
    assert {"combatant": "bear1", "name": "Stunned", "rounds": 2} in counters["held"]
    enc.submit(NextRound())
    to_group(enc, "bears:rearguard")
    enc.submit(EndGroupTurn())
    assert {c.name: c.rounds for c in enc.state.combatants["bear1"].conditions} == {"Stunned": 1}
    assert enc.state.combatants["bear3"].conditions == []


def test_environmental_counter_waits_for_an_opposing_group():  # R-CNT-1
    enc = fight()
    to_group(enc, "bears:rearguard")
    enc.submit(AddCounter("wind", "Gale over the bay", 2, team="bears"))
    enc.submit(EndGroupTurn())
    assert enc.state.combat.counters[0].rounds == 2  # no opposing group acted since
    enc.submit(NextRound())
    to_group(enc, "bears:rearguard")
    enc.submit(EndGroupTurn())
    assert enc.state.combat.counters[0].rounds == 1


def test_unaware_are_flat_footed_until_their_group_acts():  # R-SURP-1
    enc = encounter()
    enc.submit(StartCombat(surprise_aware=["brandon"]))
    setup = attack_odds(enc.state, "brandon", "bear1")
    assert setup.ac == 14 - 2 and "flat-footed" in setup.ac_note
    enc.submit(BeginActions())
    enc.submit(EndGroupTurn())  # Round 0 over
    enc.submit(BeginActions())
    to_group(enc, "bears:vanguard")
    assert not enc.state.combatants["bear1"].has("Flat-footed")
    assert enc.state.combatants["bear3"].has("Flat-footed")  # the Rearguard has not acted yet


def test_combat_ends_when_one_side_is_down():  # R-END-1, N-END-2
    enc = fight()
    for bear in ("bear1", "bear2", "bear3"):
        enc.submit(AdjustHP(bear, -30))
    enc.submit(ApplyCondition("bear4", "Surrendered"))
    assert enc.state.combat.phase == "action"  # announced at the Counter Phase
    while enc.state.combat.phase == "action":  # the bears' groups, nobody able to act, are passed over (N-END-3)
        enc.submit(EndGroupTurn())
    passed = [e for e in enc.journal.events if e.kind == "group.started" and e.passed]
    assert {(e.team, e.group) for e in passed} == {("bears", "vanguard"), ("bears", "rearguard")}
    assert enc.state.combat.phase == "counters"  # newcomers may still join (N-END-2)
    entry = enc.submit(NextRound())  # "Determine if End of Combat" closes the Counter Phase
    assert entry.events[-1].kind == "combat.ended"
    assert enc.state.combat.winner == "party" and enc.state.combat.phase == "ended"
    assert "The Party stands" in describe(entry.events[-1], enc.state)
    with pytest.raises(Refused, match="over"):
        enc.submit(Advance())


def test_a_third_party_joins_by_its_own_team_initiative():  # R-INIT-5, R-INIT-2
    pirate = {"id": "pirate", "name": "Pirate", "team": "pirates", "sheet": "brandon", "cell": [15, 0], "present": False}
    enc = fight(extra=[pirate])
    to_group(enc, "bears:rearguard")
    enc.submit(EndGroupTurn())
    enc.submit(Join("pirate"))
    combat = enc.state.combat
    assert combat.team_order == ["pirates", "party", "bears"]  # Initiative 7 beats 5 and 4
    assert combat.groups["pirates"] == {"vanguard": ["pirate"], "rearguard": []}
    assert combat.team_initiative["party"] == 5
    enc.submit(NextRound())
    enc.submit(BeginActions())
    assert combat.acting_group().key == "pirates:vanguard"


def test_two_weapon_fighting_grants_the_off_hand_attack_after_a_miss():  # R-ACT-1, R-HIT-3
    enc = fight(katie=True, spawns={**SPAWNS, "Katie": (7, 7)})
    to_group(enc, "party:rearguard")
    enc.submit(Declare("katie", Action("standard-attack", weapon="helix_blade", target="bear4", two_weapon=True)))
    assert attack_odds(enc.state, "katie", "bear4", two_weapon=True).threshold == 5
    enc.submit(ResolveNext(others_pass=True), typed=[2, 1])  # miss
    with pytest.raises(Refused, match="off-hand"):
        enc.submit(Declare("katie", Action("bonus-attack", weapon="helix_blade", target="bear4")))
    enc.submit(Declare("katie", Action("bonus-attack", weapon="combat_knife", target="bear4")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[10, 1, 3])  # 10 + 1 + STR 4 = 15 vs 14: Hit
    kinds = [e.kind for e in entry.events]
    assert "damage.rolled" in kinds and kinds[-1] == "action.resolved"


def test_two_handed_weapon_cannot_fight_with_two():  # R-HIT-3
    enc = fight()
    to_group(enc, "party:rearguard")
    with pytest.raises(Refused, match="two-handed"):
        enc.submit(Declare("art", Action("standard-attack", target="bear4", two_weapon=True)))


def test_difficult_ground_asks_for_a_check():  # R-MOVE-2
    room = "\n".join(["." * 16] * 2 + ["...^" + "." * 12] + ["." * 16] * 9)
    enc = fight(text=room)
    enc.submit(Declare("brandon", Action("standard-move", path=[(3, 2), (4, 2), (5, 2)])))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[1])  # Acrobatics 4: 1 + 4 = 5 vs DC 12, stops
    check = next(e for e in entry.events if e.kind == "combat.check")
    assert check.data["dc"] == 12 and check.data["total"] == 5
    assert enc.state.combatants["brandon"].cell == (2, 2)
    assert enc.state.combat.declarations[0].success is False


def test_a_hidden_attacker_is_revealed_by_attacking():  # N-HIDE-1
    enc = fight()
    assert enc.state.combatants["brandon"].hidden
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    entry = enc.submit(ResolveNext(others_pass=True))
    assert "combatant.revealed" in [e.kind for e in entry.events]
    assert not enc.state.combatants["brandon"].hidden


def test_downed_combatant_cannot_act():  # R-END-1
    enc = fight()
    entry = enc.submit(AdjustHP("james", -100))
    assert [e.kind for e in entry.events] == ["hp.changed", "combatant.downed"]
    assert enc.state.combatants["james"].hp == 0
    with pytest.raises(Refused, match="down"):
        enc.submit(Declare("james", Action("simple")))


def test_advantages_phase_reminder_and_status():
    enc = encounter()
    enc.submit(ApplyCondition("art", "Shaken", 1))
    enc.submit(StartCombat())
    assert status_line(enc.state) == "Round 1, Advantages Phase"
    assert advantages_in_force(enc.state) == [
        "Art is Shaken (1 round left): disadvantage on attacks, on saves, on skill checks"
    ]
    enc.submit(BeginActions())
    assert status_line(enc.state) == "Round 1, Action Phase: The Party Vanguard"


def test_undo_and_redo_restore_the_same_state():
    from tactics.engine.combat.queries import snapshot

    enc = fight()
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    before = snapshot(enc.state)
    enc.submit(ResolveNext(others_pass=True))
    after = snapshot(enc.state)
    enc.undo()
    assert snapshot(enc.state) == before
    enc.redo()
    assert snapshot(enc.state) == after
    enc.undo()
    enc.submit(ResolveNext(others_pass=True))  # the same dice come again: undo never re-rolls
    assert snapshot(enc.state) == after


def test_hide_and_describe():
    enc = encounter()
    entry = enc.submit(Hide("james", stealth=15))
    assert describe(entry.events[0], enc.state) == "James is hidden (Stealth 15)."


def test_a_grenade_throw_resolves_as_use_item_after_attacks():  # R-ORD-1, R-GREN-4
    pytest.importorskip("tactics.engine.hazards.commands")
    enc = fight()
    enc.submit(Declare("james", Action("use-item", item="grenade", target_cell=(7, 3), grenade="frag")))
    enc.submit(Declare("brandon", Action("standard-attack", target="bear1")))
    assert [p["kind"] for p in preview_order(enc.state)] == ["standard-attack", "use-item"]
    enc.submit(ResolveNext(others_pass=True))
    entry = enc.submit(ResolveNext(others_pass=True))
    assert entry.events[0].kind == "grenade.thrown" and entry.events[-1].kind == "action.resolved"
    with pytest.raises(Refused, match="choose the square"):
        fight().submit(Declare("brandon", Action("use-item", item="grenade")))
