"""The app's moves and charges go round traps its side knows of, as a person's do (N-TRAP-12).

Review 7 solo, finding H: an app-played bear charged straight over a frag mine its own side had
spotted (``DetectTrap``) and set it off, on its friends too, at both levels. What a user sees
checked here, on the bundled Space Bears (seed 3, the bears' Vanguard): with the mine on any
square of the charge's plain path and known to the bears, no path the app declares sets it
off, at both levels and in individual turns; the same mine hidden from the bears changes
nothing (no leak, R-TRAP-6); and where no way round fits, the reason says it risks the mine.
"""

from __future__ import annotations

import pytest

from tactics.ai.team_turn import plan_group
from tactics.ai.individual_turn import plan_action
from tactics.assets import bundled
from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns
from tactics.engine.combat.team import Advance
from tactics.engine.core.control import SetController
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.opening import default_unaware, opening_commands, opening_of
from tactics.engine.hazards.traps import DetectTrap, PlaceTrap
from tactics.rules import traps as tr

#: the squares of Bear 2's charge at Art / James without a trap (seed 3): (22, 2) > (21, 3) > (20, 4) > (19, 4) ...
ON_THE_CHARGE = [(21, 3), (20, 4), (19, 4)]


def _bears_turn(level: str, mine: tuple[int, int] | None, known: bool):
    """The bundled fight at the bears' Vanguard's turn, opened as the Initiative panel does."""
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=3)
    enc.submit(SetController("bears", level))
    if mine is not None:
        enc.submit(PlaceTrap("frag_mine", mine, detection_dc=40, team="party", trap_id="t1"))
        if known:
            enc.submit(DetectTrap("t1", "bear2"))  # the GM marks it found by Bear 2: the bears know it
    opening = opening_of(enc.definition, enc.source)
    unaware = default_unaware(enc.state, opening)
    aware = [c.id for c in enc.state.combatants.values() if c.present and c.id not in unaware]
    for command in opening_commands(enc.state, opening, aware):
        enc.submit(command)
    for _ in range(10):
        combat = enc.state.combat
        if combat.round == 1 and combat.phase == "action" and combat.turn_order()[combat.group_index].team == "bears":
            return enc
        enc.submit(Advance())
    raise AssertionError("the bears' group never came")


def _paths(choices) -> list[tuple[str, list[tuple[int, int]]]]:
    return [(c.combatant, [tuple(p) for p in a.path]) for c in choices for a in c.actions if getattr(a, "path", None)]


def _sets_off(state, cid: str, path: list[tuple[int, int]], start: tuple[int, int]) -> bool:
    traps = [t for t in state.traps.values() if t.armed]
    return tr.first_trigger(traps, start, list(path), state.current_map()) is not None


@pytest.mark.parametrize("level", ["win", "monster"])
@pytest.mark.parametrize("mine", ON_THE_CHARGE)
def test_no_path_it_declares_sets_off_a_mine_its_side_knows_of(level, mine):
    plain = _paths(plan_group(_bears_turn(level, None, False).state, "bears", level))
    assert any(who == "bear2" and mine in path for who, path in plain), plain  # the mine is in the way
    enc = _bears_turn(level, mine, True)
    state = enc.state
    choices = plan_group(state, "bears", level)
    for choice in choices:
        start = state.combatants[choice.combatant].cell
        for action in choice.actions:
            if getattr(action, "path", None):
                assert not _sets_off(state, choice.combatant, action.path, start), (choice.reason, action.path)
                start = tuple(action.path[-1])
    from tactics.ai import Opponent

    Opponent(enc).play()  # and playing the group sets nothing off
    assert not [e for e in enc.journal.events if e.kind == "trap.triggered"]


@pytest.mark.parametrize("level", ["win", "monster"])
def test_a_mine_hidden_from_its_side_changes_nothing(level):
    """No leak (R-TRAP-6): the same mine, not found by the bears, leaves every choice as without it."""
    plain = plan_group(_bears_turn(level, None, False).state, "bears", level)
    for mine in ON_THE_CHARGE:
        hidden = plan_group(_bears_turn(level, mine, False).state, "bears", level)
        assert _paths(hidden) == _paths(plain) and [c.reason for c in hidden] == [c.reason for c in plain]


def test_with_no_way_round_the_reason_says_it_risks_the_mine():
    """Known mines on every square round Bear 2 (the text's monsters go for the nearest foe)."""
    enc = _bears_turn("monster", None, False)
    bear = enc.state.combatants["bear2"]
    x, y = bear.cell
    ring = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    for i, cell in enumerate(ring):
        if enc.state.current_map().move_cost(cell) is not None and enc.state.at(cell) is None:
            enc.submit(PlaceTrap("frag_mine", cell, detection_dc=40, team="party", trap_id=f"m{i}"))
            enc.submit(DetectTrap(f"m{i}", "bear2"))
    choice = next(c for c in plan_group(enc.state, "bears", "monster") if c.combatant == "bear2")
    assert "risking the Frag mine at " in choice.reason and "no way round fits" in choice.reason, choice.reason


def test_individual_turns_go_round_a_known_mine_too():
    """The second text's turns: Bear 1's first move goes round a mine on its plain path."""
    def first_bear_move(known: bool | None, mine=None):
        enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=1)
        enc.submit(SetController("bears", "win"))
        if known is not None:
            enc.submit(PlaceTrap("frag_mine", mine, detection_dc=40, team="party", trap_id="t1"))
            if known:
                enc.submit(DetectTrap("t1", "bear1"))
        enc.submit(StartTurns())
        while enc.state.combat.current != "bear1":
            if enc.state.combat.phase == "action":
                from tactics.engine.combat.individual.procedure import EndTurn

                enc.submit(EndTurn())
            else:
                enc.submit(BeginTurn())
        return enc.state, plan_action(enc.state, "bear1", "win")

    _, plain = first_bear_move(None)
    mine = tuple(plain.actions[0].path[1])
    _, hidden = first_bear_move(False, mine)
    state, known = first_bear_move(True, mine)
    assert hidden.actions[0] == plain.actions[0] and hidden.reason == plain.reason  # no leak
    path = [tuple(c) for c in known.actions[0].path]
    assert not _sets_off(state, "bear1", path, state.combatants["bear1"].cell), (known.reason, path)
