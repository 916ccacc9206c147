"""What an app-controlled ship's crew does: each acting post's action by expected value.

Why it exists: issue 13 asks the enemy ship's crew to play itself "by the same
principle" as the ground opponent. Each post that acts now weighs every action
the engine offers it (``actions_offered``) by the engine's own exact odds:
:func:`~tactics.engine.starship.view.action_chance` (the command run on every
die face) for a crew check and :func:`~tactics.engine.starship.view.fire_odds`
for a volley, times what the effect is worth in Battle Damage (the weights of
``[starship.LEVEL]`` in ``tactics/data/opponents.toml``). An effect that changes
a ship attribute (a boost, flying offensively or defensively, a hack, jamming,
a cloak) is worth the change it makes to the expected Battle Damage of the
first volley it covers, ours at the enemy and the enemy's at us, each computed
with the engine's odds on a scratch copy of the battle in which the effect has
landed. The Captain's order goes to the post it helps most (that post's best
action with and without the order's d2 or re-roll). A Scan is worth what it
adds to this round's volley, so the Sensors Officer acts before the Weapons
Officer; a repair is looked at only with Battle Damage to repair; the Helm
closes in while the enemy is out of sensor range; the Chief Engineer's choice to
act in the Action Phase is weighed at its start, as the engine requires
(reading: N-SHIP-2).

It plans on what its side knows (:func:`known_space`): an enemy ship none of its
ships detects (``detects``: cloaked, or out of passive sensor range and not
revealed) does not exist for it, so it is neither targeted nor feared.

The "monster" level plays simple and predictable: everything fires at the
nearest enemy ship, the Helm closes in, the Captain orders the Weapons, the
Sensors scan and the Science Officer boosts the weapons (the shields when it
cannot), the Engineer repairs and the Medical Officer treats the injured.

This module imports no pygame and changes no state: it returns choices the
driver (:class:`~tactics.ai.driver.Opponent`) submits as ordinary commands.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from tactics.ai.settings import ShipLevel, ship_level
from tactics.ai.starship_odds import (
    at_time,
    check_chance,
    next_action_time,
    scratch,
    volley,
    with_scan,
)
from tactics.engine.starship.commands import actions_offered, posts_acting_now
from tactics.engine.starship.state import (
    DESTROYED,
    SURRENDERED,
    Modifier,
    Ship,
    SpaceState,
    detects,
    distance,
    injured_posts,
    phase_time,
    usable_hard_points,
)
from tactics.engine.starship.view import fire_odds
from tactics.rules.starship import PHASES, POST_NAMES
from tactics.rules.starship_data import ShipAction
from tactics.engine.core.labels import possessive

# reading: N-SHIP-AI-2 with N-SHIP-2
#: The order a ship's posts act in within a phase: the Engineer's choice first (it must be made
#: before any roll of the Action Phase, N-SHIP-2), the Scan before the volley it helps.
POST_ORDER: dict[str, tuple[str, ...]] = {
    "support": ("captain", "science"),
    "action": ("engineer", "science", "helm", "sensors", "weapons"),
    "response": ("medical", "engineer"),
}
#: Who the Medical Officer treats first when several posts are injured.
TREAT_ORDER = ("weapons", "sensors", "captain", "helm", "science", "engineer", "medical")


@dataclass(frozen=True)
class ShipChoice:
    """One post's action: what to submit, what it is worth, and the log's one-line reason."""

    ship: str
    post: str
    action: str
    params: dict[str, Any] = field(default_factory=dict)
    value: float = 0.0
    reason: str = ""
    chance: float | None = None  # the check's chance (None: no check)
    succeed: float = 0.0  # what it is worth on a success ...
    fail: float = 0.0  # ... and on a failure (value = chance * succeed + (1 - chance) * fail)


# -- what a side knows ----------------------------------------------------------------------


def known_space(space: SpaceState, side: str) -> SpaceState:
    """The battle as ``side`` knows it: enemy ships none of its ships detects are left out."""
    # reading: N-SHIP-AI-1 (R-SHIP-4, R-SHIP-7) — known is what some ship of the side detects.
    now = space.now
    own = [s for s in space.ships.values() if s.side == side and s.status != DESTROYED]
    view = copy.copy(space)
    view.ships = {
        sid: s for sid, s in space.ships.items()
        if s.side == side or any(detects(o, s, now) for o in own)
    }
    return view


def enemies(space: SpaceState, ship: Ship) -> list[Ship]:
    """Enemy ships in the fight (in ``space``: a side's view holds only the known ones)."""
    return [s for s in space.ships.values()
            if s.side != ship.side and s.status not in (DESTROYED, SURRENDERED)]


def nearest(space: SpaceState, ship: Ship, among: list[Ship] | None = None) -> Ship | None:
    pool = enemies(space, ship) if among is None else among
    return min(pool, key=lambda s: (distance(ship, s), s.id)) if pool else None


@dataclass
class _Judge:
    """The values of one ship's options at one moment, for one level."""

    space: SpaceState  # the side's view
    ship: Ship
    w: ShipLevel
    _base: dict[int, float] = field(default_factory=dict)  # score() of the battle as it stands, by phase

    def worth_dealt(self, target: Ship) -> float:
        """What one Battle Damage on ``target`` is worth (more if it leaves it at its maximum)."""
        coming = sum(1 for p in self.space.pending if p.get("kind") == "battle_damage" and p.get("ship") == target.id)
        finishing = target.damage + coming + 1 >= target.maximum
        return self.w.dealt + (self.w.finish if finishing else 0.0)

    def worth_taken(self, ship: Ship) -> float:
        """What one Battle Damage not taken by ``ship`` (of our side) is worth."""
        return self.w.taken + (self.w.doomed if ship.damage + 1 >= ship.maximum else 0.0)

    def discount(self, time: int) -> float:
        return 1.0 if time // 3 == self.space.round else self.w.next_round

    def score(self, space: SpaceState) -> float:
        """The ship's prospects in ``space``'s Action Phase: its best volley at a known enemy,
        less every known enemy's volley at it, each weighted by what Battle Damage is worth."""
        me = space.ships[self.ship.id]
        foes = enemies(space, me)
        ours = max((volley(space, me, f) * self.worth_dealt(f) for f in foes), default=0.0)
        theirs = sum(volley(space, f, me) for f in foes) * self.worth_taken(me)
        return ours - theirs

    def gain(self, change: Any, start: int, until: int) -> float:
        """What a change landing at ``start`` (until ``until``) adds to the first volley it covers."""
        t = next_action_time(start, until)
        if t is None:
            return 0.0
        if t not in self._base:
            self._base[t] = self.score(at_time(self.space, t))
        after = at_time(self.space, t)
        change(after)
        return (self.score(after) - self._base[t]) * self.discount(t)


# -- one post's options -----------------------------------------------------------------------


def _targets(judge: _Judge, action: ShipAction) -> list[dict[str, Any]]:
    space, ship = judge.space, judge.ship
    if action.target == "ship":
        return [{"target": s.id} for s in sorted(enemies(space, ship), key=lambda s: (distance(ship, s), s.id))]
    if action.target == "crew":
        return [{"post": p} for p in POST_NAMES if p in ship.crew]
    if action.target == "battle_damage":
        taken = {p.get("id") for p in space.pending if p.get("kind") == "repair" and p.get("ship") == ship.id}
        return [{"battle_damage": bd.id} for bd in ship.battle_damage if bd.id not in taken]
    return [{}]


def _chance(space: SpaceState, ship: Ship, post: str, action: ShipAction, params: dict[str, Any]) -> float | None:
    """The engine's chance that the action succeeds now (1 without a check; None: refused)."""
    if action.check is None:
        return 1.0
    return check_chance(space, ship.id, post, action.name, params)


def options(judge: _Judge, post: str, *, orders: bool = True) -> list[ShipChoice]:
    """Every action ``post`` may take now with its expected value, best first."""
    space, ship = judge.space, judge.ship
    out: list[ShipChoice] = []
    for action in actions_offered(space, ship.id, post):
        if action.name == "order" and not orders:
            continue
        for params in _targets(judge, action):
            choice = _value(judge, post, action, params)
            if choice is not None:
                out.append(choice)
    out.sort(key=lambda c: (-c.value, c.action, sorted(c.params.items())))
    return out


def _value(judge: _Judge, post: str, action: ShipAction, params: dict[str, Any]) -> ShipChoice | None:
    space, ship, w = judge.space, judge.ship, judge.w
    kinds = [e.kind for e in action.effects]
    target = space.ships.get(str(params.get("target", ""))) if params.get("target") else None
    if "fire" in kinds:
        if target is None or not detects(ship, target, space.now):
            return None  # reading: N-SHIP-AI-1 (R-SHIP-4) — never a volley at a ship its sensors cannot see
        odds = fire_odds(space, ship.id, target.id, usable_hard_points(ship, space.now))
        value = float(odds.chance) * judge.worth_dealt(target)
        reason = (f"fires {odds.dice} hard points at the {target.name}: {odds.percent} to deal Battle Damage"
                  f"{' with the Scan' if odds.sensor_bonus else ''}")
        return ShipChoice(ship.id, post, action.name, params, value, reason)
    p = _chance(space, ship, post, action, params)
    if p is None:
        return None
    now = space.now
    succeed, fail, why = 0.0, 0.0, ""  # what it is worth if the check succeeds / fails
    for effect in action.effects:
        if effect.kind == "advantage":
            got, why = _order_value(judge, str(params["post"]))
            succeed += got
        elif effect.kind == "hold":
            later = at_time(space, now + 1)
            later.held.add(ship.id)
            best = options(_Judge(later, later.ships[ship.id], w), "science")
            if best:
                succeed += best[0].value
                why = f"to {_label(later, best[0])} in the Action Phase"
        elif effect.kind == "modify":
            who = target if effect.who == "target" and target is not None else ship
            start, until = now + 1, now + 1 + int(effect.phases)

            def change(s: SpaceState, who=who, effect=effect, start=start, until=until) -> None:
                s.ships[who.id].modifiers.append(Modifier(effect.attribute or "", int(effect.amount), start, until))

            succeed += judge.gain(change, start, until)
        elif effect.kind == "scan" and target is not None:
            succeed += _scan_value(judge, target)
        elif effect.kind == "cloak":
            start, until = now + 1, now + 1 + int(effect.phases or 3)

            def cloak(s: SpaceState, start=start, until=until) -> None:
                me = s.ships[ship.id]
                me.cloaked, me.cloak_until, me.revealed = True, until, False

            succeed += _defence_gain(judge, cloak, start, until) * w.cloak_kept
        elif effect.kind in ("move", "join") and target is not None:
            succeed += _reach_value(judge, target, float(effect.amount) if effect.kind == "move" else None)
        elif effect.kind == "battle_damage" and target is not None:
            succeed += judge.worth_dealt(target)
        elif effect.kind == "repair":
            doomed = ship.damage >= ship.maximum
            succeed += (w.repair + (w.doomed if doomed else 0.0))
        elif effect.kind == "treat":
            if params.get("post") in injured_posts(ship, now):
                succeed += w.treat
        elif effect.kind == "counter_hack":
            succeed += _counter_hack_value(judge)
        elif effect.kind == "engineer_to_action":
            succeed += _engineer_choice_value(judge)
    if post == "engineer" and space.phase == "action" and ship.id not in space.engineer_in_action \
            and "engineer_to_action" not in kinds:
        outlook = _repair_outlook(judge)  # acting now gives up the Response Phase's repair (N-SHIP-2)
        succeed, fail = succeed - outlook, fail - outlook
    for effect in action.on_failure:
        if effect.kind == "battle_damage":
            fail -= judge.worth_taken(ship)
    value = p * succeed + (1 - p) * fail
    label = action.label + (f" on the {target.name}" if target is not None else "")
    if params.get("post") and action.target == "crew":
        label += f" ({POST_NAMES[params['post']]})"
    chance = f"{p:.0%} to succeed, " if action.check is not None else ""
    reason = f"{label}: {chance}expected value {value:+.2f}" + (f" ({why})" if why else "")
    return ShipChoice(ship.id, post, action.name, params, value, reason,
                      p if action.check is not None else None, succeed, fail)


def _label(space: SpaceState, choice: ShipChoice) -> str:
    action = space.actions[choice.action]
    target = space.ships.get(str(choice.params.get("target", "")))
    return action.label.lower() + (f" the {target.name}" if target is not None and action.name != "fire" else "")


def _scan_value(judge: _Judge, target: Ship) -> float:
    """What a successful Scan adds to this round's volley at ``target``."""
    space, ship = judge.space, judge.ship
    if "weapons" not in posts_acting_now(space, ship.id) or not detects(ship, target, space.now):
        return 0.0
    points = usable_hard_points(ship, space.now)
    hit = float(fire_odds(with_scan(space, ship, target, True), ship.id, target.id, points).chance)
    miss = float(fire_odds(with_scan(space, ship, target, False), ship.id, target.id, points).chance)
    return (hit - miss) * judge.worth_dealt(target)


def _defence_gain(judge: _Judge, change: Any, start: int, until: int) -> float:
    """What ``change`` takes off the enemy's volleys at this ship in the first Action Phase it covers."""
    t = next_action_time(start, until)
    if t is None:
        return 0.0
    before, after = at_time(judge.space, t), at_time(judge.space, t)
    change(after)
    me_b, me_a = before.ships[judge.ship.id], after.ships[judge.ship.id]
    lost = sum(volley(before, f, me_b) - volley(after, after.ships[f.id], me_a) for f in enemies(before, me_b))
    return lost * judge.worth_taken(judge.ship) * judge.discount(t)


def _reach_value(judge: _Judge, target: Ship, amount: float | None) -> float:
    """Closing in on a ship out of sensor range (``amount`` None: all the way, a grapple)."""
    ship, w = judge.ship, judge.w
    gap, reach = distance(ship, target), ship.spec.passive_sensor_range
    if amount is not None and amount < 0:  # opening the range: worth it only to slip out of theirs
        if ship.revealed or gap > target.spec.passive_sensor_range:
            return 0.0
        away = gap - amount > target.spec.passive_sensor_range
        return w.reach * volley(judge.space, target, ship) * judge.worth_taken(ship) if away else 0.0
    if gap <= reach:
        return 0.0
    step = gap if amount is None else amount
    share = 1.0 if gap - step <= reach else step / (gap - reach)
    return w.reach * share * volley(judge.space, ship, target, scan=True) * judge.worth_dealt(target)


def _counter_hack_value(judge: _Judge) -> float:
    """Ending the hacks in effect on this ship (what they take off its prospects)."""
    space, ship = judge.space, judge.ship
    if not any(m.hack is not None and m.until > space.now + 1 for m in ship.modifiers):
        return 0.0

    def clear(s: SpaceState) -> None:
        me = s.ships[ship.id]
        me.modifiers = [m for m in me.modifiers if m.hack is None]

    return judge.gain(clear, space.now + 1, space.now + 4)


def _engineer_choice_value(judge: _Judge) -> float:
    """Acting in the Action Phase (grapple, cloak) against keeping the Response Phase's repair."""
    space, ship = judge.space, judge.ship
    now_ = scratch(space)
    now_.engineer_in_action.add(ship.id)
    here = [c for c in options(_Judge(now_, now_.ships[ship.id], judge.w), "engineer")
            if c.action != "engineer_to_action"]
    best_here = here[0].value if here else 0.0
    return best_here - _repair_outlook(judge)


def _repair_outlook(judge: _Judge) -> float:
    """What the Response Phase's repair is expected to be worth this round."""
    ship = judge.ship
    if "repair" not in {a.name for a in judge.space.actions.values() if a.post == "engineer"}:
        return 0.0
    likely = min(1.0, ship.damage + sum(volley(judge.space, f, ship) for f in enemies(judge.space, ship)))
    return likely * judge.w.repair * 0.5  # about an even chance of the repair check


def _order_value(judge: _Judge, post: str) -> tuple[float, str]:
    """What the Captain's order adds to ``post``'s best action this round (N-SHIP-1: whenever it rolls)."""
    space, ship = judge.space, judge.ship
    if post == "captain" or post not in ship.crew:
        return 0.0, ""
    phase = next((ph for ph in PHASES[PHASES.index(space.phase):] if post in _phase_posts(space, ship, ph)), None)
    if phase is None:
        return 0.0, ""
    t = phase_time(space.round, phase)
    if post == "weapons":
        plain = at_time(space, t)
        helped = at_time(space, t)
        helped.advantages.setdefault(ship.id, []).append("weapons")
        me_p, me_h = plain.ships[ship.id], helped.ships[ship.id]
        gain = max((volley(helped, me_h, f) - volley(plain, me_p, f)) * judge.worth_dealt(f)
                   for f in enemies(plain, me_p)) if enemies(plain, me_p) else 0.0
        return gain, "the Weapons re-roll one more success"
    plain, helped = at_time(space, t), at_time(space, t)
    helped.advantages.setdefault(ship.id, []).append(post)
    without = options(_Judge(plain, plain.ships[ship.id], judge.w), post, orders=False)
    best_without = max((c.value for c in without), default=0.0)
    best_with = best_without
    for c in without:  # the same options, each with the check's chance under the order (a d2 more)
        if c.chance is None:
            continue
        p = check_chance(helped, ship.id, post, c.action, c.params)
        if p is not None:
            best_with = max(best_with, p * c.succeed + (1 - p) * c.fail)
    if best_with <= best_without:
        return 0.0, ""
    return best_with - best_without, f"a d2 for the {POST_NAMES[post]}"


def _phase_posts(space: SpaceState, ship: Ship, phase: str) -> tuple[str, ...]:
    """Posts that may still act in ``phase`` of this round (the current one: the engine's list)."""
    if phase == space.phase:
        return tuple(posts_acting_now(space, ship.id))
    later = at_time(space, phase_time(space.round, phase))
    return tuple(posts_acting_now(later, ship.id))


# -- the plan -----------------------------------------------------------------------------------


def plan_post(space: SpaceState, ship_id: str, post: str, level: str) -> ShipChoice | None:
    """The action ``post`` of ``ship_id`` takes now at ``level``, or None to keep its action."""
    ship = space.ships[ship_id]
    view = known_space(space, ship.side)
    weights = ship_level(level)
    if weights.simple:
        return _monster(view, view.ships[ship_id], post)
    judge = _Judge(view, view.ships[ship_id], weights)
    best = options(judge, post)
    if not best or best[0].value <= weights.minimum:
        return None
    choice = best[0]
    verdict = f"the best of its {len(best)} choices" if len(best) > 1 else "its only useful action"
    return ShipChoice(choice.ship, post, choice.action, choice.params, choice.value,
                      f"{possessive(ship.name)} {POST_NAMES[post]}: {choice.reason}, {verdict}")


def due_posts(space: SpaceState, ship_id: str) -> list[str]:
    """The ship's posts that may act now, in the order the app plays them."""
    acting = posts_acting_now(space, ship_id)
    return [p for p in POST_ORDER.get(space.phase, ()) if p in acting and actions_offered(space, ship_id, p)]


def _monster(space: SpaceState, ship: Ship, post: str) -> ShipChoice | None:
    """The text's monsters: simple and predictable, always the same pick for the same post."""
    offered = {a.name: a for a in actions_offered(space, ship.id, post)}
    foe = nearest(space, ship, [s for s in enemies(space, ship) if detects(ship, s, space.now)])
    name = f"{possessive(ship.name)} {POST_NAMES[post]}"

    def pick(action: str, params: dict[str, Any], why: str) -> ShipChoice | None:
        if action not in offered:
            return None
        return ShipChoice(ship.id, post, action, params, 1.0, f"{name}: {why}")

    if post == "captain" and "weapons" in ship.crew:
        return pick("order", {"post": "weapons"}, "orders the Weapons, as always")
    if post == "science":
        return (pick("boost_weapons", {}, "boosts the weapons, as always")
                or pick("boost_shields", {}, "boosts the shields"))
    if post == "engineer":
        damage = [bd.id for bd in ship.battle_damage]
        return pick("repair", {"battle_damage": damage[0]}, "repairs the oldest Battle Damage") if damage else None
    if post == "medical":
        hurt = injured_posts(ship, space.now)
        who = next((p for p in TREAT_ORDER if p in hurt), None)
        return pick("treat", {"post": who}, f"treats the {POST_NAMES[who]}") if who else None
    if foe is None:
        return pick("evasive", {}, "no enemy in sight: flies defensively") if post == "helm" else None
    if post == "helm":
        return pick("close_in", {"target": foe.id}, f"closes in on the nearest enemy, the {foe.name}")
    if post == "sensors":
        return pick("scan", {"target": foe.id}, f"scans the nearest enemy, the {foe.name}")
    if post == "weapons":
        odds = fire_odds(space, ship.id, foe.id, usable_hard_points(ship, space.now))
        return pick("fire", {"target": foe.id},
                    f"fires everything at the nearest enemy, the {foe.name}: {odds.percent} to deal Battle Damage")
    return None


__all__ = ["POST_ORDER", "ShipChoice", "due_posts", "enemies", "known_space", "nearest", "options", "plan_post", "volley"]
