"""What the board layers drew, kept as a list of blits and fills, so a change repaints only where it shows.

Why: after a move, a roll or a door, most of the board looks as it did. The
layers are run against a :class:`RecordingSurface` that draws nothing and keeps
every ``blit``/``fblits``/``blits``/``fill`` with the clip it was made under.
The new list is compared with the last one: the rectangles of the operations
that differ are the only places where the picture can differ, so only they
are repainted, each from the kept ground (map and doors) up
through every operation that touches it, in the original order. The pixels
there are the ones a whole composition gives (blits and fills clip exactly;
tests/test_board_record.py checks it).

Lines can be recorded too (:meth:`RecordingSurface.line`): a clipped
``pygame.draw.line`` paints exactly the pixels the whole line paints there; and
a painter's own operation (:meth:`RecordingSurface.paint`, the square outlines
of ``cell_painter.py``: lines until their picture is worth making). A layer that calls ``pygame.draw`` itself (or
anything else that needs a real surface) cannot be recorded: the recording raises :class:`NotRecordable` and
the renderer composes the board whole, as it would without this module.
"""

from __future__ import annotations

from itertools import compress
from operator import lt, ne
from typing import Any, Iterable, Sequence

import pygame

Key = tuple[Any, ...]  # one operation, hashable: ("b", source, x, y, area, flags, clip), ("f", colour, rect,
# flags, clip), ("l", colour, a, b, width, clip) or ("p", painter, args, clip)

MAX_RECTS = 32  # more separate changes than this (after joining): repaint their common bounding box
WHOLE_SHARE = 0.6  # changes covering more of the board than this: repaint it whole


class NotRecordable(Exception):
    """A layer drew with something other than blits and fills."""


def unrecordable(exc: BaseException) -> bool:
    """Whether ``exc`` says only that a layer cannot be recorded (it used pygame's drawing functions,
    which take no :class:`RecordingSurface`), so the board is drawn whole: any other TypeError is a
    fault of the layer's own, to be told, not taken for that."""
    return isinstance(exc, NotRecordable) or (isinstance(exc, TypeError) and "RecordingSurface" in str(exc))


def _point(dest: Any) -> tuple[float, float]:
    if type(dest) is tuple:
        return dest if len(dest) == 2 else (dest[0], dest[1])
    if isinstance(dest, pygame.Rect) or hasattr(dest, "x") and hasattr(dest, "y"):
        return (dest.x, dest.y)
    return (dest[0], dest[1])


def _rect_tuple(rect: Any) -> tuple[int, int, int, int]:
    r = pygame.Rect(rect)
    return (r.x, r.y, r.w, r.h)


def blit_operation(source: pygame.Surface, pos: tuple[int, int], clip: pygame.Rect,
                   clip_t: tuple[int, int, int, int]) -> tuple[Key, pygame.Rect]:
    """One blit as :class:`RecordingSurface` keeps it (a layer that draws many may make them once)."""
    x, y = pos
    w, h = source.get_size()
    return ("b", source, x, y, None, 0, clip_t), pygame.Rect(int(x) - 1, int(y) - 1, w + 2, h + 2).clip(clip)


def line_operation(colour: tuple[int, ...], a: tuple[int, int], b: tuple[int, int], width: int, clip: pygame.Rect,
                   clip_t: tuple[int, int, int, int]) -> tuple[Key, pygame.Rect]:
    """One line as :class:`RecordingSurface` keeps it."""
    pad = width + 2
    box = pygame.Rect(min(a[0], b[0]) - pad, min(a[1], b[1]) - pad, abs(a[0] - b[0]) + 2 * pad + 1,
                      abs(a[1] - b[1]) + 2 * pad + 1).clip(clip)
    return ("l", colour, a, b, width, clip_t), box


class RecordingSurface:
    """Stands in for the board while the layers draw: keeps their blits and fills, draws nothing.

    It answers what layers ask of the board (size, rect, clip). ``pygame.draw``
    refuses it (it is no Surface), which the renderer reads as "compose whole".
    ``full``: how far a clip may reach (a drag records beyond the surface's edges).
    """

    def __init__(self, size: tuple[int, int], clip: pygame.Rect, full: pygame.Rect | None = None) -> None:
        self._size = size
        self._full = pygame.Rect(full) if full is not None else pygame.Rect(0, 0, *size)
        self._clip = pygame.Rect(clip).clip(self._full)
        self._clip_t = _rect_tuple(self._clip)
        self.keys: list[Key] = []
        self.boxes: list[pygame.Rect] = []

    # -- what layers may ask ---------------------------------------------------------
    def get_size(self) -> tuple[int, int]:
        return self._size

    def get_width(self) -> int:
        return self._size[0]

    def get_height(self) -> int:
        return self._size[1]

    def get_rect(self, **kwargs: Any) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self._size)
        for name, value in kwargs.items():
            setattr(rect, name, value)
        return rect

    def get_clip(self) -> pygame.Rect:
        return pygame.Rect(self._clip)

    def set_clip(self, rect: Any = None) -> None:
        self._clip = self._full.copy() if rect is None else pygame.Rect(rect).clip(self._full)
        self._clip_t = _rect_tuple(self._clip)

    def __getattr__(self, name: str) -> Any:
        raise NotRecordable(f"a board layer used Surface.{name}")

    # -- what is kept ------------------------------------------------------------------
    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        x, y = _point(dest)
        if area is not None:
            area = _rect_tuple(area)
            w, h = area[2], area[3]
        else:
            w, h = source.get_size()
        box = pygame.Rect(int(x) - 1, int(y) - 1, w + 2, h + 2).clip(self._clip)
        self.keys.append(("b", source, x, y, area, special_flags, self._clip_t))
        self.boxes.append(box)
        return box

    def fblits(self, seq: Iterable[Any], special_flags: int = 0) -> None:
        clip, keys, boxes = self._clip, self.keys, self.boxes
        clip_t = self._clip_t
        rect = pygame.Rect
        for source, dest in seq:
            x, y = dest if type(dest) is tuple and len(dest) == 2 else _point(dest)
            w, h = source.get_size()
            keys.append(("b", source, x, y, None, special_flags, clip_t))
            boxes.append(rect(int(x) - 1, int(y) - 1, w + 2, h + 2).clip(clip))

    def blits(self, seq: Iterable[Any], doreturn: Any = True) -> list[pygame.Rect] | None:
        out = [self.blit(*item) for item in seq]
        return out if doreturn else None

    def line(self, colour: tuple[int, ...], a: tuple[int, int], b: tuple[int, int], width: int = 1) -> None:
        """``pygame.draw.line`` on the board, kept (a clipped line paints the same pixels inside its clip)."""
        key, box = line_operation(colour, a, b, width, self._clip, self._clip_t)
        self.keys.append(key)
        self.boxes.append(box)

    def add(self, keys: list[Key], boxes: list[pygame.Rect]) -> None:
        """Operations made beforehand with :func:`blit_operation` / :func:`line_operation` for this clip."""
        self.keys.extend(keys)
        self.boxes.extend(boxes)

    def paint(self, painter: Any, args: tuple[Any, ...], box: pygame.Rect) -> None:
        """Kept as ``painter.replay(board, args, shift)`` (it paints the same pixels as drawing
        there now, inside any clip): what a painter draws its own way, like a square outline."""
        self.keys.append(("p", painter, args, self._clip_t))
        self.boxes.append(box.clip(self._clip))

    def clip_key(self) -> tuple[int, int, int, int]:
        """The clip operations made now are kept with (made beforehand, they must match it)."""
        return self._clip_t

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        colour = tuple(pygame.Color(color)) if not isinstance(color, int) else color
        target = self._clip.copy() if rect is None else pygame.Rect(rect)
        box = target.clip(self._clip)
        self.keys.append(("f", colour, _rect_tuple(target), special_flags, self._clip_t))
        self.boxes.append(box)
        return box


def changed_rects(old_keys: Sequence[Key], old_boxes: Sequence[pygame.Rect],
                  new_keys: Sequence[Key], new_boxes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """Where the new list of operations can paint differently from the old one.

    The lists are compared from both ends; between the common start and the
    common end, when both hold as many operations and only a few differ place by
    place, those mark their rectangles (every other place is the same operation
    in the same order); else the operations found in only one of the two mark their
    rectangles, as long as the operations found in both come in the same
    order (else every operation there marks its rectangle). Outside those
    rectangles every pixel sees the same operations in the same order, so it
    comes out the same.
    """
    if old_keys == new_keys:
        return []
    n_old, n_new = len(old_keys), len(new_keys)
    shortest = min(n_old, n_new)
    i = _common_start(old_keys, new_keys, shortest)
    j = _common_end(old_keys, new_keys, shortest - i)
    mid_old, mid_new = old_keys[i:n_old - j], new_keys[i:n_new - j]
    boxes_old, boxes_new = old_boxes[i:n_old - j], new_boxes[i:n_new - j]
    if n_old == n_new:  # as many as before: where they differ place by place, if the rest stand alike
        differ = list(compress(range(len(mid_old)), map(ne, mid_old, mid_new)))
        if len(differ) * 4 <= len(mid_old) + 4:  # (few: a token moved, a bar changed; else look closer)
            rects = [boxes_old[k] for k in differ] + [boxes_new[k] for k in differ]
            return [r for r in rects if r.w and r.h]
    found = _one_sided(mid_old, boxes_old, mid_new, boxes_new)
    # None: an operation twice (no telling which one moved), or the common ones reordered
    rects = found if found is not None else list(boxes_old) + list(boxes_new)
    return [r for r in rects if r.w and r.h]


def _one_sided(mid_old: Sequence[Key], boxes_old: Sequence[pygame.Rect], mid_new: Sequence[Key],
               boxes_new: Sequence[pygame.Rect]) -> list[pygame.Rect] | None:
    """The boxes of the operations found in only one of the two lists (the old ones', then the new
    ones'), or None when an operation is in a list twice or those found in both come in another
    order. Each operation is hashed once (a dict of the old ones' places, looked up for the new
    ones), not once per set made and per membership test: a step of the selected token changes
    a few hundred operations of its reach, and hashing them was most of the comparison."""
    place: dict[Key, int] = {}
    for k, key in enumerate(mid_old):
        place[key] = k
    if len(place) != len(mid_old):
        return None
    found = list(map(place.get, mid_new))  # each new operation's place in the old list (None: added)
    common = [k for k in found if k is not None]
    if not all(map(lt, common, common[1:])):  # (an operation twice in the new list repeats a place too)
        return None
    added = [k for k, at in enumerate(found) if at is None]
    if len(added) > 1 and len({mid_new[k] for k in added}) != len(added):
        return None
    kept = set(common)
    rects = [boxes_old[k] for k in range(len(mid_old)) if k not in kept]
    rects += [boxes_new[k] for k in added]
    return rects


def _common_start(a: Sequence[Key], b: Sequence[Key], most: int) -> int:
    """How many operations the two lists begin with alike, by halving with slice comparisons (at C
    speed, the same operation object passing at once: most of a list is kept from the last
    recording), not by comparing them one by one."""
    if a[:most] == b[:most]:
        return most
    lo, hi = 0, most  # a[:lo] == b[:lo], a[:hi] != b[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def _common_end(a: Sequence[Key], b: Sequence[Key], most: int) -> int:
    """How many operations the two lists end with alike (at most ``most``), as :func:`_common_start`."""
    na, nb = len(a), len(b)
    if a[na - most:] == b[nb - most:]:
        return most
    lo, hi = 0, most  # the last lo alike, the last hi not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[na - mid:na - lo] == b[nb - mid:nb - lo]:
            lo = mid
        else:
            hi = mid
    return lo


JOIN_WASTE = 1.25  # two rectangles are joined when their box is at most this much bigger than both


def join(rects: list[pygame.Rect], window: pygame.Rect, most: int) -> list[pygame.Rect]:
    """The rectangles inside ``window``, those inside another dropped, and two joined when their
    box is hardly bigger than both (a path preview's dots are in its line's box; the changed
    blocks of a reach along one side of it); their common box when more than ``most`` are left.
    Others may overlap: each is repainted from the bottom up, so the last one painted is right
    where they do. (Near ones that are not in line stay apart: the blocks round a reach's edge
    that a step changed joined into the reach's whole box, and the strips of a drag, a status
    line and a token at the top of the map into the whole window.)"""
    # The same rectangle twice (a changed blit's old and new box, a block of a reach cut again)
    # would only be joined into itself below, after a search each: dropped first.
    unique = {(r.x, r.y, r.w, r.h): r for r in (r.clip(window) for r in rects) if r.w and r.h}
    out = sorted(unique.values(), key=lambda r: -r.w * r.h)
    gone = pygame.Rect(0, 0, 0, 0)  # a joined one's place (it collides with nothing)
    for i in range(len(out)):
        a = out[i]
        if not a.w:
            continue
        grown = True
        while grown:  # join the others near it (a smaller one joins only within half its size) into it
            grown = False
            for j in a.inflate(a.w, a.h).collidelistall(out):
                b = out[j]
                if j == i or not b.w:
                    continue
                box = a.union(b)
                if box.w * box.h <= JOIN_WASTE * (a.w * a.h + b.w * b.h):
                    a = box
                    out[j] = gone
                    grown = True
        out[i] = a
    out = [r for r in out if r.w]
    if len(out) > most:
        return [out[0].unionall(out[1:])]
    return out


def merge(rects: list[pygame.Rect], limit: pygame.Rect) -> list[pygame.Rect] | None:
    """The changed rectangles as a few (:func:`join`); None when it is cheaper to repaint ``limit`` whole."""
    rects = join(rects, limit, MAX_RECTS)
    if sum(r.w * r.h for r in rects) > WHOLE_SHARE * limit.w * limit.h:
        return None
    return rects


def replay(board: pygame.Surface, keys: Sequence[Key], boxes: Sequence[pygame.Rect], area: pygame.Rect,
           only: Iterable[int] | None = None, shift: tuple[int, int] = (0, 0)) -> None:
    """Draw the recorded operations onto ``board`` inside ``area`` (all of them, or the indices ``only``),
    moved by ``shift`` (the map dragged since they were recorded: each with its clip)."""
    indices = range(len(keys)) if only is None else only
    dx, dy = shift
    batch: list[tuple[pygame.Surface, tuple[float, float]]] = []
    current: tuple[int, int, int, int] | None = None
    for i in indices:
        key = keys[i]
        clip_t = key[-1]
        if clip_t != current:
            if batch:
                board.fblits(batch)
                batch = []
            board.set_clip(area.clip(pygame.Rect(clip_t).move(dx, dy)))
            current = clip_t
        if key[0] == "b":
            _, source, x, y, src_area, flags, _ = key
            if src_area is None and not flags:
                batch.append((source, (x + dx, y + dy)))
                continue
            if batch:
                board.fblits(batch)
                batch = []
            board.blit(source, (x + dx, y + dy), src_area, flags)
        else:
            if batch:
                board.fblits(batch)
                batch = []
            if key[0] == "l":
                _, colour, a, b, width, _ = key
                pygame.draw.line(board, colour, (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy), width)
                continue
            if key[0] == "p":
                _, painter, args, _ = key
                painter.replay(board, args, shift)
                continue
            _, colour, rect, flags, _ = key
            board.fill(colour, pygame.Rect(rect).move(dx, dy), flags)
    if batch:
        board.fblits(batch)


def repaint(board: pygame.Surface, ground: pygame.Surface, keys: Sequence[Key], boxes: Sequence[pygame.Rect],
            rects: Iterable[pygame.Rect]) -> None:
    """Each rectangle painted afresh: the ground under it, then every operation that touches it."""
    for rect in rects:
        board.set_clip(rect)
        board.blit(ground, rect.topleft, rect)
        replay(board, keys, boxes, rect, rect.collidelistall(boxes))
    board.set_clip(None)
