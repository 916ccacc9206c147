"""Commands, events and the journal that gives undo, redo and replay.

* A **command** looks at the current state (read-only), validates, rolls any
  dice it needs from the :class:`~tactics.rules.dice.Dice` it is given, and
  returns a list of **events**. An illegal command raises :class:`Refused` with
  a reason a player can read; nothing changes.
* An **event** is a typed record, one frozen dataclass per kind
  (:mod:`tactics.engine.core.events`; saved as ``kind`` + ``data``). A
  :class:`Reducer` maps each kind to a function that applies it to the state.
  Events, not commands, are replayed, so replay never re-rolls.
* The **journal** keeps the start state, the seed, and the committed entries.
  Undo rebuilds the state without the last entry (from the state kept
  every :data:`CHECKPOINT_EVERY` entries, not from the start); redo
  re-applies the undone entry's events. A new command after an undo drops the
  redo stack. Listeners hear every change (the autosave, the window).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, Protocol, TypeVar

from tactics.engine.core.events import Event as Event  # re-exported: list[Event] signatures import it from here
from tactics.engine.core.events import from_dict
from tactics.engine.core.fork import fork
from tactics.rules.dice import Dice, DiceError

S = TypeVar("S")
E = TypeVar("E", bound=Event)

#: the state after every this many entries is kept (a few KB each), so an undo applies at most this many
#: entries again instead of the whole game from its start (a long fight's undo took a replay of thousands)
CHECKPOINT_EVERY = 16


class Refused(Exception):
    """A command that the rules do not allow now; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class Command(Protocol):
    """Anything with a ``name``, ``args`` (JSON-able) and ``execute``."""

    name: str

    def args(self) -> dict[str, Any]: ...

    def execute(self, state: Any, dice: Dice) -> list[Event]: ...


@dataclass
class Entry:
    """One committed command: what was asked, what happened, which dice it used."""

    command: str
    args: dict[str, Any]
    events: list[Event]
    dice_before: int
    dice_after: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "args": self.args,
            "events": [e.to_dict() for e in self.events],
            "dice": [self.dice_before, self.dice_after],
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "Entry":
        before, after = raw.get("dice", [0, 0])
        return cls(
            command=str(raw["command"]),
            args=dict(raw.get("args", {})),
            events=[from_dict(e) for e in raw["events"]],
            dice_before=int(before),
            dice_after=int(after),
        )


Handler = Callable[[Any, Any], None]  # (state, the event of its kind)


class Reducer:
    """Maps event kinds to the functions that apply them to a state.

    ``@reducer.on(TokenMoved)`` registers ``fn(state, event: TokenMoved)``: the
    handler reads the event's typed fields.
    """

    def __init__(self) -> None:
        self.handlers: dict[str, Handler] = {}
        #: Asked for a kind with no handler yet; True when it imported the part that handles it
        #: (the encounter's reducer: parts imported on first use, :mod:`tactics.engine.features`).
        self.load_missing: Callable[[str], bool] | None = None

    def on(self, kind: type[E]) -> Callable[[Callable[[Any, E], None]], Callable[[Any, E], None]]:
        def register(fn: Callable[[Any, E], None]) -> Callable[[Any, E], None]:
            if kind.kind in self.handlers:
                raise ValueError(f"event kind {kind.kind!r} already has a handler")
            self.handlers[kind.kind] = fn
            return fn

        return register

    def include(self, other: "Reducer") -> "Reducer":
        for kind, fn in other.handlers.items():
            if kind in self.handlers and self.handlers[kind] is not fn:
                raise ValueError(f"event kind {kind!r} handled twice")
            self.handlers[kind] = fn
        return self

    def knows(self, kind: str) -> bool:
        """Whether a kind has a handler (its part imported now if it is one loaded on first use)."""
        return kind in self.handlers or (self.load_missing is not None and self.load_missing(kind)
                                         and kind in self.handlers)

    def apply(self, state: Any, event: Event) -> None:
        handler = self.handlers.get(event.kind)
        if handler is None and self.knows(event.kind):
            handler = self.handlers[event.kind]
        if handler is None:
            raise ValueError(f"no handler for event kind {event.kind!r}")
        handler(state, event)


class Journal(Generic[S]):
    """Start state + committed entries; the current state is derived from them."""

    def __init__(
        self,
        start: S,
        reducer: Reducer,
        *,
        seed: int = 0,
        entries: list[Entry] | None = None,
        consequences: Callable[[S, list[Event]], list[Event]] | None = None,
    ) -> None:
        self.start = copy.deepcopy(start)
        self.reducer = reducer
        #: What follows from any command's events, added to them before they are committed
        #: (the encounter's: :func:`tactics.engine.features.with_consequences`).
        self.consequences = consequences
        self.seed = int(seed)
        self.entries: list[Entry] = []
        self.redo_stack: list[Entry] = []
        self.listeners: list[Callable[["Journal[S]", str], None]] = []
        self.state: S = copy.deepcopy(start)
        #: entries applied -> (the last of them, the state after them); see _rebuilt
        self._kept: dict[int, tuple[Entry, S]] = {}
        for entry in entries or []:
            self._apply_entry(entry)
            self.entries.append(entry)
            self._keep()

    # -- reading -----------------------------------------------------------
    @property
    def dice_cursor(self) -> int:
        return self.entries[-1].dice_after if self.entries else 0

    @property
    def events(self) -> list[Event]:
        return [e for entry in self.entries for e in entry.events]

    def can_undo(self) -> bool:
        return bool(self.entries)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # -- changing ------------------------------------------------------------
    def submit(self, command: Command, *, typed: list[int] | None = None,
               saves: dict[str, list[int]] | None = None) -> Entry:
        """Run a command; commit its events or raise :class:`Refused` (no change). ``typed``: the
        faces of the actor's own dice; ``saves``: the faces typed for each combatant's saves."""
        dice = Dice(self.seed, self.dice_cursor, typed or (), saves)
        before = dice.cursor
        try:
            events = command.execute(self.state, dice)
        except DiceError as exc:
            raise Refused(str(exc)) from None
        if (typed or saves) and dice.typed_left:
            left = dice.typed_left
            raise Refused(f"{left} typed {'die was' if left == 1 else 'dice were'} not needed by this action")
        if self.consequences is not None:
            events = self.consequences(self.state, list(events))
        entry = Entry(command.name, command.args(), list(events), before, dice.cursor)
        self.commit(entry)
        return entry

    def submit_many(
        self, commands: Iterable[Command], *, stop: Callable[[Entry], bool] | None = None
    ) -> list[Entry]:
        """Submit commands in order, all or nothing (a sprint's two legs, a group of moves).

        If one is refused, the ones before it are taken back, the redo stack is
        left as it was and :class:`Refused` is raised: nothing of the batch
        stays. ``stop(entry)`` returning True ends the batch after that entry,
        which is kept (a leg a trap cut short: its dice stand, the next leg is
        not taken).
        """
        redo = list(self.redo_stack)
        done: list[Entry] = []
        for command in commands:
            try:
                entry = self.submit(command)
            except Refused:
                for _ in done:
                    self.undo()
                self.redo_stack = redo
                raise
            done.append(entry)
            if stop is not None and stop(entry):
                break
        return done

    def commit(self, entry: Entry) -> None:
        """Apply and record an already computed entry (used by submit and redo)."""
        try:
            self._apply_entry(entry)
        except Exception:
            self.state = self.replay(self.entries)  # keep the last good state
            raise
        self.entries.append(entry)
        self._keep()
        self.redo_stack.clear()
        self._notify("commit")

    def undo(self) -> Entry | None:
        if not self.entries:
            return None
        entry = self.entries.pop()
        self.redo_stack.append(entry)
        self.state = self._rebuilt()
        self._notify("undo")
        return entry

    def redo(self) -> Entry | None:
        if not self.redo_stack:
            return None
        entry = self.redo_stack.pop()
        stack = self.redo_stack
        self._apply_entry(entry)
        self.entries.append(entry)
        self._keep()
        self.redo_stack = stack
        self._notify("redo")
        return entry

    def replay(self, entries: list[Entry] | None = None) -> S:
        """A fresh state: the start with every given (default: committed) entry applied."""
        state = copy.deepcopy(self.start)
        for entry in self.entries if entries is None else entries:
            for event in entry.events:
                self.reducer.apply(state, event)
        return state

    # -- internals -------------------------------------------------------------
    def _keep(self) -> None:
        """After an entry joined the committed ones: keep a copy of the state every CHECKPOINT_EVERY."""
        if len(self.entries) % CHECKPOINT_EVERY == 0:
            self._kept[len(self.entries)] = (self.entries[-1], fork(self.state))

    def _rebuilt(self) -> S:
        """The state after the committed entries, from the latest kept state that still leads to them.

        A kept state stands for the entries up to its own last one: entries are only ever
        appended and popped, so while that entry is still in its place the ones before it
        are the same too. (:meth:`replay` always starts from the start.)
        """
        done = len(self.entries)
        for at in sorted((k for k in self._kept if k <= done), reverse=True):
            last, kept = self._kept[at]
            if self.entries[at - 1] is last:
                state = fork(kept)
                for entry in self.entries[at:]:
                    for event in entry.events:
                        self.reducer.apply(state, event)
                return state
        return self.replay(self.entries)

    def _apply_entry(self, entry: Entry) -> None:
        for event in entry.events:
            self.reducer.apply(self.state, event)

    def _notify(self, what: str) -> None:
        for listener in list(self.listeners):
            listener(self, what)
