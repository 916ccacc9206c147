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


class TokenChanges:
    """The changes of one view's state, numbered; for each combatant the last that touched it."""

    def __init__(self) -> None:
        self.at = 0  # the number of the last change
        self._everything_at = 0  # the last change that may have touched any combatant
        self._of: dict[str, int] = {}  # combatant id -> the last change that touched it (after _everything_at)

    def note(self, touched: frozenset[str] | None) -> None:
        """A change: the combatants it touched (frozenset(): none), or None: any may have changed."""
        self.at += 1
        if touched is None:
            self._everything_at = self.at
            self._of.clear()
            return
        for cid in touched:
            self._of[cid] = self.at

    def since(self, at: int) -> frozenset[str] | None:
        """The combatants touched after change ``at`` (None: any may have been, read them all)."""
        if at < self._everything_at or at > self.at:
            return None
        if at == self.at:
            return frozenset()
        return frozenset(cid for cid, when in self._of.items() if when > at)


__all__ = ["TokenChanges"]
