"""The app's opponent opens a closed door to get at the fight (N-DOOR-5, N-DOOR-2, N-DOOR-4, R-ACT-1).

What is tested: on the bundled Space Bears map, with the party played by the app ("plays to win"),
Katie stands at her room's closed door with the bears outside. In team rounds her plan is the
door as the Simple action and then a Standard Move (no sprint after a Simple action, R-ACT-1)
through it; the engine accepts both declarations, the door opens when they resolve and she is
outside. In individual turns her first action is the door; the next plan (made again with the
door open) moves her out. Before this the opponent never left a closed room. A member with no
door beside it plans as before; a door already open is never "opened".
"""

from __future__ import annotations

from test_doors import KATIE_DOOR, individual, katies_turn, resolve_all

from tactics.ai.doors import doors_to_open
from tactics.ai.individual_turn import plan_action
from tactics.ai.knowledge import known_state
from tactics.ai.positions import Board
from tactics.ai.team_turn import plan_group
from tactics.engine.board import Place
from tactics.engine.combat.actions import Declare
from tactics.engine.combat.individual.actions import TakeAction
from tactics.rules import actions as act


def test_in_team_rounds_katie_opens_her_door_and_walks_out():  # N-DOOR-5, N-DOOR-2, R-ACT-1
    enc = katies_turn()
    enc.submit(Place("katie", (23, 15)))  # the GM puts her at the door; the bears are outside
    s = enc.state
    assert not s.door_open(KATIE_DOOR)
    choice = next(c for c in plan_group(s, "party") if c.combatant == "katie")
    kinds = [a.kind for a in choice.actions]
    assert kinds == [act.SIMPLE, act.STANDARD_MOVE], choice.reason
    assert choice.actions[0].effect == "open-door" and choice.actions[0].door == KATIE_DOOR
    assert choice.reason.startswith("Katie opens the door between (22, 15) and (23, 15) and moves")
    for action in choice.actions:
        enc.submit(Declare("katie", action))  # the engine accepts the plan as declared
    resolve_all(enc)
    assert s.door_open(KATIE_DOOR)
    assert s.combatants["katie"].cell == choice.end and choice.end[0] < 23  # out of her room


def test_in_individual_turns_the_door_first_then_a_move_through_it():  # N-DOOR-5, N-DOOR-4, R-TURN-2
    enc = individual()
    s = enc.state
    assert not s.door_open(KATIE_DOOR) and s.combatants["katie"].cell == (23, 15)
    first = plan_action(s, "katie")
    assert first is not None and [a.kind for a in first.actions] == ["door"], first.reason
    assert first.actions[0].door == KATIE_DOOR and first.reason.startswith("Katie opens the door between")
    enc.submit(TakeAction("katie", first.actions[0]))
    assert s.door_open(KATIE_DOOR)
    second = plan_action(s, "katie")
    assert second is not None and second.actions[0].kind == "move", second.reason
    enc.submit(TakeAction("katie", second.actions[0]))
    assert s.combatants["katie"].cell[0] < 23


def test_shut_in_her_room_katie_walks_toward_the_door():  # N-DOOR-5
    """Review 6: across the room from her closed door Katie "held her ground" all fight: on foot
    the closed door is a way out, so she walks toward it (beside it, she opens it: the test above)."""
    enc = katies_turn()
    s = enc.state
    assert s.combatants["katie"].cell == (26, 15) and not s.door_open(KATIE_DOOR)
    choice = next(c for c in plan_group(s, "party") if c.combatant == "katie")
    assert [a.kind for a in choice.actions] in ([act.STANDARD_MOVE], [act.STANDARD_MOVE, act.BONUS_MOVE]), choice.reason
    assert choice.end is not None and choice.end[0] < 26  # toward the door (x = 23), not further in
    for action in choice.actions:
        enc.submit(Declare("katie", action))  # the engine accepts it


def test_only_closed_doors_beside_it_are_weighed():  # N-DOOR-1, N-DOOR-5
    enc = katies_turn()
    s = enc.state
    board = Board(known_state(s, "party"), "party")
    assert doors_to_open(board, s.combatants["katie"]) == []  # across the room from the door
    assert doors_to_open(board, s.combatants["art"]) == []  # nowhere near a door
    enc.submit(Place("katie", (23, 15)))
    board = Board(known_state(s, "party"), "party")
    assert [d for d, _, _ in doors_to_open(board, s.combatants["katie"])] == [KATIE_DOOR]
    opened = doors_to_open(board, s.combatants["katie"])[0][2]
    assert opened.view.door_open(KATIE_DOOR) and not s.door_open(KATIE_DOOR)  # the real fight is untouched


def test_app_played_bears_open_katies_door_to_get_at_her():  # N-DOOR-5
    """Review 6: with the party idle and Katie in her room, the bears stepped 5 ft to and fro for
    twenty rounds, "ready to charge Katie next turn" as the crow flies through the wall. On foot
    (round walls, through the door at a price) they go to her door, open it and reach her."""
    from tactics.ai import Opponent
    from tactics.assets import bundled
    from tactics.engine.combat.team import Advance, Join, StartCombat
    from tactics.engine.core.control import SetController
    from tactics.engine.core.encounter import load_encounter

    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=1)
    enc.submit(SetController("bears", "win"))
    enc.submit(StartCombat())
    opponent = Opponent(enc)
    while enc.state.combat.phase != "ended" and enc.state.combat.round <= 14:
        if enc.state.combat.phase == "counters" and not enc.state.combatants["katie"].present:
            enc.submit(Join("katie"))
        if not opponent.play() and enc.state.combat.phase != "ended":
            enc.submit(Advance())  # the party does nothing
    opened_by = [e.by for entry in enc.journal.entries for e in entry.events if e.kind == "door.set"]
    assert opened_by and enc.state.combatants[opened_by[0]].team == "bears"
    assert enc.state.combatants["katie"].hp < enc.state.combatants["katie"].max_hp  # they reached her


def test_the_door_s_price_on_foot_is_data_and_a_bad_one_is_named(tmp_path):  # N-DOOR-5
    import pytest

    from tactics.ai.settings import load_opponent_rules, opponent_rules
    from tactics.rules.data import DataError, bundled_data_path

    assert opponent_rules().door_walk_ft == 10
    text = (bundled_data_path() / "opponents.toml").read_text().replace("door_walk_ft = 10", "door_walk_ft = -5", 1)
    bad = tmp_path / "opponents.toml"
    bad.write_text(text)
    with pytest.raises(DataError, match="door_walk_ft") as info:
        load_opponent_rules(bad)
    assert "opponents.toml" in str(info.value)
