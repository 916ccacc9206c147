"""Dice: a seeded, replayable roller and exact distributions.

No global ``random``: every roll comes from a :class:`Dice` built from the
encounter's seed and a cursor (how many dice were drawn before), so replaying a
log gives the same faces, and undoing an attack then attacking again draws the
same dice (no re-rolling by undo). A table rolling physical dice passes the
faces it rolled as ``typed``; those are used first and checked for range. A save is
a roll of its own (:meth:`Dice.save_of`): it takes the faces typed for that
combatant's saves (``saves``) first, then any ``typed`` faces still left (one list
typed for a whole blast, its damage then every save), and the roller records whose
saves it drew (a blast's saves after a thrower's typed dice).
"""

from __future__ import annotations

import random
import re
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, product
from typing import Iterable, Iterator, Mapping, Sequence

#: a dice expression (a pattern: compiled by :mod:`re` when first used, not at every start: issue 12)
_EXPR = r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$|^\s*(\d+)\s*$"


class DiceError(ValueError):
    """A typed-in die face or a dice expression that cannot be used."""


#: The largest flat number or bonus a dice expression may add (``2d6+10000``).
MAX_BONUS = 10_000


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """``count`` d ``sides`` + ``bonus``, e.g. 2d6+1. ``sides`` 0 means a flat number."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> "DiceExpr":
        text = str(text)
        m = re.match(_EXPR, text) if len(text) <= 40 else None
        if not m:
            raise DiceError(f"not a dice expression: {text[:60]!r} (expected e.g. '2d6+1')")
        if m.group(5) is not None:
            flat = int(m.group(5))
            if abs(flat) > MAX_BONUS:
                raise DiceError(f"dice out of range: {text!r}")
            return cls(0, 0, flat)
        count = int(m.group(1) or 1)
        sides = int(m.group(2))
        bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        if not (1 <= count <= 100 and 2 <= sides <= 1000 and abs(bonus) <= MAX_BONUS):
            raise DiceError(f"dice out of range: {text!r}")
        return cls(count, sides, bonus)

    def __str__(self) -> str:
        if self.sides == 0:
            return str(self.bonus)
        sign = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{sign}"

    def distribution(self) -> dict[int, Fraction]:
        return {k + self.bonus: v for k, v in sum_distribution(self.count, self.sides).items()}

    @property
    def minimum(self) -> int:
        return self.count + self.bonus if self.sides else self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus if self.sides else self.bonus


class Dice:
    """Draws dice deterministically from ``(seed, cursor)``.

    ``cursor`` counts every die drawn in the encounter so far; the journal saves
    it so a replayed or restored encounter continues the same sequence.
    """

    def __init__(self, seed: int, cursor: int = 0, typed: Iterable[int] = (),
                 saves: Mapping[str, Iterable[int]] | None = None) -> None:
        self.seed = int(seed)
        self.cursor = int(cursor)
        self._typed = list(typed)
        self._saves = {cid: list(faces) for cid, faces in (saves or {}).items()}
        self._saver: str | None = None  # whose save is being rolled (None: the actor's own dice)
        self.drawn: list[tuple[int, int]] = []  # (sides, face) drawn by this roller
        self.save_draws: list[tuple[str, int, bool]] = []  # (whose save, sides, typed?) in order

    @contextmanager
    def save_of(self, combatant: str) -> Iterator[None]:
        """The dice drawn inside are ``combatant``'s save: its typed faces, else any typed faces
        left, else seeded."""
        was, self._saver = self._saver, combatant
        try:
            yield
        finally:
            self._saver = was

    def d(self, sides: int) -> int:
        """One die of ``sides`` faces: a typed face if the table gave one, else seeded."""
        if sides < 2:
            raise DiceError(f"a die needs at least 2 sides, not {sides}")
        faces = self._typed if self._saver is None else self._saves.get(self._saver) or self._typed
        if self._saver is not None:
            self.save_draws.append((self._saver, sides, bool(faces)))
        if faces:
            face = faces.pop(0)
            if not isinstance(face, int) or not 1 <= face <= sides:
                raise DiceError(f"a d{sides} cannot show {face!r}")
        else:
            face = random.Random(f"{self.seed}/{self.cursor}").randint(1, sides)
            self.cursor += 1
        self.drawn.append((sides, face))
        return face

    def roll(self, count: int, sides: int) -> list[int]:
        return [self.d(sides) for _ in range(count)]

    def expr(self, expr: DiceExpr | str) -> tuple[list[int], int]:
        """Roll an expression: (faces, total including the bonus)."""
        e = DiceExpr.parse(expr) if isinstance(expr, str) else expr
        faces = self.roll(e.count, e.sides) if e.sides else []
        return faces, sum(faces) + e.bonus

    @property
    def typed_left(self) -> int:
        return len(self._typed) + sum(len(faces) for faces in self._saves.values())


@lru_cache(maxsize=256)
def _sum_counts(count: int, sides: int) -> tuple[tuple[int, int], ...]:
    """``(total, ways)`` of ``count`` d``sides``, one die added at a time: the ways to make each
    total are a sliding window over the last die's counts (prefix sums), not a loop over every face
    (review 21: a table's weapon of 20d1000 took 35 s for the opponent to weigh; 100d1000 never ended)."""
    if sides < 1 and count:
        return ()
    ways = [1]  # ways[t]: the ways to make the lowest total + t
    for _ in range(count):
        before = [0, *accumulate(ways)]
        last = len(ways)
        ways = [before[min(t + 1, last)] - before[max(0, t - sides + 1)] for t in range(last + sides - 1)]
    return tuple((t + count, n) for t, n in enumerate(ways))


def sum_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of ``count`` d``sides``."""
    if count == 0:
        return {0: Fraction(1)}
    total = sides**count
    return {k: Fraction(v, total) for k, v in _sum_counts(count, sides)}


def outcomes(*sides: int) -> Iterable[tuple[int, ...]]:
    """Every equally likely combination of faces for the given dice (enumeration)."""
    return product(*(range(1, s + 1) for s in sides))


def faces_text(sides: int, faces: Sequence[int]) -> str:
    """'2d6 (3, 5)': how a roll is shown in the log."""
    return f"{len(faces)}d{sides} ({', '.join(str(f) for f in faces)})"


def affinity_term(sides: int, face: int, sign: int) -> str:
    """The advantage die as a term of a roll line (R-ROLL-2): ``+ advantage d4 3`` or
    ``- disadvantage d2 2`` (named, so a minus is never read as a negative die); "" for none."""
    if not sides or not sign:
        return ""
    return f"+ advantage d{sides} {face}" if sign > 0 else f"- disadvantage d{sides} {face}"
