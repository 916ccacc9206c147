"""Thrown explosives: range, scatter, landing, cooking and blasts (R-GREN-1..6).

Why it exists: the window's throw preview (range ring, landing heatmap, blast
outline) and the engine's :class:`~tactics.engine.hazards.commands.ThrowGrenade` call
these same functions, so the odds a player sees are the odds the dice use.

Readings applied here (new ones are the project's N- ids, listed in docs/rules-notes.md):

* N-GREN-1 (new): the line of the throw is snapped to the nearest of the 8 grid
  directions (as cones and facing are, ties to the orthogonal). "Along" steps
  go that way (long = away from the thrower); "across" steps go a quarter turn
  clockwise (right as the thrower sees it). Every scatter square is one grid
  step (5 ft, R-GRID-2), also on a diagonal throw. A throw at one's own square
  uses the thrower's facing.
* N-GREN-2 (new): the grenade flies in a straight line from the centre of the
  thrower's square to the centre of the square it would land on; the first
  wall, closed door, solid square or the map's edge on that line stops it and
  it drops on the square just in front (R-GREN-3).
* N-GREN-3 (new): a corner-anchored blast uses the corner of the landing square
  nearest the thrower's square (the side it came from, so a grenade that
  dropped in front of a wall never blasts through it); between two equally
  near corners, the one on the thrower's right.
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Literal

from tactics.rules.plain_model import ConfigDict, Field, field_validator

from tactics.rules.data import DataModel, Label, Prose, data_path, load_items, read_document, validate
from tactics.rules.dice import DiceError, DiceExpr
from tactics.rules.grid import Cell, cell_center, delta, direction_toward, rotate
from tactics.rules.templates import radius

if TYPE_CHECKING:  # (the flights' module is imported by the first throw or heatmap, not at start: issue 12)
    from tactics.rules import physics

# ---------------------------------------------------------------------------
# Range (R-GREN-1)


class GrenadeRules(DataModel):
    """The numbers of the throwing and cooking rules (``[rules]`` in grenades.toml).

    The module names ``BASE_THROW_FT``, ``THROW_FT_PER_MOD``, ``MIN_THROW_FT`` and
    ``COOK_DC`` still work: they read these (see :func:`__getattr__`).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    base_throw_ft: int = Field(default=30, ge=0, le=1000)
    throw_ft_per_mod: int = Field(default=5, ge=0, le=100)
    min_throw_ft: int = Field(default=5, ge=0, le=1000)
    cook_dc: int = Field(default=25, ge=0, le=60)


def load_grenade_rules(path: str | Path) -> GrenadeRules:
    """``[rules]`` of a grenades file (all defaults when it has none); DataError on bad values."""
    return validate(path, GrenadeRules, read_document(path).get("rules", {}), "rules")


@lru_cache(maxsize=1)
def grenade_rules() -> GrenadeRules:
    return load_grenade_rules(data_path("grenades.toml"))


_RULE_NAMES = {"BASE_THROW_FT": "base_throw_ft", "THROW_FT_PER_MOD": "throw_ft_per_mod",
               "MIN_THROW_FT": "min_throw_ft", "COOK_DC": "cook_dc"}


def __getattr__(name: str) -> int:
    """The old constants, now read from the table's grenades.toml."""
    if name in _RULE_NAMES:
        return int(getattr(grenade_rules(), _RULE_NAMES[name]))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def max_throw_ft(str_mod: int, dex_mod: int, rules: GrenadeRules | None = None) -> int:
    """Maximum throw: 30 ft + 5 ft per STR and per DEX modifier, never below 5 ft (R-GREN-1).

    The three numbers are ``[rules]`` of grenades.toml.
    """
    r = rules or grenade_rules()
    return max(r.min_throw_ft, r.base_throw_ft + r.throw_ft_per_mod * (int(str_mod) + int(dex_mod)))


# ---------------------------------------------------------------------------
# Scatter (R-GREN-2)

D10_FACES = tuple(range(1, 11))  # the 10 face is read as "0"


class ScatterTable(DataModel):
    """Squares off target for faces 1..10 of each die (``scatter.toml``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    across: tuple[int, ...] = Field(min_length=10, max_length=10)
    along: tuple[int, ...] = Field(min_length=10, max_length=10)

    @field_validator("across", "along")
    @classmethod
    def _small(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(abs(v) > 20 for v in value):
            raise ValueError("a scatter distance must be between -20 and 20 squares")
        return value


class _ScatterFile(DataModel):
    model_config = ConfigDict(extra="forbid")
    scatter: ScatterTable


def load_scatter(path: str | Path) -> ScatterTable:
    """Read a scatter table; DataError names the file and field on bad data."""
    return validate(path, _ScatterFile, read_document(path)).scatter


@lru_cache(maxsize=1)
def default_scatter() -> ScatterTable:
    return load_scatter(data_path("scatter.toml"))


def _face(d: int) -> int:
    if not isinstance(d, int) or not 1 <= d <= 10:
        raise DiceError(f"a d10 shows 1 to 10 (10 is the 0 face), not {d!r}")
    return d


def scatter(d1: int, d2: int, table: ScatterTable | None = None) -> tuple[int, int]:
    """Landing offset in squares ``(across, along)`` for the two d10 faces (R-GREN-2).

    ``across`` < 0 is left of the throw, > 0 right; ``along`` < 0 short, > 0 long.
    Faces are 1..10, 10 being the die's "0" face (on target).
    """
    t = table or default_scatter()
    return t.across[_face(d1) - 1], t.along[_face(d2) - 1]


def scatter_odds(table: ScatterTable | None = None) -> dict[tuple[int, int], Fraction]:
    """Exact distribution of ``scatter`` over the 100 equally likely rolls."""
    out: dict[tuple[int, int], Fraction] = {}
    for d1 in D10_FACES:
        for d2 in D10_FACES:
            key = scatter(d1, d2, table)
            out[key] = out.get(key, Fraction(0)) + Fraction(1, 100)
    return out


# ---------------------------------------------------------------------------
# Landing (R-GREN-3, readings N-GREN-1/2)


def throw_direction(thrower: Cell, target: Cell, facing: str = "N") -> str:
    """The grid direction of the throw (N-GREN-1): snapped; own square -> facing."""
    if thrower == target:
        return facing
    return direction_toward(thrower, target)


def scattered_cell(
    thrower: Cell, target: Cell, across: int, along: int, facing: str = "N"
) -> Cell:
    """The square a throw at ``target`` lands on before walls are considered."""
    forward = throw_direction(thrower, target, facing)
    fx, fy = delta(forward)
    rx, ry = delta(rotate(forward, 2))  # a quarter turn clockwise: the thrower's right
    return (target[0] + along * fx + across * rx, target[1] + along * fy + across * ry)


def landing(
    battle_map: Any,
    thrower: Cell,
    target: Cell,
    d1: int,
    d2: int,
    *,
    facing: str = "N",
    table: ScatterTable | None = None,
) -> "physics.Flight":
    """Where a throw with faces ``d1``, ``d2`` comes down, walls included (R-GREN-2/3), with
    the flight the window draws (:func:`tactics.rules.physics.fly`)."""
    from tactics.rules import physics

    across, along = scatter(d1, d2, table)
    aimed = scattered_cell(thrower, target, across, along, facing)
    return physics.fly(battle_map, thrower, aimed)


def landing_odds(
    battle_map: Any,
    thrower: Cell,
    target: Cell,
    *,
    facing: str = "N",
    table: ScatterTable | None = None,
) -> dict[Cell, Fraction]:
    """Exact chance of landing on each square, over the 100 rolls, with walls.

    This is what the window's heatmap shows; it asks the same landing rule as a throw
    (:func:`tactics.rules.physics.landing_point`), without simulating each flight.
    """
    from tactics.rules import physics

    out: dict[Cell, Fraction] = {}
    cache: dict[tuple[int, int], Cell] = {}
    for d1 in D10_FACES:
        for d2 in D10_FACES:
            offset = scatter(d1, d2, table)
            cell = cache.get(offset)
            if cell is None:
                aimed = scattered_cell(thrower, target, offset[0], offset[1], facing)
                cell = physics.landing_point(battle_map, thrower, aimed).cell  # the rules only, no flight
                cache[offset] = cell
            out[cell] = out.get(cell, Fraction(0)) + Fraction(1, 100)
    return out


def p_on_target(
    battle_map: Any, thrower: Cell, target: Cell, *, facing: str = "N",
    table: ScatterTable | None = None,
) -> Fraction:
    """Chance the grenade comes down on the target square itself."""
    return landing_odds(battle_map, thrower, target, facing=facing, table=table).get(target, Fraction(0))


# ---------------------------------------------------------------------------
# Grenade kinds (data/grenades.toml) and blasts (R-GREN-6, R-RAD-1, R-AOE-1)


class ConditionEffect(DataModel):
    """A condition a blast or trap imposes (R-COND-1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Label = Field(min_length=1)
    rounds: int | None = Field(default=1, ge=1, le=100)
    on: Literal["failed_save", "always"] = "failed_save"


class GrenadeKind(DataModel):
    """One kind of grenade as a table sees it in ``grenades.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Label
    label: Label = ""
    damage: str | None = None
    damage_type: Label = ""
    radius_ft: int = Field(default=5, ge=0, le=100)
    anchor: Literal["corner", "center"] = "corner"
    save: Literal["Reflex", "Fortitude", "Will", "none"] = "Reflex"
    save_dc: int = Field(default=13, ge=0, le=60)
    fuse: Literal["turn_end", "contact"] = "turn_end"
    conditions: tuple[ConditionEffect, ...] = ()
    disables_electronics: bool = False
    cloud_rounds: int = Field(default=0, ge=0, le=100)
    note: Prose = ""

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            DiceExpr.parse(value)
        except DiceError as exc:
            raise ValueError(str(exc)) from None
        return value

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ")


def load_grenades(path: str | Path) -> dict[str, GrenadeKind]:
    return load_items(path, GrenadeKind, "grenade")


@lru_cache(maxsize=1)
def default_grenades() -> dict[str, GrenadeKind]:
    return load_grenades(data_path("grenades.toml"))


def grenade_kind(name: str, kinds: dict[str, GrenadeKind] | None = None) -> GrenadeKind:
    kinds = kinds if kinds is not None else default_grenades()
    try:
        return kinds[name]
    except KeyError:
        raise KeyError(f"unknown grenade {name!r}; known: {', '.join(sorted(kinds))}") from None


_CORNERS: dict[str, tuple[int, int]] = {"NW": (0, 0), "NE": (1, 0), "SE": (1, 1), "SW": (0, 1)}


def blast_corner(landing_cell: Cell, from_cell: Cell, facing: str = "N") -> Cell:
    """The intersection a corner-anchored blast uses (N-GREN-3), as the
    top-left-corner address ``templates.radius(at="corner")`` expects.

    Nearest corner to the thrower's square centre; ties go to the thrower's
    right, then to the thrower's back (a grenade going off in hand).
    """
    fx, fy = (
        delta(direction_toward(from_cell, landing_cell)) if from_cell != landing_cell else delta(facing)
    )
    rx, ry = -fy, fx
    sx, sy = cell_center(from_cell)
    cx, cy = landing_cell

    def key(offset: tuple[int, int]) -> tuple[float, float, float]:
        px, py = cx + offset[0], cy + offset[1]
        ox, oy = offset[0] - 0.5, offset[1] - 0.5  # from the cell centre
        return ((px - sx) ** 2 + (py - sy) ** 2, -(ox * rx + oy * ry), ox * fx + oy * fy)

    best = min(_CORNERS.values(), key=key)
    return (cx + best[0], cy + best[1])


def blast_cells(
    kind: GrenadeKind,
    landing_cell: Cell,
    from_cell: Cell | None = None,
    *,
    walls: Any = None,
    facing: str = "N",
    shape: Literal["grid", "round"] = "grid",
) -> frozenset[Cell]:
    """Squares a grenade's blast covers (R-GREN-6 radius, R-RAD-1/2, walls R-AOE-1)."""
    if kind.anchor == "center":
        return radius(landing_cell, kind.radius_ft, at="center", shape=shape, walls=walls)
    if kind.radius_ft == 0:
        return frozenset({landing_cell})
    corner = blast_corner(landing_cell, from_cell if from_cell is not None else landing_cell, facing)
    # reading: N-AOE-1 (a corner on a wall is on the landing square's side of it)
    return radius(corner, kind.radius_ft, at="corner", shape=shape, walls=walls, inside=landing_cell)


def blast_odds(
    battle_map: Any,
    thrower: Cell,
    target: Cell,
    kind: GrenadeKind,
    *,
    facing: str = "N",
    table: ScatterTable | None = None,
) -> dict[Cell, Fraction]:
    """Exact chance each square is caught in the blast of a throw at ``target``."""
    out: dict[Cell, Fraction] = {}
    for cell, p in landing_odds(battle_map, thrower, target, facing=facing, table=table).items():
        for hit in blast_cells(kind, cell, thrower, walls=battle_map, facing=facing):
            out[hit] = out.get(hit, Fraction(0)) + p
    return out


# ---------------------------------------------------------------------------
# d20 checks with the advantage die (R-ROLL-2), cooking (R-GREN-5), saves


def check_rolls(net_advantage: int = 0, affinity: int = 2) -> Iterator[tuple[int, int, Fraction]]:
    """Every (d20, signed advantage die, probability) of a check (R-ROLL-2).

    Net advantage adds one Affinity Die (d2 by default); net disadvantage
    subtracts one d2, whatever the Affinity Die (as the engine rolls it,
    :func:`tactics.engine.hazards.blast.roll_d20_check`); otherwise no die
    (reported as 0).
    """
    if net_advantage == 0:
        for d20 in range(1, 21):
            yield d20, 0, Fraction(1, 20)
        return
    sign, sides = (1, affinity) if net_advantage > 0 else (-1, 2)
    for d20 in range(1, 21):
        for die in range(1, sides + 1):
            yield d20, sign * die, Fraction(1, 20 * sides)


def check_odds(modifier: int, dc: int, net_advantage: int = 0, affinity: int = 2) -> Fraction:
    """Chance a check d20 (+/- advantage die) + modifier meets ``dc``."""
    return sum(
        (p for d20, die, p in check_rolls(net_advantage, affinity) if d20 + die + modifier >= dc),
        Fraction(0),
    )


CookResult = Literal["early", "dud", "in_hand"]


def cook_result(d20: int, total: int, dc: int | None = None) -> CookResult:
    """R-GREN-5: a natural 1 explodes in hand; meeting the DC (``cook_dc`` in
    grenades.toml unless given) explodes at the start of the target group's turn
    ("early"); otherwise it bursts harmlessly ("dud")."""
    if d20 == 1:
        return "in_hand"
    return "early" if total >= (grenade_rules().cook_dc if dc is None else dc) else "dud"


def cook_odds(
    wis_mod: int, net_advantage: int = 0, affinity: int = 2, dc: int | None = None
) -> dict[str, Fraction]:
    """Exact odds of each cooking result for a WIS modifier (R-GREN-5)."""
    out = {"early": Fraction(0), "dud": Fraction(0), "in_hand": Fraction(0)}
    for d20, die, p in check_rolls(net_advantage, affinity):
        out[cook_result(d20, d20 + die + wis_mod, dc)] += p
    return out


def half_damage(amount: int) -> int:
    """A successful save halves damage, rounded down (R-GREN-6, R-TRAP-4)."""
    return amount // 2


__all__ = [
    "ConditionEffect",
    "GrenadeKind",
    "GrenadeRules",
    "ScatterTable",
    "blast_cells",
    "blast_corner",
    "blast_odds",
    "check_odds",
    "check_rolls",
    "cook_odds",
    "cook_result",
    "default_grenades",
    "default_scatter",
    "grenade_kind",
    "grenade_rules",
    "half_damage",
    "landing",
    "landing_odds",
    "load_grenade_rules",
    "load_grenades",
    "load_scatter",
    "max_throw_ft",
    "p_on_target",
    "scatter",
    "scatter_odds",
    "scattered_cell",
    "throw_direction",
]
