"""Tactics: a battle map and referee's calculator for tabletop combat.

The rules live in :mod:`tactics.rules` (no pygame), the event-sourced encounter
engine in :mod:`tactics.engine`, map formats in :mod:`tactics.maps`, and the
pygame-ce window in :mod:`tactics.ui`.
"""

__version__ = "0.1.0"
