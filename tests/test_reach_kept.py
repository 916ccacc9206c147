"""A reach kept across an entry that cannot change it equals a fresh one (issue 12; R-MOVE-1, R-ACT-1,
R-TURN-2, R-TURN-3, R-GRID-5).

Why: the window keeps the selected token's reach (and the pointer's path in it) across a journal
entry that :func:`tactics.engine.combat.reach_inputs.entry_keeps_reach` says cannot change it (a
roll that only moves an HP bar, a facing, a note), instead of working it out again. If that rule
were too loose, the board would offer squares the engine refuses, or hide ones it allows. So a
fight is played in both procedures with every kind of entry (declarations and their resolution
with attack and damage rolls, hurts and heals, a token downed and brought back, conditions, other
tokens placed beside the watched ones, doors opened and closed, facings, undo and redo), every
combatant's reach is kept while the rule allows it, and after each entry the kept reach must equal
a fresh ``compute_reach`` (``move_allowance`` and ``move_routes``). The same play with a door or a
move treated as harmless must find a kept reach that is wrong: the check can fail. Fixed seeds.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

from tactics.assets import bundled
from tactics.engine.board import Place, SetDoor
from tactics.engine.combat import reach_inputs
from tactics.engine.combat.actions import Declare, ResolveNext
from tactics.engine.combat.gm import AdjustHP, ApplyCondition, RemoveCondition, RollHP
from tactics.engine.combat.individual.actions import TakeAction
from tactics.engine.combat.individual.interrupts import Pass
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.combat.individual.view import pending_interrupt
from tactics.engine.combat.queries import acting_combatants
from tactics.engine.combat.reach_inputs import downed, entry_keeps_reach
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.hazards.facing import GMSetFacing
from tactics.ui.tools.select import Reach, compute_reach

from test_soak_ground import random_action as team_action
from test_soak_turns import random_action as turn_action

Keeps = Callable[..., bool]


def _same(a: Reach | None, b: Reach | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.who, a.start, a.run_ft, a.sprint_ft, a.run, a.sprint, a.allowance, a.reason, a.plan.cost, a.routes) == \
        (b.who, b.start, b.run_ft, b.sprint_ft, b.run, b.sprint, b.allowance, b.reason, b.plan.cost, b.routes)


class Watch:
    """Every combatant's reach, kept as the window keeps the selected one (:meth:`BattleView._reach_holds`)
    and compared with a fresh one after each entry; ``kept`` counts the entries kept by their kinds."""

    def __init__(self, enc, keeps: Keeps = entry_keeps_reach) -> None:
        self.enc, self.keeps = enc, keeps
        self.reaches = {cid: (compute_reach(enc.state, cid), downed(enc.state)) for cid in enc.state.combatants}
        self.kept: dict[tuple[str, frozenset[str]], int] = {}
        self.wrong: list[tuple[str, str, list[str]]] = []
        enc.journal.listeners.append(self.on_journal)

    def on_journal(self, journal, what: str) -> None:
        entry = (journal.redo_stack if what == "undo" else journal.entries)[-1]
        kinds = frozenset(e.kind for e in entry.events)
        state = journal.state
        for cid in state.combatants:
            reach, down = self.reaches.get(cid, (None, frozenset()))
            fresh = compute_reach(state, cid)
            if reach is not None and self.keeps(entry.events, state, down):
                self.kept[(what, kinds)] = self.kept.get((what, kinds), 0) + 1
                if not _same(reach, fresh):
                    self.wrong.append((what, cid, sorted(kinds)))
                continue
            self.reaches[cid] = (fresh, downed(state))


TOUCHES = ("hurt", "facing", "beside", "rolled", "door", "down-or-up", "condition", "hurt", "beside", "door")


def _gm_touch(enc, rng: random.Random) -> None:
    """A GM's click between actions, the kinds in turn (:data:`TOUCHES`): a hurt or a heal, a
    rolled one, a token downed or brought back up, a condition, a token set beside another (in its
    way now, or out of it), a door, a facing; sometimes taken back and done again."""
    state = enc.state
    ids = sorted(c.id for c in state.on_map())
    cid = rng.choice(ids)
    other = rng.choice([i for i in ids if i != cid])
    touch = TOUCHES[len(enc.journal.entries) % len(TOUCHES)]
    if touch == "hurt":
        command = AdjustHP(cid, rng.choice([-3, -1, 2]))
    elif touch == "rolled":
        command = RollHP(cid, "1d4", heal=rng.random() < 0.5)
    elif touch == "down-or-up":
        command = AdjustHP(cid, -999 if state.combatants[cid].hp > 0 else 5)
    elif touch == "condition":
        command = (RemoveCondition(cid, "Entangled") if state.combatants[cid].has("Entangled")
                   else ApplyCondition(cid, "Entangled", 2))
    elif touch == "beside":
        c, r = state.combatants[other].cell
        near = [(c + dc, r + dr) for dc in (-2, -1, 1, 2) for dr in (-1, 0, 1)]
        free = [s for s in near if state.map.in_bounds(s) and state.map.move_cost(s) is not None and state.at(s) is None]
        if not free:
            return
        command = Place(cid, rng.choice(free))
    elif touch == "door":
        door = rng.randrange(len(state.map.doors))
        command = SetDoor(door, not state.door_open(door))
    else:
        command = GMSetFacing(cid, direction=rng.choice("NESW"))
    try:
        enc.submit(command)
    except Refused:
        return
    if rng.random() < 0.3:
        enc.journal.undo()
        if rng.random() < 0.6:
            enc.journal.redo()


def _team_fight(keeps: Keeps = entry_keeps_reach, seed: int = 5) -> Watch:
    rng = random.Random(seed)
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=seed)
    enc.submit(Place("katie", (21, 15)))  # between the two doors: its way east and west goes through them
    watch = Watch(enc, keeps)
    _gm_touch(enc, rng)
    enc.submit(StartCombat())
    while enc.state.combat.round < 2 and enc.state.combat.phase != "ended":
        if enc.state.combat.phase == "action":
            for cid in acting_combatants(enc.state):
                for _ in range(rng.randint(1, 2)):
                    try:
                        enc.submit(Declare(cid, team_action(rng, enc.state, cid)))
                    except Refused:
                        pass
                    _gm_touch(enc, rng)
            while any(d.status == "declared" for d in enc.state.combat.declarations):
                enc.submit(ResolveNext(others_pass=True))
                _gm_touch(enc, rng)
        else:
            _gm_touch(enc, rng)
        enc.submit(Advance())
    return watch


def _individual_fight(keeps: Keeps = entry_keeps_reach, seed: int = 8) -> Watch:
    rng = random.Random(seed)
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=seed)
    watch = Watch(enc, keeps)
    enc.submit(StartTurns("rolled"))
    turns_played = 0
    while turns_played < 8 and enc.state.combat.phase != "ended":
        turns = enc.state.combat
        if turns.phase != "action":
            enc.submit(BeginTurn())
            _gm_touch(enc, rng)
            continue
        if turns.pending is not None:
            enc.submit(Pass(pending_interrupt(enc.state).holder))
            continue
        for _ in range(rng.randint(1, 2)):
            try:
                enc.submit(TakeAction(turns.current, turn_action(rng, enc.state, turns.current)))
            except Refused:
                pass
            if enc.state.combat.pending is not None:
                break
            _gm_touch(enc, rng)
        if enc.state.combat.pending is None and enc.state.combat.phase == "action":
            enc.submit(EndTurn())
            turns_played += 1
    return watch


def _kept_kinds(watch: Watch) -> set[tuple[str, str]]:
    return {(what, kind) for (what, kinds), _ in watch.kept.items() for kind in kinds}


@pytest.mark.parametrize("fight", [_team_fight, _individual_fight], ids=["team", "individual"])
def test_a_kept_reach_equals_a_fresh_one_after_every_entry(fight) -> None:
    watch = fight()
    assert watch.wrong == []
    kept = _kept_kinds(watch)
    # the entries the rule keeps a reach across were there to be checked: hurts, rolled hurts, facings, undone and redone
    assert {("commit", "hp.changed"), ("commit", "hp.rolled"), ("commit", "facing.set")} <= kept, kept
    assert {what for what, _ in kept} >= {"undo", "redo"}, kept


def _loose(extra: str) -> Keeps:
    def keeps(events, state, down) -> bool:
        return all(e.kind == extra for e in events) or entry_keeps_reach(events, state, down)
    return keeps


@pytest.mark.parametrize("kind", ["door.set", "token.placed"])
def test_the_check_fails_when_a_door_or_a_move_is_treated_as_harmless(kind: str) -> None:
    assert _team_fight(_loose(kind)).wrong, f"{kind} treated as harmless went unnoticed"


def test_a_hurt_that_downs_someone_or_raises_them_changes_the_reach(monkeypatch) -> None:
    """hp.changed is kept only while nobody crosses 0: treated as always harmless, the play finds a
    downed mover still offered its squares (limits_of: down, no actions)."""
    monkeypatch.setattr(reach_inputs, "LOG_ONLY", reach_inputs.LOG_ONLY | reach_inputs.HP_ONLY)
    assert _team_fight().wrong


def test_the_window_keeps_the_selected_reach_across_a_roll_and_not_across_a_door() -> None:
    """In the window: a click on t1 selects it; a hurt of another token keeps the very reach (its
    traced path under the pointer too); a door beside it, a hurt that downs it, one that brings it
    back and an undo give a fresh one, equal to what the engine answers now."""
    from test_board_record import scene_app
    from ui_driver import app_session, centre, click, move

    for app in app_session(scene_app((1280, 720))):
        view = app.battle
        click(app, centre(app, view.state.combatants["t1"].cell))
        reach = view.reach
        assert reach is not None and reach.who == "t1" and reach.routes
        target = sorted(reach.routes)[-1]
        move(app, view.camera.cell_centre(target))
        path = reach.routes[target].legs
        view.submit(AdjustHP("t2", -3))
        app.step()
        assert view.reach is reach and view.reach.routes[target].legs is path  # nothing worked out again
        for change in (SetDoor(0, True), AdjustHP("t1", -999), AdjustHP("t1", 5)):
            kept = view.reach
            view.submit(change)
            app.step()
            assert view.reach is not kept and _same(view.reach, compute_reach(view.state, "t1")), change
        view.encounter.journal.undo()
        app.step()
        assert _same(view.reach, compute_reach(view.state, "t1"))
