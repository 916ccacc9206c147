"""Actions in individual turns: two a turn, holding, interrupting, blocking (R-TURN-2..5).

Why it exists: in the second text's mode a character acts on its own turn
with two actions, at most one contested, and may hold a non-contested action
to use on another creature's turn. The commands:

* :class:`TakeAction` ``(combatant, TurnAction(kind, ...))``: the current
  character acts. Contested: ``attack``, ``technique``, a ``use-item`` that
  rolls (hiding, searching, a grenade). Non-contested: ``move``, ``throw`` (an
  object, not an attack), ``extend`` (an effect that ends now, first action
  only), ``equip-shield`` (two in a row), ``unequip-shield``, ``door`` (open or
  close one, N-DOOR-4), ``other``.
  Attacks use the ground engine's resolution (``attack_setup`` /
  ``attack_events``), moves its ``move_events`` (terrain checks and every
  path hook, so traps apply).
* :class:`Hold`: keep one non-contested action for another creature's turn.
* When someone acts while others hold, the action waits (``state.combat.pending``)
  and the holders are asked one at a time in turn order
  (:func:`tactics.engine.combat.individual.view.pending_interrupt`): :class:`UseHeld` (alias
  :class:`Interrupt`) spends the held action first, :class:`Block` steps into a
  mover's path, :class:`Pass` lets it go. After the last answer the action
  resolves in the same command; an attack whose target a held move took out of
  reach or sight is withdrawn and the attacker chooses again, its action not
  spent (R-TURN-3).
* :class:`DeclareFree`: free actions, any time, first in first out (R-TURN-5).

The answers to the prompts live in :mod:`tactics.engine.combat.individual.interrupts` and
are re-exported here.

Once an action resolves its dice and damage are one command: nothing can come
between them (R-TURN-5).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tactics.engine.core.board_events import TokenMoved
from tactics.engine.combat.events import ConditionAdded
from tactics.engine.combat.individual.events import (
    TurnsActionTaken, TurnsExtended, TurnsFreeDeclared, TurnsFreeResolved, TurnsHeld, TurnsLapsed, TurnsNote,
    TurnsPending, TurnsShield, TurnsThrown,
)
from tactics.engine.board import check_path
from tactics.engine.combat.team import out_of_fight, set_moment, sheet_of
from tactics.engine.combat.actions import (
    ITEM_USES, Action, arms_or_refuse, item_use_or_refuse, limits_of, move_budget, move_events, squares_from_json,
    squares_to_json, target_or_refuse, technique_condition_events,
)
from tactics.engine.combat.attack import attack_events, attack_setup
from tactics.engine.combat.crossing import stopped_by, stopped_text
from tactics.engine.combat.doors import DOOR_EFFECTS, door_events, door_problem
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.engine.combat.individual import shots
from tactics.engine.combat.individual.procedure import (
    Pending, TurnsState, after, over_events, reducer, rules_of, running,
)
from tactics.engine.board import combatant_or_refuse as who_or_refuse
from tactics.rules import turns as rt
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell, distance_ft
from tactics.rules.sheets import Technique, Weapon

MOVE, ATTACK, TECHNIQUE, USE_ITEM, THROW = "move", "attack", "technique", "use-item", "throw"
EXTEND, EQUIP_SHIELD, UNEQUIP_SHIELD, OTHER = "extend", "equip-shield", "unequip-shield", "other"
DOOR = "door"  # open or close a door: a non-contested action (reading: N-DOOR-4)
KINDS = (MOVE, ATTACK, TECHNIQUE, USE_ITEM, THROW, EXTEND, EQUIP_SHIELD, UNEQUIP_SHIELD, OTHER, shots.SHOT,
         shots.RELOAD, DOOR)
LABELS = {
    MOVE: "move", ATTACK: "attack", TECHNIQUE: "Technique", USE_ITEM: "item", THROW: "throw",
    EXTEND: "extension", EQUIP_SHIELD: "shield (equipping)", UNEQUIP_SHIELD: "shield (unequipping)", OTHER: "action",
    shots.SHOT: "sure shot", shots.RELOAD: "reload", DOOR: "door",
}


@dataclass
class TurnAction:
    """What a character does with one action.

    ``path``: squares to walk (``move``; a charging Technique). ``weapon`` /
    ``technique`` / ``item`` and ``target`` (a combatant) or ``target_cell``.
    ``size``: a thrown object's size category; ``effect``: the effect to
    extend, or ``"open-door"`` / ``"close-door"`` with ``door`` (the door's index) for a
    ``door`` action; ``options``: extra fields of a ground ``Action`` for an item use
    (``{"grenade": "frag", "cook": true}``); ``note``: what the GM reads.
    """

    kind: str
    path: list[Cell] | None = None
    weapon: str | None = None
    target: str | None = None
    technique: str | None = None
    item: str | None = None
    target_cell: Cell | None = None
    size: str | None = None
    effect: str | None = None
    situational: int = 0
    options: dict[str, Any] | None = None
    note: str = ""
    door: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d = squares_to_json(asdict(self))
        return {k: v for k, v in d.items()
                if v not in (None, "", 0, {}) or k == "kind" or (k == "door" and v is not None)}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "TurnAction":
        return cls(**squares_from_json(raw))

    @property
    def cells(self) -> list[Cell]:
        return [(int(c[0]), int(c[1])) for c in (self.path or [])]


# --------------------------------------------------------------------------- helpers
def ground_action(action: TurnAction) -> Action:
    """The ground engine's ``Action`` for an item use (its ``ITEM_USES`` take one)."""
    try:
        return Action("use-item", item=action.item, target=action.target, target_cell=action.target_cell,
                      situational=action.situational, note=action.note, **(action.options or {}))
    except TypeError as exc:
        raise Refused(f"unknown option for an item use: {exc}") from None


def slot_for(action: TurnAction) -> str:
    """Contested (an attack or any roll against another) or not (R-TURN-2)."""
    if action.kind in (ATTACK, TECHNIQUE):
        return rt.CONTESTED
    if action.kind == USE_ITEM:
        use = item_use_or_refuse(action.item)
        contested = use.needs_roll if use.contested is None else use.contested  # reading: N-TURN-4, N-TURN-14
        return rt.CONTESTED if contested else rt.NON_CONTESTED
    if action.kind not in KINDS:
        raise Refused(f"unknown action {action.kind!r}; choose one of {', '.join(KINDS)}")
    return rt.NON_CONTESTED


def slots_for(action: TurnAction) -> list[str]:
    """Every slot the action spends: one, or both for an item use that takes the
    whole turn (disarming a trap, N-TRAP-10)."""
    slot = slot_for(action)
    use = ITEM_USES.get(action.item or "") if action.kind == USE_ITEM else None
    return [slot] * max(1, use.actions if use is not None else 1)


def budget_check_all(state: EncounterState, turns: TurnsState, who: Combatant, slots: list[str]) -> None:
    """:func:`budget_check` for each slot in turn, as if the ones before were spent."""
    if len(slots) == 1:
        budget_check(state, turns, who, slots[0])
        return
    limits = limits_of(who)
    for i, slot in enumerate(slots):
        try:
            rt.check_action(who.name, list(turns.spent) + slots[:i], slot, rules_of(state).turns,
                            one_action=limits.no_standard, no_actions=limits.no_actions, reason=limits.reason)
        except rt.TurnRefused as exc:
            raise Refused(f"this takes {len(slots)} actions of the turn: {exc}") from None


def budget_check(state: EncounterState, turns: TurnsState, who: Combatant, slot: str) -> None:
    limits = limits_of(who)
    try:
        rt.check_action(who.name, turns.spent, slot, rules_of(state).turns,
                        one_action=limits.no_standard, no_actions=limits.no_actions,  # reading: N-TURN-5
                        reason=limits.reason)
    except rt.TurnRefused as exc:
        raise Refused(str(exc)) from None


def throw_reach(state: EncounterState, who: Combatant) -> tuple[int, str]:
    """(feet, size category) of an object throw for this combatant (N-TURN-8)."""
    rules = rules_of(state)
    sheet = sheet_of(who)
    try:
        traits = rt.traits_for(rules, state.settings, who.id, sheet.name)
    except (rt.TurnRefused, ValueError) as exc:
        raise Refused(str(exc)) from None
    body = rt.body_stat(sheet.mod(rules.throw.body_ability), rules.throw, traits.body)
    return rt.throw_range_ft(body, traits.range_bonus), traits.size or rules.throw.default_size


def validate(state: EncounterState, turns: TurnsState, who: Combatant, action: TurnAction) -> None:
    """Can ``who`` do this on the board as it stands? Refused with the reason."""
    kind = action.kind
    path = action.cells
    if kind == MOVE:
        if not path:
            raise Refused("choose where to move")
        check_path(state, who.id, path, move_budget(who))
    elif kind in (ATTACK, TECHNIQUE):
        problem = attack_problem(state, who, action)
        if problem:
            raise Refused(problem)
        arms = arms_or_refuse(who, action)
        if isinstance(arms, Weapon) and (problem := shots.loaded_problem(state, who, arms)):
            raise Refused(problem)
    elif kind == shots.SHOT:  # a non-contested attack (the second text; N-SHOT-1)
        if problem := shots.shot_problem(state, who, action):
            raise Refused(problem)
    elif kind == shots.RELOAD:
        if problem := shots.reload_problem(state, who, action):
            raise Refused(problem)
    elif kind == USE_ITEM:
        use = ITEM_USES.get(action.item or "")
        if use is None:
            raise Refused(f"unknown item use {action.item!r}")
        use.validate(state, who, ground_action(action))
    elif kind == THROW:
        if action.target_cell is None:
            raise Refused("choose the square to throw the object at")
        reach, size = throw_reach(state, who)
        item = action.size or rules_of(state).throw.default_size
        try:
            ok = rt.can_throw(size, item, rules_of(state).throw.sizes)
        except rt.TurnRefused as exc:
            raise Refused(str(exc)) from None
        if not ok:
            raise Refused(f"{who.name} ({size}) can only throw objects of size {size} or smaller, not {item}")
        target = (action.target_cell[0], action.target_cell[1])
        if who.cell is None:
            raise Refused(f"{who.name} is not on the map")
        far = distance_ft(who.cell, target)
        if far > reach:
            raise Refused(f"{who.name} can throw an object {reach} ft; that square is {far} ft away")
        if not state.current_map().in_bounds(target):
            raise Refused("that square is off the map")
    elif kind == EXTEND:
        names = [x["name"] for x in turns.lapsing]
        if not names:
            raise Refused(f"no effect of {who.name}'s ends now: nothing to extend")
        if turns.spent:
            raise Refused("an effect can only be extended by the first action declared this turn")
        if action.effect not in names:
            raise Refused(f"{action.effect!r} is not ending now; {', '.join(names)} can be extended")
    elif kind == DOOR:  # reading: N-DOOR-4, a non-contested action
        if action.effect not in DOOR_EFFECTS:
            raise Refused("say whether the door opens or closes")
        if problem := door_problem(state, who, action.door, DOOR_EFFECTS[action.effect]):
            raise Refused(problem)
    elif kind == UNEQUIP_SHIELD:
        if who.id not in turns.shields:
            raise Refused(f"{who.name} has no shield equipped")
    elif kind == EQUIP_SHIELD:
        if who.id in turns.shields:
            raise Refused(f"{who.name} already has a shield equipped")


def attack_problem(state: EncounterState, who: Combatant, action: TurnAction) -> str | None:
    """Why this attack cannot be made now (range, sight, target gone), or None."""
    try:
        arms = arms_or_refuse(who, action)
        target = target_or_refuse(state, action.target)
    except Refused as exc:
        return exc.reason
    from_cell = who.cell
    path = action.cells
    if isinstance(arms, Technique) and arms.move_ft and path:
        try:
            check_path(state, who.id, path, arms.move_ft)
        except Refused as exc:
            return exc.reason
        from_cell = path[-1]
    elif path:
        return "an attack does not move; move first"
    return attack_setup(state, who, arms, target, from_cell=from_cell, situational=action.situational).problem


def perform(state: EncounterState, who: Combatant, action: TurnAction, dice: Dice) -> list[Event]:
    """The events of one action resolving now (dice, damage and all: R-TURN-5)."""
    kind = action.kind
    if kind == MOVE:
        return move_events(state, who, action.cells, move_budget(who), dice)[0]
    if kind in (ATTACK, TECHNIQUE):
        arms = arms_or_refuse(who, action)
        target = target_or_refuse(state, action.target)
        events: list[Event] = []
        from_cell = who.cell
        if isinstance(arms, Technique) and arms.move_ft and action.cells:
            moved, _ = move_events(state, who, action.cells, arms.move_ft, dice)
            events += moved
            for e in moved:
                if isinstance(e, TokenMoved) and e.combatant == who.id:
                    from_cell = e.path[-1]
        setup = attack_setup(state, who, arms, target, from_cell=from_cell, situational=action.situational)
        if setup.problem:
            check = stopped_by(events, who.id)  # a failed check ended the run out of reach (R-MOVE-2)
            text = stopped_text(state, who.id, check, target.id) if check is not None else setup.problem
            return events + [TurnsNote(combatant=who.id, text=text)]
        rolled, outcome = attack_events(state, setup, dice)
        events += rolled
        if isinstance(arms, Weapon):
            events += shots.load_used(state, who, arms)
        events += technique_condition_events(state, who, arms, target, outcome)
        return events
    if kind == shots.SHOT:
        return shots.shot_events(state, who, action, dice)
    if kind == shots.RELOAD:
        return shots.reload_events(state, who, action)
    if kind == USE_ITEM:
        use = ITEM_USES[action.item or ""]
        act = ground_action(action)
        use.validate(state, who, act)
        return use.resolve(state, who, act, dice)[0]
    if kind == THROW:
        reach, size = throw_reach(state, who)
        assert action.target_cell is not None  # validated: a throw has a target square
        return [TurnsThrown(combatant=who.id, cell=action.target_cell,
                            size=action.size or rules_of(state).throw.default_size,
                            what=action.note or "an object", range_ft=reach)]
    if kind == EXTEND:
        rounds = rules_of(state).turns.extend_rounds
        assert action.effect is not None  # validated: Extend names the condition
        return [ConditionAdded(combatant=who.id, name=action.effect, rounds=rounds, source=who.id,
                               **set_moment(state.combat)),
                TurnsExtended(combatant=who.id, name=action.effect, rounds=rounds)]
    if kind == EQUIP_SHIELD:
        turns = state.combat
        step = turns.equipping.get(who.id, 0) + 1
        need = rules_of(state).turns.shield_equip_actions
        return [TurnsShield(combatant=who.id, step=step, of=need, equipped=step >= need)]
    if kind == UNEQUIP_SHIELD:
        return [TurnsShield(combatant=who.id, step=0, of=0, equipped=False)]
    if kind == DOOR:
        assert action.door is not None and action.effect in DOOR_EFFECTS  # validated
        return door_events(state, who, action.door, DOOR_EFFECTS[action.effect])
    return [TurnsNote(combatant=who.id, text=action.note or "acts")]


def equip_interrupted(turns: TurnsState, cid: str, action: TurnAction | None) -> list[Event]:
    """Equipping a shield takes consecutive actions: any other action drops it."""
    if turns.equipping.get(cid) and (action is None or action.kind != EQUIP_SHIELD):
        return [TurnsShield(combatant=cid, step=0, of=0, equipped=False, abandoned=True)]
    return []


def holders_to_ask(state: EncounterState, turns: TurnsState, actor: str) -> list[str]:
    """Everyone holding an action, in turn order after the actor (R-TURN-3). Asked of the players'
    copy of the state (which leaves hidden creatures out), a hidden holder still counts."""
    order = turns.order
    start = order.index(actor) + 1 if actor in order else 0
    rotated = order[start:] + order[:start]
    return [h for h in rotated if h in turns.held and h != actor
            and (h not in state.combatants or not out_of_fight(state.combatants[h]))]


def resolution(state: EncounterState, pid: int, actor: str, action: TurnAction, slot: str, dice: Dice) -> list[Event]:
    """The action resolves: budget spent, its effects, then queued free actions,
    then the end of the fight if one side is left (R-END-1)."""
    who = state.combatants[actor]
    waiting = state.combat.pending
    aims = list(waiting.aims) if waiting is not None and waiting.id == pid and action.kind == MOVE else []
    slots = slots_for(action)
    events: list[Event] = [TurnsActionTaken(id=pid, combatant=actor, slot=slot, action=action.to_dict(),
                                            slots=slots if len(slots) > 1 else [])]
    try:
        if aims:  # held actions fire in the middle of the move (N-HELD-1)
            from tactics.engine.combat.individual.midmove import walk_with_shots

            events += walk_with_shots(state, pid, actor, action.cells, aims, dice)
        else:
            events += perform(state, who, action, dice)
    except Refused as exc:
        events.append(TurnsNote(combatant=actor, text=f"the {LABELS[action.kind]} fails: {exc.reason}"))
    return events + settle(after(state, events), dice)


def settle(state: EncounterState, dice: Dice) -> list[Event]:
    """After an action: the queued free actions in order, and the end check."""
    turns: TurnsState = state.combat
    events: list[Event] = [TurnsFreeResolved(**dict(f)) for f in turns.free_queue]
    return events + over_events(after(state, events) if events else state)


# --------------------------------------------------------------------------- commands
@dataclass
class TakeAction:
    """The current character takes an action (R-TURN-2). If anyone holds an
    action it waits for their answers first (R-TURN-3)."""

    combatant: str
    action: TurnAction
    name: str = "take-action"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "action": self.action.to_dict()}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        who = who_or_refuse(state, self.combatant)
        if turns.phase != "action" or turns.current != who.id:
            now = state.combatants[turns.current].name if turns.current else "no one"
            held = " (a held action is used when asked, or with Use held)" if who.id in turns.held else ""
            raise Refused(f"it is not {who.name}'s turn: {now} acts now{held}")
        if turns.pending is not None:
            raise Refused(f"{state.combatants[turns.pending.actor].name}'s action is waiting for the holders' answers")
        action = self.action
        slot = slot_for(action)
        budget_check_all(state, turns, who, slots_for(action))
        validate(state, turns, who, action)
        events: list[Event] = []
        if turns.lapsing and action.kind != EXTEND:
            events.append(TurnsLapsed(combatant=who.id, names=[x["name"] for x in turns.lapsing]))
        events += equip_interrupted(turns, who.id, action)
        ask = holders_to_ask(state, turns, who.id)
        if ask:
            return events + [TurnsPending(id=turns.next_id, combatant=who.id, slot=slot,
                                          action=action.to_dict(), ask=ask)]
        return events + resolution(after(state, events), turns.next_id, who.id, action, slot, dice)


def why_not_hold(state: EncounterState, cid: str) -> str | None:
    """Why ``cid`` cannot hold an action now (R-TURN-3), in the words :class:`Hold` refuses with
    (None: it may): the tracker greys its "Hold an action" with them (review 18: it stayed lit after
    two moves, and only the click said "Brandon has used both actions this turn")."""
    try:
        turns = running(state)
        who = who_or_refuse(state, cid)
        if turns.phase != "action" or turns.current != who.id:
            return f"{who.name} can only hold an action on their own turn"
        if turns.pending is not None:
            return "an action is waiting for the holders' answers"
        if who.id in turns.held:
            return f"{who.name} already holds an action"
        budget_check(state, turns, who, rt.HOLD)
    except Refused as exc:
        return exc.reason
    return None


@dataclass
class Hold:
    """Keep one non-contested action for another creature's turn (R-TURN-3).

    Unused, it is lost at the start of the holder's next turn.
    """

    combatant: str
    name: str = "hold"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        why = why_not_hold(state, self.combatant)
        if why is not None:
            raise Refused(why)
        turns = running(state)
        who = state.combatants[self.combatant]
        events: list[Event] = []
        if turns.lapsing:
            events.append(TurnsLapsed(combatant=who.id, names=[x["name"] for x in turns.lapsing]))
        return events + [TurnsHeld(combatant=who.id)]


@dataclass
class DeclareFree:
    """A free action (switch weapons, speak, drop something, cast): any time,
    by anyone in the fight, first in first out (R-TURN-5). While an action
    waits for holders' answers, free actions queue and resolve after it."""

    combatant: str
    note: str = ""
    name: str = "free-action"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "note": self.note}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        turns = running(state)
        who = who_or_refuse(state, self.combatant)
        if who.id not in turns.order or who.cell is None:
            raise Refused(f"{who.name} is not in the fight")
        if limits_of(who).no_actions:
            raise Refused(f"{who.name} cannot act ({limits_of(who).reason or 'down'})")
        seq, note = turns.next_id, self.note.strip() or "a free action"
        declared = TurnsFreeDeclared(seq=seq, combatant=who.id, note=note)
        if turns.pending is not None:
            return [declared]
        return [declared, TurnsFreeResolved(seq=seq, combatant=who.id, note=note)]


# --------------------------------------------------------------------------- reducers
@reducer.on(TurnsPending)
def _pending(state: EncounterState, event: TurnsPending) -> None:
    t = state.combat
    t.pending = Pending(int(event.id), event.combatant, dict(event.action), event.slot, list(event.ask))
    t.next_id = max(t.next_id, int(event.id) + 1)
    t.lapsing = []


@reducer.on(TurnsActionTaken)
def _taken(state: EncounterState, event: TurnsActionTaken) -> None:
    t = state.combat
    t.spent.extend(event.slots or [event.slot])
    t.lapsing = []
    t.next_id = max(t.next_id, int(event.id) + 1)
    t.last_block = None
    if t.pending is not None and t.pending.id == int(event.id):
        t.pending = None


@reducer.on(TurnsHeld)
def _held(state: EncounterState, event: TurnsHeld) -> None:
    t = state.combat
    t.spent.append(rt.HOLD)
    t.lapsing = []
    if event.combatant not in t.held:
        t.held.append(event.combatant)


@reducer.on(TurnsShield)
def _shield(state: EncounterState, event: TurnsShield) -> None:
    t = state.combat
    cid = event.combatant
    if event.abandoned or (not event.equipped and event.step == 0):
        t.equipping.pop(cid, None)
        if not event.abandoned and cid in t.shields:
            t.shields.remove(cid)
        return
    if event.equipped:
        t.equipping.pop(cid, None)
        if cid not in t.shields:
            t.shields.append(cid)
    else:
        t.equipping[cid] = int(event.step)


@reducer.on(TurnsFreeDeclared)
def _free_declared(state: EncounterState, event: TurnsFreeDeclared) -> None:
    t = state.combat
    t.free_queue.append({"seq": event.seq, "combatant": event.combatant, "note": event.note})
    t.next_id = max(t.next_id, int(event.seq) + 1)


@reducer.on(TurnsFreeResolved)
def _free_resolved(state: EncounterState, event: TurnsFreeResolved) -> None:
    t = state.combat
    t.free_queue = [f for f in t.free_queue if f["seq"] != event.seq]


for _kind in (TurnsNote, TurnsThrown):
    reducer.on(_kind)(lambda state, event: None)  # log only
