"""The event-sourced encounter engine (no pygame).

An encounter is its start state plus a journal of committed commands, each
stored with the events it produced and the dice it drew. State is only ever
changed by applying events, so undo/redo, replay, autosave and deterministic
tests all come from one mechanism. See :mod:`tactics.engine.core.journal`.
"""

from tactics.engine.core.journal import Command, Entry, Event, Journal, Reducer, Refused

__all__ = ["Command", "Entry", "Event", "Journal", "Reducer", "Refused"]
