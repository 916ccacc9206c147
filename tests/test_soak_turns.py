"""Soak: a bot plays 300 rounds of random play of the Space Bears in individual turns (R-TURN-1..5).

What is tested: whatever the bot tries (legal or not, including out-of-turn actions, held actions,
blocks and passes when asked), nothing raises but Refused, a refused command changes nothing, no
character spends more than two actions a turn nor more than one contested, everyone holding is in
the order, an action waits only while a holder is left to ask, hit points stay within 0..max, every
event has a log line, undo/redo round trips mid-fight, and replaying the journal from the start
gives the same state. Fixed seeds.
"""

import random

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.combat.gm import AdjustHP, ApplyCondition, RemoveCondition
from tactics.engine.core.journal import Refused
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, JoinTurns, ReorderTurns, StartTurns
from tactics.engine.combat.individual.actions import DeclareFree, Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.interrupts import Block, Pass, ResolvePending, UseHeld
from tactics.engine.combat.individual.view import describe, pending_interrupt, snapshot
from tactics.rules.grid import DIRECTIONS
from tactics.rules.movement import plan

CONDITIONS = ["Shaken", "Stunned", "Prone", "Entangled", "Shocked"]


def near(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def random_move(rng: random.Random, state, cid: str) -> TurnAction:
    who = state.combatants[cid]
    enemies = [c for c in state.enemies_of(who) if c.hp > 0]
    p = plan(state.current_map(), who.cell, 30, enemies=[c.cell for c in state.enemies_of(who)],
             occupied=[c.cell for c in state.allies_of(who)])
    ends = sorted(c for c in p.endable if c != who.cell) or [who.cell]
    goal = rng.choice(ends)
    if enemies and rng.random() < 0.7:
        t = min(enemies, key=lambda c: near(c.cell, who.cell)).cell
        goal = min(ends, key=lambda c: near(c, t))
    return TurnAction("move", path=p.path_to(goal) or [who.cell])


def random_action(rng: random.Random, state, cid: str) -> TurnAction:
    who = state.combatants[cid]
    enemies = sorted((c for c in state.enemies_of(who) if c.hp > 0), key=lambda c: near(c.cell, who.cell))
    target = (enemies[0] if rng.random() < 0.8 else rng.choice(enemies)).id if enemies else None
    roll = rng.random()
    if roll < 0.35:
        return random_move(rng, state, cid)
    if roll < 0.65:
        return TurnAction("attack", target=target, weapon=rng.choice(who.sheet.weapons),
                          situational=rng.choice([0, 0, 1, -1]))
    if roll < 0.72:
        techs = who.sheet.techniques or ["shock"]
        return TurnAction("technique", technique=rng.choice(techs), target=target)
    if roll < 0.8:
        cell = (who.cell[0] + rng.randint(-4, 4), who.cell[1] + rng.randint(-4, 4))
        return TurnAction("throw", target_cell=cell, size=rng.choice(["XS", "S", "M", "L"]), note="a crate")
    if roll < 0.86:
        return TurnAction(rng.choice(["equip-shield", "equip-shield", "unequip-shield"]))
    if roll < 0.9:
        return TurnAction("use-item", item=rng.choice(["stealth", "perception", "note", "nothing"]))
    if roll < 0.95:
        return TurnAction("extend", effect=rng.choice(CONDITIONS + ["Guard"]))
    return TurnAction("other", note="reloads")


def check_invariants(state) -> None:
    for c in state.combatants.values():
        assert 0 <= c.hp <= c.max_hp, c
        names = [x.name for x in c.conditions]
        assert len(names) == len(set(names)), names
    turns = state.combat
    if turns is None:
        return
    assert len(turns.spent) <= 2, turns.spent
    assert turns.spent.count("contested") <= 1, turns.spent
    assert set(turns.held) <= set(turns.order)
    assert len(set(turns.order)) == len(turns.order)
    if turns.pending is not None:
        assert turns.phase == "action" and turns.pending.actor == turns.current
        assert pending_interrupt(state) is not None or any(
            h not in turns.held or state.combatants[h].hp <= 0 for h in turns.pending.ask)
    if turns.phase != "action":
        assert turns.current is None and turns.pending is None


def answer(rng: random.Random, state, prompt) -> list:
    holder = prompt.holder
    options = [Pass(holder), Pass(holder), UseHeld(holder, random_move(rng, state, holder))]
    if prompt.block_squares:
        options += [Block(holder, rng.choice(prompt.block_squares))] * 3
    options.append(Pass(rng.choice(list(state.combatants))))  # maybe the wrong holder
    return [rng.choice(options)]


def soak(seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=seed)
    s = lambda: enc.state  # noqa: E731
    enc.submit(StartTurns(rng.choice(["table", "rolled"]), npc_grouping=rng.choice(["single", "groups", "one"])))
    refusals = round_trips = blocks = interrupts = holds = 0
    while s().combat.round < rounds or s().combat.phase == "action":
        turns = s().combat
        commands: list = []
        if turns.phase == "ended":
            for c in s().combatants.values():
                if c.hp < c.max_hp:
                    enc.submit(AdjustHP(c.id, c.max_hp - c.hp, "rest"))
                for x in list(c.conditions):
                    enc.submit(RemoveCondition(c.id, x.name))
            commands = [StartTurns(rng.choice(["table", "rolled"]), npc_grouping=rng.choice(["single", "one"]))]
        elif turns.phase != "action":
            if turns.round >= 2 and not s().combatants["katie"].present and rng.random() < 0.5:
                commands.append(JoinTurns("katie", index=rng.randint(0, len(turns.order))))
            if rng.random() < 0.05:
                order = list(turns.order)
                rng.shuffle(order)
                commands.append(ReorderTurns(order))
            if rng.random() < 0.2:
                cid = rng.choice(list(s().combatants))
                commands += [ApplyCondition(cid, rng.choice(CONDITIONS), rng.choice([None, 1, 2]),
                                            source=rng.choice([None, cid])),
                             AdjustHP(cid, rng.randint(-6, 4) or 1)]
            commands.append(BeginTurn())
        elif turns.pending is not None:
            prompt = pending_interrupt(s())
            commands = answer(rng, s(), prompt) if prompt else [ResolvePending()]
        else:
            cid = turns.current
            if rng.random() < 0.25:
                commands.append(Hold(cid))
            for _ in range(rng.randint(0, 3)):
                commands.append(TakeAction(cid, random_action(rng, s(), cid)))
            if rng.random() < 0.1:
                commands.append(DeclareFree(rng.choice(list(s().combatants)), "shouts"))
            if rng.random() < 0.05:
                commands.append(TakeAction(rng.choice(list(s().combatants)), TurnAction("other")))  # out of turn
            if rng.random() < 0.6:
                face = rng.random()
                foes = [c.id for c in s().on_map() if c.id != cid]
                commands.append(EndTurn(facing=rng.choice(DIRECTIONS)) if face < 0.5 else
                                EndTurn(keep_facing=rng.choice(foes)) if face < 0.7 and foes else EndTurn())
        before = None
        for cmd in commands:
            if before is None:  # after a refusal the state is still ``before`` (just asserted): not taken again
                before = snapshot(s())
            try:
                entry = enc.submit(cmd)
            except Refused:
                refusals += 1
                assert snapshot(s()) == before
                continue
            before = None
            for e in entry.events:
                assert isinstance(describe(e, s()), str)
                blocks += e.kind == "turns.move-blocked"
                interrupts += e.kind == "turns.held-used"
                holds += e.kind == "turns.held"
            check_invariants(s())
            if s().combat.pending is not None or s().combat.phase != "action":
                break  # answer the prompt / start the next turn first
        if rng.random() < 0.01 and enc.journal.entries:
            k = rng.randint(1, min(5, len(enc.journal.entries)))
            here = snapshot(s())
            for _ in range(k):
                enc.undo()
            assert snapshot(s()) == snapshot(enc.journal.replay())
            for _ in range(k):
                enc.redo()
            assert snapshot(s()) == here
            round_trips += 1
        check_invariants(s())
    assert snapshot(enc.journal.replay()) == snapshot(s())
    assert refusals > 0 and round_trips > 0 and holds > 0 and interrupts > 0 and blocks > 0
    assert s().combat.round >= rounds


def test_soak_300_rounds_individual():
    soak(seed=21, rounds=300)


def test_soak_40_rounds_individual_another_seed():  # a test of its own: the two run side by side
    soak(seed=22, rounds=40)
