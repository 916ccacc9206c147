"""A recording seam for layout tests: where every text, widget and panel was drawn in a frame.

Why: a panel that grows past its card, a label drawn over another, a button
label wider than its button are only seen by looking. The drawing helpers
(``widgets.py``, ``draw.py``, the banners) report each text they blit,
each widget rectangle and each panel card here while a :class:`Recorder` is
on; off (always, outside tests) every call is one ``if``. Text drawn on an
off-screen canvas is moved to the screen when the canvas is (``composite``),
and marked clipped if it falls outside the part of the canvas that shows.

:func:`problems` then says, in words, which text is cut off or overlaps
another text, a widget it is not part of, or another panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

TOLERANCE = 2  # px of touching allowed between neighbours (anti-aliased edges, tight line spacing)


@dataclass
class Mark:
    """One thing a frame drew (a text, a widget or a panel) where the layout tests look for it."""

    kind: str  # "text", "box" (a widget: button, chip, checkbox) or "panel" (a card)
    rect: pygame.Rect
    label: str
    panel: str = ""  # the panel it was drawn in ("" on the bare screen)
    clipped: bool = False  # drawn on a canvas where it does not show
    modal: bool = False  # a panel that covers everything drawn before it (menu, dialog, F1 card)
    order: int = 0
    role: str = ""  # "initials": the letters in a token's disc


@dataclass
class Recorder:
    """The marks of the frames drawn while the layout probe is on, by surface drawn on."""

    marks: dict[int, list[Mark]] = field(default_factory=dict)  # by id() of the surface drawn on
    counter: int = 0

    def add(self, surface: pygame.Surface, mark: Mark) -> None:
        self.counter += 1
        mark.order = self.counter
        self.marks.setdefault(id(surface), []).append(mark)

    def on(self, surface: pygame.Surface) -> list[Mark]:
        return self.marks.get(id(surface), [])


_recorder: Recorder | None = None


def start() -> Recorder:
    global _recorder
    _recorder = Recorder()
    return _recorder


def stop() -> None:
    global _recorder
    _recorder = None


def active() -> bool:
    return _recorder is not None


def text(surface: pygame.Surface, rect: pygame.Rect, value: str, *, shown: pygame.Rect | None = None,
         role: str = "") -> None:
    """A text was blitted at ``rect``; ``shown``: the part of it the blit's area kept."""
    if _recorder is not None and value.strip():
        if _scrolled_away(surface, rect):
            return
        clipped = shown is not None and (shown.width < rect.width - TOLERANCE or shown.height < rect.height - TOLERANCE)
        _recorder.add(surface, Mark("text", pygame.Rect(rect), value, clipped=clipped, role=role))


def _scrolled_away(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Drawn in a scrolling list (a clip narrower than the surface) and not wholly in view: the
    list's edge hides it, which is scrolling, not a layout fault."""
    clip = surface.get_clip()
    return clip != surface.get_rect() and not clip.contains(rect)


def box(surface: pygame.Surface, rect: pygame.Rect, label: str = "") -> None:
    if _recorder is not None and not _scrolled_away(surface, rect):
        _recorder.add(surface, Mark("box", pygame.Rect(rect), label))


def panel(surface: pygame.Surface, rect: pygame.Rect, name: str, *, modal: bool = False) -> None:
    if _recorder is not None:
        _recorder.add(surface, Mark("panel", pygame.Rect(rect), name, panel=name, modal=modal))


def forget(surface: pygame.Surface) -> None:
    """A canvas was cleared for a new drawing: what was recorded on it is gone."""
    if _recorder is not None:
        _recorder.marks.pop(id(surface), None)


def composite(src: pygame.Surface, dst: pygame.Surface, offset: tuple[int, int],
              area: pygame.Rect | None = None, *, name: str = "") -> None:
    """``src`` was blitted onto ``dst`` at ``offset`` (showing ``area`` of it): move its marks."""
    if _recorder is None:
        return
    shown = pygame.Rect(area) if area is not None else src.get_rect()
    dx, dy = offset[0] - shown.x, offset[1] - shown.y
    for mark in _recorder.marks.pop(id(src), []):
        moved = Mark(mark.kind, mark.rect.move(dx, dy), mark.label, mark.panel or name, mark.clipped, mark.modal,
                     role=mark.role)
        if name == "map":  # on the board a token may stand at the edge: its name is cut by the view, not the layout
            if not shown.colliderect(mark.rect):
                continue
        elif mark.kind != "panel" and not shown.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(mark.rect):
            moved.clipped = True
        _recorder.add(dst, moved)


def scrolled(src: pygame.Surface, dst: pygame.Surface, offset: tuple[int, int], fixed: int, scroll: int,
             body: pygame.Rect, *, name: str = "") -> None:
    """A scrolling panel: rows ``fixed`` and below moved up by ``scroll``; those out of ``body``
    are scrolled away (not drawn, not a fault); those across its edge are under the fade."""
    if _recorder is None:
        return
    for mark in _recorder.marks.pop(id(src), []):
        rect = mark.rect.move(offset[0], offset[1] - (scroll if mark.rect.y >= fixed else 0))
        if mark.rect.y >= fixed and not body.contains(rect):
            continue
        _recorder.add(dst, Mark(mark.kind, rect, mark.label, mark.panel or name, mark.clipped, mark.modal))


def gui(manager, surface: pygame.Surface) -> None:
    """pygame_gui's windows, buttons, labels and text boxes as marks: a window is a modal panel,
    a button or label a widget with its text (measured in the font pygame_gui draws it with) centred in it."""
    if _recorder is None:
        return
    import pygame_gui
    from pygame_gui.core.utility import translate

    from tactics.ui import theme

    font = theme.font(theme.fs(15), "regular")
    for element in manager.get_sprite_group().sprites():
        if not getattr(element, "visible", True) or not element.alive():
            continue
        rect = pygame.Rect(element.rect)
        if isinstance(element, pygame_gui.elements.UIWindow):
            panel(surface, rect, getattr(element, "window_display_title", "") or "window", modal=True)
        elif isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
            label = getattr(element, "text", "") or ""
            if label.startswith("pygame-gui."):  # pygame_gui's own buttons (a file dialog's OK) show the translation
                label = translate(label, **(getattr(element, "text_kwargs", None) or {}))
            box(surface, rect, label)
            if len(label.strip()) > 1:  # one glyph is an icon (close, drop-down arrow)
                own = getattr(element, "font", None)  # what pygame_gui draws it with (its theme's size)
                w, h = own.get_rect(label).size if own is not None else font.size(label)
                text(surface, pygame.Rect(0, 0, w, h).move(rect.centerx - w // 2, rect.centery - h // 2), label)


# --------------------------------------------------------------------------- the checks
def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    c = a.clip(b)
    return c.width > TOLERANCE and c.height > TOLERANCE


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(inner)


def problems(recorder: Recorder, surface: pygame.Surface) -> list[str]:
    """Every text cut off or overlapping something it is not part of, as sentences."""
    marks = sorted(recorder.on(surface), key=lambda m: m.order)
    screen = surface.get_rect()
    # A modal card covers whatever was drawn before it: only what is drawn on or after it counts.
    modal_at = max((m.order for m in marks if m.modal), default=0)
    if modal_at:
        modal = next(m for m in marks if m.modal and m.order == modal_at)
        marks = [m for m in marks if m.order >= modal_at or not _overlap(m.rect, modal.rect)]
    panels = [m for m in marks if m.kind == "panel"]
    # Cards float over the board: the names and badges they cover are hidden, not overlapped.
    marks = [m for m in marks if not (m.panel == "map" and any(
        p.order > m.order and _overlap(p.rect, m.rect) for p in panels))]
    for m in marks:  # text drawn straight on the screen belongs to the panel it sits in
        if m.kind != "panel" and not m.panel:
            holders = [p for p in panels if p.rect.collidepoint(m.rect.center) and p.order <= m.order]
            if holders:
                m.panel = min(holders, key=lambda p: p.rect.width * p.rect.height).label
    by_name = {p.label: p for p in panels}
    texts = [m for m in marks if m.kind == "text"]
    boxes = [m for m in marks if m.kind == "box"]
    out: list[str] = []
    for t in texts:
        where = f"{t.label!r}" + (f" in {t.panel}" if t.panel else "")
        if t.clipped:
            out.append(f"{where} is cut off")
        elif not _inside(t.rect, screen):
            out.append(f"{where} runs off the window at {tuple(t.rect)}")
        elif t.panel in by_name and not _inside(t.rect, by_name[t.panel].rect):
            out.append(f"{where} sticks out of its panel at {tuple(t.rect)}")
    # Only the pairs whose rectangles meet are weighed (pygame's collidelistall, in C, keeps their order):
    # an overlap beyond TOLERANCE is a meeting, and weighing every pair of a 4K frame's hundreds of texts
    # in Python was half of this check's time.
    text_rects = [t.rect for t in texts]
    box_rects = [b.rect for b in boxes]
    panel_rects = [p.rect for p in panels]
    for i, a in enumerate(texts):
        for j in a.rect.collidelistall(text_rects[i + 1:]):
            b = texts[i + 1 + j]
            if a.panel == b.panel == "map" and "initials" not in (a.role, b.role):
                continue  # names of tokens that stand close touch: the map's crowding, not the layout
            if _overlap(a.rect, b.rect):
                out.append(f"{a.label!r} overlaps {b.label!r} at {tuple(a.rect.clip(b.rect))}")
    for t in texts:
        for b in (boxes[k] for k in t.rect.collidelistall(box_rects)):
            if _overlap(t.rect, b.rect) and not _inside(t.rect, b.rect):
                out.append(f"{t.label!r} overlaps the widget {b.label!r} at {tuple(t.rect.clip(b.rect))}")
        for p in (panels[k] for k in t.rect.collidelistall(panel_rects)):
            if p.label != t.panel and _overlap(t.rect, p.rect) and not (
                    t.panel in by_name and _inside(by_name[t.panel].rect, p.rect)):
                out.append(f"{t.label!r} ({t.panel or 'screen'}) overlaps the panel {p.label}")
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            if _overlap(a.rect, b.rect) and not (_inside(a.rect, b.rect) or _inside(b.rect, a.rect)):
                out.append(f"the panels {a.label} and {b.label} overlap at {tuple(a.rect.clip(b.rect))}")
    return out
