"""Individual turns: order, the two-action budget, blocking, throwing (R-TURN-1..5).

Why it exists: the second rule text plays a fight one character at a time
instead of by team groups. This module holds the arithmetic a GM would do on
paper, as pure functions the engine (:mod:`tactics.engine.combat.individual.procedure`) and the
tracker panel both call, so the pips the window shows are the budget the
engine enforces:

* turn order: the table order (players first, then NPCs) or d20 + Reflex,
  highest first, ties re-rolled; NPCs roll singly, per group or as one group;
* the action budget: two actions a turn, at most one contested; the contested
  slot may be traded for a second non-contested action, never the reverse; one
  non-contested action may be held for another creature's turn;
* blocking: where a mover stops when a holder steps into its path;
* throwing an object that is not an attack: range and size category.

The numbers a table may change are in ``data/turns.toml`` (:class:`TurnRules`).

>>> table_order([("orc", False), ("kira", True), ("bear", False), ("art", True)])
['kira', 'art', 'orc', 'bear']
>>> stop_before_blocker([(1, 0), (2, 0), (3, 0), (4, 0)], (3, 0))
[(1, 0), (2, 0)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Literal, Sequence

from tactics.rules.plain_model import ConfigDict, Field, model_validator

from tactics.rules.data import DataModel, Label, data_path, read_document, validate
from tactics.rules.grid import SQUARE_FT, Cell

CONTESTED = "contested"
NON_CONTESTED = "non-contested"
HOLD = "hold"
FREE = "free"

ORDERS = ("table", "rolled")
NPC_GROUPINGS = ("single", "groups", "one")


class TurnRefused(ValueError):
    """Something the turn rules do not allow; the message is for the player."""


# --------------------------------------------------------------------------- data
class Traits(DataModel):
    """A creature's size category, species range bonus and (optionally) Body stat."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    size: Label | None = None
    range_bonus: int = Field(default=0, ge=-5, le=10)
    body: int | None = Field(default=None, ge=0, le=100)


class TurnNumbers(DataModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    actions_per_turn: int = Field(default=2, ge=1, le=10)
    contested_per_turn: int = Field(default=1, ge=0, le=10)
    held_per_turn: int = Field(default=1, ge=0, le=10)
    extend_rounds: int = Field(default=1, ge=1, le=100)
    shield_equip_actions: int = Field(default=2, ge=1, le=10)
    shield_ac: int = Field(default=2, ge=0, le=20)
    npc_group_reflex: Literal["mean", "best"] = "mean"


class ThrowNumbers(DataModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    body_ability: Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"] = "STR"
    min_body: int = Field(default=1, ge=0, le=100)
    sizes: list[Label] = Field(default_factory=lambda: ["XS", "S", "M", "L", "XL"], min_length=1)
    default_size: Label = "M"

    @model_validator(mode="after")
    def _default_known(self) -> "ThrowNumbers":
        if self.default_size not in self.sizes:
            raise ValueError(f"default_size {self.default_size!r} is not one of the sizes {self.sizes}")
        return self


class TurnRules(DataModel):
    """Everything in ``data/turns.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turns: TurnNumbers = Field(default_factory=TurnNumbers)  # built when first used, not at import
    throw: ThrowNumbers = Field(default_factory=ThrowNumbers)
    creature: dict[Label, Traits] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _sizes_known(self) -> "TurnRules":
        for name, traits in self.creature.items():
            if traits.size is not None and traits.size not in self.throw.sizes:
                raise ValueError(f"creature {name}: size {traits.size!r} is not one of {self.throw.sizes}")
        return self


@lru_cache(maxsize=1)
def _default_turn_numbers() -> TurnNumbers:
    """The defaults of ``[turns]`` (a function's default: built on first use, not at import)."""
    return TurnNumbers()


@lru_cache(maxsize=1)
def _default_throw_numbers() -> ThrowNumbers:
    return ThrowNumbers()


def load_turn_rules(path: str | Path) -> TurnRules:
    return validate(path, TurnRules, read_document(path))


@lru_cache(maxsize=1)
def default_turn_rules() -> TurnRules:
    return load_turn_rules(data_path("turns.toml"))


def turn_rules(settings: dict[str, Any] | None = None) -> TurnRules:
    """The bundled numbers with an encounter's ``settings["turns"]`` laid over them.

    ``settings.turns`` may hold the keys of ``[turns]`` directly, a ``throw``
    table, and ``traits`` per combatant id (read by :func:`traits_for`).
    """
    base = default_turn_rules()
    override = dict((settings or {}).get("turns") or {})
    override.pop("traits", None)
    if not override:
        return base
    throw = override.pop("throw", None)
    raw = base.model_dump()
    raw["turns"] = raw["turns"] | override
    if throw:
        raw["throw"] = raw["throw"] | dict(throw)
    return validate("encounter settings", TurnRules, raw, "settings.turns")


def traits_for(rules: TurnRules, settings: dict[str, Any] | None, combatant_id: str, sheet_id: str | None) -> Traits:
    """Size, range bonus and Body of one combatant: the encounter's
    ``settings.turns.traits.<id>`` over the sheet's entry in ``turns.toml``."""
    base = rules.creature.get(sheet_id or "", Traits())
    own = (((settings or {}).get("turns") or {}).get("traits") or {}).get(combatant_id)
    if not own:
        return base
    merged = validate("encounter settings", Traits, base.model_dump() | dict(own), f"settings.turns.traits.{combatant_id}")
    if merged.size is not None and merged.size not in rules.throw.sizes:
        raise TurnRefused(f"{combatant_id}: size {merged.size!r} is not one of {', '.join(rules.throw.sizes)}")
    return merged


# --------------------------------------------------------------------------- order
def table_order(roster: Iterable[tuple[str, bool]]) -> list[str]:
    """Players first, then NPCs, each in roster order (R-TURN-1). ``roster``: (id, is_player)."""
    roster = list(roster)
    return [cid for cid, player in roster if player] + [cid for cid, player in roster if not player]


@dataclass(frozen=True)
class Roller:
    """One turn-order roll: a character, or a group of NPCs rolling together."""

    key: str
    members: tuple[str, ...]
    bonus: int


@dataclass(frozen=True)
class OrderRoll:
    """One d20 + Reflex roll; ``attempt`` 0 is the first roll, 1+ tie-breakers."""

    key: str
    members: tuple[str, ...]
    attempt: int
    d20: int
    bonus: int

    @property
    def total(self) -> int:
        return self.d20 + self.bonus


def group_bonus(bonuses: Sequence[int], how: str = "mean") -> int:
    """The Reflex bonus a group of NPCs rolls with (N-TURN-1): the members'
    mean rounded down (as Team Initiative is, R-INIT-1), or the best."""
    if not bonuses:
        raise ValueError("a group with no members cannot roll")
    if how == "best":
        return max(bonuses)
    return sum(bonuses) // len(bonuses)


def rollers(
    entries: Sequence[tuple[str, bool, int, str]],
    grouping: str = "single",
    *,
    how: str = "mean",
) -> list[Roller]:
    """Who rolls for turn order (R-TURN-1).

    ``entries``: (id, is_player, reflex bonus, group name) in roster order.
    Players always roll singly. NPCs: ``"single"`` each alone, ``"groups"``
    one roll per group name, ``"one"`` one roll for every NPC.
    """
    if grouping not in NPC_GROUPINGS:
        raise TurnRefused(f"NPCs roll {' / '.join(NPC_GROUPINGS)}, not {grouping!r}")
    out: list[Roller] = []
    groups: dict[str, list[tuple[str, int]]] = {}
    for cid, player, bonus, group in entries:
        if player or grouping == "single":
            out.append(Roller(cid, (cid,), int(bonus)))
            continue
        key = "npcs" if grouping == "one" else f"group:{group}"
        if key not in groups:
            groups[key] = []
            out.append(Roller(key, (), 0))  # placeholder keeps the first member's roster place
        groups[key].append((cid, int(bonus)))
    return [
        r if r.members else Roller(r.key, tuple(m for m, _ in groups[r.key]), group_bonus([b for _, b in groups[r.key]], how))
        for r in out
    ]


def rolled_order(rolling: Sequence[Roller], d20: Callable[[], int]) -> tuple[list[str], list[OrderRoll]]:
    """d20 + Reflex, highest first; tied rollers re-roll among themselves until
    every place is settled (R-TURN-1). Dice: one d20 per roller in the given
    order, then one per tied roller per tie-breaker, ties settled top first.
    A group's members take consecutive places in roster order."""
    rolls: list[OrderRoll] = []

    def settle(group: Sequence[Roller], attempt: int) -> list[Roller]:
        scored = []
        for r in group:
            face = d20()
            rolls.append(OrderRoll(r.key, r.members, attempt, face, r.bonus))
            scored.append((face + r.bonus, r))
        totals = sorted({t for t, _ in scored}, reverse=True)
        out: list[Roller] = []
        for t in totals:
            tied = [r for s, r in scored if s == t]
            out += tied if len(tied) == 1 else settle(tied, attempt + 1)
        return out

    ordered = settle(list(rolling), 0) if rolling else []
    return [m for r in ordered for m in r.members], rolls


def reorder(order: Sequence[str], moved: str, new_index: int) -> list[str]:
    """The order with ``moved`` dragged to ``new_index`` (clamped)."""
    out = [c for c in order if c != moved]
    if len(out) == len(order):
        raise TurnRefused(f"{moved!r} is not in the turn order")
    new_index = max(0, min(len(out), int(new_index)))
    out.insert(new_index, moved)
    return out


# --------------------------------------------------------------------------- budget
@dataclass(frozen=True)
class Pips:
    """What a character has left this turn, for the tracker's two pips.

    ``contested``: "open" (an attack is still possible), "used", "traded" (spent
    on a second non-contested action) or "barred" (a condition forbids it).
    ``plain``: the non-contested pip, "open" or "used". ``held``: an action is
    reserved for another creature's turn. ``left``: actions still open.
    """

    contested: str
    plain: str
    held: bool
    left: int


def pips(spent: Sequence[str], numbers: TurnNumbers | None = None, *, one_action: bool = False,
         no_actions: bool = False) -> Pips:
    """The pips after the actions ``spent`` this turn (kinds: contested,
    non-contested, hold), with the conditions' limits (N-TURN-5); ``numbers``: the bundled defaults."""
    if numbers is None:
        numbers = _default_turn_numbers()
    total = 0 if no_actions else (1 if one_action else numbers.actions_per_turn)
    contested_cap = 0 if (one_action or no_actions) else numbers.contested_per_turn
    n_contested = sum(k == CONTESTED for k in spent)
    n_plain = sum(k in (NON_CONTESTED, HOLD) for k in spent)
    plain_slots = total - contested_cap
    traded = max(0, n_plain - plain_slots)
    left = max(0, total - len(spent))
    if contested_cap == 0:
        contested = "barred"
    elif n_contested >= contested_cap:
        contested = "used"
    elif traded:
        contested = "traded"
    else:
        contested = "open"
    plain = "used" if n_plain >= max(1, plain_slots) or left == 0 else "open"
    return Pips(contested, plain, HOLD in spent, left)


def check_action(
    who: str,
    spent: Sequence[str],
    kind: str,
    numbers: TurnNumbers | None = None,
    *,
    one_action: bool = False,
    no_actions: bool = False,
    reason: str = "",
) -> None:
    """Raise :class:`TurnRefused` unless ``who`` may add an action of ``kind``
    (contested / non-contested / hold) to those ``spent`` this turn (R-TURN-2,
    R-TURN-3). Free actions are never limited."""
    if kind == FREE:
        return
    if kind not in (CONTESTED, NON_CONTESTED, HOLD):
        raise TurnRefused(f"unknown kind of action {kind!r}")
    if no_actions:
        raise TurnRefused(f"{who} cannot act ({reason or 'helpless'})")
    if numbers is None:
        numbers = _default_turn_numbers()
    total = 1 if one_action else numbers.actions_per_turn
    if len(spent) >= total:
        raise TurnRefused(f"{who} has used both actions this turn" if total == 2 else f"{who} has no action left this turn")
    n_contested = sum(k == CONTESTED for k in spent)
    n_plain = sum(k in (NON_CONTESTED, HOLD) for k in spent)
    cap = 0 if one_action else numbers.contested_per_turn
    if kind == CONTESTED:
        if one_action:
            raise TurnRefused(f"{who} is {reason or 'limited'}: one non-contested action only")
        if n_contested >= cap:
            raise TurnRefused(f"{who} already took a contested action this turn")
        traded = max(0, n_plain - (total - cap))
        if cap - n_contested - traded <= 0:
            raise TurnRefused(f"{who} traded the contested action for a second non-contested one")
        return
    if kind == HOLD:
        if sum(k == HOLD for k in spent) >= numbers.held_per_turn:
            raise TurnRefused(f"{who} already holds an action")
        # reading: R-TURN-3, only a non-contested action can be held; the contested one never


def slot_of(kind: str) -> str:
    """Which budget kind an action spends: an attack or any roll against another
    is contested; everything else (moving, throwing, reloading) is not (R-TURN-2)."""
    return CONTESTED if kind == CONTESTED else NON_CONTESTED


# --------------------------------------------------------------------------- blocking
def stop_before_blocker(path: Sequence[Cell], blocker_cell: Cell) -> list[Cell]:
    """The squares a mover still walks when a holder steps onto ``blocker_cell``
    of its ``path`` (start excluded): every square before the blocker (R-TURN-4).

    The mover always gets its first square: a blocker may not step onto the
    first square of the path. A square not on the path blocks nothing.
    """
    cells = [tuple(c) for c in path]
    target = tuple(blocker_cell)
    if target not in cells:
        raise TurnRefused(f"square {target} is not on the mover's path")
    k = cells.index(target)
    if k == 0:
        raise TurnRefused("the mover gets to move at least one square before it can be blocked")
    return [(int(c[0]), int(c[1])) for c in cells[:k]]


def blockable_cells(path: Sequence[Cell]) -> list[Cell]:
    """Squares of a path a blocker may step onto: all but the first (R-TURN-4)."""
    return [(int(c[0]), int(c[1])) for c in list(path)[1:]]


def movement_lost(budget_ft: int, walked_ft: int) -> int:
    """Feet of the move action the blocked mover loses: everything it did not walk."""
    return max(0, int(budget_ft) - int(walked_ft))


# --------------------------------------------------------------------------- throwing
def body_stat(ability_modifier: int, numbers: ThrowNumbers | None = None, override: int | None = None) -> int:
    """The Body stat (N-TURN-8): the sheet's own value when given, else the
    configured ability's modifier, never below ``min_body``."""
    if override is not None:
        return int(override)
    return max((numbers if numbers is not None else _default_throw_numbers()).min_body, int(ability_modifier))


def throw_range_ft(body: int, range_bonus: int = 0) -> int:
    """How far an object (not an attack) can be thrown: Body + the species'
    range bonus, in squares (N-TURN-8)."""
    return max(0, int(body) + int(range_bonus)) * SQUARE_FT


def can_throw(thrower_size: str, item_size: str, sizes: Sequence[str]) -> bool:
    """Only items of the thrower's size category or smaller (a Small Gratchen
    throws XS and S items; an XL orc almost anything)."""
    for s in (thrower_size, item_size):
        if s not in sizes:
            raise TurnRefused(f"unknown size {s!r}; sizes are {', '.join(sizes)}")
    return list(sizes).index(item_size) <= list(sizes).index(thrower_size)


__all__ = [
    "CONTESTED", "FREE", "HOLD", "NON_CONTESTED", "NPC_GROUPINGS", "ORDERS",
    "OrderRoll", "Pips", "Roller", "ThrowNumbers", "Traits", "TurnNumbers", "TurnRefused", "TurnRules",
    "blockable_cells", "body_stat", "can_throw", "check_action", "default_turn_rules", "group_bonus",
    "load_turn_rules", "movement_lost", "pips", "reorder", "rolled_order", "rollers", "slot_of",
    "stop_before_blocker", "table_order", "throw_range_ft", "traits_for", "turn_rules",
]
