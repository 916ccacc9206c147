"""Individual turns through the command API (R-TURN-1..5, R-FACE-1), with fixed seeds or typed dice.

What is tested: the turn order (table, rolled with re-rolled ties, NPC groups), the two-action
budget with one contested action and the trade, start-of-turn effects and extending one, holding
and the one-at-a-time interrupt prompts, withdrawing an attack whose target a held move took out
of reach, blocking a mover (where it stops, what it loses), free actions first in first out,
nothing between an attack's dice and its damage, throwing objects, equipping a shield, facing at
the end of the turn, and that the team rules stay the default.
"""

from dataclasses import replace

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.combat.gm import AdjustHP, ApplyCondition, Reveal
from tactics.engine.core.journal import Refused
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, JoinTurns, ReorderTurns, StartTurns
from tactics.engine.combat.individual.actions import DeclareFree, Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.interrupts import Block, Pass, UseHeld
from tactics.engine.combat.individual.view import (
    current, describe, extendable, pending_interrupt, pips_of, snapshot, status_line, tracker_rows,
)
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document

ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
    "Bear 1": (9, 2), "Bear 2": (9, 4), "Bear 3": (9, 6), "Bear 4": (9, 8),
}
PARTY = ["brandon", "james", "art"]
BEARS = ["bear1", "bear2", "bear3", "bear4"]


def encounter(text: str = ROOM, spawns: dict = SPAWNS, seed: int = 7, **settings) -> Encounter:
    definition = read_document(bundled("space-bears-individual.encounter.toml"))
    if settings:
        definition["settings"] = {"turns": settings}
    room = replace(BattleMap.from_text(text), spawns=[Spawn(n, c) for n, c in spawns.items()])
    return Encounter(definition, room, seed=seed)


def started(**kw) -> Encounter:
    enc = encounter(**kw)
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    return enc


def to_turn(enc: Encounter, cid: str) -> None:
    """End turns (no facing change) until ``cid``'s turn begins."""
    for _ in range(40):
        if current(enc.state) == cid:
            return
        if current(enc.state) is not None:
            enc.submit(EndTurn())
        enc.submit(BeginTurn())
    raise AssertionError(f"{cid} never got a turn")


def kinds(entry) -> list[str]:
    return [e.kind for e in entry.events]


# --------------------------------------------------------------------------- R-TURN-1
def test_table_order_players_first_then_npcs_and_drag_to_reorder():  # R-TURN-1
    enc = encounter()
    enc.submit(StartTurns("table"))
    assert enc.state.combat.order == PARTY + BEARS
    # the GM drags Bear 2 to the top before play: it acts first
    enc.submit(ReorderTurns(["bear2"] + PARTY + ["bear1", "bear3", "bear4"]))
    enc.submit(BeginTurn())
    assert current(enc.state) == "bear2"
    assert [r.current for r in tracker_rows(enc.state)] == [True] + [False] * 6
    with pytest.raises(Refused, match="exactly once"):
        enc.submit(ReorderTurns(PARTY + BEARS[:3]))


def test_reorder_mid_round_whoever_has_not_acted_goes_next():  # R-TURN-1
    enc = started()
    enc.submit(EndTurn())  # Brandon done
    enc.submit(ReorderTurns(["brandon", "bear4", "james", "art", "bear1", "bear2", "bear3"]))
    enc.submit(BeginTurn())
    assert current(enc.state) == "bear4"


def test_rolled_order_d20_plus_reflex_ties_rerolled_npcs_as_one_group():  # R-TURN-1
    enc = encounter()
    # Reflex: Brandon +4, James +2, Art +2, the bears (one group, mean) +2.
    # Brandon 10+4 = 14 ties James 12+2 = 14: both re-roll, 4+4 = 8 < 9+2 = 11.
    entry = enc.submit(StartTurns("rolled", npc_grouping="one"), typed=[10, 12, 5, 3, 4, 9])
    assert enc.state.combat.order == ["james", "brandon", "art"] + BEARS
    rolls = entry.events[0].data["rolls"]
    assert [(r["key"], r["attempt"], r["total"]) for r in rolls] == [
        ("brandon", 0, 14), ("james", 0, 14), ("art", 0, 7), ("npcs", 0, 5), ("brandon", 1, 8), ("james", 1, 11)]
    assert "tie-break" in describe(entry.events[0], enc.state)


def test_rolled_order_npcs_singly_or_in_groups():  # R-TURN-1
    enc = encounter()
    enc.submit(StartTurns("rolled", npc_grouping="groups",
                          npc_groups={"bear1": "den", "bear2": "den", "bear3": "lab", "bear4": "lab"}),
               typed=[20, 15, 10, 1, 19])  # party 24, 17, 12; den 1+2 = 3; lab 19+2 = 21
    assert enc.state.combat.order == ["brandon", "bear3", "bear4", "james", "art", "bear1", "bear2"]
    single = encounter()
    entry = single.submit(StartTurns("rolled", npc_grouping="single"))
    assert len(entry.events[0].data["rolls"]) >= 7  # every bear rolls on its own
    with pytest.raises(Refused, match="NPCs roll"):
        encounter().submit(StartTurns("rolled", npc_grouping="pack"))


# --------------------------------------------------------------------------- R-TURN-2
def test_two_actions_at_most_one_contested():  # R-TURN-2
    enc = started()
    assert pips_of(enc.state, "brandon").contested == "open"
    enc.submit(TakeAction("brandon", TurnAction("attack", target="bear1", weapon="silenced_pistol")))
    assert pips_of(enc.state, "brandon").contested == "used"
    with pytest.raises(Refused, match="already took a contested action"):
        enc.submit(TakeAction("brandon", TurnAction("attack", target="bear1")))
    enc.submit(TakeAction("brandon", TurnAction("move", path=[(3, 2)])))
    with pytest.raises(Refused, match="both actions"):
        enc.submit(TakeAction("brandon", TurnAction("move", path=[(4, 2)])))
    assert pips_of(enc.state, "brandon").left == 0


def test_contested_action_traded_for_a_second_move_never_the_reverse():  # R-TURN-2
    enc = started()
    enc.submit(TakeAction("brandon", TurnAction("move", path=[(3, 2)])))
    enc.submit(TakeAction("brandon", TurnAction("move", path=[(4, 2)])))
    assert pips_of(enc.state, "brandon").contested == "traded"
    with pytest.raises(Refused):
        enc.submit(TakeAction("brandon", TurnAction("attack", target="bear1")))


def test_contested_only_on_own_turn_and_stunned_has_one_non_contested_action():  # R-TURN-2, N-TURN-5
    enc = started()
    with pytest.raises(Refused, match="not James's turn|not James' turn|it is not"):
        enc.submit(TakeAction("james", TurnAction("attack", target="bear1")))
    enc.submit(ApplyCondition("brandon", "Stunned", 1))
    assert pips_of(enc.state, "brandon").contested == "barred"
    with pytest.raises(Refused, match="one non-contested action"):
        enc.submit(TakeAction("brandon", TurnAction("attack", target="bear1")))
    enc.submit(TakeAction("brandon", TurnAction("move", path=[(3, 2)])))
    with pytest.raises(Refused, match="no action left"):
        enc.submit(TakeAction("brandon", TurnAction("move", path=[(4, 2)])))


def test_effects_apply_at_start_of_turn_and_a_stun_costs_the_next_turn():  # R-TURN-2, N-TURN-2
    enc = started()
    enc.submit(ApplyCondition("bear1", "Stunned", 1, source="james"))
    to_turn(enc, "bear1")
    began = enc.journal.entries[-1].events[-1]
    assert began.kind == "turns.began" and began.data["effects"] == [{"name": "Stunned", "rounds": 1}]
    assert enc.state.combatants["bear1"].has("Stunned")  # still stunned on this turn
    enc.submit(EndTurn())
    to_turn(enc, "bear1")  # next round
    assert not enc.state.combatants["bear1"].has("Stunned")
    assert "ends: Stunned" in describe(enc.journal.entries[-1].events[-1], enc.state)


def test_own_effect_ending_may_be_extended_only_by_the_first_action():  # R-TURN-2 (start of turn), N-TURN-3
    enc = started()
    enc.submit(ApplyCondition("brandon", "Camouflage field", 1, source="brandon"))
    enc.submit(EndTurn())
    to_turn(enc, "brandon")  # set during his own turn: it lasts through his next one (N-TURN-2)
    assert extendable(enc.state) == [] and enc.state.combatants["brandon"].has("Camouflage field")
    enc.submit(EndTurn())
    to_turn(enc, "brandon")
    assert extendable(enc.state) == ["Camouflage field"]
    assert not enc.state.combatants["brandon"].has("Camouflage field")  # wearing off unless extended
    enc.submit(TakeAction("brandon", TurnAction("extend", effect="Camouflage field")))
    assert enc.state.combatants["brandon"].has("Camouflage field")
    assert pips_of(enc.state, "brandon").left == 1  # extending took an action
    # next time it ends, any other first action lets it wear off, and extending afterwards is refused
    enc.submit(EndTurn())
    to_turn(enc, "brandon")
    assert extendable(enc.state) == ["Camouflage field"]
    enc.submit(TakeAction("brandon", TurnAction("move", path=[(3, 2)])))
    assert extendable(enc.state) == []
    with pytest.raises(Refused, match="nothing to extend"):
        enc.submit(TakeAction("brandon", TurnAction("extend", effect="Camouflage field")))


# --------------------------------------------------------------------------- R-TURN-3
def test_hold_then_interrupt_an_attack_by_moving_out_of_reach_attacker_chooses_again():  # R-TURN-3
    spawns = dict(SPAWNS, Art=(7, 2), **{"Bear 1": (8, 2)})
    enc = started(spawns=spawns)
    to_turn(enc, "art")
    enc.submit(Hold("art"))
    assert pips_of(enc.state, "art").held
    enc.submit(EndTurn())
    to_turn(enc, "bear1")
    entry = enc.submit(TakeAction("bear1", TurnAction("attack", target="art")))
    assert kinds(entry) == ["turns.pending"]  # nothing rolled yet: the holder is asked first
    prompt = pending_interrupt(enc.state)
    assert prompt.holder == "art" and prompt.text == "Art holds an action: interrupt Bear 1's attack on Art?"
    entry = enc.submit(UseHeld("art", TurnAction("move", path=[(6, 3), (5, 4)])))
    assert "turns.withdrawn" in kinds(entry) and "attack.rolled" not in kinds(entry)
    assert pips_of(enc.state, "bear1").contested == "open"  # the contested action is not wasted
    assert enc.state.combat.pending is None and "art" not in enc.state.combat.held
    entry = enc.submit(TakeAction("bear1", TurnAction("move", path=[(7, 3)])))  # chooses a new action
    assert "token.moved" in kinds(entry)  # no holder left: resolves at once


def test_holders_are_asked_one_at_a_time_in_turn_order_and_pass():  # R-TURN-3
    enc = started()
    enc.submit(Hold("brandon"))
    enc.submit(EndTurn())
    enc.submit(BeginTurn())
    enc.submit(Hold("james"))
    enc.submit(EndTurn())
    to_turn(enc, "bear2")
    enc.submit(TakeAction("bear2", TurnAction("move", path=[(8, 4)])))
    assert pending_interrupt(enc.state).holder == "brandon"
    with pytest.raises(Refused, match="Brandon is asked first"):
        enc.submit(Pass("james"))
    entry = enc.submit(Pass("brandon"))
    assert kinds(entry) == ["turns.passed"]
    assert pending_interrupt(enc.state).holder == "james"
    entry = enc.submit(Pass("james"))
    assert "token.moved" in kinds(entry)  # the last answer resolves the move
    assert enc.state.combat.held == ["brandon", "james"]  # passing keeps the held action


def test_unused_held_action_is_lost_at_the_holders_next_turn():  # R-TURN-3
    enc = started()
    enc.submit(Hold("brandon"))
    enc.submit(EndTurn())
    to_turn(enc, "brandon")
    assert "brandon" not in enc.state.combat.held
    assert "held action is lost" in describe(enc.journal.entries[-1].events[-1], enc.state)
    with pytest.raises(Refused, match="holds no action"):
        enc.submit(UseHeld("brandon", TurnAction("move", path=[(3, 2)])))


def test_held_action_is_non_contested_and_the_contested_one_cannot_be_held():  # R-TURN-3
    enc = started()
    enc.submit(Hold("brandon"))
    with pytest.raises(Refused, match="already holds"):
        enc.submit(Hold("brandon"))
    enc.submit(TakeAction("brandon", TurnAction("attack", target="bear1", weapon="silenced_pistol")))
    assert pips_of(enc.state, "brandon").left == 0
    enc.submit(EndTurn())
    enc.submit(BeginTurn())
    with pytest.raises(Refused, match="non-contested"):
        enc.submit(UseHeld("brandon", TurnAction("attack", target="bear1")))


# --------------------------------------------------------------------------- R-TURN-4
def test_block_mover_stops_before_the_blocker_and_loses_the_rest():  # R-TURN-4
    enc = started()
    enc.submit(Hold("brandon"))  # Brandon at (2, 2), run 30 ft
    enc.submit(EndTurn())
    to_turn(enc, "bear1")  # Bear 1 at (9, 2), run 30 ft
    path = [(8, 2), (7, 2), (6, 2), (5, 2), (4, 2), (3, 3)]
    enc.submit(TakeAction("bear1", TurnAction("move", path=path)))
    prompt = pending_interrupt(enc.state)
    assert prompt.can_block and (8, 2) not in prompt.block_squares and (5, 2) in prompt.block_squares
    with pytest.raises(Refused, match="at least one square"):
        enc.submit(Block("brandon", (8, 2)))
    entry = enc.submit(Block("brandon", (5, 2)))
    s = enc.state
    assert s.combatants["brandon"].cell == (5, 2)
    assert s.combatants["bear1"].cell == (6, 2)  # the tile before the blocker
    blocked = next(e for e in entry.events if e.kind == "turns.move-blocked")
    assert blocked.data["walked_ft"] == 15 and blocked.data["lost_ft"] == 15 and blocked.data["budget_ft"] == 30
    assert blocked.data["walked"] == [[8, 2], [7, 2], [6, 2]]
    assert s.combat.last_block["planned"] == [list(c) for c in path]  # the map draws the cut path
    assert pips_of(s, "bear1").left == 1  # the move action is spent
    assert "loses 15 ft" in describe(blocked, s)


def test_block_needs_reach_and_an_enemy_mover():  # R-TURN-4, N-TURN-6
    enc = started()
    enc.submit(Hold("brandon"))
    enc.submit(EndTurn())
    enc.submit(BeginTurn())  # James
    enc.submit(TakeAction("james", TurnAction("move", path=[(3, 4), (4, 4)])))
    with pytest.raises(Refused, match="not an ally"):
        enc.submit(Block("brandon", (4, 4)))
    enc.submit(Pass("brandon"))
    enc.submit(EndTurn())
    to_turn(enc, "bear4")  # Bear 4 at (9, 8): far from Brandon at (2, 2)
    enc.submit(TakeAction("bear4", TurnAction("move", path=[(10, 8), (11, 8), (12, 8)])))
    assert not pending_interrupt(enc.state).can_block
    with pytest.raises(Refused, match="cannot reach"):
        enc.submit(Block("brandon", (11, 8)))


# --------------------------------------------------------------------------- R-TURN-5
def test_free_actions_resolve_first_in_first_out():  # R-TURN-5
    enc = started()
    enc.submit(Hold("brandon"))
    enc.submit(EndTurn())
    to_turn(enc, "bear1")
    enc.submit(TakeAction("bear1", TurnAction("move", path=[(8, 2)])))  # waits for Brandon
    enc.submit(DeclareFree("art", "draws a knife"))
    enc.submit(DeclareFree("james", "shouts a warning"))
    assert [f["combatant"] for f in enc.state.combat.free_queue] == ["art", "james"]
    entry = enc.submit(Pass("brandon"))
    order = [(e.kind, e.data.get("combatant")) for e in entry.events if e.kind in ("token.moved", "turns.free-resolved")]
    assert order == [("token.moved", "bear1"), ("turns.free-resolved", "art"), ("turns.free-resolved", "james")]
    entry = enc.submit(DeclareFree("art", "drops the knife"))
    assert kinds(entry) == ["turns.free-declared", "turns.free-resolved"]  # nothing waiting: at once


def test_nothing_interrupts_damage_once_dice_are_thrown():  # R-TURN-5
    enc = started(spawns=dict(SPAWNS, **{"Bear 1": (3, 2)}))
    enc.submit(Reveal("brandon"))  # a hidden Brandon could not be attacked (N-HIDE-3)
    enc.submit(Hold("brandon"))
    enc.submit(EndTurn())
    enc.submit(BeginTurn())
    enc.submit(Hold("james"))
    enc.submit(EndTurn())
    to_turn(enc, "bear1")
    first = enc.submit(TakeAction("bear1", TurnAction("attack", target="brandon")))
    assert "attack.rolled" not in kinds(first)  # the time to act is before the dice
    enc.submit(Pass("brandon"))
    last = enc.submit(Pass("james"))
    k = kinds(last)
    rolled = k.index("attack.rolled")
    assert k[rolled + 1] == "damage.rolled" and k[rolled + 2] == "hp.changed"  # one entry, nothing between
    with pytest.raises(Refused, match="no action is waiting"):
        enc.submit(Pass("james"))


# --------------------------------------------------------------------------- throwing, shields
def test_throw_an_object_up_to_body_plus_range_bonus_and_size():  # N-TURN-8 (the text's throwing rule)
    enc = started(traits={"brandon": {"size": "S", "body": 3, "range_bonus": 1}})
    with pytest.raises(Refused, match="20 ft; that square is 25 ft"):
        enc.submit(TakeAction("brandon", TurnAction("throw", target_cell=(7, 2), size="XS", note="a torch")))
    with pytest.raises(Refused, match="size S or smaller, not M"):
        enc.submit(TakeAction("brandon", TurnAction("throw", target_cell=(6, 2), size="M", note="a crate")))
    entry = enc.submit(TakeAction("brandon", TurnAction("throw", target_cell=(6, 2), size="S", note="a torch")))
    assert entry.events[-1].kind == "turns.thrown" or "turns.thrown" in kinds(entry)
    assert pips_of(enc.state, "brandon").contested == "open"  # a throw that is not an attack is non-contested


def test_bear_throws_large_objects_with_its_strength():  # N-TURN-8
    enc = started()
    to_turn(enc, "bear1")  # Space Bear: size L (turns.toml), STR 20 -> Body 5 -> 25 ft
    enc.submit(TakeAction("bear1", TurnAction("throw", target_cell=(4, 2), size="L", note="a crate")))
    with pytest.raises(Refused, match="25 ft"):
        enc.submit(TakeAction("bear1", TurnAction("throw", target_cell=(3, 2), size="L")))
    with pytest.raises(Refused, match="not XL"):
        enc.submit(TakeAction("bear1", TurnAction("throw", target_cell=(5, 2), size="XL")))


def test_equipping_a_shield_takes_two_consecutive_non_contested_actions():  # R-TURN-2 (the text's shield rule)
    enc = started()
    enc.submit(TakeAction("brandon", TurnAction("equip-shield")))
    assert enc.state.combat.equipping == {"brandon": 1}
    enc.submit(TakeAction("brandon", TurnAction("equip-shield")))
    assert enc.state.combat.shields == ["brandon"]
    enc.submit(EndTurn())
    enc.submit(BeginTurn())  # James: starts, is interrupted by another action, must start again
    enc.submit(TakeAction("james", TurnAction("equip-shield")))
    enc.submit(TakeAction("james", TurnAction("move", path=[(3, 4)])))
    assert "james" not in enc.state.combat.equipping and "james" not in enc.state.combat.shields


# --------------------------------------------------------------------------- R-FACE-1, end to end
def test_facing_is_declared_at_the_end_of_the_turn():  # R-FACE-1
    enc = started()
    enc.submit(EndTurn(facing="E"))
    assert enc.state.combatants["brandon"].facing == "E"
    enc.submit(BeginTurn())
    enc.submit(EndTurn(keep_facing="bear2"))  # James at (2, 4), Bear 2 at (9, 4)
    assert enc.state.combatants["james"].facing == "E" and enc.state.combatants["james"].facing_target == "bear2"
    enc.submit(BeginTurn())
    with pytest.raises(Refused, match="not a direction"):
        enc.submit(EndTurn(facing="UP"))


def test_team_rules_stay_the_default_and_the_individual_file_works_end_to_end():
    team = load_encounter(bundled("space-bears.encounter.toml"), seed=1)
    assert team.state.mode == "team"
    with pytest.raises(Refused, match="team rules"):
        team.submit(StartTurns())
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=1)
    assert enc.state.mode == "individual"
    enc.submit(StartTurns("rolled", npc_grouping="one"))
    enc.submit(BeginTurn())
    assert status_line(enc.state).startswith("Round 1:")
    enc.submit(EndTurn())
    enc.submit(JoinTurns("katie", index=1))
    assert enc.state.combat.order[1] == "katie" and enc.state.combatants["katie"].present
    assert snapshot(enc.journal.replay()) == snapshot(enc.state)


def test_fight_ends_when_one_side_stands():  # R-END-1
    enc = started(spawns=dict(SPAWNS, **{"Bear 1": (3, 2)}))
    for b in BEARS[1:]:
        enc.submit(AdjustHP(b, -100))
    enc.submit(AdjustHP("bear1", -29))
    entry = enc.submit(TakeAction("brandon", TurnAction("attack", target="bear1", weapon="silenced_pistol")),
                       typed=[20, 1, 6, 6])
    assert kinds(entry)[-1] == "turns.over"
    assert enc.state.combat.phase == "ended" and enc.state.combat.winner == "party"


def test_grenade_fuse_goes_off_at_the_end_of_the_targeted_characters_turn():  # R-GREN-4, N-TURN-10, N-TURN-4
    enc = started(spawns=dict(SPAWNS, **{"Bear 1": (6, 2)}))
    entry = enc.submit(TakeAction("brandon", TurnAction("use-item", item="grenade", target_cell=(6, 2),
                                                        options={"grenade": "frag"})))
    assert entry.events[0].data["slot"] == "contested"  # a grenade is an attack, not a thrown object
    grenade = next(iter(enc.state.grenades.values()))
    assert grenade.status == "live" and grenade.fuse == {"team": "bear1", "group": "turn", "when": "end"}
    to_turn(enc, "bear1")
    assert grenade.id in enc.state.grenades and enc.state.grenades[grenade.id].status == "live"
    entry = enc.submit(EndTurn())
    assert "grenade.exploded" in kinds(entry)
