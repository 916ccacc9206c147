"""The window keeps last frame's pixels: a frame repaints only the rectangles that changed.

Why (issue 12): after a roll or a move most of the window looks as it did, yet
every frame blitted the whole board and drew every panel again. Now a frame is
drawn as a list of *parts* in order (the board with its live layers, then the
side card, the status line, the toolbar, the add-ons, pygame_gui...), each
with a *key* saying what it shows. :class:`Screen` remembers, per part, its
key and the rectangles it drew last frame (every ``blit``, ``fill`` and
``pygame.draw`` call is followed through a stand-in surface,
:class:`FrameSurface`). The next frame:

1. the board is brought up to date; it says where its picture changed
   (the recording's diff, ``render.BoardFrame``);
2. the live layers (cursor, previews) and every part whose key changed are
   drawn on a scratch surface only to learn where they draw now;
3. the damage is where the board changed, where the live layers drew last
   frame and draw now, and where a changed part drew last frame and draws now;
4. each damaged rectangle is painted afresh, clipped to it: the board's
   pixels, the live layers, then every part that touches it, in order. Every
   pixel there is what a whole frame draws; every pixel elsewhere shows the
   same things as last frame, so it is left as it is.

A whole frame is drawn instead whenever something cannot be followed: a part
without a key draws something (a pygame_gui window or dialog, an add-on's
panel: the GM menu, the set-up panel; the combat and turns panels, the message
banner, the players' view pill, the hot-seat banner and the saving warning have
keys: an add-on's ``draw_key``), another screen is
on top or at the bottom (help, the starship screen), the window was resized,
the board was composed whole (a zoom, the end of a drag), the layout probe
is recording, or a part drew in a way the stand-in cannot follow
(:class:`Untracked`). Correctness never depends on luck: tests/test_retained_screen.py
compares every kind of partial frame with a fresh whole one, pixel for pixel.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

import pygame

from tactics.ui import board_record
from tactics.ui import layout_probe as probe
from tactics.ui import theme

T = TypeVar("T")
Draw = Callable[[Any], T]

_DRAW_FUNCTIONS = ("rect", "polygon", "circle", "ellipse", "arc", "line", "lines", "aaline", "aalines")
_ORIGINAL = {name: getattr(pygame.draw, name) for name in _DRAW_FUNCTIONS}
_EXACT_WHEN_CLIPPED = frozenset(_ORIGINAL[name] for name in ("line", "lines", "aaline", "aalines"))


class Untracked(Exception):
    """A part used the window in a way :class:`FrameSurface` cannot follow."""


class _Whole(Exception):
    """This frame must be drawn whole (raised while a partial frame is being measured; says why)."""


Op = tuple[tuple[Any, ...], "pygame.Rect | None"]  # (operation, the rectangle it drew in; None: a clip change)


def _frozen(value: Any) -> Any:
    """An argument kept for replaying: a copy of a Rect or list (a caller may change it later)."""
    if isinstance(value, pygame.Rect):
        return pygame.Rect(value)
    if isinstance(value, list):
        return tuple(value)
    return value


class FrameSurface:
    """Stands in for the window while a part draws: draws on ``target`` inside ``bound`` (None: the
    whole window) and keeps every drawing call as an operation with the rectangle it drew in
    (``ops``), so it can be replayed in another frame (:func:`replay`) without running the part.

    A part's own ``set_clip`` is kept inside ``bound``. Anything but reading the surface, blits,
    fills and ``pygame.draw`` (inside :func:`tracked_drawing`) raises :class:`Untracked`.
    """

    def __init__(self, target: pygame.Surface, bound: pygame.Rect | None = None, *, measure: bool = False) -> None:
        self.target = target
        self.bound = bound
        self.ops: list[Op] = []
        # ``measure``: the target is a scratch surface only measured on (never shown): a blit keeps
        # its operation and the rectangle it would draw in, its pixels are not drawn (a changed
        # panel's card and canvas were blitted twice a frame: measured, then repainted)
        self.measure = measure
        target.set_clip(bound)

    @property
    def rects(self) -> list[pygame.Rect]:
        return [rect for _, rect in self.ops if rect is not None]

    # -- reading -------------------------------------------------------------------------
    def get_size(self) -> tuple[int, int]:
        return self.target.get_size()

    def get_width(self) -> int:
        return self.target.get_width()

    def get_height(self) -> int:
        return self.target.get_height()

    def get_rect(self, **kwargs: Any) -> pygame.Rect:
        return self.target.get_rect(**kwargs)

    def get_clip(self) -> pygame.Rect:
        return self.target.get_clip()

    def get_flags(self) -> int:
        return self.target.get_flags()

    def get_bitsize(self) -> int:
        return self.target.get_bitsize()

    def get_bytesize(self) -> int:
        return self.target.get_bytesize()

    def map_rgb(self, colour: Any) -> int:
        return self.target.map_rgb(colour)

    def unmap_rgb(self, value: int) -> pygame.Color:
        return self.target.unmap_rgb(value)

    def set_clip(self, rect: Any = None) -> None:
        kept = None if rect is None else pygame.Rect(rect)
        self.ops.append((("c", kept), None))
        _clip_within(self.target, kept, self.bound)

    def __getattr__(self, name: str) -> Any:
        raise Untracked(f"Surface.{name} on the window")

    # -- drawing -------------------------------------------------------------------------
    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = (_blit_rect(self.target, source, dest, area) if self.measure
                else self.target.blit(source, dest, area, special_flags))
        if rect.w and rect.h:  # (pygame_gui's empty root container blits nothing)
            self.ops.append((("b", source, _frozen(dest), _frozen(area), special_flags), rect))
        return rect

    def fblits(self, seq: Any, special_flags: int = 0) -> None:
        for source, dest in seq:
            self.blit(source, dest, None, special_flags)

    def blits(self, seq: Any, doreturn: Any = True) -> list[pygame.Rect] | None:
        out = [self.blit(*item) for item in seq]
        return out if doreturn else None

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        drawn = self.target.fill(color, rect, special_flags)
        if drawn.w and drawn.h:
            self.ops.append((("f", color, _frozen(rect), special_flags), drawn))
        return drawn


def _blit_rect(target: pygame.Surface, source: pygame.Surface, dest: Any, area: Any) -> pygame.Rect:
    """The rectangle ``target.blit(source, dest, area)`` draws in, or one holding it (an area
    reaching past the source's edge draws less): its place and the area's size (the source's
    when None), cut by the target's clip. Never smaller: a repaint there covers what it drew."""
    x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
    w, h = source.get_size() if area is None else pygame.Rect(area).size
    return pygame.Rect(x, y, w, h).clip(target.get_clip())


class Drawn:
    """What one part (or the live layers) drew: its operations, their rectangles, the box of them
    all, and the shapes among them a clip can cut (see :meth:`Frame._areas`)."""

    __slots__ = ("ops", "rects", "box", "shapes")

    def __init__(self, ops: list[Op]) -> None:
        self.ops = ops
        self.rects = [rect for _, rect in ops if rect is not None]
        self.box = self.rects[0].unionall(self.rects[1:]) if self.rects else None
        self.shapes = [rect for op, rect in ops
                       if rect is not None and op[0] == "d" and op[1] not in _EXACT_WHEN_CLIPPED]

    def touches(self, area: pygame.Rect) -> bool:
        return self.box is not None and self.box.colliderect(area)


NOTHING = Drawn([])


def _clip_within(target: pygame.Surface, rect: pygame.Rect | None, bound: pygame.Rect | None) -> None:
    if rect is None:
        target.set_clip(bound)
    else:
        target.set_clip(rect.clip(bound) if bound is not None else rect)


def replay(target: pygame.Surface, ops: list[Op], area: pygame.Rect) -> None:
    """The operations kept by a :class:`FrameSurface`, drawn again on ``target`` inside ``area``
    (only those that drew there): the same pixels there as when they were first drawn."""
    target.set_clip(area)
    for op, rect in ops:
        kind = op[0]
        if kind == "c":
            _clip_within(target, op[1], area)
        elif rect is not None and rect.colliderect(area):
            if kind == "b":
                target.blit(op[1], op[2], op[3], op[4])
            elif kind == "f":
                target.fill(op[1], op[2], op[3])
            else:
                op[1](target, *op[2], **op[3])


def _tracking(fn: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
    rect_type = pygame.Rect

    def drawn(surface: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        if type(surface) is FrameSurface:
            rect = fn(surface.target, *args, **kwargs)
            if rect.w and rect.h:
                for a in args:  # (a plain loop: this runs for every shape a frame draws)
                    if type(a) is rect_type or type(a) is list:
                        args = tuple([_frozen(a) for a in args])
                        break
                surface.ops.append((("d", fn, args, kwargs), rect))
            return rect
        return fn(surface, *args, **kwargs)

    drawn.__doc__ = fn.__doc__
    return drawn


_TRACKING = {name: _tracking(fn) for name, fn in _ORIGINAL.items()}


_tracking_depth = [0]  # tracked_drawing() inside another (a kept canvas recorded inside a part)


@contextmanager
def tracked_drawing() -> Iterator[None]:
    """While inside, ``pygame.draw`` on a :class:`FrameSurface` draws on its target and is kept."""
    if not _tracking_depth[0]:
        for name, fn in _TRACKING.items():
            setattr(pygame.draw, name, fn)
    _tracking_depth[0] += 1
    try:
        yield
    finally:
        _tracking_depth[0] -= 1
        if not _tracking_depth[0]:
            for name, fn in _ORIGINAL.items():
                setattr(pygame.draw, name, fn)


# -- what changed between two drawings ---------------------------------------------------------
#: canvases (panels' own surfaces, drawn again in place each time) -> where they changed since a
#: frame last looked (None: anywhere); a blit of one is the same pixels only where it did not change
_changed: "weakref.WeakKeyDictionary[pygame.Surface, list[pygame.Rect] | None]" = weakref.WeakKeyDictionary()


_kept_canvases: "weakref.WeakSet[KeptCanvas]" = weakref.WeakSet()


def canvas_changed(surface: pygame.Surface, where: list[pygame.Rect] | None) -> None:
    """``surface`` (a canvas) was drawn again: changed in ``where`` (its own coordinates; None: all)."""
    if where is None:
        _changed[surface] = None
        return
    kept = _changed.get(surface, [])
    if kept is not None:
        _changed[surface] = kept + where
    else:
        _changed[surface] = None


def _with_clips(ops: list[Op]) -> list[tuple[Any, ...]]:
    """Each operation with the rectangle it drew in and the clip it drew under (equal triples: the
    same pixels)."""
    clip = None
    out = []
    for op, rect in ops:
        if op[0] == "c":
            clip = op[1]
        out.append((op, rect, clip))
    return out


def differing(old: list[Op], new: list[Op]) -> tuple[list[Op], list[Op], list[Op]]:
    """The operations of ``old`` and of ``new`` between their common start and end (what differs),
    and those of ``new`` in the common start and end (the same as drawn last time)."""
    a, b = _with_clips(old), _with_clips(new)
    start, n = 0, min(len(a), len(b))
    while start < n and a[start] == b[start]:
        start += 1
    end = 0
    while end < n - start and a[-1 - end] == b[-1 - end]:
        end += 1
    return old[start:len(old) - end], new[start:len(new) - end], new[:start] + new[len(new) - end:]


def changed_rects(old: list[Op], new: list[Op]) -> list[pygame.Rect]:
    """Where drawing ``new`` over what ``old`` drew changes pixels: every operation that differs,
    and where a canvas the same operations blit changed since (:func:`canvas_changed`). Every
    source but a canvas must be a picture never drawn on again (text, a row's picture, a card)."""
    gone, came, same = differing(old, new)
    out = [rect for _, rect in gone if rect is not None] + [rect for _, rect in came if rect is not None]
    for op, rect in same:
        if rect is None or op[0] != "b" or op[1] not in _changed:
            continue
        where = _changed[op[1]]
        if where is None:
            out.append(rect)
            continue
        dest, area = op[2], op[3]
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        area = pygame.Rect(area) if area is not None else None
        for changed in where:
            if area is not None:
                changed = changed.clip(area).move(-area.x, -area.y)
            moved = changed.move(x, y).clip(rect)
            if moved.w and moved.h:
                out.append(moved)
    return out


def seen(ops: list[Op]) -> None:
    """The canvases ``ops`` blit are shown as they are now: their changes so far are accounted for."""
    for op, _ in ops:
        if op[0] == "b" and op[1] in _changed:
            _changed[op[1]] = []


def grown(areas: list[pygame.Rect], shapes: list[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """``areas`` merged and grown until they cut none of ``shapes`` (a clipped ``pygame.draw.rect``
    outline is not the pixels of the whole one: see :meth:`Frame._areas`); [bounds] if they will not."""
    rects = [r for r in (rect.clip(bounds) for rect in areas) if r.w and r.h]
    if not rects:
        return []
    areas = merge(rects, bounds)
    for _ in range(MAX_GROW):
        more = False
        for i, area in enumerate(areas):
            for k in area.collidelistall(shapes):
                if not area.contains(shapes[k]):
                    area = area.union(shapes[k])
                    more = True
            areas[i] = area
        if not more:
            return areas
        areas = merge(areas, bounds)
    return [bounds]


def forget_kept_canvases() -> None:
    """Every kept canvas is drawn plainly next time (tests: a fresh frame to compare with)."""
    for kept in list(_kept_canvases):
        kept.forget()


class KeptCanvas:
    """A panel's canvas drawn again only where what it draws changed.

    Why (issue 12): a roll changed one name's hit points in a list of 60, and the tracker cleared
    and drew every row in view on its canvas again, then the window repainted the whole card. Here
    a drawing (``start``: the surface to draw on, then ``finish``) is first measured on a scratch
    surface: its operations, compared with the last drawing's, say where it differs (a row's new
    picture); only there is the canvas cleared and the operations drawn there replayed, and the
    frame is told where the canvas changed (:func:`canvas_changed`), so it repaints only there.
    The canvas then holds the pixels a fresh drawing makes wherever the two drawings can show.
    Anything the stand-in cannot follow, another size, other rows cleared, or the layout probe
    recording: drawn plainly, every row (:meth:`forget` makes the next one so too).
    """

    #: a canvas taller than this is drawn plainly, all its rows in view, each time (its scratch twin
    #: would double a long list's memory), but followed still: :meth:`patch` can mend it
    TALLEST = 4096

    def __init__(self) -> None:
        self._last: tuple[Any, ...] | None = None  # (canvas, its size, rows cleared, operations)
        self._scratch: pygame.Surface | None = None
        self._now: tuple[Any, ...] | None = None
        _kept_canvases.add(self)

    def forget(self) -> None:
        self._last = None

    def canvas(self) -> pygame.Surface | None:
        """The canvas of the last drawing followed (None: drawn plainly, not known)."""
        return self._last[0] if self._last is not None else None

    def abandon(self) -> None:
        """The drawing begun could not be followed: the next one is drawn plainly."""
        self._last, self._now = None, None

    def start(self, canvas: pygame.Surface, rows: list[tuple[int, int]], clear: Callable[[], None]) -> Any:
        """The surface to draw this drawing on (``clear``: clears ``rows`` of ``canvas`` for a plain one)."""
        last, size = self._last, canvas.get_size()
        if probe.active():
            self._last, self._now = None, None
            clear()
            canvas_changed(canvas, None)
            return canvas
        if last is not None and last[0] is canvas and last[1] == size and last[2] == rows and size[1] <= self.TALLEST:
            if self._scratch is None or self._scratch.get_size() != size:
                self._scratch = pygame.Surface(size, pygame.SRCALPHA)
            self._scratch.set_clip(None)
            surface = FrameSurface(self._scratch, measure=True)
        else:
            clear()
            surface = FrameSurface(canvas)
        self._now = (canvas, size, list(rows), surface)
        return surface

    def patch(self, canvas: pygame.Surface, swaps: list[tuple[pygame.Surface, Any, pygame.Surface]]) -> bool:
        """The last drawing on ``canvas`` again with some of its pictures swapped, without drawing
        it: each (picture, place, new picture) blitted there instead (a row whose words changed);
        the canvas brought up to it as :meth:`finish` does. False (nothing done) when the last
        drawing is not known or one of the pictures is not in it at that place."""
        last = self._last
        if last is None or last[0] is not canvas or self._now is not None or probe.active():
            return False
        ops = list(last[3])
        for old, place, new in swaps:
            for i, (op, rect) in enumerate(ops):
                if op[0] == "b" and op[1] is old and op[2] == place and op[3] is None:
                    if new.get_size() != old.get_size():
                        return False
                    ops[i] = (("b", new, op[2], op[3], op[4]), rect)
                    break
            else:
                return False
        _redraw_changed(canvas, last[3], ops)
        self._last = (last[0], last[1], last[2], ops)
        return True

    def finish(self) -> None:
        """The drawing is done: the canvas brought up to it (see the class)."""
        now, self._now = self._now, None
        if now is None:
            return
        canvas, size, rows, surface = now
        ops = surface.ops
        surface.target.set_clip(None)
        last = self._last
        self._last = (canvas, size, rows, ops)
        if not surface.measure:  # drawn plainly on the canvas
            canvas_changed(canvas, None)
            return
        assert last is not None
        _redraw_changed(canvas, last[3], ops)


def _redraw_changed(canvas: pygame.Surface, before: list[Op], ops: list[Op]) -> None:
    """Bring ``canvas``, drawn by ``before``, up to ``ops``: only where they differ (grown over the
    outlines a clip would cut) is it cleared and ``ops`` replayed; the frame is told where."""
    shapes = [rect for op, rect in ops if rect is not None and op[0] == "d" and op[1] not in _EXACT_WHEN_CLIPPED]
    areas = grown(changed_rects(before, ops), shapes, canvas.get_rect())
    for area in areas:
        canvas.set_clip(area)
        canvas.fill(theme.CLEAR, area)
        replay(canvas, ops, area)
    canvas.set_clip(None)
    canvas_changed(canvas, areas)


MAX_GROW = 8  # rounds of growing the damage over operations it cuts (then the window is repainted whole)
MAX_AREAS = 32  # more separate rectangles than this: their common box is repainted


def merge(rects: list[pygame.Rect], window: pygame.Rect) -> list[pygame.Rect]:
    """The damage as a few rectangles (``board_record.join``: near ones join only when in line)."""
    return board_record.join(rects, window, MAX_AREAS)


class Frame:
    """One frame being drawn, whole or partial: the parts go through :meth:`part` and the board
    through :meth:`board`, in drawing order (``App.draw_parts``)."""

    def __init__(self, screen: "Screen", surface: pygame.Surface, partial: bool, plain: bool = False) -> None:
        self.screen = screen
        self.surface = surface
        self.partial = partial
        self.plain = plain  # the layout probe records: draw on the window itself, follow nothing
        self.order: list[tuple[str, Drawn]] = []  # the parts as drawn, with what they drew
        self.damage: list[pygame.Rect] = []
        self.board_frame: Any = None
        self.live: Drawn = NOTHING  # what the live layers drew this frame
        self.board_at: tuple = ((), (0, 0))  # the board's rectangle and the camera's origin this frame
        self.scrolled: tuple[int, int] | None = None  # a drag scrolled the board on the window by this
        self._before = dict(screen.parts)  # the parts as the last frame drew them
        self._untracked = False

    def _scratch(self) -> pygame.Surface:
        return self.screen.scratch(self.surface.get_size())

    # -- the board ---------------------------------------------------------------------------
    def board(self, renderer: Any, camera: Any, state: Any, viewer: str, *, clip: pygame.Rect, view: Any, key: Any,
              scroll: bool = False) -> None:
        """The board (``renderer.prepare``) and its live layers (``renderer.draw_live``)."""
        if self.plain:
            renderer.draw_cached(self.surface, camera, state, viewer, clip=clip, view=view, key=key, scroll=scroll)
            return
        shown = renderer.prepare(self.surface.get_size(), camera, state, viewer, clip=clip, view=view, key=key,
                                 scroll=scroll)
        self.board_frame = shown
        self.board_at = (tuple(clip), (round(camera.origin_x), round(camera.origin_y)))
        if not self.partial:
            self.surface.set_clip(None)
            shown.show(self.surface, clip)
            measured = FrameSurface(self.surface)
            with tracked_drawing():
                renderer.draw_live(measured, camera, state, viewer, clip=clip, view=view)
            self.live = Drawn(measured.ops)
            return
        if shown.damage is None and not shown.moving:
            raise _Whole("the board was composed whole")  # a zoom, the end of a drag: nothing is as it was
        measured = FrameSurface(self._scratch(), measure=True)
        with tracked_drawing():
            renderer.draw_live(measured, camera, state, viewer, clip=clip, view=view)
        self.live = Drawn(measured.ops)
        old_live = self.screen.live.rects
        if shown.damage is not None:
            self.damage += self.live.rects + old_live + shown.damage
            return
        last = self.screen.board_at
        dx, dy = self.board_at[1][0] - last[1][0], self.board_at[1][1] - last[1][1]
        if last[0] != tuple(clip) or abs(dx) >= clip.w // 2 or abs(dy) >= clip.h // 2:
            self.damage += [pygame.Rect(clip)]
            return
        # A drag: the window's board scrolled in place; what the pixels moved with it showed
        # besides the board (the live layers, the parts over it: see finish) is repainted where it
        # went and where it is now, and the strips the scroll uncovered get the board. Live layers
        # that drew what they drew last frame moved with the map (a cursor on the square under
        # the resting pointer) were carried to their place by the scroll: nothing to repaint.
        self.surface.set_clip(clip)
        self.surface.scroll(dx, dy)
        self.surface.set_clip(None)
        self.scrolled = (dx, dy)
        if moved_by(self.screen.live, self.live, dx, dy):
            self.screen.live_carried += 1
        else:
            self.damage += self.live.rects + [r.move(dx, dy).clip(clip) for r in old_live]
        self.damage += uncovered(clip, dx, dy)

    # -- the parts -------------------------------------------------------------------------
    def part(self, name: str, key: Any, draw: Draw[T], *, diff: bool = False,
             mend: Callable[[], bool] | None = None) -> T:
        """Draw the part ``name`` showing ``key`` (None: it says nothing of what it shows; a frame
        where it draws something is drawn whole). Returns what ``draw`` returns (in a partial
        frame with the key unchanged: what it returned when last drawn, and it is not run).

        ``diff``: drawn again, it repaints only where its operations differ from last time's and
        where the canvases they blit changed (:func:`changed_rects`): a part drawn with the widget
        kit only (texts, pictures, cards, canvases), whose other pictures are never drawn on again.
        ``mend`` (with ``diff``): in a partial frame where the key changed, asked first; True: the
        part brought its canvases up to the new key in place (:meth:`KeptCanvas.patch`) and draws
        as it drew last frame otherwise, so it is not run and only where they changed is repainted."""
        if self.plain:
            return draw(self.surface)
        key = None if key is None else (key, self.surface.get_size(), theme.scale())
        last = self.screen.parts.get(name)
        if not self.partial:
            measured = FrameSurface(self.surface)
            with tracked_drawing():
                value = draw(measured)
            self.surface.set_clip(None)
            drawn = Drawn(measured.ops)
            if key is None and drawn.rects:
                self._untracked = True
                self.screen.why_whole = f"{name} shows something without a key"
            self.screen.parts[name] = (key, drawn, value)
            self.order.append((name, drawn))
            if diff:
                seen(drawn.ops)
            return value
        if key is not None and last is not None and last[0] == key:
            self.order.append((name, last[1]))
            return last[2]
        if diff and mend is not None and key is not None and last is not None and mend():
            self.damage += changed_rects(last[1].ops, last[1].ops)  # (where its canvases changed)
            seen(last[1].ops)
            self.screen.parts[name] = (key, last[1], last[2])
            self.order.append((name, last[1]))
            return last[2]
        measured = FrameSurface(self._scratch(), measure=True)
        with tracked_drawing():
            value = draw(measured)
        measured.target.set_clip(None)
        drawn = Drawn(measured.ops)
        if key is None and drawn.rects:
            raise _Whole(f"{name} shows something without a key")  # nobody follows it
        if diff and last is not None:
            self.damage += changed_rects(last[1].ops, drawn.ops)
            seen(drawn.ops)
        else:
            if last is not None:
                self.damage += last[1].rects
            self.damage += drawn.rects
        self.screen.parts[name] = (key, drawn, value)
        self.order.append((name, drawn))
        return value

    # -- the end -----------------------------------------------------------------------------
    def _areas(self, window: pygame.Rect) -> list[pygame.Rect]:
        """The damage as a few rectangles, each grown until it cuts no shape drawn this frame (a
        clipped ``pygame.draw.rect`` outline is not the same pixels as the whole one there:
        pygame-ce 2.5.8 draws its edge on the clip's edge). Blits, fills and lines clip exactly."""
        shapes = self.live.shapes + [rect for _, drawn in self.order for rect in drawn.shapes]
        return grown(self.damage, shapes, window)

    def finish(self) -> None:
        """A partial frame: paint each damaged rectangle afresh: the board's pixels, then the live
        layers' and the parts' operations that drew there, replayed in order."""
        screen, surface = self.screen, self.surface
        drawn = {name for name, _ in self.order}
        for name in [name for name in screen.parts if name not in drawn]:  # a part gone since
            self.damage += screen.parts.pop(name)[1].rects
        if self.scrolled is not None:  # the parts over the board: where they are, where their pixels went
            dx, dy = self.scrolled
            board = self.board_frame.clip
            for _, part in self.order:
                self.damage += [rect.clip(board) for rect in part.rects if part.touches(board)]
            for _, part, _ in self._before.values():
                self.damage += [rect.clip(board).move(dx, dy).clip(board) for rect in part.rects if part.touches(board)]
        areas = self._areas(surface.get_rect())
        shown = self.board_frame
        for area in areas:
            on_board = area.clip(shown.clip) if shown is not None else pygame.Rect(0, 0, 0, 0)
            if on_board.w and on_board.h:
                surface.set_clip(on_board)
                shown.show(surface, on_board)
                if self.live.touches(on_board):
                    replay(surface, self.live.ops, on_board)
            for _, part in self.order:
                if part.touches(area):
                    replay(surface, part.ops, area)
        surface.set_clip(None)
        screen.live = self.live
        screen.board_at = self.board_at
        screen.repainted = areas


def moved_by(old: Drawn, new: Drawn, dx: int, dy: int) -> bool:
    """Did ``new`` draw exactly what ``old`` drew, moved by (dx, dy)? Each operation the same but
    for its place, and each rectangle drawn the old one moved (none cut otherwise by a clip): then
    the old pixels scrolled by (dx, dy) are the new ones. A clip set must be the same one; in
    doubt (a value that may or may not be a place), no."""
    if len(old.ops) != len(new.ops):
        return False
    for (a, drew_a), (b, drew_b) in zip(old.ops, new.ops):
        kind = a[0]
        if kind == "c":  # a clip set: the same one (the board's), as every rectangle below is its old one moved
            if a != b:
                return False
            continue
        if kind != b[0] or drew_a is None or drew_b is None or drew_b != drew_a.move(dx, dy):
            return False
        if kind == "b":  # (source, place, area, flags)
            if a[1] is not b[1] or a[3] != b[3] or a[4] != b[4] or not _moved(a[2], b[2], dx, dy):
                return False
        elif kind == "f":  # (colour, rect, flags)
            if a[1] != b[1] or a[3] != b[3] or a[2] is None or not _moved(a[2], b[2], dx, dy):
                return False
        else:  # pygame.draw: (function, (colour, places and sizes...), keywords)
            args_a, args_b = a[2], b[2]
            if a[1] is not b[1] or a[3] != b[3] or len(args_a) != len(args_b) or not args_a or \
                    args_a[0] != args_b[0] or not all(_moved(x, y, dx, dy) for x, y in zip(args_a[1:], args_b[1:])):
                return False
    return True


def _moved(a: Any, b: Any, dx: int, dy: int) -> bool:
    """An argument of last frame's operation and this frame's: a place (a point, a rectangle, a list
    of points) moved by (dx, dy), or any other value the same (a width, a radius, an angle)."""
    if isinstance(a, pygame.Rect) or isinstance(b, pygame.Rect):
        try:
            return pygame.Rect(a).move(dx, dy) == pygame.Rect(b)
        except TypeError:
            return False
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        if len(a) != len(b):
            return False
        if a and all(isinstance(v, (tuple, list)) for v in a):  # a list of points
            return all(_moved(p, q, dx, dy) for p, q in zip(a, b))
        if len(a) in (2, 4) and all(isinstance(v, (int, float)) for v in (*a, *b)):  # a point, a rectangle
            return a[0] + dx == b[0] and a[1] + dy == b[1] and tuple(a[2:]) == tuple(b[2:])
        return False
    return a == b and type(a) is type(b)


def uncovered(clip: pygame.Rect, dx: int, dy: int) -> list[pygame.Rect]:
    """What scrolling ``clip`` by (dx, dy) leaves uncovered (the window's board here, the cached
    board in ``render``'s pan)."""
    out = []
    if dx:
        out.append(pygame.Rect(clip.left if dx > 0 else clip.right + dx, clip.top, abs(dx), clip.height))
    if dy:
        out.append(pygame.Rect(clip.left, clip.top if dy > 0 else clip.bottom + dy, clip.width, abs(dy)))
    return out


class Screen:
    """What the window showed last frame: each part's key and rectangles, the live layers'
    rectangles. ``App.draw`` asks it to draw each frame (:meth:`draw`)."""

    def __init__(self) -> None:
        self.parts: dict[str, tuple[Any, Drawn, Any]] = {}  # name -> (key, what it drew, what it returned)
        self.live: Drawn = NOTHING  # what the live layers drew last frame
        self.board_at: tuple = ((), (0, 0))  # the board's rectangle and the camera's origin last frame
        self.valid = False  # the window holds a frame drawn through this (else: draw whole)
        self._size: tuple[int, int] | None = None
        self._scratch: pygame.Surface | None = None
        self.partial_frames = 0  # frames drawn in part (tests, bench) ...
        self.whole_frames = 0  # ... and whole
        self.repainted: list[pygame.Rect] = []  # the last partial frame's rectangles
        self.why_whole = "first frame"  # why the last whole frame was not a partial one (tests, bench)
        self.live_carried = 0  # drag frames whose live layers the scroll carried (tests)

    def forget(self) -> None:
        """The next frame is drawn whole (tests; anything drawn on the window behind our back)."""
        self.valid = False

    def scratch(self, size: tuple[int, int]) -> pygame.Surface:
        """A surface the size of the window where a partial frame's parts are measured (never shown)."""
        if self._scratch is None or self._scratch.get_size() != size:
            display = pygame.display.get_surface()
            self._scratch = pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)
        return self._scratch

    def draw(self, surface: pygame.Surface, parts: Callable[[Frame], None], *, can_partial: bool = True) -> None:
        """Draw one frame with ``parts`` (a partial one when allowed and possible, else whole)."""
        if probe.active():
            parts(Frame(self, surface, partial=False, plain=True))
            self.valid = False
            self.whole_frames += 1
            return
        partial = can_partial and self.valid and self._size == surface.get_size()
        if not partial:
            self.why_whole = ("another screen" if not can_partial else "resized" if self.valid
                              else "an untracked part showed" if self._size else "first frame")
        if partial:
            frame = Frame(self, surface, partial=True)
            try:
                parts(frame)
                frame.finish()
                self.partial_frames += 1
                return
            except (_Whole, Untracked, TypeError) as exc:  # (TypeError: a C function given the stand-in)
                surface.set_clip(None)
                self.why_whole = str(exc)
        frame = Frame(self, surface, partial=False)
        self.parts = {}
        try:
            parts(frame)
        except (Untracked, TypeError):  # drawn on the window in a way nobody follows: draw it plainly
            surface.set_clip(None)
            self.valid = False
            self.whole_frames += 1
            parts(Frame(self, surface, partial=False, plain=True))
            return
        surface.set_clip(None)
        self.live = frame.live
        self.board_at = frame.board_at
        self._size = surface.get_size()
        self.valid = not frame._untracked
        self.whole_frames += 1


__all__ = ["Frame", "FrameSurface", "Screen", "Untracked", "replay", "tracked_drawing"]
