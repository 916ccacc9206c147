"""Which combatants an entry changed (tactics/engine/core/touched.py), checked against the reducers.

Why: the board's tokens layer reads again only the tokens an entry touched; if a listed
event kind's reducer changed anything else (another token, a team, the order of the
combatants), that token would stay drawn as it was. Each command below is applied to the
state through the journal and the state compared with a copy from before: the combatants
not named must be as they were, and nothing else of the state may differ but what the
event kinds that touch no combatant change (the doors).
"""

from __future__ import annotations

import dataclasses

from tactics.bench import build_scene
from tactics.engine.board import Place, SetDoor, Walk
from tactics.engine.combat.gm import AdjustHP, ApplyCondition
from tactics.engine.core.fork import fork
from tactics.engine.hazards.facing import GMSetFacing
from tactics.engine.core.touched import FIELDS_CHANGED, NO_COMBATANT, ONLY_NAMED, touched_combatants


def _scene():
    return build_scene(20, tokens=6, walls=0, area=(2, 2, 10, 8), door=True)


def test_each_listed_kind_changes_only_the_combatants_it_names() -> None:
    encounter = _scene()
    state = encounter.state
    ids = list(state.combatants)
    c, r = state.combatants[ids[1]].cell
    free = [cell for cell in ((c + dc, r + dr) for dc in (-1, 1) for dr in (-1, 0, 1))
            if state.map.move_cost(cell) is not None and state.at(cell) is None]
    commands = [Place(ids[0], (15, 15)), AdjustHP(ids[2], -2), AdjustHP(ids[3], -999), SetDoor(0, True),
                SetDoor(0, False), Walk(ids[1], [free[0]]), GMSetFacing(ids[5], direction="N"),
                GMSetFacing(ids[5], keep_facing=ids[1]), Place(ids[1], (12, 12)),  # ids[5] turns to follow
                Place(ids[4], None)]
    seen: set[str] = set()
    for command in commands:
        before = fork(encounter.state)
        entry = encounter.submit(command)
        after = encounter.state
        touched = touched_combatants(entry.events)
        kinds = {e.kind for e in entry.events}
        if touched is None:
            assert kinds - set(ONLY_NAMED) - NO_COMBATANT, f"{command}: only listed kinds, yet 'any'"
            continue
        seen |= kinds
        assert list(after.combatants) == list(before.combatants), f"{command}: the combatants' order changed"
        for cid in after.combatants:
            was, now = before.combatants[cid], after.combatants[cid]
            if cid not in touched:
                assert now == was, f"{command} changed {cid}, not named"
            else:  # of a named one only its square and hit points (names, sheets, teams are kept by readers)
                assert dataclasses.replace(now, **{f: getattr(was, f) for f in FIELDS_CHANGED}) == was, \
                    f"{command} changed more of {cid} than {sorted(FIELDS_CHANGED)}"
        assert after.teams == before.teams, f"{command} changed a team"
        # Nothing else of the state, but the doors when a kind that sets doors was applied.
        expected = dataclasses.replace(before, combatants={cid: (after.combatants[cid] if cid in touched else who)
                                                           for cid, who in before.combatants.items()})
        if kinds & NO_COMBATANT:
            expected = dataclasses.replace(expected, open_doors=after.open_doors, closed_doors=after.closed_doors,
                                           revealed_doors=after.revealed_doors)
        assert expected == after, f"{command} changed more of the state than its named combatants"
    assert seen >= set(ONLY_NAMED) | NO_COMBATANT, f"listed kinds no command here made: " \
                                                   f"{(set(ONLY_NAMED) | NO_COMBATANT) - seen}"


def test_an_entry_with_any_other_kind_may_have_touched_anyone() -> None:
    encounter = _scene()
    cid = next(iter(encounter.state.combatants))
    entry = encounter.submit(ApplyCondition(cid, "Shaken", 2))
    assert touched_combatants(entry.events) is None
    hurt = encounter.submit(AdjustHP(cid, -1))
    assert touched_combatants(hurt.events) == frozenset({cid})
    assert touched_combatants(entry.events + hurt.events) is None  # one unknown kind: all read again
    door = encounter.submit(SetDoor(0, True))
    assert touched_combatants(door.events) == frozenset()
