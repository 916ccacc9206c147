"""When grenades go off: fuses tied to a group's turn (R-GREN-4, R-GREN-5).

Why it exists: a grenade explodes at the end (or, cooked, the start) of the
turn of the group it landed among. The fuse is stored as data on the grenade
(``{"team", "group", "when"}``) and the ground engine asks
:func:`tactics.engine.hazards.commands.due_events` at the start and end of every
group's turn (``tactics.engine.combat.team.GROUP_HOOKS``) which grenades are due.

The combat state is read through duck typing, so this works with the ground
engine's ``CombatState`` (``group_of(cid) -> "team:kind"``, ``turn_order()``,
``group_index``, ``phase``, ``round``, ``acting_group()``) and gives "no fuse:
the GM sets it off" when no fight is running.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal

from tactics.engine.core.labels import possessive

When = Literal["start", "end"]


@dataclass(frozen=True)
class Fuse:
    """The group turn at whose start or end a grenade goes off."""

    team: str
    group: str  # "vanguard" | "rearguard"
    when: When

    def to_dict(self) -> dict[str, str]:
        return {"team": self.team, "group": self.group, "when": self.when}

    @classmethod
    def from_dict(cls, raw: dict[str, Any] | None) -> "Fuse | None":
        if not raw:
            return None
        return cls(str(raw["team"]), str(raw["group"]), raw["when"])

    def matches(self, moment: Any) -> bool:
        """Does a ground-engine ``GroupMoment`` (round, team, group, when) set it off?"""
        return (
            getattr(moment, "team", None) == self.team
            and getattr(moment, "group", None) == self.group
            and getattr(moment, "when", None) == self.when
        )


def _split(key: Any) -> tuple[str, str] | None:
    if key is None:
        return None
    if isinstance(key, (tuple, list)):
        return str(key[0]), str(key[1])
    team, _, group = str(key).partition(":")
    return (team, group) if group else None


def _live_combat(state: Any) -> Any:
    combat = getattr(state, "combat", None)
    if combat is None or getattr(combat, "phase", None) == "ended":
        return None
    return combat


def group_of(state: Any, cid: str) -> tuple[str, str] | None:
    """(team, group) of a combatant in the running fight, or None."""
    combat = _live_combat(state)
    fn = getattr(combat, "group_of", None)
    return _split(fn(cid)) if callable(fn) else None


def _order_after(combat: Any) -> list[Any]:
    """The groups still to act this round after the acting one, then the next
    round's whole order (Round 0 is followed by Round 1's full order, R-SURP-1)."""
    order_fn = getattr(combat, "turn_order", None)
    if not callable(order_fn):
        return []
    now = order_fn()
    rest = now[int(getattr(combat, "group_index", 0)) + 1:] if getattr(combat, "phase", None) == "action" else now
    upcoming = copy.copy(combat)
    if hasattr(upcoming, "round"):
        upcoming.round = int(getattr(combat, "round", 0)) + 1
    return list(rest) + list(upcoming.turn_order())


def _shown_to_players(state: Any, group: Any) -> bool:
    """Does the players' screen show this group's turn (a member they may see; N-HOT-1)?"""
    hidden = getattr(state, "hidden_from_players", None)
    people = getattr(state, "combatants", {}) or {}
    members = [people[m] for m in (getattr(group, "members", None) or []) if m in people]
    return not callable(hidden) or not members or any(not hidden(who) for who in members)


def next_group(state: Any, exclude: tuple[str, str] | None = None, *,
               public: bool = False) -> tuple[str, str] | None:
    """The next group to act after now (the acting group's successor; the first
    group of the round before the Action Phase; after the last, the next round's
    first), passing over ``exclude`` (the thrower's own group, reading N-GREN-9);
    with ``public``, also over groups (or characters) all hidden from the players."""
    combat = _live_combat(state)
    if combat is None:
        return None
    for group in _order_after(combat):
        key = (str(group.team), str(group.kind))
        if key != exclude and (not public or _shown_to_players(state, group)):
            return key
    return None


def acting_now(state: Any) -> tuple[str, str] | None:
    """(team, group) of the group (or, in individual turns, the character) acting now."""
    combat = _live_combat(state)
    fn = getattr(combat, "acting_group", None)
    group = fn() if callable(fn) else None
    return (str(group.team), str(group.kind)) if group is not None else None


def fuse_for(state: Any, target: str | None, when: When, thrower: str | None = None) -> Fuse | None:
    """R-GREN-4: the targeted combatant's group, or the next group to act other
    than the thrower's own (reading: N-GREN-9)."""
    group = group_of(state, target) if target is not None else None
    if group is None:
        group = next_group(state, exclude=group_of(state, thrower) if thrower is not None else None)
    if group is None:
        return None
    return Fuse(group[0], group[1], when)


def public_fuse_for(state: Any, when: When, thrower: str | None = None) -> Fuse | None:
    """The fuse the players are shown when whoever stands on the aimed square is hidden
    from them: the one an empty square would give, counted over the groups they see
    (reading: N-GREN-11; the grenade still goes off at its real fuse)."""
    exclude = group_of(state, thrower) if thrower is not None else None
    group = next_group(state, exclude=exclude, public=True)
    return Fuse(group[0], group[1], when) if group is not None else None


def fuse_shown_to_players(state: Any, fuse: Fuse | None) -> bool:
    """Does the players' screen show the turn this fuse names (N-HOT-1: a group or character
    all hidden from them has no slot, so a label naming it would tell of it)?"""
    combat = _live_combat(state)
    order_fn = getattr(combat, "turn_order", None)
    if fuse is None or not callable(order_fn):
        return True
    for group in order_fn():
        if (str(group.team), str(group.kind)) == (fuse.team, fuse.group):
            return _shown_to_players(state, group)
    return True


def players_fuse(state: Any, grenade: Any) -> tuple[dict[str, str] | None, str]:
    """The fuse (as data) and its label as the players' screens show them (reading: N-GREN-11).

    The real one, unless it was worked out from a creature hidden from them (on the aimed
    square) or names a turn they are not shown: then the one an empty square would have
    given when it was thrown (``public_fuse_text``), so the label reads the same with or
    without the hidden creature there.
    """
    text = str(getattr(grenade, "public_fuse_text", "") or "")
    if not text:
        return getattr(grenade, "fuse", None), str(getattr(grenade, "fuse_text", ""))
    people = getattr(state, "combatants", {}) or {}
    target = people.get(getattr(grenade, "target", None) or "")
    hidden = callable(getattr(state, "hidden_from_players", None)) and target is not None \
        and state.hidden_from_players(target)
    if hidden or not fuse_shown_to_players(state, Fuse.from_dict(getattr(grenade, "fuse", None))):
        return getattr(grenade, "public_fuse", None), text
    return getattr(grenade, "fuse", None), str(getattr(grenade, "fuse_text", ""))


def cooked_goes_off_at_once(state: Any, fuse: Fuse | None) -> bool:
    """A cooked grenade among the group acting now: the start of its turn is past,
    and waiting for its next start would be later than the uncooked fuse (the end
    of this turn), so it explodes as it lands (reading: N-GREN-8, R-GREN-5)."""
    return fuse is not None and fuse.when == "start" and acting_now(state) == (fuse.team, fuse.group)


def fuse_label(state: Any, fuse: Fuse | None) -> str:
    """"explodes at the end of the Bears' Vanguard turn"."""
    if fuse is None:
        return "explodes when the GM sets it off (no turn order is running)"
    if fuse.group == "turn":
        # Individual turns (N-TURN-10): each character is its own group.
        who = (getattr(state, "combatants", {}) or {}).get(fuse.team)
        name = getattr(who, "name", None) or fuse.team
        return f"explodes at the {fuse.when} of {possessive(name)} turn"
    teams = getattr(state, "teams", {}) or {}
    team = teams.get(fuse.team)
    name = str(getattr(team, "name", None) or fuse.team)
    if not name.lower().startswith("the "):
        name = "the " + name  # "the Space Bears'", but "The Party's", not "the The Party's"
    return f"explodes at the {fuse.when} of {possessive(name)} {fuse.group.capitalize()} turn"


def current_round(state: Any) -> int:
    combat = _live_combat(state)
    return int(getattr(combat, "round", 0)) if combat is not None else 0


def set_moment(state: Any) -> dict[str, Any]:
    """When a condition is set, for the Counter Phase (R-CNT-1): the round and
    the acting group (as the ground engine records it)."""
    combat = _live_combat(state)
    if combat is None:
        return {"set_in_round": 0, "set_after_group": None}
    try:
        from tactics.engine.combat.state import set_moment as ground_set_moment

        return ground_set_moment(combat)
    except ImportError:  # pragma: no cover - ground engine absent
        acting = getattr(combat, "acting_group", lambda: None)()
        return {"set_in_round": current_round(state), "set_after_group": getattr(acting, "key", None)}


__all__ = ["Fuse", "acting_now", "cooked_goes_off_at_once", "current_round", "fuse_for", "fuse_label", "group_of",
           "fuse_shown_to_players", "next_group", "players_fuse", "possessive", "public_fuse_for", "set_moment"]
