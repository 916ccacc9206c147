"""The move allowance agrees with the engine (R-MOVE-1, R-ACT-1, R-ORD-1, R-TURN-2, R-TURN-3).

What is tested: ``ground_moves.move_allowance`` in the situations a GM reported (after a Standard
Attack no run or sprint, only a 5 ft step; nothing during the other group's turn or the Counter
Phase, with the reason; a Bonus Move alone after a resolved Standard Move, starting where the
declared Standard Move will end); in individual turns the second move is the sprint and after
one move only one is left. Then a soak: a bot plays random fights in both modes and, at every
step, for every combatant, every square the window would offer (``compute_reach``, the commands of
the registered move factory) is accepted by the engine, and a square beyond it is refused.
Expected: the engine's own answers (``Declare``, ``TakeAction``, ``UseHeld``, ``Walk``). Fixed seeds.
"""

from __future__ import annotations

import random

from tactics.engine.board import Walk
from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.combat.moves import move_allowance, move_routes
from tactics.engine.combat.queries import acting_combatants
from tactics.engine.core.journal import Refused
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.combat.individual.actions import Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.interrupts import Pass, UseHeld
from tactics.engine.combat.individual.view import pending_interrupt
from tactics.rules import actions as act
from tactics.rules.movement import plan
from tactics.ui.panels.turns import turns_move  # the Select tool's move factory (falls back to combat_move)
from tactics.ui.tools.select import _cut_short, compute_reach

from test_soak_ground import random_action as team_action
from test_soak_turns import random_action as turn_action


def team(seed: int = 3):
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=seed)
    enc.submit(StartCombat())
    return enc


def to_action_phase(enc) -> None:
    while enc.state.combat.phase != "action":
        enc.submit(Advance())


# --------------------------------------------------------------------------- the reported cases
def test_after_a_standard_attack_only_a_5_ft_step_is_left():  # R-ACT-1, N-MOVE-4
    enc = team()
    to_action_phase(enc)
    cid = acting_combatants(enc.state)[0]
    who = enc.state.combatants[cid]
    assert move_allowance(enc.state, cid).sprint_ft == 2 * move_allowance(enc.state, cid).run_ft > 0
    foe = min(enc.state.enemies_of(who), key=lambda c: abs(c.cell[0] - who.cell[0]))
    enc.submit(Declare(cid, Action(act.STANDARD_ATTACK, weapon=who.sheet.weapons[0], target=foe.id)))
    a = move_allowance(enc.state, cid)
    assert (a.run_ft, a.sprint_ft, a.run_as) == (5, 5, act.SIMPLE_AFTER)
    assert "already has a Standard action" in a.note
    routes = move_routes(enc.state, cid, a)
    assert routes and all(r.cost == 5 and len(r.path) == 1 for r in routes.values())
    enc.submit(Declare(cid, Action(act.SIMPLE_AFTER, note="draws a knife")))  # the Simple slot goes too
    a = move_allowance(enc.state, cid)
    assert not a.can_move and "already has a Standard action" in a.reason and "Simple" in a.reason
    assert move_routes(enc.state, cid, a) == {}


def test_no_move_outside_the_groups_action_phase():  # R-INIT-4, R-CNT-1
    enc = team()
    to_action_phase(enc)
    acting = set(acting_combatants(enc.state))
    other = next(c for c in enc.state.combatants.values() if c.present and c.cell and c.id not in acting
                 and c.team != enc.state.combatants[next(iter(acting))].team)
    a = move_allowance(enc.state, other.id)
    assert not a.can_move and f"it is not {other.name}'s group's turn" in a.reason and "acts now" in a.reason
    while enc.state.combat.phase != "counters":
        enc.submit(Advance())
    a = move_allowance(enc.state, other.id)
    assert not a.can_move and "Counter Phase" in a.reason


def test_a_bonus_move_starts_where_the_declared_standard_move_ends():  # R-MOVE-1, R-ORD-1
    enc = team()
    to_action_phase(enc)
    cid = acting_combatants(enc.state)[0]
    routes = move_routes(enc.state, cid)
    goal, route = next((c, r) for c, r in sorted(routes.items()) if not r.sprint and r.cost == 15)
    enc.submit(Declare(cid, Action(act.STANDARD_MOVE, path=list(route.path))))
    a = move_allowance(enc.state, cid)
    assert (a.run_ft, a.sprint_ft, a.sprint_as, a.origin) == (0, 30, act.BONUS_MOVE, goal)
    far = max(move_routes(enc.state, cid, a).items(), key=lambda kv: kv[1].cost)
    enc.submit(Declare(cid, Action(act.BONUS_MOVE, path=list(far[1].path))))  # accepted from there


def test_individual_turns_after_one_move_one_is_left():  # R-TURN-2
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=4)
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    cid = enc.state.combat.current
    a = move_allowance(enc.state, cid)
    assert (a.run_ft, a.sprint_ft, a.split) == (30, 60, True)
    route = next(r for r in move_routes(enc.state, cid, a).values() if r.cost == 30)
    enc.submit(TakeAction(cid, TurnAction("move", path=list(route.path))))
    a = move_allowance(enc.state, cid)
    assert (a.run_ft, a.sprint_ft) == (30, 30) and a.note == "1 move left"
    assert max(r.cost for r in move_routes(enc.state, cid, a).values()) <= 30
    other = next(c for c in enc.state.combat.order if c != cid)
    assert "it is not" in move_allowance(enc.state, other).reason


# --------------------------------------------------------------------------- the soak
def commands_for(state, cid: str, path: list, reach) -> list:
    made = turns_move(state, cid, path, reach)
    return list(made) if isinstance(made, (list, tuple)) else [made]


def beyond_commands(state, cid: str, reach, cell) -> list:
    """What the window would submit if it offered ``cell`` (outside the reach) with the same actions."""
    a = reach.allowance
    who = state.combatants[cid]
    wide = plan(state.current_map(), reach.start, reach.sprint_ft + 20,
                enemies=[c.cell for c in state.enemies_of(who)], occupied=[c.cell for c in state.allies_of(who)])
    path = wide.path_to(cell)
    if a.run_as == "walk":
        return [Walk(cid, path, budget_ft=reach.sprint_ft)]
    if a.split and 0 < a.run_ft < a.sprint_ft:
        first = [c for c in path if wide.cost[c] <= a.run_ft]
        while first and state.at(first[-1]) is not None:
            first.pop()
        legs = [first, path[len(first):]] if first and len(first) < len(path) else [path]
        kinds = [a.run_as, a.sprint_as]
    else:
        legs, kinds = [path], [a.sprint_as if a.run_ft == 0 else a.run_as]
    out = []
    for leg, kind in zip(legs, kinds):
        if kind in ("move", "held-move"):
            action = TurnAction("move", path=list(leg))
            out.append(UseHeld(cid, action) if kind == "held-move" else TakeAction(cid, action))
        else:
            out.append(Declare(cid, Action(kind, path=list(leg), effect="step" if kind in act.SIMPLE_SLOT else None)))
    return out


def accepted(enc, commands: list, cid: str | None = None, legs: tuple = ()) -> bool:
    """Submit all; undo what was submitted; True if every one was accepted (or the dice
    stopped a leg that resolved at once short of its end: the window then stops too)."""
    before = len(enc.journal.entries)
    done = 0
    try:
        for i, c in enumerate(commands):
            entry = enc.submit(c)
            done += 1
            if cid is not None and i + 1 < len(commands) and _cut_short(enc.state, entry, cid, legs[i]):
                assert any(e.kind in ("combat.check", "trap.triggered") or e.kind.startswith("trap")
                           for e in entry.events), "only the dice or a trap cut a move short"
                done = len(commands)
                break
    except Refused:
        pass
    for _ in range(len(enc.journal.entries) - before):
        enc.undo()
    enc.journal.redo_stack.clear()
    return done == len(commands)


def check_agreement(enc, rng: random.Random, stats: dict) -> None:
    """Each combatant's reach, worked out once: every try below is undone, and undo replays the
    journal into a new state equal to this one (the reach depends on nothing else), so the
    window would offer the same squares again (it was worked out again before each try: 7 reach
    searches a combatant, most of this soak's time)."""
    for cid in sorted(enc.state.combatants):
        state = enc.state  # undo replays the journal into a new state
        reach = compute_reach(state, cid)
        if reach is None:
            continue
        if reach.reason:
            stats["stopped"] += 1
            assert not reach.routes
            continue
        stats["moving"] += 1
        for cell in rng.sample(sorted(reach.routes), min(3, len(reach.routes))):
            state = enc.state
            cmds = commands_for(state, cid, reach.path_to(cell), reach)
            assert accepted(enc, cmds, cid, reach.routes[cell].legs), (cid, cell, reach.allowance, [c.args() for c in cmds])
            stats["offered"] += 1
            stats["sprints"] += len(cmds) == 2
        state = enc.state
        who = state.combatants[cid]
        wide = plan(state.current_map(), reach.start, reach.sprint_ft + 10,
                    enemies=[c.cell for c in state.enemies_of(who)], occupied=[c.cell for c in state.allies_of(who)])
        beyond = sorted(c for c in wide.endable if c not in reach.routes and c != reach.start and c != who.cell)
        for cell in rng.sample(beyond, min(2, len(beyond))):
            state = enc.state
            assert not accepted(enc, beyond_commands(state, cid, reach, cell)), (cid, cell, reach.allowance)
            stats["refused"] += 1


def test_soak_what_the_reach_offers_the_engine_accepts_team():  # R-MOVE-1, R-ACT-1, R-ORD-1
    rng = random.Random(5)  # seed 7 drew only 9 declarations on the re-placed Space Bears tokens
    enc = team(seed=5)
    enc.submit(ApplyCondition("bear1", "Entangled", 2))  # half speed: a 15 ft run (R-GRID-3)
    stats = dict.fromkeys(("stopped", "moving", "offered", "sprints", "refused"), 0)
    steps = 0
    while enc.state.combat.round < 3 and enc.state.combat.phase != "ended":
        state = enc.state
        if state.combat.phase == "action":
            for cid in acting_combatants(state):
                check_agreement(enc, rng, stats)
                for _ in range(rng.randint(0, 2)):
                    roll = rng.random()
                    reach = compute_reach(enc.state, cid)
                    if roll < 0.5 and reach is not None and reach.routes:  # a move the window offers
                        cell = rng.choice(sorted(reach.routes))
                        for c in commands_for(enc.state, cid, reach.path_to(cell), reach):
                            enc.submit(c)
                    else:
                        try:
                            enc.submit(Declare(cid, team_action(rng, enc.state, cid)))
                        except Refused:
                            pass
                    check_agreement(enc, rng, stats)
                    steps += 1
            while any(d.status == "declared" for d in enc.state.combat.declarations):
                enc.submit(ResolveNext(others_pass=True))  # who declared nothing does nothing (N-ORD-4)
                if rng.random() < 0.5:
                    check_agreement(enc, rng, stats)
        else:
            check_agreement(enc, rng, stats)
        enc.submit(Advance())
    assert steps > 10 and stats["stopped"] > 0 and stats["offered"] > 50 and stats["sprints"] > 5
    assert stats["refused"] > 20


def test_soak_what_the_reach_offers_the_engine_accepts_individual():  # R-TURN-2, R-TURN-3
    rng = random.Random(8)
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=8)
    enc.submit(StartTurns("rolled"))
    stats = dict.fromkeys(("stopped", "moving", "offered", "sprints", "refused"), 0)
    while enc.state.combat.round < 3 and enc.state.combat.phase != "ended":
        turns = enc.state.combat
        if turns.phase != "action":
            enc.submit(BeginTurn())
            check_agreement(enc, rng, stats)
            continue
        if turns.pending is not None:
            prompt = pending_interrupt(enc.state)
            check_agreement(enc, rng, stats)
            enc.submit(Pass(prompt.holder))
            continue
        cid = turns.current
        if rng.random() < 0.3:
            try:
                enc.submit(Hold(cid))
            except Refused:
                pass
        for _ in range(rng.randint(0, 2)):
            reach = compute_reach(enc.state, cid)
            if rng.random() < 0.6 and reach is not None and reach.routes:
                cell = rng.choice(sorted(reach.routes))
                legs = reach.routes[cell].legs
                for i, c in enumerate(commands_for(enc.state, cid, reach.path_to(cell), reach)):
                    entry = enc.submit(c)
                    if enc.state.combat.pending is not None:
                        break
                    if i + 1 < len(legs) and _cut_short(enc.state, entry, cid, legs[i]):
                        break  # the dice (rubble) stopped the first leg: the window stops too
            else:
                try:
                    enc.submit(TakeAction(cid, turn_action(rng, enc.state, cid)))
                except Refused:
                    pass
            if enc.state.combat.pending is not None:
                break
            check_agreement(enc, rng, stats)
        if enc.state.combat.pending is None and enc.state.combat.phase == "action":
            enc.submit(EndTurn())
    assert stats["stopped"] > 0 and stats["offered"] > 30 and stats["sprints"] > 3 and stats["refused"] > 10


def test_entangled_halves_the_free_walk_out_of_combat_too():  # R-COND-1, R-GRID-3
    from tactics.assets import bundled
    from tactics.engine.core.encounter import Encounter
    from tactics.engine.combat.gm import ApplyCondition
    from tactics.engine.combat.moves import move_allowance as allowance
    from tactics.maps import BattleMap
    from tactics.rules.data import read_document

    definition = read_document(bundled("space-bears.encounter.toml"))
    definition.pop("opening", None)
    for c in definition["combatants"]:
        c.pop("spawn", None)
        c["cell"] = [definition["combatants"].index(c), 0]
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 12] * 4)), seed=1)
    before = allowance(enc.state, "james").run_ft
    enc.submit(ApplyCondition("james", "Entangled", 1))
    assert allowance(enc.state, "james").run_ft == before // 2
