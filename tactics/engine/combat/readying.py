"""Reloading and drawing a weapon in team rounds (the text's "Other Common Actions of Note").

Why it exists: the text says "By default, reloading is a Standard Move Action ... a Simple
Action ... for example, the Quick Reload feat", and that drawing a weapon "holstered or
otherwise strapped ... in a quick (1-second), accessible way" is a Simple Move Action, one "in
a bag or [that] requires unlocking/latching" a Standard Move Action. So in team rounds
(readings N-READY-1, N-READY-2, N-READY-3; the numbers in ``data/common_actions.toml``):

* A weapon with a ``load`` (``weapons.toml``) starts the fight loaded; every shot from it uses
  one (:class:`~tactics.engine.combat.ready_events.LoadUsed`); an empty one cannot attack
  ("Reload first"). A reload is ``Action(STANDARD_MOVE, effect="reload", weapon=...)``, or a
  Simple action (``SIMPLE`` / ``SIMPLE_AFTER``) for a sheet with a quick-reload feat.
* A weapon starts where the sheet's ``carried`` puts it (not named: in hand). One not in hand
  cannot attack ("Draw the pistol first: a Simple action (holster)"); ``Action(kind,
  effect="draw", weapon=...)`` draws it, as a Simple action or a Standard Move as its place says.

* Hands are counted when a weapon is drawn (reading N-READY-3): two, a weapon in hand holding one,
  a two-handed one both, a natural one none. A draw needs the drawn weapon's hands free; the
  Simple "Draw/Holster" puts nothing away, so with the hands full it is refused ("Rook's hands are
  full ..."). Switching weapons is a Standard Move draw naming what it puts away (``stow``): the
  weapons go back where the sheet carries them (one started in hand: the pack) and must be drawn
  again from there (:class:`~tactics.engine.combat.ready_events.WeaponStowed`).

Neither rolls, so both resolve before the group's rolled actions (R-ORD-1). What is declared
counts already: an attack declared after a reload or a draw that resolves before it is
accepted, a second shot from a one-shot crossbow is not. Individual turns keep their own loads
(N-SHOT-1, :mod:`tactics.engine.combat.individual.shots`) and do not track draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactics.engine.combat.ready_events import LoadUsed, WeaponDrawn, WeaponReloaded, WeaponStowed
from tactics.engine.combat.state import CombatState, Declaration, reducer, sheet_of
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.labels import listed, possessive
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import actions as act
from tactics.rules.sheets import Weapon, default_armoury

if TYPE_CHECKING:
    from tactics.rules.common_actions import CommonActions

READY_EFFECTS: tuple[str, ...] = ("reload", "draw")
ATTACKS: frozenset[str] = frozenset({act.STANDARD_ATTACK, act.BONUS_ATTACK})
SPEED_WORDS: dict[str, str] = {"simple": "a Simple action", "standard-move": "a Standard Move"}


def _common() -> CommonActions:
    """The table's draw and reload rules (``data/common_actions.toml``), imported when first asked:
    the first frame of a fight not started yet asks none (issue 12: start time)."""
    from tactics.rules.common_actions import default_common_actions

    return default_common_actions()


def _fits(kind: str, speed: str) -> bool:
    """Does an action of ``kind`` take at least the time ``speed`` needs? A Standard Move is
    always enough; a Simple action only for what is Simple."""
    if kind == act.STANDARD_MOVE:
        return True
    return speed == "simple" and kind in (act.SIMPLE, act.SIMPLE_AFTER)


# --------------------------------------------------------------------------- what the sheet says
def place_of(who: Combatant, weapon: str, state: EncounterState | None = None) -> str:
    """Where the sheet carries ``weapon`` at the start of a fight (reading: N-READY-2); with
    ``state``, where it is now when switching weapons put it away (N-READY-3)."""
    combat = _combat(state) if state is not None else None
    if combat is not None and weapon in combat.stowed.get(who.id, {}):
        return combat.stowed[who.id][weapon]
    return sheet_of(who).carried.get(weapon, _common().draw.default_place)


def draw_speed(who: Combatant, weapon: str, state: EncounterState | None = None) -> str | None:
    """What drawing ``weapon`` from its place takes ("simple", "standard-move"); None: in hand."""
    place = _common().draw.places.get(place_of(who, weapon, state))
    return None if place is None else place.action


def place_label(who: Combatant, weapon: str, state: EncounterState | None = None) -> str:
    place = _common().draw.places.get(place_of(who, weapon, state))
    return place.label if place is not None else place_of(who, weapon, state)


def stow_place(who: Combatant, weapon: str) -> str:
    """Where switching weapons puts ``weapon``: back where the sheet carries it, or, for one the
    sheet starts in hand, the table's ``stow_place`` (the pack; reading: N-READY-3)."""
    rules = _common().draw
    carried = sheet_of(who).carried.get(weapon)
    place = rules.places.get(carried) if carried else None
    return carried if carried and place is not None and place.action is not None else rules.stow_place


def reload_speed(who: Combatant) -> str:
    """How fast ``who`` reloads: the table's default, faster with a quick-reload feat (N-READY-1)."""
    rules = _common().reload
    quick = any(f in rules.quick_feats for f in sheet_of(who).feats)
    return rules.quick_action if quick else rules.action


def reload_words(who: Combatant) -> str:
    """"a Standard Move" or "a Simple action (Quick Reload)": how ``who`` reloads, in words."""
    rules = _common().reload
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
    """Is ``weapon`` in hand: carried there and not put away since, or drawn this fight?"""
    combat = _combat(state)
    if combat is not None and weapon in combat.drawn.get(who.id, []):
        return True
    if combat is not None and weapon in combat.stowed.get(who.id, {}):
        return False
    return draw_speed(who, weapon) is None


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
        effect = d.params.get("effect")
        if effect == "draw" and weapon.name in _stow_list(d.params.get("stow")):
            hand = False  # a switch puts it away (N-READY-3)
        if d.params.get("weapon") != weapon.name:
            continue
        if effect == "draw":
            hand = True
        elif effect == "reload" and left is not None:
            left = min(capacity(who, weapon), left + weapon.load)
        elif d.kind in ATTACKS and left is not None:
            left = max(0, left - 1)
    return hand, left


# --------------------------------------------------------------------------- hands (N-READY-3)
def _stow_list(raw: Any) -> list[str]:
    """A declaration's ``stow`` as weapon ids (anything else names nothing: refused elsewhere)."""
    return [w for w in raw if isinstance(w, str)] if isinstance(raw, list) else []


def hands_of(who: Combatant, weapon: str) -> int:
    """Hands ``weapon`` holds in ``who``'s hands: one, both when two-handed, none when natural;
    a sheet listing it twice holds both copies."""
    w = default_armoury().weapon(weapon)
    each = _common().draw.hands_for(two_handed=w.two_handed, group=w.group)
    return each * sheet_of(who).weapons.count(weapon)


def held(state: EncounterState, who: Combatant, earlier: list[Declaration] | None = None) -> list[str]:
    """The weapons in ``who``'s hands that hold a hand, in sheet order, once ``earlier`` (its
    declarations that resolve first) has resolved."""
    names = [n for n in dict.fromkeys(sheet_of(who).weapons) if hands_of(who, n)]
    now = {n for n in names if in_hand(state, who, n)}
    for d in earlier or []:
        if d.params.get("effect") != "draw":
            continue
        now -= set(_stow_list(d.params.get("stow")))
        if d.params.get("weapon") in names:
            now.add(str(d.params["weapon"]))
    return [n for n in names if n in now]


def _titles(names: list[str]) -> str:
    return listed([default_armoury().weapon(n).title for n in names])


def _hand_words(n: int) -> str:
    return {0: "no hand", 1: "one hand", 2: "two hands"}.get(n, f"{n} hands")


def hands_problem(state: EncounterState, who: Combatant, kind: str, weapon: Weapon, stow: list[str] | None,
                  earlier: list[Declaration]) -> str | None:
    """Why ``who``'s hands do not let this draw (putting ``stow`` away first) go ahead, or None."""
    rules = _common().draw
    in_hands = held(state, who, earlier)
    need = hands_of(who, weapon.name)
    for name in stow or []:
        if name not in in_hands:
            title = default_armoury().weapon(name).title if name in default_armoury().weapons else repr(name)
            return f"the {title} is not in {possessive(who.name)} hand: there is nothing to put away"
    keep = [n for n in in_hands if n not in (stow or [])]
    free = rules.hands - sum(hands_of(who, n) for n in keep)
    if need <= free:
        return None
    switch = SPEED_WORDS[rules.switch_action]
    needs = "both hands" if need >= 2 and rules.hands == 2 else _hand_words(need)
    if stow:
        return f"putting away the {_titles(stow)} leaves {who.name} {_hand_words(max(0, free))} free: " \
               f"the {weapon.title} needs {needs}"
    full = f"{possessive(who.name)} hands are full ({_titles(keep)})" if free <= 0 else \
        f"{who.name} has {_hand_words(free)} free ({_titles(keep)} in the other)"
    if _fits(kind, rules.switch_action):
        return f"{full}: the {weapon.title} needs {needs}. Switch weapons, naming what to put away"
    it = "it" if len(keep) == 1 else "one"
    return f"{full}: the {weapon.title} needs {needs}. Switch weapons to put {it} away: {switch}"


def draw_words(who: Combatant, weapon: str, state: EncounterState | None = None) -> str:
    """"a Simple action (holster)": what drawing ``weapon`` takes, in words (with ``state``: from
    where it is now, a weapon a switch put away included)."""
    speed = draw_speed(who, weapon, state) or "simple"
    return f"{SPEED_WORDS[speed]} ({place_label(who, weapon, state)})"


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
        if any(weapon.name in _stow_list(d.params.get("stow")) for d in earlier if d.params.get("effect") == "draw"):
            place = _common().draw.places[stow_place(who, weapon.name)]  # a switch before it (N-READY-3)
            return f"Draw the {weapon.title} first: {SPEED_WORDS[place.action or 'simple']} ({place.label})"
        return f"Draw the {weapon.title} first: {draw_words(who, weapon.name, state)}"
    if left == 0:
        return f"{possessive(who.name)} {weapon.title} is empty. Reload first: {reload_words(who)}"
    return None


def _weapon_of(who: Combatant, name: str | None) -> Weapon:
    if not name:
        raise Refused("choose the weapon")
    if name not in sheet_of(who).weapons:
        raise Refused(f"{who.name} carries no {name!r} (carries: {', '.join(sheet_of(who).weapons) or 'nothing'})")
    return default_armoury().weapon(name)


def readying_problem(state: EncounterState, who: Combatant, kind: str, effect: str, weapon_name: str | None,
                     *, stow: Any = None) -> str | None:
    """Why ``who`` cannot declare this reload or draw as an action of ``kind`` now, or None.
    ``stow``: for a draw, the weapons in hand it puts away first (switching weapons, N-READY-3)."""
    try:
        weapon = _weapon_of(who, weapon_name)
    except Refused as exc:
        return exc.reason
    if kind == act.BONUS_MOVE:
        return "a Bonus Move moves; reloading or drawing is its own action"
    earlier = _earlier(state, who.id, kind, False)
    hand, left = _planned(state, who, weapon, earlier)
    if stow is not None and (effect != "draw" or not isinstance(stow, list)
                             or not all(isinstance(n, str) for n in stow)):
        return "only a draw puts weapons away, named by their ids (stow)"
    if effect == "reload":
        if not weapon.load:
            return f"the {weapon.title} is not reloaded in play"
        if left == capacity(who, weapon):
            return f"{possessive(who.name)} {weapon.title} is already loaded"
        if not _fits(kind, reload_speed(who)):
            return f"reloading is {reload_words(who)} for {who.name}"
        return None
    speed = draw_speed(who, weapon.name, state)
    if speed is None or hand:
        return f"the {weapon.title} is already in {possessive(who.name)} hand"
    if not _fits(kind, speed):
        return f"drawing the {weapon.title} is {draw_words(who, weapon.name, state)}"
    rules = _common().draw
    if stow and not _fits(kind, rules.switch_action):
        return f"putting a weapon away to draw another is switching weapons: {SPEED_WORDS[rules.switch_action]}"
    return hands_problem(state, who, kind, weapon, list(stow or []), earlier)


def readying_events(state: EncounterState, who: Combatant, effect: str, weapon_name: str | None,
                    *, stow: Any = None) -> list[Event]:
    """The reload or the draw as it resolves (nothing rolls); a switch puts ``stow`` away first."""
    weapon = _weapon_of(who, weapon_name)
    if effect == "reload":
        left = loads_left(state, who, weapon) or 0
        if left >= capacity(who, weapon):
            raise Refused(f"{possessive(who.name)} {weapon.title} is already loaded")
        return [WeaponReloaded(combatant=who.id, weapon=weapon.name, label=weapon.title, load=weapon.load,
                               left=min(capacity(who, weapon), left + weapon.load))]
    if in_hand(state, who, weapon.name):
        raise Refused(f"the {weapon.title} is already in {possessive(who.name)} hand")
    names = _stow_list(stow)
    if (problem := hands_problem(state, who, act.STANDARD_MOVE if names else act.SIMPLE, weapon, names, [])):
        raise Refused(problem)
    events: list[Event] = [WeaponStowed(combatant=who.id, weapon=n, label=default_armoury().weapon(n).title,
                                        place=stow_place(who, n)) for n in names]
    return events + [WeaponDrawn(combatant=who.id, weapon=weapon.name, label=weapon.title,
                                 place=place_of(who, weapon.name, state))]


DRAW_KINDS: tuple[str, ...] = (act.SIMPLE, act.SIMPLE_AFTER, act.STANDARD_MOVE)  # the quickest first


def hands_blocked(state: EncounterState, who: Combatant, kinds: list[str]) -> list[tuple[str, str, str]]:
    """(weapon, kind, why) per weapon of ``who`` whose draw only the hands stop now: the quickest of
    ``kinds`` its place allows, and the engine's refusal (reading: N-READY-3). The declare card
    shows that draw greyed with the words, so a full pair of hands does not drop it silently."""
    out: list[tuple[str, str, str]] = []
    combat = _combat(state)
    declared = [d for d in (combat.declarations_of(who.id) if combat is not None else []) if d.status == "declared"]
    for name in dict.fromkeys(sheet_of(who).weapons):
        speed = draw_speed(who, name, state)
        if speed is None or any(d.params.get("effect") == "draw" and d.params.get("weapon") == name for d in declared):
            continue  # in hand, or a declared draw (a switch) brings it out: nothing to grey
        weapon = default_armoury().weapon(name)
        for kind in (k for k in DRAW_KINDS if k in kinds and _fits(k, speed)):
            earlier = _earlier(state, who.id, kind, False)
            if _planned(state, who, weapon, earlier)[0]:
                break  # in hand (or drawn before it) already: nothing to draw
            if readying_problem(state, who, kind, "draw", name) is None:
                break
            if (why := hands_problem(state, who, kind, weapon, [], earlier)) is not None:
                out.append((name, kind, why[0].upper() + why[1:]))
            break
    return out


def switch_options(state: EncounterState, who: Combatant, weapon_name: str, kinds: list[str]) -> list[list[str]]:
    """What switching weapons (N-READY-3) could put away to draw ``weapon_name`` now, as the engine
    accepts it: each weapon in hand that frees enough alone, else all of them; none when a plain
    draw is accepted or switching is not among ``kinds``."""
    rules = _common().draw
    kind = next((k for k in DRAW_KINDS if k in kinds and _fits(k, rules.switch_action)), None)
    if kind is None or any(readying_problem(state, who, k, "draw", weapon_name) is None for k in DRAW_KINDS if k in kinds):
        return []
    in_hands = held(state, who, _earlier(state, who.id, kind, False))
    singles = [[n] for n in in_hands if readying_problem(state, who, kind, "draw", weapon_name, stow=[n]) is None]
    if singles:
        return singles
    both = readying_problem(state, who, kind, "draw", weapon_name, stow=in_hands) is None if in_hands else False
    return [in_hands] if both else []


def switch_words(params: dict[str, Any]) -> str:
    """", putting away the Hand crossbow": what a declared draw puts away first, in words ("" for none)."""
    names = [n for n in _stow_list(params.get("stow")) if n in default_armoury().weapons]
    return f", putting away the {_titles(names)}" if names else ""


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
    stowed = state.combat.stowed.get(event.combatant, {})
    stowed.pop(event.weapon, None)
    if not stowed:
        state.combat.stowed.pop(event.combatant, None)


@reducer.on(WeaponStowed)
def _stowed(state: EncounterState, event: WeaponStowed) -> None:
    drawn = state.combat.drawn.get(event.combatant, [])
    if event.weapon in drawn:
        drawn.remove(event.weapon)
    if not drawn:
        state.combat.drawn.pop(event.combatant, None)
    state.combat.stowed.setdefault(event.combatant, {})[event.weapon] = event.place


def ready_text(effect: str, params: dict[str, Any]) -> str:
    """A declared reload or draw in words: "reload Hand crossbow"."""
    name = params.get("weapon")
    try:
        title = default_armoury().weapon(name).title if name else "a weapon"
    except KeyError:
        title = str(name)
    return f"{effect} {title}"


__all__ = ["DRAW_KINDS", "READY_EFFECTS", "capacity", "draw_speed", "draw_words", "hands_blocked", "hands_of",
           "hands_problem", "held", "in_hand", "load_used", "loads_left", "place_of", "ready_problem", "ready_text",
           "readying_events", "readying_problem", "reload_speed", "reload_words", "stow_place", "switch_options",
           "switch_words"]
