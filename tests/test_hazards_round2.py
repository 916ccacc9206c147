"""Grenade fuses, traps, facing and individual turns after the outside audit (issue 11, points 9-15).

What is tested, each through the journal with typed dice or fixed seeds:
9. a grenade thrown at an empty square in Round 0 goes off when the next group other than the
   thrower's has acted (the Bears' Vanguard in Round 1, R-GREN-4, N-GREN-9);
10. a cooked grenade never goes off later than the same throw uncooked (R-GREN-5, N-GREN-8),
   in team and individual turns;
11. a mover stopped by a trap rolls no terrain check for squares it never reaches (R-MOVE-2, R-TRAP-4);
12. a trap a character sets has disarm DC 10 unless the setter asks for more, up to the check
   (R-TRAP-3, N-TRAP-1);
13. disarming in individual turns works (both actions, with disadvantage) and is refused cleanly
   otherwise (R-TRAP-3, N-TRAP-10);
14. setting a trap is a non-contested action in individual turns (R-TURN-2, N-TURN-14);
15. facing is chosen only at the end of the combatant's turn; keep facing takes an object or a
   square; the attack arc follows a kept target after it walks or the GM moves it (R-FACE-1,
   R-FACE-2, N-FACE-3).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactics.assets import bundled
from tactics.engine.board import Place
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.combat.team import Advance, BeginActions, EndGroupTurn, NextRound, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Refused
from tactics.engine.hazards.commands import (
    DetectTrap, Disarm, GMSetFacing, PlaceTrap, SetFacing, SetTrap, ThrowGrenade, attack_arc, effective_facing,
)
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document

ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
    "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7),
}


def events_of(entry, kind: str) -> list[dict]:
    return [e.data for e in entry.events if e.kind == kind]


def space_bears(seed: int = 3) -> Encounter:
    """The bundled Space Bears encounter on an open room (the positions of test_space_bears)."""
    definition = read_document(bundled("space-bears.encounter.toml"))
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=seed)


def fighter(cid: str, team: str, cell, *, hp: int = 40, **sheet) -> dict:
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": hp, "sheet": sheet}


def duel(*extra: dict, mode: str = "team", battle_map: BattleMap | None = None, seed: int = 5) -> Encounter:
    definition = {
        "name": "Round 2", "mode": mode,
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [
            fighter("ann", "party", (1, 5), modifiers={"DEX": 3, "WIS": 5, "INT": 2},
                    skills={"Disable Device": 4, "Demolitions": 6}),
            fighter("bear", "bears", (7, 5), modifiers={"DEX": -2}),
            *extra,
        ],
    }
    return Encounter(definition, battle_map or BattleMap.from_text(ROOM), seed=seed)


def declare_throw(enc: Encounter, cid: str, cell, typed: list[int], *, cook: bool = False):
    enc.submit(Declare(cid, Action("use-item", item="grenade", grenade="frag", target_cell=tuple(cell), cook=cook)))
    return enc.submit(ResolveNext(others_pass=True), typed=typed)


# -- 9. Round 0, an empty square: the next group other than the thrower's (R-GREN-4, N-GREN-9) ---------


def test_round0_grenade_at_an_empty_square_waits_for_the_bears_vanguard_in_round1():  # R-GREN-4, R-SURP-1
    enc = space_bears()
    enc.submit(StartCombat(surprise_aware=["brandon"]))
    enc.submit(BeginActions())
    assert enc.state.combat.round == 0
    entry = declare_throw(enc, "brandon", (5, 3), [5, 5])  # 5, 5: on target, an empty square
    thrown = events_of(entry, "grenade.thrown")[0]
    assert thrown["target"] is None
    assert thrown["fuse"] == {"team": "bears", "group": "vanguard", "when": "end"}
    assert thrown["fuse_text"] == "explodes at the end of the Space Bears' Vanguard turn"
    end_round0 = enc.submit(EndGroupTurn())  # Brandon's own turn ends: nothing goes off
    assert not events_of(end_round0, "grenade.exploded")
    assert enc.state.combat.round == 1
    enc.submit(BeginActions())  # Round 1: the party's Vanguard acts first
    assert enc.state.combat.acting_group().key == "party:vanguard"
    start_bears = enc.submit(EndGroupTurn())
    assert not events_of(start_bears, "grenade.exploded")
    assert enc.state.combat.acting_group().key == "bears:vanguard"
    end_bears = enc.submit(EndGroupTurn())  # the Bears' Vanguard has acted: boom
    assert events_of(end_bears, "grenade.exploded")
    assert enc.state.grenades["grenade-1"].status == "spent"


# -- 10. Cooking is never later (R-GREN-5, N-GREN-8) -----------------------------------------------------


def _when_it_explodes(cook: bool, cell, *, round0: bool) -> tuple[int, int]:
    """(command number, event number) of the blast of Ann's throw at ``cell``; Cat (an ally
    with a lower Initiative) is the party's Rearguard, Ann its Vanguard with Bob."""
    enc = duel(fighter("bob", "party", (1, 3), modifiers={"DEX": 3, "WIS": 5}),
               fighter("cat", "party", (1, 8), modifiers={"DEX": -1}))
    enc.submit(StartCombat(surprise_aware=["ann", "bob"] if round0 else None))
    enc.submit(BeginActions())
    assert enc.state.combat.acting_group().members == ["ann", "bob"]
    assert enc.state.combat.groups["party"]["rearguard"] == ["cat"]
    declare_throw(enc, "ann", cell, ([20] if cook else []) + [5, 5], cook=cook)  # d20 20 + WIS 5: cooked
    for _ in range(12):
        for i, e in enumerate(enc.journal.entries[-1].events):
            if e.kind == "grenade.exploded":
                return len(enc.journal.entries), i
        enc.submit(Advance())
    raise AssertionError("the grenade never went off")


@pytest.mark.parametrize("round0", [True, False], ids=["round 0", "round 1"])
@pytest.mark.parametrize("cell", [(4, 9), (7, 5), (1, 8), (1, 3)],
                         ids=["empty square", "the bear", "an ally of the Rearguard", "an ally acting now"])
def test_a_cooked_grenade_never_explodes_later_than_an_uncooked_one(cell, round0):  # R-GREN-5, N-GREN-8
    uncooked = _when_it_explodes(False, cell, round0=round0)
    cooked = _when_it_explodes(True, cell, round0=round0)
    assert cooked < uncooked


def test_cooked_among_the_group_acting_now_explodes_as_it_lands():  # R-GREN-5, N-GREN-8
    enc = duel(fighter("bob", "party", (1, 3), modifiers={"DEX": 3, "WIS": 5}),
               fighter("cat", "party", (1, 8), modifiers={"DEX": -1}))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    assert enc.state.combat.acting_group().members == ["ann", "bob"]
    entry = declare_throw(enc, "ann", (1, 3), [20, 5, 5], cook=True)  # at Bob, of her own group
    assert events_of(entry, "grenade.cooked")[0]["result"] == "early"
    thrown = events_of(entry, "grenade.thrown")[0]
    assert thrown["fuse"] is None and "as it lands" in thrown["fuse_text"]
    assert events_of(entry, "grenade.exploded")


def test_cooked_in_individual_turns_never_later_either():  # R-GREN-5, N-TURN-10, N-GREN-8
    def blast_turn(cook: bool) -> tuple[int, int]:
        enc = duel(mode="individual")
        enc.submit(StartTurns("table"))
        enc.submit(BeginTurn())
        assert enc.state.combat.current == "ann"
        typed = ([20] if cook else []) + [5, 5]
        enc.submit(TakeAction("ann", TurnAction("use-item", item="grenade", target_cell=(1, 6),  # beside herself
                                                options={"grenade": "frag", "cook": cook})), typed=typed)
        for _ in range(6):
            for i, e in enumerate(enc.journal.entries[-1].events):
                if e.kind == "grenade.exploded":
                    return len(enc.journal.entries), i
            enc.submit(EndTurn() if enc.state.combat.phase == "action" else BeginTurn())
        raise AssertionError("the grenade never went off")

    assert blast_turn(True) < blast_turn(False)


# -- 11. A trap stops the mover: no terrain checks beyond it (R-MOVE-2, R-TRAP-4, N-MOVE-5) ------------

ROUGH = "\n".join(["." * 16] * 6 + ["....^^" + "." * 10] + ["." * 16] * 5)  # difficult ground at (4, 6), (5, 6)


def _walk_east(with_trap: bool) -> tuple[Encounter, list]:
    enc = duel(battle_map=BattleMap.from_text(ROUGH))
    enc.submit(Place("ann", (1, 6)))
    if with_trap:
        enc.submit(PlaceTrap("frag_mine", (3, 6), detection_dc=40))  # she cannot spot it
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(Declare("ann", Action("standard-move", path=[(2, 6), (3, 6), (4, 6), (5, 6)])))
    entry = enc.submit(ResolveNext(others_pass=True))
    return enc, entry


def test_a_mover_stopped_by_a_trap_rolls_no_check_for_squares_it_never_reaches():  # R-MOVE-2, R-TRAP-4
    enc, entry = _walk_east(with_trap=True)
    assert events_of(entry, "trap.triggered")
    assert enc.state.combatants["ann"].cell == (3, 6)
    assert events_of(entry, "combat.check") == []
    _, control = _walk_east(with_trap=False)  # the same walk without the mine asks for the checks
    assert [c["cell"] for c in events_of(control, "combat.check")][:1] == [[4, 6]]


def test_in_individual_turns_too():  # R-MOVE-2, R-TRAP-4
    enc = duel(mode="individual", battle_map=BattleMap.from_text(ROUGH))
    enc.submit(Place("ann", (1, 6)))
    enc.submit(PlaceTrap("frag_mine", (3, 6), detection_dc=40))
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    entry = enc.submit(TakeAction("ann", TurnAction("move", path=[(2, 6), (3, 6), (4, 6), (5, 6)])))
    assert events_of(entry, "trap.triggered") and events_of(entry, "combat.check") == []


# -- 12. The disarm DC of a set trap (R-TRAP-3, N-TRAP-1) -------------------------------------------------


def test_a_set_trap_has_disarm_dc_10_unless_the_setter_chooses_more_up_to_the_check():  # R-TRAP-3, R-TRAP-5
    enc = duel()
    enc.submit(SetTrap("ann", "frag_mine", (1, 4)), typed=[15])  # 15 + Demolitions 6 = 21
    assert enc.state.traps["trap-1"].detection_dc == 21
    assert enc.state.traps["trap-1"].disarm_dc == 10
    enc.submit(SetTrap("ann", "frag_mine", (2, 4), disarm_dc=15), typed=[15])
    assert enc.state.traps["trap-2"].disarm_dc == 15
    enc.submit(SetTrap("ann", "frag_mine", (2, 5), disarm_dc=30), typed=[15])
    assert enc.state.traps["trap-3"].disarm_dc == 21  # no higher than her check


def test_in_a_fight_the_setter_chooses_the_dc_with_the_declaration():  # R-TRAP-3, R-ORD-1
    enc = duel()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(Declare("ann", Action("use-item", item="set-trap:frag_mine", target_cell=(2, 5), trap={"disarm_dc": 14})))
    enc.submit(ResolveNext(others_pass=True), typed=[15])
    assert enc.state.traps["trap-1"].disarm_dc == 14


# -- 13. Disarming in individual turns (R-TRAP-3, N-TRAP-10) -----------------------------------------------


def _individual_with_known_mine() -> Encounter:
    enc = duel(mode="individual")
    enc.submit(PlaceTrap("frag_mine", (2, 5), trap_id="mine"))
    enc.submit(DetectTrap("mine", "ann"))
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    assert enc.state.combat.current == "ann"
    return enc


def test_disarming_in_individual_turns_takes_both_actions_with_disadvantage():  # R-TRAP-3
    enc = _individual_with_known_mine()
    entry = enc.submit(TakeAction("ann", TurnAction("use-item", item="disarm", note="mine", target_cell=(2, 5))),
                       typed=[12, 2])  # d20 12, the disadvantage d2 2: 12 - 2 + Demolitions 6 = 16
    disarm = events_of(entry, "trap.disarm")[0]
    assert disarm["roll"]["total"] == 16 and disarm["result"] == "disarmed"
    assert enc.state.traps["mine"].status == "disarmed"
    assert enc.state.combat.spent == ["non-contested", "non-contested"]
    with pytest.raises(Refused, match="both actions"):
        enc.submit(TakeAction("ann", TurnAction("move", path=[(1, 4)])))


def test_the_raw_disarm_command_in_individual_turns_is_the_same_action():  # R-TRAP-3, N-GATE-1
    enc = _individual_with_known_mine()
    entry = enc.submit(Disarm("ann", "mine"), typed=[12, 2])
    assert [e.kind for e in entry.events][:2] == ["turns.action-taken", "trap.disarm"]


@pytest.mark.parametrize("first", ["move", "hold"])
def test_disarming_after_another_action_is_refused_cleanly(first):  # R-TRAP-3, R-TURN-2
    from tactics.engine.combat.individual.actions import Hold

    enc = _individual_with_known_mine()
    if first == "move":
        enc.submit(TakeAction("ann", TurnAction("move", path=[(1, 4)])))
    else:
        enc.submit(Hold("ann"))
    before = len(enc.journal.entries)
    with pytest.raises(Refused, match="takes 2 actions"):
        enc.submit(TakeAction("ann", TurnAction("use-item", item="disarm", note="mine", target_cell=(2, 5))))
    assert len(enc.journal.entries) == before


def test_disarming_out_of_turn_or_unknown_trap_is_refused_cleanly():  # R-TURN-2, N-TRAP-6
    enc = _individual_with_known_mine()
    with pytest.raises(Refused, match="not Bear's turn"):
        enc.submit(Disarm("bear", "mine"))
    enc.submit(PlaceTrap("frag_mine", (1, 6), trap_id="secret"))  # hidden, not found by the party
    with pytest.raises(Refused, match="does not know"):
        enc.submit(TakeAction("ann", TurnAction("use-item", item="disarm", note="secret", target_cell=(1, 6))))
    with pytest.raises(Refused, match="no trap"):
        enc.submit(TakeAction("ann", TurnAction("use-item", item="disarm", note="nothing", target_cell=(2, 5))))
    assert enc.state.combat.spent == []


# -- 14. Setting a trap is not contested (R-TURN-2, N-TURN-14) ---------------------------------------------


def test_setting_a_trap_is_a_non_contested_action_in_individual_turns():  # R-TURN-2, R-TRAP-5
    enc = duel(mode="individual")
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    enc.submit(SetTrap("ann", "frag_mine", (2, 5)), typed=[15])
    assert enc.state.combat.spent == ["non-contested"]
    # the contested action is still there: an attack (here a grenade) after it is allowed
    enc.submit(ThrowGrenade("ann", (7, 5)), typed=[5, 5])
    assert enc.state.combat.spent == ["non-contested", "contested"]


def test_a_cone_mine_or_a_tripwire_can_be_set_in_a_fight():  # R-TRAP-1, R-TRAP-5
    enc = duel()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(SetTrap("ann", "tripwire", (2, 5), wire_end=(2, 8)))  # declared (N-GATE-1)
    enc.submit(ResolveNext(others_pass=True), typed=[15])
    trap = enc.state.traps["trap-1"]
    assert trap.trigger == "tripwire" and trap.wire_end == (2, 8)


# -- 15. Facing at the end of the turn, kept targets (R-FACE-1, R-FACE-2, N-FACE-3) -------------------------


def test_in_team_turns_facing_is_chosen_when_the_group_turn_ends():  # R-FACE-1, N-FACE-3
    enc = duel()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    assert enc.state.combat.acting_group().members == ["ann"]
    with pytest.raises(Refused, match="only at the end of its turn"):
        enc.submit(SetFacing("ann", direction="N"))  # her group is acting
    enc.submit(EndGroupTurn())  # the party's Vanguard is done; the Bears' Vanguard begins
    with pytest.raises(Refused, match="only at the end of its turn"):
        enc.submit(SetFacing("bear", direction="W"))  # the bear's turn is only starting
    enc.submit(SetFacing("ann", direction="N"))
    assert enc.state.combatants["ann"].facing == "N"
    enc.submit(Declare("bear", Action("free")))  # the next group acts: the moment is over
    with pytest.raises(Refused, match="only at the end of its turn"):
        enc.submit(SetFacing("ann", direction="E"))
    enc.submit(GMSetFacing("ann", direction="E"))  # the GM's override is its own command
    assert enc.state.combatants["ann"].facing == "E"


def test_the_last_group_of_round_0_and_of_a_round_still_chooses():  # R-FACE-1, R-SURP-1, N-FACE-3
    enc = duel()
    enc.submit(StartCombat(surprise_aware=["ann"]))
    enc.submit(BeginActions())
    enc.submit(EndGroupTurn())  # Round 0 ends at once: Round 1's Advantages Phase
    assert enc.state.combat.round == 1 and enc.state.combat.phase == "advantages"
    enc.submit(SetFacing("ann", direction="NE"))
    enc.submit(BeginActions())
    enc.submit(EndGroupTurn())
    enc.submit(EndGroupTurn())  # the Bears' Vanguard was last: Counter Phase
    enc.submit(SetFacing("bear", direction="W"))
    enc.submit(NextRound())
    enc.submit(SetFacing("bear", keep_facing="ann"))
    assert enc.state.combatants["bear"].facing_target == "ann"


def test_in_individual_turns_facing_comes_with_the_end_of_the_turn():  # R-FACE-1, N-FACE-3, N-TURN-9
    enc = duel(mode="individual")
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    with pytest.raises(Refused, match="only at the end of its turn"):
        enc.submit(SetFacing("ann", direction="N"))
    enc.submit(EndTurn(keep_facing_cell=(1, 0)))  # keeps facing a square (the door, say)
    assert enc.state.combatants["ann"].facing == "N" and enc.state.combatants["ann"].facing_cell == (1, 0)
    enc.submit(SetFacing("ann", direction="E"))  # the prompt after the turn ended: still her moment
    enc.submit(BeginTurn())
    with pytest.raises(Refused, match="only at the end of its turn"):
        enc.submit(SetFacing("ann", direction="S"))


def test_keep_facing_an_object_or_a_square():  # R-FACE-1
    enc = duel()
    enc.submit(PlaceTrap("frag_mine", (1, 9), trap_id="mine", hidden=False))
    enc.submit(SetFacing("ann", keep_facing="mine"))
    assert enc.state.combatants["ann"].facing == "S" and effective_facing(enc.state, "ann") == "S"
    enc.submit(Place("ann", (4, 9)))  # the GM moves her: she still faces the mine
    assert effective_facing(enc.state, "ann") == "W"
    enc.submit(SetFacing("ann", keep_facing_cell=(4, 0)))
    assert effective_facing(enc.state, "ann") == "N"
    enc.submit(PlaceTrap("frag_mine", (8, 9), trap_id="secret"))  # hidden from the party
    with pytest.raises(Refused, match="nothing called 'secret'"):
        enc.submit(SetFacing("ann", keep_facing="secret"))
    with pytest.raises(Refused):
        enc.submit(SetFacing("ann", direction="N", keep_facing_cell=(4, 0)))


def test_the_attack_arc_follows_a_kept_target_after_a_gm_move():  # R-FACE-1, R-FACE-2
    from tactics.engine.combat.attack import attack_setup, find_arms

    grizzly = {"id": "grizzly", "name": "Grizzly", "team": "bears", "cell": [1, 2], "hp": 30, "sheet": "space_bear"}
    enc = duel(fighter("cub", "bears", (5, 2)), grizzly)
    enc.state.settings["facing"] = {"rear_arc_advantage": True}
    enc.submit(SetFacing("ann", keep_facing="cub"))  # she faces the cub (NE): the grizzly is on her flank
    assert attack_arc(enc.state, "grizzly", "ann") == "front"
    enc.submit(Place("cub", (1, 9)))  # the GM moves the cub south of her: she turns to follow it
    assert effective_facing(enc.state, "ann") == "S"
    assert enc.state.combatants["ann"].facing == "S", "the token's facing tick turns too"
    assert attack_arc(enc.state, "grizzly", "ann") == "rear"  # the grizzly is now behind her
    who, ann = enc.state.combatants["grizzly"], enc.state.combatants["ann"]
    setup = attack_setup(enc.state, who, find_arms(who, None, technique=False), ann)
    assert "rear arc" in [name for name, _ in setup.advantages]


def test_a_held_action_cannot_disarm():  # R-TURN-3, N-TRAP-10
    from tactics.engine.combat.individual.actions import Hold
    from tactics.engine.combat.individual.interrupts import UseHeld

    enc = _individual_with_known_mine()
    enc.submit(Hold("ann"))
    enc.submit(EndTurn())
    enc.submit(BeginTurn())  # the bear's turn; Ann holds an action
    with pytest.raises(Refused, match="both actions"):
        enc.submit(UseHeld("ann", TurnAction("use-item", item="disarm", note="mine", target_cell=(2, 5))))
    assert enc.state.traps["mine"].status == "armed"


def test_a_standard_move_stopped_by_spotting_a_trap_keeps_its_bonus_move():  # R-ACT-1, N-TRAP-2, N-MOVE-6
    """Spotting a trap ahead is the mover's own choice to stop, not a failed move: the declared
    Bonus Move then resolves (from where the Standard Move ended)."""
    from tactics.engine.combat.actions import Action, Declare, ResolveNext
    from tactics.engine.combat.team import Advance, StartCombat
    from tactics.engine.core.encounter import Encounter
    from tactics.engine.hazards.traps import PlaceTrap
    from tactics.maps import BattleMap

    definition = {
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [
            {"id": "ann", "name": "Ann", "team": "party", "cell": [0, 3], "hp": 30,
             "sheet": {"modifiers": {"DEX": 5}, "skills": {"Perception": 2}}},
            {"id": "bear", "name": "Bear", "team": "bears", "cell": [13, 9], "hp": 30, "sheet": {}},
        ],
    }
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 14] * 10)), seed=5)
    enc.submit(PlaceTrap("frag_mine", (4, 3)))  # detection DC 10, Ann's passive Perception 12
    enc.submit(StartCombat())
    enc.submit(Advance())  # the party's Action Phase
    assert enc.state.combat.acting_group().team == "party"
    enc.submit(Declare("ann", Action("standard-move", path=[(c, 3) for c in range(1, 7)])))
    first = enc.submit(ResolveNext(others_pass=True))
    assert any(e.kind == "trap.halted" for e in first.events)
    assert enc.state.combatants["ann"].cell == (2, 3)  # stopped 10 ft short of the mine she spotted
    standard = next(d for d in enc.state.combat.declarations if d.kind == "standard-move")
    assert standard.success is True
    # she picks another way with her Bonus Move (a successful Standard Move earns it, R-ACT-1)
    enc.submit(Declare("ann", Action("bonus-move", path=[(2, 4), (3, 5), (4, 5)])))
    enc.submit(ResolveNext(others_pass=True))
    bonus = next(d for d in enc.state.combat.declarations if d.kind == "bonus-move")
    assert bonus.status == "resolved" and enc.state.combatants["ann"].cell == (4, 5)
