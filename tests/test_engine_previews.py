"""Previews ask the engine: what the window shows before a click is what the engine then does.

What is tested (compute, then commit):
* the trap tool's disarm and set odds (:func:`tactics.engine.hazards.trap_checks.disarm_check`,
  ``set_check``) against the Disarm / SetTrap commands rolled with every d20 face (exhaustive,
  R-TRAP-3, R-TRAP-5, N-TRAP-6): same skill, same DC, the same share of each result;
* the Attack tool's charge path (:func:`tactics.engine.combat.charge.charge_path`): the engine
  accepts it as declared and the blow lands from its last square;
* the Select tool's "why not" (:func:`tactics.engine.combat.moves.why_not_move`): every square it
  calls too far or blocked is refused by the move command, every offered square is accepted.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_ground_audit import fight, to_group
from test_hazards import encounter, events_of, fighter

from tactics.engine.board import Walk
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.charge import charge_path
from tactics.engine.combat.moves import move_routes, why_not_move
from tactics.engine.core.journal import Refused
from tactics.engine.hazards.commands import PlaceTrap
from tactics.engine.hazards.trap_checks import disarm_check, set_check
from tactics.engine.hazards.traps import Disarm, SetTrap
from tactics.rules.sheets import default_armoury
from tactics.ui.tools.select import compute_reach, why_not
from tactics.ui.tools.traps import disarm_preview, set_preview


def _shares(results: list[str]) -> dict[str, Fraction]:
    return {r: Fraction(results.count(r), len(results)) for r in set(results)}


def _nonzero(odds: dict[str, Fraction]) -> dict[str, Fraction]:
    return {k: v for k, v in odds.items() if v}


@pytest.mark.parametrize("kind, skills, skill", [
    ("frag_mine", {"Disable Device": 1, "Demolitions": 4}, "Demolitions"),  # explosive: the better (N-TRAP-6)
    ("simple_mechanical", {"Disable Device": 1, "Demolitions": 4}, "Disable Device"),  # not explosive
    ("frag_mine", {"Disable Device": 3, "Demolitions": 2}, "Disable Device"),
])
def test_the_disarm_preview_is_the_roll_the_disarm_command_makes(kind, skills, skill):  # R-TRAP-3
    enc = encounter(fighter("ann", "party", (2, 3), skills=skills))
    enc.submit(PlaceTrap(kind, (3, 3), hidden=False))
    tid = sorted(enc.state.traps)[-1]
    who, trap = enc.state.combatants["ann"], enc.state.traps[tid]
    check = disarm_check(enc.state, who, trap)
    how, odds = disarm_preview(enc.state, who, trap)  # what the trap tool prints
    assert check.skill == skill and how.startswith(skill)
    results = []
    for face in range(1, 21):  # no advantage die out of a fight: the d20 alone
        entry = enc.submit(Disarm("ann", tid), typed=[face])
        roll = events_of(entry, "trap.disarm")[0]
        assert roll["roll"]["what"] == check.skill and roll["roll"]["dc"] == check.dc
        assert roll["roll"]["total"] == face + check.modifier
        results.append(roll["result"])
        enc.undo()
    assert _shares(results) == _nonzero(odds)


@pytest.mark.parametrize("skills, abilities, skill", [
    ({"Demolitions": 3}, {"INT": 10}, "Demolitions"),
    ({"Demolitions": 1}, {"INT": 16}, "INT"),
])
def test_the_set_preview_is_the_roll_the_set_trap_command_makes(skills, abilities, skill):  # R-TRAP-5
    enc = encounter(fighter("ann", "party", (2, 2), skills=skills, abilities=abilities))
    who = enc.state.combatants["ann"]
    check = set_check(who)
    how, odds = set_preview(who)
    assert check.skill == skill and how.startswith(skill)
    results = []
    for face in range(1, 21):
        entry = enc.submit(SetTrap("ann", "frag_mine", (3, 2)), typed=[face])
        roll = events_of(entry, "trap.set-check")[0]
        assert roll["roll"]["what"] == check.skill and roll["roll"]["dc"] == check.dc
        results.append(roll["result"])
        enc.undo()
    assert _shares(results) == _nonzero(odds)


def test_the_charge_path_shown_is_the_one_the_engine_runs_and_strikes_from():  # Technique move_ft
    enc = fight()
    to_group(enc, "bears:vanguard")
    bear, james = enc.state.combatants["bear2"], enc.state.combatants["james"]
    tech = default_armoury().technique("bear_charge")
    path = charge_path(enc.state, bear, tech, james)
    assert path and len(path) * 5 <= tech.move_ft
    enc.submit(Declare("bear2", Action("technique", technique="bear_charge", target="james", path=path)))
    entry = enc.submit(ResolveNext(others_pass=True))
    assert enc.state.combatants["bear2"].cell == path[-1]
    assert [e.kind for e in entry.events].count("attack.rolled") == 1  # the blow lands from the path's end


def test_no_charge_path_when_the_target_is_already_in_reach():
    enc = fight()
    bear = enc.state.combatants["bear2"]
    tech = default_armoury().technique("bear_charge")
    near = next(c for c in enc.state.combatants.values() if c.cell and c.id != bear.id
                and max(abs(c.cell[0] - bear.cell[0]), abs(c.cell[1] - bear.cell[1])) == 1)
    assert charge_path(enc.state, bear, tech, near) is None


def test_why_not_agrees_with_the_move_command_on_every_square():  # R-MOVE-1, R-GRID-5
    room = "\n".join(["........", "...#....", "...#....", "...#....", "........", "........"])
    enc = encounter(fighter("ann", "party", (1, 2), run_ft=10), fighter("bob", "bears", (5, 2)),
                    fighter("cal", "party", (1, 4)), text=room)
    reach = compute_reach(enc.state, "ann")
    routes = move_routes(enc.state, "ann", reach.allowance)
    battle_map = enc.state.current_map()
    said = set()
    for cell in ((c, r) for c in range(battle_map.width) for r in range(battle_map.height)):
        if cell == (1, 2):
            continue
        if cell in routes:
            enc.submit(Walk("ann", list(routes[cell].path), budget_ft=reach.sprint_ft))
            assert enc.state.combatants["ann"].cell == cell
            enc.undo()
            continue
        reason = why_not(enc.state, reach, cell)  # what the window says on the click
        said.add("Too far:" if reason.startswith("Too far") else reason)
        assert reason == why_not_move(enc.state, "ann", cell)
        if reason.startswith("Too far"):
            wide = reason.split(":")[1].split("ft")[0].strip()
            assert int(wide) > reach.sprint_ft
        with pytest.raises(Refused):
            enc.submit(Walk("ann", [cell], budget_ft=reach.sprint_ft))
    assert {"Too far:", "Cal already stands there.", "Bob already stands there."} <= said
    assert why_not_move(enc.state, "ann", (5, 2)) == "Bob already stands there."
    assert why_not_move(enc.state, "ann", (3, 2)).startswith("No one can stand there")


def test_the_search_odds_the_gm_sees_are_what_the_search_rolls():  # R-TRAP-2, N-TRAP-7, R-ROLL-2
    """An Electro-Mancer with a d4 Affinity Die: the advantage die counts for the electronic mine,
    not for the mechanical trap; every (d20, d4) pair is rolled and counted."""
    from tactics.engine.hazards.spotting import ActiveSearch
    from tactics.engine.hazards.trap_checks import search_plan

    enc = encounter(fighter("ann", "party", (5, 5), skills={"Perception": 2}, affinity_die=4, **{"class": "Electro-Mancer"}))
    enc.submit(PlaceTrap("frag_mine", (7, 5), detection_dc=17))  # electronic
    enc.submit(PlaceTrap("simple_mechanical", (3, 5), detection_dc=15))
    enc.submit(PlaceTrap("frag_mine", (12, 5), detection_dc=5))  # 35 ft away: not searched
    plan_ = search_plan(enc.state, enc.state.combatants["ann"])
    odds = plan_.odds()  # what the trap tool prints over each trap
    assert set(odds) == {"trap-1", "trap-2"} and plan_.advantage == 1
    found = {"trap-1": Fraction(0), "trap-2": Fraction(0)}
    for d20 in range(1, 21):
        for face in range(1, 5):
            entry = enc.submit(ActiveSearch("ann"), typed=[d20, face])
            for f in events_of(entry, "trap.search")[0]["found"]:
                found[f["trap"]] += Fraction(1, 80)
            enc.undo()
    assert found == odds
    assert odds["trap-2"] == Fraction(8, 20)  # d20 + 2 >= 15: the d4 does not help against a mechanical trap
    assert odds["trap-1"] > Fraction(6, 20)  # d20 + 2 >= 17 alone would be 6 in 20: the d4 helps


def test_disadvantage_subtracts_a_d2_in_the_odds_as_in_the_roll():  # R-ROLL-2
    from tactics.engine.hazards.blast import roll_d20_check
    from tactics.rules.dice import Dice
    from tactics.rules.traps import disarm_odds

    odds = disarm_odds(3, 12, in_combat=True, affinity=6)  # a d6 Affinity Die never makes disadvantage worse
    rolled = {"disarmed": Fraction(0), "retry": Fraction(0), "triggered": Fraction(0)}
    from tactics.rules.traps import disarm_result

    for d20 in range(1, 21):
        for face in range(1, 3):
            roll = roll_d20_check(Dice(1, 0, (d20, face)), "Disable Device", [("Disable Device", 3)], dc=12,
                                  advantage=-1, affinity=6)
            assert roll["extra"][0] == 2
            rolled[disarm_result(roll["total"], 12)] += Fraction(1, 40)
    assert rolled == odds
