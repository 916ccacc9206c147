"""Movement search on rows of bits: one Python integer holds a whole window of squares.

Why: a plain Dijkstra in Python pays for every square and every step (about
10 ms for a 60 ft reach on a map with walls). Costs here are whole multiples
of 5 ft, so the search runs in waves: the squares first reached at ``5k`` ft
are one integer; stepping all of them in one of the eight directions is one
mask and one shift. The window around the start holds every square the budget
can reach (one 5 ft square per step at least), laid out row after row with
one spare zero column so a shift never wraps a square into the next row.

The step rules are the same as :meth:`Walls.step_allowed` (R-GRID-4): a step
needs the target passable and its edge unblocked; a diagonal also needs both
squares beside it passable and all four edges around the corner open.
tests/test_movement.py compares the result with the plain search on random maps.
"""

from __future__ import annotations

from typing import Any

from tactics.rules.grid import SQUARE_FT, Cell
from tactics.rules.terrain_grid import TerrainGrid
from tactics.rules.walls import BAND, Walls


def _classes(battle_map: Any, walls: Walls, r0: int, r1: int) -> tuple[list[int], dict[int, list[int]]]:
    """Passable rows and, per cost multiplier, rows of its squares (rows ``r0`` to ``r1`` sure to be filled).

    Kept per map in ``walls.move_memo`` and filled band by band (``BAND``
    rows), so the first reach on a 1000x1000 map sorts the terrain once and
    works out only the rows around it.
    """
    terrain = battle_map.terrain
    stamp = (id(terrain), len(terrain), id(battle_map.kinds))
    memo = walls.move_memo
    width, height = walls.width, walls.height
    if memo.get("stamp") != stamp:
        grid = terrain if isinstance(terrain, TerrainGrid) else TerrainGrid(width, height, terrain)
        kinds = battle_map.kinds
        mults = {name: (kind.cost if kind.passable else None) for name, kind in kinds.items()}
        classes: dict[int, list[int]] = {m: [0] * height for m in set(mults.values()) if m is not None}
        memo.clear()
        memo.update(stamp=stamp, grid=grid, mults=mults, classes=classes, passable=[0] * height,
                    done=bytearray((height - 1) // BAND + 1))
    done, classes, passable = memo["done"], memo["classes"], memo["passable"]
    mults, grid = memo["mults"], memo["grid"]
    full = (1 << width) - 1
    floor = mults["floor"]
    for b in range(max(0, r0 // BAND), min(len(done), (max(r0, r1) - 1) // BAND + 1)):
        if done[b]:
            continue
        lo, hi = b * BAND, min(height, (b + 1) * BAND)
        solid = walls.solid_rows()
        for r in range(lo, hi):
            marked = 0  # the squares listed with a kind of their own (not plain floor)
            for name, bits in grid.row_bits(r).items():
                if name == "floor":
                    continue
                bits &= full
                marked |= bits
                m = mults[name]
                if m is not None:
                    classes[m][r] |= bits
            if floor is not None:
                classes[floor][r] |= full & ~marked
            passable[r] = full & ~solid[r]
        done[b] = 1
    return passable, classes


class Steps:
    """The exits of every square of one search window, for finding predecessors later."""

    def __init__(self, c0: int, r0: int, stride: int, exits: tuple[tuple[int, int], ...]) -> None:
        self.c0, self.r0, self.stride = c0, r0, stride
        self._exits = exits
        self._text: dict[tuple[int, int], str] = {}

    def allowed(self, a: Cell, dx: int, dy: int) -> bool:
        """May a mover step from ``a`` by (dx, dy)? (the window's answer, as Walls.step_allowed)."""
        text = self._text.get((dx, dy))
        if text is None:
            off = dx + dy * self.stride
            ex = next(e for o, e in self._exits if o == off)
            text = self._text[(dx, dy)] = bin(ex)[:1:-1]
        i = (a[1] - self.r0) * self.stride + (a[0] - self.c0)
        return 0 <= i < len(text) and text[i] == "1"


def wave_costs(battle_map: Any, walls: Walls, start: Cell, feet: int,
               enemies: set[Cell]) -> tuple[dict[Cell, int], Steps | None]:
    """Cheapest cost of every square within ``feet`` of ``start`` (enemies' squares never entered)."""
    sx, sy = start
    reach = feet // SQUARE_FT
    if reach == 0:
        return {start: 0}, None
    c0, c1 = max(0, sx - reach), min(walls.width, sx + reach + 1)
    r0, r1 = max(0, sy - reach), min(walls.height, sy + reach + 1)
    passable_rows, class_rows = _classes(battle_map, walls, r0, r1)
    step_rows = walls.step_rows(r0, r1)
    ww = c1 - c0
    stride = ww + 1  # a zero column after each row: no shift carries a square into the next row
    wmask = (1 << ww) - 1
    rows = range(r0, r1)

    def stack(source: list[int]) -> int:
        out = 0
        shift = 0
        for r in rows:
            out |= ((source[r] >> c0) & wmask) << shift
            shift += stride
        return out

    every = _repeat(wmask, stride, r1 - r0)
    P = stack(passable_rows)
    BE, BS, BSE, BNE = (stack(k) for k in step_rows)
    enemy = 0
    for c, r in enemies:
        if c0 <= c < c1 and r0 <= r < r1:
            enemy |= 1 << ((r - r0) * stride + (c - c0))

    def nb(x: int, dx: int, dy: int) -> int:
        """Bit of each square = bit of its neighbour at (dx, dy)."""
        off = dx + dy * stride
        return x >> off if off >= 0 else (x << -off) & every

    # A solid square's own outline shuts every step out of it: exits start from passable squares.
    pE, pW, pS, pN = P & nb(P, 1, 0), P & nb(P, -1, 0), P & nb(P, 0, 1), P & nb(P, 0, -1)
    oE, oW, oS, oN = ~BE, ~nb(BE, -1, 0), ~BS, ~nb(BS, 0, -1)
    exits = (
        (1, pE & oE),
        (-1, pW & oW),
        (stride, pS & oS),
        (-stride, pN & oN),
        (stride + 1, nb(P, 1, 1) & pE & pS & ~BSE & oE & oS & ~nb(BS, 1, 0) & ~nb(BE, 0, 1)),
        (1 - stride, nb(P, 1, -1) & pE & pN & ~BNE & oE & oN & ~nb(BS, 1, -1) & ~nb(BE, 0, -1)),
        (stride - 1, nb(P, -1, 1) & pW & pS & ~nb(BNE, -1, 1) & oW & oS & ~nb(BS, -1, 0) & ~nb(BE, -1, 1)),
        (-stride - 1, nb(P, -1, -1) & pW & pN & ~nb(BSE, -1, -1) & oW & oN & ~nb(BS, -1, -1) & ~nb(BE, -1, -1)),
    )
    classes = [(m, stack(rows_m)) for m, rows_m in class_rows.items()]
    start_bit = 1 << ((sy - r0) * stride + (sx - c0))
    pending = [0] * (reach + 1)
    pending[0] = start_bit
    done = 0
    last = 0  # highest wave with anything pending
    waves: list[tuple[int, int]] = []
    for k in range(reach + 1):
        front = pending[k] & ~done
        if front:
            done |= front
            waves.append((k, front))
            new = 0
            for off, ex in exits:
                moved = front & ex
                if moved:
                    new |= moved << off if off > 0 else moved >> -off
            new &= ~(done | enemy)
            if new:
                for m, mask in classes:
                    j = k + m
                    if j <= reach:
                        hit = new & mask
                        if hit:
                            pending[j] |= hit
                            if j > last:
                                last = j
        if k >= last:
            break
    cost: dict[Cell, int] = {}
    for k, bits in waves:
        feet_k = k * SQUARE_FT
        text = bin(bits)[:1:-1]
        i = text.find("1")
        while i >= 0:
            r, c = divmod(i, stride)
            cost[(c0 + c, r0 + r)] = feet_k
            i = text.find("1", i + 1)
    return cost, Steps(c0, r0, stride, exits)


def _repeat(row: int, stride: int, count: int) -> int:
    """``row`` repeated ``count`` times, ``stride`` bits apart."""
    out = 0
    for i in range(count):
        out |= row << (i * stride)
    return out
