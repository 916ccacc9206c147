"""Ground combat's team-turn events: the fight, declared actions, attacks, damage, conditions.

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from pydantic import Field

from tactics.engine.core.events import one_of, Event, Square, omitted, omitted_list, saved_as

Outcome = Annotated[str, one_of("miss", "minor", "hit", "major", "critical")]


@dataclass(frozen=True, kw_only=True)
class ActionDeclared(Event):
    kind: ClassVar[str] = "action.declared"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    params: dict[str, Any]
    needs_roll: bool
    late: bool = omitted(False)


@dataclass(frozen=True, kw_only=True)
class ActionFailed(Event):
    kind: ClassVar[str] = "action.failed"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    reason: str


@dataclass(frozen=True, kw_only=True)
class ActionLost(Event):
    kind: ClassVar[str] = "action.lost"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    reason: str


@dataclass(frozen=True, kw_only=True)
class ActionNote(Event):
    kind: ClassVar[str] = "action.note"

    id: int | None = omitted()
    text: str


@dataclass(frozen=True, kw_only=True)
class ActionResolved(Event):
    kind: ClassVar[str] = "action.resolved"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    success: bool
    outcome: str | None


@dataclass(frozen=True, kw_only=True)
class ActionUndeclared(Event):
    kind: ClassVar[str] = "action.undeclared"

    id: int


@dataclass(frozen=True, kw_only=True)
class ActionsBegan(Event):
    kind: ClassVar[str] = "actions.began"

    round: int


@dataclass(frozen=True, kw_only=True)
class AttackRolled(Event):
    kind: ClassVar[str] = "attack.rolled"

    action: int | None = None
    attacker: str
    target: str
    using: str = ""
    label: str
    technique: bool = False
    d20: Annotated[int, Field(ge=1, le=20)]
    extra: Annotated[list[int], Field(min_length=3, max_length=3)]
    modifiers: list[Any]
    advantages: list[Any] = field(default_factory=list)
    net_advantage: int = 0
    total: int
    ac: int
    ac_note: str = ""
    outcome: Outcome
    odds: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class CombatCheck(Event):
    kind: ClassVar[str] = "combat.check"

    combatant: str
    cell: Square | None = omitted()
    reason: str
    odds: str | None = omitted()
    what: str
    d20: Annotated[int, Field(ge=1, le=20)]
    extra: Annotated[list[int], Field(min_length=3, max_length=3)]
    modifiers: list[Any]
    total: int
    dc: int | None = None
    #: why the advantage die is added or subtracted, [label, value] ("Shaken", -1), as attacks say
    advantages: list[Any] = omitted_list()
    #: a check without a DC: what came of it ("hidden", "seen", "found", "nothing found")
    result: str | None = omitted()


@dataclass(frozen=True, kw_only=True)
class CombatEnded(Event):
    kind: ClassVar[str] = "combat.ended"

    round: int
    winner: str | None
    #: The GM stopped the fight while more than one side still stood (no winner: "The GM ended
    #: the fight after round 1", not "nobody stands"); False in saves written before it.
    by_gm: bool = False


@dataclass(frozen=True, kw_only=True)
class CombatGroupSet(Event):
    kind: ClassVar[str] = "combat.group-set"

    combatant: str
    group: str


@dataclass(frozen=True, kw_only=True)
class CombatJoined(Event):
    kind: ClassVar[str] = "combat.joined"

    combatant: str
    team: str
    cell: Square
    initiative: int
    group: str
    team_order: list[str]
    new_team_initiative: int | None
    best_dex: int | None = omitted()
    opposed_rolls: list[Any] = omitted_list()
    team_groups: dict[str, Any] | None = omitted()


@dataclass(frozen=True, kw_only=True)
class CombatStarted(Event):
    kind: ClassVar[str] = "combat.started"

    round: int
    aware: list[str] | None
    initiative: dict[str, Any]
    team_initiative: dict[str, Any]
    best_dex: dict[str, Any]
    team_order: list[str]
    opposed_rolls: list[Any]
    groups: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class CombatantDowned(Event):
    kind: ClassVar[str] = "combatant.downed"

    combatant: str


@dataclass(frozen=True, kw_only=True)
class CombatantHidden(Event):
    kind: ClassVar[str] = "combatant.hidden"

    combatant: str
    stealth: int | None = None


@dataclass(frozen=True, kw_only=True)
class CombatantRevealed(Event):
    kind: ClassVar[str] = "combatant.revealed"

    combatant: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class ConditionAdded(Event):
    kind: ClassVar[str] = "condition.added"

    combatant: str
    name: str
    rounds: Annotated[int, Field(ge=0)] | None = None
    source: str | None = None
    set_in_round: Annotated[int, Field(ge=0)] = 0
    set_after_group: str | None = None


@dataclass(frozen=True, kw_only=True)
class ConditionRemoved(Event):
    kind: ClassVar[str] = "condition.removed"

    combatant: str
    name: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class CounterAdded(Event):
    kind: ClassVar[str] = "counter.added"

    id: str
    label: str
    rounds: int
    team: str | None
    set_in_round: int
    set_after_group: str


@dataclass(frozen=True, kw_only=True)
class CounterRemoved(Event):
    kind: ClassVar[str] = "counter.removed"

    id: str


@dataclass(frozen=True, kw_only=True)
class CountersTicked(Event):
    kind: ClassVar[str] = "counters.ticked"

    round: int
    ticks: list[dict[str, Any]]
    env: list[dict[str, Any]]
    held: list[dict[str, Any]]
    ended: list[dict[str, Any]]


@dataclass(frozen=True, kw_only=True)
class DamageRolled(Event):
    kind: ClassVar[str] = "damage.rolled"

    action: int | None
    attacker: str
    target: str
    expr: str
    rolls: Annotated[list[Any], Field(min_length=1)]
    kept: int
    multiplier: int
    halved: bool
    amount: int
    outcome: str


@dataclass(frozen=True, kw_only=True)
class GroupEnded(Event):
    kind: ClassVar[str] = "group.ended"

    round: int
    team: str
    group: str


@dataclass(frozen=True, kw_only=True)
class GroupStarted(Event):
    kind: ClassVar[str] = "group.started"

    round: int
    team: str
    group: str
    index: int
    members: list[str]
    acting: list[str]


@dataclass(frozen=True, kw_only=True)
class HpRolled(Event):
    """The GM rolled the damage or healing ("2d6+1"): the faces and the total, before the change."""

    kind: ClassVar[str] = "hp.rolled"

    combatant: str
    expr: str
    faces: list[int]
    total: int
    heal: bool = False


@dataclass(frozen=True, kw_only=True)
class HpChanged(Event):
    kind: ClassVar[str] = "hp.changed"

    combatant: str
    delta: int = 0
    hp: int
    reason: str = ""


@dataclass(frozen=True, kw_only=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round.started"

    round: int


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (
    HpRolled,
    ActionDeclared,
    ActionFailed,
    ActionLost,
    ActionNote,
    ActionResolved,
    ActionUndeclared,
    ActionsBegan,
    AttackRolled,
    CombatCheck,
    CombatEnded,
    CombatGroupSet,
    CombatJoined,
    CombatStarted,
    CombatantDowned,
    CombatantHidden,
    CombatantRevealed,
    ConditionAdded,
    ConditionRemoved,
    CounterAdded,
    CounterRemoved,
    CountersTicked,
    DamageRolled,
    GroupEnded,
    GroupStarted,
    HpChanged,
    RoundStarted,
)
