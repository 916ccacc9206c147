"""One action of an app-controlled character's individual turn (R-TURN-2: two actions, one contested).

Why it exists: in the second text's turns a character may move and then
attack in one turn, so the opponent decides one action at a time, with the
rest of the turn in view: a move is worth the attack it makes possible this
very turn (when the contested action is still unused and an action remains),
else next turn's, less what the foes can do there. It re-plans after every
action, so it sees the dice of the first before choosing the second. ``None``
means: end the turn.
"""

from __future__ import annotations

from tactics.ai.doors import DOOR_COST, OPEN, doors_to_open
from tactics.ai.knowledge import known_state
from tactics.ai.positions import Board
from tactics.ai.routes import is_risky, trap_risk
from tactics.ai.scoring import run_ft, arms_of
from tactics.ai.settings import behaviour_of, level
from tactics.ai.team_turn import Choice, _attack_line, _attack_score, _exposure_weight, _reach_plan, charge_at, monster_line
from tactics.engine.combat.individual import actions as ia
from tactics.engine.combat.individual.view import moves_left, pips_of
from tactics.engine.combat.actions import move_budget
from tactics.engine.combat.state import sheet_of
from tactics.engine.core.state import EncounterState
from tactics.rules.grid import distance_ft
from tactics.rules.sheets import Technique


def plan_action(state: EncounterState, cid: str, level_name: str = "win", aim: str | None = None) -> Choice | None:
    """The best next action for the current character ``cid``, or None to end its turn.

    ``aim``: the foe this turn's move was made "to attack": that attack follows when it can be
    made (the reason said so; review 7 solo, finding D), else the reason says why not."""
    rules = level(level_name)
    who_real = state.combatants[cid]
    board = Board(known_state(state, who_real.team), who_real.team, individual=True)
    who = board.view.combatants[cid]
    if who.cell is None:
        return None
    pips = pips_of(state, cid)
    contested = pips.contested == "open"
    moves = moves_left(state, cid)
    weight = _exposure_weight(who, rules)
    here = -weight * board.exposure(who, who.cell)
    options: list[Choice] = [Choice(cid, [], here, f"{who.name} ends its turn", who.cell)]
    say = monster_line if rules.simple else _attack_line  # the text's monsters hit only the nearest foe
    if contested:
        for arms in arms_of(who):
            run = run_ft(arms)
            technique = isinstance(arms, Technique)
            for foe in board.foes():
                if foe.cell is None:
                    continue
                if run and isinstance(arms, Technique):
                    charge = charge_at(board, who, arms, foe, rules, set())
                    if charge is not None:
                        spot, path, charge_value, score = charge
                        action = ia.TurnAction(ia.TECHNIQUE, technique=arms.name, target=foe.id, path=path)
                        why = trap_risk(board.view, who, path or [])[1] or "best expected damage"  # N-TRAP-12
                        line = say(who.name, "charges", foe.name, charge_value, why)
                        options.append(Choice(cid, [action], score, line, spot, charge_value, risky=why != "best expected damage"))
                    continue
                value = board.attack(who, arms, foe)
                if value is None:
                    continue
                if technique:
                    action = ia.TurnAction(ia.TECHNIQUE, technique=arms.name, target=foe.id)
                    verb = f"uses {arms.label or arms.name} on"
                else:
                    action = ia.TurnAction(ia.ATTACK, weapon=arms.name, target=foe.id)
                    verb = "attacks"
                score = _attack_score(board, value, rules, arms) + here
                options.append(Choice(cid, [action], score, say(who.name, verb, foe.name, value, "best expected damage"),
                                      who.cell, value))
    if contested and not board.foes():  # someone is hiding: look for them
        options.append(Choice(cid, [ia.TurnAction(ia.USE_ITEM, item="perception")], 1.0,
                              f"{who.name} searches for an unseen foe", who.cell))
    if moves > 0:
        options += _moves(board, who, rules, contested and pips.left >= 2)
    if moves > 0 and pips.left >= 2:  # a door beside it, then a move through it (N-DOOR-4, N-DOOR-5)
        options += _door_then_move(board, who, rules)
    if rules.simple:
        options = _monster_pick(board, who, options)
    options.sort(key=lambda c: -c.score)
    if aim is not None and contested:
        meant = [o for o in options if o.attack is not None and o.attack.target == aim
                 and o.actions and o.actions[0].kind in (ia.ATTACK, ia.TECHNIQUE)]
        if meant:  # the attack its move was made for
            options = meant + [o for o in options if o not in meant]
        elif options[0].actions:
            options[0].reason += f" ({why_not_attack(state, cid, aim)})"
    best = options[0]
    if not best.actions:
        return None
    best.alternatives = [o for o in options[1:6] if o.actions]
    return best


def why_not_attack(state: EncounterState, cid: str, aim: str) -> str:
    """Why the attack a move was made for does not follow (the plan changed): a few words."""
    who = state.combatants[cid]
    foe = known_state(state, who.team).combatants.get(aim)
    if foe is None:
        return "its foe is out of sight now"
    if foe.down or foe.hp <= 0:
        return f"{foe.name} is down"
    return f"{foe.name} is out of reach from here"


def _moves(board: Board, who, rules, attack_after: bool) -> list[Choice]:
    feet = move_budget(who)
    reach = _reach_plan(board, who, feet, set())
    keep = behaviour_of(sheet_of(who)).keep_ft
    weight = _exposure_weight(who, rules)
    scored = []
    for cell in reach.endable - {who.cell}:
        future, value = board.best_from(who, cell)
        factor = 1.0 if attack_after else rules.next_turn
        score = factor * future - weight * board.exposure(who, cell)
        toward = None
        if future <= 0:
            pull, toward = board.approach_toward(who, cell, rules.next_turn)
            score += pull
        near = min((distance_ft(cell, f.cell) for f in board.foes() if f.cell), default=0)
        if keep and near < keep:
            score -= 0.5 * (keep - near) / 5
        if future <= 0:
            score -= 0.01 * near
        if value is not None:
            foe = board.view.combatants[value.target].name
            why = f"to attack {foe}" if attack_after else f"in reach of {foe} next turn"
        else:
            why = f"closing in on {toward}" if toward else "closing in"
        if is_risky(reach, cell):  # only over a known trap: it stops there, hurt (N-TRAP-3, N-TRAP-12)
            risk, words = trap_risk(board.view, who, reach.path_to(cell))
            score -= risk + factor * max(future, 0.0)  # and it never gets there to attack from it
            why = f"{why}, {words}"
        aim = value.target if value is not None and attack_after else None
        scored.append((score - 0.001 * reach.cost[cell], cell, why, aim))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [Choice(who.id, [ia.TurnAction(ia.MOVE, path=reach.path_to(cell))], score,
                   f"{who.name} moves {reach.cost[cell]} ft, {why}", cell, aim=aim)
            for score, cell, why, aim in scored[:4]]


def _door_then_move(board: Board, who, rules) -> list[Choice]:
    """Open a closed door beside it now (one non-contested action), worth the best move it then
    allows with the action left (seen from the map with that door open), less ``DOOR_COST``."""
    out: list[Choice] = []
    for door, name, there in doors_to_open(board, who):
        moves = _moves(there, there.view.combatants[who.id], rules, False)
        if moves:
            move = moves[0]
            reason = move.reason.replace(f"{who.name} moves", f"{who.name} opens {name} (then moves", 1) + ")"
            out.append(Choice(who.id, [ia.TurnAction(ia.DOOR, effect=OPEN, door=door)], move.score - DOOR_COST,
                              reason, who.cell))
    return out


def _monster_pick(board: Board, who, options: list[Choice]) -> list[Choice]:
    """The text's monsters: the nearest foe, charge or hit it, else go to it."""
    foes = sorted(board.foes(), key=lambda f: (distance_ft(who.cell, f.cell) if f.cell else 10**6, f.id))
    if not foes:  # someone is hiding: look for them, as in team rounds (review 7 solo, finding J)
        return [o for o in options if not o.actions or o.actions[0].kind == ia.USE_ITEM]
    near = foes[0].id
    for kind in (ia.TECHNIQUE, ia.ATTACK):
        hits = [o for o in options if o.actions and o.actions[0].kind == kind and o.attack and o.attack.target == near]
        if hits:
            hits[0].score = 100.0
            return hits
    moves = [o for o in options if o.actions and o.actions[0].kind == ia.MOVE]
    if moves and foes[0].cell is not None:
        target = foes[0].cell
        best = min(moves, key=lambda o: (distance_ft(o.end, target) if o.end else 10**6, o.end))
        best.score = 50.0
        best.aim = None  # it goes for the nearest foe, whoever that is next
        best.reason = f"{who.name} goes for {foes[0].name}, the nearest foe"
        return [best] + [o for o in options if not o.actions]
    return [o for o in options if not o.actions]
