"""pygame events translated once into the window's own intents.

Screens and tools never look at raw pygame events; they get these small
records, so tests and future input devices speak the same language.

Each is frozen (the screens an intent is routed to in turn all see it as it came) and made
without ``__eq__``/``__hash__`` (``eq=False``): an intent is read where it is routed, never
compared, hashed or kept as a key, and the two generated methods were compiled anew for
each of the ten kinds at every start (issue 12: start time).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

NO_BUTTONS = (False, False, False)  # a pointer move with no button held


@dataclass(frozen=True, eq=False)
class PointerMove:
    """The pointer moved (with the buttons held)."""

    pos: tuple[int, int]
    rel: tuple[int, int]
    buttons: tuple[bool, bool, bool]


@dataclass(frozen=True, eq=False)
class PointerDown:
    """A mouse button was pressed."""

    pos: tuple[int, int]
    button: int  # 1 left, 2 middle, 3 right
    mods: int


@dataclass(frozen=True, eq=False)
class PointerUp:
    """A mouse button was released."""

    pos: tuple[int, int]
    button: int
    mods: int


@dataclass(frozen=True, eq=False)
class Wheel:
    """The mouse wheel turned."""

    pos: tuple[int, int]
    steps: float  # positive: away from the user (zoom in)
    mods: int


@dataclass(frozen=True, eq=False)
class KeyPress:
    """A key was pressed (with the modifiers held and the text it types)."""

    key: int
    mods: int
    text: str = ""

    @property
    def ctrl(self) -> bool:
        return bool(self.mods & (pygame.KMOD_CTRL | pygame.KMOD_META))

    @property
    def shift(self) -> bool:
        return bool(self.mods & pygame.KMOD_SHIFT)


@dataclass(frozen=True, eq=False)
class KeyRelease:
    """A key was released."""

    key: int
    mods: int


@dataclass(frozen=True, eq=False)
class FileDropped:
    """A file was dropped on the window."""

    path: str


@dataclass(frozen=True, eq=False)
class Resized:
    """The window has a new size."""

    size: tuple[int, int]


@dataclass(frozen=True, eq=False)
class QuitRequested:
    """The window was asked to close (its close button, the system)."""

    pass


@dataclass(frozen=True, eq=False)
class Exposed:
    """The window needs repainting (uncovered, restored, focus changed)."""


Intent = PointerMove | PointerDown | PointerUp | Wheel | KeyPress | KeyRelease | FileDropped | Resized | QuitRequested | Exposed


class Translator:
    """Turns pygame events into intents; remembers the pointer for wheel events."""

    def __init__(self) -> None:
        self.pointer: tuple[int, int] = (-1, -1)  # not over the window yet

    def translate(self, event: pygame.event.Event) -> Intent | None:
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            return PointerMove(tuple(event.pos), tuple(getattr(event, "rel", (0, 0))), tuple(getattr(event, "buttons", NO_BUTTONS)))
        if t == pygame.MOUSEBUTTONDOWN:
            self.pointer = tuple(event.pos)
            if event.button in (4, 5):  # old-style wheel; MOUSEWHEEL handles it
                return None
            return PointerDown(tuple(event.pos), event.button, pygame.key.get_mods())
        if t == pygame.MOUSEBUTTONUP:
            self.pointer = tuple(event.pos)
            if event.button in (4, 5):
                return None
            return PointerUp(tuple(event.pos), event.button, pygame.key.get_mods())
        if t == pygame.MOUSEWHEEL:
            steps = getattr(event, "precise_y", event.y) or event.y
            if getattr(event, "flipped", False):
                steps = -steps
            return Wheel(self.pointer, float(steps), pygame.key.get_mods())
        if t == pygame.KEYDOWN:
            return KeyPress(event.key, getattr(event, "mod", 0), getattr(event, "unicode", ""))
        if t == pygame.KEYUP:
            return KeyRelease(event.key, getattr(event, "mod", 0))
        if t == pygame.DROPFILE:
            return FileDropped(event.file)
        if t in (pygame.VIDEORESIZE,):
            return Resized((event.w, event.h))
        if t == pygame.WINDOWSIZECHANGED:
            return Resized((event.x, event.y))
        if t == pygame.QUIT:
            return QuitRequested()
        if t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.VIDEOEXPOSE,
                 pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE, pygame.WINDOWMAXIMIZED):
            return Exposed()
        return None
