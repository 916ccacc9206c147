"""Ending phases and battles: the moment a phase's effects land (R-SHIP-1).

:class:`EndPhase` closes the current phase and applies every effect rolled in
it, for all ships together: attribute changes, movement, cloaks, Battle Damage
(2d6 on each ship's chart, R-SHIP-5), repairs. After the Response Phase it
settles the round: ships beyond their maximum start to explode, ships at their
maximum go adrift (R-SHIP-6), and the battle ends when one side is left
standing (R-SHIP-9). :class:`Surrender` may end it at any time.

Before the effects, the phase's rolls are judged with every roll in (R-SHIP-1,
N-SHIP-1): a check rolled before the Captain's order reached its post gets the
order's d2, a volley fired before its ship's Scan gets the Sensor Mod, and a
counter-hack stops the hacks it beats (N-SHIP-3).

Events are computed on a scratch copy of the space state (so later effects see
earlier ones) and returned; the journal commits them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from tactics.engine.starship.events import (
    SpaceAdrift, SpaceBattleDamage, SpaceCheckHelped, SpaceCloakDropped, SpaceCloaked, SpaceEffectEnded, SpaceEnded, SpaceExploded,
    SpaceExploding, SpaceHackCountered, SpaceModified, SpaceMoved, SpaceNoted, SpacePhaseEnded,
    SpacePhaseStarted, SpaceRepaired, SpaceSurrendered, SpaceTreated, SpaceVolleySettled,
)
from tactics.engine.core.journal import Event, Refused
from tactics.engine.starship.state import (
    ADRIFT,
    effective,
    DESTROYED,
    ENDED,
    EXPLODING,
    FIGHTING,
    SETUP,
    SURRENDERED,
    Ship,
    SpaceState,
    apply_to_space,
    bearing,
    defeated,
    detects,
    distance,
    phase_time,
    ship_of,
    space_of,
)
from tactics.engine.starship.state import injured_posts as injured_posts_of
from tactics.rules.dice import Dice
from tactics.rules.starship import PHASES, POST_NAMES, settle_weapons


@dataclass
class Surrender:
    """A ship strikes its colours (R-SHIP-9). Costs no action."""

    ship: str
    name: str = "space.surrender"

    def args(self) -> dict[str, Any]:
        return {"ship": self.ship}

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space = space_of(state)
        ship = ship_of(space, self.ship)
        if space.phase == ENDED:
            raise Refused("space combat is over")
        if ship.status in (SURRENDERED, DESTROYED):
            raise Refused(f"the {ship.name} is already {ship.status}")
        events: list[Event] = [SpaceSurrendered(ship=ship.id, ship_name=ship.name)]
        scratch = copy.deepcopy(space)
        apply_to_space(scratch, events[0])
        if scratch.started:
            events += _end_if_over(scratch, _team_names(state))
        return events


# -- ending a phase ----------------------------------------------------------------------


def _moved_to(ship: Ship, target: Ship, amount: float, source: str, *, joined: bool = False) -> SpaceMoved:
    gap = distance(ship, target)
    step = min(amount, max(0.0, gap - 1.0)) if amount > 0 else amount  # never through the target
    x, y, facing = ship.x, ship.y, ship.facing
    if gap != 0:
        ux, uy = (target.x - ship.x) / gap, (target.y - ship.y) / gap
        x, y = round(ship.x + ux * step, 3), round(ship.y + uy * step, 3)
        facing = round(bearing(ship, target) if amount > 0 else (bearing(ship, target) + 180) % 360, 1)
    return SpaceMoved(ship=ship.id, ship_name=ship.name, source=source, x=x, y=y, facing=facing, target=target.id,
                      target_name=target.name, amount=amount, joined=joined)


def _effect_events(space: SpaceState, effect: dict[str, Any], dice: Dice) -> list[Event]:
    """The events one pending effect turns into when its phase ends."""
    kind, ship = effect["kind"], space.ships[effect["ship"]]
    now, round_ = space.now, space.round
    source = str(effect.get("source", ""))
    if ship.status == DESTROYED:
        return []
    if kind == "modify":
        hack = effect.get("hack")
        return [SpaceModified(ship=ship.id, ship_name=ship.name, source=source, attribute=effect["attribute"],
                              amount=effect["amount"], start=now + 1, until=now + 1 + int(effect["phases"]),
                              text=effect.get("text", ""), hack=int(hack) if hack is not None else None)]
    if kind == "treat":
        post = str(effect.get("post") or "")
        hurt = injured_posts_of(ship, now + 1).get(post, [])
        return [SpaceTreated(ship=ship.id, ship_name=ship.name, source=source, post=post,
                             post_name=POST_NAMES.get(post, post), crew_name=ship.crew_names.get(post, post), ids=hurt)]
    if kind == "move":
        target = space.ships.get(effect.get("target") or "")
        if target is None:
            return []
        return [_moved_to(ship, target, effect["amount"], source)]
    if kind == "join":  # reading: N-SHIP-5 (the grapples reel the ships together)
        target = space.ships.get(effect.get("target") or "")
        if target is None or target.status == DESTROYED:
            return []
        return [_moved_to(ship, target, distance(ship, target), source, joined=True)]
    if kind == "cloak":
        return [SpaceCloaked(ship=ship.id, ship_name=ship.name, source=source,
                             until=now + 1 + int(effect.get("phases", 3)))]
    if kind == "note":
        return [SpaceNoted(ship=ship.id, ship_name=ship.name, source=source, text=effect.get("text", ""))]
    if kind == "repair":
        damage = next((bd for bd in ship.battle_damage if bd.id == effect.get("id")), None)
        if damage is None:
            return []
        return [SpaceRepaired(ship=ship.id, ship_name=ship.name, source=source, id=damage.id, effect=damage.effect,
                              count=ship.damage - 1, maximum=ship.maximum)]
    if kind == "battle_damage":
        events: list[Event] = []
        # reading: R-SHIP-5 — the effect starts in this round's Response Phase and lasts
        # until the next round's Response Phase begins.
        active_from = phase_time(round_, "response") if space.phase != "response" else now + 1
        for _ in range(int(effect.get("amount", 1))):
            faces = [dice.d(6), dice.d(6)]
            entry = ship.chart.entry(sum(faces))
            hit = SpaceBattleDamage(
                ship=ship.id, ship_name=ship.name, source=source, id=space.next_damage_id, faces=faces,
                result=sum(faces), chart=ship.chart.name, repair_dc=entry.repair_dc, effect=entry.effect,
                machine=entry.machine.changes(), round=round_, active_from=active_from,
                until=phase_time(round_ + 1, "response"), count=ship.damage + 1, maximum=ship.maximum)
            apply_to_space(space, hit)  # ids and counts for the next one
            events.append(hit)
        return events
    return []


def _judge_rolls(space: SpaceState, dice: Dice) -> list[Event]:
    """Judge the phase's rolls with every roll in (R-SHIP-1; reading: N-SHIP-1, N-SHIP-3).

    Applied to ``space`` (a scratch copy) as they are made.
    """
    events: list[Event] = []

    def emit(event: Event) -> None:
        apply_to_space(space, event)
        events.append(event)

    for index, roll in enumerate(list(space.rolls)):
        check = roll.get("check")
        if check and not roll.get("advantaged", True) and roll["post"] in space.advantages.get(roll["ship"], []):
            # the Captain's order reached this post after it rolled: its d2 counts now
            affinity = dice.d(2)
            total = int(check["total"]) + affinity
            success = check.get("dc") is None or total >= int(check["dc"])
            flipped = success and not roll["success"]
            effects = roll.get("success_effects", []) if flipped else roll.get("effects", [])
            effects = [e | {"hack": total} if "hack" in e else e for e in effects]  # the hack's total with the d2
            emit(SpaceCheckHelped(
                ship=roll["ship"], ship_name=roll.get("ship_name", ""), roll=index,
                crew_name=roll.get("crew_name", ""), post=roll["post"], label=roll.get("label", ""),
                check=check | {"affinity": affinity, "total": total, "success": success},
                success=success, flipped=flipped, effects=effects))
        if "dice" in roll and roll.get("provisional"):
            ship, target = space.ships[roll["ship"]], space.ships[roll["target"]]
            scanned = target.id in space.scans.get(ship.id, [])
            bonus = max(0, effective(space, ship, "sensor_mod", space.now)) if scanned else 0
            found = bool(roll.get("detected", True)) or scanned or detects(ship, target, space.now)
            first = [d["face"] for d in roll["dice"] if d.get("reroll_of") is None]
            again = [d["face"] for d in roll["dice"] if d.get("reroll_of") is not None]
            settled = settle_weapons(first, again, tuple(roll["bd_dc"]), weapons_mod=int(roll["rerolls_allowed"]),
                                     sensor_bonus=bonus, more=lambda: dice.d(10))
            dice_now = [d.to_dict() for d in settled.dice]
            emit(SpaceVolleySettled(
                ship=ship.id, ship_name=ship.name, target=target.id, target_name=target.name,
                roll=index, dice=dice_now, sensor_bonus=bonus, successes=settled.successes,
                battle_damage=settled.battle_damage and found, found=found, bd_dc=list(roll["bd_dc"]),
                changed=dice_now != roll["dice"] or bonus != roll.get("sensor_bonus") or not found))
    best: dict[str, int] = {}
    for roll in space.rolls:
        if roll.get("success") and any(e["kind"] == "counter_hack" for e in roll.get("effects", [])):
            total = int((roll.get("check") or {}).get("total", 0))
            best[roll["ship"]] = max(best.get(roll["ship"], total), total)
    for ship_id, total in best.items():
        ship = space.ships[ship_id]
        stopped = [p for p in space.pending if p.get("hack") is not None and p["ship"] == ship_id
                   and int(p["hack"]) <= total]
        ending = [m for m in ship.modifiers if m.hack is not None and m.hack <= total and m.active(space.now + 1)]
        emit(SpaceHackCountered(ship=ship_id, ship_name=ship.name, total=total, until=space.now + 1,
                                stopped=[p.get("text", "") for p in stopped], ended=len(ending)))
    return events


def _cloaks_given_away(space: SpaceState) -> list[Event]:
    """A cloak hides a ship "for three phases or until the ship fires" (``ship_actions.toml``): each
    ship that fired from under its cloak this phase loses it now, as the phase's effects land
    (R-SHIP-1; its volley already gave it away, R-SHIP-4 details, N-SEEN-3). Said, not silent
    (review 18): the summary and the log name the reason. A cloak engaged in this same phase
    lands after it, with the phase's other effects."""
    events: list[Event] = []
    for roll in space.rolls:
        ship = space.ships.get(str(roll.get("ship", "")))
        if "dice" in roll and roll.get("cloaked") and ship is not None and ship.cloaked:
            event = SpaceCloakDropped(ship=ship.id, ship_name=ship.name, reason="fired")
            apply_to_space(space, event)
            events.append(event)
    return events


def _team_names(state: Any) -> dict[str, str]:
    """Each team's shown name, for the end's log line ("The Party wins.", not "party side wins")."""
    return {tid: getattr(t, "name", tid) for tid, t in (getattr(state, "teams", None) or {}).items()}


def _end_if_over(space: SpaceState, names: dict[str, str] | None = None) -> list[Event]:
    """R-SHIP-9: over when at most one side still has a ship in the fight."""
    sides = {s.side for s in space.ships.values()}
    standing = {s.side for s in space.ships.values() if not defeated(s)}
    if len(sides) < 2 or len(standing) > 1:
        return []
    events = [
        SpaceExploded(ship=s.id, ship_name=s.name)
        for s in space.ships.values() if s.status == EXPLODING  # nothing can save it now
    ]
    winner = next(iter(standing)) if standing else None
    return events + [SpaceEnded(winner=winner, round=space.round, winner_name=(names or {}).get(winner or "", ""))]


def _end_of_round(space: SpaceState, names: dict[str, str] | None = None) -> list[Event]:
    """After the Response Phase: explosions, adrift ships (R-SHIP-6), the end (R-SHIP-9)."""
    events: list[Event] = []
    for ship in space.ships.values():
        if ship.status == EXPLODING and ship.explodes_round is not None and ship.explodes_round <= space.round:
            events.append(SpaceExploded(ship=ship.id, ship_name=ship.name))
        elif ship.status in (FIGHTING, ADRIFT) and ship.damage > ship.maximum:
            # reading: R-SHIP-6 — beyond its maximum after the Engineer's chance, it explodes
            # by the end of the next round.
            events.append(SpaceExploding(ship=ship.id, ship_name=ship.name, round=space.round + 1, damage=ship.damage))
        elif ship.status == FIGHTING and ship.damage >= ship.maximum and ship.damage > 0:
            # (a ship whose maximum is 0 is not adrift at 0: its first hit makes it explode)
            # reading: R-SHIP-6 — at its maximum after the Response Phase: adrift from next round.
            events.append(SpaceAdrift(ship=ship.id, ship_name=ship.name, damage=ship.damage, round=space.round + 1))
    for event in events:
        apply_to_space(space, event)
    return events + _end_if_over(space, names)


@dataclass
class EndPhase:
    """Close the phase: apply every effect rolled in it, for all ships at once (R-SHIP-1)."""

    name: str = "space.end_phase"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space = space_of(state)
        if space.phase == SETUP:
            raise Refused("space combat has not started")
        if space.phase == ENDED:
            raise Refused("space combat is over")
        scratch = copy.deepcopy(space)  # compute on a copy; the journal commits the events
        events: list[Event] = [SpacePhaseEnded(round=space.round, phase=space.phase)]
        events += _judge_rolls(scratch, dice)
        events += _cloaks_given_away(scratch)
        for effect in list(scratch.pending):
            for event in _effect_events(scratch, effect, dice):
                if event.kind != "space.battle_damage":  # already applied to the scratch copy
                    apply_to_space(scratch, event)
                events.append(event)
        # reading: R-SHIP-7 with R-SHIP-6 — the surprise round is an Action Phase only;
        # ships are judged adrift/exploding after round 1's Response Phase, so a
        # surprised ship's Engineer still gets a chance to repair first.
        round_over = space.phase == "response" or space.round == 0
        if round_over:
            if space.phase == "response":
                more = _end_of_round(scratch, _team_names(state))
                events += more
                if any(e.kind == "space.ended" for e in more):
                    return events
            next_round, next_phase = space.round + 1, "support"
        else:
            next_round, next_phase = space.round, PHASES[PHASES.index(space.phase) + 1]
        t = phase_time(next_round, next_phase)
        for ship in scratch.ships.values():
            if ship.cloaked and ship.cloak_until is not None and ship.cloak_until <= t:
                events.append(SpaceCloakDropped(ship=ship.id, ship_name=ship.name, reason="expired"))
        for ship in scratch.ships.values():
            for bd in ship.battle_damage:
                if not bd.lapsed and bd.until <= t:
                    events.append(SpaceEffectEnded(ship=ship.id, ship_name=ship.name, id=bd.id, effect=bd.effect))
        events.append(SpacePhaseStarted(round=next_round, phase=next_phase))
        return events


__all__ = ["EndPhase", "Surrender"]
