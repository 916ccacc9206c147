"""A map's terrain as one byte a square, read and written as the ``{(col, row): kind}`` mapping it always was.

Why (issue 12, bounded memory): the terrain was a dict with an entry per square that is not plain
floor. A legal 2000x2000 text map of walls held 4,000,000 of them: 556 MB (a tuple, two integers and
a dict slot a square) before the window drew anything. Here every square of the map is one byte in a
:class:`bytearray` (4 MB for that map), naming its kind by a small code; code 0 means "not listed"
(the square is plain floor, as a missing key always meant).

It behaves as the dict did, so no caller changed: ``get``, ``[]``, ``in``, ``items()`` (row by row,
left to right: the order the loaders listed squares in), ``len`` (the listed squares), ``==`` with
a dict. A key that is not a square of the map (off the map, not a pair of integers) or a kind past
the 255 a byte can name is kept in an ordinary dict beside the bytes, so nothing a dict accepted is
refused. Its whole-row questions answer from the bytes at once, where walking every listed square
took the time: :meth:`row` (a run of one row's kinds, for the map's art), :meth:`row_bits` and
:meth:`rows_of` (rows of bits, for the movement search and the walls' solid squares) and
:meth:`cells_of` (the squares of some kinds).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from typing import Any

Cell = tuple[int, int]

_LISTED = re.compile(rb"[^\x00]")  # a listed square's byte
_MAX_CODE = 255
_ONE_OF: dict[int, bytes] = {}  # a code -> the table turning its byte into "1" and every other into "0"


def _one_of(code: int) -> bytes:
    table = _ONE_OF.get(code)
    if table is None:
        table = _ONE_OF[code] = bytes(0x31 if b == code else 0x30 for b in range(256))
    return table


class TerrainGrid(MutableMapping[Cell, str]):
    """``{(col, row): kind}`` for the squares of a ``width`` x ``height`` map, a byte a square."""

    __slots__ = ("width", "height", "_codes", "_names", "_code_of", "_extra", "_count")

    def __init__(self, width: int, height: int, cells: Mapping[Cell, str] | Iterable[tuple[Cell, str]] = ()) -> None:
        self.width = width
        self.height = height
        self._codes = bytearray(width * height)
        self._names: list[str] = [""]  # code -> kind (code 0: not listed)
        self._code_of: dict[str, int] = {}
        self._extra: dict[Any, str] = {}  # what the bytes cannot hold (see the module's docstring)
        self._count = 0  # listed squares in the bytes
        self.update(cells)

    @classmethod
    def of(cls, width: int, height: int, cells: Mapping[Cell, str]) -> "TerrainGrid":
        """``cells`` as a grid of this size (a grid of this size itself, not copied)."""
        if isinstance(cells, TerrainGrid) and (cells.width, cells.height) == (width, height):
            return cells
        return cls(width, height, cells)

    def _index(self, cell: Any) -> int | None:
        """Where ``cell`` is in the bytes, or None for a key they do not hold."""
        if type(cell) is tuple and len(cell) == 2:
            c, r = cell
            if type(c) is not int or type(r) is not int:  # (1.0, 2) is the key (1, 2), as in a dict
                try:
                    whole = int(c), int(r)
                except (TypeError, ValueError, OverflowError):
                    return None
                if whole != cell:
                    return None
                c, r = whole
            if 0 <= c < self.width and 0 <= r < self.height:
                return r * self.width + c
        return None

    def _code(self, kind: str) -> int | None:
        code = self._code_of.get(kind)
        if code is None and len(self._names) <= _MAX_CODE:
            code = self._code_of[kind] = len(self._names)
            self._names.append(kind)
        return code

    # -- the mapping ---------------------------------------------------------------
    def __getitem__(self, cell: Cell) -> str:
        i = self._index(cell)
        if i is None:
            return self._extra[cell]
        code = self._codes[i]
        if not code:
            raise KeyError(cell)
        return self._names[code]

    def get(self, cell: Any, default: Any = None) -> Any:
        i = self._index(cell)
        if i is None:
            return self._extra.get(cell, default)
        code = self._codes[i]
        return self._names[code] if code else default

    def __contains__(self, cell: object) -> bool:
        i = self._index(cell)
        return cell in self._extra if i is None else bool(self._codes[i])

    def __setitem__(self, cell: Cell, kind: str) -> None:
        i = self._index(cell)
        code = self._code(kind) if i is not None and isinstance(kind, str) else None
        if i is None or code is None:  # not a square of the map, or a kind no byte names
            if i is not None and self._codes[i]:
                self._codes[i] = 0
                self._count -= 1
            self._extra[cell] = kind
            return
        if self._extra:
            self._extra.pop(cell, None)
        if not self._codes[i]:
            self._count += 1
        self._codes[i] = code

    def set_row(self, r: int, symbols: str, kind_of: Mapping[str, str], *, skip: str = "floor") -> None:
        """Row ``r`` from its first square on, one symbol a square (``kind_of``: symbol -> kind;
        every symbol must be in it), leaving out the squares whose kind is ``skip``: a text map's
        line at once instead of a square at a time (a 2000x2000 map: 4,000,000 squares)."""
        if not 0 <= r < self.height:
            raise IndexError(f"row {r} is not a row of this {self.width}x{self.height} map")
        symbols = symbols[:self.width]
        table: dict[int, str] = {}
        for symbol in set(symbols):
            kind = kind_of[symbol]
            code = 0 if kind == skip else self._code(kind)
            if code is None:  # a kind past the 255th: square by square
                for c, ch in enumerate(symbols):
                    if kind_of[ch] != skip:
                        self[(c, r)] = kind_of[ch]
                return
            table[ord(symbol)] = chr(code)
        if self._extra:
            for c in range(len(symbols)):
                self._extra.pop((c, r), None)
        start = r * self.width
        old = self._codes[start:start + len(symbols)]
        new = symbols.translate(table).encode("latin-1")
        self._codes[start:start + len(symbols)] = new
        self._count += (len(new) - new.count(0)) - (len(old) - old.count(0))

    def kinds_listed(self) -> Iterator[tuple[str, Cell]]:
        """Each kind a listed square has, with the first square that has it (what a map checks
        against its kinds: once a kind, not once a square)."""
        width = self.width
        for code, kind in enumerate(self._names):
            if code:
                i = self._codes.find(code)
                if i >= 0:
                    yield kind, (i % width, i // width)
        seen: set[str] = set()
        for cell, kind in self._extra.items():
            if kind not in seen:
                seen.add(kind)
                yield kind, cell

    def __delitem__(self, cell: Cell) -> None:
        i = self._index(cell)
        if i is None or not self._codes[i]:
            del self._extra[cell]
            return
        self._codes[i] = 0
        self._count -= 1

    def __len__(self) -> int:
        return self._count + len(self._extra)

    def __iter__(self) -> Iterator[Cell]:
        width = self.width
        for found in _LISTED.finditer(self._codes):
            i = found.start()
            yield (i % width, i // width)
        yield from self._extra

    def items(self) -> Iterator[tuple[Cell, str]]:  # type: ignore[override]  # (a view's speed, not its type)
        width, names, codes = self.width, self._names, self._codes
        for found in _LISTED.finditer(codes):
            i = found.start()
            yield (i % width, i // width), names[codes[i]]
        yield from self._extra.items()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return len(self) == len(other) and all(other.get(cell, None) == kind for cell, kind in self.items())

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dict was

    def __repr__(self) -> str:
        return f"TerrainGrid({self.width}x{self.height}, {len(self)} squares listed)"

    def copy(self) -> "TerrainGrid":
        twin = TerrainGrid(0, 0)
        twin.width, twin.height = self.width, self.height
        twin._codes = bytearray(self._codes)
        twin._names = list(self._names)
        twin._code_of = dict(self._code_of)
        twin._extra = dict(self._extra)
        twin._count = self._count
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> "TerrainGrid":
        return self.copy()  # (its keys and kinds are immutable)

    # -- whole rows at once -------------------------------------------------------
    def cells_of(self, kinds: Iterable[str]) -> list[Cell]:
        """Every listed square whose kind is one of ``kinds``, row by row (the squares that stop
        sight, that ask a roll ...): found in the bytes, not by walking every listed square."""
        wanted = set(kinds)
        codes = bytes(code for code, name in enumerate(self._names) if code and name in wanted)
        width = self.width
        out: list[Cell] = []
        if codes:
            pattern = re.compile(b"[" + b"".join(re.escape(bytes([c])) for c in codes) + b"]")
            out = [(i % width, i // width) for i in (m.start() for m in pattern.finditer(self._codes))]
        out += [cell for cell, kind in self._extra.items() if kind in wanted]
        return out

    def rows_of(self, kinds: Iterable[str]) -> list[int]:
        """Each row as one integer, bit ``c`` set where square ``c`` has one of ``kinds`` (the squares
        that stop sight, as :class:`~tactics.rules.walls.Walls` holds them): a row at a time."""
        wanted = set(kinds)
        codes = {code for code, name in enumerate(self._names) if code and name in wanted}
        rows = [0] * self.height
        width = self.width
        if codes:
            table = bytes(0x31 if b in codes else 0x30 for b in range(256))
            buf = self._codes
            for r in range(self.height):
                marks = buf[r * width:(r + 1) * width].translate(table)
                if 0x31 in marks:
                    rows[r] = int(marks[::-1], 2)  # column 0 is the lowest bit
        for cell, kind in self._extra.items():
            i = self._index(cell)
            if kind in wanted and i is not None:
                rows[i // width] |= 1 << (i % width)
        return rows

    def row_bits(self, r: int) -> dict[str, int]:
        """Row ``r`` as one integer a kind: bit ``c`` set where square ``c`` is listed with that kind
        (the movement search's rows of bits, :mod:`tactics.rules.bitgrid`); kinds absent from the
        row are left out, and so are the squares not listed."""
        out: dict[str, int] = {}
        if 0 <= r < self.height:
            start = r * self.width
            row = bytes(self._codes[start:start + self.width])[::-1]  # column 0 is the lowest bit
            for code in set(row):
                if code:
                    out[self._names[code]] = int(row.translate(_one_of(code)), 2)
        for (c, rr), kind in self._extra.items():
            if rr == r and type(c) is int and c >= 0:
                out[kind] = out.get(kind, 0) | 1 << c
        return out

    # -- drawing --------------------------------------------------------------------
    def row(self, r: int, c0: int, cols: int, default: str = "floor") -> list[str]:
        """The kinds of squares ``c0`` to ``c0 + cols - 1`` of row ``r`` (``default`` for a square
        not listed or off the map), read at once: the map's art draws every square of a chunk."""
        names = [default, *self._names[1:]]
        if not 0 <= r < self.height:
            return [self._extra.get((c, r), default) for c in range(c0, c0 + cols)]
        lo, hi = max(0, c0), min(self.width, c0 + cols)
        start = r * self.width
        inside = [names[code] for code in self._codes[start + lo:start + hi]] if lo < hi else []
        if self._extra or lo != c0 or hi != c0 + cols:
            get = self._extra.get
            before = [get((c, r), default) for c in range(c0, min(lo, c0 + cols))]
            after = [get((c, r), default) for c in range(max(hi, c0), c0 + cols)]
            if self._extra:
                inside = [get((lo + k, r), kind) for k, kind in enumerate(inside)]
            return before + inside + after
        return inside


def first_unknown(line: str, known: Mapping[str, str]) -> tuple[int, str] | None:
    """The first (column, symbol) of ``line`` that ``known`` lacks (None: every symbol is known)."""
    if set(known).issuperset(line):
        return None
    return next((c, ch) for c, ch in enumerate(line) if ch not in known)


__all__ = ["TerrainGrid", "first_unknown"]
