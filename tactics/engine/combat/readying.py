"""Reloading and drawing a weapon in team rounds (the text's "Other Common Actions of Note").

Why it exists: the text says "By default, reloading is a Standard Move Action ... a Simple
Action ... for example, the Quick Reload feat", and that drawing a weapon "holstered or
otherwise strapped ... in a quick (1-second), accessible way" is a Simple Move Action, one "in
a bag or [that] requires unlocking/latching" a Standard Move Action. So in team rounds
(readings N-READY-1, N-READY-2; the numbers in ``data/common_actions.toml``):

* A weapon with a ``load`` (``weapons.toml``) starts the fight loaded; every shot from it uses
  one (:class:`~tactics.engine.combat.ready_events.LoadUsed`); an empty one cannot attack
  ("Reload first"). A reload is ``Action(STANDARD_MOVE, effect="reload", weapon=...)``, or a
  Simple action (``SIMPLE`` / ``SIMPLE_AFTER``) for a sheet with a quick-reload feat.
* A weapon starts where the sheet's ``carried`` puts it (not named: in hand). One not in hand
  cannot attack ("Draw the pistol first: a Simple action (holster)"); ``Action(kind,
  effect="draw", weapon=...)`` draws it, as a Simple action or a Standard Move as its place says.

Neither rolls, so both resolve before the group's rolled actions (R-ORD-1). What is declared
counts already: an attack declared after a reload or a draw that resolves before it is
accepted, a second shot from a one-shot crossbow is not. Individual turns keep their own loads
(N-SHOT-1, :mod:`tactics.engine.combat.individual.shots`) and do not track draws.
"""

from __future__ import annotations

from typing import Any

from tactics.engine.combat.ready_events import LoadUsed, WeaponDrawn, WeaponReloaded
from tactics.engine.combat.state import CombatState, Declaration, reducer, sheet_of
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.labels import possessive
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import actions as act
from tactics.rules.common_actions import default_common_actions
from tactics.rules.sheets import Weapon, default_armoury

READY_EFFECTS: tuple[str, ...] = ("reload", "draw")
ATTACKS: frozenset[str] = frozenset({act.STANDARD_ATTACK, act.BONUS_ATTACK})
SPEED_WORDS: dict[str, str] = {"simple": "a Simple action", "standard-move": "a Standard Move"}


def _fits(kind: str, speed: str) -> bool:
    """Does an action of ``kind`` take at least the time ``speed`` needs? A Standard Move is
    always enough; a Simple action only for what is Simple."""
    if kind == act.STANDARD_MOVE:
        return True
    return speed == "simple" and kind in (act.SIMPLE, act.SIMPLE_AFTER)


# --------------------------------------------------------------------------- what the sheet says
def place_of(who: Combatant, weapon: str) -> str:
    """Where the sheet carries ``weapon`` at the start of a fight (reading: N-READY-2)."""
    return sheet_of(who).carried.get(weapon, default_common_actions().draw.default_place)


def draw_speed(who: Combatant, weapon: str) -> str | None:
    """What drawing ``weapon`` from its place takes ("simple", "standard-move"); None: in hand."""
    place = default_common_actions().draw.places.get(place_of(who, weapon))
    return None if place is None else place.action


def place_label(who: Combatant, weapon: str) -> str:
    place = default_common_actions().draw.places.get(place_of(who, weapon))
    return place.label if place is not None else place_of(who, weapon)


def reload_speed(who: Combatant) -> str:
    """How fast ``who`` reloads: the table's default, faster with a quick-reload feat (N-READY-1)."""
    rules = default_common_actions().reload
    quick = any(f in rules.quick_feats for f in sheet_of(who).feats)
    return rules.quick_action if quick else rules.action


def reload_words(who: Combatant) -> str:
    """"a Standard Move" or "a Simple action (Quick Reload)": how ``who`` reloads, in words."""
    rules = default_common_actions().reload
    speed = reload_speed(who)
    feat = next((f for f in sheet_of(who).feats if f in rules.quick_feats), None)
    return SPEED_WORDS[speed] + (f" ({feat})" if feat and speed != rules.action else "")


def capacity(who: Combatant, weapon: Weapon) -> int:
    """Shots the combatant's copies of ``weapon`` hold (a sheet listing it twice carries two)."""
    return weapon.load * sheet_of(who).weapons.count(weapon.name)


# --------------------------------------------------------------------------- the fight's state
def _combat(state: EncounterState) -> CombatState | None:
    combat = state.combat
    return combat if isinstance(combat, CombatState) else None


def loads_left(state: EncounterState, who: Combatant, weapon: Weapon) -> int | None:
    """Shots left before a reload in this team fight (None: ammunition not counted)."""
    if not weapon.load:
        return None
    combat = _combat(state)
    fired = combat.fired.get(who.id, {}).get(weapon.name, 0) if combat is not None else 0
    return max(0, capacity(who, weapon) - fired)


def in_hand(state: EncounterState, who: Combatant, weapon: str) -> bool:
    """Is ``weapon`` in hand: carried there, or drawn this fight?"""
    if draw_speed(who, weapon) is None:
        return True
    combat = _combat(state)
    return combat is not None and weapon in combat.drawn.get(who.id, [])


def _earlier(state: EncounterState, cid: str, kind: str, needs_roll: bool) -> list[Declaration]:
    """``cid``'s declared, unresolved actions that resolve before a new one of ``kind`` (R-ORD-1)."""
    from tactics.engine.combat.actions import resolution_order

    combat = _combat(state)
    if combat is None:
        return []
    who = state.combatants[cid]
    init, dex = combat.initiative.get(cid, 0), sheet_of(who).dex_score
    new = (combat.declaring_closed(cid),) + act.resolution_key(kind, needs_roll, init, dex, combat.next_id)
    return [d for d in resolution_order(state) if d.combatant == cid
            and (d.late,) + act.resolution_key(d.kind, d.needs_roll, init, dex, d.seq) < new]


def _planned(state: EncounterState, who: Combatant, weapon: Weapon, earlier: list[Declaration]) -> tuple[bool, int | None]:
    """(in hand, shots left) once ``earlier`` has resolved."""
    hand = in_hand(state, who, weapon.name)
    left = loads_left(state, who, weapon)
    for d in earlier:
        if d.params.get("weapon") != weapon.name:
            continue
        effect = d.params.get("effect")
        if effect == "draw":
            hand = True
        elif effect == "reload" and left is not None:
            left = min(capacity(who, weapon), left + weapon.load)
        elif d.kind in ATTACKS and left is not None:
            left = max(0, left - 1)
    return hand, left


def draw_words(who: Combatant, weapon: str) -> str:
    """"a Simple action (holster)": what drawing ``weapon`` takes, in words."""
    speed = draw_speed(who, weapon) or "simple"
    return f"{SPEED_WORDS[speed]} ({place_label(who, weapon)})"


def ready_problem(state: EncounterState, who: Combatant, weapon: Weapon, kind: str = act.STANDARD_ATTACK,
                  *, planned: bool = True) -> str | None:
    """Why ``who`` cannot attack with ``weapon`` in this team fight: not in hand, or empty.

    ``planned``: as the board will be when an attack of ``kind`` declared now resolves (its
    earlier reloads, draws and shots counted); else as it is now (the attack resolving)."""
    if _combat(state) is None:
        return None
    earlier = _earlier(state, who.id, kind, True) if planned else []
    hand, left = _planned(state, who, weapon, earlier)
    if not hand:
        return f"Draw the {weapon.title} first: {draw_words(who, weapon.name)}"
    if left == 0:
        return f"{possessive(who.name)} {weapon.title} is empty. Reload first: {reload_words(who)}"
    return None


def _weapon_of(who: Combatant, name: str | None) -> Weapon:
    if not name:
        raise Refused("choose the weapon")
    if name not in sheet_of(who).weapons:
        raise Refused(f"{who.name} carries no {name!r} (carries: {', '.join(sheet_of(who).weapons) or 'nothing'})")
    return default_armoury().weapon(name)


def readying_problem(state: EncounterState, who: Combatant, kind: str, effect: str, weapon_name: str | None) -> str | None:
    """Why ``who`` cannot declare this reload or draw as an action of ``kind`` now, or None."""
    try:
        weapon = _weapon_of(who, weapon_name)
    except Refused as exc:
        return exc.reason
    if kind == act.BONUS_MOVE:
        return "a Bonus Move moves; reloading or drawing is its own action"
    hand, left = _planned(state, who, weapon, _earlier(state, who.id, kind, False))
    if effect == "reload":
        if not weapon.load:
            return f"the {weapon.title} is not reloaded in play"
        if left == capacity(who, weapon):
            return f"{possessive(who.name)} {weapon.title} is already loaded"
        if not _fits(kind, reload_speed(who)):
            return f"reloading is {reload_words(who)} for {who.name}"
        return None
    speed = draw_speed(who, weapon.name)
    if speed is None or hand:
        return f"the {weapon.title} is already in {possessive(who.name)} hand"
    if not _fits(kind, speed):
        return f"drawing the {weapon.title} is {draw_words(who, weapon.name)}"
    return None


def readying_events(state: EncounterState, who: Combatant, effect: str, weapon_name: str | None) -> list[Event]:
    """The reload or the draw as it resolves (nothing rolls)."""
    weapon = _weapon_of(who, weapon_name)
    if effect == "reload":
        left = loads_left(state, who, weapon) or 0
        if left >= capacity(who, weapon):
            raise Refused(f"{possessive(who.name)} {weapon.title} is already loaded")
        return [WeaponReloaded(combatant=who.id, weapon=weapon.name, label=weapon.title, load=weapon.load,
                               left=min(capacity(who, weapon), left + weapon.load))]
    if in_hand(state, who, weapon.name):
        raise Refused(f"the {weapon.title} is already in {possessive(who.name)} hand")
    return [WeaponDrawn(combatant=who.id, weapon=weapon.name, label=weapon.title, place=place_of(who, weapon.name))]


def load_used(state: EncounterState, who: Combatant, weapon: Weapon) -> list[Event]:
    """The event that spends one shot of a loaded weapon in a team fight (none for an uncounted one)."""
    left = loads_left(state, who, weapon)
    if left is None or _combat(state) is None:
        return []
    return [LoadUsed(combatant=who.id, weapon=weapon.name, label=weapon.title, left=max(0, left - 1))]


# --------------------------------------------------------------------------- reducers (the log: ready_log)
def count_shot(state: EncounterState, combatant: str, weapon: str) -> None:
    """One shot more fired from ``weapon`` since its last load (team rounds and individual turns)."""
    fired = state.combat.fired.setdefault(combatant, {})
    fired[weapon] = fired.get(weapon, 0) + 1


def count_reload(state: EncounterState, combatant: str, weapon: str, load: int) -> None:
    """``load`` shots loaded again into ``weapon`` (never more than were fired)."""
    fired = state.combat.fired.setdefault(combatant, {})
    fired[weapon] = max(0, fired.get(weapon, 0) - int(load))


@reducer.on(LoadUsed)
def _load_used(state: EncounterState, event: LoadUsed) -> None:
    count_shot(state, event.combatant, event.weapon)


@reducer.on(WeaponReloaded)
def _reloaded(state: EncounterState, event: WeaponReloaded) -> None:
    count_reload(state, event.combatant, event.weapon, event.load)


@reducer.on(WeaponDrawn)
def _drawn(state: EncounterState, event: WeaponDrawn) -> None:
    drawn = state.combat.drawn.setdefault(event.combatant, [])
    if event.weapon not in drawn:
        drawn.append(event.weapon)


def ready_text(effect: str, params: dict[str, Any]) -> str:
    """A declared reload or draw in words: "reload Hand crossbow"."""
    name = params.get("weapon")
    try:
        title = default_armoury().weapon(name).title if name else "a weapon"
    except KeyError:
        title = str(name)
    return f"{effect} {title}"


__all__ = ["READY_EFFECTS", "capacity", "draw_speed", "draw_words", "in_hand", "load_used", "loads_left",
           "place_of", "ready_problem", "ready_text", "readying_events", "readying_problem", "reload_speed",
           "reload_words"]
