"""The one kit of drawn widgets: click regions, cards, text, buttons, pills, pips.

Why hand-made beside pygame_gui: the combat panels, the starship screen, the
builder's panel and the GM menu are drawn anew every frame over the map, at
sizes that follow the window's scale (large type for a projector), and every
text and button they draw is reported to the layout probe
(:mod:`tactics.ui.layout_probe`) so tests can check nothing overlaps or spills.
pygame_gui keeps what needs the keyboard focus and editing: the toolbar, text
boxes and the dialogs built around them (builder forms, table settings, save
and open dialogs).

Everything clickable is a :class:`Hotspot` recorded while drawing. A
:class:`Panel` (a card in the side column) records hotspots with an action, and
a click runs the one under the pointer; a screen (the starship screen) records
hotspots with a key and data in a :class:`Hotspots` and looks the pointer up
itself. Tests find a button by its key (``"advance"``, ``"weapon:silenced_pistol"``,
``"dlg.fire"``), the way a user finds it by its place on the screen.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

import pygame

from tactics.ui import layout_probe as probe
from tactics.ui import retained
from tactics.ui import theme
from tactics.ui.theme import fs, px

Colour = tuple[int, int, int]

ELLIPSIS = "…"

#: (fill, fill under the pointer, text, edge) of each kind of button
BUTTON_STYLES: dict[str, tuple[Colour, Colour, Colour, Colour]] = {
    "normal": (theme.CONTROL, theme.CONTROL_LIT, theme.TEXT, theme.CONTROL_EDGE),
    "primary": (theme.PRIMARY_BG, theme.PRIMARY_LIT, theme.INK, theme.ACCENT),  # dark on gold: read across a room
    "danger": (theme.DANGER_BG, theme.DANGER_LIT, theme.DANGER_TEXT, theme.DANGER_EDGE),
    "chip": (theme.CHIP_BG, theme.CHIP_LIT, theme.TEXT, theme.CHIP_EDGE),
    "on": (theme.ON_BG, theme.ON_LIT, theme.ON_TEXT, theme.ON_EDGE),  # the chosen one of a set
    "disabled": (theme.DISABLED_BG, theme.DISABLED_BG, theme.TEXT_DIM, theme.TRACK),
}


# -- click regions ---------------------------------------------------------------------

@dataclass
class Hotspot:
    """A clickable region drawn this frame: ``key`` says what it is, ``data`` which one,
    ``action`` what a click on it does (None: nothing, or the screen decides from the key)."""

    rect: pygame.Rect
    key: str
    data: dict[str, Any] = field(default_factory=dict)
    action: Callable[..., object] | None = None  # called with no arguments (``...``: a lambda may bind defaults)
    drawn: pygame.Rect | None = None  # a button lit under the pointer: its rectangle as drawn ...
    lit_by: tuple[int, int] | None = None  # ... and the pointer it was tested with there (see lit_buttons)


class Hotspots:
    """The click regions of one frame; the last one added is on top."""

    def __init__(self) -> None:
        self.items: list[Hotspot] = []

    def clear(self) -> None:
        self.items.clear()

    def add(self, rect: pygame.Rect | tuple[int, int, int, int], key: str, **data: Any) -> pygame.Rect:
        r = pygame.Rect(rect)
        self.items.append(Hotspot(r, key, data))
        return r

    def at(self, pos: tuple[int, int]) -> Hotspot | None:
        for spot in reversed(self.items):
            if spot.rect.collidepoint(pos):
                return spot
        return None

    def find(self, key: str, **data: Any) -> Hotspot | None:
        for spot in reversed(self.items):
            if spot.key == key and all(spot.data.get(k) == v for k, v in data.items()):
                return spot
        return None


@dataclass
class Panel:
    """A card on the screen that records its buttons (hotspots with an action) while it draws."""

    title: str = ""
    collapsed: bool = False
    rect: pygame.Rect | None = None
    hits: list[Hotspot] = field(default_factory=list)
    scroll: int = 0
    scrollable: bool = False
    # The canvas rows this frame can show (None: all): rows outside are laid out, not drawn
    # (see :meth:`in_view`; a list of 1000 names drew every row, most far below the card).
    view_rows: tuple[int, int] | None = None
    content_h: int = 0  # how tall the body was last drawn (the whole list's height: what scrolls)
    # draw_list's canvas, drawn again only where the list changed (retained.KeptCanvas), and the
    # scroll it was last drawn at (another scroll moves every row: the canvas is drawn afresh)
    _kept_canvas: Any = field(default=None, repr=False, compare=False)
    _kept_scroll: int | None = field(default=None, repr=False, compare=False)

    def begin(self) -> None:
        self.hits = []
        self.rect = None

    def hit(self, rect: pygame.Rect, key: str, action: Callable[..., object] | None,
            lit_by: tuple[int, int] | None = None) -> None:
        spot = Hotspot(pygame.Rect(rect), key, action=action)
        if lit_by is not None:
            spot.drawn, spot.lit_by = pygame.Rect(rect), (lit_by[0], lit_by[1])
        self.hits.append(spot)

    def in_view(self, top: int, bottom: int) -> bool:
        """Whether canvas rows ``top`` to ``bottom`` can show this frame (:attr:`view_rows`)."""
        rows = self.view_rows
        return rows is None or (bottom > rows[0] and top < rows[1])

    def draw_list(self, surface: pygame.Surface, x: int, y: int, width: int, max_h: int,
                  head: Callable[[pygame.Surface, pygame.Rect], int],
                  rows: Callable[[pygame.Surface, pygame.Rect, int], int]) -> pygame.Rect:
        """A card at (x, y) at most ``max_h`` tall whose body may be a long list: ``head(canvas,
        rect)`` draws the title row at the top and returns its bottom; ``rows(canvas, rect, top)``
        draws the list from ``top`` down and returns the bottom of its last row.

        The canvas is the card's size, never the list's (a canvas as tall as the list was ~150 MB
        for 1000 names at 4K, 0.8 GB for 5000). ``rows`` draws at the scroll: its ``rect`` and
        ``top`` come moved up by it (``rect.y`` is minus the scroll: a row at canvas ``y`` is row
        ``y - rect.y`` of the whole list), so the rows in view land on the canvas, under the title
        row, where :meth:`finish` shows them; only those are drawn (:meth:`in_view`, in canvas
        rows), the others are laid out and their buttons recorded at their real places (clicks
        on a scrolled list hit the row under the pointer, the last buttons are scrolled to).
        Drawn again (rarely) when the scroll had to be cut back to the list's end.

        The canvas is kept (:class:`retained.KeptCanvas`): drawn again at the same scroll, only
        where the drawing's operations differ is it cleared and drawn (a roll: one row), and a
        row's picture can be swapped in place (``KeptCanvas.patch``: the tracker's mend); at
        another scroll every row moved, so it is drawn afresh."""
        card_h = max(px(60), max_h)
        kept = self._kept_canvas
        if kept is None:
            kept = self._kept_canvas = retained.KeptCanvas()
        for _ in range(4):  # (once, but for a scroll past the end cut back, or a list that shrank to fit)
            scroll = self.scroll = int(self.scroll)
            drawn = canvas(self, (width, card_h), rows=[], kept=True)  # (cleared where the kept canvas says)
            band = [(0, card_h)]

            def clear(drawn: pygame.Surface = drawn) -> None:
                drawn.fill(theme.CLEAR, pygame.Rect(0, 0, width, card_h))

            if self._kept_scroll != scroll:  # every row moved: drawn plainly (a diff would find them all)
                kept.forget()
            self._kept_scroll = scroll
            target = kept.start(drawn, band, clear)
            try:
                with retained.tracked_drawing():
                    fixed, bottom = self._draw_rows(target, drawn.get_rect(), card_h, scroll, head, rows)
                kept.finish()
            except (retained.Untracked, TypeError):  # drawn in a way the stand-in cannot follow: plainly
                kept.abandon()
                drawn.set_clip(None)
                clear()
                retained.canvas_changed(drawn, None)
                fixed, bottom = self._draw_rows(drawn, drawn.get_rect(), card_h, scroll, head, rows)
            content = bottom + px(8)
            height = min(max_h, content)
            self.content_h = content
            # (a list that now fits shows from its top: drawn again at scroll 0, its rows there were skipped)
            self.scroll = self.shown_scroll(height, content, fixed)
            if self.scroll == scroll:
                break
        self.view_rows = None
        return self.finish(surface, drawn, x, y, width, height, content=content, fixed=fixed, drawn_at=scroll)

    def _draw_rows(self, target: Any, rect: pygame.Rect, card_h: int, scroll: int,
                   head: Callable[[Any, pygame.Rect], int],
                   rows: Callable[[Any, pygame.Rect, int], int]) -> tuple[int, int]:
        """One drawing of :meth:`draw_list`'s card on ``target`` (its canvas, or the kept canvas's
        stand-in for it) at ``scroll``: (the bottom of the title row, the bottom of the list in
        the whole list's rows). The list's buttons are moved to their places in the whole list."""
        self.begin()
        self.view_rows = (0, card_h)
        fixed = head(target, rect)
        first = len(self.hits)
        if scroll:  # the rows above the view would land on the title row: they are not drawn
            target.set_clip(pygame.Rect(0, fixed, rect.width, card_h - fixed))
            self.view_rows = (fixed, card_h)
        try:
            bottom = rows(target, rect.move(0, -scroll), fixed - scroll) + scroll
        finally:
            if scroll:
                target.set_clip(None)
        for h in self.hits[first:]:  # the list's buttons at their places in the whole list (see finish)
            h.rect.move_ip(0, scroll)
        return fixed, bottom

    def shown_scroll(self, height: int, content: int, fixed: int) -> int:
        """The scroll :meth:`finish` shows a card ``height`` tall holding ``content`` with."""
        if content <= height + px(2):
            return 0
        return max(0, min(self.scroll, content - fixed - (height - fixed - px(6))))

    def button_rect(self, key: str) -> pygame.Rect | None:
        for h in self.hits:
            if h.key == key:
                return h.rect
        return None

    def keys(self) -> list[str]:
        return [h.key for h in self.hits]

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the button under ``pos``; True if the click landed on this panel."""
        if self.rect is None or not self.rect.collidepoint(pos):
            return False
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos) and h.action is not None:
                h.action()
                return True
        return True

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect is not None and self.rect.collidepoint(pos)

    def toggle(self) -> None:
        self.collapsed = not self.collapsed

    def scroll_by(self, steps: float) -> bool:
        """The wheel over the panel: scroll its body (True if the panel scrolls at all)."""
        if not self.scrollable:
            return False
        self.scroll = max(0, self.scroll - int(round(steps * px(60))))  # (whole pixels: a precise wheel gives 0.5)
        return True

    def finish(self, surface: pygame.Surface, canvas: pygame.Surface, x: int, y: int, width: int,
               height: int, *, content: int | None = None, fixed: int = 0, drawn_at: int = 0) -> pygame.Rect:
        """Show the drawn ``canvas`` as a card ``height`` tall at (x, y); the buttons recorded
        while drawing move there too. The card's rectangle.

        When the drawing (``content`` pixels tall) is taller than the card, the part below
        ``fixed`` (the title row) scrolls with the wheel: a scroll bar on the right says so,
        and only the buttons in view can be clicked. ``drawn_at``: the canvas's rows below
        ``fixed`` were drawn moved up by this much (:meth:`draw_list` draws at the scroll);
        the buttons are recorded where they are in the whole drawing, whatever it is.
        """
        name = self.title or type(self).__name__
        final = pygame.Rect(x, y, width, height)
        card(surface, final)
        self.scrollable = content is not None and content > height + px(2)
        if content is None or not self.scrollable:
            self.scroll = 0
            surface.blit(canvas, (x, y), (0, 0, width, height))
            probe.panel(surface, final, name)
            probe.composite(canvas, surface, (x, y), pygame.Rect(0, 0, width, height), name=name)
            for h in self.hits:
                h.rect.move_ip(x, y)
            self.rect = final
            return final
        view_h = height - fixed - px(6)
        self.scroll = self.shown_scroll(height, content, fixed)
        surface.blit(canvas, (x, y), (0, 0, width, fixed))
        surface.blit(canvas, (x, y + fixed), (0, fixed + self.scroll - drawn_at, width, view_h))
        body = pygame.Rect(x, y + fixed, width, view_h)
        probe.panel(surface, final, name)
        probe.scrolled(canvas, surface, (x, y), fixed, self.scroll - drawn_at, body, name=name)
        for h in self.hits:
            if h.rect.y >= fixed:
                h.rect.move_ip(x, y - self.scroll)
                if not body.contains(h.rect):
                    h.action = None  # scrolled out of view: not clickable
            else:
                h.rect.move_ip(x, y)
        # the scroll bar: where the part in view sits in the whole
        track = pygame.Rect(final.right - px(7), body.y + px(2), px(4), body.height - px(4))
        rounded(surface, track, theme.TRACK, radius=px(2))
        total = max(1, content - fixed)
        thumb = pygame.Rect(track.x, track.y + track.height * self.scroll // total, track.width,
                            max(px(16), track.height * view_h // total))
        rounded(surface, thumb.clip(track), theme.ACCENT, radius=px(2))
        if self.scroll + view_h < content - fixed:  # a fade over the last row: more below
            fade = _fade((width - px(12), px(18)))
            surface.blit(fade, (x + px(2), body.bottom - fade.get_height()))
        self.rect = final
        return final


# -- surfaces --------------------------------------------------------------------------

#: a rounded rectangle taller or wider than this is drawn in place, not kept as a picture
ROUNDED_PICTURE_PX = 2048


def rounded(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, *, width: int = 0, radius: int = 0) -> None:
    """``pygame.draw.rect(surface, colour, rect, width, border_radius=radius)`` (an opaque colour),
    blitted from a picture of it kept per size and look: the same pixels, and a blit cut by a clip
    draws exactly its part, where a clipped outline may not (retained.py grows a repaint over any
    shape it cuts: a scroll bar or a group's frame cut by a changed row made most of a card's)."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    if rect.w > ROUNDED_PICTURE_PX or rect.h > ROUNDED_PICTURE_PX:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
        return
    surface.blit(_rounded(rect.size, tuple(colour), width, radius), rect.topleft)


@lru_cache(maxsize=64)
def _rounded(size: tuple[int, int], colour: tuple, width: int, radius: int) -> pygame.Surface:
    """The picture :func:`rounded` blits (never drawn on once made)."""
    picture = pygame.Surface(size, pygame.SRCALPHA)
    picture.fill(theme.CLEAR)
    pygame.draw.rect(picture, (*colour[:3], 255), picture.get_rect(), width, border_radius=radius)
    return picture


@lru_cache(maxsize=16)
def _fade(size: tuple[int, int]) -> pygame.Surface:
    """The fade over a scrolling card's last row (never drawn on once made: a frame may blit the
    one it blitted last frame, and it was made again, line by line, at every drawing)."""
    fade = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(size[1]):
        pygame.draw.line(fade, (*theme.CHROME, int(255 * i / size[1])), (0, i), (size[0], i))
    return fade


_cards: dict[tuple[Any, ...], pygame.Surface] = {}
#: each drawing panel's canvases (by ``id`` of the panel, held weakly: a closed window's go with it),
#: the last sizes it asked for, the most recent last
_canvases: dict[int, tuple[weakref.ref[object], OrderedDict[tuple[int, int], pygame.Surface]]] = {}
#: canvas sizes kept per panel: one a frame, and the one before (a panel that grows and shrinks back)
CANVAS_SIZES_KEPT = 2
#: a canvas taller than this is kept alone (a long list's was as tall as the list, ~150 MB for 1000 names
#: at 4K; :meth:`Panel.draw_list` now draws it at its scroll on a canvas the card's size)
TALL_CANVAS_PX = 8192


def card(surface: pygame.Surface, rect: pygame.Rect, *, accent: Colour | None = None,
         fill: Colour = theme.CHROME, edge: Colour = theme.CHROME_EDGE, alpha: int = 242,
         radius: int | None = None, width: int | None = None) -> None:
    """A card: rounded, with an edge (``accent``: a 2 px edge of that colour), slightly translucent
    by default; cached per size and look. ``radius`` defaults to the panels' corner."""
    radius = theme.PANEL_RADIUS if radius is None else radius
    width = (2 if accent else 1) if width is None else width
    key = (rect.size, accent, fill, edge, alpha, radius, width)
    bg = _cards.get(key)
    if bg is None:
        bg = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (*fill, alpha), bg.get_rect(), border_radius=radius)
        if width:
            pygame.draw.rect(bg, (*(accent or edge), 255), bg.get_rect(), width, border_radius=radius)
        if len(_cards) > 64:
            _cards.clear()
        _cards[key] = bg
    surface.blit(bg, rect.topleft)


def canvas(owner: object, size: tuple[int, int], *, room: int = 1,
           rows: list[tuple[int, int]] | None = None, kept: bool = False) -> pygame.Surface:
    """A cleared transparent surface for one panel to draw on, reused between frames
    (``room`` times as tall as asked: a panel that scrolls draws all of its body).

    Kept per panel, for its last :data:`CANVAS_SIZES_KEPT` sizes, and only while the panel
    lives: cached by size alone (32 of them), a few resizes at 3840x2160 kept 30 canvases of
    closed windows and old sizes alive, 110 MB (in the tests, a worker's 4K peak).

    ``rows``: only these bands of rows (top, bottom) are cleared, the only ones the panel draws
    on and shows this frame (a long list's canvas is tall; clearing all of it cost more than
    drawing what shows).

    The frame is told the canvas may have changed anywhere (``retained.canvas_changed``) unless
    ``kept``: a :class:`retained.KeptCanvas` draws on it and says where."""
    size = (size[0], size[1] * room)
    entry = _canvases.get(id(owner))
    if entry is None or entry[0]() is not owner:  # a new panel (or a dead one's id reused)
        for key in [k for k, (ref, _) in _canvases.items() if ref() is None]:
            del _canvases[key]
        entry = _canvases[id(owner)] = (weakref.ref(owner), OrderedDict())
    sizes = entry[1]
    surf = sizes.get(size)
    if surf is None:
        if size[1] > TALL_CANVAS_PX:  # (hundreds of MB at 4K): no older size kept beside it
            sizes.clear()
        surf = sizes[size] = pygame.Surface(size, pygame.SRCALPHA)
        while len(sizes) > CANVAS_SIZES_KEPT:
            sizes.popitem(last=False)
    else:
        sizes.move_to_end(size)
    if rows is None:
        surf.fill(theme.CLEAR)
    else:
        for top, bottom in rows:
            surf.fill(theme.CLEAR, pygame.Rect(0, top, size[0], max(0, bottom - top)))
    probe.forget(surf)
    if not kept:
        retained.canvas_changed(surf, None)
    return surf


class Pictures:
    """Pictures of a panel's rows, each kept while what it shows (its key) is unchanged.

    Why (issue 12): after a roll the tracker drew its 60 rows again, text by text, to change one
    number. A row is drawn once on a transparent picture of its own by ``draw(surface, x, y)``
    (the row's top left at x, y) and blitted after; a row drawn on a cleared canvas and a
    picture of it blitted there are the same pixels (tests/test_panel_rows.py). While the
    layout probe records, rows are drawn in place (it follows every text drawn).
    ``key`` must hold everything ``draw`` reads.
    """

    #: pictures kept (then all dropped): a card shows a few dozen rows and buttons, each in a few
    #: looks; a 4K row is ~170 KB, so 4096 of them could have held 700 MB
    LIMIT = 512

    def __init__(self) -> None:
        self._kept: dict[Any, pygame.Surface] = {}
        _pictures.add(self)

    def blit(self, surface: pygame.Surface, pos: tuple[int, int], size: tuple[int, int], key: Any,
             draw: Callable[[pygame.Surface, int, int], object]) -> None:
        if probe.active():
            draw(surface, pos[0], pos[1])
            return
        surface.blit(self.picture(size, key, draw), pos)

    def picture(self, size: tuple[int, int], key: Any, draw: Callable[[pygame.Surface, int, int], object]) -> pygame.Surface:
        """The kept picture of a row showing ``key`` (drawn now if not kept); never drawn on after."""
        key = (key, size, theme.scale())
        img = self._kept.get(key)
        if img is None:
            img = pygame.Surface(size, pygame.SRCALPHA)
            draw(img, 0, 0)
            if len(self._kept) >= self.LIMIT:
                self._kept.clear()
            self._kept[key] = img
        return img

    def clear(self) -> None:
        self._kept.clear()


_pictures: weakref.WeakSet[Pictures] = weakref.WeakSet()
_faces = Pictures()  # every button face drawn (button_face)


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under a modal dialog)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def dialog_card(surface: pygame.Surface, hotspots: Hotspots, size: tuple[int, int], edge: Colour,
                margin: tuple[int, int] = (60, 70)) -> pygame.Rect:
    """A modal dialog's card: the screen shaded, the card centred, at most ``size`` and
    ``margin`` (at scale 1) smaller than the screen, clicks on it caught (hotspot ``dlg.card``)."""
    margin = (px(margin[0]), px(margin[1]))
    shade(surface)
    w, h = surface.get_size()
    rect = pygame.Rect(0, 0, min(size[0], w - margin[0]), min(size[1], h - margin[1]))
    rect.center = (w // 2, h // 2)
    card(surface, rect, fill=theme.CARD, edge=edge, alpha=255, width=2, radius=16)
    probe.panel(surface, rect, "dialog", modal=True)
    hotspots.add(rect, "dlg.card")
    return rect


# -- text ------------------------------------------------------------------------------

def fit_line(value: str, size: int, width: int, weight: str = "semibold") -> list[str]:
    """``value`` as one line no wider than ``width``: shortened with an ellipsis if it must be."""
    return [_fitted(value, fs(size), width, weight)]


# The panels lay out the same texts every frame (they were measured again, glyph run by glyph run).
# A text's width depends only on the font file and its pixel size, so the answers stay true
# across windows and scales (the font pixel size is part of the key).
@lru_cache(maxsize=4096)
def _fitted(value: str, font_px: int, width: int, weight: str) -> str:
    f = theme.font(font_px, weight)
    if f.size(value)[0] <= width:
        return value
    # The longest start that fits with the ellipsis, found by halving: trimming one character at a
    # time measured a 10,000-character label from a table's data 10,000 times (minutes a frame).
    fits, too_long = 0, len(value)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if f.size(value[:middle] + ELLIPSIS)[0] <= width:
            fits = middle
        else:
            too_long = middle
    return value[:fits].rstrip() + ELLIPSIS


def measured_cache_clear() -> None:
    """Forget measured lines and rows drawn (the fonts were loaded again)."""
    _fitted.cache_clear()
    _wrapped.cache_clear()
    for pictures in _pictures:
        pictures.clear()


def text(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int = 17,
         colour: Colour = theme.TEXT, weight: str = "semibold", anchor: str = "topleft", *,
         max_width: int | None = None) -> pygame.Rect:
    """``value`` at font size ``size`` (at scale 1; drawn at fs(size)) anchored at ``pos``;
    shortened with an ellipsis to ``max_width`` pixels if given."""
    shown = fit_line(value, size, max_width, weight)[0] if max_width is not None else value
    img = theme.text(shown, fs(size), weight, tuple(colour))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    probe.text(surface, rect, value)
    return rect


def blit_text(surface: pygame.Surface, img: pygame.Surface, pos: pygame.Rect | tuple[int, int], value: str,
              area: pygame.Rect | None = None) -> pygame.Rect:
    """Blit a rendered text (``value``) and tell the layout probe; the blitted rectangle.

    The probe is told where the text was put, not the part the blit reports (cut to the surface's
    clip: a long list drawn at its scroll puts the texts above its view out of the clip, and the
    probe saw them squeezed onto the clip's edge, over the first row in view)."""
    rect = surface.blit(img, pos, area)
    full = img.get_rect(topleft=pos.topleft if isinstance(pos, pygame.Rect) else pos)
    probe.text(surface, full, value, shown=rect if area is not None else None)
    return rect


def text_width(value: str, size: int, weight: str = "semibold") -> int:
    return int(theme.font(fs(size), weight).size(value)[0])


def line_h(size: int, weight: str = "semibold") -> int:
    """The height of one line of text at ``size`` (scale 1), in this window's pixels."""
    return int(theme.font(fs(size), weight).get_linesize())


def wrap(value: str, size: int, width: int, weight: str = "semibold") -> list[str]:
    """Split ``value`` into lines no wider than ``width`` pixels (``size`` at scale 1); a line
    break in ``value`` starts a new line."""
    return list(_wrapped(value, fs(size), width, weight))


@lru_cache(maxsize=4096)
def _wrapped(value: str, font_px: int, width: int, weight: str) -> tuple[str, ...]:
    f = theme.font(font_px, weight)
    lines: list[str] = []
    for para in value.split("\n"):
        if f.size(para)[0] <= width:  # the whole line fits: measured once, not word by word
            lines.append(para)
            continue
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


# -- buttons, pills, pips --------------------------------------------------------------

def button_face(surface: pygame.Surface, rect: pygame.Rect, label: str, *, style: str = "normal",
                size: int = 17, hovered: bool = False, sub: str | None = None, sub_lines: int = 1) -> pygame.Rect:
    """A button drawn in ``style`` (:data:`BUTTON_STYLES`): the label centred, made smaller
    and then shortened rather than spilling out; ``sub``: a dimmer text under it, wrapped to at
    most ``sub_lines`` lines (the button tall enough for them: :func:`sub_height`).

    Each face is drawn once and kept as a picture (:class:`Pictures`): a panel drawn again after
    a roll drew each of its buttons again, shape by shape. Its fill is opaque, so the picture
    blitted is the pixels the face drawn in place makes."""
    rect = pygame.Rect(rect)
    _faces.blit(surface, rect.topleft, rect.size, (label, style, size, hovered, sub, sub_lines),
                lambda s, x, y: _button_face(s, pygame.Rect(x, y, rect.w, rect.h), label, style, size, hovered, sub,
                                             sub_lines))
    return rect


def sub_wrapped(sub: str, size: int, width: int, lines: int = 1) -> list[str]:
    """A button's ``sub`` text in the lines :func:`button_face` draws it in, in a button ``width``
    wide with at most ``lines`` lines: wrapped, what does not fit left on the last line (which
    ``text`` then shortens)."""
    if lines <= 1:
        return [sub]
    parts = wrap(sub, max(14, size - 5), width - px(28), "regular")
    return parts[:lines - 1] + [" ".join(parts[lines - 1:])] if len(parts) > lines else parts


def sub_lines_for(sub: str, size: int, width: int) -> int:
    """How many lines ``sub`` takes whole under a label of ``size`` in a button ``width`` wide."""
    return len(wrap(sub, max(14, size - 5), width - px(28), "regular"))


def sub_height(size: int, lines: int) -> int:
    """The height of a button with a label of ``size`` and ``lines`` lines of sub text under it."""
    return px(12) + fs(size) + lines * line_h(max(14, size - 5), "regular") + px(8)


def _button_face(surface: pygame.Surface, rect: pygame.Rect, label: str, style: str, size: int, hovered: bool,
                 sub: str | None, sub_lines: int = 1) -> None:
    """:func:`button_face`, drawn in place."""
    normal, over, fg, edge = BUTTON_STYLES[style]
    pygame.draw.rect(surface, over if hovered and style != "disabled" else normal, rect, border_radius=px(7))
    pygame.draw.rect(surface, edge, rect, 1, border_radius=px(7))
    probe.box(surface, rect, label)
    if sub:
        room = rect.width - px(28)
        text(surface, label, (rect.x + px(14), rect.y + px(8)), size, fg, "semibold", max_width=room)
        sub_y, sub_size = rect.y + px(12) + fs(size), max(14, size - 5)
        for line in sub_wrapped(sub, size, rect.width, sub_lines):
            text(surface, line, (rect.x + px(14), sub_y), sub_size,
                 theme.TEXT_DIM if style in ("normal", "chip", "disabled") else fg, "regular", max_width=room)
            sub_y += line_h(sub_size, "regular")
        return
    font_px = fs(size)
    room = rect.width - min(px(12), max(2, rect.width // 5))  # a narrow chip ("SW") keeps less margin
    while font_px > fs(12) and theme.font(font_px, "semibold").size(label)[0] > room:
        font_px -= 1  # a long label takes a smaller size rather than spilling out of its button
    shown = label
    if theme.font(font_px, "semibold").size(label)[0] > room:
        f = theme.font(font_px, "semibold")
        while shown and f.size(shown + ELLIPSIS)[0] > room:
            shown = shown[:-1]
        shown = shown.rstrip() + ELLIPSIS
    img = theme.text(shown, font_px, "semibold", tuple(fg))
    rect_text = img.get_rect(center=rect.center)
    surface.blit(img, rect_text)
    if shown == label:
        probe.text(surface, rect_text, label)
    else:  # the layout tests see a shortened label as cut off (the whole label's width, the part shown)
        whole = pygame.Rect(rect_text.x, rect_text.y, theme.font(font_px, "semibold").size(label)[0], rect_text.h)
        probe.text(surface, whole, label, shown=rect_text)


def button(panel: Panel, surface: pygame.Surface, rect: pygame.Rect, label: str, key: str,
           action: Callable[..., object] | None, *, style: str = "normal", enabled: bool = True,
           size: int = 17, hover: tuple[int, int] | None = None) -> pygame.Rect:
    """A button of ``panel`` (see :func:`button_face`); records the hit only when enabled."""
    over = hover is not None and rect.collidepoint(hover) and enabled
    button_face(surface, rect, label, style=style if enabled else "disabled", size=size, hovered=over)
    panel.hit(rect, key, action if enabled else None, hover if enabled else None)
    return rect


def lit_buttons(panels: list[Panel], drawn_with: tuple[int, int] | None,
                pointer: tuple[int, int] | None) -> Any:
    """What the pointer shows on ``panels`` drawn last with the pointer at ``drawn_with``: which
    of their buttons it lights (each tested as :func:`button` tested it then, moved by as much
    as the pointer moved), or the pointer itself when either is None. Equal answers: the panels
    draw the same pixels, so a frame need not draw them again (retained.py: their part's key)."""
    if pointer is None or drawn_with is None:
        return pointer
    dx, dy = pointer[0] - drawn_with[0], pointer[1] - drawn_with[1]
    return tuple(spot.drawn.collidepoint(spot.lit_by[0] + dx, spot.lit_by[1] + dy)
                 for panel in panels for spot in panel.hits if spot.drawn is not None and spot.lit_by is not None)


def pill(surface: pygame.Surface, label: str, pos: tuple[int, int], *, size: int = 18,
         fill: Colour = theme.WELL, colour: Colour = theme.TEXT, anchor: str = "center",
         edge: Colour | None = None, pad: tuple[int, int] = (10, 4), weight: str = "bold") -> pygame.Rect:
    """A label in a rounded lozenge (a distance, a tag, a dragged name) anchored at ``pos``,
    ``pad`` pixels around the text."""
    img = theme.text(label, fs(size), weight, tuple(colour))
    rect = img.get_rect().inflate(pad[0] * 2, pad[1] * 2)
    setattr(rect, anchor, pos)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 2, border_radius=rect.height // 2)
    blit_text(surface, img, img.get_rect(center=rect.center), label)
    return rect


def chip(surface: pygame.Surface, pos: tuple[int, int], label: str, *, size: int = 16,
         colour: Colour = theme.TEXT, bg: Colour = theme.CHIP_LIT) -> pygame.Rect:
    """A small tag in a panel (a condition, a count), its top left at ``pos``."""
    return pill(surface, label, pos, size=size, fill=bg, colour=colour, anchor="topleft",
                pad=(px(8), px(4)), weight="semibold")


def header(panel: Panel, surface: pygame.Surface, rect: pygame.Rect, title: str, *,
           colour: Colour = theme.ACCENT, collapsible: bool = True) -> int:
    """The panel's title row with a collapse chevron; returns the y below it."""
    x, y = rect.x + theme.PANEL_PAD, rect.y + px(10)
    right = rect.right - theme.PANEL_PAD
    if collapsible:
        box = pygame.Rect(rect.right - px(40), rect.y + px(8), px(30), px(28))
        mark = "+" if panel.collapsed else "-"
        pygame.draw.rect(surface, theme.CONTROL, box, border_radius=px(6))
        text(surface, mark, box.center, 20, theme.TEXT, "bold", "center")
        probe.box(surface, box, "collapse")
        panel.hit(box, "collapse", panel.toggle)
        right = box.x - px(6)
    for line in fit_line(title, 20, right - x, "bold")[:1]:
        text(surface, line, (x, y), 20, colour, "bold")
    return y + px(34)


def pip(surface: pygame.Surface, centre: tuple[int, int], colour: Colour, status: str, radius: int) -> None:
    """One action slot as a dot: "open" filled and ringed, "any" (any number) filled with a ~,
    "used" hollow; "traded" and "barred" hollow and struck through (given to a move, not allowed)."""
    if status in ("open", "any"):
        pygame.draw.circle(surface, colour, centre, radius)
        if status == "any":
            text(surface, "~", (centre[0], centre[1] - 1), 16, theme.INK, "bold", "center")
        else:
            pygame.draw.circle(surface, theme.INK_LIGHT, centre, radius, max(1, px(2)))
        return
    pygame.draw.circle(surface, theme.SPENT, centre, radius, max(1, px(2)))
    if status in ("traded", "barred"):
        d = radius * 3 // 4
        pygame.draw.line(surface, colour, (centre[0] - d, centre[1] + d), (centre[0] + d, centre[1] - d), 2)


def pips(surface: pygame.Surface, pos: tuple[int, int], label: str, value: int | None, colour: Colour) -> int:
    """One action slot and its name: a filled pip while it is open, hollow once used; ``None`` means any number."""
    x, y = pos
    r = px(9)
    pip(surface, (x + r, y + px(12)), colour, "any" if value is None else "open" if value else "used", r)
    img = theme.text(label, fs(16), "semibold", theme.TEXT if value != 0 else theme.TEXT_DIM)
    blit_text(surface, img, (x + 2 * r + px(6), y + px(12) - img.get_height() // 2), label)
    return int(2 * r + px(6) + img.get_width() + px(16))
