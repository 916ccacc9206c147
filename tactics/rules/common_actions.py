"""The numbers of the text's "Other Common Actions of Note" (``data/common_actions.toml``).

Why it exists: the text names three actions a team round must offer, reloading, drawing a
weapon and treating injury, and says how long each takes ("By default, reloading is a
Standard Move Action ... a Simple Action ... for example, the Quick Reload feat"; "holstered
... a Simple Move Action ... in a bag ... a Standard Move Action"; "Treat Injury ... a Standard
Use Item Action") but gives no DC nor amount for the treatment. Every such number is table
data here, validated, a bad entry named with the file and the field (readings N-READY-1,
N-READY-2, N-READY-3, N-TREAT-1). Pure: no pygame, no engine.
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from functools import lru_cache
from pathlib import Path
from typing import Literal

from tactics.rules.plain_model import ConfigDict, Field, model_validator

from tactics.rules.data import DataError, DataModel, Label, data_path, read_document, validate
from tactics.rules.dice import DiceError, DiceExpr

#: How long a reload or a draw takes: the Simple action (before or after the Standard) or a Standard Move.
Speed = Literal["simple", "standard-move"]


class _Table(DataModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ReloadRules(_Table):
    action: Speed = "standard-move"
    quick_action: Speed = "simple"
    quick_feats: tuple[Label, ...] = Field(default=("Quick Reload",), max_length=20)
    bonus_move: bool = False


class Place(_Table):
    """Where a weapon may be carried; ``action``: what drawing it from there takes (None: in hand)."""

    label: Label
    action: Speed | None = None


class DrawRules(_Table):
    default_place: Label = "hand"
    places: dict[Label, Place] = Field(
        default_factory=lambda: {"hand": Place(label="in hand"), "holster": Place(label="holster", action="simple"),
                                 "pack": Place(label="pack", action="standard-move")}, min_length=1)
    bonus_move: bool = False
    #: hands a combatant draws with, and the weapon groups that take none (claws: reading N-READY-3)
    hands: int = Field(default=2, ge=1, le=8)
    handless_groups: tuple[Label, ...] = Field(default=("natural",), max_length=20)
    #: "Switch Weapons": putting away what is in hand to draw another; where a weapon the sheet
    #: starts in hand goes when put away (a place that is not in hand)
    switch_action: Speed = "standard-move"
    stow_place: Label = "pack"

    @model_validator(mode="after")
    def _default_known(self) -> "DrawRules":
        if self.default_place not in self.places:
            raise ValueError(f"default_place {self.default_place!r} is not one of the places "
                             f"({', '.join(self.places)})")
        if not any(p.action is None for p in self.places.values()):
            raise ValueError("one place must be in hand (a place without an action)")
        if self.stow_place not in self.places or self.places[self.stow_place].action is None:
            raise ValueError(f"stow_place {self.stow_place!r} must be one of the places a weapon is drawn from "
                             f"({', '.join(k for k, p in self.places.items() if p.action is not None)})")
        return self

    def hands_for(self, *, two_handed: bool, group: str) -> int:
        """Hands one weapon holds: none for a natural weapon, both for a two-handed one, else one
        (reading: N-READY-3)."""
        if group in self.handless_groups:
            return 0
        return min(2, self.hands) if two_handed else 1


class TreatRules(_Table):
    skill: Label = "Treat Injury"
    dc: int = Field(default=15, ge=0, le=60)
    heal: Label = "1d8"
    kit: Label = "Medical kit"
    kit_required: bool = False
    no_kit_disadvantage: int = Field(default=1, ge=0, le=5)
    reach_ft: int = Field(default=5, ge=5, le=100)
    self_treat: bool = True
    treat_down: bool = True


class CommonActions(_Table):
    # (factories, not instances made at import: an instance built in the class body would build
    # its validator at every start, which remembered rules data otherwise spares: tactics/rules/remembered.py)
    reload: ReloadRules = Field(default_factory=ReloadRules)
    draw: DrawRules = Field(default_factory=DrawRules)
    treat_injury: TreatRules = Field(default_factory=TreatRules)


def load_common_actions(path: str | Path) -> CommonActions:
    """Read and check ``common_actions.toml``; a bad entry is a DataError naming its field."""
    rules = validate(path, CommonActions, read_document(path))
    try:
        DiceExpr.parse(rules.treat_injury.heal.replace(" ", "").lower())
    except DiceError as exc:
        raise DataError(path, "treat_injury.heal", str(exc)) from None
    return rules


@lru_cache(maxsize=1)
def default_common_actions() -> CommonActions:
    return load_common_actions(data_path("common_actions.toml"))


#: The Standard Move effects that move no one (reloading, drawing): whether a Bonus Move may follow.
STILL_EFFECTS: tuple[str, ...] = ("reload", "draw")


def grants_bonus_move(effect: str | None) -> bool:
    """May a Bonus Move follow a Standard Move with this ``effect``? A walk always; a reload or a
    draw as the table says (``bonus_move``, false: it moved no one; reading N-READY-1)."""
    if effect == "reload":
        return default_common_actions().reload.bonus_move
    if effect == "draw":
        return default_common_actions().draw.bonus_move
    return True


__all__ = ["CommonActions", "DrawRules", "Place", "ReloadRules", "STILL_EFFECTS", "Speed", "TreatRules",
           "default_common_actions", "grants_bonus_move", "load_common_actions"]
