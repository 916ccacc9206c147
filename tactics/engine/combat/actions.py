"""Declaring and resolving actions in a group's turn (R-ACT-1, R-ORD-1, R-MOVE-1, R-MOVE-2).

* :class:`Declare` ``(combatant, Action(kind, ...))``: the combatant commits to
  an action. Refused when it is not the combatant's group's turn, when the
  action economy does not allow it (a second Standard, a Simple after a Bonus,
  a Standard while Stunned ...), when the group has begun resolving (only a
  Bonus or a Simple action after one's own Standard is still open, N-ORD-4),
  or when it cannot be done from here (out of range, no line of sight, a
  hidden target, a path through an enemy).
* :class:`Undeclare` withdraws an action not yet resolved.
* :class:`ResolveNext` resolves the next declared action in the rules' order
  (no-roll first, Simple/Free before Standard, Move/Attack/Technique/Use Item,
  then Bonus and later Simple actions; ties by personal Initiative). An action
  that the board no longer allows when its turn comes (its target fell, its path
  is now blocked) fails with a reason instead of stopping the game.

Uses of items are pluggable through :data:`ITEM_USES`; the built-in ones (hide,
search, grenade, note) are in :mod:`tactics.engine.combat.items`, Treat Injury in
:mod:`tactics.engine.combat.treat_injury`. Reloading and drawing a weapon (and an attack
refused for want of either) are :mod:`tactics.engine.combat.readying`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, fields
from typing import Any, Callable, Protocol

from tactics.engine.combat.events import (
    ActionDeclared, ActionFailed, ActionLost, ActionNote, ActionResolved, ActionUndeclared, AttackRolled,
    CombatCheck, ConditionAdded, ConditionRemoved, DamageRolled,
)
from tactics.engine.core.board_events import TokenMoved
from tactics.engine.hazards.events import TrapHalted
from tactics.engine.combat.doors import DOOR_EFFECTS, door_events, door_problem, pending_doors, planned_map
from tactics.engine.board import check_path, path_limit, walk_events
from tactics.engine.combat.team import (
    CombatState, Declaration, combat_or_refuse, conditions_of, group_label, reducer, set_moment, sheet_of,
)
from tactics.engine.combat.two_weapon import (
    fights_with_two_weapons, joins_as_off_hand, main_weapon_name, two_weapon_problem,
)
from tactics.engine.combat.passing import silent_pass, take_back_pass, uncommitted, waiting_text
from tactics.engine.combat.crossing import STOPPED, place_words, stopped_by, stopped_text
from tactics.engine.combat.charge import charge_problem
from tactics.engine.combat.attack import attack_events, attack_setup, find_arms, succeeded, unseen_by, unseen_problem
from tactics.engine.combat.readying import READY_EFFECTS, load_used, ready_problem, readying_events, readying_problem
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import actions as act
from tactics.rules.checks import check_advantage, check_chance, movement_check, roll_check
from tactics.rules.conditions import combined
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell, SQUARE_FT
from tactics.rules.sheets import Technique, Weapon
from tactics.engine.core.labels import possessive
from tactics.engine.core.lookup import near_miss, unknown_combatant


@dataclass
class Action:
    """What a combatant commits to: a kind and its parameters.

    ``path``: squares to walk (moves, a 5 ft step, a charging Technique), every square
    one step at a time from the mover's square, that square left out (as
    :class:`tactics.engine.board.Walk`);
    ``weapon`` / ``technique`` / ``item``; ``target`` (a combatant id) or
    ``target_cell``; ``two_weapon`` for two-weapon fighting (R-HIT-3);
    ``situational``: the GM's extra advantages (+) or disadvantages (-);
    ``effect``: "drop-prone" (Free), "stand-up", "open-door" or "close-door" (Simple;
    ``door``: the door's index on the map, N-DOOR-2), "reload" or "draw" with ``weapon`` (a
    Standard Move or a Simple action, N-READY-1, N-READY-2), a draw's ``stow``: the weapons in
    hand it puts away first (switching weapons, a Standard Move, N-READY-3); ``note``: free text;
    ``grenade`` (its kind) and ``cook`` for ``Action("use-item", item="grenade",
    target_cell=..., grenade="frag")``; ``trap``: how a trap is set (``facing``,
    ``wire_end``, ``disarm_dc``) for ``item="set-trap:<kind>"``.
    """

    kind: str
    path: list[Cell] | None = None
    weapon: str | None = None
    target: str | None = None
    technique: str | None = None
    item: str | None = None
    target_cell: Cell | None = None
    two_weapon: bool = False
    situational: int = 0
    effect: str | None = None
    note: str = ""
    grenade: str | None = None
    cook: bool = False
    trap: dict[str, Any] | None = None
    door: int | None = None
    stow: list[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        # field by field rather than dataclasses.asdict (which deep-copies every path square):
        # every declaration asks this twice; the path and square come out as new lists anyway
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.trap is not None:
            d["trap"] = copy.deepcopy(self.trap)
        if isinstance(self.stow, list):
            d["stow"] = list(self.stow) or None  # a copy; none put away is no key (saves stay as they were)
        d = squares_to_json(d)
        return {k: v for k, v in d.items()
                if v not in (None, "", False, 0) or k == "kind" or (k == "door" and v is not None)}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "Action":
        return cls(**squares_from_json(raw))


def squares_to_json(d: dict[str, Any]) -> dict[str, Any]:
    """An action's fields with ``path`` and ``target_cell`` as lists of ints (for the journal)."""
    if d.get("path") is not None:
        d["path"] = [[int(c[0]), int(c[1])] for c in d["path"]]
    if d.get("target_cell") is not None:
        d["target_cell"] = [int(d["target_cell"][0]), int(d["target_cell"][1])]
    if isinstance(d.get("trap"), dict) and isinstance(d["trap"].get("wire_end"), (list, tuple)):
        end = d["trap"]["wire_end"]  # a square, as a list (anything else is refused by the trap use)
        d["trap"] = {**d["trap"], "wire_end": list(end)}
    return d


def squares_from_json(raw: dict[str, Any]) -> dict[str, Any]:
    """A copy of an action's saved fields with ``path`` and ``target_cell`` as cells again."""
    raw = dict(raw)
    if raw.get("path") is not None:
        raw["path"] = [(int(c[0]), int(c[1])) for c in raw["path"]]
    if raw.get("target_cell") is not None:
        raw["target_cell"] = (int(raw["target_cell"][0]), int(raw["target_cell"][1]))
    return raw


@dataclass(frozen=True)
class ItemUse:
    """A kind of Use Item action: does it roll, is it possible, what happens.

    For individual turns: ``contested`` (None: contested when it rolls,
    N-TURN-4) and how many of the turn's ``actions`` it takes.
    """

    label: str
    needs_roll: bool
    validate: Callable[[EncounterState, Combatant, Action], None]
    resolve: Callable[[EncounterState, Combatant, Action, Dice], tuple[list[Event], bool]]
    contested: bool | None = None
    actions: int = 1


#: Use Item actions by ``Action.item``. Other modules add theirs (a grenade throw).
ITEM_USES: dict[str, ItemUse] = {}


# --------------------------------------------------------------------------- helpers
def limits_of(who: Combatant) -> act.Limits:
    names = conditions_of(who)
    c = combined(names)
    blockers = [n for n in names if combined([n]).no_actions or combined([n]).no_standard]
    if who.hp <= 0:
        return act.Limits(no_actions=True, reason="down")
    return act.Limits(c.no_actions, c.no_standard, c.no_bonus, ", ".join(blockers))


def move_budget(who: Combatant) -> int:
    """Run speed (R-MOVE-1), halved to whole squares when a condition halves speed."""
    feet = sheet_of(who).run_ft
    if combined(conditions_of(who)).speed_half:
        feet = (feet // 2) // SQUARE_FT * SQUARE_FT
    return feet


def _path(action: Action) -> list[Cell]:
    return [(int(c[0]), int(c[1])) for c in (action.path or [])]


def _path_needs_roll(state: EncounterState, path: list[Cell]) -> bool:
    m = state.current_map()
    return any(m.terrain_at(c).check and m.terrain_at(c).dc is not None for c in path if m.in_bounds(c))


def _moves_pending(existing: list[Declaration]) -> bool:
    return any(d.status == "declared" and d.params.get("path") for d in existing)


def planned_origin(state: EncounterState, cid: str, kind: str, needs_roll: bool = False) -> Cell | None:
    """Where a new action of ``kind`` by ``cid`` starts moving: the end of the last of its
    declared, not yet resolved paths that will resolve before it (R-ORD-1), else its square."""
    who = state.combatants[cid]
    combat = state.combat
    if not isinstance(combat, CombatState):
        return who.cell
    init, dex = combat.initiative.get(cid, 0), sheet_of(who).dex_score
    new_key = (combat.declaring_closed(cid),) + act.resolution_key(kind, needs_roll, init, dex, combat.next_id)
    end = who.cell
    for d in resolution_order(state):
        if d.combatant != cid or not d.params.get("path"):
            continue
        if (d.late,) + act.resolution_key(d.kind, d.needs_roll, init, dex, d.seq) < new_key:
            last = d.params["path"][-1]
            end = (int(last[0]), int(last[1]))
    return end


def declared_origins(state: EncounterState) -> dict[int, Cell]:
    """Where each unresolved declaration starts (by its id): its combatant's square, or the end
    of that combatant's declared path that resolves just before it (R-ORD-1). A sprint's Bonus
    Move starts where its Standard Move ends, not on the token's square."""
    ends: dict[str, Cell] = {}
    out: dict[int, Cell] = {}
    for d in resolution_order(state):
        who = state.combatants.get(d.combatant)
        if who is None or who.cell is None:
            continue
        out[d.id] = ends.get(d.combatant, who.cell)
        if d.params.get("path"):
            last = d.params["path"][-1]
            ends[d.combatant] = (int(last[0]), int(last[1]))
    return out


class ArmedAction(Protocol):
    """What picks the arms of an attack: a ground ``Action`` or an individual-turns ``TurnAction``."""

    kind: str
    weapon: str | None
    technique: str | None


def target_or_refuse(state: EncounterState, tid: str | None) -> Combatant:
    """The combatant an attack aims at, refused when none is chosen, absent or already down."""
    if not tid:
        raise Refused("choose a target")
    target = state.combatants.get(tid)
    if target is None or not target.present or target.cell is None:
        meant = near_miss(state, tid) if target is None else None
        raise Refused(f"there is no {tid!r} on the map to target" + (f": did you mean {meant!r}?" if meant else ""))
    if target.hp <= 0:
        raise Refused(f"{target.name} is already down")
    return target


def arms_or_refuse(who: Combatant, action: ArmedAction) -> Weapon | Technique:
    """The weapon of an attack, or the Technique of a ``technique`` action, refused when unknown."""
    technique = action.kind == act.TECHNIQUE
    try:
        return find_arms(who, action.technique if technique else action.weapon, technique=technique)
    except KeyError as exc:
        raise Refused(str(exc.args[0])) from None


def technique_condition_events(
    state: EncounterState, who: Combatant, arms: Weapon | Technique, target: Combatant, outcome: str | None
) -> list[Event]:
    """A Technique that carries a condition puts it on the target when it succeeds."""
    if isinstance(arms, Technique) and arms.condition and outcome is not None and succeeded(outcome):
        return [ConditionAdded(combatant=target.id, name=arms.condition, rounds=arms.condition_rounds,
                               source=who.id, **set_moment(state.combat))]
    return []


def item_use_or_refuse(item: str | None) -> ItemUse:
    """The registered Use Item action called ``item``, refused naming the known ones."""
    use = ITEM_USES.get(item or "")
    if use is None:
        raise Refused(f"unknown item use {item!r} (known: {', '.join(sorted(ITEM_USES))})")
    return use


def _standard_of(existing: list[Declaration]) -> Declaration | None:
    return next((d for d in existing if d.kind in act.STANDARD), None)


def prone_problem(who: Combatant, existing: list[Declaration]) -> str | None:
    """Why ``who`` cannot drop prone now: it lies prone already, or it went prone
    this turn ("If they go prone, they cannot go prone again"; reading: N-ACT-5)."""
    if who.has("Prone"):
        return f"{who.name} is already prone"
    if any(d.kind == act.FREE and d.params.get("effect") == "drop-prone" for d in existing):
        return f"{who.name} already went prone this turn: no going prone again"
    return None


def off_hand_problem(who: Combatant, existing: list[Declaration], arms: Weapon | Technique) -> str | None:
    """Why this Bonus Attack may not follow a two-weapon Standard Attack that did not
    succeed: only the off-hand weapon attacks then (R-ACT-1). Asked when the Bonus
    is declared and again when it resolves, since it may be declared before the miss."""
    standard = _standard_of(existing)
    if standard is None or not fights_with_two_weapons(existing):
        return None
    if standard.status == "declared" or standard.success:
        return None
    if arms.name == main_weapon_name(who, standard) or not getattr(arms, "off_hand", False):
        return "after a missed Standard Attack only the off-hand weapon attacks"
    return None


def _check_two_weapon(who: Combatant, main: Weapon) -> None:
    problem = two_weapon_problem(who, main)
    if problem:
        raise Refused(problem)


# --------------------------------------------------------------------------- declare
@dataclass
class Declare:
    """A combatant of the acting group commits to an action (R-ORD-1)."""

    combatant: str
    action: Action
    name: str = "declare"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "action": self.action.to_dict()}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        who = state.combatants.get(self.combatant)
        if who is None:
            raise Refused(unknown_combatant(state, self.combatant))
        problem = declaring_problem(state, who)
        if problem is not None:
            raise Refused(problem)
        action = self.action
        existing = combat.declarations_of(who.id)
        two_weapon = fights_with_two_weapons(existing)
        try:
            act.check_economy(who.name, existing, action.kind, limits_of(who), two_weapon=two_weapon,
                              closed=combat.declaring_closed(who.id))
        except act.ActionRefused as exc:
            raise Refused(str(exc)) from None
        params, needs_roll = _validate(state, combat, who, action, existing)
        # reading: N-ORD-4, one declared after declaring closed resolves after what was declared before
        return [ActionDeclared(id=combat.next_id, combatant=who.id, action_kind=action.kind, params=params,
                               needs_roll=needs_roll, late=combat.declaring_closed(who.id))]


def _validate(
    state: EncounterState, combat: CombatState, who: Combatant, action: Action, existing: list[Declaration]
) -> tuple[dict[str, Any], bool]:
    """Check an action's parameters against the board now; its params and whether it rolls."""
    kind = action.kind
    params = action.to_dict()
    params.pop("kind", None)
    path = _path(action)
    pending = _moves_pending(existing)
    if kind == act.FREE:
        if action.effect not in (None, "drop-prone"):
            raise Refused(f"unknown Free action effect {action.effect!r}")
        if path:
            raise Refused("moving is not a Free action")
        if action.effect == "drop-prone":
            problem = prone_problem(who, existing)
            if problem:
                raise Refused(problem)
        return params, False
    if action.effect in READY_EFFECTS and kind in (act.SIMPLE, act.SIMPLE_AFTER, act.STANDARD_MOVE, act.BONUS_MOVE):
        if path:  # reading: N-READY-1, N-READY-2
            raise Refused(f"{'reloading' if action.effect == 'reload' else 'drawing'} does not move; declare the move apart")
        problem = readying_problem(state, who, kind, action.effect, action.weapon, stow=action.stow)
        if problem:
            raise Refused(problem)
        return params, False
    if kind in (act.SIMPLE, act.SIMPLE_AFTER):
        if action.effect not in (None, "stand-up", "step", *DOOR_EFFECTS):
            raise Refused(f"unknown Simple action effect {action.effect!r}")
        if action.effect in DOOR_EFFECTS:  # reading: N-DOOR-2, opening a door is a Simple action
            if path:
                raise Refused("opening or closing a door does not move; declare the move apart")
            problem = door_problem(state, who, action.door, DOOR_EFFECTS[action.effect],
                                   at=planned_origin(state, who.id, kind), planned=pending_doors(state))
            if problem:
                raise Refused(problem)
            return params, False
        if path:
            if len(path) != 1:
                raise Refused("a Simple action moves one 5 ft step at most")
            check_path(state, who.id, path, SQUARE_FT, start=planned_origin(state, who.id, kind),
                       battle_map=planned_map(state, who.id, kind))  # reading: N-DOOR-3
        return params, False
    if kind in (act.STANDARD_MOVE, act.BONUS_MOVE):
        if not path:
            raise Refused("choose where to move")
        needs_roll = _path_needs_roll(state, path)
        # the same budget from the same square as ground_moves.move_allowance (R-MOVE-1), on the map
        # as the door actions that resolve first will leave it (reading: N-DOOR-3)
        check_path(state, who.id, path, move_budget(who), start=planned_origin(state, who.id, kind, needs_roll),
                   battle_map=planned_map(state, who.id, kind, needs_roll))
        return params, needs_roll
    if kind == act.USE_ITEM:
        use = item_use_or_refuse(action.item)
        use.validate(state, who, action)
        return params, use.needs_roll
    # attacks and Techniques
    arms = arms_or_refuse(who, action)
    target = target_or_refuse(state, action.target)
    if unseen_by(state, who, target):  # reading: N-HIDE-3, also when a planned move defers the range check
        raise Refused(unseen_problem(who, target))
    from_cell = who.cell
    if isinstance(arms, Technique) and arms.move_ft and path:
        if not pending:
            check_path(state, who.id, path, arms.move_ft, battle_map=planned_map(state, who.id, kind, True))
        from_cell = path[-1]
    elif path:
        raise Refused("an attack does not move; declare a move first")
    elif isinstance(arms, Technique) and not pending and (problem := charge_problem(state, who, arms, target)):
        raise Refused(problem)
    if isinstance(arms, Weapon) and (problem := ready_problem(state, who, arms, kind)):  # N-READY-1, N-READY-2
        raise Refused(problem)
    two_weapon = bool(action.two_weapon)
    if kind == act.STANDARD_ATTACK and two_weapon:
        _check_two_weapon(who, arms)  # type: ignore[arg-type]
    if kind == act.BONUS_ATTACK:
        if fights_with_two_weapons(existing):
            params["two_weapon"] = True
            problem = off_hand_problem(who, existing, arms)
            if problem:
                raise Refused(problem)
        elif joins_as_off_hand(who, existing, arms.name if isinstance(arms, Weapon) else None):
            params["two_weapon"] = True  # reading: N-TWF-1, the waiting Standard Attack becomes two-weapon fighting
    if not pending:
        setup = attack_setup(state, who, arms, target, from_cell=from_cell,
                             situational=action.situational, two_weapon=bool(params.get("two_weapon")))
        if setup.problem:
            raise Refused(setup.problem)
    return params, True


#: The outcome of a move its mover stopped because it spotted a trap ahead (N-MOVE-6): it succeeded
#: (the Bonus Move stays), but it did not go where it was declared to (review 13 recheck: "done").
HALTED = "halted"


def declaring_problem(state: EncounterState, who: Combatant) -> str | None:
    """Why ``who`` cannot declare an action now in a team-rounds fight (not the Action Phase, not its
    group's turn, sitting the surprise round out), or None. The tools that offer a combatant's
    actions ask it too (review 13 F10: the Traps tool offered a stale selection's actions)."""
    combat = state.combat
    if not isinstance(combat, CombatState):
        return None  # no team-rounds fight: nothing to wait for
    if combat.phase != "action":
        return f"actions are declared in the Action Phase, not the {combat.phase} phase"
    if not combat.can_act_now(who.id):
        group = combat.acting_group()
        if combat.alone() is not None and group is not None and who.id in group.members:
            return combat.sits_out_reason(who.name)
        now = group_label(state, group.key) if group else "no group"
        return f"it is not {possessive(who.name)} group's turn: {now} acts now"
    return None


@dataclass
class Undeclare:
    """Withdraw a declared action that has not been resolved."""

    action_id: int
    name: str = "undeclare"

    def args(self) -> dict[str, Any]:
        return {"action_id": self.action_id}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        d = combat.declaration(self.action_id)
        if d is None:
            raise Refused(f"no declared action {self.action_id}")
        if d.status != "declared":
            raise Refused("that action has already been resolved")
        later = [x for x in combat.declarations_of(d.combatant)
                 if x.status == "declared" and x.id != d.id and x.kind in act.BONUS and d.kind in act.STANDARD]
        events: list[Event] = [ActionUndeclared(id=x.id) for x in later]
        return events + [ActionUndeclared(id=d.id)]


# --------------------------------------------------------------------------- resolve
def resolution_order(state: EncounterState) -> list[Declaration]:
    """The acting group's unresolved declarations in the order they will resolve (R-ORD-1)."""
    combat = state.combat
    if not isinstance(combat, CombatState):
        return []
    pending = [d for d in combat.declarations if d.status == "declared"]

    def key(d: Declaration) -> tuple[Any, ...]:
        who = state.combatants[d.combatant]
        # reading: N-ORD-4, what was declared once the group began resolving comes after the rest
        return (d.late,) + act.resolution_key(d.kind, d.needs_roll, combat.initiative.get(d.combatant, 0),
                                              sheet_of(who).dex_score, d.seq)

    return sorted(pending, key=key)


def resolve_waits_on(state: EncounterState) -> list[str]:
    """The acting members the next declared action's roll waits on (reading: N-ORD-4): the ones
    who have neither declared nor passed, when that action rolls. Empty: :class:`ResolveNext`
    would resolve it now (or nothing waits). The one rule: the command refuses by it and the
    window greys its Resolve button and says "Waiting for ..." by it (review 16, F7)."""
    order = resolution_order(state)
    if not order or not order[0].needs_roll:
        return []
    return uncommitted(state)


@dataclass
class ResolveNext:
    """Resolve the next declared action of the acting group (R-ORD-1).

    No roll resolves while an acting member has neither declared nor passed (reading:
    N-ORD-4); ``others_pass``: the table says those members do nothing this turn (they
    pass, in the same journal entry), then the action resolves."""

    others_pass: bool = False
    name: str = "resolve-next"

    def args(self) -> dict[str, Any]:
        return {"others_pass": True} if self.others_pass else {}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        combat = combat_or_refuse(state)
        if combat.phase != "action":
            raise Refused("nothing resolves outside the Action Phase")
        order = resolution_order(state)
        if not order:
            raise Refused("no declared action is waiting")
        waiting = resolve_waits_on(state)
        if not waiting:
            return resolve_events(state, combat, order[0], dice)
        if not self.others_pass:  # reading: N-ORD-4, no roll before every member committed
            raise Refused(f"{waiting_text(state, waiting)}: declare an action, or choose to do nothing this turn, "
                          "before anyone rolls")
        return silent_pass(waiting) + resolve_events(state, combat, order[0], dice)  # one line (N-ORD-6)


def resolve_events(state: EncounterState, combat: CombatState, d: Declaration, dice: Dice) -> list[Event]:
    who = state.combatants[d.combatant]
    action = Action.from_dict({"kind": d.kind, **d.params})
    limits = limits_of(who)
    tag: dict[str, Any] = {"id": d.id, "combatant": who.id, "action_kind": d.kind}
    if limits.no_actions or (d.kind in act.STANDARD and limits.no_standard) or (d.kind in act.BONUS and limits.no_bonus):
        return [ActionFailed(**tag, reason=f"{who.name} can no longer act ({limits.reason})")]
    if d.kind in act.BONUS:
        mine = combat.declarations_of(who.id)
        standard = _standard_of(mine)
        if standard is None or not (standard.success or (d.params.get("two_weapon") and fights_with_two_weapons(mine))):
            # one word for one thing (review 14, finding 12): a move stopped short "fell short", as its line says
            missed = "fell short" if standard is not None and standard.kind == act.STANDARD_MOVE else "did not succeed"
            what = act.LABELS.get(standard.kind, "Standard action") if standard is not None else "Standard action"
            return [ActionLost(**tag, reason=f"{possessive(who.name)} {what} {missed}")]
        if d.kind == act.BONUS_ATTACK and not standard.success:  # reading: R-ACT-1, checked again now
            try:
                problem = off_hand_problem(who, mine, arms_or_refuse(who, action))
            except Refused as exc:
                problem = exc.reason
            if problem:
                return [ActionLost(**tag, reason=problem)]
    try:
        events, success, outcome = _perform(state, combat, who, action, d, dice)
    except Refused as exc:
        return [ActionFailed(**tag, reason=exc.reason)]
    return events + [ActionResolved(**tag, success=success, outcome=outcome)]


def _perform(
    state: EncounterState, combat: CombatState, who: Combatant, action: Action, d: Declaration, dice: Dice
) -> tuple[list[Event], bool, str | None]:
    kind = action.kind
    path = _path(action)
    if kind == act.FREE:
        if action.effect == "drop-prone":
            if who.has("Prone"):
                raise Refused(f"{who.name} is already prone")
            return [ConditionAdded(combatant=who.id, name="Prone", rounds=None, source=who.id,
                                   **set_moment(combat))], True, None
        return [], True, None
    events: list[Event] = []
    if action.effect in READY_EFFECTS and kind in (act.SIMPLE, act.SIMPLE_AFTER, act.STANDARD_MOVE):
        return readying_events(state, who, action.effect, action.weapon, stow=action.stow), True, None  # N-READY-1..3
    if kind in (act.SIMPLE, act.SIMPLE_AFTER):
        if action.effect in DOOR_EFFECTS and action.door is not None:  # reading: N-DOOR-2
            return door_events(state, who, action.door, DOOR_EFFECTS[action.effect]), True, None
        if action.effect == "stand-up" and who.has("Prone"):
            events.append(ConditionRemoved(combatant=who.id, name="Prone", reason="stands up"))
        if path:
            events += walk_events(state, who.id, path, SQUARE_FT, dice)
        return events, True, None
    if kind in (act.STANDARD_MOVE, act.BONUS_MOVE):
        events, full = move_events(state, who, path, move_budget(who), dice)
        # reading: N-MOVE-6, a mover who stops because it spotted a trap ahead chose to stop:
        # its move succeeded (the Bonus Move stays), unlike one a failed check or a blast stopped
        spotted = any(isinstance(e, TrapHalted) and e.combatant == who.id for e in events)
        return events, full or spotted, (HALTED if spotted and not full else None)
    if kind == act.USE_ITEM:
        use = ITEM_USES[action.item or ""]
        use.validate(state, who, action)
        events, ok = use.resolve(state, who, action, dice)
        if action.item == act.THROW_ITEM:  # reading: N-GREN-12, an Attack action: did it land on target?
            if any(e.kind == "grenade.thrown" and not getattr(e, "dice", True) for e in events):
                return events, ok, "in-hand"  # a cooked grenade's natural 1: there was no throw (R-GREN-5)
            if any(e.kind == "grenade.cooked" and getattr(e, "result", None) == "dud" for e in events):
                return events, ok, "dud"  # it may have landed on target, but it bursts in the air (R-GREN-5)
            return events, ok, ("on-target" if ok else "off-target")
        return events, ok, None
    arms = arms_or_refuse(who, action)
    target = target_or_refuse(state, action.target)
    if isinstance(arms, Weapon) and (problem := ready_problem(state, who, arms, planned=False)):
        raise Refused(problem)  # emptied or never drawn after all: the action fails with the reason
    from_cell = who.cell
    if isinstance(arms, Technique) and arms.move_ft and path:
        moved, _ = move_events(state, who, path, arms.move_ft, dice)
        events += moved
        from_cell = _end_cell(moved, who.cell)
    two_weapon = bool(action.two_weapon) or (
        kind in (act.STANDARD_ATTACK, act.BONUS_ATTACK) and fights_with_two_weapons(combat.declarations_of(who.id)))
    setup = attack_setup(state, who, arms, target, from_cell=from_cell, situational=action.situational,
                         two_weapon=two_weapon)  # reading: R-HIT-3, N-TWF-1
    if setup.problem:
        if events:  # the charge happened, the blow cannot land
            check = stopped_by(events, who.id)
            if check is not None:  # a failed check ended the run out of reach: no blow, no "Miss" (R-MOVE-2)
                note = ActionNote(id=d.id, text=stopped_text(state, who.id, check, target.id))
                return events + [note], False, STOPPED
            return events + [ActionNote(id=d.id, text=setup.problem)], False, "miss"
        raise Refused(setup.problem)
    rolled, outcome = attack_events(state, setup, dice, action_id=d.id)
    events += rolled
    if isinstance(arms, Weapon):
        events += load_used(state, who, arms)  # every shot uses one, hit or miss (N-READY-1)
    events += technique_condition_events(state, who, arms, target, outcome)
    return events, succeeded(outcome), outcome


def _end_cell(events: list[Event], start: Cell | None) -> Cell | None:
    end = start
    for e in events:
        if isinstance(e, TokenMoved) and e.combatant:
            end = e.path[-1]
    return end


def move_events(
    state: EncounterState, who: Combatant, path: list[Cell], budget: int, dice: Dice
) -> tuple[list[Event], bool]:
    """Walk a path in combat; (events, whether the whole path was walked).

    Squares that need a roll (R-MOVE-2) ask for their check (DEX or a skill
    against the square's DC) as the mover reaches them; a failure stops the
    mover before that square. Dice order: one check per such square, in path
    order, then whatever the path hooks roll (traps).
    """
    check_path(state, who.id, path, budget)
    sheet = sheet_of(who)
    battle_map = state.current_map()
    events: list[Event] = []
    walked: list[Cell] = []
    limit = path_limit(state, who.id, path)  # a trap stops the mover there: no checks beyond (N-MOVE-5)
    for index, cell in enumerate(path):
        terrain = battle_map.terrain_at(cell)
        if terrain.check and terrain.dc is not None and (limit is None or index <= limit):
            what, mods = movement_check(sheet, terrain.check)  # DEX or Acrobatics, the better (N-MOVE-7)
            adv = check_advantage(what, conditions_of(who))
            odds = check_chance(sum(v for _, v in mods), terrain.dc, advantage=adv, affinity_die=sheet.affinity_die)
            roll = roll_check(dice, what, mods, dc=terrain.dc, advantage=adv, affinity_die=sheet.affinity_die)
            events.append(CombatCheck(combatant=who.id, cell=cell,
                                      reason=f"entering {place_words(terrain.label or terrain.name)}",
                                      odds=f"{odds.numerator}/{odds.denominator}", **roll.to_dict()))
            if not roll.success:
                break
        walked.append(cell)
    while walked and (other := state.at(walked[-1])) is not None and other.id != who.id:
        walked.pop()  # stopped short on an ally's square: back up to a free one (R-GRID-5)
    if walked:
        events += walk_events(state, who.id, walked, budget, dice)
    full = walked == path and _end_cell(events, who.cell) == path[-1]
    return events, full


# --------------------------------------------------------------------------- reducers
@reducer.on(ActionDeclared)
def _declared(state: EncounterState, event: ActionDeclared) -> None:
    c = state.combat
    c.declarations.append(
        Declaration(id=int(event.id), combatant=event.combatant, kind=event.action_kind, params=dict(event.params),
                    seq=int(event.id), needs_roll=bool(event.needs_roll), late=bool(event.late))
    )
    take_back_pass(state, event)
    c.next_id = max(c.next_id, int(event.id) + 1)


@reducer.on(ActionUndeclared)
def _undeclared(state: EncounterState, event: ActionUndeclared) -> None:
    c = state.combat
    c.declarations = [x for x in c.declarations if x.id != int(event.id)]


def _finish(state: EncounterState, did: int, status: str, success: bool | None, outcome: str | None) -> None:
    decl = state.combat.declaration(int(did))
    if decl is not None:
        decl.status, decl.success, decl.outcome = status, success, outcome


@reducer.on(ActionResolved)
def _resolved(state: EncounterState, event: ActionResolved) -> None:
    _finish(state, event.id, "resolved", bool(event.success), event.outcome)


@reducer.on(ActionFailed)
def _failed(state: EncounterState, event: ActionFailed) -> None:
    _finish(state, event.id, "failed", False, None)


@reducer.on(ActionLost)
def _lost(state: EncounterState, event: ActionLost) -> None:
    _finish(state, event.id, "lost", False, None)


@reducer.on(ActionNote)
def _noted(state: EncounterState, event: ActionNote) -> None:
    return None


@reducer.on(AttackRolled)
def _attack_rolled(state: EncounterState, event: AttackRolled) -> None:
    return None


@reducer.on(DamageRolled)
def _damage_rolled(state: EncounterState, event: DamageRolled) -> None:
    return None


@reducer.on(CombatCheck)
def _check_rolled(state: EncounterState, event: CombatCheck) -> None:
    return None
