"""Whether pygame_gui is loaded: it is imported when a text box or a dialog is first made.

Why: the first frame (map, tokens, panels, the app's own toolbar) needs no pygame_gui,
and importing it with its manager was a sixth of the start (issue 12). Modules that
make pygame_gui widgets import it in the function that makes them; a handler of
pygame_gui's events asks :func:`gui_loaded` first: before anything made a manager,
no pygame_gui event can be pending, and the handler must not import it for nothing.
"""

from __future__ import annotations

import sys


def gui_loaded() -> bool:
    """True once pygame_gui is imported (a manager, a dialog or a text box was made)."""
    return "pygame_gui" in sys.modules


__all__ = ["gui_loaded"]
