"""Facing and arcs (R-FACE-1, R-FACE-2).

Why it exists: with the facing table options on, an attack's advantage and
whether a shield counts depend on which arc of the defender the attacker is
in. The window shades the arcs with :func:`arc_directions` / :func:`arc_of`,
and the attack resolution asks the same function.

A combatant faces one of the 8 grid directions, or keeps facing a chosen
target (its facing then follows the target: :func:`facing_toward`). The
direction from defender to attacker is snapped to the 8 directions (as cones
are, R-CONE-3); the front arc is the facing direction and the two beside it,
the rear arc the opposite three, the two left over are the flanks (R-FACE-2).
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from tactics.rules.plain_model import ConfigDict

from tactics.rules.data import DataModel, data_path, read_document, validate
from tactics.rules.grid import DIRECTIONS, Cell, delta, direction_toward

Arc = Literal["front", "flank", "rear"]


def arc_of(defender_cell: Cell, defender_facing: str, attacker_cell: Cell) -> Arc:
    """Which arc of the defender the attacker stands in (R-FACE-2)."""
    delta(defender_facing)  # a clear error for a bad direction name
    if tuple(defender_cell) == tuple(attacker_cell):
        raise ValueError("attacker and defender stand on the same square: no arc")
    toward = direction_toward(defender_cell, attacker_cell)  # reading: N-FACE-1
    turn = (DIRECTIONS.index(toward) - DIRECTIONS.index(defender_facing)) % 8
    steps = min(turn, 8 - turn)  # 0..4 eighths away from the facing
    if steps <= 1:
        return "front"
    if steps >= 3:
        return "rear"
    return "flank"


def arc_directions(facing: str, arc: Arc) -> tuple[str, ...]:
    """The grid directions (from the defender) that make up one arc."""
    i = DIRECTIONS.index(facing)
    offsets = {"front": (-1, 0, 1), "flank": (-2, 2), "rear": (3, 4, 5)}[arc]
    return tuple(DIRECTIONS[(i + k) % 8] for k in offsets)


def facing_toward(cell: Cell, target_cell: Cell | None, current: str) -> str:
    """The facing of a combatant keeping ``target_cell`` in front (R-FACE-1).

    Keeps ``current`` when the target is gone or on the same square.
    """
    if target_cell is None or tuple(target_cell) == tuple(cell):
        return current
    return direction_toward(cell, target_cell)


class FacingOptions(DataModel):
    """The table options of R-FACE-2 (``data/facing.toml``), off by default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rear_arc_advantage: bool = False
    shield_front_only: bool = False


class _FacingFile(DataModel):
    model_config = ConfigDict(extra="forbid")
    facing: FacingOptions


def load_facing_options(path: str | Path) -> FacingOptions:
    return validate(path, _FacingFile, read_document(path)).facing


@lru_cache(maxsize=1)
def default_facing_options() -> FacingOptions:
    return load_facing_options(data_path("facing.toml"))


def facing_options(settings: dict[str, Any] | None = None) -> FacingOptions:
    """The defaults with an encounter's ``settings["facing"]`` laid over them."""
    base = default_facing_options()
    override = (settings or {}).get("facing") or {}
    if not override:
        return base
    return validate("encounter settings", FacingOptions, base.model_dump() | dict(override), "settings.facing")


def attack_advantage(options: FacingOptions, arc: Arc) -> int:
    """Advantages an attack gains from the arc it comes from (0 or 1)."""
    return 1 if options.rear_arc_advantage and arc == "rear" else 0


def shield_counts(options: FacingOptions, arc: Arc) -> bool:
    """Does the defender's shield count against an attack from ``arc``?"""
    return arc == "front" or not options.shield_front_only


__all__ = [
    "Arc",
    "FacingOptions",
    "arc_directions",
    "arc_of",
    "attack_advantage",
    "default_facing_options",
    "facing_options",
    "facing_toward",
    "load_facing_options",
    "shield_counts",
]
