"""The starship screen's state: ships, crews, the round and its phases.

This module holds what the starship battle *is* (the dataclasses kept in
``EncounterState.space``), how events change it (the reducer), and how an
encounter file's ``[space]`` table builds it. The commands that produce the
events live in :mod:`tactics.engine.starship.commands`; the questions the screen
asks (who acts now, the odds, log lines) in :mod:`tactics.engine.starship.view`.

Positions are in *space units* on the starship view (the unit of a ship's
``passive_sensor_range``); facing is in degrees, 0 up the screen, clockwise.

Time inside a battle is a phase index ``3 * round + phase`` (Support 0,
Action 1, Response 2), so an effect's window is ``[start, until)``. Round 0
is the surprise round (R-SHIP-7): only its Action Phase is played.

Encounter files describe a battle like this (ship ids name files in
``tactics/data/ships``; ``spec`` may instead give a ship inline)::

    [space]
    chart = "battle_damage.toml"      # optional: the chart for ships without their own
    [[space.ships]]
    id = "wayfarer"
    ship = "wayfarer"
    side = "party"
    position = [0, 0]
    facing = 90
    [space.ships.crew]
    captain = "brandon"               # a combatant id, or any NPC crew name
    engineer = "Chief Okafor"
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from tactics.rules.plain_model import ConfigDict, Field

from tactics.engine.starship.events import (
    SpaceActionTaken, SpaceAdrift, SpaceBattleDamage, SpaceCheckHelped, SpaceCloakDropped, SpaceCloaked, SpaceEffectEnded,
    SpaceEnded, SpaceExploded, SpaceExploding, SpaceHackCountered, SpaceModified, SpaceMoved, SpaceNoted,
    SpacePhaseEnded, SpacePhaseStarted, SpacePostAssigned, SpacePostVacated, SpaceRepaired, SpaceStarted,
    SpaceSurrendered, SpaceTreated, SpaceVolleySettled, SpaceWeaponsFired,
)
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.rules.data import DataError, DataModel, ScreenText, validate
from tactics.rules.starship import ATTRIBUTES, PHASES, POSTS, bd_dc
from tactics.rules.starship_data import (
    BattleDamageChart,
    Post,
    ShipAction,
    ShipSpec,
    bundled_ship,
    chart,
    default_actions,
    unknown_ship,
)

#: Ship states. Only a "fighting" ship's crew acts.
FIGHTING, ADRIFT, EXPLODING, DESTROYED, SURRENDERED = (
    "fighting", "adrift", "exploding", "destroyed", "surrendered",
)
SETUP, ENDED = "setup", "ended"


def phase_time(round_: int, phase: str) -> int:
    """The phase index of ``phase`` in ``round_`` (see the module docstring)."""
    return 3 * round_ + PHASES.index(phase)


@dataclass
class BattleDamage:
    """One Battle Damage a ship holds: its chart roll and its effect window (R-SHIP-5)."""

    id: int
    faces: list[int]
    result: int
    repair_dc: int
    effect: str
    machine: dict[str, Any]
    taken_round: int
    active_from: int
    until: int
    source: str = ""
    lapsed: bool = False
    treated: list[str] = field(default_factory=list)  # injured posts the Medical Officer treated

    def active(self, now: int) -> bool:
        return self.active_from <= now < self.until


@dataclass
class Modifier:
    """A temporary change to a ship attribute (a boost, a hack, evasive flying)."""

    attribute: str
    amount: int
    start: int
    until: int
    source: str = ""
    hack: int | None = None  # a hack's check total (a counter-hack that reaches it ends it)
    text: str = ""  # what made it ("Boost the shields"), for the parts of a DC in the log

    def active(self, now: int) -> bool:
        return self.start <= now < self.until


@dataclass
class Ship:
    id: str
    name: str
    side: str
    spec: ShipSpec
    chart: BattleDamageChart
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    crew: dict[str, str] = field(default_factory=dict)  # post -> combatant id or NPC name
    crew_names: dict[str, str] = field(default_factory=dict)  # post -> shown name
    battle_damage: list[BattleDamage] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    status: str = FIGHTING
    explodes_round: int | None = None
    cloaked: bool = False
    cloak_until: int | None = None  # None: until the ship fires
    revealed: bool = False  # detected whatever the range (it fired, or was scanned)

    @property
    def damage(self) -> int:
        """How many Battle Damage the ship holds (R-SHIP-6)."""
        return len(self.battle_damage)

    @property
    def maximum(self) -> int:
        return self.spec.max_battle_damage


@dataclass
class SpaceState:
    ships: dict[str, Ship] = field(default_factory=dict)
    actions: dict[str, ShipAction] = field(default_factory=dict)
    round: int = 0
    phase: str = SETUP  # setup | support | action | response | ended
    surprise: list[str] = field(default_factory=list)  # ships that act in round 0
    acted: dict[str, list[str]] = field(default_factory=dict)  # ship -> crew who acted this round
    held: set[str] = field(default_factory=set)  # ships whose Science Officer holds
    engineer_in_action: set[str] = field(default_factory=set)
    advantages: dict[str, list[str]] = field(default_factory=dict)  # ship -> posts
    scans: dict[str, list[str]] = field(default_factory=dict)  # ship -> targets scanned
    rolls: list[dict[str, Any]] = field(default_factory=list)  # this phase's rolls
    pending: list[dict[str, Any]] = field(default_factory=list)  # effects due at phase end
    winner: str | None = None
    next_damage_id: int = 1

    @property
    def started(self) -> bool:
        return self.phase not in (SETUP, ENDED)

    @property
    def now(self) -> int:
        return phase_time(self.round, self.phase) if self.started else 0


# -- derived values ------------------------------------------------------------


def active_damage(ship: Ship, now: int) -> list[BattleDamage]:
    return [bd for bd in ship.battle_damage if bd.active(now)]


def effective(space: SpaceState, ship: Ship, attribute: str, now: int | None = None) -> int:
    """A ship attribute with active Battle Damage effects and modifiers applied."""
    now = space.now if now is None else now
    value = int(getattr(ship.spec, attribute))
    value += sum(int(bd.machine.get(attribute, 0)) for bd in active_damage(ship, now))
    value += sum(m.amount for m in ship.modifiers if m.attribute == attribute and m.active(now))
    return value


def check_modifier(ship: Ship, now: int) -> int:
    """What active Battle Damage adds to every 2d10 check of the crew."""
    return sum(int(bd.machine.get("checks", 0)) for bd in active_damage(ship, now))


def check_modifier_parts(ship: Ship, now: int) -> list[tuple[str, int]]:
    """What active Battle Damage adds to every 2d10 check, each by its chart line's name: [("Power
    fluctuations", -1)], so the log reads "- Power fluctuations 1", not "- Battle Damage 1" (review 9)."""
    parts = []
    for bd in active_damage(ship, now):
        value = int(bd.machine.get("checks", 0))
        if value:
            name = bd.effect.split(" (")[0].split(":")[0].strip().rstrip(".") or "Battle Damage"
            parts.append((name, value))
    return parts


def injured_posts(ship: Ship, now: int) -> dict[str, list[int]]:
    """Posts whose crew active Battle Damage injured and no one has treated: post -> damage ids."""
    out: dict[str, list[int]] = {}
    for bd in active_damage(ship, now):
        for post in bd.machine.get("injured_posts", []):
            if post not in bd.treated:
                out.setdefault(post, []).append(bd.id)
    return out


def disabled_posts(ship: Ship, now: int) -> set[str]:
    """Posts that cannot act now: knocked out by Battle Damage, or injured and untreated (N-SHIP-4)."""
    off = {p for bd in active_damage(ship, now) for p in bd.machine.get("disabled_posts", [])}
    return off | set(injured_posts(ship, now))


def usable_hard_points(ship: Ship, now: int) -> int:
    lost = sum(int(bd.machine.get("hard_points", 0)) for bd in active_damage(ship, now))
    return max(0, len(ship.spec.hard_points) + lost)


def ship_bd_dc(space: SpaceState, ship: Ship, now: int | None = None) -> tuple[int, int]:
    """The ship's Battle Damage DC now (R-SHIP-3), never below one success needed.

    reading: R-SHIP-3 (proposed R-SHIP-3a): Battle Damage that lowers the Armor Mod
    below -3 still leaves a count of 1: a pool with no dice never deals damage.
    """
    count, threshold = bd_dc(effective(space, ship, "armor_mod", now), effective(space, ship, "shield_mod", now))
    return (max(1, count), threshold)


def distance(a: Ship, b: Ship) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def bearing(a: Ship, b: Ship) -> float:
    """Degrees from ``a`` to ``b``: 0 up the screen, clockwise."""
    return math.degrees(math.atan2(b.x - a.x, -(b.y - a.y))) % 360


def is_cloaked(ship: Ship, now: int) -> bool:
    return ship.cloaked and (ship.cloak_until is None or now < ship.cloak_until)


def detects(observer: Ship, target: Ship, now: int) -> bool:
    """Can ``observer``'s passive sensors see ``target``? (R-SHIP-4, R-SHIP-7)"""
    if target.status == DESTROYED:
        return False
    if target.revealed:
        return True
    return not is_cloaked(target, now) and distance(observer, target) <= observer.spec.passive_sensor_range


def defeated(ship: Ship) -> bool:
    # reading: R-SHIP-9 with R-SHIP-6 — "holds its maximum" is judged at the end of a
    # round (after the Engineer's chance) and shows as the adrift status.
    """Out of the fight for R-SHIP-9: surrendered, adrift (at its maximum), exploding or gone."""
    return ship.status != FIGHTING


def phase_noted(space: SpaceState) -> bool:
    """Has any crew, of any ship, taken an action in this phase? (A hold or the Chief
    Engineer's choice is a declaration, not a roll: it does not count.)"""
    return any(r.get("uses_action", True) for r in space.rolls)


def crew_acted(space: SpaceState, ship_id: str, post: str) -> bool:
    ship = space.ships[ship_id]
    who = ship.crew.get(post)
    return who is not None and who in space.acted.get(ship_id, [])


# -- looking things up (commands refuse politely) -------------------------------


def space_of(state: Any) -> SpaceState:
    space = getattr(state, "space", None)
    if not isinstance(space, SpaceState):
        raise Refused("this encounter has no starship battle")
    return space


def ship_of(space: SpaceState, ship_id: str) -> Ship:
    ship = space.ships.get(ship_id)
    if ship is None:
        raise Refused(f"there is no ship called {ship_id!r}")
    return ship


# -- building from an encounter definition ---------------------------------------


class _ShipEntry(DataModel):
    model_config = ConfigDict(extra="forbid")

    id: ScreenText = Field(min_length=1)
    ship: str | None = None  # a ship id in data/ships
    spec: dict[str, Any] | None = None  # or an inline ship
    name: ScreenText | None = None
    side: str = Field(min_length=1)
    position: tuple[float, float] = (0.0, 0.0)
    facing: float = 0.0
    chart: str | None = None
    cloaked: bool = False
    crew: dict[Post, str] = Field(default_factory=dict)
    # who plays this ship's side (tactics.engine.core.control reads and checks these)
    controlled_by: str | None = None
    opponent: str | None = None


class _SpaceEntry(DataModel):
    model_config = ConfigDict(extra="forbid")

    chart: str | None = None
    ships: list[_ShipEntry] = Field(min_length=1)


def build_space(state: Any, definition: dict[str, Any]) -> None:
    """START_BUILDER: fill ``state.space`` from the definition's ``[space]`` table."""
    raw = definition.get("space")
    if raw is None:
        return
    where = str(definition.get("source") or f"encounter {state.name!r}")
    entry = validate(where, _SpaceEntry, raw, "space")
    space = SpaceState(actions=dict(default_actions()))
    for i, item in enumerate(entry.ships):
        field_name = f"space.ships.{i}"
        if item.id in space.ships:
            raise DataError(where, f"{field_name}.id", f"ship id {item.id!r} is used twice")
        if (item.ship is None) == (item.spec is None):
            raise DataError(where, f"{field_name}.ship", "give either a ship id (ship = ...) or an inline spec")
        if item.ship is not None:
            problem = unknown_ship(item.ship)  # names this file and field; never a path outside data/ships
            if problem:
                raise DataError(where, f"{field_name}.ship", problem)
            spec = bundled_ship(item.ship)
        else:
            spec = validate(where, ShipSpec, {"id": item.id, **(item.spec or {})}, f"{field_name}.spec")
        ship_chart = chart(item.chart or spec.battle_damage_chart or entry.chart)
        ship = Ship(
            id=item.id,
            name=item.name or spec.name,
            side=item.side,
            spec=spec,
            chart=ship_chart,
            x=float(item.position[0]),
            y=float(item.position[1]),
            facing=float(item.facing) % 360,
            cloaked=item.cloaked,
        )
        for post, who in item.crew.items():
            ship.crew[post] = who
            ship.crew_names[post] = crew_name(state, who)
        space.ships[item.id] = ship
    state.space = space


def crew_name(state: Any, who: str) -> str:
    """A crew member's shown name: the combatant's name, or the NPC name as given."""
    combatant = getattr(state, "combatants", {}).get(who)
    return combatant.name if combatant is not None else who


# -- the reducer -----------------------------------------------------------------

reducer = Reducer()
_HANDLERS: dict[str, Callable[[SpaceState, Any], None]] = {}
E = TypeVar("E", bound=Event)


def on(kind: type[E]) -> Callable[[Callable[[SpaceState, E], None]], Callable[[SpaceState, E], None]]:
    """Register a space-level handler; the encounter reducer passes ``state.space``."""

    def register(fn: Callable[[SpaceState, E], None]) -> Callable[[SpaceState, E], None]:
        _HANDLERS[kind.kind] = fn
        reducer.on(kind)(lambda state, event: fn(state.space, event))
        return fn

    return register


def apply_to_space(space: SpaceState, event: Event) -> None:
    """Apply one event to a SpaceState directly (commands use this on a scratch copy)."""
    _HANDLERS[event.kind](space, event)


@on(SpacePostAssigned)
def _assigned(space: SpaceState, event: SpacePostAssigned) -> None:
    ship = space.ships[event.ship]
    ship.crew[event.post] = event.crew
    ship.crew_names[event.post] = event.crew_name


@on(SpacePostVacated)
def _vacated(space: SpaceState, event: SpacePostVacated) -> None:
    ship = space.ships[event.ship]
    ship.crew.pop(event.post, None)
    ship.crew_names.pop(event.post, None)


@on(SpaceStarted)
def _started(space: SpaceState, event: SpaceStarted) -> None:
    space.surprise = list(event.surprise)


@on(SpacePhaseStarted)
def _phase_started(space: SpaceState, event: SpacePhaseStarted) -> None:
    new_round = int(event.round) != space.round or space.phase == SETUP
    space.round = int(event.round)
    space.phase = str(event.phase)
    space.rolls = []
    space.pending = []
    if new_round:
        space.acted = {}
        space.held = set()
        space.engineer_in_action = set()
        space.advantages = {}
        space.scans = {}


def _mark_acted(space: SpaceState, ship: str, crew: str, post: str, phase: str) -> None:
    space.acted.setdefault(ship, []).append(crew)
    if post == "engineer" and phase == "action":
        space.engineer_in_action.add(ship)


# Help inside a crew is noted at once, so later rolls of the phase use it; rolls made
# before it get it when the phase ends (EndPhase). Counter-hacks are read from the
# phase's rolls when it ends. Everything else waits in ``pending`` for the phase end.
_NOTED_AT_ONCE = ("advantage", "hold", "scan", "engineer_to_action", "counter_hack")


def _register(space: SpaceState, ship_id: str, effects: list[dict[str, Any]], roll: int,
              *, pending_only: bool = False) -> None:
    for effect in effects:
        kind = effect["kind"]
        if pending_only and kind in _NOTED_AT_ONCE:
            continue
        if kind == "advantage":
            space.advantages.setdefault(ship_id, []).append(effect["post"])
        elif kind == "hold":
            space.held.add(ship_id)
        elif kind == "engineer_to_action":
            space.engineer_in_action.add(ship_id)
        elif kind == "scan":
            space.scans.setdefault(ship_id, []).append(effect["target"])
            space.ships[effect["target"]].revealed = True
        elif kind not in _NOTED_AT_ONCE:
            space.pending.append(dict(effect) | {"roll": roll})


@on(SpaceActionTaken)
def _action_taken(space: SpaceState, event: SpaceActionTaken) -> None:
    if event.uses_action:
        _mark_acted(space, event.ship, event.crew, event.post, event.phase)
    space.rolls.append(event.to_dict()["data"])
    # reading: R-SHIP-1 (N-SHIP-1) — help to the own crew is noted now for the rolls
    # still to come; the phase end gives it to the rolls made before it.
    _register(space, event.ship, event.effects, len(space.rolls) - 1)


@on(SpaceCheckHelped)
def _check_helped(space: SpaceState, event: SpaceCheckHelped) -> None:
    """A check rolled before the Captain's order reached its post gets the order's d2 (N-SHIP-1)."""
    index = int(event.roll)
    roll = space.rolls[index]
    roll.update(check=dict(event.check), success=bool(event.success), effects=list(event.effects))
    space.pending = [p for p in space.pending if p.get("roll") != index]
    _register(space, roll["ship"], roll["effects"], index, pending_only=not event.flipped)


@on(SpaceWeaponsFired)
def _fired(space: SpaceState, event: SpaceWeaponsFired) -> None:
    _mark_acted(space, event.ship, event.crew, "weapons", event.phase)
    space.rolls.append(event.to_dict()["data"])
    ship = space.ships[event.ship]
    ship.revealed = True  # firing gives the ship away at once
    if event.cloaked is None:  # (logs from before review 18: the cloak dropped here, unsaid)
        ship.cloaked = False
    if event.battle_damage and not event.provisional:  # (logs from before N-SHIP-1)
        space.pending.append(
            {"kind": "battle_damage", "ship": event.target, "amount": 1, "source": ship.name}
        )


@on(SpaceVolleySettled)
def _volley_settled(space: SpaceState, event: SpaceVolleySettled) -> None:
    """A volley judged with every roll of the phase in (N-SHIP-1): a Scan rolled after it counts."""
    roll = space.rolls[int(event.roll)]
    roll.update(dice=list(event.dice), sensor_bonus=event.sensor_bonus, successes=event.successes,
                battle_damage=event.battle_damage, provisional=False)
    if event.battle_damage:
        space.pending.append(
            {"kind": "battle_damage", "ship": event.target, "amount": 1, "source": event.ship_name}
        )


@on(SpaceHackCountered)
def _hack_countered(space: SpaceState, event: SpaceHackCountered) -> None:
    """A counter-hack stops this phase's hacks on the ship and ends those in effect (N-SHIP-3)."""
    ship_id, best = event.ship, int(event.total)
    space.pending = [
        p for p in space.pending
        if not (p.get("hack") is not None and p["ship"] == ship_id and int(p["hack"]) <= best)
    ]
    for modifier in space.ships[ship_id].modifiers:
        if modifier.hack is not None and modifier.hack <= best:
            modifier.until = min(modifier.until, int(event.until))


@on(SpaceTreated)
def _treated(space: SpaceState, event: SpaceTreated) -> None:
    for bd in space.ships[event.ship].battle_damage:
        if bd.id in event.ids and event.post not in bd.treated:
            bd.treated.append(event.post)


@on(SpaceModified)
def _modified(space: SpaceState, event: SpaceModified) -> None:
    space.ships[event.ship].modifiers.append(
        Modifier(event.attribute, int(event.amount), int(event.start), int(event.until), event.source,
                 event.hack, event.text)
    )


@on(SpaceMoved)
def _moved(space: SpaceState, event: SpaceMoved) -> None:
    ship = space.ships[event.ship]
    ship.x, ship.y, ship.facing = float(event.x), float(event.y), float(event.facing)


@on(SpaceCloaked)
def _cloaked(space: SpaceState, event: SpaceCloaked) -> None:
    ship = space.ships[event.ship]
    ship.cloaked, ship.cloak_until, ship.revealed = True, event.until, False


@on(SpaceCloakDropped)
def _cloak_dropped(space: SpaceState, event: SpaceCloakDropped) -> None:
    ship = space.ships[event.ship]
    ship.cloaked, ship.cloak_until = False, None


@on(SpacePhaseEnded)
def _phase_ended(space: SpaceState, event: SpacePhaseEnded) -> None:
    pass  # a marker for the log; the phase's effects follow as their own events


@on(SpaceNoted)
def _noted(space: SpaceState, event: SpaceNoted) -> None:
    pass  # a story effect: only the log shows it


@on(SpaceBattleDamage)
def _battle_damage(space: SpaceState, event: SpaceBattleDamage) -> None:
    ship = space.ships[event.ship]
    ship.battle_damage.append(
        BattleDamage(
            id=int(event.id),
            faces=list(event.faces),
            result=int(event.result),
            repair_dc=int(event.repair_dc),
            effect=str(event.effect),
            machine=dict(event.machine),
            taken_round=int(event.round),
            active_from=int(event.active_from),
            until=int(event.until),
            source=str(event.source),
        )
    )
    space.next_damage_id = max(space.next_damage_id, int(event.id) + 1)


@on(SpaceRepaired)
def _repaired(space: SpaceState, event: SpaceRepaired) -> None:
    ship = space.ships[event.ship]
    ship.battle_damage = [bd for bd in ship.battle_damage if bd.id != event.id]
    if ship.status == EXPLODING and ship.damage <= ship.maximum:
        ship.status, ship.explodes_round = FIGHTING, None


@on(SpaceEffectEnded)
def _effect_ended(space: SpaceState, event: SpaceEffectEnded) -> None:
    for bd in space.ships[event.ship].battle_damage:
        if bd.id == event.id:
            bd.lapsed = True


@on(SpaceAdrift)
def _adrift(space: SpaceState, event: SpaceAdrift) -> None:
    space.ships[event.ship].status = ADRIFT


@on(SpaceExploding)
def _exploding(space: SpaceState, event: SpaceExploding) -> None:
    ship = space.ships[event.ship]
    ship.status, ship.explodes_round = EXPLODING, int(event.round)


@on(SpaceExploded)
def _exploded(space: SpaceState, event: SpaceExploded) -> None:
    ship = space.ships[event.ship]
    ship.status, ship.explodes_round = DESTROYED, None


@on(SpaceSurrendered)
def _surrendered(space: SpaceState, event: SpaceSurrendered) -> None:
    space.ships[event.ship].status = SURRENDERED


@on(SpaceEnded)
def _ended(space: SpaceState, event: SpaceEnded) -> None:
    space.phase = ENDED
    space.winner = event.winner
    space.pending = []


__all__ = [
    "ADRIFT", "ATTRIBUTES", "BattleDamage", "DESTROYED", "ENDED", "EXPLODING", "FIGHTING",
    "Modifier", "POSTS", "SETUP", "SURRENDERED", "Ship", "SpaceState", "active_damage",
    "apply_to_space", "bearing", "build_space", "check_modifier", "crew_name", "defeated",
    "detects", "disabled_posts", "distance", "effective", "injured_posts", "is_cloaked", "phase_noted", "phase_time",
    "reducer", "ship_bd_dc", "ship_of", "space_of", "usable_hard_points",
]
