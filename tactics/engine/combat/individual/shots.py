"""Non-contested attacks and loaded weapons in individual turns (the second text).

Why it exists: the second text lets some attacks be non-contested: "firing a loaded
firearm/crossbow if within guaranteed hit range", and a character who trades the contested
action may be "firing two loaded 1-handed crossbows". So:

* ``shot`` (a :class:`~tactics.engine.combat.individual.actions.TurnAction` kind): fire a
  loaded weapon that has a guaranteed-hit range (``sure_hit_ft`` in ``data/weapons.toml``) at a
  target no farther than that. No one rolls against anyone, so it is non-contested (R-TURN-2):
  no accuracy check, a plain hit, the weapon's damage rolled once (reading: N-SHOT-1). It may
  be held and fired on another's turn, also in the middle of a movement (N-HELD-1).
* ``reload``: one weapon (one of them, for a character carrying two) is loaded again; a
  non-contested action, as the text lists it.
* A weapon with a ``load`` is loaded when the fight starts; every shot from it, sure or an
  attack with an accuracy check, uses one; with none left it must be reloaded first. A sheet
  that lists a weapon twice carries two of them (two hand crossbows: two loads).
"""

from __future__ import annotations

from typing import Any

from tactics.engine.combat.events import CombatantRevealed, DamageRolled
from tactics.engine.combat.individual.events import TurnsLoadUsed, TurnsReloaded, TurnsSureShot
from tactics.engine.combat.actions import arms_or_refuse, target_or_refuse
from tactics.engine.combat.attack import attack_setup, hp_events
from tactics.engine.combat.individual.procedure import TurnsState, reducer
from tactics.engine.combat.queries import DESCRIBERS
from tactics.engine.combat.readying import count_reload, count_shot
from tactics.engine.combat.team import sheet_of
from tactics.engine.core.journal import Event, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.attacks import roll_damage
from tactics.rules.dice import Dice
from tactics.rules.sheets import Technique, Weapon
from tactics.engine.core.labels import possessive

SHOT, RELOAD = "shot", "reload"


def capacity(who: Combatant, weapon: Weapon) -> int:
    """Shots the combatant's loaded copies of ``weapon`` hold (0: not a loaded weapon)."""
    return weapon.load * sheet_of(who).weapons.count(weapon.name)


def loads_left(state: EncounterState, who: Combatant, weapon: Weapon) -> int | None:
    """Shots left before a reload, or None for a weapon whose ammunition is not counted."""
    if not weapon.load:
        return None
    turns = state.combat
    fired = turns.fired.get(who.id, {}).get(weapon.name, 0) if isinstance(turns, TurnsState) else 0
    return max(0, capacity(who, weapon) - fired)


def loaded_problem(state: EncounterState, who: Combatant, weapon: Weapon) -> str | None:
    left = loads_left(state, who, weapon)
    if left == 0:
        return f"{possessive(who.name)} {weapon.title} is not loaded: reload it first"
    return None


def load_used(state: EncounterState, who: Combatant, weapon: Weapon) -> list[Event]:
    """The event that spends one shot of a loaded weapon (none for an uncounted one)."""
    if not weapon.load or not isinstance(state.combat, TurnsState):
        return []
    return [TurnsLoadUsed(combatant=who.id, weapon=weapon.name, label=weapon.title,
                          left=max(0, (loads_left(state, who, weapon) or 0) - 1))]


def _weapon(who: Combatant, action: Any) -> Weapon:
    arms = arms_or_refuse(who, action)
    if isinstance(arms, Technique):  # pragma: no cover - arms_or_refuse gives a weapon for these kinds
        raise Refused("a Technique is not fired")
    return arms


def shot_problem(state: EncounterState, who: Combatant, action: Any) -> str | None:
    """Why this non-contested shot cannot be fired now (not loaded, out of guaranteed range ...)."""
    try:
        weapon = _weapon(who, action)
        target = target_or_refuse(state, action.target)
    except Refused as exc:
        return exc.reason
    if action.cells:
        return "a shot does not move; move first"
    if not weapon.sure_hit_ft:
        return (f"{weapon.title} has no guaranteed-hit range: only a loaded firearm or crossbow fires "
                "without an accuracy check (attack instead)")
    problem = loaded_problem(state, who, weapon)
    if problem:
        return problem
    setup = attack_setup(state, who, weapon, target)
    if setup.problem:
        return setup.problem
    if setup.distance_ft > weapon.sure_hit_ft:
        return (f"{target.name} is {setup.distance_ft} ft away; {weapon.title} is a sure hit only within "
                f"{weapon.sure_hit_ft} ft (attack instead)")
    return None


def shot_events(state: EncounterState, who: Combatant, action: Any, dice: Dice) -> list[Event]:
    """A sure shot: no accuracy roll, a plain hit (reading: N-SHOT-1). Dice: the damage roll."""
    problem = shot_problem(state, who, action)
    if problem:
        raise Refused(problem)
    weapon = _weapon(who, action)
    target = target_or_refuse(state, action.target)
    events: list[Event] = [TurnsSureShot(combatant=who.id, target=target.id, weapon=weapon.name, label=weapon.title,
                            sure_hit_ft=weapon.sure_hit_ft)]
    events += load_used(state, who, weapon)
    if who.hidden:  # reading: N-HIDE-1, attacking gives a hidden attacker away
        events.append(CombatantRevealed(combatant=who.id, reason="attacked"))
    dmg = roll_damage(dice, "hit", weapon.damage, crit_multiplier=weapon.crit_multiplier)
    events.append(DamageRolled(action=None, attacker=who.id, target=target.id, expr=dmg.expr,
                               rolls=[[list(f), t] for f, t in dmg.rolls], kept=dmg.kept,
                               multiplier=dmg.multiplier, halved=dmg.halved, amount=dmg.amount, outcome="hit"))
    return events + hp_events(state, target.id, -dmg.amount, f"{weapon.title} (sure hit)")


def reload_problem(state: EncounterState, who: Combatant, action: Any) -> str | None:
    try:
        weapon = _weapon(who, action)
    except Refused as exc:
        return exc.reason
    if not weapon.load:
        return f"{weapon.title} is not reloaded in play"
    if loads_left(state, who, weapon) == capacity(who, weapon):
        return f"{who.name}'s {weapon.title} is already loaded"
    return None


def reload_events(state: EncounterState, who: Combatant, action: Any) -> list[Event]:
    problem = reload_problem(state, who, action)
    if problem:
        raise Refused(problem)
    weapon = _weapon(who, action)
    left = min(capacity(who, weapon), (loads_left(state, who, weapon) or 0) + weapon.load)
    return [TurnsReloaded(combatant=who.id, weapon=weapon.name, label=weapon.title, load=weapon.load, left=left)]


# --------------------------------------------------------------------------- reducers and the log
@reducer.on(TurnsLoadUsed)
def _load_used(state: EncounterState, event: TurnsLoadUsed) -> None:
    count_shot(state, event.combatant, event.weapon)


@reducer.on(TurnsReloaded)
def _reloaded(state: EncounterState, event: TurnsReloaded) -> None:
    count_reload(state, event.combatant, event.weapon, event.load)


reducer.on(TurnsSureShot)(lambda state, event: None)  # log only


def _name(state: EncounterState | None, cid: str) -> str:
    return state.combatants[cid].name if state is not None and cid in state.combatants else cid


def _describe(event: Event, state: EncounterState | None) -> str:
    assert isinstance(event, (TurnsSureShot, TurnsLoadUsed, TurnsReloaded))  # the kinds it describes
    who = _name(state, event.combatant)
    if isinstance(event, TurnsSureShot):
        return (f"{who} fires the loaded {event.label} at {_name(state, event.target)} within its "
                f"{event.sure_hit_ft} ft guaranteed-hit range: a hit, no accuracy roll.")
    if isinstance(event, TurnsLoadUsed):
        return f"{who}'s {event.label}: {event.left} shot{'s' if event.left != 1 else ''} left before a reload."
    return f"{who} reloads the {event.label} ({event.left} shot{'s' if event.left != 1 else ''} loaded)."


for _kind in ("turns.sure-shot", "turns.load-used", "turns.reloaded"):
    DESCRIBERS.setdefault(_kind, _describe)

__all__ = ["RELOAD", "SHOT", "capacity", "load_used", "loaded_problem", "loads_left", "reload_events",
           "reload_problem", "shot_events", "shot_problem"]
