"""Is the widget layer still changing? So a pointer resting on the toolbar costs no CPU.

Why: widgets change on their own clock (a hovered button's colour, a tool
tip that appears after a delay: the toolbar's, pygame_gui's). The app used to redraw at 30 fps the whole
time the pointer was over the toolbar (38% CPU while nothing moved). Now it
redraws only when what the widgets show changed, and sleeps until the next
thing that can change on its own (a pending tool tip) or, with nothing
pending, until the next event, like a bare window.
"""

from __future__ import annotations

from typing import Any

FRAME_MS = 33  # while a widget's colour transition runs
TOOLTIP_POLL_MS = 100  # the UI clock advances at most 0.1 s a step: poll a pending tool tip


def _shape_busy(element: Any) -> bool:
    shape = getattr(element, "drawable_shape", None)
    if shape is None:
        return False
    # Only a running colour transition changes what shows; the queue of other states pygame_gui
    # pre-renders in the background does not.
    state = getattr(shape, "active_state", None)
    return state is not None and getattr(state, "transition", None) is not None


class WidgetWatch:
    """Remembers what the widgets looked like at the last frame."""

    def __init__(self) -> None:
        self._last: tuple | None = None

    @staticmethod
    def signature(manager: Any, toolbar: Any = None) -> tuple:
        """What the widgets show: pygame_gui's (None: no manager made yet) and the toolbar's."""
        out: list[Any] = [toolbar.signature()] if toolbar is not None else []
        for element in manager.get_sprite_group().sprites() if manager is not None else ():
            out.append((id(element), getattr(element, "hovered", None), getattr(element, "is_selected", None),
                        getattr(element, "is_enabled", None), getattr(element, "tool_tip", None) is not None,
                        _shape_busy(element), getattr(element, "visible", None)))
        return tuple(out)

    def changed(self, manager: Any, toolbar: Any = None) -> bool:
        """True when a widget looks different from the last call (or is mid-animation)."""
        now = self.signature(manager, toolbar)
        moving = any(item[5] for item in now[1 if toolbar is not None else 0:])
        if now != self._last or moving:
            self._last = now
            return True
        return False

    def wake_ms(self, manager: Any, toolbar: Any = None) -> int | None:
        """How long the loop may sleep before a widget changes by itself (None: until an event)."""
        wake: int | None = None
        due = toolbar.wake_ms() if toolbar is not None else None
        if due is not None:
            wake = max(1, min(TOOLTIP_POLL_MS, int(due) + 1))
        for element in manager.get_sprite_group().sprites() if manager is not None else ():
            if _shape_busy(element):
                return FRAME_MS
            if getattr(element, "hovered", False) and getattr(element, "tool_tip", None) is None \
                    and getattr(element, "tool_tip_text", None):
                left = getattr(element, "tool_tip_delay", 1.0) - getattr(element, "hover_time", 0.0)
                ms = max(1, min(TOOLTIP_POLL_MS, int(left * 1000) + 1))
                wake = ms if wake is None else min(wake, ms)
        return wake
