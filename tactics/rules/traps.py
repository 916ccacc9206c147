"""Traps and mines: catalogue, triggers, detection, disarming, setting (R-TRAP-1..6).

Why it exists: the engine's path hook, its trap commands and the window's
previews ("DC 14 to disarm: 45% / retry 20% / sets it off 35%") all ask these
functions; nothing here changes state.

Readings applied here (new ones are the project's N- ids, listed in docs/rules-notes.md):

* N-TRAP-1 (new): a trap a combatant sets has detection DC = the setting
  check's result + the kind's ``detection_bonus`` (Stealth mine +2, Clocked
  +5); one the GM places uses the kind's ``detection_dc`` unless the GM gives
  one. Its disarm DC is 10 unless the setter chose higher, at most their result.
* N-TRAP-2 (new): a mover who spots a trap that the rest of its path would set
  off stops on the square where it spotted it (the player may then choose a
  new path). A trap already known to the mover's team is walked into knowingly.
* N-TRAP-3 (new): a tripwire runs straight from the trap's square centre to
  the wire's end square centre; a step sets it off when the step's line meets
  the wire, except a step that starts on the wire and leaves it. A proximity
  trigger senses a square within its range that it has a clear line to (walls
  block motion sensors). Any creature sets a trap off, friend or foe. The
  blast is centred on the trap's own square (the charge), not where the wire
  was crossed.
* N-TRAP-4 (new): Passive Perception with an advantage die adds the die's
  average rounded down (+1 for a d2): passive checks roll nothing.
* N-TRAP-5 (new): an Engineer's Trap Sense (+2) reaches 20 ft, so an
  Engineer's passive scan covers hidden traps within 20 ft; others scan 10 ft.
* N-TRAP-6 (new): disarming requires the trap to be known to the disarmer's
  team and the disarmer within 5 ft of the trap's square (or any square of its
  wire). Explosives use Demolitions or Disable Device, whichever is better.
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from dataclasses import asdict, dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Literal

from tactics.rules.plain_model import ConfigDict, Field, field_validator, model_validator

from tactics.rules.data import DataModel, Label, Prose, data_path, load_items, read_document, validate
from tactics.rules.dice import DiceError, DiceExpr
from tactics.rules.explosives import ConditionEffect, check_rolls
from tactics.rules.geometry import segments_touch
from tactics.rules.grid import SQUARE_FT, Cell, Point, cell_center, distance_ft
from tactics.rules.templates import cone, line, radius

TriggerKind = Literal["contact", "tripwire", "proximity", "remote", "timer"]
DisarmResult = Literal["disarmed", "retry", "triggered"]
SetResult = Literal["set", "failed", "explodes"]

ENGINEER = "Engineer"
ELECTRO_MANCER = "Electro-Mancer"


class TrapRules(DataModel):
    """The numbers of the trap rules (``[rules]`` in traps.toml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    passive_base: int | None = Field(default=None, ge=0, le=60)  # None: creatures.toml [rules] passive_base
    passive_range_ft: int = Field(default=10, ge=0)
    active_search_radius_ft: int = Field(default=10, ge=0)
    engineer_bonus: int = 2
    engineer_range_ft: int = Field(default=20, ge=0)
    save_base: int = 10
    chasing_save_bonus: int = 5
    disarm_dc: int = 10
    disarm_trigger_margin: int = Field(default=5, ge=1)
    set_dc: int = 5
    reach_ft: int = Field(default=5, ge=0, le=1000)
    stop_on_spotting: bool = True


class TrapKind(DataModel):
    """One kind of trap or mine in ``traps.toml`` (R-TRAP-1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Label
    label: Label = ""
    detection_dc: int = Field(default=10, ge=0, le=60)
    detection_bonus: int = Field(default=0, ge=0, le=20)
    trigger: TriggerKind = "contact"
    proximity_ft: int = Field(default=0, ge=0, le=100)
    area: Literal["radius", "cone"] = "radius"
    area_ft: int = Field(default=0, ge=0, le=100)
    anchor: Literal["center", "corner"] = "center"
    level: int = Field(default=1, ge=0, le=30)
    damage: str | None = None
    damage_type: Label = ""
    conditions: tuple[ConditionEffect, ...] = ()
    electronic: bool = False
    explosive: bool = False
    chasing: bool = False
    chase_ft: int = Field(default=0, ge=0, le=200)
    timer_rounds: int = Field(default=0, ge=0, le=100)
    note: Prose = ""

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                DiceExpr.parse(value)
            except DiceError as exc:
                raise ValueError(str(exc)) from None
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "TrapKind":
        if self.trigger == "proximity" and not self.proximity_ft:
            raise ValueError("a proximity trigger needs proximity_ft (10 to 50 ft)")
        if self.trigger == "timer" and not self.timer_rounds:
            raise ValueError("a timer trigger needs timer_rounds")
        if self.area == "cone" and self.area_ft < 5:
            raise ValueError("a cone needs area_ft of at least 5")
        if self.chasing and not self.chase_ft:
            raise ValueError("a chasing mine needs chase_ft")
        return self


def load_trap_kinds(path: str | Path) -> dict[str, TrapKind]:
    return load_items(path, TrapKind, "trap")


def load_trap_rules(path: str | Path) -> TrapRules:
    """The ``[rules]`` table of a traps file (all defaults when it has none)."""
    return validate(path, TrapRules, read_document(path).get("rules", {}), "rules")


@lru_cache(maxsize=1)
def default_trap_kinds() -> dict[str, TrapKind]:
    return load_trap_kinds(data_path("traps.toml"))


@lru_cache(maxsize=1)
def default_trap_rules() -> TrapRules:
    return load_trap_rules(data_path("traps.toml"))


# ---------------------------------------------------------------------------
# A trap on the map


def _cell(value: Any) -> Cell | None:
    return None if value is None else (int(value[0]), int(value[1]))


@dataclass
class Trap:
    """A trap or mine on the map, as the encounter state keeps it.

    The kind's numbers are copied in when it is placed, so a saved encounter
    replays the same even if ``traps.toml`` changes later.
    """

    id: str
    kind: str
    label: str
    cell: Cell
    trigger: str
    level: int
    detection_dc: int
    disarm_dc: int = field(default_factory=lambda: default_trap_rules().disarm_dc)  # traps.toml [rules]
    area: str = "radius"
    area_ft: int = 0
    anchor: str = "center"
    facing: str | None = None
    wire_end: Cell | None = None
    proximity_ft: int = 0
    damage: str | None = None
    damage_type: str = ""
    conditions: list[dict[str, Any]] = field(default_factory=list)
    electronic: bool = False
    explosive: bool = False
    chasing: bool = False
    chase_ft: int = 0
    timer_rounds: int = 0
    owner: str | None = None
    team: str | None = None
    hidden: bool = True  # False: the GM shows it to everyone
    detected_by: list[str] = field(default_factory=list)
    known_to_teams: list[str] = field(default_factory=list)
    players_know: bool = False
    status: str = "armed"  # armed | disarmed | spent | removed | off
    retry_after: dict[str, int] = field(default_factory=dict)
    #: when a timer was armed in a fight, for the Counter Phase (R-CNT-1): round and group (N-TRAP-13)
    set_in_round: int = 0
    set_after_group: str | None = None

    @property
    def armed(self) -> bool:
        return self.status == "armed"

    def known_to(self, team: str | None) -> bool:
        return (not self.hidden) or (team is not None and (team == self.team or team in self.known_to_teams))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["cell"] = list(self.cell)
        d["wire_end"] = list(self.wire_end) if self.wire_end is not None else None
        for key, default in (("set_in_round", 0), ("set_after_group", None)):  # saves before them read the same
            if d[key] == default:
                del d[key]
        return d

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "Trap":
        data = dict(raw)
        data["cell"] = _cell(data["cell"])
        data["wire_end"] = _cell(data.get("wire_end"))
        data["conditions"] = [dict(c) for c in data.get("conditions", [])]
        data["detected_by"] = list(data.get("detected_by", []))
        data["known_to_teams"] = list(data.get("known_to_teams", []))
        data["retry_after"] = dict(data.get("retry_after", {}))
        return cls(**data)


def make_trap(
    trap_id: str,
    kind: TrapKind,
    cell: Cell,
    *,
    facing: str | None = None,
    wire_end: Cell | None = None,
    detection_dc: int | None = None,
    disarm_dc: int | None = None,
    owner: str | None = None,
    team: str | None = None,
    hidden: bool = True,
    rules: TrapRules | None = None,
) -> Trap:
    """A trap of ``kind`` at ``cell``; raises ValueError naming what is missing."""
    rules = rules or default_trap_rules()
    if kind.area == "cone" and facing is None:
        raise ValueError(f"a {kind.label or kind.name} needs a facing for its cone")
    if kind.trigger == "tripwire":
        if wire_end is None or tuple(wire_end) == tuple(cell):
            raise ValueError("a tripwire needs the square its wire runs to")
    return Trap(
        id=trap_id,
        kind=kind.name,
        label=kind.label or kind.name.replace("_", " "),
        cell=_cell(cell),  # type: ignore[arg-type]
        trigger=kind.trigger,
        level=kind.level,
        detection_dc=kind.detection_dc if detection_dc is None else int(detection_dc),
        disarm_dc=rules.disarm_dc if disarm_dc is None else int(disarm_dc),
        area=kind.area,
        area_ft=kind.area_ft,
        anchor=kind.anchor,
        facing=facing,
        wire_end=_cell(wire_end) if kind.trigger == "tripwire" else None,
        proximity_ft=kind.proximity_ft,
        damage=kind.damage,
        damage_type=kind.damage_type,
        conditions=[c.model_dump() for c in kind.conditions],
        electronic=kind.electronic,
        explosive=kind.explosive,
        chasing=kind.chasing,
        chase_ft=kind.chase_ft,
        timer_rounds=kind.timer_rounds,
        owner=owner,
        team=team,
        hidden=hidden,
    )


def visible_to_players(trap: Trap) -> bool:
    """May a player-facing view draw this trap? (R-TRAP-6)

    Only when the GM revealed it, or a player-side combatant detected it, or a
    player side set it. Spent and removed traps are not drawn.
    """
    if trap.status in ("spent", "removed"):
        return False
    return (not trap.hidden) or trap.players_know


def wire_cells(trap: Trap) -> tuple[Cell, ...]:
    """The trap's square and, for a tripwire, every square its wire crosses."""
    if trap.wire_end is None:
        return (trap.cell,)
    steps = distance_ft(trap.cell, trap.wire_end)
    return (trap.cell,) + line(trap.cell, trap.wire_end, steps)


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return segments_touch(p, p, a, b)


def step_sets_off(trap: Trap, previous: Cell, cell: Cell, walls: Any = None) -> bool:
    """Does the step ``previous`` -> ``cell`` set this armed trap off? (R-TRAP-4, N-TRAP-3)"""
    if not trap.armed:
        return False
    if trap.trigger == "contact":
        return tuple(cell) == trap.cell
    if trap.trigger == "tripwire" and trap.wire_end is not None:
        a, b = cell_center(trap.cell), cell_center(trap.wire_end)
        p, q = cell_center(previous), cell_center(cell)
        if not segments_touch(p, q, a, b):
            return False
        return not (_on_segment(p, a, b) and not _on_segment(q, a, b))
    if trap.trigger == "proximity":
        if distance_ft(cell, trap.cell) > trap.proximity_ft:
            return False
        w = getattr(walls, "walls", walls)
        return w is None or w.line_clear(cell_center(trap.cell), cell_center(cell))
    return False  # remote and timer traps ignore movers


def trigger_squares(trap: Trap, walls: Any = None) -> frozenset[Cell]:
    """Squares a step into may set this armed trap off (R-TRAP-4, N-TRAP-3): a contact trap's
    own square, every square of a tripwire's wire, the squares a proximity trigger senses;
    none for a remote or timer trap, or one that is not armed.

    A route that enters none of them sets the trap off only by crossing a diagonal wire
    between two of its squares; :func:`first_trigger` is the exact test of a path.
    """
    if not trap.armed:
        return frozenset()
    if trap.trigger == "contact":
        return frozenset({trap.cell})
    if trap.trigger == "tripwire":
        return frozenset(wire_cells(trap))
    if trap.trigger == "proximity":
        reach = trap.proximity_ft // SQUARE_FT
        c0, r0 = trap.cell
        return frozenset((c, r) for c in range(c0 - reach, c0 + reach + 1) for r in range(r0 - reach, r0 + reach + 1)
                         if step_sets_off(trap, (c, r), (c, r), walls))
    return frozenset()


def first_trigger(
    traps: Iterable[Trap], start: Cell, path: list[Cell], walls: Any = None
) -> tuple[int, list[Trap]] | None:
    """The first step of ``path`` that sets any armed trap off: (index, traps)."""
    armed = [t for t in traps if t.armed]
    previous = start
    for i, cell in enumerate(path):
        hit = [t for t in armed if step_sets_off(t, previous, cell, walls)]
        if hit:
            return i, hit
        previous = cell
    return None


def trap_area(trap: Trap, at: Cell | None = None, walls: Any = None) -> frozenset[Cell]:
    """Squares the trap's blast covers when it goes off at ``at`` (default: its square).

    A cone starts on the mine's own square (R-CONE-2); a radius is anchored at the
    square's centre, or its top-left corner for ``anchor = "corner"``.
    """
    origin = trap.cell if at is None else at
    if trap.area == "cone":
        # reading: N-AOE-1 (the mine's own square is the side a wall on its back edge leaves it)
        return cone(origin, trap.facing or "N", trap.area_ft, walls=walls, inside=origin)
    if trap.anchor == "corner" and trap.area_ft:
        return radius(origin, trap.area_ft, at="corner", walls=walls)
    return radius(origin, trap.area_ft, at="center", walls=walls)


def save_dc(trap: Trap, rules: TrapRules | None = None) -> int:
    """Reflex DC 10 + trap level, +5 for a chasing mine (R-TRAP-4)."""
    rules = rules or default_trap_rules()
    return rules.save_base + trap.level + (rules.chasing_save_bonus if trap.chasing else 0)


def chase_path(trap: Trap, creatures: Iterable[Cell], walls: Any = None) -> tuple[Cell, ...]:
    """Squares a chasing mine rolls over toward the nearest creature (R-TRAP-4).

    Nearest by grid distance, ties to the top-most, then left-most square. It
    stops on that creature's square, after ``chase_ft``, or at a wall.
    """
    cells: list[Cell] = [(int(c[0]), int(c[1])) for c in creatures if c is not None]
    if not cells:
        return ()
    target = min(cells, key=lambda c: (distance_ft(trap.cell, c), c[1], c[0]))
    if target == trap.cell:
        return ()
    steps = min(trap.chase_ft, distance_ft(trap.cell, target))
    return line(trap.cell, target, steps, walls=walls)


# ---------------------------------------------------------------------------
# Detection (R-TRAP-2)


def scan_range_ft(classes: Iterable[str], rules: TrapRules | None = None) -> int:
    """How far a combatant's passive scan reaches (R-TRAP-2, N-TRAP-5)."""
    rules = rules or default_trap_rules()
    if ENGINEER in set(classes):
        return max(rules.passive_range_ft, rules.engineer_range_ft)
    return rules.passive_range_ft


def trap_distance_ft(trap: Trap, cell: Cell) -> int:
    return min(distance_ft(cell, c) for c in wire_cells(trap))


def can_see_trap(trap: Trap, cell: Cell, walls: Any = None) -> bool:
    """Line of sight from a square to any square of the trap."""
    w = getattr(walls, "walls", walls)
    if w is None:
        return True
    eye = cell_center(cell)
    return any(w.line_clear(eye, cell_center(c)) for c in wire_cells(trap))


def sense_modifiers(
    trap: Trap, cell: Cell, classes: Iterable[str], rules: TrapRules | None = None
) -> tuple[int, int]:
    """(bonus, net advantage) a searcher at ``cell`` gets against ``trap`` (R-TRAP-2)."""
    rules = rules or default_trap_rules()
    classes = set(classes)
    bonus = 0
    if ENGINEER in classes and trap_distance_ft(trap, cell) <= rules.engineer_range_ft:
        bonus += rules.engineer_bonus
    advantage = 1 if (ELECTRO_MANCER in classes and trap.electronic) else 0
    return bonus, advantage


def passive_perception(
    perception: int, bonus: int = 0, advantage: int = 0, affinity: int = 2,
    rules: TrapRules | None = None,
) -> int:
    """10 + Perception + bonuses; an advantage die adds its average, rounded down (N-TRAP-4)."""
    rules = rules or default_trap_rules()
    die = 0
    if advantage > 0:
        die = (affinity + 1) // 2
    elif advantage < 0:  # a net disadvantage subtracts a d2, whatever the Affinity Die (R-ROLL-2)
        die = -((2 + 1) // 2)
    base = rules.passive_base
    if base is None:
        from tactics.rules.sheets import sheet_rules  # one Passive Perception for surprise and traps

        base = sheet_rules().passive_base
    return base + perception + bonus + die


def detect_odds(
    perception: int, dc: int, bonus: int = 0, advantage: int = 0, affinity: int = 2
) -> Fraction:
    """Chance an active search (d20 + Perception + bonus, advantage die) finds a trap."""
    from tactics.rules.explosives import check_odds

    return check_odds(perception + bonus, dc, advantage, affinity)


# ---------------------------------------------------------------------------
# Disarming (R-TRAP-3) and setting (R-TRAP-5)


def disarm_result(total: int, dc: int, rules: TrapRules | None = None) -> DisarmResult:
    """Meet the DC: disarmed; miss by 5 or more: it goes off; else retry later."""
    rules = rules or default_trap_rules()
    if total >= dc:
        return "disarmed"
    return "triggered" if dc - total >= rules.disarm_trigger_margin else "retry"


def disarm_net_advantage(in_combat: bool, other: int = 0) -> int:
    """In combat the check has disadvantage (R-TRAP-3), netted with ``other``."""
    return other - (1 if in_combat else 0)


def disarm_odds(
    modifier: int, dc: int, *, in_combat: bool = False, net_advantage: int = 0,
    affinity: int = 2, rules: TrapRules | None = None,
) -> dict[str, Fraction]:
    """Exact odds of disarmed / retry / triggered (R-TRAP-3)."""
    out = {"disarmed": Fraction(0), "retry": Fraction(0), "triggered": Fraction(0)}
    adv = disarm_net_advantage(in_combat, net_advantage)
    for d20, die, p in check_rolls(adv, affinity):
        out[disarm_result(d20 + die + modifier, dc, rules)] += p
    return out


def set_result(d20: int, total: int, rules: TrapRules | None = None) -> SetResult:
    """Natural 1: explodes in hand; meet DC 5: set; else it is not set (R-TRAP-5)."""
    rules = rules or default_trap_rules()
    if d20 == 1:
        return "explodes"
    return "set" if total >= rules.set_dc else "failed"


def set_odds(
    modifier: int, *, net_advantage: int = 0, affinity: int = 2, rules: TrapRules | None = None
) -> dict[str, Fraction]:
    """Exact odds of set / failed / explodes for a setting check (R-TRAP-5)."""
    out = {"set": Fraction(0), "failed": Fraction(0), "explodes": Fraction(0)}
    for d20, die, p in check_rolls(net_advantage, affinity):
        out[set_result(d20, d20 + die + modifier, rules)] += p
    return out


def set_trap_dcs(
    kind: TrapKind, result: int, wanted_disarm_dc: int | None = None, rules: TrapRules | None = None
) -> tuple[int, int]:
    """(detection DC, disarm DC) of a trap set with check ``result`` (N-TRAP-1, R-TRAP-3).

    The disarm DC is the default (10) unless the setter chooses a higher one,
    at most the setting check's result: "a professional can set a higher DC
    (up to their own setting check result)".
    """
    rules = rules or default_trap_rules()
    detection = result + kind.detection_bonus
    if wanted_disarm_dc is None:
        return detection, rules.disarm_dc
    ceiling = max(rules.disarm_dc, result)
    return detection, max(rules.disarm_dc, min(int(wanted_disarm_dc), ceiling))


__all__ = [
    "Trap",
    "TrapKind",
    "TrapRules",
    "can_see_trap",
    "chase_path",
    "default_trap_kinds",
    "default_trap_rules",
    "detect_odds",
    "disarm_odds",
    "disarm_result",
    "first_trigger",
    "make_trap",
    "passive_perception",
    "save_dc",
    "scan_range_ft",
    "sense_modifiers",
    "set_odds",
    "set_result",
    "set_trap_dcs",
    "step_sets_off",
    "trap_area",
    "trap_distance_ft",
    "trigger_squares",
    "visible_to_players",
    "wire_cells",
]
