"""Which tokens changed since a reader last looked: told by the journal's entries, kept per view.

Why: the tokens layer kept a picture per token, but after any change it compared every
token's fields with it (1000 tokens: most of a frame's work), since nothing said which
changed. The view notes each change of the state here: the combatants its entry touched
(:func:`tactics.engine.core.touched.touched_combatants`), or "any" (an undo rebuilds the
state; an entry with a kind not known to touch only the combatants it names). A reader
that remembers :attr:`TokenChanges.at` from its last look asks :meth:`since` and reads
again only those, or everything on "any". It is a hint about the same state object only:
a reader checks that its state is the one it read (a players' copy is made anew).
"""

from __future__ import annotations

from typing import Any

from tactics.rules.grid import Cell


class TokenChanges:
    """The changes of one view's state, numbered; the combatants each touched, since the last
    that may have touched any (at most :data:`KEPT` of them: a reader further behind reads all)."""

    KEPT = 256

    def __init__(self) -> None:
        self.at = 0  # the number of the last change
        self._everything_at = 0  # the last change that may have touched any combatant
        self._log: list[frozenset[str]] = []  # what changes _everything_at + 1 ... at touched

    def note(self, touched: frozenset[str] | None) -> None:
        """A change: the combatants it touched (frozenset(): none), or None: any may have changed."""
        self.at += 1
        if touched is None or len(self._log) >= self.KEPT:
            self._everything_at = self.at
            self._log = []
            return
        self._log.append(touched)

    def since(self, at: int) -> frozenset[str] | None:
        """The combatants touched after change ``at`` (None: any may have been, read them all)."""
        if at < self._everything_at or at > self.at:
            return None
        if at == self.at:
            return frozenset()
        later = self._log[at - self._everything_at:]
        return later[0] if len(later) == 1 else frozenset().union(*later)


class CellIndex:
    """The token on each square (``state.at`` for all at once), kept across changes: after an
    entry that only moved or hurt some tokens only theirs are moved in it, else it is made again.

    Why: the pointer asks for the token under it several times a frame, and after every change
    the index was made again from all the tokens (1000: a third of a millisecond a change).
    Kept in step only while no two tokens share a square (then the first in order is the one
    found, as ``state.at`` finds it, and a move off that square would have to look for the
    next one): with a shared square it is made again after every change."""

    def __init__(self) -> None:
        self._read: tuple | None = None  # (state, change number, squares -> token, token id -> square, shared,
        # the number of combatants)

    def cells(self, state: Any, changes: TokenChanges) -> dict[Cell, Any]:
        read = self._read
        count = len(state.combatants)
        if read is not None and read[1] == changes.at and read[0] is state and read[5] == count:
            return read[2]  # nothing changed since (the pointer asks several times a frame)  # one added or taken out past the journal: made again
        touched = changes.since(read[1]) if read is not None and read[0] is state and read[5] == count else None
        if touched is not None and read is not None and not read[4]:
            cells, where = read[2], read[3]
            if self._move(state, touched, cells, where):
                self._read = (state, changes.at, cells, where, False, count)
                return cells
        cells, where, shared = {}, {}, False
        for who in state.combatants.values():
            if who.present and who.cell is not None:
                if who.cell in cells:
                    shared = True  # the first in order stays, as state.at finds it
                    continue
                cells[who.cell] = who
                where[who.id] = who.cell
        self._read = (state, changes.at, cells, where, shared, count)
        return cells

    @staticmethod
    def _move(state: Any, touched: frozenset[str], cells: dict, where: dict) -> bool:
        """The touched tokens moved in the index (False: a square would be shared, make it again)."""
        for cid in touched:
            old = where.pop(cid, None)
            if old is not None:
                del cells[old]
        for cid in touched:
            who = state.combatants.get(cid)
            if who is None or not who.present or who.cell is None:
                continue
            if who.cell in cells:
                return False
            cells[who.cell] = who
            where[cid] = who.cell
        return True


__all__ = ["CellIndex", "TokenChanges"]
