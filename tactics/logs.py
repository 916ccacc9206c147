"""A module's logger, with :mod:`logging` imported only when something is said.

Why it exists (issue 12: start time): the autosaver, the save reader and the window's save
warnings log only when something goes wrong (a failed write, a damaged autosave, a game open
read-only elsewhere), yet importing :mod:`logging` at the top of each made every start pay
for it before the first frame. ``logger(__name__).warning(...)`` gives the same logger
(the same name, so the ``tactics`` command's handler and a test's ``caplog`` see it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging


def logger(name: str) -> logging.Logger:
    """``logging.getLogger(name)``, importing :mod:`logging` the first time it is asked for."""
    import logging  # (here, not above: see the module's docstring)

    return logging.getLogger(name)
