"""Tactics: a battle map and referee's calculator for tabletop combat.

The rules live in :mod:`tactics.rules` (no pygame), the event-sourced encounter
engine in :mod:`tactics.engine`, map formats in :mod:`tactics.maps`, and the
pygame-ce window in :mod:`tactics.ui`.

While the app starts (its imports, the rules data, the first frame) Python's
cycle collector runs rarely: the start makes some 50,000 objects that live the
whole session (modules, classes, validators), and collecting every 700 new
objects walked them again and again, a tenth of the start (issue 12). The
window calls :func:`started` after its first frame, which puts the usual
schedule back; nothing is frozen or left uncollected, collections only come later.

Before any other module of the app is imported, :mod:`tactics.method_cache` is
installed: the dataclasses' generated methods are compiled once and kept in the
user's cache folder instead of at every start. :func:`started` writes what was new.
"""

import gc as _gc

from tactics import method_cache as _method_cache

__version__ = "0.1.0"

#: New objects between two young-generation collections while the app starts (Python's default: 700).
START_GC_THRESHOLD = 20_000
_USUAL_GC = _gc.get_threshold()
if _USUAL_GC[0] < START_GC_THRESHOLD:
    _gc.set_threshold(START_GC_THRESHOLD, *_USUAL_GC[1:])
_method_cache.install()


def started() -> None:
    """The first frame is shown: the cycle collector's usual schedule again (if still the start's)."""
    if _gc.get_threshold()[0] == START_GC_THRESHOLD:
        _gc.set_threshold(*_USUAL_GC)
    _method_cache.save()
