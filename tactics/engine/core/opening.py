"""An encounter's opening: what has already happened when the GM starts the fight.

The rules text's example opens after an explosion: the party is Shaken for one
round, one bear is Stunned for one round, and only Brandon (in stealth) acts in
the surprise Round 0 (R-SURP-1, R-COND-1). An encounter file says so in an
``[opening]`` table, so the bundled encounter plays out as the text does without
the GM re-typing it::

    [opening]
    surprise_aware = ["brandon"]     # who acts in Round 0; omit: everyone is aware
    conditions = [
      { combatant = "james", condition = "Shaken", rounds = 1, source = "explosion" },
    ]

:func:`opening_commands` turns it into ordinary commands (conditions first,
then :class:`~tactics.engine.combat.team.StartCombat`), so the opening is in the log,
undoable and replayable like everything else.
"""

# (no `from __future__ import annotations`: pydantic takes these models' annotations as objects instead of
# compiling and evaluating each as a string at every start; tests/test_start_lazy.py, issue 12)

from typing import Any

from tactics.rules.plain_model import ConfigDict, Field

from tactics.engine.combat.team import StartCombat, sheet_of
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.core.journal import Command
from tactics.engine.core.state import EncounterState
from tactics.rules.checks import aware_of
from tactics.rules.data import DataModel, validate


class OpeningCondition(DataModel):
    model_config = ConfigDict(extra="forbid")

    combatant: str
    condition: str
    rounds: int | None = Field(default=None, ge=1)
    source: str | None = None


class Opening(DataModel):
    model_config = ConfigDict(extra="forbid")

    surprise_aware: list[str] | None = None
    conditions: list[OpeningCondition] = Field(default_factory=list)


def opening_of(definition: dict[str, Any], source: str = "encounter") -> Opening:
    """The validated ``[opening]`` table (empty when the file has none)."""
    return validate(source, Opening, definition.get("opening") or {}, "opening")


def default_unaware(state: EncounterState, opening: Opening) -> set[str]:
    """Who starts unticked ("unaware") in the tracker before the fight starts: the file's
    ``[opening]`` where it names who is aware, else whoever a hidden enemy's Stealth beats
    (:func:`unaware_by_stealth`, R-SURP-1)."""
    if opening.surprise_aware is None:
        return set(unaware_by_stealth(state))
    aware = set(opening.surprise_aware)
    return {c.id for c in state.combatants.values() if c.present and c.id not in aware}


def unaware_by_stealth(state: EncounterState) -> dict[str, str]:
    """Who does not notice a hidden enemy before the fight, with the words why for the GM.

    R-SURP-1: awareness comes from Passive Perception (10 + Perception) against the hidden
    side's Stealth; N-SURP-2: meeting the Stealth notices. A present combatant whose Passive
    Perception is below the Stealth of a present, hidden enemy (one with a Stealth result) is
    unaware; the words name the highest such Stealth ("Passive Perception 13 < Stealth 18").
    They name numbers of the GM's creatures: the GM's screen only (reading: N-SURP-4).
    """
    present = [c for c in state.combatants.values() if c.present]
    hiders = [c for c in present if c.hidden and c.stealth is not None]
    out: dict[str, str] = {}
    for who in present:
        sheet = sheet_of(who)
        beaten = [int(h.stealth) for h in hiders  # type: ignore[arg-type]
                  if h.team != who.team and not aware_of(sheet, int(h.stealth))]  # type: ignore[arg-type]
        if beaten:
            out[who.id] = f"Passive Perception {sheet.passive_perception} < Stealth {max(beaten)}"
    return out


def opening_commands(state: EncounterState, opening: Opening, aware: list[str] | None) -> list[Command]:
    """The opening's conditions (those not already on) then StartCombat with ``aware``."""
    commands: list[Command] = []
    for c in opening.conditions:
        who = state.combatants.get(c.combatant)
        if who is not None and not who.has(c.condition):
            commands.append(ApplyCondition(c.combatant, c.condition, c.rounds, source=c.source))
    commands.append(StartCombat(surprise_aware=aware))
    return commands
