"""What the window asks about individual turns, and the log's sentences (R-TURN-1..5).

Pure functions of an :class:`~tactics.engine.core.state.EncounterState`:

* :func:`tracker_rows`: the turn order for the tracker, the current character
  highlighted, each with its two pips (contested / non-contested) and a held
  marker (the same :func:`tactics.rules.turns.pips` the engine enforces);
* :func:`pending_interrupt`: the next holder to ask and the action they would
  interrupt (one prompt at a time, hot-seat friendly), with the banner text;
* :func:`describe`: one line per event for the log (registered with the ground
  log's ``DESCRIBERS`` so the window's log shows individual turns too);
* :func:`snapshot`, :func:`status_line`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.engine.combat.individual.events import (
    TurnsActionTaken, TurnsBegan, TurnsEndedTurn, TurnsExtended, TurnsFreeDeclared, TurnsFreeResolved,
    TurnsHeld, TurnsHeldAimed, TurnsHeldUsed, TurnsJoined, TurnsLapsed, TurnsMoveBlocked, TurnsNote, TurnsOver,
    TurnsPassed, TurnsPending, TurnsReordered, TurnsRound, TurnsShield, TurnsSkipped, TurnsStarted, TurnsThrown,
    TurnsWithdrawn,
)
from tactics.engine.combat.team import out_of_fight
from tactics.engine.combat.actions import ITEM_USES, limits_of, move_budget
from tactics.engine.combat.attack import situational_words
from tactics.engine.combat.crossing import path_checks
from tactics.engine.combat.moves import ALLOWANCES, MoveAllowance, stopped
from tactics.engine.combat.queries import DESCRIBERS, describe as ground_describe
from tactics.engine.core.journal import Event
from tactics.engine.core.labels import agreeing, possessive
from tactics.engine.core.plain import plain as _plain
from tactics.engine.core.state import EncounterState
from tactics.engine.combat.individual.procedure import TurnsState, rules_of, turns_of
from tactics.engine.combat.individual.actions import LABELS, MOVE, holders_to_ask
from tactics.engine.combat.individual.interrupts import block_squares, next_to_ask
from tactics.engine.combat.individual.midmove import fire_squares
from tactics.engine.core.lookup import combatant_or_refuse
from tactics.rules import turns as rt


# --------------------------------------------------------------------------- tracker
@dataclass(frozen=True)
class TrackerRow:
    id: str
    name: str
    team: str
    current: bool
    acted: bool  # already had its turn this round
    out: bool  # out of the fight
    pips: rt.Pips
    holding: bool


def _by_name(condition: Any) -> str:
    """Sort key of a condition written as a dict."""
    return str(condition["name"])


def pips_of(state: EncounterState, cid: str) -> rt.Pips:
    """What ``cid`` has left: its own turn's budget, or (off turn) just the held marker."""
    turns = turns_of(state)
    who = combatant_or_refuse(state, cid)
    limits = limits_of(who)
    if turns is None:
        return rt.Pips("open", "open", False, 2)
    numbers = rules_of(state).turns
    if turns.current == cid and turns.phase == "action":
        return rt.pips(turns.spent, numbers, one_action=limits.no_standard, no_actions=limits.no_actions)
    full = rt.pips([], numbers, one_action=limits.no_standard, no_actions=limits.no_actions or out_of_fight(who))
    return rt.Pips(full.contested, full.plain, cid in turns.held, full.left)


def tracker_rows(state: EncounterState) -> list[TrackerRow]:
    turns = turns_of(state)
    if turns is None:
        return []
    rows = []
    for cid in turns.order:
        who = state.combatants[cid]
        rows.append(TrackerRow(cid, who.name, who.team, cid == turns.current and turns.phase == "action",
                               cid in turns.acted, out_of_fight(who), pips_of(state, cid), cid in turns.held))
    return rows


def initiative_rolls(state: EncounterState, cid: str) -> list[rt.OrderRoll]:
    """The d20 + Reflex rolls that placed ``cid`` in a rolled turn order, first roll then
    tie-breakers (a group's rolls for each member); empty in table order (R-TURN-1)."""
    turns = turns_of(state)
    if turns is None:
        return []
    return [rt.OrderRoll(r["key"], tuple(r["members"]), int(r["attempt"]), int(r["d20"]), int(r["bonus"]))
            for r in turns.rolls if cid in r["members"]]


# --------------------------------------------------------------------------- moving
def moves_left(state: EncounterState, cid: str) -> int:
    """How many move actions the current character could still take this turn (R-TURN-2):
    non-contested actions left, a contested one traded for a second move."""
    turns = turns_of(state)
    who = state.combatants[cid]
    limits = limits_of(who)
    numbers = rules_of(state).turns
    spent = list(turns.spent) if turns is not None else []
    n = 0
    while n < 10:
        try:
            rt.check_action(who.name, spent, rt.NON_CONTESTED, numbers, one_action=limits.no_standard,
                            no_actions=limits.no_actions, reason=limits.reason)
        except rt.TurnRefused:
            break
        spent.append(rt.NON_CONTESTED)
        n += 1
    return n


def _budget_refusal(state: EncounterState, cid: str) -> str:
    turns = turns_of(state)
    if turns is None:
        return "individual turns are not running"
    who = state.combatants[cid]
    limits = limits_of(who)
    try:
        rt.check_action(who.name, list(turns.spent), rt.NON_CONTESTED, rules_of(state).turns,
                        one_action=limits.no_standard, no_actions=limits.no_actions, reason=limits.reason)
    except rt.TurnRefused as exc:
        return str(exc)
    return ""


def move_allowance(state: EncounterState, cid: str) -> MoveAllowance | None:
    """How far ``cid`` may move now in individual turns (None when turns are not running):
    one move action of its run per non-contested action left, two in a row as a sprint
    (R-TURN-2); a holder's held move on another's turn (R-TURN-3); nothing otherwise."""
    turns = turns_of(state)
    if turns is None or turns.phase == "ended":
        return None
    who = state.combatants[cid]
    if out_of_fight(who) or cid not in turns.order:
        return stopped(f"{who.name} is not in the fight", who.cell)
    limits = limits_of(who)
    if limits.no_actions:
        return stopped(f"{who.name} cannot act ({limits.reason or 'helpless'})", who.cell)
    run = move_budget(who)
    if turns.phase == "action" and turns.current == cid:
        if turns.pending is not None:
            if question_left_out(state):  # the players' copy: not who is asked (N-HOT-1)
                return stopped(f"{possessive(who.name)} action is waiting for the GM", who.cell)
            return stopped(f"{possessive(who.name)} action is waiting for the holders' answers", who.cell)
        left = moves_left(state, cid)
        if left == 0:
            return stopped(_budget_refusal(state, cid), who.cell)
        holders = holders_to_ask(state, turns, cid)
        if left >= 2 and not holders:
            # two move actions in a row, each the run (R-TURN-2): the action count, not the sprint multiple
            return MoveAllowance(run, 2 * run, origin=who.cell, run_as=MOVE, sprint_as=MOVE, split=True,
                                 note="2 moves left (a second move is the sprint)")
        why = " while someone holds an action" if any(h in state.combatants for h in holders) else ""  # N-HOT-1
        note = "1 move left" if left == 1 else f"{left} moves left, one at a time{why}"
        return MoveAllowance(run, run, origin=who.cell, run_as=MOVE, sprint_as=MOVE, note=note)
    if cid in turns.held:
        prompt = pending_interrupt(state)
        if turns.pending is not None and (prompt is None or prompt.holder != cid):
            if question_left_out(state):  # the players' copy: not who is asked (N-HOT-1)
                return stopped("waiting for the GM", who.cell)
            asked = state.combatants[prompt.holder].name if prompt else "no one"
            return stopped(f"{asked} is asked first", who.cell)
        barred: frozenset[Any] = frozenset()
        if prompt is not None and turns.pending is not None and turns.pending.action.get("kind") == MOVE:
            # the mover's path: only a Block may end there (R-TURN-4)
            barred = frozenset(waiting_path(state)) - frozenset(prompt.block_squares)
        return MoveAllowance(run, run, origin=who.cell, run_as="held-move", sprint_as="held-move",
                             note="the held action" + (", or Block: a square of the path" if prompt and prompt.can_block
                                                       else ""), barred=barred)
    if turns.phase != "action" or turns.current is None:
        return stopped("between turns: begin the next turn first", who.cell,
                       # (review 19: "now: between turns" left the GM asking what to do)
                       f"{who.name} moves in {possessive(who.name)} own turn; the next turn has not begun yet")
    now = state.combatants[turns.current].name
    return stopped(f"it is not {possessive(who.name)} turn: {now} acts now", who.cell,
                   f"{who.name} moves in {possessive(who.name)} own turn; now: {possessive(now)} turn")  # review 16, F15


ALLOWANCES.append(move_allowance)


def current(state: EncounterState) -> str | None:
    turns = turns_of(state)
    return turns.current if turns is not None and turns.phase == "action" else None


def extendable(state: EncounterState) -> list[str]:
    """Effects of the current character that end now and may be extended by its first action."""
    turns = turns_of(state)
    return [x["name"] for x in turns.lapsing] if turns is not None else []


# --------------------------------------------------------------------------- interrupts
@dataclass(frozen=True)
class Prompt:
    """Ask ``holder`` whether it interrupts ``actor``'s waiting action."""

    holder: str
    actor: str
    pending_id: int
    action: dict[str, Any]
    can_block: bool
    block_squares: tuple[tuple[int, int], ...]
    text: str
    fire_squares: tuple[tuple[int, int], ...] = ()  # where a held action may fire mid-move (N-HELD-1)
    note: str = ""  # what the holder should know first: the mover's move may stop on its own (R-MOVE-2)


def action_phrase(state: EncounterState, action: dict[str, Any]) -> str:
    kind = str(action.get("kind", ""))
    word = LABELS.get(kind, kind)
    if kind in ("attack", "technique") and action.get("target") in state.combatants:
        situation = f", {situational_words(action['situational'])}" if action.get("situational") else ""
        return f"{word} on {state.combatants[action['target']].name}{situation}"
    if kind == "use-item" and action.get("item") in ITEM_USES:  # "Throw a grenade", "Disarm a trap ..."
        label = ITEM_USES[action["item"]].label.split(" (")[0]
        return label[:1].lower() + label[1:]
    return word


def declared_phrase(state: EncounterState | None, action: dict[str, Any]) -> str:
    """What was declared, as the object of "declares": "an attack on Art", "a move", or an item
    use's own verb phrase after a colon (": throw a grenade")."""
    if state is None:
        return f"a {action.get('kind', 'action')}"
    phrase = action_phrase(state, action)
    if action.get("kind") == "use-item" and action.get("item") in ITEM_USES:
        return f"to {phrase}"
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _question_about(state: EncounterState, unseen: Any) -> bool:
    turns = turns_of(state)
    if turns is None or turns.pending is None or turns.phase != "action":
        return False
    asked = next_to_ask(state, turns, missing=True)
    return bool(unseen(turns.pending.actor) or (asked is not None and unseen(asked)))


def question_left_out(state: EncounterState) -> bool:
    """Is the waiting action's question about a creature this state leaves out (its mover, or the
    holder asked now)? Only in the players' copy (``players_state``): no one leaves a running
    fight, so the encounter's own state has every holder. That copy then asks no one and its
    sentences say "waiting for the GM" (reading: N-HOT-1)."""
    return _question_about(state, lambda cid: cid not in state.combatants)


def question_hidden_from_players(state: EncounterState) -> bool:
    """Would putting the waiting action's question on the players' screens say that a creature
    hidden from them acts (the holder asked now, or the mover)? Asked of the encounter's state or
    of the players' copy alike (reading: N-HOT-1)."""
    def unseen(cid: str) -> bool:
        who = state.combatants.get(cid)
        return who is None or state.hidden_from_players(who)

    return _question_about(state, unseen)


def pending_interrupt(state: EncounterState) -> Prompt | None:
    """The next holder to ask about the waiting action, or None (R-TURN-3); None too in the
    players' copy of the state while the question is about a creature hidden from them."""
    turns = turns_of(state)
    if turns is None or turns.pending is None or turns.phase != "action" or question_left_out(state):
        return None
    holder = next_to_ask(state, turns)
    if holder is None:
        return None
    p = turns.pending
    squares = tuple(block_squares(state, holder)) if p.action.get("kind") == MOVE else ()
    h, a = state.combatants[holder], state.combatants[p.actor]
    text = f"{h.name} holds an action: interrupt {possessive(a.name)} {action_phrase(state, p.action)}?"
    note = _ground_ahead(state, a, waiting_path(state)) if p.action.get("kind") == MOVE else ""
    fire = tuple(fire_squares(waiting_path(state))) if p.action.get("kind") == MOVE else ()
    return Prompt(holder, p.actor, p.id, dict(p.action), bool(squares), squares, text, fire, note)


def _ground_ahead(state: EncounterState, mover: Any, path: list[tuple[int, int]]) -> str:
    """"On its way Bear 1 has to cross difficult ground at (20, 5) (Acrobatics DC 12): a failure
    ends the move there.": asked before the mover sets out, a holder should know that the move may stop on
    its own (R-MOVE-2, R-TURN-4; review 7, finding 6). The chance is said for the players' own
    movers only (a foe's chance would give its sheet away). reading: N-TURN-15"""
    checks = path_checks(state, mover.id, path, move_budget(mover))
    if not checks:
        return ""
    first = checks[0]
    team = state.teams.get(mover.team)
    chance = f", {float(first.chance) * 100:.0f}%" if team is not None and team.players else ""
    return (f"On its way {mover.name} has to cross {first.place} at {first.cell} ({first.what} DC {first.dc}"
            f"{chance}): a failure ends the move there.")


def waiting_path(state: EncounterState) -> list[tuple[int, int]]:
    """The path of a move waiting for the holders (drawn on the map)."""
    turns = turns_of(state)
    if turns is None or turns.pending is None or turns.pending.action.get("kind") != MOVE:
        return []
    return [(int(c[0]), int(c[1])) for c in turns.pending.action.get("path", [])]


def _stopped_short(d: TurnsMoveBlocked) -> tuple[int, int] | None:
    """The square a blocked mover failed to enter before reaching the square next to the
    blocker (its own check failed, or a trap stopped it), or None: the block stopped it."""
    walked = [(int(c[0]), int(c[1])) for c in d.walked]
    stop = (int(d.stop[0]), int(d.stop[1]))
    if not walked or stop == walked[-1]:
        return None
    return walked[walked.index(stop) + 1] if stop in walked else walked[0]


def last_block(state: EncounterState) -> dict[str, Any] | None:
    """The last blocked move (planned path, where it stopped, the blocker) for the map."""
    turns = turns_of(state)
    return dict(turns.last_block) if turns is not None and turns.last_block else None


# --------------------------------------------------------------------------- the log
def _n(state: EncounterState | None, cid: str | None) -> str:
    if state is not None and cid in state.combatants:
        return state.combatants[cid].name
    return str(cid)


def _describe_turns(event: Event, state: EncounterState | None) -> str:
    k, d = event.kind, event
    def n(cid: str | None) -> str:
        return _n(state, cid)

    if isinstance(d, TurnsStarted):
        head = "Individual turns, table order" if d.how == "table" else "Individual turns, rolled d20 + Reflex"
        rolls = ""
        if d.rolls:
            parts = []
            for r in d.rolls:
                who = n(r["key"]) if len(r["members"]) == 1 else ", ".join(n(m) for m in r["members"])
                tie = " (tie-break)" if r["attempt"] else ""
                parts.append(f"{who}: d20 {r['d20']} {'+' if r['bonus'] >= 0 else '-'} {abs(r['bonus'])} = {r['total']}{tie}")
            rolls = " Rolls: " + "; ".join(parts) + "."
        return f"{head}: {', '.join(n(c) for c in d.order)}.{rolls}"
    if isinstance(d, TurnsReordered):
        return "Turn order: " + ", ".join(n(c) for c in d.order) + "."
    if isinstance(d, TurnsJoined):
        return f"{n(d.combatant)} joins the fight (turn order place {int(d.index) + 1})."
    if isinstance(d, TurnsRound):
        return f"Round {d.round} begins."
    if isinstance(d, TurnsSkipped):
        return f"{n(d.combatant)} is out of the fight: turn passed over."
    if isinstance(d, TurnsBegan):
        bits = []
        if d.effects:
            bits.append("in play: " + ", ".join(
                e["name"] + (f" ({e['rounds']} round{'s' if e['rounds'] != 1 else ''} left)" if e["rounds"] else "")
                for e in d.effects))
        if d.ended:
            bits.append("ends: " + ", ".join(d.ended))
        if d.lapsing:
            bits.append("ending, may be extended by the first action: " + ", ".join(x["name"] for x in d.lapsing))
        if d.held_lost:
            bits.append("the unused held action is lost")
        tail = f" ({'; '.join(bits)})" if bits else ""
        return f"Round {d.round}: {possessive(n(d.combatant))} turn{tail}."
    if isinstance(d, TurnsLapsed):
        return f"{n(d.combatant)}: {', '.join(d.names)} wears off."
    if isinstance(d, TurnsEndedTurn):
        # The facing is its own line when it was chosen ("Brandon faces E."): a turn ended with E
        # asks it afterwards, and "ends the turn facing S" then "faces E" read as two answers.
        return f"{n(d.combatant)} ends the turn."
    if isinstance(d, TurnsOver):
        who = (state.teams[d.winner].name if state and d.winner in (state.teams or {})
               else n(d.winner) if d.winner else "nobody")
        return f"The fight is over after round {d.round}: {agreeing(who, 'stands')}."  # "Space Bears stand"
    if isinstance(d, TurnsPending):
        asked = ", ".join(n(h) for h in d.ask)
        return f"{n(d.combatant)} declares {declared_phrase(state, d.action)}; holding: {asked}."
    if isinstance(d, TurnsPassed):
        return f"{n(d.combatant)} lets it happen."
    if isinstance(d, TurnsActionTaken):
        slot = "contested" if d.slot == rt.CONTESTED else "non-contested"
        if len(d.slots or []) > 1:
            slot = f"{slot}, both actions of the turn"
        note = str(d.action.get("note", "")).strip()
        if d.action.get("item") == "disarm":  # its note is the trap's id, not a sentence (R-TRAP-3, N-TRAP-10)
            trap = state.traps.get(note) if state is not None else None
            return f"{n(d.combatant)}: disarm the {trap.label if trap is not None else 'trap'} ({slot})."
        if note and d.action.get("kind") != "other":  # the app-controlled opponent's reason (tactics.ai)
            return f"{note} ({slot})."
        return f"{n(d.combatant)}: {action_phrase(state, d.action) if state else d.action['kind']} ({slot})."
    if isinstance(d, TurnsWithdrawn):
        return f"{possessive(n(d.combatant))} action is withdrawn ({d.reason}); the action is not spent: choose again."
    if isinstance(d, TurnsHeld):
        return f"{n(d.combatant)} holds an action."
    if isinstance(d, TurnsHeldUsed):
        what = "steps in to block" if d.block else f"uses the held action: {LABELS.get(d.action['kind'], d.action['kind'])}"
        if d.mid_move:
            what += f" as {n(d.mover)} reaches {d.at}"
        return f"{n(d.combatant)} {what}."
    if isinstance(d, TurnsHeldAimed):
        word = LABELS.get(d.action["kind"], d.action["kind"])
        return f"{n(d.combatant)} will use the held action ({word}) when {n(d.mover)} reaches {tuple(d.at)}."
    if isinstance(d, TurnsMoveBlocked):
        short = _stopped_short(d)
        if short is not None:  # a failed check (or a trap) stopped the mover before the block mattered (N-TURN-15)
            return (f"{n(d.mover)} fails to enter {short} and stays at {tuple(d.stop)}, short of "
                    f"{possessive(n(d.blocker))} block at {tuple(d.at)}; it loses {d.lost_ft} ft of the move.")
        return (f"{n(d.blocker)} blocks {n(d.mover)} at {tuple(d.at)}: {n(d.mover)} stops at "
                f"{tuple(d.stop)} after {d.walked_ft} ft and loses {d.lost_ft} ft of the move.")
    if isinstance(d, TurnsFreeDeclared):
        return f"{n(d.combatant)} (free action): {d.note}."
    if isinstance(d, TurnsFreeResolved):
        return f"Free action resolves: {n(d.combatant)}, {d.note}."
    if isinstance(d, TurnsThrown):
        return f"{n(d.combatant)} throws {d.what} ({d.size}) to {tuple(d.cell)} (reach {d.range_ft} ft)."
    if isinstance(d, TurnsShield):
        if d.abandoned:
            return f"{n(d.combatant)} stops equipping the shield."
        if d.equipped:
            return f"{n(d.combatant)} has the shield equipped."
        if d.step:
            return f"{n(d.combatant)} is equipping a shield ({d.step} of {d.of} actions)."
        return f"{n(d.combatant)} unequips the shield."
    if isinstance(d, TurnsExtended):
        return f"{n(d.combatant)} extends {d.name} for {d.rounds} round{'s' if d.rounds != 1 else ''}."
    if isinstance(d, TurnsNote):
        name, text = n(d.combatant), d.text.strip()
        end = "" if text.endswith((".", "!", "?")) else "."
        if text.startswith(name + " "):  # a sentence of its own ("Bear 3 is stopped by ..."): not named twice
            return text + end
        return f"{name}: {text}{end}"
    return f"{k}: " + ", ".join(f"{key}={value}" for key, value in event.to_dict()["data"].items())


KINDS = (
    "turns.started", "turns.reordered", "turns.joined", "turns.round", "turns.skipped", "turns.began",
    "turns.lapsed", "turns.ended-turn", "turns.over", "turns.pending", "turns.passed", "turns.action-taken",
    "turns.withdrawn", "turns.held", "turns.held-used", "turns.move-blocked", "turns.free-declared",
    "turns.free-resolved", "turns.thrown", "turns.shield", "turns.extended", "turns.note", "turns.held-aimed",
)
for _k in KINDS:
    DESCRIBERS.setdefault(_k, _describe_turns)


def describe(event: Event, state: EncounterState | None = None) -> str:
    """One log line for any event (the ground log's describer knows ours)."""
    return ground_describe(event, state)


def status_line(state: EncounterState) -> str:
    turns = turns_of(state)
    if turns is None:
        return "Individual turns: not started"
    if turns.phase == "ended":
        return f"Fight over (round {turns.round})"
    if turns.phase == "action" and turns.current:
        who = state.combatants[turns.current].name
        wait = " - waiting for a held action" if turns.pending else ""
        return f"Round {turns.round}: {possessive(who)} turn{wait}"
    return f"Round {turns.round}: between turns"


def snapshot(state: EncounterState) -> dict[str, Any]:
    """A canonical, comparable dict of what individual turns track (replay checks, tests)."""
    out: dict[str, Any] = {"combatants": {}}
    for cid in sorted(state.combatants):
        c = state.combatants[cid]
        conditions: list[dict[str, Any]] = sorted([_plain(x) for x in c.conditions], key=lambda x: x["name"])
        out["combatants"][cid] = {
            "cell": list(c.cell) if c.cell is not None else None, "hp": c.hp, "present": c.present,
            "facing": c.facing, "facing_target": c.facing_target, "hidden": c.hidden,
            "conditions": conditions,
        }
    turns = turns_of(state)
    out["turns"] = _plain(turns) if isinstance(turns, TurnsState) else None
    return out

