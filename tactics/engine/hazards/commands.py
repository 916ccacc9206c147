"""Grenades, traps and facing in the encounter engine (R-GREN, R-TRAP, R-FACE).

Why it exists: it turns the rules of :mod:`tactics.rules.explosives`,
:mod:`tactics.rules.traps` and :mod:`tactics.rules.facing` into commands and
events, and hooks them into the rest of the engine:

* ``board.PATH_HOOKS``: every walked path is checked for trap detection and
  triggers (:func:`tactics.engine.hazards.spotting.trap_path_hook`), then facings
  that follow a target are turned (:func:`facing_path_hook`).
* ``ground.GROUP_HOOKS`` (when the ground engine is present): at the start and
  end of every group's turn :func:`due_events` sets off the grenades whose fuse
  names that moment (R-GREN-4/5). Smoke clouds and Clocked mines are round
  counters (:func:`cloud_counters`, ``traps.timer_counters``): the team rules'
  Counter Phase counts them; in individual turns :func:`counter_events` counts
  them after the last character's turn, in the same words (N-CNT-4).

Commands here: :class:`ThrowGrenade`, :class:`Detonate`; trap commands come
from :mod:`tactics.engine.hazards.traps` and :mod:`tactics.engine.hazards.spotting`,
facing (:class:`SetFacing`, :class:`GMSetFacing`) from
:mod:`tactics.engine.hazards.facing`; all are re-exported.
Live grenades live in ``state.grenades`` as :class:`Grenade`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from tactics.engine.core.events import validated
from tactics.engine.hazards.events import (
    GrenadeCloud, GrenadeCloudTick, GrenadeCooked, GrenadeExploded, GrenadeSpent, GrenadeThrown, TrapStatus,
)
from tactics.engine import board
from tactics.engine.hazards import sheet
from tactics.engine.hazards.blast import blast_events, reducer as blast_reducer, roll_d20_check
from tactics.engine.hazards.spotting import ActiveSearch, reducer as spotting_reducer, trap_path_hook, trap_stop_index
from tactics.engine.hazards.traps import (
    DetectTrap,
    Disarm,
    PlaceTrap,
    RemoveTrap,
    SetTrap,
    TriggerRemote,
    build_traps,
    reducer as trap_reducer,
    timer_counters,
    timer_hook,
)
from tactics.engine.hazards.facing import (
    GMSetFacing, SetFacing, attack_arc, effective_facing, facing_path_hook, facing_place_hook, facing_window,
    reducer as facing_reducer,
)
from tactics.engine.hazards.fuses import (
    Fuse, cooked_goes_off_at_once, fuse_for, fuse_label, fuse_shown_to_players, public_fuse_for, set_moment,
)
from tactics.engine.board import combatant_or_refuse
from tactics.engine.combat.gate import action_events
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import explosives as ex
from tactics.rules import traps as tr
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell, distance_ft

own_reducer = Reducer()


# --------------------------------------------------------------------------- state
@dataclass
class Grenade:
    """A thrown grenade on the map: where it lies and when it goes off."""

    id: str
    kind: str
    label: str
    thrower: str
    team: str
    from_cell: Cell
    target_cell: Cell
    cell: Cell
    facing: str = "N"
    target: str | None = None
    fuse: dict[str, str] | None = None
    fuse_text: str = ""
    public_fuse: dict[str, str] | None = None  # what the players are told (N-GREN-11); None: the real one
    public_fuse_text: str = ""
    cooked: bool = False
    status: str = "live"  # live | cloud | spent | dud
    cloud_cells: list[Cell] = field(default_factory=list)
    cloud_rounds: int = 0
    cloud_set_in_round: int = 0  # when the cloud rose, for the round's count (R-CNT-1, N-CNT-4)
    cloud_set_after: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in ("from_cell", "target_cell", "cell"):
            d[key] = list(getattr(self, key))
        d["cloud_cells"] = [list(c) for c in self.cloud_cells]
        return d

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "Grenade":
        d = dict(raw)
        for key in ("from_cell", "target_cell", "cell"):
            d[key] = (int(d[key][0]), int(d[key][1]))
        d["cloud_cells"] = [(int(c[0]), int(c[1])) for c in d.get("cloud_cells", [])]
        return cls(**d)


def live_grenades(state: EncounterState) -> list[Grenade]:
    return [g for g in sorted(state.grenades.values(), key=lambda g: _order(g.id)) if g.status == "live"]


def _order(gid: str) -> tuple[int, str]:
    tail = gid.rsplit("-", 1)[-1]
    return (int(tail) if tail.isdigit() else 0, gid)


def cook_check_dice(who: Any) -> tuple[int, int]:
    """(net advantage, affinity die) of a thrower's WIS check to cook a grenade: a skill check, so
    Shaken and the like give it a disadvantage die (reading: N-GREN-4). The throw rolls with it and
    the typed-dice hint names its extra die, so the two cannot disagree."""
    return sheet.check_advantage(who, "skill"), sheet.affinity_die(who)

def _next_grenade_id(state: EncounterState) -> str:
    n = len(state.grenades) + 1
    while f"grenade-{n}" in state.grenades:
        n += 1
    return f"grenade-{n}"


def _kind(name: str) -> ex.GrenadeKind:
    try:
        return ex.grenade_kind(name)
    except KeyError as exc:
        raise Refused(str(exc.args[0])) from None


# --------------------------------------------------------------------------- grenades
def throw_range_ft(who: Combatant) -> int:
    """How far this combatant can throw (R-GREN-1)."""
    return ex.max_throw_ft(sheet.ability(who, "STR"), sheet.ability(who, "DEX"))


def detonation_events(
    state: EncounterState, grenade: Grenade, dice: Dice, *, at: Cell | None = None
) -> list[Event]:
    """The blast of a grenade where it lies (or ``at``), then what remains of it."""
    kind = _kind(grenade.kind)
    battle_map = state.current_map()
    where = grenade.cell if at is None else at
    cells = ex.blast_cells(kind, where, grenade.from_cell, walls=battle_map, facing=grenade.facing)
    events: list[Event] = [GrenadeExploded(grenade=grenade.id, label=grenade.label, cell=where)]
    events += blast_events(
        state, dice, source=grenade.id, label=grenade.label, origin=where, cells=cells,
        damage=kind.damage, save=kind.save, dc=kind.save_dc if kind.save != "none" else None,
        conditions=[c.model_dump() for c in kind.conditions],
    )
    if kind.disables_electronics:
        for trap in sorted(state.traps.values(), key=lambda t: t.id):
            if trap.armed and trap.electronic and any(c in cells for c in tr.wire_cells(trap)):
                events.append(TrapStatus(trap=trap.id, status="off", by=grenade.id))
    if kind.cloud_rounds:
        events.append(GrenadeCloud(grenade=grenade.id, cells=sorted(cells), rounds=kind.cloud_rounds,
                                   **set_moment(state)))  # a round counter from now (N-CNT-4)
    else:
        events.append(GrenadeSpent(grenade=grenade.id))
    return events


def check_throw(
    state: EncounterState, thrower: str, target_cell: Cell | None, grenade: str
) -> tuple[Combatant, ex.GrenadeKind, Cell]:
    """Can ``thrower`` throw ``grenade`` at ``target_cell`` now? Refused with the reason if not."""
    who = combatant_or_refuse(state, thrower)
    if who.cell is None or not who.present:
        raise Refused(f"{who.name} is not on the map")
    if who.hp <= 0:
        raise Refused(f"{who.name} is down and cannot throw")
    kind = _kind(grenade)
    if target_cell is None:
        raise Refused("choose the square to throw at")
    target = (int(target_cell[0]), int(target_cell[1]))
    if not state.current_map().in_bounds(target):
        raise Refused("that square is off the map")
    reach = throw_range_ft(who)
    if distance_ft(who.cell, target) > reach:  # reading: N-GREN-5 (measured to the aimed square)
        raise Refused(f"{who.name} can throw {reach} ft; that square is {distance_ft(who.cell, target)} ft away")
    return who, kind, target


@dataclass
class ThrowGrenade:
    """Throw a grenade at a square (R-GREN-1..5); a Use Item action in a fight.

    Dice: with ``cook``, the WIS check (d20, advantage die if any) first; a
    natural 1 blows up in the thrower's hand and nothing is thrown. Then 2d10
    for scatter (first die left/right, second short/long). The grenade flies
    until a wall stops it and lies there until its fuse: the end of the
    targeted group's turn (cooked: the start), or at once for a contact fuse.
    """

    thrower: str
    target_cell: Cell
    grenade: str = "frag"
    cook: bool = False
    name: str = "throw-grenade"

    def args(self) -> dict[str, Any]:
        return {"thrower": self.thrower, "target_cell": list(self.target_cell), "grenade": self.grenade,
                "cook": self.cook}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        gated = action_events(state, dice, self.thrower, "grenade", target_cell=self.target_cell,
                              options={"grenade": self.grenade, "cook": self.cook})
        return self.perform(state, dice) if gated is None else gated  # reading: N-GATE-1

    def perform(self, state: EncounterState, dice: Dice) -> list[Event]:
        """The throw itself, once the action economy allowed it (or outside a fight)."""
        who, kind, target = check_throw(state, self.thrower, self.target_cell, self.grenade)
        assert who.cell is not None  # check_throw refused a thrower off the map
        battle_map = state.current_map()
        gid = _next_grenade_id(state)
        record = Grenade(
            id=gid, kind=kind.name, label=kind.title, thrower=who.id, team=who.team,
            from_cell=who.cell, target_cell=target, cell=who.cell, facing=who.facing, cooked=self.cook,
        )
        events: list[Event] = []
        cook_result: str | None = None
        at_once = False
        if self.cook:  # reading: N-GREN-4 (rolled before the throw; Shaken counts)
            advantage, affinity = cook_check_dice(who)
            roll = roll_d20_check(dice, "WIS", [("WIS", sheet.ability(who, "WIS"))], dc=ex.grenade_rules().cook_dc,
                                  advantage=advantage, affinity=affinity)
            cook_result = ex.cook_result(roll["d20"], roll["total"])
            events.append(GrenadeCooked(grenade=gid, thrower=who.id, roll=roll, result=cook_result))
            if cook_result == "in_hand":
                record.status = "live"
                record.fuse_text = "explodes in the thrower's hand"
                events.append(validated(GrenadeThrown, record.to_dict() | {
                    "dice": [], "scatter": [0, 0], "aimed": list(who.cell), "flight": [], "stopped": False}))
                return events + detonation_events(state, record, dice)
        d1, d2 = dice.d(10), dice.d(10)
        across, along = ex.scatter(d1, d2)
        aimed = ex.scattered_cell(who.cell, target, across, along, who.facing)
        flight = ex.landing(battle_map, who.cell, target, d1, d2, facing=who.facing)
        record.cell = flight.cell
        target_who = state.at(target)
        record.target = target_who.id if target_who is not None else None
        if cook_result == "dud":
            record.status = "dud"
            record.fuse_text = "bursts harmlessly in the air"
        elif kind.fuse == "contact":
            record.fuse_text = "explodes as it lands"
        else:
            # reading: N-GREN-5 (whoever stands on the aimed square; else the next group, N-GREN-9)
            fuse = fuse_for(state, record.target, "start" if cook_result == "early" else "end", thrower=who.id)
            if cooked_goes_off_at_once(state, fuse):  # reading: N-GREN-8 (cooked: never later than uncooked)
                fuse, at_once = None, True
                record.fuse_text = "explodes as it lands (cooked, among those acting now)"
            else:
                record.fuse_text = fuse_label(state, fuse)
                hidden_target = target_who is not None and state.hidden_from_players(target_who)
                if hidden_target or not fuse_shown_to_players(state, fuse):  # reading: N-GREN-11
                    shown = public_fuse_for(state, fuse.when if fuse else "end", thrower=who.id)
                    record.public_fuse = shown.to_dict() if shown else None
                    record.public_fuse_text = fuse_label(state, shown)
            record.fuse = fuse.to_dict() if fuse else None
        events.append(validated(GrenadeThrown, record.to_dict() | {
            "dice": [d1, d2], "scatter": [across, along], "aimed": list(aimed),
            "flight": [[round(x, 4), round(y, 4)] for x, y in flight.points],
            "heights": [round(h, 4) for h in flight.heights], "flight_ms": flight.duration_ms,
            "bounces": [[round(x, 4), round(y, 4)] for x, y in flight.bounces], "stopped": flight.stopped,
        }))
        if record.status == "live" and (kind.fuse == "contact" or at_once):
            events += detonation_events(state, record, dice)
        return events


@dataclass
class Detonate:
    """Set off a live grenade now (the fuse moment came, or the GM says so)."""

    grenade: str
    name: str = "detonate"

    def args(self) -> dict[str, Any]:
        return {"grenade": self.grenade}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        g = state.grenades.get(self.grenade)
        if g is None or g.status != "live":
            raise Refused(f"there is no live grenade {self.grenade!r}")
        return detonation_events(state, g, dice)


def due_events(state: EncounterState, moment: Any, dice: Dice) -> list[Event]:
    """Blasts of every live grenade whose fuse is this group moment (R-GREN-4/5).

    ``moment`` is the ground engine's ``GroupMoment`` (round, team, group,
    when="start"|"end"); grenades go off in the order they were thrown.
    """
    events: list[Event] = []
    for g in live_grenades(state):
        fuse = Fuse.from_dict(g.fuse)
        if fuse is not None and fuse.matches(moment):
            events += detonation_events(state, g, dice)
    return events


def cloud_counters(state: EncounterState) -> list[tuple[dict[str, Any], Any]]:
    """Every smoke cloud as a round counter, counted with the others where each mode counts a
    round (R-CNT-1; reading: N-CNT-4). The players see its line when they see the cloud."""
    from tactics.engine.combat.state import EnvCounter

    return [({"kind": "cloud", "label": cloud_label(g)},
             EnvCounter(g.id, cloud_label(g), g.cloud_rounds, g.team, g.cloud_set_in_round, g.cloud_set_after))
            for g in sorted(state.grenades.values(), key=lambda g: _order(g.id)) if g.status == "cloud"]


def cloud_label(grenade: Grenade) -> str:
    """"Smoke cloud at (7, 5)": the Counter Phase line's name for a cloud."""
    what = grenade.label.removesuffix(" grenade") if grenade.label.endswith(" grenade") else "Smoke"
    return f"{what} cloud at ({grenade.cell[0]}, {grenade.cell[1]})"


def counter_events(state: EncounterState, dice: Dice) -> list[Event]:
    """Individual turns, after the last character's turn: the round's count of Clocked mines and
    smoke clouds, in the team rounds' Counter Phase words (N-TRAP-8, N-CNT-4); team rounds count
    them at their Counter Phase (N-TRAP-13)."""
    from tactics.engine.combat.round_counters import individual_round_events
    from tactics.engine.combat.state import CombatState

    combat = state.combat
    if combat is None or isinstance(combat, CombatState) or getattr(combat, "phase", "") == "ended":
        return []
    return individual_round_events(state, list(combat.order), list(combat.turns_done), int(combat.round), dice)


def _last_group_end(state: EncounterState, moment: Any) -> bool:
    combat = state.combat
    order_fn = getattr(combat, "turn_order", None)
    if getattr(moment, "when", None) != "end" or not callable(order_fn) or getattr(combat, "round", 0) < 1:
        return False
    order = order_fn()
    return bool(order) and (order[-1].team, order[-1].kind) == (moment.team, moment.group)


def group_hook(state: EncounterState, moment: Any, dice: Dice) -> list[Event]:
    """What the ground engine calls at each group's start and end."""
    events = due_events(state, moment, dice)
    if _last_group_end(state, moment):  # reading: N-TRAP-8, N-CNT-4 (individual turns)
        events += counter_events(state, dice)
    return events


# --------------------------------------------------------------------------- reducers
@own_reducer.on(GrenadeThrown)
def _thrown(state: EncounterState, event: GrenadeThrown) -> None:
    keys = Grenade.__dataclass_fields__.keys()
    state.grenades[event.id] = Grenade.from_dict({k: v for k, v in event.to_dict()["data"].items() if k in keys})


@own_reducer.on(GrenadeSpent)
def _spent(state: EncounterState, event: GrenadeSpent) -> None:
    state.grenades[event.grenade].status = "spent"


@own_reducer.on(GrenadeCloud)
def _cloud(state: EncounterState, event: GrenadeCloud) -> None:
    g = state.grenades[event.grenade]
    g.status = "cloud"
    g.cloud_cells = [(int(c[0]), int(c[1])) for c in event.cells]
    g.cloud_rounds = int(event.rounds)
    g.cloud_set_in_round, g.cloud_set_after = int(event.set_in_round), event.set_after_group


@own_reducer.on(GrenadeCloudTick)
def _cloud_tick(state: EncounterState, event: GrenadeCloudTick) -> None:
    g = state.grenades[event.grenade]
    g.cloud_rounds = int(event.rounds)
    if g.cloud_rounds <= 0:
        g.status = "spent"
        g.cloud_cells = []


own_reducer.on(GrenadeCooked)(lambda state, event: None)  # log only
own_reducer.on(GrenadeExploded)(lambda state, event: None)

#: Every event kind of grenades, traps, blasts and facing.
reducer = (Reducer().include(own_reducer).include(blast_reducer).include(trap_reducer).include(spotting_reducer)
           .include(facing_reducer))


# --------------------------------------------------------------------------- hooks
def install_hooks() -> None:
    """Hook grenades, traps and facing into the board and ground combat (idempotent).

    Called once by :mod:`tactics.engine.features`: a trap or a facing change can
    stop a walk, a fuse burns at a group's start or end, trap searches and trap
    setting are Use Item actions.
    """
    for hook in (trap_path_hook, facing_path_hook):
        if hook not in board.PATH_HOOKS:
            board.PATH_HOOKS.append(hook)
    if trap_stop_index not in board.PATH_LIMITS:
        board.PATH_LIMITS.append(trap_stop_index)
    if facing_place_hook not in board.PLACE_HOOKS:
        board.PLACE_HOOKS.append(facing_place_hook)
    from tactics.engine.combat import team as ground
    from tactics.engine.hazards import use_items

    if group_hook not in ground.GROUP_HOOKS:
        ground.GROUP_HOOKS.append(group_hook)
    if timer_counters not in ground.COUNTER_SOURCES:  # Clocked mines count with the counters (N-TRAP-13)
        ground.COUNTER_SOURCES.append(timer_counters)
        ground.COUNTER_HOOKS.append(timer_hook)
    if cloud_counters not in ground.COUNTER_SOURCES:  # smoke clouds too (N-CNT-4)
        ground.COUNTER_SOURCES.append(cloud_counters)
    use_items.register_item_uses()


__all__ = [
    "ActiveSearch",
    "Detonate",
    "DetectTrap",
    "Disarm",
    "GMSetFacing",
    "Grenade",
    "PlaceTrap",
    "RemoveTrap",
    "SetFacing",
    "SetTrap",
    "ThrowGrenade",
    "TriggerRemote",
    "attack_arc",
    "check_throw",
    "build_traps",
    "cloud_counters",
    "cloud_label",
    "counter_events",
    "detonation_events",
    "due_events",
    "effective_facing",
    "facing_path_hook",
    "facing_window",
    "group_hook",
    "live_grenades",
    "reducer",
    "throw_range_ft",
    "visible_to_players",
]

visible_to_players = tr.visible_to_players
