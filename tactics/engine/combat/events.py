"""Ground combat's team-turn events: the fight, declared actions, attacks, damage, conditions.

Listed in :mod:`tactics.engine.features`, which registers them; the JSON keys
and shapes are the ones saves have always held (docs/save-format.md).
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, ClassVar

from tactics.rules.plain_model import Field

from tactics.engine.core.events import one_of, Event, event_kind, Square, omitted, omitted_list, saved_as

Outcome = Annotated[str, one_of("miss", "minor", "hit", "major", "critical")]


@event_kind
class ActionDeclared(Event):
    kind: ClassVar[str] = "action.declared"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    params: dict[str, Any]
    needs_roll: bool
    late: bool = omitted(False)


@event_kind
class ActionFailed(Event):
    kind: ClassVar[str] = "action.failed"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    reason: str


@event_kind
class ActionLost(Event):
    kind: ClassVar[str] = "action.lost"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    reason: str


@event_kind
class ActionNote(Event):
    kind: ClassVar[str] = "action.note"

    id: int | None = omitted()
    text: str


@event_kind
class ActionResolved(Event):
    kind: ClassVar[str] = "action.resolved"

    id: int
    combatant: str
    action_kind: str = saved_as("kind")
    success: bool
    outcome: str | None


@event_kind
class ActionUndeclared(Event):
    kind: ClassVar[str] = "action.undeclared"

    id: int


@event_kind
class ActionPassed(Event):
    """A member of the acting group commits to doing nothing this turn (R-ORD-1, N-ORD-4); when
    the turn ends or a roll goes ahead, every silent member at once, in one line (N-ORD-6)."""

    kind: ClassVar[str] = "action.passed"

    combatant: str
    by_end: bool = omitted(False)  # the group's turn ended before it declared anything
    also: list[str] = omitted_list()  # the other members passed with it, in the group's order

    @property
    def combatants(self) -> list[str]:
        return [self.combatant, *self.also]


@event_kind
class ActionsBegan(Event):
    kind: ClassVar[str] = "actions.began"

    round: int
    joiners: bool = omitted(False)  # the unseen joiners' own Round 0 (N-SURP-5)


@event_kind
class AttackRolled(Event):
    """An attack's accuracy roll, with every term of it (R-ROLL-1, R-ROLL-2, R-HIT-1).

    ``action``: the declared action's id (None: outside the team-turn procedure);
    ``attacker`` / ``target``: combatant ids; ``using``: the weapon's or Technique's id
    (``technique`` says which), ``label`` its name.
    ``d20``: the natural die; ``extra``: the advantage die as ``[sides, face, sign]``
    (``[2, 1, 1]`` is "+ advantage d2 1", sign -1 a disadvantage, sides 0 none);
    ``modifiers``: ``[label, value]`` pairs added to the roll (``[["DEX", 2]]``, the
    ``(label, value)`` tuples of :class:`~tactics.engine.combat.attack.AttackSetup`);
    ``advantages``: ``[reason, +1 | -1]`` pairs, ``net_advantage`` their sum;
    ``total`` = d20 + the die's signed face + the modifiers, against ``ac`` (``ac_note``:
    why the AC differs from the sheet's: flat-footed or prone, no DEX; a shield); ``outcome``: miss, minor, hit,
    major or critical; ``odds``: each outcome's chance before the roll as ``"n/d"`` text
    (``{"miss": "3/8", ...}``; ``fractions.Fraction(text)`` gives the exact
    :func:`~tactics.engine.combat.queries.attack_odds` ``chances`` back).
    """

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


@event_kind
class CombatCheck(Event):
    """A check rolled in a fight (difficult ground, hiding, searching; R-ROLL-1, R-GRID-3).

    ``combatant``: who rolled; ``cell``: the square it was entering (ground checks only);
    ``reason``: why ("entering difficult ground"); ``what``: the ability or skill rolled;
    ``odds``: the chance of success before the roll as ``"n/d"`` text (when there is a DC);
    ``d20`` / ``extra`` / ``modifiers`` / ``total``: as in :class:`AttackRolled`
    (``extra`` the advantage die ``[sides, face, sign]``, ``modifiers`` ``[label, value]``
    pairs); ``dc``: the number to reach, or None for an opposed check (hiding).
    """

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
    #: what a check without a DC was rolled against, in words ("Passive Perception 13 (Bear 1-4)":
    #: review 14, finding 2; reading: N-SKILL-2); absent in saves written before it
    against: str | None = omitted()


@event_kind
class CombatEnded(Event):
    kind: ClassVar[str] = "combat.ended"

    round: int
    winner: str | None
    #: The GM stopped the fight while more than one side still stood (no winner: "The GM ended
    #: the fight after round 1", not "nobody stands"); False in saves written before it.
    by_gm: bool = False


@event_kind
class CombatGroupSet(Event):
    kind: ClassVar[str] = "combat.group-set"

    combatant: str
    group: str


@event_kind
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
    #: hidden and unseen by every active enemy: plays its own Round 0 before the next round (N-SURP-5)
    unseen: bool = omitted(False)


@event_kind
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


@event_kind
class CombatantDowned(Event):
    kind: ClassVar[str] = "combatant.downed"

    combatant: str


@event_kind
class CombatantHidden(Event):
    kind: ClassVar[str] = "combatant.hidden"

    combatant: str
    stealth: int | None = None


@event_kind
class CombatantRevealed(Event):
    kind: ClassVar[str] = "combatant.revealed"

    combatant: str
    reason: str


@event_kind
class ConditionAdded(Event):
    kind: ClassVar[str] = "condition.added"

    combatant: str
    name: str
    rounds: Annotated[int, Field(ge=0)] | None = None
    source: str | None = None
    set_in_round: Annotated[int, Field(ge=0)] = 0
    set_after_group: str | None = None


@event_kind
class ConditionRemoved(Event):
    kind: ClassVar[str] = "condition.removed"

    combatant: str
    name: str
    reason: str


@event_kind
class CounterAdded(Event):
    kind: ClassVar[str] = "counter.added"

    id: str
    label: str
    rounds: int
    team: str | None
    set_in_round: int
    set_after_group: str


@event_kind
class CounterRemoved(Event):
    kind: ClassVar[str] = "counter.removed"

    id: str


@event_kind
class CountersTicked(Event):
    kind: ClassVar[str] = "counters.ticked"

    round: int
    ticks: list[dict[str, Any]]
    env: list[dict[str, Any]]
    held: list[dict[str, Any]]
    ended: list[dict[str, Any]]


@event_kind
class DamageRolled(Event):
    """An attack's damage, every roll and how the amount came of it (R-HIT-1, R-HIT-2).

    ``expr``: the damage dice (``"1d8+2"``); ``rolls``: one ``[faces, total]`` pair per
    roll (``[[[6], 8]]``: a d8 showing 6, total 8 with the bonus), two on a Major Hit or
    a critical; ``kept``: the total kept (the higher of two); ``multiplier``: 2 on a
    critical (the weapon's), else 1; ``halved``: a Minor Hit's half; ``amount``: the
    damage dealt (kept x multiplier, halved rounded down).
    """

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


@event_kind
class GroupEnded(Event):
    kind: ClassVar[str] = "group.ended"

    round: int
    team: str
    group: str
    passed: bool = omitted(False)  # a group with nobody able to act, passed over (N-END-3)


@event_kind
class GroupStarted(Event):
    kind: ClassVar[str] = "group.started"

    round: int
    team: str
    group: str
    index: int
    members: list[str]
    acting: list[str]
    passed: bool = omitted(False)  # nobody able to act: the turn is passed over (N-END-3)


@event_kind
class HpRolled(Event):
    """The GM rolled the damage or healing ("2d6+1"): the faces and the total, before the change."""

    kind: ClassVar[str] = "hp.rolled"

    combatant: str
    expr: str
    faces: list[int]
    total: int
    heal: bool = False


@event_kind
class HpChanged(Event):
    kind: ClassVar[str] = "hp.changed"

    combatant: str
    delta: int = 0
    hp: int
    reason: str = ""


@event_kind
class RoundStarted(Event):
    kind: ClassVar[str] = "round.started"

    round: int
    #: not empty: the unseen joiners' own Round 0 after the Counter Phase of ``round``, the round
    #: number kept (N-SURP-5); only they act in it
    joiners: list[str] = omitted_list()


#: Every kind of this part, for :mod:`tactics.engine.features`.
ALL: tuple[type[Event], ...] = (
    HpRolled,
    ActionDeclared,
    ActionFailed,
    ActionLost,
    ActionNote,
    ActionPassed,
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
