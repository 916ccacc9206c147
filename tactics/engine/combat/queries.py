"""Read-only questions the window asks about a fight, and the log's sentences.

Pure functions of an :class:`~tactics.engine.core.state.EncounterState`: whose
group acts, what each combatant may still do, the exact odds of an attack
before it is rolled (the same :func:`~tactics.engine.combat.attack.attack_setup`
the engine rolls with), the order declared actions will resolve in, the
advantages and disadvantages in force for the Advantages Phase reminder, and
:func:`describe`, one readable line per event for the log panel.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from tactics.engine.combat.events import (
    ActionDeclared, ActionFailed, ActionLost, ActionNote, ActionPassed, ActionResolved, ActionUndeclared, ActionsBegan, AttackRolled,
    CombatCheck, CombatEnded, CombatGroupSet, CombatJoined, CombatStarted, CombatantDowned, CombatantHidden,
    CombatantRevealed, ConditionAdded, ConditionRemoved, CounterAdded, CounterRemoved, CountersTicked, DamageRolled,
    GroupEnded, GroupStarted, HpChanged, HpRolled, RoundStarted,
)
from tactics.engine.core.board_events import DoorSet, TokenMoved, TokenPlaced
from tactics.rules.doors import door_name
from tactics.rules.grid import square_words
from tactics.engine.combat.team import CombatState, Group, conditions_of, group_label, sheet_of, team_label, winner_if_over
from tactics.engine.combat.actions import HALTED, ITEM_USES, limits_of, off_hand_problem, resolution_order
from tactics.engine.combat.passing import uncommitted
from tactics.engine.combat.readying import switch_words
from tactics.engine.combat.tie_breaks import tie_break_texts
from tactics.engine.combat.two_weapon import TwoWeaponTerms, fights_with_two_weapons, terms_for
from tactics.engine.combat.attack import AttackSetup, attack_setup, find_arms, situational_words
from tactics.engine.combat.charge import charge_problem
from tactics.engine.combat.moves import MoveAllowance, Route, move_allowance, move_routes  # noqa: F401 (the window's move questions)
from tactics.engine.core.journal import Event
from tactics.engine.core.labels import agreeing, listed, plural, possessive
from tactics.engine.core.lookup import known_or_refuse
from tactics.engine.core.plain import plain
from tactics.engine.core.state import EncounterState
from tactics.rules import actions as act
from tactics.rules.conditions import combined, default_conditions, rule
from tactics.rules.dice import affinity_term
from tactics.rules.sheets import Technique, default_armoury

OUTCOME_WORDS = {"miss": "Miss", "minor": "Minor Hit", "hit": "Hit", "major": "Major Hit", "critical": "Critical"}
#: a charge whose run a failed check ended out of reach (no attack was rolled): its result's words
RESULT_WORDS = {**OUTCOME_WORDS, "stopped": "stopped by difficult ground",
                "on-target": "the throw is on target", "off-target": "the throw is off target",  # N-GREN-12
                "in-hand": "the grenade went off before the throw",  # a cooked grenade's natural 1 (R-GREN-5)
                "dud": "the cooked grenade bursts harmlessly: not a success",  # R-GREN-5, N-GREN-12
                HALTED: "stopped short: a trap was spotted ahead"}  # N-MOVE-6


def _by_name(condition: Any) -> str:
    """Sort key of a condition written as a dict."""
    return str(condition["name"])


def combat_of(state: EncounterState) -> CombatState | None:
    return state.combat if isinstance(state.combat, CombatState) else None


def acting_group(state: EncounterState) -> Group | None:
    """The group whose Action Phase it is (None outside the Action Phase)."""
    combat = combat_of(state)
    return combat.acting_group() if combat else None


def acting_combatants(state: EncounterState) -> list[str]:
    """Who may declare now (Round 0: only the aware, R-SURP-1)."""
    combat = combat_of(state)
    group = acting_group(state)
    if combat is None or group is None:
        return []
    return [m for m in group.members if combat.can_act(m)]  # (can_act_now, the acting group found once)


def declaring_closed(state: EncounterState, cid: str | None = None) -> bool:
    """Has the acting group begun resolving (its declarations closed, N-ORD-4)? With ``cid``:
    closed for that member (it has committed; one who has not may still declare)."""
    combat = combat_of(state)
    return combat is not None and combat.phase == "action" and combat.declaring_closed(cid)


def not_declared_yet(state: EncounterState) -> list[str]:
    """Acting members able to act who have neither declared nor passed: no roll resolves
    until they commit (R-ORD-1, N-ORD-4), so the window asks for them."""
    return uncommitted(state)


def slots_left(state: EncounterState, cid: str) -> dict[str, int | None]:
    """``{"free": None, "simple": 0|1, "standard": 0|1, "bonus": 0|1}`` for a combatant now."""
    known_or_refuse(state, cid)  # an unknown id is refused, not a KeyError (review 7 lib, finding 10)
    combat = combat_of(state)
    who = state.combatants[cid]
    if combat is None or not combat.can_act_now(cid):
        return {"free": 0, "simple": 0, "standard": 0, "bonus": 0}
    existing = combat.declarations_of(cid)
    return act.slots_left(existing, limits_of(who), closed=combat.declaring_closed(cid),
                          two_weapon=fights_with_two_weapons(existing))


def legal_kinds(state: EncounterState, cid: str) -> list[str]:
    """The action kinds the combatant may declare now (R-ACT-1)."""
    known_or_refuse(state, cid)  # not an empty list a bot reads as "may do nothing"
    combat = combat_of(state)
    if combat is None or not combat.can_act_now(cid):
        return []
    existing = combat.declarations_of(cid)
    return act.legal_kinds(existing, limits_of(state.combatants[cid]), two_weapon=fights_with_two_weapons(existing),
                           closed=combat.declaring_closed(cid))


def kind_refusal(state: EncounterState, cid: str, kind: str) -> str | None:
    """Why the action economy refuses ``cid`` a new action of ``kind`` now, in the words
    :class:`~tactics.engine.combat.actions.Declare` refuses it with (R-ACT-1, N-ORD-4), or None.
    The declare card greys an action with these words rather than dropping it (N-TREAT-1)."""
    known_or_refuse(state, cid)
    combat = combat_of(state)
    who = state.combatants[cid]
    if combat is None or combat.phase != "action":
        return "actions are declared in the Action Phase"
    if not combat.can_act_now(cid):
        group = combat.acting_group()
        if combat.alone() is not None and group is not None and cid in group.members:
            return combat.sits_out_reason(who.name)
        return f"it is not {possessive(who.name)} group's turn"
    existing = combat.declarations_of(cid)
    try:
        act.check_economy(who.name, existing, kind, limits_of(who), two_weapon=fights_with_two_weapons(existing),
                          closed=combat.declaring_closed(cid))
    except act.ActionRefused as exc:
        return str(exc)
    return None


def attack_odds(
    state: EncounterState,
    attacker: str,
    target: str,
    *,
    weapon: str | None = None,
    technique: str | None = None,
    situational: int = 0,
    two_weapon: bool = False,
    from_cell: tuple[int, int] | None = None,
) -> AttackSetup:
    """Everything about an attack before the roll: modifiers, advantages with
    reasons, AC, range/sight problem, and the exact ``chances`` of each outcome. A moving Technique
    asked without a run (``from_cell``) that no run can bring in reach says why
    (:func:`~tactics.engine.combat.charge.charge_problem`: walls, or plain range)."""
    known_or_refuse(state, attacker, target)
    who, tgt = state.combatants[attacker], state.combatants[target]
    arms = find_arms(who, technique if technique else weapon, technique=technique is not None)
    setup = attack_setup(state, who, arms, tgt, from_cell=from_cell, situational=situational, two_weapon=two_weapon)
    if setup.problem and from_cell is None and isinstance(arms, Technique) and arms.move_ft:
        why = charge_problem(state, who, arms, tgt)
        if why is not None:
            setup = replace(setup, problem=why)
    return setup


def two_weapon_terms(state: EncounterState, cid: str, kind: str, weapon: str | None, *,
                     two_weapon: bool = False) -> TwoWeaponTerms | None:
    """Would this attack, declared now, be two-weapon fighting (R-ACT-1, R-HIT-3; reading: N-TWF-1)?
    Its terms (the weapons, the Extra Damage threshold), or None. For a Standard Attack
    ``two_weapon`` is the player's ask; None when the weapons do not allow it."""
    known_or_refuse(state, cid)
    combat = combat_of(state)
    if combat is None or cid not in state.combatants:
        return None
    return terms_for(state.combatants[cid], combat.declarations_of(cid), kind, weapon, two_weapon=two_weapon)


def bonus_weapon_problem(state: EncounterState, cid: str, weapon: str) -> str | None:
    """Why a Bonus Attack with ``weapon`` would be refused now for the weapon's sake: after a
    missed two-weapon Standard Attack only the off-hand weapon attacks (R-ACT-1), or None."""
    known_or_refuse(state, cid)
    combat = combat_of(state)
    who = state.combatants.get(cid)
    if combat is None or who is None:
        return None
    return off_hand_problem(who, combat.declarations_of(cid), default_armoury().weapon(weapon))


def declared_two_weapon(state: EncounterState, action_id: int) -> bool:
    """Is this declared attack part of two-weapon fighting (its Standard Attack, or the off-hand Bonus)?"""
    combat = combat_of(state)
    d = combat.declaration(action_id) if combat else None
    if combat is None or d is None or d.kind not in (act.STANDARD_ATTACK, act.BONUS_ATTACK):
        return False
    return fights_with_two_weapons(combat.declarations_of(d.combatant)) and (
        d.kind == act.STANDARD_ATTACK or bool(d.params.get("two_weapon")))


def declared_odds(state: EncounterState, action_id: int) -> AttackSetup | None:
    """The odds of a declared attack or Technique as things stand now."""
    combat = combat_of(state)
    d = combat.declaration(action_id) if combat else None
    if combat is None or d is None or d.kind not in (act.STANDARD_ATTACK, act.BONUS_ATTACK, act.TECHNIQUE):
        return None
    path = d.params.get("path")
    return attack_odds(
        state, d.combatant, d.params["target"],
        weapon=d.params.get("weapon"), technique=d.params.get("technique"),
        situational=int(d.params.get("situational", 0)),
        two_weapon=d.kind != act.TECHNIQUE and fights_with_two_weapons(combat.declarations_of(d.combatant)),
        from_cell=tuple(path[-1]) if path else None,
    )


def preview_order(state: EncounterState) -> list[dict[str, Any]]:
    """The acting group's declared actions in resolution order, for the window."""
    out = []
    for d in resolution_order(state):
        who = state.combatants[d.combatant]
        out.append({"id": d.id, "combatant": d.combatant, "name": who.name, "kind": d.kind,
                    "label": act.LABELS[d.kind], "needs_roll": d.needs_roll, "params": dict(d.params)})
    return out


@dataclass(frozen=True)
class InForce:
    """One condition in force for the Advantages Phase: whose (``who`` None: not a creature's),
    its name, the rounds left (0: until removed) and what it does to the dice."""

    who: str | None
    name: str
    condition: str
    rounds: int
    effects: tuple[str, ...]

    def line(self) -> str:
        left = f" ({self.rounds} round{'s' if self.rounds != 1 else ''} left)" if self.rounds else ""
        return f"{self.name} is {self.condition}{left}: {', '.join(self.effects)}"


def in_force_entries(state: EncounterState) -> list[InForce]:
    """The conditions that give or take dice this round, creature by creature (the reminder's data)."""
    out = []
    for who in state.combatants.values():
        if not who.present:
            continue
        for cond in who.conditions:
            r = rule(cond.name)
            effects = []
            if r.attack_disadvantage:
                effects.append("disadvantage on attacks")
            if r.save_disadvantage:
                effects.append("on saves")
            if r.skill_disadvantage:
                effects.append("on skill checks")
            if r.attackers_advantage:
                effects.append("attackers gain an advantage")
            if r.no_standard:
                effects.append("no Standard or Bonus action" if r.no_bonus else "no Standard action")
            if r.no_actions:
                effects.append("cannot act")
            if r.flat_footed:
                effects.append("no DEX bonus to AC")
            if r.speed_half:
                effects.append("half speed")
            if effects:
                out.append(InForce(who.id, who.name, cond.name, cond.rounds or 0, tuple(effects)))
    return out


def advantages_in_force(state: EncounterState) -> list[str]:
    """Reminder lines for the Advantages Phase: conditions that give or take dice."""
    return [entry.line() for entry in in_force_entries(state)]


# --------------------------------------------------------------------------- the log
def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _name(state: EncounterState | None, cid: str | None) -> str:
    if state is not None and cid in state.combatants:
        return state.combatants[cid].name
    return str(cid)


def _extra_text(extra: list[int]) -> str:
    sides, face, sign = extra
    term = affinity_term(sides, face, sign)  # "- disadvantage d2 2" (R-ROLL-2)
    return f" {term}" if term else ""


def _mods_text(mods: list[list[Any]]) -> str:
    return "".join(f" {'+' if v >= 0 else '-'} {label} {abs(v)}" for label, v in mods)


#: Other modules' describers by event kind (grenades, traps, ships ...):
#: ``DESCRIBERS["grenade.thrown"] = lambda event, state: "..."``.
DESCRIBERS: dict[str, Callable[[Event, EncounterState | None], str]] = {}


def describe(event: Event, state: EncounterState | None = None) -> str:
    """One line for the log panel, e.g.
    ``Art -> Bear 4 with Xeno dart rifle: d20 14 + DEX 2 = 16 vs AC 14: Hit``.

    The same sentence whatever was imported before: the parts whose log lines
    live in other modules (grenades, traps, set up, individual turns) are
    loaded through :mod:`tactics.engine.features` when a kind is not known yet."""
    k, d = event.kind, event
    if k not in DESCRIBERS:
        from tactics.engine import features  # imports every part's log sentences (once)

        features.load_for_kind(k)
    if k in DESCRIBERS:
        return DESCRIBERS[k](event, state)
    if k.startswith("space."):  # the starship screen's events read the same in the battle map's log
        from tactics.engine.starship.view import describe as space_describe

        return space_describe(event)
    def n(cid: str | None) -> str:
        return _name(state, cid)

    if isinstance(d, CombatStarted):
        order = " then ".join(f"{_team(state, t)} ({d.team_initiative[t]})" for t in d.team_order)
        groups = "; ".join(
            f"{_team(state, t)}: Vanguard {', '.join(n(m) for m in g['vanguard']) or '-'} / Rearguard {', '.join(n(m) for m in g['rearguard']) or '-'}"
            for t, g in d.groups.items()
        )
        head = "Combat starts with a surprise round (Round 0)" if d.round == 0 else "Combat starts"
        ties = tie_break_texts(d.team_order, d.team_initiative, d.best_dex, d.opposed_rolls,
                               lambda t: _team(state, t))  # every roll shows its dice (R-INIT-2)
        return f"{head}. Team order: {order}{''.join('; ' + t for t in ties)}. {groups}."
    if isinstance(d, RoundStarted):
        if d.joiners:  # reading: N-SURP-5
            names = ", ".join(n(j) for j in d.joiners)
            return (f"Round 0 for {names} (surprise, before round {d.round + 1}): only {names} "
                    f"{'acts' if len(d.joiners) == 1 else 'act'}. Advantages Phase.")
        return f"Round {d.round} begins: Advantages Phase."
    if isinstance(d, ActionsBegan):
        return "Round 0 (surprise): Action Phase." if d.joiners else f"Round {d.round}: Action Phase."
    if isinstance(d, GroupStarted):
        if d.passed:  # reading: N-END-3
            return f"{_team(state, d.team)} {d.group.capitalize()}: nobody able to act, turn passed over."
        who = ", ".join(n(m) for m in d.acting) or "nobody (all unaware)"
        return f"{_team(state, d.team)} {d.group.capitalize()} acts: {who}."
    if isinstance(d, GroupEnded):
        if d.passed:
            return ""  # the start's line said it (N-END-3)
        return f"{_team(state, d.team)} {d.group.capitalize()} is done."
    if isinstance(d, CountersTicked):
        parts = [f"{n(t['combatant'])} {t['name']} {t['from']} -> {t['to']}" for t in d.ticks]
        parts += [f"{counter_name(state, e)} {e['from']} -> {e['to']}" for e in d.env]
        ended = [f"{n(t['combatant'])} is no longer {t['name']}" if "combatant" in t else f"{counter_name(state, t)} ends"
                 for t in d.ended]
        text = f"Counter Phase of round {d.round}: " + ("; ".join(parts) or "no counters")
        return text + (". " + "; ".join(ended) + "." if ended else ".")
    if isinstance(d, CombatEnded):
        if d.by_gm and not d.winner:
            return f"The GM ended the fight after round {d.round}."
        who = _team(state, d.winner) if d.winner else "nobody"
        return f"Combat is over after round {d.round}: {agreeing(who, 'stands')}."  # "Space Bears stand"
    if isinstance(d, CombatJoined):
        unseen = (f", unseen by every enemy: {n(d.combatant)} acts alone in a surprise Round 0 "
                  f"before the next round" if d.unseen else "")  # reading: N-SURP-5
        if d.new_team_initiative is not None:  # a new team (R-INIT-5, N-INIT-10)
            order = " then ".join(_team(state, t) for t in d.team_order)
            ties = tie_break_texts([], {**_initiatives(state), d.team: d.new_team_initiative}, {}, d.opposed_rolls,
                                   lambda t: _team(state, t))
            return (f"{n(d.combatant)} joins the fight in the {d.group.capitalize()} of a new team, "
                    f"Team Initiative {d.new_team_initiative}{unseen}. Team order: {order}"
                    f"{''.join('; ' + t for t in ties)}.")
        return f"{n(d.combatant)} joins the fight in the {d.group.capitalize()} (Team Initiative unchanged){unseen}."
    if isinstance(d, CombatGroupSet):
        return f"The GM moves {n(d.combatant)} to the {d.group.capitalize()}."
    if isinstance(d, ActionDeclared):
        extra = ""
        p = d.params
        if p.get("item") == "disarm":  # both halves of a declared disarm (R-TRAP-3)
            from tactics.engine.combat.disarm import disarm_declared_text

            return disarm_declared_text(state, n(d.combatant), d.action_kind, str(p.get("note", "")))
        if p.get("note") and p.get("item") != "note":  # the app-controlled opponent's reason (tactics.ai)
            return _sentence(str(p["note"]))
        if p.get("target"):  # one treats an ally's injuries "for" them (N-TREAT-1), attacks "at" a foe
            extra = f"{' for' if p.get('item') == 'treat-injury' else ' at'} {n(p['target'])}"
        if p.get("path"):
            extra += f" to {tuple(p['path'][-1])}"
        if p.get("situational"):  # the GM's ruling: cover, flanking, height
            extra += f", {situational_words(p['situational'])}"
        what = _arms_label(p)
        if p.get("effect") in ("open-door", "close-door") and state is not None \
                and type(p.get("door")) is int and 0 <= p["door"] < len(state.map.doors):  # reading: N-DOOR-2
            what = f"{'open' if p['effect'] == 'open-door' else 'close'} {door_name(state.map.doors[p['door']].segment)}"
            return f"{n(d.combatant)} declares a {act.LABELS.get(d.action_kind, d.action_kind)}: {what}."
        what = f" ({what})" if what else ""
        return f"{n(d.combatant)} declares a {act.LABELS.get(d.action_kind, d.action_kind)}{what}{extra}."
    if isinstance(d, ActionUndeclared):
        return f"Action {d.id} withdrawn."
    if isinstance(d, ActionPassed):  # reading: N-ORD-4, every silent member in one line (N-ORD-6)
        verb = "does" if not d.also else "do"
        return f"{listed([n(c) for c in d.combatants])} {verb} nothing this turn" + (
            " (declared nothing)." if d.by_end else ".")
    if isinstance(d, (ActionResolved, ActionFailed, ActionLost)):
        whose = f"{possessive(n(d.combatant))} {act.LABELS.get(d.action_kind, d.action_kind)}" if d.combatant else f"Action {d.id}"
        if isinstance(d, ActionResolved):
            if d.outcome:
                return f"{whose}: {RESULT_WORDS.get(d.outcome, d.outcome)}."
            if d.success:
                return f"{whose} is done."
            return f"{whose} fell short." if _was_a_move(d, state) else f"{whose} did not succeed."
        return f"{whose} {'fails' if k == 'action.failed' else 'is lost'}: {d.reason}."
    if isinstance(d, ActionNote):
        return str(d.text)
    if isinstance(d, AttackRolled):
        ac = f"AC {d.ac}" + (f" ({d.ac_note})" if d.ac_note else "")
        why = ", ".join(f"{label} {v:+d}" for label, v in d.advantages)
        return (f"{n(d.attacker)} -> {n(d.target)} with {d.label}: d20 {d.d20}{_extra_text(d.extra)}"
                f"{_mods_text(d.modifiers)} = {d.total} vs {ac}: {OUTCOME_WORDS[d.outcome]}"
                + (f" [advantages: {why}]" if why else ""))
    if isinstance(d, DamageRolled):
        rolls = " / ".join(f"{d.expr} ({', '.join(map(str, f))}) = {t}" for f, t in d.rolls)
        how = ", keep the higher" if len(d.rolls) > 1 else ""
        how += f", x{d.multiplier}" if d.multiplier != 1 else ""
        how += ", halved" if d.halved else ""
        tail = f"{how} = {d.amount}" if how else ""
        return f"Damage to {n(d.target)}: {rolls}{tail}."
    if isinstance(d, HpRolled):
        what = "Healing" if d.heal else "Damage"
        faces = f" [{', '.join(str(f) for f in d.faces)}]" if d.faces else ""
        return f"{what} rolled for {n(d.combatant)}: {d.expr}{faces} = {d.total}."
    if isinstance(d, HpChanged):
        if d.delta == 0:  # a hit of 0 damage read "gains 0 hp", a heal (review 13 F11)
            return f"{n(d.combatant)} loses no hp ({d.hp} left; {d.reason})."
        verb = "loses" if d.delta < 0 else "gains"
        return f"{n(d.combatant)} {verb} {abs(d.delta)} hp ({d.hp} left; {d.reason})."
    if isinstance(d, CombatantDowned):
        return f"{n(d.combatant)} is down!"
    if isinstance(d, CombatantHidden):
        s = f" (Stealth {d.stealth})" if d.stealth is not None else ""
        return f"{n(d.combatant)} is hidden{s}."
    if isinstance(d, CombatantRevealed):
        return f"{n(d.combatant)} is revealed ({d.reason})."
    if isinstance(d, ConditionAdded):
        rounds = f" for {d.rounds} round{'s' if d.rounds != 1 else ''}" if d.rounds else ""
        note = "" if d.name in default_conditions() else " (a note: no rules effect)"  # the GM's own, e.g. On fire
        return f"{n(d.combatant)} is {d.name}{rounds}{note}."
    if isinstance(d, ConditionRemoved):
        return f"{n(d.combatant)} is no longer {d.name} ({d.reason})."
    if isinstance(d, CombatCheck):
        dc = f" vs DC {d.dc}" if d.dc is not None else (f" vs {d.against}" if d.against else "")
        ok = (": success" if d.total >= d.dc else ": failure") if d.dc is not None else (
            f": {d.result}" if d.against and d.result else "")  # reading: N-SKILL-2
        if d.odds:
            num, _, den = str(d.odds).partition("/")
            aim = {"hiding": " to hide", "searching": " to find"}.get(d.reason, "") if d.against else ""
            ok += f" (chance{aim} was {100 * int(num) / int(den or 1):.0f}%)"
        why = ", ".join(f"{label} {v:+d}" for label, v in d.advantages)
        return (f"{n(d.combatant)} {d.what} ({d.reason}): d20 {d.d20}{_extra_text(d.extra)}"
                f"{_mods_text(d.modifiers)} = {d.total}{dc}{ok}" + (f" [advantages: {why}]" if why else "") + ".")
    if isinstance(d, CounterAdded):
        return f"Counter {d.label!r} set for {plural(d.rounds, 'round')}."
    if isinstance(d, CounterRemoved):
        return f"Counter {d.id} removed."
    if isinstance(d, TokenMoved):
        return f"{n(d.combatant)} moves {d.feet} ft to {tuple(d.path[-1])}."
    if isinstance(d, DoorSet):
        from tactics.engine.combat.doors import describe_door

        return describe_door(d, state)
    if isinstance(d, TokenPlaced):
        return f"{n(d.combatant)} is placed at {tuple(d.cell)}." if d.cell else f"{n(d.combatant)} leaves the map."
    return _fallback(k, event.to_dict()["data"])


def declaration_status(d: Any) -> str:
    """A declared action's state as its card says it: "" (waiting), "done", "fell short" (a move
    a trap, a blast or a failed check stopped: review 13 F11, Katie's card read "done" at 24,13
    with the move declared to 25,14), "did not succeed", "failed" or "lost"."""
    if d.status != "resolved":
        return "" if d.status == "declared" else str(d.status)
    if d.outcome == HALTED:  # N-MOVE-6: it chose to stop before a trap it spotted
        return "stopped: a trap ahead"
    if d.success or d.outcome:
        return "done"
    moved = d.kind in (act.STANDARD_MOVE, act.BONUS_MOVE) or bool(d.params.get("path"))
    return "fell short" if moved else "did not succeed"


def _was_a_move(d: ActionResolved, state: EncounterState | None) -> bool:
    """A move (or a 5 ft step) that stopped short, not a hide that was seen or a search that found nothing."""
    if d.action_kind in (act.STANDARD_MOVE, act.BONUS_MOVE):
        return True
    combat = getattr(state, "combat", None) if state is not None else None
    declared = combat.declaration(int(d.id)) if combat is not None else None
    return bool(declared is not None and declared.params.get("path"))


def _arms_label(params: dict[str, Any]) -> str:
    """What an action uses, as the data files name it ("Silenced pistol", not "silenced_pistol")."""
    arms = default_armoury()
    if params.get("technique"):
        technique = arms.techniques.get(params["technique"])
        return technique.title if technique else _words(params["technique"])
    if params.get("weapon"):
        weapon = arms.weapons.get(params["weapon"])
        title = weapon.title if weapon else _words(params["weapon"])
        if params.get("effect") in ("reload", "draw"):  # N-READY-1, -2; a switch names what it puts away (-3)
            return f"{params['effect']} {title}{switch_words(params)}"
        return title
    if params.get("item") == "treat-injury":
        return "Treat Injury"
    if str(params.get("item", "")).startswith("set-trap:"):
        return set_trap_words(params)
    for key in ("item", "effect"):
        if params.get(key):
            return _words(str(params[key]))
    return str(params.get("note") or "")


def set_trap_words(params: dict[str, Any]) -> str:
    """A declared trap setting as its kind's data names it: "set a Simple mechanical trap at 14,3"
    (review 13 recheck: the card and the log read "set-trap:simple_mechanical")."""
    item = str(params.get("item", ""))
    use = ITEM_USES.get(item)
    kind = use.label.removeprefix("Set ").strip() if use is not None else _words(item.split(":", 1)[-1])
    text = f"set {'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind[:1].upper()}{kind[1:]}"
    cell = params.get("target_cell")
    if isinstance(cell, (list, tuple)) and len(cell) == 2:
        text += f" at {square_words(cell)}"
    return text


def _words(ident: str) -> str:
    """An id as words: "drop-prone" -> "drop prone"."""
    return str(ident).replace("_", " ").replace("-", " ")


def _fallback(kind: str, data: dict[str, Any]) -> str:
    """A short line for an event no one described: its text, or its simple fields."""
    for key in ("text", "fuse_text", "label", "reason"):
        if isinstance(data.get(key), str) and data[key]:
            return f"{kind}: {data[key]}"
    simple = [f"{k}={v}" for k, v in data.items() if isinstance(v, (str, int, float, bool)) and len(str(v)) < 40]
    return f"{kind}: " + ", ".join(simple[:6])


def _initiatives(state: EncounterState | None) -> dict[str, Any]:
    combat = combat_of(state) if state is not None else None
    return dict(combat.team_initiative) if combat is not None else {}


def _team(state: EncounterState | None, team: str) -> str:
    return team_label(state, team) if state is not None else team


# --------------------------------------------------------------------------- canonical form
def snapshot(state: EncounterState) -> dict[str, Any]:
    """A canonical, comparable dict of everything ground combat tracks (for
    replay checks and tests): combatants (cell, hp, conditions, hidden) and the
    combat procedure."""
    out: dict[str, Any] = {"combatants": {}, "open_doors": sorted(state.open_doors),
                           "closed_doors": sorted(state.closed_doors)}
    if state.revealed_doors:  # secret doors the GM opened (reading: N-DOOR-6)
        out["revealed_doors"] = sorted(state.revealed_doors)
    for cid in sorted(state.combatants):
        c = state.combatants[cid]
        conditions: list[dict[str, Any]] = sorted([plain(x) for x in c.conditions], key=lambda x: x["name"])
        out["combatants"][cid] = {
            "cell": list(c.cell) if c.cell is not None else None,
            "hp": c.hp,
            "max_hp": c.max_hp,
            "present": c.present,
            "hidden": c.hidden,
            "stealth": c.stealth,
            "conditions": conditions,
        }
    combat = combat_of(state)
    out["combat"] = plain(combat) if combat is not None else None
    return out


def groups_editable(state: EncounterState) -> bool:
    """May the GM still move someone between Vanguard and Rearguard (``SetGroup``)? Only
    before play starts, the surprise round included (R-INIT-3; reading: N-INIT-11)."""
    combat = combat_of(state)
    return combat is not None and combat.phase != "ended" and not combat.played


def ends_after_counters(state: EncounterState) -> bool:
    """At the Counter Phase: will leaving it end the fight (one side alone stands,
    R-END-1)? Newcomers may still join first (reading: N-END-2)."""
    combat = combat_of(state)
    return combat is not None and combat.phase == "counters" and winner_if_over(state) is not None


def down_this_round(state: EncounterState, entries: Any) -> list[str]:
    """Who went down since the Counter Phase before the last one and is still down (the Counter
    Phase card names them apart from the round counters, review 10), oldest first. ``entries``:
    the journal's entries."""
    out: list[str] = []
    phases = 0
    for entry in reversed(entries):
        for e in reversed(entry.events):
            if isinstance(e, CountersTicked):
                phases += 1
            elif isinstance(e, CombatantDowned) and phases <= 1 and e.combatant not in out:
                out.append(e.combatant)
        if phases >= 2:
            break
    return [cid for cid in reversed(out) if cid in state.combatants and state.combatants[cid].down]


def counter_name(state: EncounterState | None, entry: dict[str, Any]) -> str:
    """An environmental counter as the Counter Phase names it: by its label ("Fire in the bay";
    older saves hold only its id); a Clocked mine's timer by its label (N-TRAP-13), "(GM only)" when
    the players did not know the mine then."""
    if entry.get("kind") != "trap":
        return str(entry.get("label") or f"counter {entry.get('id', entry.get('counter'))}")
    return f"{entry.get('label') or 'timer'}{' (GM only)' if entry.get('secret') else ''}"


def status_line(state: EncounterState) -> str:
    """"Round 1, Action Phase: The Party Vanguard" for the window's header."""
    combat = combat_of(state)
    if combat is None:
        return "No combat"
    if combat.phase == "ended":
        return f"Combat over (round {combat.round})"
    group = combat.acting_group()
    phase = {"advantages": "Advantages Phase", "action": "Action Phase", "counters": "Counter Phase"}[combat.phase]
    tail = f": {group_label(state, group.key)}" if group else ""
    return f"{combat.round_name()}, {phase}{tail}"


def conditions_summary(state: EncounterState, cid: str) -> list[tuple[str, int | None]]:
    """(name, rounds left) per condition, for token badges."""
    known_or_refuse(state, cid)
    return [(c.name, c.rounds) for c in state.combatants[cid].conditions]


def flat_footed(state: EncounterState, cid: str) -> bool:
    known_or_refuse(state, cid)
    return combined(conditions_of(state.combatants[cid])).flat_footed


def initiative_of(state: EncounterState, cid: str) -> int:
    known_or_refuse(state, cid)
    return sheet_of(state.combatants[cid]).initiative
