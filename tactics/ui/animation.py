"""A small animation system for the board: grenade flights, blast flashes, trap flashes.

Why it exists: the window redraws only when something changed (a dirty flag,
see :mod:`tactics.ui.app`). An animation keeps the loop awake for its frames
through the screen's ``wake_ms()`` and draws itself in a live layer (above the
cached board), so nothing else has to know about it.

Time is injected: :class:`Animations` reads ``clock()`` (``pygame.time.get_ticks``
by default) when it draws; tests replace the clock or call :meth:`Animation.step`
and :meth:`Animation.finish`, so no test waits on real time.

What is drawn comes from the engine's events: a grenade follows
``Flight.points`` / ``heights`` (the ``grenade.thrown`` event's ``flight`` and
``heights``), with its shadow on the ground; a blast flashes on the
``hazard.blast`` squares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import pygame

from tactics.rules.grid import Cell, Point
from tactics.ui import theme

FRAME_MS = 16  # how soon the loop wakes for the next frame while something moves


class Animation:
    """One thing moving on the board for ``duration_ms``; drawn at its progress 0..1."""

    duration_ms: int = 600

    def __init__(self, duration_ms: int | None = None, delay_ms: int = 0) -> None:
        if duration_ms is not None:
            self.duration_ms = int(duration_ms)
        self.elapsed_ms = -int(delay_ms)
        self.on_done: list[Callable[[], None]] = []
        self._done_called = False

    @property
    def progress(self) -> float:
        if self.duration_ms <= 0:
            return 1.0
        return max(0.0, min(1.0, self.elapsed_ms / self.duration_ms))

    @property
    def started(self) -> bool:
        return self.elapsed_ms >= 0

    @property
    def done(self) -> bool:
        return self.elapsed_ms >= self.duration_ms

    def step(self, ms: int) -> None:
        """Advance by ``ms`` milliseconds (tests step it by hand)."""
        self.elapsed_ms += int(ms)
        self._maybe_done()

    def finish(self) -> None:
        """Jump to the end (a click skips the show; tests use it)."""
        self.elapsed_ms = max(self.elapsed_ms, self.duration_ms)
        self._maybe_done()

    def _maybe_done(self) -> None:
        if self.done and not self._done_called:
            self._done_called = True
            for fn in self.on_done:
                fn()

    def draw(self, surface: pygame.Surface, to_screen: Callable[[Point], tuple[int, int]], cell_px: int) -> None:
        raise NotImplementedError


class GrenadeFlight(Animation):
    """A grenade on its arc: ``points`` (grid units) with ``heights`` (squares), and its shadow."""

    def __init__(self, points: Iterable[Point], heights: Iterable[float], *, delay_ms: int = 0,
                 flight_ms: int | None = None) -> None:
        self.points = [(float(x), float(y)) for x, y in points]
        hs = [float(h) for h in heights]
        self.heights = hs if len(hs) == len(self.points) else [0.0] * len(self.points)
        if flight_ms:  # the engine's simulated flight (points evenly spaced in time), sped up to table pace
            duration = min(1600, max(350, int(flight_ms) * 2 // 3))
        else:
            length = sum(math.dist(a, b) for a, b in zip(self.points, self.points[1:]))
            duration = int(min(1400, max(350, 90 * length)))
        super().__init__(duration, delay_ms)

    def position(self) -> tuple[Point, float]:
        """Where the grenade is now (grid point) and how high (squares)."""
        if len(self.points) == 1:
            return self.points[0], 0.0
        f = self.progress * (len(self.points) - 1)
        i = min(int(f), len(self.points) - 2)
        t = f - i
        (x0, y0), (x1, y1) = self.points[i], self.points[i + 1]
        h = self.heights[i] + (self.heights[i + 1] - self.heights[i]) * t
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), h

    def draw(self, surface, to_screen, cell_px) -> None:
        if not self.started or self.done or not self.points:
            return
        (gx, gy), h = self.position()
        ground = to_screen((gx, gy))
        r = max(4, cell_px // 7)
        shadow = pygame.Surface((r * 4, r * 2), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (*theme.SHADOW, 120), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=ground))
        air = (ground[0], ground[1] - round(h * cell_px * 0.8))
        # a short trail along the path behind it
        trail = [to_screen(p) for p in self.points[: max(1, int(self.progress * (len(self.points) - 1))) + 1]]
        if len(trail) >= 2:
            pygame.draw.lines(surface, theme.GRENADE_TRAIL, False, trail[-6:], max(1, cell_px // 30))
        pygame.draw.circle(surface, theme.OUTLINE, air, r + 2)
        pygame.draw.circle(surface, theme.GRENADE_BODY, air, r)
        pygame.draw.circle(surface, theme.GRENADE_SHINE, (air[0] - r // 3, air[1] - r // 3), max(1, r // 3))


class Flash(Animation):
    """A burst of light over some squares (a blast) or at one point (a trap going off)."""

    def __init__(self, cells: Iterable[Cell], centre: Point, *, colour=theme.FLASH, delay_ms: int = 0,
                 duration_ms: int = 700) -> None:
        self.cells = frozenset((int(c[0]), int(c[1])) for c in cells)
        self.centre = (float(centre[0]), float(centre[1]))
        self.colour = tuple(colour)
        super().__init__(duration_ms, delay_ms)

    def draw(self, surface, to_screen, cell_px) -> None:
        if not self.started or self.done:
            return
        p = self.progress
        alpha = int(230 * (1.0 - p))
        tile = pygame.Surface((cell_px, cell_px), pygame.SRCALPHA)
        tile.fill((*self.colour, alpha // 2))
        surface.fblits([(tile, to_screen((c[0], c[1]))) for c in self.cells])
        c = to_screen(self.centre)
        radius = int(cell_px * (0.3 + 1.6 * p))
        ring = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
        centre = (radius + 4, radius + 4)
        pygame.draw.circle(ring, (255, 245, 200, alpha), centre, max(2, int(radius * 0.45 * (1 - p))))
        pygame.draw.circle(ring, (*self.colour, alpha), centre, radius, max(2, cell_px // 12))
        surface.blit(ring, ring.get_rect(center=c))


class Trail(Animation):
    """The path a mover walked before a trap stopped it, ending in a cross (R-TRAP-4)."""

    def __init__(self, points: Iterable[Point], *, duration_ms: int = 1600) -> None:
        self.points = [(float(x), float(y)) for x, y in points]
        super().__init__(duration_ms)

    def draw(self, surface, to_screen, cell_px) -> None:
        if not self.started or self.done or len(self.points) < 2:
            return
        alpha = int(255 * (1.0 - self.progress ** 2))
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pts = [to_screen(p) for p in self.points]
        pygame.draw.lines(layer, (255, 90, 70, alpha), False, pts, max(3, cell_px // 14))
        x, y = pts[-1]
        k = cell_px // 4
        pygame.draw.line(layer, (255, 240, 230, alpha), (x - k, y - k), (x + k, y + k), max(3, cell_px // 12))
        pygame.draw.line(layer, (255, 240, 230, alpha), (x - k, y + k), (x + k, y - k), max(3, cell_px // 12))
        surface.blit(layer, (0, 0))


@dataclass
class Animations:
    """The animations of one battle view; ticked from ``clock()`` each frame it draws."""

    clock: Callable[[], int] = pygame.time.get_ticks
    running: list[Animation] = field(default_factory=list)
    _last: int | None = None

    def add(self, animation: Animation) -> Animation:
        if not self.running:
            self._last = None  # the clock restarts with the first new animation
        self.running.append(animation)
        return animation

    def busy(self) -> bool:
        return any(not a.done for a in self.running)

    def tick(self) -> None:
        """Advance every animation by the time since the last tick; drop finished ones."""
        now = int(self.clock())
        if self._last is not None:
            dt = max(0, now - self._last)
            for a in list(self.running):
                a.step(dt)
        self._last = now
        self.running = [a for a in self.running if not a.done]

    def step(self, ms: int) -> None:
        for a in list(self.running):
            a.step(ms)
        self.running = [a for a in self.running if not a.done]

    def finish(self) -> None:
        """End every animation now (their ``on_done`` callbacks run)."""
        for a in list(self.running):
            a.finish()
        self.running = []

    def wake_ms(self) -> int | None:
        """When the loop must wake for the next frame (None: nothing moves)."""
        return int(self.clock()) + FRAME_MS if self.busy() else None

    def draw(self, surface: pygame.Surface, to_screen, cell_px: int, *, skip: Any = ()) -> None:
        """Draw every running animation but those in ``skip`` (the GM's only, on a players' view)."""
        self.tick()
        for a in self.running:
            if not any(a is s for s in skip):
                a.draw(surface, to_screen, cell_px)


__all__ = ["Animation", "Animations", "Flash", "GrenadeFlight", "Trail", "FRAME_MS"]
