"""The state of a ground fight (``state.combat``) and small helpers every ground module uses.

:class:`CombatState` is the combat procedure: round, phase, team order, groups,
the acting group and its declared actions, environmental counters. It lives in
``EncounterState.combat`` and only events change it (the reducers are in
:mod:`tactics.engine.combat.team` and its sibling modules, all on :data:`reducer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactics.engine.core.journal import Reducer, Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.conditions import combined
from tactics.rules.sheets import Sheet, sheet_defaults

#: One reducer for every ground-combat event kind.
reducer = Reducer()

VANGUARD = "vanguard"
REARGUARD = "rearguard"
GROUP_KINDS = (VANGUARD, REARGUARD)


# --------------------------------------------------------------------------- state
@dataclass
class Group:
    """One group's turn slot: a team's Vanguard or Rearguard and its members."""

    team: str
    kind: str  # "vanguard" | "rearguard"
    members: list[str]

    @property
    def key(self) -> str:
        return group_key(self.team, self.kind)


def group_key(team: str, kind: str) -> str:
    return f"{team}:{kind}"


@dataclass
class Declaration:
    """An action a combatant committed to in its group's turn (R-ORD-1)."""

    id: int
    combatant: str
    kind: str
    params: dict[str, Any]
    seq: int
    needs_roll: bool
    status: str = "declared"  # "declared" | "resolved" | "failed" | "lost"
    success: bool | None = None
    outcome: str | None = None
    late: bool = False  # declared after the group began resolving: resolves after the rest (N-ORD-4)


@dataclass
class EnvCounter:
    """A round counter not on a combatant (a wind, a fire), R-CNT-1."""

    id: str
    label: str
    rounds: int
    team: str | None
    set_in_round: int
    set_after_group: str | None


@dataclass
class CombatState:
    """The fight under way: its round and phase, the teams' order, initiatives and groups."""

    round: int
    phase: str  # "advantages" | "action" | "counters" | "ended"
    team_order: list[str]
    team_initiative: dict[str, int]
    best_dex: dict[str, int]
    initiative: dict[str, int]
    groups: dict[str, dict[str, list[str]]]  # team -> {"vanguard": [...], "rearguard": [...]}
    aware: list[str] | None = None  # who acts in Round 0 (None: no surprise round)
    group_index: int = 0
    declarations: list[Declaration] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)  # acting members who chose to do nothing this turn (N-ORD-4)
    turns_done: list[str] = field(default_factory=list)  # group keys that had their turn this round
    next_id: int = 1
    counters: list[EnvCounter] = field(default_factory=list)
    winner: str | None = None
    ended_by_gm: bool = False  # the GM stopped the fight with sides still standing (no winner)
    played: bool = False  # an Action Phase has begun (Round 0 or 1): play has started (R-INIT-3)
    forming: list[str] = field(default_factory=list)  # new teams joining at this Counter Phase (N-INIT-10)
    #: the opposed d20 rolls that broke Team Initiative ties (R-INIT-2), as the events hold them
    opposed_rolls: list[dict[str, Any]] = field(default_factory=list)
    #: who joined hidden and unseen at this Counter Phase: their own Round 0 comes next (N-SURP-5)
    unseen_joiners: list[str] = field(default_factory=list)
    #: who acts alone in their own Round 0 now, and the round after whose Counter Phase it is played
    joiners_round: list[str] = field(default_factory=list)
    joiners_round_of: int = -1
    #: shots fired from each combatant's loaded weapons since their reload, and the weapons each drew
    #: this fight (N-READY-1, N-READY-2): a fight starts loaded, with weapons where the sheets carry them
    fired: dict[str, dict[str, int]] = field(default_factory=dict)
    drawn: dict[str, list[str]] = field(default_factory=dict)
    #: weapons put away by switching weapons, and where they went (N-READY-3): drawn again from there
    stowed: dict[str, dict[str, str]] = field(default_factory=dict)

    def in_joiners_round(self) -> bool:
        """Is this the unseen joiners' own Round 0 (played after a Counter Phase, N-SURP-5)?"""
        return bool(self.joiners_round) and self.round == self.joiners_round_of

    def alone(self) -> list[str] | None:
        """Who alone may act now: the aware in Round 0 (R-SURP-1), the unseen joiners in their
        own Round 0 (N-SURP-5); None in an ordinary round."""
        if self.in_joiners_round():
            return self.joiners_round
        if self.round == 0 and self.aware is not None:
            return self.aware
        return None

    def round_name(self) -> str:
        """"Round 2"; a surprise round (the first, or the unseen joiners' own) is "Round 0"."""
        return "Round 0" if self.round == 0 or self.in_joiners_round() else f"Round {self.round}"

    def turn_order(self) -> list[Group]:
        """Every Vanguard in team order, then every Rearguard (R-INIT-4).

        Empty groups are skipped; in Round 0 so are groups with no aware member
        (R-SURP-1), in the unseen joiners' own Round 0 groups without one of them (N-SURP-5).
        """
        out: list[Group] = []
        alone = self.alone()
        for kind in GROUP_KINDS:
            for team in self.team_order:
                members = list(self.groups.get(team, {}).get(kind, []))
                if alone is not None:
                    if not any(m in alone for m in members):
                        continue
                if members:
                    out.append(Group(team, kind, members))
        return out

    def acting_group(self) -> Group | None:
        if self.phase != "action":
            return None
        order = self.turn_order()
        return order[self.group_index] if 0 <= self.group_index < len(order) else None

    def group_of(self, cid: str) -> str | None:
        for team, groups in self.groups.items():
            for kind, members in groups.items():
                if cid in members:
                    return group_key(team, kind)
        return None

    def can_act(self, cid: str) -> bool:
        """Not barred by surprise: in Round 0 only the aware act (R-SURP-1), in the unseen
        joiners' own Round 0 only they (N-SURP-5)."""
        alone = self.alone()
        return alone is None or cid in alone

    def sits_out_reason(self, name: str) -> str:
        """Why a member of the acting group cannot act in a surprise round."""
        if self.in_joiners_round():
            return f"{name} cannot act: only the newcomers who surprise act in their own Round 0"
        return f"{name} is unaware and cannot act in the surprise round"

    def can_act_now(self, cid: str) -> bool:
        group = self.acting_group()
        if group is None or cid not in group.members:
            return False
        return self.can_act(cid)

    def declaring_closed(self, cid: str | None = None) -> bool:
        """Has the acting group begun resolving? Then its members have committed
        (R-ORD-1): only what follows one's own Standard may still be declared (N-ORD-4).
        With ``cid``: closed for that member, i.e. the group began resolving and it has
        committed; one who has not committed yet may still declare (no roll waits for it)."""
        begun = any(d.status != "declared" for d in self.declarations)
        return begun and (cid is None or self.committed(cid))

    def committed(self, cid: str) -> bool:
        """Has ``cid`` committed to an action, or to doing nothing, this group turn (R-ORD-1)?"""
        return cid in self.passed or any(d.combatant == cid for d in self.declarations)

    def declarations_of(self, cid: str) -> list[Declaration]:
        return [d for d in self.declarations if d.combatant == cid]

    def declaration(self, did: int) -> Declaration | None:
        for d in self.declarations:
            if d.id == did:
                return d
        return None


# --------------------------------------------------------------------------- helpers
def sheet_of(who: Combatant) -> Sheet:
    """The combatant's sheet (a blank one for a token without rules data).

    A blank sheet is built once per (id, name) and the table's sheet defaults it was built with
    (a Sheet is frozen, so one is safely shared): pydantic's ``model_construct`` takes about 0.6 ms
    (it inspects each default factory's signature), and the Initiative panel asks for every
    token's sheet at every frame: 60 tokens of a Tiled map's spawns made a 60 ms frame (review 12).
    """
    if isinstance(who.sheet, Sheet):
        return who.sheet
    defaults = sheet_defaults()
    key = (who.id, who.name)
    kept = _blank_sheets.get(key)
    if kept is not None and kept[0] is defaults:
        return kept[1]
    if len(_blank_sheets) >= 4096:
        _blank_sheets.clear()
    # (built, not validated: the encounter's own caps checked the id and name, and a name may be
    # longer than a rules file's label may be: tactics.rules.data.MAX_LABEL_CHARS)
    sheet = Sheet.model_construct(name=who.id, label=who.name)
    _blank_sheets[key] = (defaults, sheet)
    return sheet


#: (id, name) -> (the sheet defaults it was built with, the blank sheet): see :func:`sheet_of`
_blank_sheets: dict[tuple[str, str], tuple[object, Sheet]] = {}


def combat_or_refuse(state: EncounterState) -> CombatState:
    combat = state.combat
    if not isinstance(combat, CombatState):
        raise Refused("combat has not started")
    if combat.phase == "ended":
        raise Refused("combat is over")
    return combat


def conditions_of(who: Combatant) -> list[str]:
    return [c.name for c in who.conditions]


def out_of_fight(who: Combatant) -> bool:
    """Dead, fled, helpless, unconscious or surrendered (R-END-1), or not present."""
    if not who.present or who.hp <= 0:
        return True
    if not who.conditions:  # no condition imposes anything (asked for every combatant at every change)
        return False
    return combined(conditions_of(who)).out_of_fight


def team_label(state: EncounterState, team: str) -> str:
    t = state.teams.get(team)
    return t.name if t else team


def group_label(state: EncounterState, key: str) -> str:
    team, _, kind = key.partition(":")
    return f"{team_label(state, team)} {kind.capitalize()}"


def winner_if_over(state: EncounterState) -> str | None:
    """The one side still standing (R-END-1), "" if nobody is, None if the fight goes on (known at
    the second side found standing: the phase card asks at every change, of 1000 combatants)."""
    standing: set[str] = set()
    for c in state.combatants.values():
        if c.team not in standing and not out_of_fight(c):
            standing.add(c.team)
            if len(standing) > 1:
                return None
    return next(iter(standing), "")


def round_name(combat: Any) -> str:
    """"Round 2", or "Round 0" in a surprise round (R-SURP-1, N-SURP-5), for any fight's state."""
    fn = getattr(combat, "round_name", None)
    return fn() if callable(fn) else f"Round {combat.round}"


def set_moment(combat: CombatState | None) -> dict[str, Any]:
    """When a counter is set, for R-CNT-1: the round and the acting group (None
    before any group acted this round; "counters" during the Counter Phase)."""
    if combat is None:
        return {"set_in_round": 0, "set_after_group": None}
    group = combat.acting_group()
    after: str | None
    if combat.phase == "counters":
        after = "counters"
    elif group is not None:
        after = group.key
    else:
        after = combat.turns_done[-1] if combat.turns_done else None
    return {"set_in_round": combat.round, "set_after_group": after}
