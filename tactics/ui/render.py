"""The board renderer: the map and everything on it, drawn in layers for a viewer.

``viewer`` is ``"gm"`` or ``"players"``. With ``"players"`` nothing hidden is
drawn: hidden combatants now, undetected traps and GM notes from the layers
other modules add (R-TRAP-6). A layer is a function of a :class:`DrawContext`;
add one with :func:`add_layer` (for example the traps layer at ``TRAPS_Z``).

Layers below ``TOOL_Z`` are the *board*: they depend only on the encounter
state, the camera and the view's settled choices (selection, pinned and
previewed templates), so the board is composed once into a cached surface and
reused until its key changes. Layers at ``TOOL_Z`` and above (path preview,
ruler, cursor) are drawn over it every frame. A layer below ``TOOL_Z`` that
depends on something else must call ``BattleView.invalidate()`` when it changes.

When the key changes, the board layers are run against a recording surface
(``board_record.py``): their blits, fills and square outlines are compared
with the last frame's, and only the rectangles where they differ are painted
again, from the kept ground (map and doors) up. A layer that draws with
``pygame.draw`` itself makes the board composed whole instead.

A board layer that says what it reads (:class:`KeyedLayer`, made with
:func:`keyed`: the tokens layer reads the state's revision, the selection and
the highlighted tokens; the reach layer the reach's squares; the pinned
templates their squares) is run again only when that key or the frame (camera,
clip, viewer, the window's scale) changed: else the operations it recorded
last time are used again. So the work after a change is the layers whose
inputs changed. A layer without a key runs on every change of the board key,
as before.

:meth:`BoardRenderer.prepare` brings the cached board up to date and says what
changed on it (a :class:`BoardFrame`: the rectangles repainted, or all of it),
so the main window repaints only those (``retained.py``); :meth:`draw_cached`
shows it whole (the players' window, tests).

While the map is dragged, the window scrolls its board (``retained.py``) and only
the strips the pan uncovers and the parts over the board are drawn: the map's
chunks for them, then the board layers' operations recorded once for the map (or
the view) and a margin around it, moved with the map; the cached board is left
as it was. When the
drag ends the board is composed whole once, so a label a layer places relative
to the board's edges settles where a fresh frame puts it.
"""

from __future__ import annotations


from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from tactics.engine.core.state import EncounterState
from tactics.ui import board_record
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.camera import Camera
from tactics.ui.board_ground import (_doors_layer, _map_layer, door_rect, door_thickness, draw_secret_door,
                                     open_doors_now, secret_doors_now)
from tactics.ui.cell_painter import CellPainter, border_edges
from tactics.ui.mapart import MapArt
from tactics.ui.retained import uncovered
from tactics.ui.tokens import TokenPainter

GROUND_LAYERS = ("map", "doors")  # what lies under everything and changes only with the camera and doors
MAP_Z, DOORS_Z, REACH_Z, TEMPLATES_Z, TRAPS_Z, TOKENS_Z, TOOL_Z, CURSOR_Z = 0, 10, 20, 30, 40, 50, 60, 70


@dataclass
class DrawContext:
    """What a layer may look at while drawing one frame (read only)."""

    surface: pygame.Surface
    camera: Camera
    state: EncounterState
    viewer: str
    clip: pygame.Rect
    renderer: "BoardRenderer"
    view: Any = None  # the BattleView: selection, active tool, pinned templates

    @property
    def gm(self) -> bool:
        return self.viewer == "gm"


Layer = Callable[[DrawContext], None]


class KeyedLayer:
    """A board layer with what it reads: ``key(ctx)`` (hashable or comparable values, compared
    with ``==``); while it and the frame stay, the layer's recorded operations are used again
    instead of running it. The key must cover everything the layer draws from, or a change
    would show late: when in doubt, leave the layer without one."""

    __slots__ = ("draw", "key")

    def __init__(self, draw: Layer, key: Callable[[DrawContext], Any]) -> None:
        self.draw = draw
        self.key = key

    def __call__(self, ctx: DrawContext) -> None:
        self.draw(ctx)


def keyed(draw: Layer, key: Callable[[DrawContext], Any]) -> KeyedLayer:
    """``draw`` as a layer that is run again only when ``key(ctx)`` changes (see :class:`KeyedLayer`)."""
    return KeyedLayer(draw, key)


_EXTRA_LAYERS: list[tuple[int, str, Layer]] = []


def add_layer(z: int, name: str, draw: Layer) -> None:
    """Add a layer to every board drawn from now on (replaces one of the same name)."""
    remove_layer(name)
    _EXTRA_LAYERS.append((z, name, draw))
    _EXTRA_LAYERS.sort(key=lambda item: item[0])


def remove_layer(name: str) -> None:
    _EXTRA_LAYERS[:] = [item for item in _EXTRA_LAYERS if item[1] != name]


@dataclass
class BoardFrame:
    """The board of this frame: what changed on it since the last one, and how to show a part.

    ``damage``: the rectangles of the window where the board's picture changed ([]: none; None:
    all of ``clip``). ``moving``: a drag moved the whole board (shown by ``moved``: a part of it
    drawn from the map's chunks and the layers' recorded operations)."""

    board: pygame.Surface
    clip: pygame.Rect
    damage: list[pygame.Rect] | None
    moved: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    moving: bool = False

    def __post_init__(self) -> None:
        self.moving = self.moving or self.moved is not None

    def show(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The board's pixels inside ``area`` (a part of ``clip``) onto ``surface``."""
        if self.moved is not None:
            self.moved(surface, area)
        else:
            surface.blit(self.board, area.topleft, area)


PAN_SLACK = 384  # a drag replays the layers recorded this far around the view (or the map) before running them again
PAN_WHOLE_VIEWS = 9  # a map (with that margin) at most this many views big is recorded whole for a drag


def _map_area(camera: Camera, state: EncounterState) -> pygame.Rect:
    """The map on the window at this camera, with a margin of ``PAN_SLACK`` (what its layers draw beyond its edge)."""
    m = state.map
    return pygame.Rect(round(camera.origin_x), round(camera.origin_y), m.width * camera.cell_px,
                       m.height * camera.cell_px).inflate(2 * PAN_SLACK, 2 * PAN_SLACK)


def _pan_area(clip: pygame.Rect, camera: Camera, state: EncounterState) -> tuple[pygame.Rect, bool]:
    """What a drag records the board layers for: the view with a margin of ``PAN_SLACK``, and the whole
    map with it when that is at most ``PAN_WHOLE_VIEWS`` views big (True: the map is in it)."""
    view = clip.inflate(2 * PAN_SLACK, 2 * PAN_SLACK)
    whole = view.union(_map_area(camera, state))
    if whole.w * whole.h <= PAN_WHOLE_VIEWS * max(1, clip.w * clip.h):
        return whole, True
    return view, False


def _covers(area: pygame.Rect, whole: bool, clip: pygame.Rect, camera: Camera, state: EncounterState,
            shift: tuple[int, int]) -> bool:
    """Does a recording of ``area`` (``whole``: with the map in it) hold all the layers draw in the
    view ``clip`` with half the margin (both where they were when it was recorded: the map moved
    by ``shift`` since)?"""
    need = clip.inflate(PAN_SLACK, PAN_SLACK)
    if whole:  # beyond the map and its margin the layers draw nothing
        need = need.clip(_map_area(camera, state).move(-shift[0], -shift[1]))
        if not need.w or not need.h:
            return True
    return area.contains(need)


@dataclass
class BoardRenderer:
    """Draws one encounter's board; holds the caches that survive between frames."""

    art: MapArt
    tokens: TokenPainter = field(default_factory=TokenPainter)
    cells: CellPainter = field(default_factory=CellPainter)
    _board: pygame.Surface | None = None
    _board_key: Any = None
    compositions: int = 0  # how many times the board was composed whole (tests, bench)
    scrolls: int = 0  # how many times it was scrolled and only the uncovered strips drawn
    _ground: pygame.Surface | None = None
    _ground_key: Any = None
    _ground_owed: bool = True  # the first composition draws its ground straight on the board
    _scrolled: bool = False
    repaints: int = 0  # how many times only the changed parts of the board were repainted
    _record: Any = None  # (frame, RecordingSurface): what the board layers drew last, for the next change
    _pan_record: Any = None  # (board key, origin, RecordingSurface): the layers around the view, for a drag
    _memo: dict = field(default_factory=dict)  # keyed layer's name -> (key, its operations, their boxes, clip)
    layer_runs: int = 0  # keyed layers run while recording (tests, bench) ...
    layer_reuses: int = 0  # ... and those whose operations were used again
    # what a layer keeps of its own between recordings, by its name (a key worked out from the
    # changes since: the acting glow's squares)
    layer_kept: dict = field(default_factory=dict)

    def layers(self, view: Any) -> list[tuple[int, str, Layer]]:
        own: list[tuple[int, str, Layer]] = [
            (MAP_Z, "map", _map_layer),
            (DOORS_Z, "doors", _doors_layer),
        ]
        if view is not None:
            own += view.layers()
        own.append((TOKENS_Z, "tokens", _tokens_layer))
        return sorted(own + list(_EXTRA_LAYERS), key=lambda item: item[0])

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        state: EncounterState,
        viewer: str = "gm",
        *,
        clip: pygame.Rect | None = None,
        view: Any = None,
    ) -> None:
        """Draw every layer straight onto ``surface`` (no caching)."""
        if viewer not in ("gm", "players"):
            raise ValueError(f"viewer must be 'gm' or 'players', not {viewer!r}")
        clip = clip or surface.get_rect()
        surface.set_clip(clip)
        surface.fill(theme.BACKDROP, clip)
        ctx = DrawContext(surface, camera, state, viewer, clip, self, view)
        for _, _, layer in self.layers(view):
            layer(ctx)
        surface.set_clip(None)

    def draw_cached(
        self,
        surface: pygame.Surface,
        camera: Camera,
        state: EncounterState,
        viewer: str,
        *,
        clip: pygame.Rect,
        view: Any,
        key: Any,
        scroll: bool = False,
    ) -> None:
        """Blit the cached board (brought up to date when ``key`` changed), then the live layers.

        ``scroll``: the map is being dragged; if only the camera's origin moved,
        scroll the cached board and draw just the uncovered strips.
        """
        shown = self.prepare(surface.get_size(), camera, state, viewer, clip=clip, view=view, key=key, scroll=scroll)
        shown.show(surface, clip)
        if self._board is not None:
            probe.composite(self._board, surface, clip.topleft, pygame.Rect(clip), name="map")
        self.draw_live(surface, camera, state, viewer, clip=clip, view=view)

    def prepare(self, size: tuple[int, int], camera: Camera, state: EncounterState, viewer: str, *,
                clip: pygame.Rect, view: Any, key: Any, scroll: bool = False) -> "BoardFrame":
        """Bring the cached board up to date (``key`` and the camera as in :meth:`draw_cached`) and
        say what changed since the last frame: the window's retained frame repaints only that."""
        if viewer not in ("gm", "players"):
            raise ValueError(f"viewer must be 'gm' or 'players', not {viewer!r}")
        layers = self.layers(view)
        base_key = (key, viewer, camera.cell_px, tuple(clip), size, self.art.show_walls,
                    tuple(name for _, name, _ in layers))
        origin = (round(camera.origin_x), round(camera.origin_y))
        if self._board is None or self._board.get_size() != size:
            self._board = _window_format(size)
            self._board_key = None
        board = self._board
        old = self._board_key
        fresh = probe.active()  # the layout probe sees a fresh board
        same = not fresh and old is not None and old[0] == base_key
        if same and old[1] == origin and not self._scrolled:
            return BoardFrame(board, clip, [])  # the cached board is what this frame shows
        if same and scroll:  # a drag (back where it started too: the window still moved since last frame)
            self._scrolled = True
            self._record = None  # its operations stand where the board was before the drag
            self.scrolls += 1
            moved = self._pan(size, camera, state, viewer, clip, view, layers, base_key, origin)
            if moved is not None:
                return BoardFrame(board, clip, None, moved)
            if abs(origin[0] - old[1][0]) < clip.width // 2 and abs(origin[1] - old[1][1]) < clip.height // 2:
                self._scroll_board(board, camera, state, viewer, clip, view, layers, origin, old[1])
                self._board_key = (base_key, origin)
                return BoardFrame(board, clip, None, moving=True)
        probe.forget(board)
        changed = self._update_board(board, camera, state, viewer, clip, view, layers, origin, size,
                                     base_key[1:], fresh)
        board.set_clip(None)
        self._board_key = (base_key, origin)
        self._scrolled = False
        return BoardFrame(board, clip, changed)

    def draw_live(self, surface: pygame.Surface, camera: Camera, state: EncounterState, viewer: str, *,
                  clip: pygame.Rect, view: Any) -> None:
        """The layers drawn over the board every frame (``TOOL_Z`` and above: previews, cursor)."""
        surface.set_clip(clip)
        ctx = DrawContext(surface, camera, state, viewer, clip, self, view)
        for z, _, layer in self.layers(view):
            if z >= TOOL_Z:
                layer(ctx)
        surface.set_clip(None)

    def _scroll_board(self, board: pygame.Surface, camera: Camera, state: EncounterState, viewer: str,
                      clip: pygame.Rect, view: Any, layers, origin: tuple[int, int], was: tuple[int, int]) -> None:
        """Scroll the board to ``origin`` and draw the uncovered strips with every layer."""
        dx, dy = origin[0] - was[0], origin[1] - was[1]
        board.set_clip(clip)
        board.scroll(dx, dy)
        for strip in uncovered(clip, dx, dy):
            self._compose(board, strip, camera, state, viewer, clip, view, layers)
        board.set_clip(None)

    def _pan(self, size: tuple[int, int], camera: Camera, state: EncounterState, viewer: str, clip: pygame.Rect,
             view: Any, layers, base_key: Any, origin: tuple[int, int]
             ) -> Callable[[pygame.Surface, pygame.Rect], None] | None:
        """One frame of a drag: how to show the board at this origin, a part at a time.

        A part is drawn from the map's chunks and the doors (the ground) and the
        board layers' operations, recorded once and moved with the map: for the
        whole map (with a margin of ``PAN_SLACK``) when it is at most
        ``PAN_WHOLE_VIEWS`` views big, else for the view and that margin; no
        layer runs again until the drag leaves what was recorded. The window
        (``retained.py``) scrolls its pixels and asks only for the strips the
        scroll uncovered and the parts over the board; nothing is kept of
        the cached board while dragging (it is composed whole when the drag
        ends). None: a layer cannot be recorded (the board is scrolled and its
        strips drawn by every layer instead).
        """
        rec = self._pan_record
        shift = (0, 0) if rec is None else (origin[0] - rec[1][0], origin[1] - rec[1][1])
        if rec is None or rec[0] != base_key or not _covers(rec[2], rec[3], clip.move(-shift[0], -shift[1]),
                                                             camera, state, shift):
            area, whole = _pan_area(clip, camera, state)
            recording = board_record.RecordingSurface(size, area, full=area)
            rest = [item for item in layers if item[1] not in GROUND_LAYERS and item[0] < TOOL_Z]
            if len(rest) + len(GROUND_LAYERS) != len([item for item in layers if item[0] < TOOL_Z]) or \
                    any(z <= DOORS_Z for z, _, _ in rest):
                return None  # the ground is not the bottom of the board
            ctx = DrawContext(recording, camera, state, viewer, area, self, view)  # type: ignore[arg-type]
            try:
                for _, _, layer in rest:
                    layer(ctx)
            except (TypeError, board_record.NotRecordable) as exc:
                _not_recorded(exc)
                self._pan_record = None
                return None
            rec = self._pan_record = (base_key, origin, area, whole, recording)
            shift = (0, 0)
        ground = [item for item in layers if item[1] in GROUND_LAYERS]
        keys, boxes = rec[4].keys, rec[4].boxes

        def show(target: pygame.Surface, area: pygame.Rect) -> None:
            area = area.clip(clip)
            if area.w and area.h:
                self._compose(target, area, camera, state, viewer, clip, view, ground)
                board_record.replay(target, keys, boxes, area, area.move(-shift[0], -shift[1]).collidelistall(boxes),
                                    shift)
            target.set_clip(None)

        return show

    def forget(self) -> None:
        """Drop the composed board: the next frame composes it whole (tests, the benchmark's full figure)."""
        self._board_key = None
        self._record = None
        self._memo = {}
        self.layer_kept = {}

    def _update_board(self, board: pygame.Surface, camera: Camera, state: EncounterState, viewer: str,
                      clip: pygame.Rect, view: Any, layers, origin: tuple[int, int], size: tuple[int, int],
                      frame: tuple, fresh: bool) -> list[pygame.Rect] | None:
        """Bring the board up to date: the ground (map and doors, kept while the camera and doors stay)
        and the rest over it, repainted only where what the layers draw changed.

        A move, a roll or a new selection redraws what changed on the map, not the map. Returns the
        rectangles repainted, or None when the board was composed whole.
        """
        ground = [item for item in layers if item[1] in GROUND_LAYERS]
        rest = [item for item in layers if item[1] not in GROUND_LAYERS and item[0] < TOOL_Z]
        if len(ground) != len(GROUND_LAYERS) or any(z <= DOORS_Z for z, _, _ in rest):
            self._compose(board, clip, camera, state, viewer, clip, view, layers)  # something under the ground
            self._record = None
            self.compositions += 1
            return None
        ground_changes, ground_art = self._update_ground(board, camera, state, viewer, clip, view, ground, origin,
                                                         size)
        record = None if fresh else self._record_layers(size, camera, state, viewer, clip, view, rest)
        frame = (frame, origin)
        last = self._record
        self._record = (frame, record) if record is not None else None
        if record is not None and last is not None and last[0] == frame and ground_changes is not None:
            rects: list[pygame.Rect] | None = board_record.changed_rects(last[1].keys, last[1].boxes, record.keys,
                                                                         record.boxes)
            rects = None if rects is None else board_record.merge(rects + ground_changes, clip)
            if rects is not None:
                board_record.repaint(board, ground_art, record.keys, record.boxes, rects)
                self.repaints += 1
                return rects
        board.set_clip(clip)
        if ground_art is not board:
            board.blit(ground_art, clip.topleft, clip)
        if record is not None:
            board_record.replay(board, record.keys, record.boxes, clip)
        else:
            ctx = DrawContext(board, camera, state, viewer, clip, self, view)
            for _, _, layer in rest:
                layer(ctx)
        self.compositions += 1
        return None

    def _update_ground(self, board: pygame.Surface, camera: Camera, state: EncounterState, viewer: str,
                       clip: pygame.Rect, view: Any, ground, origin: tuple[int, int], size: tuple[int, int]
                       ) -> tuple[list[pygame.Rect] | None, pygame.Surface]:
        """The kept ground brought up to date, and where it is: [] unchanged, the rectangles repainted
        (a door opened or closed), or None when it was drawn whole.

        The renderer's first composition (the window's first frame) draws the ground straight on
        ``board`` and keeps none (issue 12: start time): a second window-sized surface, and the
        board's copy of it, cost the first frame ~4 ms at 1080p. The next composition makes the
        kept ground (the map's chunks are made by then), so the picture is the same either way."""
        if self._ground_owed and self._ground is None:
            self._ground_owed = False
            self._compose(board, clip, camera, state, viewer, clip, view, ground)
            board.set_clip(None)
            return None, board
        doors = open_doors_now(state)
        key = (origin, camera.cell_px, tuple(clip), size, self.art.show_walls, id(state.map))
        if self._ground is None or self._ground.get_size() != size:
            self._ground = _window_format(size)
            self._ground_key = None
        if self._ground_key is not None and self._ground_key[0] == key:
            if self._ground_key[1] == doors:
                return [], self._ground
            rects = [door_rect(camera, state.map.doors[i]) for i in doors ^ self._ground_key[1]
                     if 0 <= i < len(state.map.doors)]
            rects = [r.clip(clip) for r in rects]
            for rect in rects:
                if rect.w and rect.h:
                    self._compose(self._ground, rect, camera, state, viewer, clip, view, ground)
            self._ground.set_clip(None)
            self._ground_key = (key, doors)
            return rects, self._ground
        self._compose(self._ground, clip, camera, state, viewer, clip, view, ground)
        self._ground.set_clip(None)
        self._ground_key = (key, doors)
        return None, self._ground

    def _record_layers(self, size: tuple[int, int], camera: Camera, state: EncounterState, viewer: str,
                       clip: pygame.Rect, view: Any, layers) -> board_record.RecordingSurface | None:
        """What the board layers draw, as operations (None: a layer draws with something else).

        A :class:`KeyedLayer` whose key and frame are those of last time adds the operations it
        recorded then (under the same clip) instead of running."""
        rec = board_record.RecordingSurface(size, clip)
        ctx = DrawContext(rec, camera, state, viewer, clip, self, view)  # type: ignore[arg-type]
        frame = (viewer, camera.cell_px, round(camera.origin_x), round(camera.origin_y), tuple(clip), size,
                 self.art.show_walls, theme.scale())
        memo: dict = self._memo
        kept: dict = {}
        self._memo = kept  # a layer that fails below leaves nothing of its own kept
        try:
            for _, name, layer in layers:
                if not isinstance(layer, KeyedLayer):
                    layer(ctx)
                    continue
                key = (frame, layer.key(ctx))
                clip_t = rec.clip_key()
                hit = memo.get(name)
                if hit is not None and hit[3] == clip_t and hit[0] == key:
                    rec.add(hit[1], hit[2])
                    kept[name] = hit
                    self.layer_reuses += 1
                    continue
                start = len(rec.keys)
                layer(ctx)
                self.layer_runs += 1
                if rec.clip_key() == clip_t:  # it left the clip as it found it: its operations stand alone
                    kept[name] = (key, rec.keys[start:], rec.boxes[start:], clip_t)
        except (TypeError, board_record.NotRecordable) as exc:
            _not_recorded(exc)
            return None
        return rec

    def _compose(self, board: pygame.Surface, area: pygame.Rect, camera: Camera, state: EncounterState,
                 viewer: str, clip: pygame.Rect, view: Any, layers) -> None:
        """Draw the board layers into ``area`` of the cached board (layers still see the whole ``clip``)."""
        board.set_clip(area)
        # The backdrop only where the map does not cover (the map's chunks are opaque).
        m = state.map
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        covered = pygame.Rect(ox, oy, m.width * camera.cell_px, m.height * camera.cell_px).clip(area)
        if covered.size == area.size:
            pass
        elif not covered.width or not covered.height:
            board.fill(theme.BACKDROP, area)
        else:
            for rect in ((area.left, area.top, area.width, covered.top - area.top),
                         (area.left, covered.bottom, area.width, area.bottom - covered.bottom),
                         (area.left, covered.top, covered.left - area.left, covered.height),
                         (covered.right, covered.top, area.right - covered.right, covered.height)):
                if rect[2] > 0 and rect[3] > 0:
                    board.fill(theme.BACKDROP, rect)
        ctx = DrawContext(board, camera, state, viewer, clip, self, view)
        for z, _, layer in layers:
            if z < TOOL_Z:
                layer(ctx)


__all__ = ["BoardRenderer", "CellPainter", "DrawContext", "KeyedLayer", "add_layer",
           "border_edges", "door_rect", "door_thickness", "draw_secret_door", "keyed", "open_doors_now",
           "remove_layer", "secret_doors_now"]


def _not_recorded(exc: BaseException) -> None:
    """A layer could not be recorded, so the board is drawn whole this frame; a TypeError that is a
    fault of the layer's own (not pygame refusing a recording) is logged with its traceback instead
    of passing unseen as a slower frame (the frame is still drawn: the table's game goes on)."""
    if not board_record.unrecordable(exc):
        from tactics.logs import logger

        logger(__name__).error("a board layer failed while its drawing was recorded", exc_info=exc)


def _window_format(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface in the window's pixel format (made so, not converted: a 1080p
    ``convert()`` copies 8 MB, twice at each start)."""
    display = pygame.display.get_surface()
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


def _draw_tokens(ctx: DrawContext) -> None:
    view = ctx.view
    selected = getattr(view, "selected", None)
    highlighted: frozenset[str] = getattr(view, "highlighted_tokens", lambda: frozenset())()
    ctx.renderer.tokens.draw(ctx.surface, ctx.camera, ctx.state, ctx.viewer, selected, highlighted,
                             getattr(view, "token_changes", None), keep_off=_names_keep_off(ctx))


#: What else the names keep off (see :func:`add_names_keep_off`): the facing prompt's arrows.
_KEEP_OFF: dict[str, Callable[[DrawContext], Any]] = {}


def add_names_keep_off(name: str, where: Callable[[DrawContext], Any]) -> None:
    """``where(ctx)``: rectangles an add-on draws over the tokens that no name may cover (the
    facing prompt's 8 arrows); replaces one of the same name."""
    _KEEP_OFF[name] = where


def _names_keep_off(ctx: DrawContext) -> tuple[pygame.Rect, ...]:
    """What the GM's tool and the add-ons show on the map that the token names must leave
    readable (a tool's ``names_keep_off(camera)``: the grenade's odds of each square, review 14
    F7; the facing prompt's arrows, F6); none on the players' window, which shows neither."""
    if ctx.viewer != "gm":
        return ()
    keep_off = getattr(getattr(ctx.view, "tool", None), "names_keep_off", None)
    out = tuple(keep_off(ctx.camera)) if keep_off is not None else ()
    for where in _KEEP_OFF.values():
        out += tuple(where(ctx))
    return out


def _tokens_key(ctx: DrawContext) -> tuple:
    """What the tokens are drawn from: the state (as of its revision: a view without one is asked
    afresh each time), the selection, the highlighted tokens (camera and viewer: the frame) and
    what the names keep off."""
    view = ctx.view
    revision = getattr(view, "revision", None)
    return (ctx.state, revision if revision is not None else object(), getattr(view, "selected", None),
            getattr(view, "highlighted_tokens", lambda: frozenset())(),
            tuple(map(tuple, _names_keep_off(ctx))))


_tokens_layer = keyed(_draw_tokens, _tokens_key)
