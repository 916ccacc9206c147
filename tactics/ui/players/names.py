"""Where the names go on the players' window: one size for all, each against its own disc, inside the window.

Why (review 16 F11): on the players' window, read from across a table, the party's names were
large and Bear 1's and Bear 3's small (a smaller pill where the large one had no room), some
tokens had no name at all, "James" and "Brandon" overlapped (a name above its disc reached past
the two rows of neighbours the GM's placing looks at), and on a small map "Art" and "Bear 2",
under their discs on the bottom row, were cut off by the window's edge.

Here every name of a frame has one size. Each name tries places that touch its own disc
(:func:`candidates`: under it, above it, the same slid to either side, beside it, then at its four
corners) and takes the first that lies inside the window (the board's clip), keeps
``name_clearance`` from every other disc, and covers no condition word, trap marker or name
placed before it. The tokens with the fewest free places go first. Where some name finds no
such place, the whole frame tries again a size smaller (:data:`STEPS`); at the smallest, such a
name takes the place covering least of the words and names (never another disc, never outside
the window), and only one hemmed in on every side by discs is left out (its initials name it).

The GM's map places its names this way too where its token-by-token placing leaves one out or
draws one smaller (:meth:`tactics.ui.tokens.TokenPainter._one_size`, review 17 N2), in its own sizes.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Iterator, Sequence

import pygame

from tactics.ui.placement import overlap

#: the name size of a frame, as shares of the room style's size, tried in turn
STEPS = (1.0, 0.85, 0.72)
#: below this no name is drawn smaller (the old small pill's size: still read across the room)
SMALLEST = 17


def candidates(ring: pygame.Rect, size: tuple[int, int], px: int) -> Iterator[pygame.Rect]:
    """Places for a pill of ``size`` that touch the disc whose rim is ``ring``, best first."""
    w, h = size
    cx, cy = ring.center
    tuck = max(1, px // 14)  # above, the pill's edge a hair over the rim (under the words), as the GM's names
    slide = w // 3  # slid to a side, the pill still spans the disc's middle: it still touches it
    for dx in (0, slide, -slide):
        yield pygame.Rect(cx - w // 2 + dx, ring.bottom, w, h)
        yield pygame.Rect(cx - w // 2 + dx, ring.top + tuck - h, w, h)
    yield pygame.Rect(ring.right, cy - h // 2, w, h)
    yield pygame.Rect(ring.left - w, cy - h // 2, w, h)
    d = round(ring.width / 2 * math.sqrt(0.5)) - 1  # a corner of the pill on the rim, at 45 degrees
    yield pygame.Rect(cx + d, cy + d, w, h)
    yield pygame.Rect(cx - d - w, cy + d, w, h)
    yield pygame.Rect(cx + d, cy - d - h, w, h)
    yield pygame.Rect(cx - d - w, cy - d - h, w, h)


def _near(boxes: Sequence[pygame.Rect]) -> list[list[int]]:
    """For each token, the others whose ``boxes`` (all its name could reach, and all of it a name could
    meet) meet its own, found by buckets of a box's size: a thousand tokens cost some thousands of
    rectangle tests, not a million."""
    bw = max(max((b.width for b in boxes), default=1), 1)
    bh = max(max((b.height for b in boxes), default=1), 1)
    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, b in enumerate(boxes):
        for bx in range(b.left // bw, b.right // bw + 1):
            for by in range(b.top // bh, b.bottom // bh + 1):
                buckets[(bx, by)].append(i)
    out = []
    for i, b in enumerate(boxes):
        found = sorted({j for bx in range(b.left // bw, b.right // bw + 1)
                        for by in range(b.top // bh, b.bottom // bh + 1) for j in buckets[(bx, by)]})
        out.append([found[k] for k in b.collidelistall([boxes[j] for j in found]) if found[k] != i])
    return out


class NamePlacer:
    """The names of one frame, placed at each size the frame tries (:meth:`place`). Who is near whom
    is worked out once, for the first (largest) size: a smaller pill reaches no further."""

    def __init__(self, rings: Sequence[pygame.Rect], words: Sequence[Sequence[pygame.Rect]],
                 markers: Sequence[pygame.Rect], clip: pygame.Rect, px: int, clearance: int,
                 circles: Sequence[tuple[float, float, float]] | None = None) -> None:
        """``rings``: each disc's rim, the places touch; ``circles``: each disc as it is drawn (its
        centre and radius, :func:`~tactics.ui.tokens.disc_circle`), the names keep ``clearance``
        from (the rings' own, rounded, when not given)."""
        self.rings, self.words, self.markers, self.clip = rings, words, list(markers), clip
        self.px, self.clearance = px, clearance
        # the rings' centres are their pictures', rounded down, and their radii rounded down: at 23
        # px a square "Bear 4" kept 4.6 px off Bear 2's disc, not 5 (the clearance must hold of the
        # disc as drawn)
        self.circles = list(circles) if circles is not None else [
            (r.centerx, r.centery, r.width / 2) for r in rings]
        self.blocked = [_square_round(c).inflate(2 * clearance, 2 * clearance) for c in self.circles]
        self.neighbours: list[list[int]] | None = None
        self.fixed: list[list[pygame.Rect]] = []  # the words and markers each name may not cover (every size)
        self.near_squares: list[list[pygame.Rect]] = []  # each token's neighbours' squares (made once)

    def _off_discs(self, place: pygame.Rect, i: int) -> bool:
        """Does ``place`` keep ``clearance`` from the round disc of each of token ``i``'s neighbours?
        (Tested on the squares round them first: a pill beside a disc, level with its neighbours
        above and below, only grazes the corners of their squares. The squares' list is made once
        per frame, not per place tried: with 1000 tokens that list was most of a redraw.)"""
        near = self.neighbours[i] if self.neighbours is not None else []
        for k in place.collidelistall(self.near_squares[i]):
            cx, cy, r = self.circles[near[k]]
            dx = max(place.left - cx, 0, cx - place.right)
            dy = max(place.top - cy, 0, cy - place.bottom)
            if math.hypot(dx, dy) < r + self.clearance:
                return False
        return True

    def _near_of(self, sizes: Sequence[tuple[int, int] | None]) -> list[list[int]]:
        if self.neighbours is None:
            boxes = []
            for ring, blocked, words, size in zip(self.rings, self.blocked, self.words, sizes):
                box = blocked.unionall(list(words)) if words else pygame.Rect(blocked)
                if size is not None:
                    box.union_ip(ring.inflate(2 * size[0], 2 * size[1]))
                boxes.append(box)
            self.neighbours = near = _near(boxes)
            self.fixed = [[w for j in near[i] for w in self.words[j]] + list(self.words[i]) + self.markers
                          for i in range(len(near))]
            self.near_squares = [[self.blocked[j] for j in near_i] for near_i in near]
        return self.neighbours

    def place(self, sizes: Sequence[tuple[int, int] | None], *, last_try: bool) -> tuple[list[pygame.Rect | None], int]:
        """Where each name goes (None: no name, or no place), and how many found no free place.

        ``sizes``: each token's name pill (None: no name to place). A place lies inside the clip,
        keeps ``clearance`` from every disc but its own and covers no condition word, marker or name
        placed before. ``last_try``: a name with no such place takes the one covering least of the
        words and names (never a disc, a marker or past the clip), else none."""
        n = len(self.rings)
        neighbours = self._near_of(sizes)
        options = [self._options(i, size) if size is not None else [] for i, size in enumerate(sizes)]
        placed: list[pygame.Rect | None] = [None] * n
        missed: list[int] = []
        order = sorted((i for i in range(n) if sizes[i] is not None),
                       key=lambda i: (len(options[i]), self.rings[i].centery, self.rings[i].centerx))
        for i in order:  # the most hemmed in first
            names = [p for j in neighbours[i] if (p := placed[j]) is not None]
            place = next((c for c in options[i] if c.collidelist(names) < 0), None)
            if place is None:
                missed.append(i)
            placed[i] = place
        if last_try:
            for i in missed:
                placed[i] = self._least_covering(i, sizes[i], placed)  # type: ignore[arg-type]
        return placed, len(missed)

    def _options(self, i: int, size: tuple[int, int]) -> list[pygame.Rect]:
        """The places for token ``i``'s pill of ``size`` inside the clip, off every other disc and
        every word and marker (the names placed are not looked at here)."""
        fixed = self.fixed[i]
        return [c for c in candidates(self.rings[i], size, self.px)
                if self.clip.contains(c) and c.collidelist(fixed) < 0 and self._off_discs(c, i)]

    def free_place(self, i: int, size: tuple[int, int], placed: Sequence[pygame.Rect | None]) -> pygame.Rect | None:
        """A place for token ``i``'s pill of ``size`` as :meth:`place` takes one, clear of the names
        ``placed`` too (after :meth:`place`: a name cut shorter where the whole one found none)."""
        assert self.neighbours is not None  # place() has worked out who is near whom
        names = [p for j in self.neighbours[i] if (p := placed[j]) is not None]
        return next((c for c in self._options(i, size) if c.collidelist(names) < 0), None)

    def _least_covering(self, i: int, size: tuple[int, int], placed: Sequence[pygame.Rect | None]) -> pygame.Rect | None:
        """A place touching disc ``i``, inside the clip, on no other disc or marker and off its own
        words, covering least of the others' words and names (None when every place meets a disc:
        a name on a token reads as that token's)."""
        near = self.neighbours[i] if self.neighbours is not None else []
        covered = [w for j in near for w in self.words[j]] + [p for j in near if (p := placed[j]) is not None]
        best: tuple[int, pygame.Rect] | None = None
        for c in candidates(self.rings[i], size, self.px):
            if not self.clip.contains(c) or c.collidelist(self.markers) >= 0 \
                    or c.collidelist(list(self.words[i])) >= 0 or not self._off_discs(c, i):
                continue
            cost = sum(overlap(c, r) for r in covered)
            if best is None or cost < best[0]:
                best = (cost, c)
        return best[1] if best is not None else None


def _square_round(circle: tuple[float, float, float]) -> pygame.Rect:
    """The whole pixels a disc (centre x, y, radius) covers, any part of them."""
    cx, cy, r = circle
    left, top = math.floor(cx - r), math.floor(cy - r)
    return pygame.Rect(left, top, math.ceil(cx + r) - left, math.ceil(cy + r) - top)


def frame_sizes(base: int, smallest: int = SMALLEST) -> list[int]:
    """The name sizes a frame tries, largest first (:data:`STEPS` of ``base``, none below ``smallest``:
    the players' window's :data:`SMALLEST`, the GM's own small pill on its map)."""
    out: list[int] = []
    for step in STEPS:
        size = max(smallest, round(base * step))
        if size not in out and size <= base:
            out.append(size)
    return out or [base]


__all__ = ["SMALLEST", "STEPS", "NamePlacer", "candidates", "frame_sizes"]
