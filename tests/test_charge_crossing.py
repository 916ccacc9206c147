"""A charge across difficult ground: the check named before the roll, in the odds, and in the result.

An outside review (review 7, finding 3) saw two bears charge across debris with the cards showing
the attack's odds as if they surely arrived, nothing naming the Acrobatics check, and the log
saying "Miss" when both failed it and never swung. What is tested, on a plain room with one
column of difficult ground (Acrobatics DC 12) between a bear and its target: the engine's
``run_odds`` names the check with the chance the resolution itself logs (R-MOVE-2, N-MOVE-3); the
odds add up to one with a "stopped" share for the runs that end out of reach; a failed check
resolves as "stopped by difficult ground", not "Miss" (no attack rolled); and a run that fails its
check while the target is still in reach still swings (its odds are in the sum).
"""

from __future__ import annotations

from fractions import Fraction

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.crossing import STOPPED, declared_run_odds, run_odds
from tactics.engine.combat.queries import attack_odds, describe
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.rules import actions as act

from ui_driver import fighter

#: a 10 x 5 room, difficult ground all down column 4 (any run west crosses it once)
ROOM = "\n".join(["....^....."] * 5)


def charge_fight(bear_at=(8, 2), ann_at=(1, 2), room: str = ROOM) -> Encounter:
    """The bear (Acrobatics +5, DEX +5: the bears act first) and Ann, in the Action Phase."""
    definition = {
        "name": "Debris",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [
            fighter("ann", "party", ann_at),
            fighter("bear", "bears", bear_at, modifiers={"DEX": 5, "STR": 3}, skills={"Acrobatics": 5},
                    techniques=["bear_charge"]),
        ],
    }
    enc = Encounter(definition, BattleMap.from_text(room), seed=5)
    enc.submit(StartCombat())
    enc.submit(Advance())
    assert enc.state.combat.can_act_now("bear")
    return enc


def declare_charge(enc: Encounter, path: list) -> int:
    enc.submit(Declare("bear", Action(act.TECHNIQUE, technique="bear_charge", target="ann", path=path)))
    return enc.state.combat.declarations[-1].id


WEST = [(7, 2), (6, 2), (5, 2), (4, 2), (3, 2), (2, 2)]  # 30 ft, across (4, 2), ends in reach of Ann


def test_run_odds_name_the_check_and_fold_it_into_the_attack_odds():  # R-MOVE-2, N-MOVE-3
    enc = charge_fight()
    run = declared_run_odds(enc.state, declare_charge(enc, WEST))
    assert run is not None and [c.cell for c in run.checks] == [(4, 2)]
    check = run.checks[0]
    assert (check.place, check.dc, check.chance) == ("difficult ground", 12, Fraction(14, 20))  # d20 + 5 >= 12
    assert run.through == Fraction(7, 10)
    there = attack_odds(enc.state, "bear", "ann", technique="bear_charge", from_cell=(2, 2))
    # a failure stops the bear on (5, 2), 15 ft from Ann: no blow; a pass swings from (2, 2)
    assert run.chances[STOPPED] == Fraction(3, 10)
    for outcome, p in there.chances.items():
        assert run.chances[outcome] == Fraction(7, 10) * p
    assert sum(run.chances.values()) == 1
    assert run.to_damage == Fraction(7, 10) * sum(p for k, p in there.chances.items() if k != "miss")


def test_the_chance_shown_is_the_one_the_resolution_logs():  # R-MOVE-2, N-MOVE-3
    enc = charge_fight()
    run = declared_run_odds(enc.state, declare_charge(enc, WEST))
    entry = enc.submit(ResolveNext())
    logged = next(e for e in entry.events if e.kind == "combat.check")
    assert Fraction(logged.data["odds"]) == run.checks[0].chance
    assert logged.data["what"] == run.checks[0].what and logged.data["dc"] == run.checks[0].dc


def test_a_failed_check_out_of_reach_reads_stopped_not_miss():  # R-MOVE-2, N-ORD-3
    enc = charge_fight()
    declare_charge(enc, WEST)
    entry = enc.submit(ResolveNext(), typed=[1])  # the check's d20: 1 + 5 = 6 vs DC 12
    kinds = [e.kind for e in entry.events]
    assert "attack.rolled" not in kinds, "no blow was struck"
    resolved = next(e for e in entry.events if e.kind == "action.resolved")
    assert resolved.data["outcome"] == STOPPED and resolved.data["success"] is False
    lines = [describe(e, enc.state) for e in entry.events]
    assert "Bear's Technique: stopped by difficult ground." in lines, lines
    assert "Bear is stopped by the difficult ground at (4, 2) and cannot reach Ann." in lines, lines
    assert not any(line.endswith(": Miss.") for line in lines)
    assert enc.state.combatants["bear"].cell == (5, 2)


def test_a_run_stopped_within_reach_still_swings_and_is_counted():  # R-MOVE-2, R-HIT-1
    """One square of difficult ground, the run's last, beside Ann: a failure stops the bear on the
    square before it, diagonal to her and still in reach, and the blow is struck from there."""
    room = "\n".join([".........."] * 2 + ["....^....."] + [".........."] * 2)
    enc = charge_fight(bear_at=(8, 3), ann_at=(3, 2), room=room)
    run = declared_run_odds(enc.state, declare_charge(enc, [(7, 3), (6, 3), (5, 3), (4, 3), (4, 2)]))
    assert run is not None and [c.cell for c in run.checks] == [(4, 2)] and STOPPED not in run.chances
    assert sum(run.chances.values()) == 1
    stopped_at = attack_odds(enc.state, "bear", "ann", technique="bear_charge", from_cell=(4, 3))
    there = attack_odds(enc.state, "bear", "ann", technique="bear_charge", from_cell=(4, 2))
    assert not stopped_at.problem and not there.problem
    for outcome in there.chances:
        expected = Fraction(7, 10) * there.chances[outcome] + Fraction(3, 10) * stopped_at.chances[outcome]
        assert run.chances[outcome] == expected
    entry = enc.submit(ResolveNext(), typed=[1, 10])  # the check fails; the blow from (4, 3): d20 10
    assert any(e.kind == "attack.rolled" for e in entry.events)
    assert enc.state.combatants["bear"].cell == (4, 3)


def test_a_run_on_plain_floor_asks_nothing():  # R-MOVE-2
    enc = charge_fight()
    assert run_odds(enc.state, "bear", [(8, 1), (8, 0)], 30, lambda cell: None) is None


def test_a_charge_the_walls_stop_says_so_not_that_it_is_out_of_range():
    """Review 13 F7: a charge no run could bring in reach (walls between) was refused with "Katie is
    20 ft away; Charge reaches 5 ft", a range problem, under a button reading "moves 30 ft"."""
    import pytest

    from tactics.engine.combat.charge import charge_problem
    from tactics.engine.core.journal import Refused
    from tactics.rules.sheets import default_armoury

    walled = "\n".join(["..........", "..........", "##########", "..........", ".........."])
    enc = charge_fight(bear_at=(4, 0), ann_at=(4, 4), room=walled)  # 20 ft apart, a wall between
    state = enc.state
    why = charge_problem(state, state.combatants["bear"], default_armoury().technique("bear_charge"),
                         state.combatants["ann"])
    assert why is not None and why.startswith("no square from which ") and "reaches Ann is within 30 ft" in why
    assert "walls" in why and "20 ft away" not in why
    assert attack_odds(state, "bear", "ann", technique="bear_charge").problem == why  # the attack tool's preview
    with pytest.raises(Refused, match="no square from which .* reaches Ann is within 30 ft"):
        declare_charge(enc, [])
    far = charge_fight(bear_at=(9, 0), ann_at=(0, 4), room="\n".join(["." * 10] * 5))  # 45 ft: out of range
    s = far.state
    assert charge_problem(s, s.combatants["bear"], default_armoury().technique("bear_charge"),
                          s.combatants["ann"]) == "Ann is 45 ft away: Charge runs 30 ft and reaches 5 ft"
    open_room = charge_fight(bear_at=(8, 2), ann_at=(1, 2))  # a run that reaches: no problem
    s = open_room.state
    assert charge_problem(s, s.combatants["bear"], default_armoury().technique("bear_charge"), s.combatants["ann"]) is None
