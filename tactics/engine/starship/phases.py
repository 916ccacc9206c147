"""Ending phases and battles: the moment a phase's effects land (R-SHIP-1).

:class:`EndPhase` closes the current phase and applies every effect rolled in
it, for all ships together: attribute changes, movement, cloaks, Battle Damage
(2d6 on each ship's chart, R-SHIP-5), repairs. After the Response Phase it
settles the round: ships beyond their maximum start to explode, ships at their
maximum go adrift (R-SHIP-6), and the battle ends when one side is left
standing (R-SHIP-9). :class:`Surrender` may end it at any time.

Events are computed on a scratch copy of the space state (so later effects see
earlier ones) and returned; the journal commits them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from tactics.engine.core.journal import Event, Refused
from tactics.engine.starship.state import (
    ADRIFT,
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
    distance,
    phase_time,
    ship_of,
    space_of,
)
from tactics.rules.dice import Dice
from tactics.rules.starship import PHASES


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
        events = [Event("space.surrendered", {"ship": ship.id, "ship_name": ship.name})]
        scratch = copy.deepcopy(space)
        apply_to_space(scratch, events[0].kind, events[0].data)
        if scratch.started:
            events += _end_if_over(scratch)
        return events


# -- ending a phase ----------------------------------------------------------------------


def _moved_to(ship: Ship, target: Ship, amount: float) -> dict[str, Any]:
    gap = distance(ship, target)
    step = min(amount, max(0.0, gap - 1.0)) if amount > 0 else amount  # never through the target
    if gap == 0:
        return {"x": ship.x, "y": ship.y, "facing": ship.facing}
    ux, uy = (target.x - ship.x) / gap, (target.y - ship.y) / gap
    facing = bearing(ship, target) if amount > 0 else (bearing(ship, target) + 180) % 360
    return {"x": round(ship.x + ux * step, 3), "y": round(ship.y + uy * step, 3), "facing": round(facing, 1)}


def _effect_events(space: SpaceState, effect: dict[str, Any], dice: Dice) -> list[Event]:
    """The events one pending effect turns into when its phase ends."""
    kind, ship = effect["kind"], space.ships[effect["ship"]]
    now, round_ = space.now, space.round
    base = {"ship": ship.id, "ship_name": ship.name, "source": effect.get("source", "")}
    if ship.status == DESTROYED:
        return []
    if kind == "modify":
        return [Event("space.modified", base | {
            "attribute": effect["attribute"], "amount": effect["amount"],
            "start": now + 1, "until": now + 1 + int(effect["phases"]), "text": effect.get("text", ""),
        })]
    if kind == "move":
        target = space.ships.get(effect.get("target") or "")
        if target is None:
            return []
        return [Event("space.moved", base | _moved_to(ship, target, float(effect["amount"])) | {
            "target": target.id, "target_name": target.name, "amount": effect["amount"]})]
    if kind == "join":  # reading: N-SHIP-1 (the grapples reel the ships together)
        target = space.ships.get(effect.get("target") or "")
        if target is None or target.status == DESTROYED:
            return []
        gap = distance(ship, target)
        return [Event("space.moved", base | _moved_to(ship, target, gap) | {
            "target": target.id, "target_name": target.name, "amount": gap, "joined": True})]
    if kind == "cloak":
        return [Event("space.cloaked", base | {"until": now + 1 + int(effect.get("phases", 3))})]
    if kind == "note":
        return [Event("space.noted", base | {"text": effect.get("text", "")})]
    if kind == "repair":
        damage = next((bd for bd in ship.battle_damage if bd.id == effect.get("id")), None)
        if damage is None:
            return []
        return [Event("space.repaired", base | {"id": damage.id, "effect": damage.effect,
                                                "count": ship.damage - 1, "maximum": ship.maximum})]
    if kind == "battle_damage":
        events = []
        # reading: R-SHIP-5 — the effect starts in this round's Response Phase and lasts
        # until the next round's Response Phase begins.
        active_from = phase_time(round_, "response") if space.phase != "response" else now + 1
        for _ in range(int(effect.get("amount", 1))):
            faces = [dice.d(6), dice.d(6)]
            entry = ship.chart.entry(sum(faces))
            data = base | {
                "id": space.next_damage_id, "faces": faces, "result": sum(faces), "chart": ship.chart.name,
                "repair_dc": entry.repair_dc, "effect": entry.effect, "machine": entry.machine.changes(),
                "round": round_, "active_from": active_from, "until": phase_time(round_ + 1, "response"),
                "count": ship.damage + 1, "maximum": ship.maximum,
            }
            apply_to_space(space, "space.battle_damage", data)  # ids and counts for the next one
            events.append(Event("space.battle_damage", data))
        return events
    return []


def _end_if_over(space: SpaceState) -> list[Event]:
    """R-SHIP-9: over when at most one side still has a ship in the fight."""
    sides = {s.side for s in space.ships.values()}
    standing = {s.side for s in space.ships.values() if not defeated(s)}
    if len(sides) < 2 or len(standing) > 1:
        return []
    events = [
        Event("space.exploded", {"ship": s.id, "ship_name": s.name})
        for s in space.ships.values() if s.status == EXPLODING  # nothing can save it now
    ]
    winner = next(iter(standing)) if standing else None
    return events + [Event("space.ended", {"winner": winner, "round": space.round})]


def _end_of_round(space: SpaceState) -> list[Event]:
    """After the Response Phase: explosions, adrift ships (R-SHIP-6), the end (R-SHIP-9)."""
    events: list[Event] = []
    for ship in space.ships.values():
        base = {"ship": ship.id, "ship_name": ship.name}
        if ship.status == EXPLODING and ship.explodes_round is not None and ship.explodes_round <= space.round:
            events.append(Event("space.exploded", base))
        elif ship.status in (FIGHTING, ADRIFT) and ship.damage > ship.maximum:
            # reading: R-SHIP-6 — beyond its maximum after the Engineer's chance, it explodes
            # by the end of the next round.
            events.append(Event("space.exploding", base | {"round": space.round + 1, "damage": ship.damage}))
        elif ship.status == FIGHTING and ship.damage >= ship.maximum and ship.damage > 0:
            # (a ship whose maximum is 0 is not adrift at 0: its first hit makes it explode)
            # reading: R-SHIP-6 — at its maximum after the Response Phase: adrift from next round.
            events.append(Event("space.adrift", base | {"damage": ship.damage, "round": space.round + 1}))
    for event in events:
        apply_to_space(space, event.kind, event.data)
    return events + _end_if_over(space)


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
        events = [Event("space.phase_ended", {"round": space.round, "phase": space.phase})]
        for effect in list(space.pending):
            for event in _effect_events(scratch, effect, dice):
                if event.kind != "space.battle_damage":  # already applied to the scratch copy
                    apply_to_space(scratch, event.kind, event.data)
                events.append(event)
        # reading: R-SHIP-7 with R-SHIP-6 — the surprise round is an Action Phase only;
        # ships are judged adrift/exploding after round 1's Response Phase, so a
        # surprised ship's Engineer still gets a chance to repair first.
        round_over = space.phase == "response" or space.round == 0
        if round_over:
            if space.phase == "response":
                more = _end_of_round(scratch)
                events += more
                if any(e.kind == "space.ended" for e in more):
                    return events
            nxt = {"round": space.round + 1, "phase": "support"}
        else:
            nxt = {"round": space.round, "phase": PHASES[PHASES.index(space.phase) + 1]}
        t = phase_time(nxt["round"], nxt["phase"])
        for ship in scratch.ships.values():
            for bd in ship.battle_damage:
                if not bd.lapsed and bd.until <= t:
                    events.append(Event("space.effect_ended", {
                        "ship": ship.id, "ship_name": ship.name, "id": bd.id, "effect": bd.effect}))
        events.append(Event("space.phase_started", nxt))
        return events


__all__ = ["EndPhase", "Surrender"]
