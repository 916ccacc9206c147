"""The parts of the game survive a save: the state after loading equals the state before.

What is tested: the bundled starship encounter (R-SHIP: phases, Battle Damage,
typed and seeded dice) and board play come back from a save with exactly the
same state, redo included. ``reloaded`` is the helper other parts can use in their own tests.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from hypothesis import given, settings, strategies as st

from tactics.engine.board import Place, Walk
from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.saves.document import load_save, reloaded, save_encounter, saved_at
from tactics.maps import BattleMap


def test_board_state_survives_a_save() -> None:
    definition = {"teams": {"a": {}, "b": {}}, "combatants": [
        {"id": "x", "team": "a", "cell": [0, 0]}, {"id": "y", "team": "b", "cell": [4, 2], "hidden": True}]}
    game = Encounter(definition, BattleMap.from_text(".....\n.....\n.....\n"), seed=2)
    game.submit(Walk("x", [(1, 1), (2, 1)]))
    game.submit(Place("y", None))
    back = reloaded(game)
    assert back.state == game.state
    assert back.state.combatants["x"].cell == (2, 1) and back.state.combatants["y"].cell is None


def test_starship_combat_survives_a_save(tmp_path: Path) -> None:  # R-SHIP-1, R-SHIP-5
    from tactics.engine.starship.commands import EndPhase, FireWeapons, StartSpaceCombat, TakeAction

    game = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    game.submit(StartSpaceCombat())
    game.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    game.submit(EndPhase(), typed=[3, 4])  # Battle Damage 7 on the Wayfarer
    game.submit(TakeAction("wayfarer", "captain", "order", {"post": "weapons"}))
    game.submit(TakeAction("red_maw", "science", "boost_shields"))  # seeded dice
    game.undo()
    back = load_save(save_encounter(game, tmp_path / "corvette.json"))
    assert back.state == game.state
    assert back.state.space.ships["wayfarer"].damage == 1
    # redoing the seeded boost gives the same events in both
    assert back.redo().to_dict() == game.redo().to_dict()
    assert back.state == game.state


def test_saved_at_reads_the_time_of_saving(tmp_path: Path) -> None:
    game = Encounter({"teams": {}, "combatants": []}, BattleMap.from_text("...\n"), seed=1)
    when = datetime(2026, 11, 29, 21, 30, 5, tzinfo=timezone.utc)
    path = save_encounter(game, tmp_path / "g.json", now=when)
    assert saved_at(path) == when
    path.write_text("{")
    assert saved_at(path) is None

_moves = st.lists(
    st.one_of(
        st.tuples(st.just("place"), st.sampled_from(["x", "y"]), st.integers(0, 4), st.integers(0, 2)),
        st.tuples(st.just("walk"), st.sampled_from(["x", "y"]), st.integers(0, 4), st.integers(0, 2)),
        st.tuples(st.just("undo"), st.none(), st.none(), st.none()),
        st.tuples(st.just("redo"), st.none(), st.none(), st.none()),
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(_moves)
def test_any_play_survives_a_save(moves: list) -> None:
    """Property: whatever was played, undone and redone, the reloaded game is the same."""
    definition = {"teams": {"a": {}, "b": {}}, "combatants": [
        {"id": "x", "team": "a", "cell": [0, 0]}, {"id": "y", "team": "b", "cell": [4, 2]}]}
    game = Encounter(definition, BattleMap.from_text("..#..\n.....\n..~..\n"), seed=2)
    for what, who, col, row in moves:
        try:
            if what == "place":
                game.submit(Place(who, (col, row)))
            elif what == "walk":
                game.submit(Walk(who, [(col, row)]))
            elif what == "undo":
                game.undo()
            else:
                game.redo()
        except Refused:
            pass
    back = reloaded(game)
    assert back.state == game.state
    def as_json(entries: list) -> str:
        return json.dumps([e.to_dict() for e in entries])

    assert as_json(back.journal.redo_stack) == as_json(game.journal.redo_stack)
    assert as_json(back.journal.entries) == as_json(game.journal.entries)
