"""A blast going off: damage, Reflex saves for half, conditions (R-GREN-6, R-TRAP-4).

Why it exists: grenades, mines and traps all end the same way. One function
rolls the damage once, then a save for every creature on the blast's squares
(in combatant-id order), and returns one ``hazard.blast`` event (the squares,
the damage dice) and one ``hazard.hit`` event per creature with every face and
modifier, so the log can say "Reflex d20 12 - d2 1 + DEX 2 = 13 vs DC 13: saved,
takes 5 (half of 11)".

Dice order: the damage dice, then per creature its d20 and advantage die.
"""

from __future__ import annotations

from typing import Any, Iterable

from tactics.engine.combat.events import CombatantDowned, HpChanged
from tactics.engine.hazards.events import HazardBlast, HazardHit
from tactics.engine.hazards import sheet
from tactics.engine.hazards.fuses import set_moment
from tactics.engine.core.journal import Event, Reducer
from tactics.engine.core.labels import plural
from tactics.engine.core.state import Condition, EncounterState
from tactics.rules.dice import Dice, affinity_term
from tactics.rules.explosives import half_damage
from tactics.rules.grid import Cell
from tactics.rules.sheets import ABILITIES

reducer = Reducer()


def roll_d20_check(
    dice: Dice, what: str, modifiers: list[tuple[str, int]], *, dc: int | None,
    advantage: int = 0, affinity: int = 2,
) -> dict[str, Any]:
    """Roll d20 + advantage die (R-ROLL-2) + modifiers; the log's record of it.

    Same shape as the ground engine's ``CheckRoll.to_dict()``: ``d20``,
    ``extra`` = [sides, face, sign], ``modifiers`` [[name, value]], ``total``, ``dc``.
    """
    natural = dice.d(20)
    if advantage > 0:
        sides, sign = affinity, 1
    elif advantage < 0:
        sides, sign = 2, -1
    else:
        sides, sign = 0, 0
    face = dice.d(sides) if sides else 0
    total = natural + sign * face + sum(v for _, v in modifiers)
    return {
        "what": what,
        "d20": natural,
        "extra": [sides, face, sign],
        "modifiers": [[n, int(v)] for n, v in modifiers],
        "total": total,
        "dc": dc,
    }


def roll_text(roll: dict[str, Any]) -> str:
    """"Reflex d20 12 - disadvantage d2 1 + DEX 2 = 13 vs DC 13"; an ability check reads "d20 11 +
    WIS 4" (not "WIS d20 11 + WIS 4", an outside review); a save keeps its name first."""
    named = roll["what"] in ABILITIES and any(name == roll["what"] for name, _ in roll["modifiers"])
    parts = [f"d20 {roll['d20']}" if named else f"{roll['what']} d20 {roll['d20']}"]
    sides, face, sign = roll["extra"]
    if sides:
        parts.append(affinity_term(sides, face, sign))  # "- disadvantage d2 1" (R-ROLL-2)
    for name, value in roll["modifiers"]:
        parts.append(f"{'+' if value >= 0 else '-'} {name} {abs(value)}")
    text = " ".join(parts) + f" = {roll['total']}"
    if roll.get("dc") is not None:
        text += f" vs DC {roll['dc']}"
    return text


def creatures_on(
    state: EncounterState, cells: Iterable[Cell], positions: dict[str, Cell] | None = None
) -> list[str]:
    """Ids of present combatants standing on ``cells`` (``positions`` overrides where some stand)."""
    cells = set(cells)
    positions = positions or {}
    out = []
    for cid, who in state.combatants.items():
        where = positions.get(cid, who.cell)
        if who.present and where is not None and tuple(where) in cells:
            out.append(cid)
    return sorted(out)


def blast_events(
    state: EncounterState,
    dice: Dice,
    *,
    source: str,
    label: str,
    origin: Cell,
    cells: Iterable[Cell],
    damage: str | None,
    save: str = "Reflex",
    dc: int | None = None,
    conditions: Iterable[dict[str, Any]] = (),
    positions: dict[str, Cell] | None = None,
    explosive: bool = True,
) -> list[Event]:
    """Roll a blast on ``cells``: damage once, a save per creature for half. ``explosive`` False: a
    mechanical trap's strike (the log does not say it explodes).

    reading: N-GREN-6 (one damage roll; everyone on the squares saves; conditions
    on a failed save unless ``on = "always"``).
    """
    cells = sorted({(int(c[0]), int(c[1])) for c in cells}, key=lambda c: (c[1], c[0]))
    conditions = [dict(c) for c in conditions]
    faces: list[int] = []
    total = 0
    if damage:
        faces, total = dice.expr(damage)
    events: list[Event] = [
        HazardBlast(source=source, label=label, origin=(int(origin[0]), int(origin[1])), cells=list(cells),
                    damage={"expr": damage, "faces": faces, "total": total} if damage else None, save=save,
                    dc=dc, explosive=explosive)
    ]
    moment = set_moment(state)
    for cid in creatures_on(state, cells, positions):
        who = state.combatants[cid]
        roll = None
        saved = False
        if dc is not None and save != "none" and (damage or conditions):
            with dice.save_of(cid):  # the creature's own roll: typed by its table where it types (table.py)
                roll = roll_d20_check(
                    dice, save, [(save, sheet.save(who, save))], dc=dc,
                    advantage=sheet.check_advantage(who, "save"), affinity=sheet.affinity_die(who),
                )
            saved = roll["total"] >= dc
        amount = (half_damage(total) if saved else total) if damage else 0
        imposed = [
            {"name": c["name"], "rounds": c.get("rounds"), "source": source, **moment}
            for c in conditions
            if c.get("on", "failed_save") == "always" or not saved
        ]
        text = f"{who.name}: "
        if roll is not None:
            text += roll_text(roll) + (": saved, " if saved else ": failed, ")
        if damage:
            text += f"takes {amount}" + (f" (half of {total})" if saved else "")
        if imposed:
            text += ("; " if damage else "") + ", ".join(
                f"{c['name']}" + (f" for {plural(c['rounds'], 'round')}" if c["rounds"] else "") for c in imposed
            )
        if not damage and not imposed:
            text += "unharmed"
        events.append(
            HazardHit(combatant=cid, source=source, label=label, save=roll, saved=saved, damage=amount,
                      conditions=imposed, text=text.strip())
        )
    return events


@reducer.on(HazardBlast)
def _blast(state: EncounterState, event: HazardBlast) -> None:
    return None  # the squares and dice are for the log and the window's flash


@reducer.on(HazardHit)
def _hit(state: EncounterState, event: HazardHit) -> None:
    who = state.combatants[event.combatant]
    who.hp = max(0, who.hp - int(event.damage))
    for c in event.conditions:
        who.conditions = [x for x in who.conditions if x.name != c["name"]]
        who.conditions.append(
            Condition(
                name=c["name"],
                rounds=None if c.get("rounds") is None else int(c["rounds"]),
                set_in_round=int(c.get("set_in_round", 0)),
                set_after_group=c.get("set_after_group"),
                source=c.get("source"),
            )
        )


def hit_consequences(state: EncounterState, events: list[Event]) -> list[Event]:
    """A blast's or a trap's damage reaches hit points as an attack's does (review 13): after each
    ``hazard.hit`` that costs hit points, an ``hp.changed`` ("James loses 4 hp (0 left; Frag
    grenade)") and, when it takes the creature to 0, ``combatant.downed`` ("James is down!"), which
    the Counter Phase's "Down this round" reads (R-CNT-1). Hit points are followed through the
    command's events, so the second of two blasts in one command starts from what the first left.

    The ``hazard.hit`` handler still takes the damage (saves written before this added nothing);
    the ``hp.changed`` after it sets the same total, so the state is the same either way."""
    if not any(isinstance(e, HazardHit) and e.damage for e in events):
        return events
    hp: dict[str, int] = {}
    out: list[Event] = []
    for event in events:
        out.append(event)
        if isinstance(event, HpChanged):
            hp[event.combatant] = int(event.hp)
        elif isinstance(event, HazardHit) and event.damage and event.combatant in state.combatants:
            cid = event.combatant
            before = hp.get(cid, state.combatants[cid].hp)
            after = max(0, before - int(event.damage))
            hp[cid] = after
            if after != before:
                out.append(HpChanged(combatant=cid, delta=after - before, hp=after, reason=event.label))
            if before > 0 and after <= 0:
                out.append(CombatantDowned(combatant=cid))
    return out


__all__ = ["blast_events", "creatures_on", "hit_consequences", "reducer", "roll_d20_check", "roll_text"]
