"""Team initiative, team order and the Vanguard/Rearguard split (R-INIT-1..5).

Ground combat is played by *groups*, not by single characters: every team has
a Vanguard and a Rearguard, and a round runs every Vanguard in team order, then
every Rearguard (R-INIT-4). This module holds the arithmetic a GM would do on
paper, as pure functions the engine and any script can call:

>>> team_initiative([7, 6, 3])
5
>>> team_initiative([-1, -2])
-2
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Protocol, Sequence, TypeVar


class Ranked(Protocol):
    initiative: int
    dex_score: int


R = TypeVar("R", bound=Ranked)


def initiative_score(dex_mod: int, wis_mod: int, misc: int = 0) -> int:
    """A character's Initiative: DEX modifier + WIS modifier + misc (R-INIT-1)."""
    return int(dex_mod) + int(wis_mod) + int(misc)


def team_initiative(values: Iterable[int]) -> int:
    """The mean of the members' Initiative, rounded down (floor, also below 0) (R-INIT-1)."""
    vals = [int(v) for v in values]
    if not vals:
        raise ValueError("a team with no members has no Team Initiative")
    return sum(vals) // len(vals)


def ranked(members: Iterable[R]) -> list[R]:
    """Members by Initiative, higher first; ties by higher DEX score; then as given
    (the GM's choice: the roster order) (R-INIT-3)."""
    return sorted(members, key=lambda m: (-int(m.initiative), -int(m.dex_score)))


def _mean(values: Sequence[int]) -> Fraction:
    return Fraction(sum(values), len(values))


def split_groups(members: Iterable[R]) -> tuple[list[R], list[R]]:
    """(Vanguard, Rearguard) of a team (R-INIT-3).

    Sorted by Initiative (ties: DEX score); the first half is the Vanguard, the
    rest the Rearguard. With an odd count the middle member joins the group
    whose mean Initiative (of the others) is nearer to its own, the Vanguard on
    a tie. A team of one is a Vanguard. The same objects are returned.
    """
    order = ranked(members)
    n = len(order)
    if n <= 1:
        return order, []
    half = n // 2
    if n % 2 == 0:
        return order[:half], order[half:]
    vanguard, middle, rearguard = order[:half], order[half], order[half + 1 :]
    if nearer_group(
        middle.initiative,
        [m.initiative for m in vanguard],
        [m.initiative for m in rearguard],
    ) == "vanguard":
        return vanguard + [middle], rearguard
    return vanguard, [middle] + rearguard


def nearer_group(initiative: int, vanguard: Sequence[int], rearguard: Sequence[int]) -> str:
    """"vanguard" or "rearguard": the group whose mean Initiative is nearer (R-INIT-3, R-INIT-5).

    A tie goes to the Vanguard. An empty group has no mean
    (reading: N-INIT-6): a joiner fills an empty Rearguard when the Vanguard's
    mean is above its own Initiative, otherwise joins the Vanguard; a team whose
    Vanguard is empty gets the joiner in its Vanguard.
    """
    if not vanguard:
        return "vanguard"
    if not rearguard:
        return "rearguard" if _mean(vanguard) > initiative else "vanguard"
    dv = abs(_mean(vanguard) - initiative)
    dr = abs(_mean(rearguard) - initiative)
    return "vanguard" if dv <= dr else "rearguard"


@dataclass(frozen=True)
class TeamEntry:
    """One team's standing for the team order: id, Team Initiative, best DEX score."""

    team: str
    initiative: int
    best_dex: int


@dataclass(frozen=True)
class OpposedRoll:
    """One round of opposed Initiative checks between tied teams (R-INIT-2)."""

    teams: tuple[str, ...]
    faces: tuple[int, ...]
    totals: tuple[int, ...]


def order_teams(
    entries: Sequence[TeamEntry], d20: Callable[[], int]
) -> tuple[list[str], list[OpposedRoll]]:
    """Team order (R-INIT-2): higher Team Initiative first; tie: the team holding
    the single highest DEX score; still tied: opposed checks (d20 + Team
    Initiative), re-rolled until one wins. With more than two tied teams the
    winner of each roll-off goes next and the rest roll again.

    ``d20`` draws one die; returns the order and every opposed roll made.
    """
    rolls: list[OpposedRoll] = []
    out: list[str] = []
    buckets: dict[tuple[int, int], list[TeamEntry]] = {}
    for e in entries:
        buckets.setdefault((e.initiative, e.best_dex), []).append(e)
    for key in sorted(buckets, key=lambda k: (-k[0], -k[1])):
        tied = list(buckets[key])
        while len(tied) > 1:
            contenders = list(tied)
            while len(contenders) > 1:
                faces = tuple(d20() for _ in contenders)
                totals = tuple(f + c.initiative for f, c in zip(faces, contenders))
                rolls.append(OpposedRoll(tuple(c.team for c in contenders), faces, totals))
                best = max(totals)
                contenders = [c for c, t in zip(contenders, totals) if t == best]
            out.append(contenders[0].team)
            tied.remove(contenders[0])
        out.append(tied[0].team)
    return out, rolls
