"""The declare panel's entries for the text's "Other Common Actions of Note" (team rounds).

Why it exists: reloading, drawing a weapon and treating injury are actions a player declares
like any other (readings N-READY-1, N-READY-2, N-TREAT-1), so the panel offers one button per
thing the engine would accept now, each with its action kind in its words ("Standard Move:
reload Hand crossbow", "Simple: draw Slug revolver (holster)", "Standard Move: switch to Heavy
crossbow" with "puts away the Hand crossbow (to the pack)" under it, "Use Item: Treat Injury ->
Rook (DC 15, 55%)"). The panel only asks the engine (``readying_problem``, ``treat_problem``); it
decides nothing. An attack the engine would refuse (empty, not drawn) is shown disabled with the
reason in words, by :func:`attack_block`.
"""

from __future__ import annotations

from typing import Callable

from tactics.engine.combat.actions import ITEM_USES, Action, planned_origin
from tactics.engine.combat.readying import (
    draw_speed, hands_blocked, loads_left, place_label, readying_problem, ready_problem, stow_place, switch_options,
)
from tactics.engine.combat.state import sheet_of
from tactics.engine.combat.treat_injury import ITEM as TREAT, shows_greyed_treatment, treat_chance, treat_problem, treat_refusal
from tactics.engine.core.state import EncounterState
from tactics.rules import actions as act
from tactics.rules.sheets import default_armoury

Button = tuple[str, str, Callable[..., object] | None]
KIND_WORDS = {act.SIMPLE: "Simple", act.SIMPLE_AFTER: "Simple", act.STANDARD_MOVE: "Standard Move"}


def attack_block(state: EncounterState, cid: str, weapon: str, kind: str) -> str | None:
    """Why an attack of ``kind`` with ``weapon`` would be refused for want of a draw or a reload."""
    who = state.combatants[cid]
    return ready_problem(state, who, default_armoury().weapon(weapon), kind)


def shots_words(state: EncounterState, cid: str, weapon: str) -> str:
    """", 1 shot" / ", empty": what a counted weapon holds now in a team fight (N-READY-1); "" else."""
    left = loads_left(state, state.combatants[cid], default_armoury().weapon(weapon))
    if left is None:
        return ""
    return ", empty" if left == 0 else f", {left} shot{'s' if left != 1 else ''}"


def off_hand_ready(state: EncounterState, cid: str, label: str) -> bool:
    """Is the off-hand weapon called ``label`` ready for the Bonus Attack of two-weapon fighting?
    A holstered one is not: drawing it would take the Simple slot the Bonus Attack needs."""
    who = state.combatants[cid]
    arms = default_armoury()
    names = [n for n in sheet_of(who).weapons if arms.weapon(n).title == label]
    return any(attack_block(state, cid, n, act.BONUS_ATTACK) is None for n in names) if names else True


def _first_kind(state: EncounterState, cid: str, kinds: list[str], effect: str, weapon: str) -> str | None:
    """The quickest legal kind the engine accepts this reload or draw as (a Simple action first)."""
    who = state.combatants[cid]
    for kind in (act.SIMPLE, act.SIMPLE_AFTER, act.STANDARD_MOVE):
        if kind in kinds and readying_problem(state, who, kind, effect, weapon) is None:
            return kind
    return None


def readying_buttons(state: EncounterState, cid: str, kinds: list[str],
                     declare: Callable[[str, Action], object]) -> list[Button]:
    """A button per reload and per draw ``cid`` could declare now (reading: N-READY-1, N-READY-2)."""
    who = state.combatants[cid]
    arms = default_armoury()
    out: list[Button] = []
    for name in dict.fromkeys(sheet_of(who).weapons):
        weapon = arms.weapon(name)
        if weapon.load:
            kind = _first_kind(state, cid, kinds, "reload", name)
            if kind is not None:
                out.append((f"{KIND_WORDS[kind]}: reload {weapon.title}", f"reload:{name}",
                            lambda k=kind, n=name: declare(cid, Action(k, effect="reload", weapon=n))))
        if draw_speed(who, name, state) is not None:
            kind = _first_kind(state, cid, kinds, "draw", name)
            if kind is not None:
                out.append((f"{KIND_WORDS[kind]}: draw {weapon.title} ({place_label(who, name, state)})", f"draw:{name}",
                            lambda k=kind, n=name: declare(cid, Action(k, effect="draw", weapon=n))))
            for stow in [] if kind is not None else switch_options(state, who, name, kinds):  # hands full (N-READY-3)
                out.append((f"Standard Move: switch to {weapon.title}", f"switch:{name}:{'+'.join(stow)}",
                            lambda n=name, st=stow: declare(cid, Action(act.STANDARD_MOVE, effect="draw", weapon=n,
                                                                        stow=list(st)))))
    return out


def switch_note(state: EncounterState, cid: str, key: str) -> str | None:
    """What a "switch:<weapon>:<stowed>" button puts away and where, for the line under it: "puts
    away the Heavy crossbow (to the pack)" (reading: N-READY-3); None for any other key."""
    if not key.startswith("switch:") or key.count(":") != 2:
        return None
    who = state.combatants[cid]
    arms = default_armoury()
    stow = [n for n in key.split(":")[2].split("+") if n in arms.weapons]
    from tactics.rules.common_actions import default_common_actions  # (when first shown: issue 12, start)

    places = default_common_actions().draw.places
    parts = [f"the {arms.weapon(n).title} (to the {places[stow_place(who, n)].label})" for n in stow]
    return "puts away " + " and ".join(parts) if parts else None


def draw_blocks(state: EncounterState, cid: str, kinds: list[str]) -> list[tuple[str, str, str]]:
    """(label, key, why) per draw only full hands stop now, in the engine's words (reading:
    N-READY-3): the card shows it greyed with why, beside the switch that would do it."""
    who = state.combatants[cid]
    arms = default_armoury()
    return [(f"{KIND_WORDS[kind]}: draw {arms.weapon(name).title} ({place_label(who, name, state)})", f"draw:{name}", why)
            for name, kind, why in hands_blocked(state, who, kinds)]


def treat_buttons(state: EncounterState, cid: str, kinds: list[str],
                  declare: Callable[[str, Action], object]) -> list[Button]:
    """A Treat Injury button per patient ``cid`` could treat now, with the check's DC and chance
    (reading: N-TREAT-1)."""
    if act.USE_ITEM not in kinds or TREAT not in ITEM_USES:
        return []
    who = state.combatants[cid]
    at = planned_origin(state, cid, act.USE_ITEM, True)
    patients = [who] + [c for c in state.allies_of(who) if c.present]
    from tactics.rules.common_actions import default_common_actions  # (when first shown: issue 12, start)

    dc = default_common_actions().treat_injury.dc
    chance = round(100 * treat_chance(who))
    out: list[Button] = []
    for patient in patients:
        if treat_problem(state, who, patient, at=at) is not None:
            continue
        name = "self" if patient.id == who.id else patient.name
        out.append((f"Use Item: Treat Injury -> {name} (DC {dc}, {chance}%)", f"treat:{patient.id}",
                    lambda p=patient.id: declare(cid, Action(act.USE_ITEM, item=TREAT,
                                                             target=None if p == cid else p))))
    return out


def treat_block(state: EncounterState, cid: str, kinds: list[str]) -> str | None:
    """Why ``cid``'s Treat Injury line is greyed, in the engine's words (``treat_refusal``: the
    Standard already spent, no one it could treat now), or None when it is offered (reading:
    N-TREAT-1). Only a medic's card (``offers_treatment``: the skill or the kit) gets the greyed
    line, as only the sheet's weapons get theirs; one out of the fight has nothing to declare."""
    return treat_refusal(state, cid) if shows_greyed_treatment(state, cid) else None


__all__ = ["attack_block", "draw_blocks", "off_hand_ready", "readying_buttons", "shots_words", "switch_note",
           "treat_block", "treat_buttons"]
