"""What the starship screen asks: who acts now, what they may do, the odds, the log.

Every function reads the state only. They accept an ``EncounterState`` (its
``space``) or a :class:`~tactics.engine.starship.state.SpaceState`. The odds shown for a
volley come from :func:`tactics.rules.starship.damage_chance` with exactly the
numbers :class:`~tactics.engine.starship.commands.FireWeapons` will roll with.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tactics.engine.starship.events import (
    SpaceActionTaken, SpaceAdrift, SpaceBattleDamage, SpaceCheckHelped, SpaceCloakDropped, SpaceCloaked, SpaceEffectEnded,
    SpaceEnded, SpaceExploded, SpaceExploding, SpaceHackCountered, SpaceModified, SpaceMoved, SpaceNoted,
    SpacePhaseEnded, SpacePhaseStarted, SpacePostAssigned, SpacePostVacated, SpaceRepaired, SpaceStarted,
    SpaceSurrendered, SpaceTreated, SpaceVolleySettled, SpaceWeaponsFired,
)
from tactics.engine.core.journal import Event
from tactics.engine.core.labels import agreeing, plural, possessive
from tactics.engine.starship.checks import CheckPlan, CrewSkill, crew_skill
from tactics.engine.starship.dc_parts import bd_dc_parts, bd_dc_terms, bd_dc_text, reroll_parts, reroll_text
from tactics.engine.starship.state import SpaceState, detects, effective, ship_bd_dc, usable_hard_points
from tactics.engine.starship.commands import actions_offered as _offered, scan_may_come
from tactics.engine.starship.commands import posts_acting_now as _acting
from tactics.engine.starship.commands import engineer_phases as _engineer_phases, science_phases as _science_phases
from tactics.rules.starship import ATTRIBUTE_NAMES, PHASE_NAMES, POST_NAMES, check_text, damage_chance
from tactics.rules.starship_data import ShipAction


def _space(state: Any) -> SpaceState:
    space = state if isinstance(state, SpaceState) else getattr(state, "space", None)
    if not isinstance(space, SpaceState):
        raise ValueError("this encounter has no starship battle")
    return space


def posts_acting_now(state: Any, ship_id: str) -> list[str]:
    """Posts of ``ship_id`` that may still act in the current phase (R-SHIP-2) and have something
    to do (a Chief Engineer with no Battle Damage to repair has not: not offered, not waited for)."""
    space = _space(state)
    return [post for post in _acting(space, ship_id) if _offered(space, ship_id, post)]


def engineer_phases(state: Any, ship_id: str) -> list[str]:
    """The phases the Chief Engineer of ``ship_id`` may act in: ["action", "response"] on a ship
    with Action-Phase work for them (grapple, cloak: N-SHIP-2), else ["response"]."""
    space = _space(state)
    return _engineer_phases(space, space.ships[ship_id])


def science_phases(state: Any, ship_id: str) -> list[str]:
    """The phases the Science Officer of ``ship_id`` may act in: ["support", "action"] on a ship
    with Action-Phase work for them (they hold for it), else ["support"]."""
    space = _space(state)
    return _science_phases(space, space.ships[ship_id])


def acting_now(state: Any) -> dict[str, list[str]]:
    """For every ship, the posts that may still act in the current phase (with something to do)."""
    space = _space(state)
    return {sid: posts_acting_now(space, sid) for sid in space.ships}


def actions_offered(state: Any, ship_id: str, post: str) -> list[ShipAction]:
    """The actions ``post`` of ``ship_id`` may take now."""
    return _offered(_space(state), ship_id, post)


def target_bd_dc(state: Any, target_id: str) -> tuple[int, int]:
    """The target's Battle Damage DC as it stands now (R-SHIP-3)."""
    space = _space(state)
    return ship_bd_dc(space, space.ships[target_id])


@dataclass(frozen=True)
class FireOdds:
    """A volley preview: what would be rolled and the exact chance of Battle Damage."""

    bd_dc: tuple[int, int]
    dice: int
    rerolls: int
    sensor_bonus: int
    chance: Fraction
    detected: bool
    reroll_parts: tuple[tuple[str, int], ...] = ()  # ("Weapons Mod", 2), ("Captain's order", 1)
    bd_dc_parts: tuple[str, str] = ("", "")  # ("4 + Armor Mod 0", "4 + Shield Mod 2 - Red Maw's hack 1")
    #: an unseen target (``detected`` False) can still be found by this phase's Scan of the own
    #: Sensors Officer; False: nobody can Scan now, and FireWeapons refuses the volley
    scan_possible: bool = True

    @property
    def percent(self) -> str:
        return f"{float(self.chance) * 100:.1f}%"


def fire_odds(state: Any, ship_id: str, target_id: str, hard_points: int) -> FireOdds:
    """The chance that ``hard_points`` hard points of ``ship_id`` deal Battle Damage to
    ``target_id`` if fired now (R-SHIP-4), with this round's Scan and order counted."""
    space = _space(state)
    ship, target = space.ships[ship_id], space.ships[target_id]
    now = space.now
    dice = max(0, min(int(hard_points), usable_hard_points(ship, now)))
    dc = ship_bd_dc(space, target, now)
    scanned = target_id in space.scans.get(ship_id, [])
    sensor_bonus = max(0, effective(space, ship, "sensor_mod", now)) if scanned else 0
    sources = tuple(reroll_parts(space, ship, now))  # as FireWeapons counts them
    rerolls = sum(n for _, n in sources)
    chance = damage_chance(dice, dc, weapons_mod=rerolls, sensor_bonus=sensor_bonus)
    return FireOdds(dc, dice, rerolls, sensor_bonus, chance, detects(ship, target, now), sources,
                    bd_dc_terms(bd_dc_parts(space, target, now)), scan_may_come(space, ship))


# -- the log -------------------------------------------------------------------------


def _pool_text(dice: list[dict[str, Any]], sensor_bonus: int) -> str:
    parts = []
    for die in dice:
        mark = "✓" if die["success"] else "✗"
        shown = f"{die['face']}" + (f"+{sensor_bonus}" if sensor_bonus else "")
        if die.get("reroll_of") is None:
            parts.append(f"{shown}{mark}")
        else:
            parts.append(f"re-roll of die {die['reroll_of'] + 1}: {shown}{mark}")
    return ", ".join(parts)


def _phase(round_: int, phase: str) -> str:
    if round_ == 0:
        return "Surprise round"
    return f"Round {round_}, {PHASE_NAMES.get(phase, phase)} Phase"


def _note(note: str | None, before: str = "") -> str:
    """The app-controlled opponent's one-line reason for an action, if it gave one (tactics.ai)."""
    note = str(note or "").strip()
    return f"{before} Why: {note[:1].upper() + note[1:]}" + ("" if note.endswith(".") else ".") if note else ""


def describe(event: Event, *, crew: bool = True) -> str:
    """One log line for a space event; ``crew`` False: without who at which post acted and without
    the app's reasons (the players' log of a GM ship, reading: N-SEEN-5)."""
    kind, d = event.kind, event
    ship = getattr(d, "ship_name", "")  # (most space events name their ship)
    if isinstance(d, SpacePostAssigned):
        return f"{d.crew_name} takes the {POST_NAMES[d.post]} post on the {ship}."
    if isinstance(d, SpacePostVacated):
        return f"The {POST_NAMES[d.post]} post on the {ship} is left empty."
    if isinstance(d, SpaceStarted):
        names = d.names
        if d.surprise:
            who = ", ".join(names.get(s, s) for s in d.surprise)
            return f"Space combat begins. Unseen by the enemy's passive sensors, the {who} acts first."
        return "Space combat begins."
    if isinstance(d, SpacePhaseStarted):
        return f"{_phase(d.round, d.phase)} begins."
    if isinstance(d, SpacePhaseEnded):
        return f"{_phase(d.round, d.phase)} ends: its effects apply to every ship at once."
    if isinstance(d, SpaceActionTaken):
        line = f"{ship}: {d.crew_name} ({POST_NAMES[d.post]}) — {d.label}" if crew else f"{ship}: {d.label}"
        if d.target_name:
            line += f" on the {d.target_name}"
        for effect in d.effects if crew else ():
            if effect["kind"] == "advantage" and effect.get("post"):
                line += f" to the {POST_NAMES[effect['post']]}"
        if d.check:
            line += f": {check_text(d.check)}"
        return line + "." + (_note(d.note) if crew else "")
    if isinstance(d, SpaceWeaponsFired):
        count, threshold = d.bd_dc
        verdict = "Battle Damage!" if d.battle_damage else "no Battle Damage"
        if d.provisional:  # N-SHIP-1: judged with every roll of the phase in
            verdict = ("Battle Damage when the phase ends" if d.battle_damage
                       else "no Battle Damage yet (judged when the phase ends)")
        if d.detected is False:
            verdict += "; fired blind: it counts only if this phase's Scan finds the target"
        if d.cloaked:
            verdict += f"; firing gives the {ship} away (its cloak drops when the phase ends)"
        who = f"{ship}: {d.crew_name} fires" if crew else f"The {ship} fires"
        of_dc = bd_dc_text(d.bd_dc_parts)
        used = sum(1 for die in d.dice if die.get("reroll_of") is not None)
        # where the re-rolls came from, in the fire dialog's words (R-SHIP-4; review 9, finding 10)
        rerolls = (f" ({plural(used, 're-roll')} of successes: {reroll_text(d.rerolls_from, d.rerolls_allowed, used)})"
                   if used and crew else "")  # the players' log of a GM ship tells no crew detail (N-SEEN-5)
        return (f"{who} {plural(len(d.hard_points), 'hard point')} at the "
                f"{d.target_name} (BD DC {count},{threshold}{': ' + of_dc if of_dc else ''}): "
                f"{_pool_text(d.dice, d.sensor_bonus)}{rerolls} — {plural(d.successes, 'success', 'successes')}, "
                f"{verdict}" + (_note(d.note, ".") if crew else ""))
    if isinstance(d, SpaceVolleySettled):
        if not d.found:
            return f"The {ship}'s blind volley at the {d.target_name} finds nothing: the Scan never found it."
        verdict = "Battle Damage!" if d.battle_damage else "no Battle Damage"
        if not d.changed:
            return (f"The {ship}'s volley at the {d.target_name} stands: "
                    f"{plural(d.successes, 'success', 'successes')}, {verdict}")
        extra = f" with the Scan's +{d.sensor_bonus}" if d.sensor_bonus else ""
        return (f"The {ship}'s volley at the {d.target_name}{extra}: {_pool_text(d.dice, d.sensor_bonus)} — "
                f"{plural(d.successes, 'success', 'successes')}, {verdict}")
    if isinstance(d, SpaceCheckHelped):
        verdict = "success" if d.success else "failure"
        return (f"{ship}: the Captain's order reaches {d.crew_name} ({POST_NAMES[d.post]}) — "
                f"{d.label} gets + advantage d2 {d.check['affinity']} = {d.check['total']}: {verdict}.")
    if isinstance(d, SpaceHackCountered):
        stopped, ended = d.stopped, int(d.ended)
        if not stopped and not ended:
            return f"The {ship}'s counter-hack ({d.total}) finds no intrusion to stop."
        parts = []
        if stopped:
            parts.append(f"stops {len(stopped)} hack{'s' if len(stopped) > 1 else ''} ({'; '.join(stopped)})")
        if ended:
            parts.append(f"ends {ended} hack{'s' if ended > 1 else ''} in effect")
        return f"The {ship}'s counter-hack ({d.total}) " + " and ".join(parts) + "."
    if isinstance(d, SpaceTreated):
        if d.ids:
            return f"The {ship}'s Medical Officer treats {d.crew_name}: the {d.post_name} can act again."
        return f"The {ship}'s Medical Officer patches up {d.crew_name} ({d.post_name})."
    if isinstance(d, SpaceBattleDamage):
        a, b = d.faces
        return (f"The {ship} takes Battle Damage {d.count}/{d.maximum}: 2d6 ({a}, {b}) = {d.result} — "
                f"{d.effect.rstrip('.')} (repair DC {d.repair_dc})")
    if isinstance(d, SpaceRepaired):
        return (f"The {possessive(ship)} engineers repair a Battle Damage ({d.effect.rstrip('.')}); "
                f"it now holds {d.count}/{d.maximum}.")
    if isinstance(d, SpaceEffectEnded):
        return f"The {ship}'s damage effect wears off: {d.effect}"
    if isinstance(d, SpaceModified):
        sign = "+" if d.amount > 0 else ""
        return f"The {ship} gets {sign}{d.amount} {ATTRIBUTE_NAMES[d.attribute]} ({d.text or d.source})."
    if isinstance(d, SpaceMoved):
        if d.joined:
            return f"Grapples lock on: the {ship} and the {d.target_name} are pulled together."
        verb = "closes on" if float(d.amount) > 0 else "pulls away from"
        return f"The {ship} {verb} the {d.target_name}."
    if isinstance(d, SpaceCloaked):
        return f"The {ship} vanishes under its cloak."
    if isinstance(d, SpaceCloakDropped):
        if d.reason == "fired":
            return f"The {possessive(ship)} cloak drops: it fired (a cloak hides a ship only until it fires)."
        return f"The {possessive(ship)} cloak runs out: its phases under the cloak are over."
    if isinstance(d, SpaceNoted):
        return f"{ship}: {d.text}."
    if isinstance(d, SpaceAdrift):
        return f"The {ship} holds its maximum Battle Damage: adrift and helpless from round {d.round}."
    if isinstance(d, SpaceExploding):
        return f"The {ship} is beyond its maximum Battle Damage and will explode by the end of round {d.round}!"
    if isinstance(d, SpaceExploded):
        return f"The {ship} explodes."
    if isinstance(d, SpaceSurrendered):
        return f"The {ship} surrenders."
    if isinstance(d, SpaceEnded):
        winner = d.winner
        name = d.winner_name or (winner.replace("_", " ").title() if winner else "")  # as the header names it
        return f"Space combat is over: {agreeing(name, 'wins')}." if winner else "Space combat is over: no side stands."
    return f"{kind}: {event.to_dict()['data']}"


__all__ = [
    "FireOdds", "acting_now", "actions_offered", "describe", "fire_odds", "posts_acting_now", "target_bd_dc",
]


def action_chance(state: Any, ship_id: str, post: str, action: str, params: dict[str, Any] | None = None
                  ) -> Fraction | None:
    """Exact chance that a crew action's check succeeds (R-SHIP-8), or None without a check.

    Compute, then commit: the command that will resolve the action is run on
    every face of its 2d10 (and of the d2 when an advantage applies), so the
    odds shown are the odds rolled, whatever modifiers, DC and advantage the
    engine works out. Returns None when the action rolls nothing or is refused now.
    """
    from itertools import product

    from tactics.engine.core.journal import Refused
    from tactics.engine.starship.commands import TakeAction
    from tactics.rules.dice import Dice

    command = TakeAction(ship_id, post, action, dict(params or {}))
    wins = total = 0
    for first, second in product(range(1, 11), repeat=2):
        for extra in (1, 2):
            dice = Dice(0, 0, typed=[first, second, extra])
            try:
                events = command.execute(state, dice)
            except Refused:
                return None
            taken = next((e for e in events if isinstance(e, SpaceActionTaken)), None)
            if taken is None or taken.check is None:
                return None
            total += 1
            wins += taken.success
            if dice.typed_left:  # no advantage die was rolled: both d2 faces give the same
                total += 1
                wins += taken.success
                break
    return Fraction(wins, total)


def check_plan(state: Any, ship_id: str, post: str, action: str, params: dict[str, Any] | None = None
               ) -> CheckPlan | None:
    """The check a crew action would roll now, worked out before the roll (review 18, finding 1):
    its modifiers, the DC and the DC's parts ("DC 11 (10 + Wayfarer's Shield Mod 1)"), from the very
    function :class:`~tactics.engine.starship.commands.TakeAction` rolls with; None when the action
    rolls nothing or is refused now."""
    from tactics.engine.core.journal import Refused
    from tactics.engine.starship.commands import TakeAction

    try:
        return TakeAction(ship_id, post, action, dict(params or {})).plan(state)
    except Refused:
        return None


def crew_skill_of(state: Any, ship_id: str, post: str, action: str) -> CrewSkill | None:
    """Where the crew bonus of ``action``'s check comes from for whoever holds ``post`` (review 18,
    finding 2): the sheet's skill, its governing ability (N-SKILL-1), or none (set by hand)."""
    space = _space(state)
    chosen = space.actions.get(action)
    if chosen is None or chosen.check is None or ship_id not in space.ships:
        return None
    return crew_skill(state, space.ships[ship_id], post, chosen)


def idle_words(state: Any, ship_id: str, post: str) -> str:
    """Why a post free to act in this phase has nothing to do: "nothing to repair" (a Chief Engineer
    with no Battle Damage, R-SHIP-5), "nothing to treat" (a Medical Officer with no injured crew,
    N-SHIP-4), else "nothing to do"."""
    space = _space(state)
    if space.phase == "response" and post == "engineer":
        return "nothing to repair"
    if space.phase == "response" and post == "medical":
        return "nothing to treat"
    return "nothing to do"


def nothing_to_do_reason(state: Any, ship_id: str, post: str) -> str:
    """The status line's reason a post has nothing to do now ("no one aboard is hurt")."""
    words = idle_words(state, ship_id, post)
    if words == "nothing to repair":
        return "no Battle Damage to repair"
    if words == "nothing to treat":
        return "no one aboard is hurt (the Medical Officer treats crew a Battle Damage injured)"
    return ""


__all__ += ["check_plan", "crew_skill_of", "idle_words", "nothing_to_do_reason", "CheckPlan", "CrewSkill"]


def action_note(state: Any, ship_id: str, post: str, action: str) -> str:
    """A line the dialog adds under an action's text when the moment changes what it costs: in the
    surprise round (R-SHIP-7: an Action Phase only) a Chief Engineer acting now gives up no Response
    Phase, so the data's "gives up the Response Phase" does not hold there (N-SHIP-2)."""
    space = _space(state)
    chosen = space.actions.get(action)
    if chosen is None or post != "engineer" or space.phase != "action":
        return ""
    if space.round == 0:
        return "The surprise round has no Response Phase: acting now gives nothing up."
    return ""


__all__ += ["action_note"]
