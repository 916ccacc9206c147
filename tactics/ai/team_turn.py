"""A group's turn in team rounds: what each app-controlled member declares (R-ACT-1, R-ORD-1).

Why it exists: in the first text's rounds a group declares, then resolves. So
the opponent plans every acting member's actions at once, on its team's view
of the fight, and hands back :class:`Choice` objects whose actions the driver
declares through the ordinary ``Declare`` command.

Each member's candidates, each scored in expected hit points:

* attack from where it stands (a Standard Attack and, if it succeeds, the Bonus
  Attack; or a Technique): exact expected damage, capped at the target's
  remaining hit points, plus ``kill_bonus`` x chance to drop x the foe's threat,
  plus a Technique's condition;
* a 5 ft step (the Simple action) and then the attack (into reach, or out of
  a wall's shadow);
* a charging Technique to a square next to the foe (a bear's Charge);
* a move (the Standard Move, and the Bonus Move for a sprint) to the square
  whose next-turn attack is best, less what the foes can do to it there;
* staying put;
* with a weapon not ready (empty, or not drawn: N-READY-1, N-READY-2): the attack after a Simple
  reload or draw when the sheet allows it, else the reload or the draw alone, worth most of the
  attack it makes possible next turn.

Every candidate pays for where it ends (``exposure`` x the expected damage the
foes can deal there; more when the member is hurt). With ``focus`` on, members
planned later count the damage earlier ones will likely deal, so they finish a
wounded foe instead of overkilling it. The "monster" level skips the sums and
plays each creature's behaviour (nearest foe first, fixed order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from tactics.ai.doors import DOOR_COST, OPEN, doors_to_open
from tactics.ai.knowledge import known_state
from tactics.ai.positions import STEP_FT, Board, pull_value
from tactics.ai.routes import KnownTrapReach, is_risky, reach_round_known_traps, trap_risk, way_to
from tactics.ai.scoring import AttackValue, arms_of, path_chance, percent, reach_ft, run_ft
from tactics.ai.settings import Level, behaviour_of, level
from tactics.engine.combat.actions import Action, limits_of
from tactics.engine.combat.moves import move_allowance
from tactics.engine.combat.queries import acting_combatants
from tactics.engine.combat.readying import in_hand, loads_left, ready_problem, readying_problem
from tactics.engine.combat.state import sheet_of
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import actions as act
from tactics.rules.grid import SQUARE_FT, Cell, distance_ft
from tactics.rules.movement import Plan
from tactics.rules.sheets import Technique, Weapon, sprint_ft


#: How many squares a move is worked out exactly for (the best by a cheap bound).
MOVE_SQUARES = 24


@dataclass
class Choice:
    """What one member will declare, in order, and the one line that says why."""

    combatant: str
    actions: list[Any]  # Action (team rounds) or TurnAction (individual turns), in order
    score: float
    reason: str
    end: Cell | None = None
    attack: AttackValue | None = None
    alternatives: list["Choice"] = field(default_factory=list)  # next best, if the engine refuses
    said: bool = False  # its reason is in the log (with its first declaration)
    risky: bool = False  # its way sets off a trap its side knows of: no way round fits (N-TRAP-12)
    aim: str | None = None  # individual turns: the foe this move is made to attack this very turn


def plan_group(state: EncounterState, team: str, level_name: str = "win") -> list[Choice]:
    """The declarations of every acting member of ``team`` who has declared nothing yet."""
    rules = level(level_name)
    board = Board(known_state(state, team), team)
    members = [cid for cid in acting_combatants(state) if state.combatants[cid].team == team]
    members = [cid for cid in members if not state.combat.declarations_of(cid)]
    choices: list[Choice] = []
    claimed: set[Cell] = set()
    # the members with the best attack plan first: they pick their targets, the rest adapt
    order = sorted(members, key=lambda cid: (-_best_here(board, cid), cid))
    for cid in order:
        who = board.view.combatants[cid]
        if who.cell is None or who.down:
            continue
        options = (_monster_options if rules.simple else _options)(board, who, rules, claimed)
        options = [o for o in options if _economy_allows(who, o.actions)]
        if not options and rules.simple:  # a stunned monster: nothing of its plan is allowed
            options = [o for o in _options(board, who, rules, claimed) if _economy_allows(who, o.actions)]
        if not options:
            continue
        options.sort(key=lambda c: -c.score)
        best = options[0]
        best.alternatives = options[1:6]
        choices.append(best)
        if best.end is not None:
            claimed.add(best.end)
        # where each leg ends too: a split sprint's run stands there while the Standard actions
        # resolve, and a friend's Standard Move to it would fail (its Bonus Move lost with it)
        claimed.update(tuple(a.path[-1]) for a in best.actions if getattr(a, "path", None))
        if rules.focus and best.attack is not None:
            board.spend(best.attack, best.attack.p_success and 1.0)
    return choices


@dataclass
class _Planned:
    kind: str
    status: str = "declared"
    success: bool | None = None


def _economy_allows(who: Combatant, actions: list[Action]) -> bool:
    """Would the action economy accept these declarations in this order (R-ACT-1, R-COND-1)?"""
    planned: list[_Planned] = []
    for action in actions:
        try:
            act.check_economy(who.name, planned, action.kind, limits_of(who), two_weapon=action.two_weapon)
        except act.ActionRefused:
            return False
        planned.append(_Planned(action.kind))
    return True


# --------------------------------------------------------------------------- scoring helpers
def _best_here(board: Board, cid: str) -> float:
    who = board.view.combatants.get(cid)
    if who is None or who.cell is None:
        return 0.0
    return board.best_from(who, who.cell)[0]


def _attack_score(board: Board, value: AttackValue, rules: Level, arms: object) -> float:
    foe = board.view.combatants[value.target]
    score = value.expected + rules.kill_bonus * value.p_kill * board.threat(foe)
    if isinstance(arms, Technique) and arms.condition:
        score += rules.condition_value * value.p_success * max(1, arms.condition_rounds or 1) * board.threat(foe)
    return score


def _kill_relief(board: Board, who: Combatant, rules: Level, value: AttackValue, cell: Cell) -> float:
    """What dropping the target takes off the exposure of the square the attack is made from: a
    foe down deals nothing before our next turn (review 13 F4: "plays to win" ran from a 66% chance
    to drop James, at 1 hp, because standing there to shoot counted his threat as if he stayed up)."""
    return _exposure_weight(who, rules) * value.p_kill * board.threat_on(board.view.combatants[value.target], cell)


def _exposure_weight(who: Combatant, rules: Level) -> float:
    hurt = who.max_hp > 0 and who.hp / who.max_hp < rules.retreat_below
    return rules.exposure * (3.0 if hurt else 1.0)


def _attack_line(name: str, verb: str, target: str, value: AttackValue, why: str) -> str:
    """The reason the log gives, in the attack tool's outcome words: a Minor Hit deals damage too, so
    the chance to damage comes first and the chance of a Hit or better (its bonus effects) after it."""
    damage = 1.0 - float(value.setup.chances.get("miss", 0))
    line = (f"{name} {verb} {target}: {percent(damage)} to damage ({percent(value.p_success)} Hit or better), "
            f"{value.mean:.1f} expected damage")
    if value.p_kill >= 0.05:
        line += f", {percent(value.p_kill)} to drop them"
    return f"{line} ({why})" if why else line


def monster_line(name: str, verb: str, target: str, value: AttackValue, why: str = "",
                 nearest: str = "the nearest foe") -> str:
    """The text's monsters' reason: what that level does (goes for the nearest foe) and the roll's
    odds, none of the weighing "plays to win" does (expected damage, the chance to drop them,
    "best expected damage"; review 7 solo, finding I). ``why``: a fact of this attack that
    matters (a roll the run needs, the condition it leaves, a trap it risks)."""
    damage = 1.0 - float(value.setup.chances.get("miss", 0))
    line = f"{name} {verb} {target}, {nearest}: {percent(damage)} to damage ({percent(value.p_success)} Hit or better)"
    return f"{line}; {why}" if why and why != "best expected damage" else line


def _reach_plan(board: Board, who: Combatant, feet: int, claimed: set[Cell]) -> Plan | KnownTrapReach:
    """The squares ``who`` can end on within ``feet`` (walls, terrain, foes and allies as the
    rules have them, R-GRID-3..5), cut from one search per member and claimed squares."""
    view = board.view
    key = (who.id, frozenset(claimed))
    full = board.plans.get(key)
    if full is None:
        enemies = [c.cell for c in view.enemies_of(who) if c.cell is not None]
        allies = [c.cell for c in view.allies_of(who) if c.cell is not None] + sorted(claimed)
        assert who.cell is not None
        budget = max([sprint_ft(sheet_of(who).run_ft), STEP_FT] + [run_ft(a) for a in board.arms(who)])
        # round the traps its side knows of, as a person's moves go (reading: N-TRAP-12)
        full = board.plans[key] = reach_round_known_traps(view, who, budget, enemies, allies)
        board.cuts[(key, budget)] = full  # the whole search: nothing to cut
    cut = board.cuts.get((key, feet))  # a charge asks the same run once per foe
    if cut is None:
        if isinstance(full, KnownTrapReach):
            cut = board.cuts[(key, feet)] = full.within(feet)
            return cut
        endable = frozenset(c for c in full.endable if full.cost[c] <= feet)
        cut = board.cuts[(key, feet)] = full.narrowed(endable)  # predecessors stay lazy: only the paths drawn are worked out
    return cut


# --------------------------------------------------------------------------- "plays to win"
def _options(board: Board, who: Combatant, rules: Level, claimed: set[Cell]) -> list[Choice]:
    assert who.cell is not None
    out: list[Choice] = []
    here_cost = _exposure_weight(who, rules) * board.exposure(who, who.cell)
    out += _attacks_from_here(board, who, rules, -here_cost)
    out += _step_then_attack(board, who, rules, claimed)
    out += _charges(board, who, rules, claimed)
    out += _moves(board, who, rules, claimed)
    out += _door_then_move(board, who, rules, claimed)
    stay = -here_cost - 0.01
    if board.foes() and board.best_from(who, who.cell)[0] <= 0:
        stay -= 0.01 * board.near_on_foot(who.cell)  # nothing to hit from here: staying closes in on no one
    out.append(Choice(who.id, [], stay, f"{who.name} stays put", who.cell))
    out += _readying(board, who, -here_cost)
    if not board.foes():
        out.append(_search(who))
    return out


def _search(who: Combatant) -> Choice:
    """No foe in sight but the fight goes on: someone is hiding, so look (a Perception check)."""
    return Choice(who.id, [Action(act.USE_ITEM, item="perception")], 1.0,
                  f"{who.name} searches for an unseen foe", who.cell)


def _attacks_from_here(board: Board, who: Combatant, rules: Level, base: float, *, monster: bool = False) -> list[Choice]:
    out: list[Choice] = []
    assert who.cell is not None
    for arms in arms_of(who):
        if run_ft(arms):
            continue
        technique = isinstance(arms, Technique)
        first = _made_ready(board.view, who, arms)
        if first is None:
            continue  # empty or not drawn, and no Simple action readies it: see _readying
        for foe in board.foes():
            value = board.attack(who, arms, foe)
            if value is None:
                continue
            score = _attack_score(board, value, rules, arms) + base + _kill_relief(board, who, rules, value, who.cell)
            if technique:
                actions = [Action(act.TECHNIQUE, technique=arms.name, target=foe.id)]
                verb = f"uses {arms.label or arms.name} on"
            else:
                actions = first + [Action(act.STANDARD_ATTACK, weapon=arms.name, target=foe.id)]
                verb = "attacks" if not first else f"{first[0].effect}s the {arms.label or arms.name} and attacks"
                # a successful Standard Attack earns the Bonus Attack (R-ACT-1): declared now, lost on a miss
                bonus = board.attack(who, arms, foe) if not first and _second_shot(board.view, who, arms) else None
                if bonus is not None:
                    score += value.p_success * _attack_score(board, bonus, rules, arms) * 0.8
                    actions.append(Action(act.BONUS_ATTACK, weapon=arms.name, target=foe.id))
            condition = arms.condition if isinstance(arms, Technique) else None
            why = f"to leave them {condition}" if condition else "best expected damage"
            line = (monster_line if monster else _attack_line)(who.name, verb, foe.name, value, why)
            out.append(Choice(who.id, actions, score, line, who.cell, value))
    return out


def _step_then_attack(board: Board, who: Combatant, rules: Level, claimed: set[Cell]) -> list[Choice]:
    """The Simple action's 5 ft step, then a Standard Attack or Technique from the new square."""
    out: list[Choice] = []
    steps = _reach_plan(board, who, STEP_FT, claimed)
    for cell in sorted(steps.endable - {who.cell}):
        if is_risky(steps, cell):
            continue  # a step onto (or across) a trap its side knows of: never worth it (N-TRAP-12)
        base = -_exposure_weight(who, rules) * board.exposure(who, cell)
        for arms in board.arms(who):
            if run_ft(arms) or (isinstance(arms, Weapon) and ready_problem(board.view, who, arms)):
                continue
            for foe in board.foes():
                if foe.cell is None or not board.can_hit_from(arms, cell, foe.cell):
                    continue
                value = board.odds(who, arms, foe)
                if value is None:
                    continue
                kind = act.TECHNIQUE if isinstance(arms, Technique) else act.STANDARD_ATTACK
                attack = (Action(kind, technique=arms.name, target=foe.id) if kind == act.TECHNIQUE
                          else Action(kind, weapon=arms.name, target=foe.id))
                score = _attack_score(board, value, rules, arms) + base - 0.05 + _kill_relief(board, who, rules, value, cell)
                line = _attack_line(who.name, "steps 5 ft and attacks", foe.name, value, "a better square")
                out.append(Choice(who.id, [Action(act.SIMPLE, effect="step", path=[cell]), attack], score, line, cell, value))
    return out


def _made_ready(view: EncounterState, who: Combatant, arms: object) -> list[Action] | None:
    """What must come before an attack with ``arms``: nothing when it is ready, a Simple draw or
    reload when that readies it (N-READY-1, N-READY-2), None when a Simple action cannot."""
    if not isinstance(arms, Weapon) or ready_problem(view, who, arms) is None:
        return []
    effect = "draw" if not in_hand(view, who, arms.name) else "reload"
    if readying_problem(view, who, act.SIMPLE, effect, arms.name) is not None:
        return None
    first = [Action(act.SIMPLE, effect=effect, weapon=arms.name)]
    if effect == "draw" and loads_left(view, who, arms) == 0:
        return None  # drawn and empty: a second Simple action would be needed
    return first


def _second_shot(view: EncounterState, who: Combatant, arms: object) -> bool:
    """Does ``arms`` hold a second shot for the Bonus Attack (a one-shot crossbow does not)?"""
    if not isinstance(arms, Weapon):
        return True
    left = loads_left(view, who, arms)
    return left is None or left >= 2


def _readying(board: Board, who: Combatant, base: float) -> list[Choice]:
    """The reload or the draw alone (a Standard Move, or the Simple action), for a weapon that is
    empty or not in hand: worth most of the best attack it makes possible (N-READY-1, N-READY-2)."""
    out: list[Choice] = []
    view = board.view
    for arms in board.arms(who):
        if not isinstance(arms, Weapon) or ready_problem(view, who, arms) is None:
            continue
        effect = "draw" if not in_hand(view, who, arms.name) else "reload"
        kind = next((k for k in (act.SIMPLE, act.STANDARD_MOVE)
                     if readying_problem(view, who, k, effect, arms.name) is None), None)
        if kind is None:
            continue
        values = [v.expected for foe in board.foes() if (v := board.attack(who, arms, foe)) is not None]
        worth = 0.6 * max(values, default=0.0) + 0.05
        out.append(Choice(who.id, [Action(kind, effect=effect, weapon=arms.name)], base + worth,
                          f"{who.name} {effect}s the {arms.label or arms.name}", who.cell))
    return out


def _charges(board: Board, who: Combatant, rules: Level, claimed: set[Cell], *, monster: bool = False) -> list[Choice]:
    """A Technique that runs first (a bear's Charge): to the best square next to the foe."""
    out: list[Choice] = []
    for arms in board.arms(who):
        run = run_ft(arms)
        if not run or not isinstance(arms, Technique):
            continue
        for foe in board.foes():
            charge = charge_at(board, who, arms, foe, rules, claimed)
            if charge is None:
                continue
            spot, path, value, score = charge
            made = path_chance(board.view, who, path)
            why = "best expected damage" if made >= 1 else f"the run needs a roll: {percent(made)} to get there"
            risk = trap_risk(board.view, who, path or [])[1]  # no way round a known trap fits (N-TRAP-12)
            why = risk or why
            line = (monster_line if monster else _attack_line)(who.name, "charges", foe.name, value, why)
            out.append(Choice(who.id, [Action(act.TECHNIQUE, technique=arms.name, target=foe.id, path=path)],
                              score, line, spot, value, risky=bool(risk)))
    return out


def charge_at(board: Board, who: Combatant, arms: Technique, foe: Combatant, rules: Level, claimed: set[Cell]
              ) -> tuple[Cell, list[Cell] | None, AttackValue, float] | None:
    """Where a charge at ``foe`` best ends (in reach and sight of it, least exposed), its path,
    the attack's value from there and its score; None when no square in the run will do."""
    if foe.cell is None:
        return None
    reach = _reach_plan(board, who, run_ft(arms), claimed)
    spots = [c for c in _within(reach.endable, foe.cell, arms.range_ft) if c != foe.cell and board.sees(c, foe.cell)]
    if not spots:
        return None
    # the charge lands only if the run gets there: a square needing a roll may stop it (R-MOVE-2)
    made = {c: board.path_chance(who, reach, c) for c in spots}
    spot = min(spots, key=lambda c: (-made[c], board.exposure(who, c), reach.cost[c], c))
    value = board.attack(who, arms, foe, start=spot)
    if value is None:
        return None
    score = made[spot] * _attack_score(board, value, rules, arms) - _exposure_weight(who, rules) * board.exposure(who, spot)
    score += made[spot] * _kill_relief(board, who, rules, value, spot)
    if is_risky(reach, spot):  # only over a known trap: it stops there, hurt (N-TRAP-3, N-TRAP-12)
        score -= trap_risk(board.view, who, reach.path_to(spot))[0]
    if behaviour_of(sheet_of(who)).charge:
        score += 0.1
    return spot, reach.path_to(spot) or None, value, score


def _within(cells: frozenset[Cell], centre: Cell, feet: int) -> list[Cell]:
    """The squares of ``cells`` within ``feet`` of ``centre`` (in no particular order).

    A charge asks this of its whole run for every foe: the squares around the foe
    are looked up in the run when they are fewer than the run's squares.
    """
    span = int(feet // SQUARE_FT)
    if (2 * span + 1) ** 2 >= len(cells):
        return [c for c in cells if distance_ft(c, centre) <= feet]
    cx, cy = centre
    return [(x, y) for x in range(cx - span, cx + span + 1) for y in range(cy - span, cy + span + 1) if (x, y) in cells]


def _moves(board: Board, who: Combatant, rules: Level, claimed: set[Cell], *, run_only: bool = False) -> list[Choice]:
    """A Standard Move (and the Bonus Move for a sprint) to the best square for next turn.
    ``run_only``: no sprint (the Bonus action is not free: a Simple action comes first)."""
    allowance = move_allowance(board.view, who.id)
    if not allowance.can_move or allowance.origin != who.cell:
        return []
    reach = _reach_plan(board, who, allowance.run_ft if run_only else allowance.sprint_ft, claimed)
    keep = behaviour_of(sheet_of(who)).keep_ft
    weight = _exposure_weight(who, rules)
    best: list[tuple[float, Cell, str]] = []
    # the exact value needs sight lines: rank every square by a cheap bound first, then
    # work out the most promising ones exactly
    cells = sorted(reach.endable - {who.cell} - claimed)
    bound = _bounds(board, who, cells, rules.next_turn, weight)
    cells.sort(key=lambda c: (-bound[c], reach.cost[c], c))
    for cell in cells[:MOVE_SQUARES]:
        future, value = board.best_from(who, cell, techniques=True)
        charge, charge_at_name = _charge_future(board, who, cell)
        future = max(future, charge)
        if future > 0:  # rough ground may stop it short (where there is nothing to hit, nothing is lost)
            future *= board.path_chance(who, reach, cell)
        score = rules.next_turn * future - weight * board.exposure(who, cell)
        toward = None
        if future <= 0:
            pull, toward = board.approach_toward(who, cell, rules.next_turn)
            score += pull
        near = min((distance_ft(cell, f.cell) for f in board.foes() if f.cell), default=0)
        if keep and near < keep:
            score -= 0.5 * (keep - near) / STEP_FT
        if future <= 0:
            score -= 0.01 * board.near_on_foot(cell)  # nothing to hit from there: at least close in
        if value is not None:
            why = f"in reach of {board.view.combatants[value.target].name} next turn"
        elif charge_at_name:
            why = f"ready to charge {charge_at_name} next turn"
        else:
            why = f"closing in on {toward}" if toward else "closing in"
        assert who.cell is not None  # move_allowance's origin is its square
        here, there = board.exposure(who, who.cell), board.exposure(who, cell)
        near_here = min((distance_ft(who.cell, f.cell) for f in board.foes() if f.cell), default=0)
        if weight and near > near_here and there < here - 0.5:  # away from the foes, out of their reach:
            # a retreat, whatever it may reach next turn; say so (review 13 F4: "in reach of Bear 1")
            safer = "none" if there < 0.05 else f"{there:.1f}"
            then = (f"; from there it can hit {board.view.combatants[value.target].name} next turn"
                    if value is not None else "")
            why = (f"falls back out of the foes' reach ({here:.1f} expected damage to it where it stood, "
                   f"{safer} there){then}")
        if is_risky(reach, cell):  # only over a known trap: it stops there, hurt (N-TRAP-3, N-TRAP-12)
            risk, words = trap_risk(board.view, who, reach.path_to(cell))
            score -= risk
            why = f"{why}, {words}"
        best.append((score - 0.001 * reach.cost[cell], cell, why))
    best.sort(key=lambda x: (-x[0], x[1]))
    out: list[Choice] = []
    for score, cell, why in best[:4]:
        actions = _move_actions(reach, cell, allowance.run_ft, allowance.sprint_ft, allowance.split)
        if not actions:
            continue
        feet = reach.cost[cell]
        sprint = " (sprint: uses its Bonus action)" if len(actions) > 1 else ""
        out.append(Choice(who.id, actions, score, f"{who.name} moves {feet} ft{sprint}, {why}", cell))
    return out


def _door_then_move(board: Board, who: Combatant, rules: Level, claimed: set[Cell]) -> list[Choice]:
    """Open a closed door beside it (the Simple action) and then a Standard Move on the map as
    the door leaves it (reading: N-DOOR-2, N-DOOR-5): scored as that move, less ``DOOR_COST``."""
    out: list[Choice] = []
    for door, name, there in doors_to_open(board, who):
        for move in _moves(there, there.view.combatants[who.id], rules, claimed, run_only=True):
            reason = move.reason.replace(f"{who.name} moves", f"{who.name} opens {name} and moves", 1)
            out.append(Choice(who.id, [Action(act.SIMPLE, effect=OPEN, door=door)] + move.actions,
                              move.score - DOOR_COST, reason, move.end))
    return out


def _bounds(board: Board, who: Combatant, cells: list[Cell], next_turn: float, weight: float) -> dict[Cell, float]:
    """A cheap optimistic score of every square (range only, no sight lines, melee foes only).

    Every part of it depends only on how many squares the square is from each foe:
    so it is worked out once per foe and distance (:func:`_by_distance`), and each
    square only adds up its foes' entries (in the same order as summing them one by one).
    """
    offers = [(reach_ft(arms), foe.cell, value.expected + value.p_kill * board.threat(foe))
              for arms in board.arms(who) for foe in board.foes()
              if foe.cell is not None and (value := board.odds(who, arms, foe)) is not None]
    dangers: list[tuple[int, Cell, float]] = []  # (reach in ft, foe's square, threat), no sight needed
    for foe in board.foes():
        melee = [board.reach_of(foe, a) for a in board.arms(foe) if a.range_ft <= STEP_FT]
        if melee and foe.cell is not None:
            dangers.append((max(melee), foe.cell, board.threat(foe)))
    pulls = board.pulls(who, next_turn)
    # the foes' squares, those that endanger first (in their order: the danger is summed in it)
    squares = list(dict.fromkeys([d[1] for d in dangers] + [o[1] for o in offers] + [(p[0], p[1]) for p in pulls]))
    foes: list[tuple[int, int, dict[int, _Entry], Callable[[int], _Entry]]] = [
        (fx, fy, {}, _by_distance((fx, fy), offers, dangers, pulls, next_turn)) for fx, fy in squares]
    out: dict[Cell, float] = {}
    for c in cells:  # every square in reach: plain loops, this runs for each of them
        x, y = c
        best: float | None = None
        danger: float = 0
        pull = 0.0
        for fx, fy, known, entry_at in foes:
            dx, dy = abs(fx - x), abs(fy - y)
            away = dx if dx > dy else dy
            entry = known.get(away)
            if entry is None:
                entry = known[away] = entry_at(away)
            offer, threat, pulled = entry
            if offer is not None and (best is None or offer > best):
                best = offer
            if threat is not None:
                danger += threat
            if pulled > pull:
                pull = pulled
        future = 0.0 if best is None else best
        out[c] = next_turn * future - weight * danger + (pull if future <= 0 else 0.0)
    return out


#: what a square some distance from a foe gets from it, in :func:`_bounds`: (best attack value in reach
#: or None, the foe's threat if its melee reaches or None, the best pull)
_Entry = tuple[float | None, float | None, float]


def _by_distance(square: Cell, offers: list[tuple[int, Cell, float]], dangers: list[tuple[int, Cell, float]],
                 pulls: list[tuple[int, int, dict[int, float], str, float, int, int]], discount: float
                 ) -> Callable[[int], _Entry]:
    """For the foe on ``square``, what a square ``away`` squares from it gets: (the best attack
    value in reach, or None; the foe's threat if its melee reaches, or None; the best pull of
    :meth:`Board.approach_toward` on it, 0.0 for none)."""
    mine = [(r, v) for r, sq, v in offers if sq == square]
    threat = [(r, v) for r, sq, v in dangers if sq == square]
    drawn = [p for p in pulls if (p[0], p[1]) == square]

    def entry(away: int) -> _Entry:
        feet = STEP_FT * away
        best: float | None = None
        for r, v in mine:
            if feet <= r and (best is None or v > best):
                best = v
        danger = next((v for r, v in threat if feet <= r), None)
        most = 0.0
        for _fx, _fy, known, _foe, value, reach, run in drawn:
            pull = known.get(away)
            if pull is None:
                pull = known[away] = pull_value(value, away, reach, run, discount)
            if pull > most:
                most = pull
        return best, danger, most

    return entry


def _charge_future(board: Board, who: Combatant, cell: Cell) -> tuple[float, str | None]:
    """Next turn's charge from ``cell``: the best foe within its run on foot (round walls, through
    doors: :meth:`Board.walk_from`), and its name. As the crow flies a bear behind a wall was
    always "ready to charge" and stepped to and fro for twenty rounds (review 6)."""
    best, name = 0.0, None
    for arms in board.arms(who):
        run = run_ft(arms)
        if not run:
            continue
        for foe in board.foes():
            if foe.cell is None:
                continue
            walk = board.walk_from(foe.cell).get(cell)  # the run goes round walls, not through them
            if walk is not None and walk <= run + arms.range_ft:
                value = board.odds(who, arms, foe)
                if value is not None and value.expected + value.p_kill * board.threat(foe) > best:
                    best, name = value.expected + value.p_kill * board.threat(foe), foe.name
    return best, name


def _move_actions(reach: Plan | KnownTrapReach, cell: Cell, run_ft: int, sprint_ft: int, split: bool) -> list[Action]:
    """The move's legs: one Standard Move, or the run and the Bonus Move from where it ends
    (of the way round the known traps, when it is one: N-TRAP-12)."""
    reach = way_to(reach, cell)
    path = reach.path_to(cell)
    if not path:
        return []
    if reach.cost[cell] <= run_ft or not split:
        return [Action(act.STANDARD_MOVE, path=path)]
    # split at the last square of the run the mover may stop on
    cut = 0
    for i, sq in enumerate(path):
        if reach.cost[sq] <= run_ft and sq in reach.endable:
            cut = i + 1
    if cut == 0 or reach.cost[cell] - reach.cost[path[cut - 1]] > sprint_ft - run_ft:
        return []
    return [Action(act.STANDARD_MOVE, path=path[:cut]), Action(act.BONUS_MOVE, path=path[cut:])]


# --------------------------------------------------------------------------- "plays like the text's monsters"
def _monster_options(board: Board, who: Combatant, rules: Level, claimed: set[Cell]) -> list[Choice]:
    """Simple and predictable: the nearest foe; charge it if it can, else hit it, else go to it."""
    here = who.cell
    assert here is not None
    foes = sorted(board.foes(), key=lambda f: (distance_ft(here, f.cell) if f.cell else 10**6, f.id))
    if not foes:
        return [_search(who)]
    target = foes[0]
    behaviour = behaviour_of(sheet_of(who))
    if behaviour.charge:
        charges = [c for c in _charges(board, who, rules, claimed, monster=True) if c.attack and c.attack.target == target.id
                   and not c.risky]  # a charge over a known trap stops there: go round it instead (N-TRAP-12)
        adjacent = target.cell is not None and who.cell is not None and distance_ft(who.cell, target.cell) <= STEP_FT
        if charges and not adjacent:
            return [_only(charges[0], 3.0)]
    attacks = [c for c in _attacks_from_here(board, who, rules, 0.0, monster=True) if c.attack and c.attack.target == target.id]
    weapon_attacks = [c for c in attacks if c.actions and c.actions[0].kind == act.STANDARD_ATTACK]
    if weapon_attacks or attacks:
        return [_only((weapon_attacks or attacks)[0], 2.0)]
    attackable = [c for c in _attacks_from_here(board, who, rules, 0.0, monster=True)]
    if attackable:
        def nearest_first(c: Choice) -> tuple[int, str]:
            there = board.view.combatants[c.attack.target].cell if c.attack else None
            return (distance_ft(here, there), c.attack.target) if c.attack and there is not None else (0, "")

        attackable.sort(key=nearest_first)
        first = attackable[0]  # the nearest foe it can hit, not the nearest foe
        first.reason = first.reason.replace(", the nearest foe: ", ", the nearest foe it can hit: ", 1)
        return [_only(first, 1.5)]
    ready = _readying(board, who, 0.0)  # an empty or holstered weapon: ready it before closing in
    if ready:
        return [_only(max(ready, key=lambda c: c.score), 1.2)]
    return _approach(board, who, target, claimed, behaviour.keep_ft)


def _approach(board: Board, who: Combatant, target: Combatant, claimed: set[Cell], keep_ft: int) -> list[Choice]:
    allowance = move_allowance(board.view, who.id)
    if not allowance.can_move or allowance.origin != who.cell or target.cell is None:
        return [Choice(who.id, [], 0.0, f"{who.name} waits", who.cell)]
    reach = _reach_plan(board, who, allowance.sprint_ft, claimed)
    cells = sorted(reach.endable - {who.cell} - claimed)
    if not cells:
        return [Choice(who.id, [], 0.0, f"{who.name} waits", who.cell)]
    if keep_ft:  # a shooter: the nearest square from which it can shoot, not closer than it likes
        arms = [a for a in arms_of(who) if not getattr(a, "move_ft", 0)]
        good = [c for c in cells if any(board.can_hit_from(a, c, target.cell) for a in arms)
                and distance_ft(c, target.cell) >= keep_ft]
        if good:
            cell = min(good, key=lambda c: (is_risky(reach, c), reach.cost[c], c))
            actions = _move_actions(reach, cell, allowance.run_ft, allowance.sprint_ft, allowance.split)
            if actions:
                return [Choice(who.id, actions, 1.0, _risking(board, who, reach, cell,
                                                              f"{who.name} moves to shoot at {target.name}"), cell)]
    there = target.cell
    assert there is not None  # on the map
    # round the traps its side knows of when any square will do (N-TRAP-12)
    cell = min(cells, key=lambda c: (is_risky(reach, c), distance_ft(c, there), reach.cost[c], c))
    actions = _move_actions(reach, cell, allowance.run_ft, allowance.sprint_ft, allowance.split)
    if not actions:
        return [Choice(who.id, [], 0.0, f"{who.name} waits", who.cell)]
    return [Choice(who.id, actions, 1.0, _risking(board, who, reach, cell,
                                                  f"{who.name} goes for {target.name}, the nearest foe"), cell)]


def _risking(board: Board, who: Combatant, reach: Plan | KnownTrapReach, cell: Cell, reason: str) -> str:
    """``reason``, and the known trap the way to ``cell`` sets off when no way round fits (N-TRAP-12)."""
    if not is_risky(reach, cell):
        return reason
    return f"{reason}, {trap_risk(board.view, who, reach.path_to(cell))[1]}"


def _only(choice: Choice, score: float) -> Choice:
    choice.score = score
    return choice
