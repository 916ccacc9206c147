"""Tactics: a battle map and referee's calculator for tabletop combat.

The rules live in :mod:`tactics.rules` (no pygame), the event-sourced encounter
engine in :mod:`tactics.engine`, map formats in :mod:`tactics.maps`, and the
pygame-ce window in :mod:`tactics.ui`.

While the app starts (its imports, the rules data, the first frame) Python's
cycle collector does not run: the start makes some 50,000 objects that live the
whole session (modules, classes, validators), and collecting every 700 new
objects walked them again and again, a tenth of the start (issue 12); at one
collection every 20,000 there was still one, walking 20,000 objects (2 ms of a
110 ms start), so the start's schedule is one collection every 100,000, which the
start never reaches. The
window calls :func:`started` after its first frame, which freezes what the start
made (:func:`gc.freeze`: the collector no longer walks those objects; refcounting still
frees them) and puts the usual schedule back. Without the freeze, the first young
collection after the first frame walked the ~20,000 objects the start left in the
youngest generation (3-4 ms of the measured start), and every full collection after
walked all ~37,000 again. What the freeze keeps from the cycle collector: the start's
own cyclic garbage (~300 objects, throwaway classes and functions of the typing and
dataclass machinery, measured once), and the first encounter's battle view (a web of
cycles holding window-sized surfaces) only until another encounter replaces it: the
window then calls :func:`start_replaced`, which unfreezes everything so the old view
is collected as before.

Before any other module of the app is imported, :mod:`tactics.method_cache` is
installed: the dataclasses' generated methods are compiled once and kept in the
user's cache folder instead of at every start. :func:`started` writes what was new.
"""

import gc as _gc

#: New objects between two young-generation collections while the app starts (Python's default: 700).
START_GC_THRESHOLD = 100_000
_USUAL_GC = _gc.get_threshold()
if _USUAL_GC[0] < START_GC_THRESHOLD:  # before any import: the method cache's own imports make thousands
    _gc.set_threshold(START_GC_THRESHOLD, *_USUAL_GC[1:])

from tactics import method_cache as _method_cache  # noqa: E402  # (after the start's schedule is set)

__version__ = "0.1.0"

_method_cache.install()


def started() -> None:
    """The first frame is shown: what the start made frozen out of the cycle collector's walks, and
    its usual schedule again (once: if still the start's)."""
    if _gc.get_threshold()[0] == START_GC_THRESHOLD:
        _gc.freeze()
        _frozen_at_start.append(True)
        _gc.set_threshold(*_USUAL_GC)
    _method_cache.save()


#: [True] while what :func:`started` froze is frozen
_frozen_at_start: list[bool] = []


def start_replaced() -> None:
    """The first encounter's view is closed (another file opened, an autosave restored): what the
    start froze is given back to the cycle collector, or the closed view and its surfaces would
    never be freed (once; nothing if nothing was frozen)."""
    if _frozen_at_start:
        _frozen_at_start.clear()
        _gc.unfreeze()
