"""The action economy and the order of resolution (R-ACT-1, R-ORD-1).

In its group's Action Phase each combatant has any number of Free actions, one
Simple action, one Standard action (Move, Attack, Technique or Use Item) and,
after a successful Standard Move or Attack, a Bonus action of the same kind
that takes the Simple slot. A Simple action before the Standard rules out the
Bonus; a Bonus rules out a later Simple (R-ACT-1).

A group declares, then resolves (R-ORD-1): actions with no roll first; then
Simple/Free actions taken before a Standard; then Standard actions by kind
(Move, Attack, Technique, Use Item; a grenade throw is Use Item); then the
Bonus and Simple actions taken after a Standard (reading: N-ORD-2, Bonus
actions always resolve after their own Standard, so they sit with the "after"
actions, Move before Attack before Simple). Ties go to the higher personal
Initiative, then the higher DEX score, then declaration order.

Pure functions over small records, so the window can ask "what may Art still
do?" and get the same answer the engine enforces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol

FREE = "free"
SIMPLE = "simple"
SIMPLE_AFTER = "simple-after"
STANDARD_MOVE = "standard-move"
STANDARD_ATTACK = "standard-attack"
TECHNIQUE = "technique"
USE_ITEM = "use-item"
BONUS_MOVE = "bonus-move"
BONUS_ATTACK = "bonus-attack"

KINDS: tuple[str, ...] = (
    FREE,
    SIMPLE,
    STANDARD_MOVE,
    STANDARD_ATTACK,
    TECHNIQUE,
    USE_ITEM,
    BONUS_MOVE,
    BONUS_ATTACK,
    SIMPLE_AFTER,
)
STANDARD: frozenset[str] = frozenset({STANDARD_MOVE, STANDARD_ATTACK, TECHNIQUE, USE_ITEM})
BONUS: dict[str, str] = {BONUS_MOVE: STANDARD_MOVE, BONUS_ATTACK: STANDARD_ATTACK}
SIMPLE_SLOT: frozenset[str] = frozenset({SIMPLE, SIMPLE_AFTER, BONUS_MOVE, BONUS_ATTACK})
#: What may still be declared once the group has begun resolving (N-ORD-4).
LATE_KINDS: frozenset[str] = frozenset({SIMPLE_AFTER, BONUS_MOVE, BONUS_ATTACK})
#: Standard (and Bonus) actions resolve Move, Attack, Technique, Use Item (R-ORD-1).
KIND_ORDER: dict[str, int] = {
    STANDARD_MOVE: 0,
    BONUS_MOVE: 0,
    STANDARD_ATTACK: 1,
    BONUS_ATTACK: 1,
    TECHNIQUE: 2,
    USE_ITEM: 3,
    SIMPLE_AFTER: 4,
    FREE: 0,
    SIMPLE: 0,
}
#: The Use Item action that is an Attack action for the economy (R-ORD-1: "While throwing a grenade is
#: considered an attack action, it resolves as a Use Item action in the order of resolution"; N-GREN-12).
THROW_ITEM = "grenade"

LABELS: dict[str, str] = {
    FREE: "Free action",
    SIMPLE: "Simple action",
    SIMPLE_AFTER: "Simple action (after the Standard)",
    STANDARD_MOVE: "Standard Move",
    STANDARD_ATTACK: "Standard Attack",
    TECHNIQUE: "Technique",
    USE_ITEM: "Use Item",
    BONUS_MOVE: "Bonus Move",
    BONUS_ATTACK: "Bonus Attack",
}


class ActionRefused(ValueError):
    """An action the economy does not allow; the message is for the player."""


class Declared(Protocol):
    kind: str
    status: str  # "declared", "resolved", "failed", "lost"
    success: bool | None


@dataclass(frozen=True)
class Limits:
    """What a combatant's conditions forbid (R-COND-1)."""

    no_actions: bool = False
    no_standard: bool = False
    no_bonus: bool = False
    reason: str = ""


def counts_as(standard: Declared, kind: str) -> bool:
    """Is ``standard`` a Standard action of ``kind`` for the action economy? A grenade throw,
    declared as Use Item, counts as a Standard Attack too: a successful one grants the Bonus
    Attack (reading: N-GREN-12)."""
    params = getattr(standard, "params", None) or {}
    if standard.kind == kind:
        if kind == STANDARD_MOVE and params.get("effect"):  # a reload or a draw moved no one (N-READY-1)
            from tactics.rules.common_actions import grants_bonus_move

            return grants_bonus_move(params.get("effect"))
        return True
    return kind == STANDARD_ATTACK and standard.kind == USE_ITEM and params.get("item") == THROW_ITEM


def _standard(existing: list[Declared]) -> Declared | None:
    for d in existing:
        if d.kind in STANDARD:
            return d
    return None


def check_economy(
    who: str,
    existing: Iterable[Declared],
    kind: str,
    limits: Limits = Limits(),
    *,
    two_weapon: bool = False,
    closed: bool = False,
) -> None:
    """Raise :class:`ActionRefused` if ``who`` may not add an action of ``kind``
    to the ones already declared or taken this group turn (R-ACT-1).

    ``two_weapon``: the Standard Attack was made fighting with two weapons, so
    the off-hand Bonus Attack is granted even if it missed (R-ACT-1, R-HIT-3).
    ``closed``: the group has begun resolving, so its declarations are closed; only
    what follows one's own Standard (a Bonus, a Simple action after it) may still
    be declared (R-ORD-1; reading: N-ORD-4).
    """
    existing = list(existing)
    if kind not in KINDS:
        raise ActionRefused(f"unknown action kind {kind!r}; expected one of {', '.join(KINDS)}")
    if limits.no_actions:
        raise ActionRefused(f"{who} cannot act ({limits.reason or 'helpless'})")
    if closed and kind not in LATE_KINDS:
        raise ActionRefused("the group has begun resolving: only a Bonus action or a Simple action after "
                            "one's own Standard can still be declared")
    if kind == FREE:
        return
    kinds = [d.kind for d in existing]
    standard = _standard(existing)
    bonus_taken = any(k in BONUS for k in kinds)
    simple_slot_used = any(k in SIMPLE_SLOT for k in kinds)
    if kind in STANDARD:
        if limits.no_standard:
            raise ActionRefused(f"{who} is {limits.reason or 'unable'}: no Standard action")
        if standard is not None:
            raise ActionRefused(f"{who} already has a Standard action this turn ({LABELS[standard.kind]})")
        return
    if kind in (SIMPLE, SIMPLE_AFTER):
        if bonus_taken:
            raise ActionRefused(f"{who} took a Bonus action: no Simple action after it")
        if simple_slot_used:
            raise ActionRefused(f"{who} already used the Simple action this turn")
        if kind == SIMPLE_AFTER and standard is None:
            raise ActionRefused(f"{who} has no Standard action yet to take a Simple action after")
        return
    # a Bonus action
    needed = BONUS[kind]
    if limits.no_bonus:
        raise ActionRefused(f"{who} is {limits.reason or 'unable'}: no Bonus action")
    if SIMPLE in kinds:
        raise ActionRefused(f"{who} took a Simple action before the Standard: no Bonus action")
    if simple_slot_used:
        raise ActionRefused(f"{who} already used the Simple action slot this turn")
    if standard is None or not counts_as(standard, needed):  # a grenade throw is an Attack (N-GREN-12)
        raise ActionRefused(f"a {LABELS[kind]} needs a {LABELS[needed]} (or a grenade throw) first"
                            if needed == STANDARD_ATTACK else f"a {LABELS[kind]} needs a {LABELS[needed]} first")
    if standard.status != "declared" and not standard.success and not two_weapon:
        raise ActionRefused(f"{who}'s {LABELS[needed]} did not succeed: no {LABELS[kind]}")


def slots_left(
    existing: Iterable[Declared], limits: Limits = Limits(), *, closed: bool = False, two_weapon: bool = False
) -> dict[str, int | None]:
    """Slots still open: ``{"free": None (any number), "simple", "standard", "bonus"}``.

    ``bonus`` is 1 while a Bonus is still possible (the Standard is a Move or
    Attack, or not chosen yet, and the Simple slot is unused). ``closed``: the
    group has begun resolving (N-ORD-4): no Free nor Standard action, and the
    Simple slot only after one's own Standard. ``two_weapon``: the off-hand Bonus Attack
    stays open after a missed Standard Attack (R-ACT-1).
    """
    existing = list(existing)
    if limits.no_actions:
        return {"free": 0, "simple": 0, "standard": 0, "bonus": 0}
    if closed:
        open_now = slots_left(existing, limits, two_weapon=two_weapon)
        has_standard = _standard(existing) is not None
        return {"free": 0, "simple": open_now["simple"] if has_standard else 0, "standard": 0,
                "bonus": open_now["bonus"] if has_standard else 0}
    kinds = [d.kind for d in existing]
    standard = _standard(existing)
    simple_used = any(k in SIMPLE_SLOT for k in kinds)
    bonus_possible = (
        not simple_used
        and not limits.no_bonus
        and not limits.no_standard
        and (standard is None or counts_as(standard, STANDARD_MOVE) or counts_as(standard, STANDARD_ATTACK))
        and (standard is None or standard.status == "declared" or bool(standard.success)
             or (two_weapon and standard.kind == STANDARD_ATTACK))
    )
    return {
        "free": None,
        "simple": 0 if simple_used else 1,
        "standard": 0 if (standard is not None or limits.no_standard) else 1,
        "bonus": 1 if bonus_possible else 0,
    }


def legal_kinds(
    existing: Iterable[Declared], limits: Limits = Limits(), *, two_weapon: bool = False, closed: bool = False
) -> list[str]:
    """Every action kind the economy allows now, in menu order."""
    existing = list(existing)
    out = []
    for kind in KINDS:
        try:
            check_economy("", existing, kind, limits, two_weapon=two_weapon, closed=closed)
        except ActionRefused:
            continue
        out.append(kind)
    return out


def resolution_key(
    kind: str, needs_roll: bool, initiative: int, dex_score: int, seq: int
) -> tuple[int, int, int, int, int]:
    """Sort key of a declared action in its group's resolution order (R-ORD-1)."""
    if kind in BONUS or kind == SIMPLE_AFTER:
        tier, sub = 3, KIND_ORDER[kind]
    elif not needs_roll:
        tier, sub = 0, (0 if kind in (FREE, SIMPLE) else 1 + KIND_ORDER[kind])
    elif kind in (FREE, SIMPLE):
        tier, sub = 1, 0
    else:
        tier, sub = 2, KIND_ORDER[kind]
    return (tier, sub, -int(initiative), -int(dex_score), int(seq))
