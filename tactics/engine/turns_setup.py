"""Wiring individual turns into an encounter: importing this registers every event kind.

The modules below share one reducer (:data:`tactics.engine.turns.reducer`);
``encounter.py`` registers it, so a saved individual-mode fight replays.
"""

from __future__ import annotations

from tactics.engine import turns_actions, turns_interrupts, turns_view  # noqa: F401  (events, log lines)
from tactics.engine.turns import reducer

__all__ = ["reducer"]
