"""The event-sourced encounter engine (no pygame).

An encounter is its start state plus a journal of committed commands, each
stored with the events it produced and the dice it drew. State is only ever
changed by applying events, so undo/redo, replay, autosave and deterministic
tests all come from one mechanism. See :mod:`tactics.engine.core.journal`
(commands, events, the journal) and :mod:`tactics.engine.features` (every part).

This package file imports none of its modules, so importing one part never runs
the others first (tests/test_import_layers.py).
"""
