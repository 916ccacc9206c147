"""The players' window: a second OS window with the map as the players may see it.

It is a ``pygame.Window`` of its own (for a TV or a projector) with its own
camera, its own board renderer (the same layers, ``viewer="players"``, drawn
from :func:`~tactics.ui.players.seen.players_state`, so secrets are not even
handed to the layers), its own pygame_gui manager, and the turn banner in
large type. It either follows the GM's camera (the same middle of the map) or
stays where the players' side put it. With a :class:`Calibration` one square
is a fixed physical size, whatever the GM's zoom.

The App gives it only the events that happened in it
(:func:`~tactics.ui.players.routing.belongs_to`) and asks it to redraw after
each step; it redraws only when what it shows changed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui

from tactics.rules.grid import Cell
from tactics.ui import board_record
from tactics.ui import intents as ui
from tactics.ui import theme
from tactics.ui.camera import Camera
from tactics.ui.badge_key import key_entries
from tactics.ui.panels.hotseat import paint_banner, turn_banner
from tactics.ui.players import style
from tactics.ui.players.displays import Displays, Placement
from tactics.ui.players.order_strip import draw_strip, order_slots, strip_height
from tactics.ui.players.routing import GM_KEYS, belongs_to
from tactics.ui.players.window_ui import WindowUIManager
from tactics.ui.players.scale import Calibration
from tactics.ui.players.seen import fog_cells, players_state
from tactics.ui.players.table_cards import TableCards
from tactics.ui.players.pins import draw_players_pin_labels, draw_players_pins, pin_marks
from tactics.ui.tools.templates import PinnedTemplate
from tactics.ui.widgets import blit_text
from tactics.ui.layers.hazards import live_grenade_marks
from tactics.ui.render import TEMPLATES_Z, TOKENS_Z, TOOL_Z, BoardRenderer, DrawContext

if TYPE_CHECKING:
    from tactics.engine.core.state import EncounterState
    from tactics.ui.app import App

FOG_Z = TOKENS_Z + 5  # over the tokens, under the tools: part of the cached board
TITLE = "Tactics - players' view"
MESSAGE_MS = 6000
log = logging.getLogger(__name__)


class GuardedRenderer(BoardRenderer):
    """The board renderer for the players' window: a layer that fails is left out, not fatal.

    Layers get the players' state, in which hidden creatures and traps are
    missing; a layer that looks one up by id (from ``state.combat``, say) would
    raise. The projector must keep showing the map, and leaving a layer out can
    only show less, never a secret.
    """

    failed: set[str]

    def layers(self, view: Any) -> list:
        if not hasattr(self, "failed"):
            self.failed = set()
        return [(z, name, self._guard(name, fn)) for z, name, fn in super().layers(view)]

    def _guard(self, name: str, fn: Callable[[DrawContext], None]) -> Callable[[DrawContext], None]:
        def guarded(ctx: DrawContext) -> None:
            try:
                fn(ctx)
            except (TypeError, board_record.NotRecordable) as exc:
                if isinstance(ctx.surface, board_record.RecordingSurface):
                    raise  # a layer that draws lines cannot be recorded: the board is then drawn whole
                self._left_out(name, exc)
            except Exception as exc:  # noqa: BLE001 - see the class docstring
                self._left_out(name, exc)

        return guarded

    def _left_out(self, name: str, exc: Exception) -> None:
        if name not in self.failed:
            self.failed.add(name)
            log.warning("players' window: layer %r left out: %s: %s", name, type(exc).__name__, exc)


class _PlayersView:
    """What the board layers may ask of the view in the players' window: nothing secret."""

    selected = None
    reach = None

    def __init__(self, owner: "PlayersWindow") -> None:
        self.owner = owner

    @property
    def pinned(self) -> list[PinnedTemplate]:
        """The GM's pinned templates: a draft for the table (hover previews are not shown)."""
        return list(getattr(self.owner.app.battle, "pinned", []) or [])

    def pins_key(self) -> tuple[int, int | None]:
        pins = self.pinned
        return (len(pins), id(pins[-1]) if pins else None)

    def highlighted_tokens(self) -> frozenset[str]:
        return frozenset()

    def layers(self) -> list:
        own = [(TEMPLATES_Z, "pinned-templates", lambda ctx: draw_players_pins(ctx, self.pinned)),
               (TOOL_Z, "pinned-labels", lambda ctx: draw_players_pin_labels(ctx, self.pinned))]
        return own + ([(FOG_Z, "fog", self.owner.draw_fog)] if self.owner.fog else [])


def players_window_size(display: tuple[int, int], displays: int) -> tuple[int, int]:
    """The size the players' window opens at: most of its own display (a TV: the players read
    it from across the table), or at most 1280x800 beside the GM's window on a single screen."""
    if displays > 1:
        return (max(640, display[0] - 80), max(480, display[1] - 120))
    return (min(1280, display[0]), min(800, display[1]))


class PlayersWindow:
    """The second window. ``display`` counts from 1; None: the last display (usually the TV)."""

    def __init__(self, app: "App", *, display: int | None = None, fullscreen: bool = False,
                 displays: Displays | None = None, size: tuple[int, int] | None = None) -> None:
        self.app = app
        self.displays = displays or Displays()
        self.placement: Placement = self.displays.place(display)
        wanted = size or players_window_size(self.placement.size, len(self.displays.sizes()))
        self.window = self.displays.open_window(TITLE, wanted, self.placement)
        # its widgets at its own scale, not the GM's window's (review 13 F12: with the GM's window at
        # 4K the button's text, twice the size, read "Following the" cut off at the edge)
        gm_scale = theme.set_scale(self.window.size)
        try:
            self.ui = WindowUIManager(self.window.size, theme.gui_theme())
            button = pygame.Rect(0, 0, theme.px(190), theme.px(40))
        finally:
            theme.set_scale(gm_scale)
        self.translator = ui.Translator()
        self.camera = Camera()
        self.follow = True
        self.fog = False
        self.room = True  # large type, high contrast
        self.calibration: Calibration | None = None
        self.fullscreen = False
        self.renderer: BoardRenderer | None = None
        self._view = _PlayersView(self)
        self.cards = TableCards()
        self._fitted: tuple | None = None  # (the board, the camera) the last fit left: _refit_if_fitted
        self._drag: tuple[tuple[int, int], bool] | None = None
        self._ate_key = False  # the last key pressed here was this window's (its text is not the GM's)
        self._key: Any = None
        self.dirty = True
        self.frames = 0
        self.drawn_state: EncounterState | None = None  # the state last drawn (tests look at it)
        self.showing = "map"  # or "starship": the GM's window is on the starship screen
        self._starship: Any = None
        self.message: str = self.placement.note  # shown for MESSAGE_MS, then gone
        self._message_until = self.app.clock() + MESSAGE_MS
        self.follow_button = pygame_gui.elements.UIButton(button, "", self.ui)
        self._place_widgets()
        if fullscreen and self.placement.note and len(self.displays.sizes()) == 1:
            # The wished display is missing and the only one is the GM's: full screen would cover
            # the GM's window (and without a window manager SDL may report a size it never got).
            fullscreen = False
            self.message += " It opens as a window (F11: full screen)."
        if fullscreen:
            self.set_fullscreen(True)
        self.fit()  # to the size the window really has (follow mode refits every frame anyway)

    # -- questions -------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return tuple(self.window.size)  # type: ignore[return-value]

    def type_scale(self) -> float:
        """How much this window's banner, strip and hint type grow with its size (style.type_scale)."""
        return style.type_scale(style.window_scale(self.size))

    def banner_h(self) -> int:
        # (in a window under 1280x720 never so low that its two lines cannot both be in it)
        return max(style.BANNER_MIN_H, round((style.BANNER_H if self.room else style.BANNER_H_PLAIN) * self.type_scale()))

    def seen_state(self) -> "EncounterState":
        """The state as the players may see it, fog and all: what everything here is asked of (the
        map's layers, the banner, the order strip, the cards), so nothing tells of a secret."""
        state = self.app.battle.state
        return players_state(state, fog=fog_cells(state) if self.fog else None)

    def board_rect(self, seen: "EncounterState | None" = None) -> pygame.Rect:
        w, h = self.size
        seen = seen if seen is not None else self.seen_state()
        top = self.banner_h() if turn_banner(seen, for_players=True) is not None else 0
        if order_slots(seen)[1]:  # the turn order strip under the banner
            top += strip_height(self.room, self.type_scale())
        return pygame.Rect(0, top, w, max(1, h - top))

    def owns(self, event: pygame.event.Event) -> bool:
        """Does this event belong to this window (its OS window, or its own widgets)?"""
        if belongs_to(event, self.window):
            return True
        element = getattr(event, "ui_element", None)
        return element is not None and getattr(element, "ui_manager", None) is self.ui

    # -- settings the GM changes -------------------------------------------------------
    def set_follow(self, on: bool) -> None:
        self.follow = on
        self._place_widgets()
        self.dirty = True

    def set_fog(self, on: bool) -> None:
        self.fog = on
        self.dirty = True

    def set_room_style(self, on: bool) -> None:
        self.room = on
        self.renderer = None
        self.dirty = True

    def calibrate(self, calibration: Calibration | None) -> None:
        self.calibration = calibration
        if calibration is not None and not self.follow:
            board = self.board_rect()
            self.camera.set_zoom(calibration.cell_px(), board.center)
            self.camera.cell_px = calibration.cell_px()  # set_zoom clamps; a calibration does not
        self.dirty = True

    def set_fullscreen(self, on: bool) -> bool:
        try:
            if on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
        except pygame.error as exc:
            self.say(f"Full screen is not available here: {exc}")
            return False
        self.fullscreen = on
        self._resized()
        return True

    def close(self) -> None:
        self.ui.clear_and_reset()
        try:
            self.window.destroy()
        except pygame.error:
            pass

    # -- events ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> str | None:
        """Handle one of this window's events; ``"close"`` when the window is closed, :data:`GM_KEYS`
        for a key (or its text) this window does not use: the GM's window takes it."""
        self.ui.track(event)
        if event.type == pygame.WINDOWCLOSE:
            return "close"
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self._resized()
            return None
        if event.type >= pygame.USEREVENT:
            if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.follow_button:
                self.set_follow(not self.follow)
            self.dirty = True
            return None
        if self.ui.process_events(event):
            self.dirty = True
            return None
        if event.type == pygame.TEXTINPUT:
            ate, self._ate_key = self._ate_key, False
            return None if ate else GM_KEYS  # the text of a key this window did not use: the GM's
        intent = self.translator.translate(event)
        used = intent is not None and self._intent(intent)
        if used:
            self.dirty = True
        if event.type == pygame.KEYDOWN:
            self._ate_key = used
            if not used:
                return GM_KEYS
        elif event.type == pygame.KEYUP:
            return GM_KEYS
        if event.type in (pygame.MOUSEMOTION, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWENTER,
                          pygame.WINDOWLEAVE, pygame.WINDOWRESTORED):
            self.dirty = True  # hover on its button, or the OS asks for a repaint
        return None

    def _intent(self, intent: Any) -> bool:
        if isinstance(intent, ui.Wheel):
            if self.calibration is not None:
                self.say("Zoom is fixed by the calibration (one square = a set size).")
                return True
            self._go_independent()
            return self.camera.zoom_at(intent.pos, intent.steps)
        if isinstance(intent, ui.PointerDown) and intent.button in {1, 2, 3}:
            self._drag = (intent.pos, False)
            return False
        if isinstance(intent, ui.PointerMove) and self._drag is not None:
            start, _ = self._drag
            if max(abs(intent.pos[0] - start[0]), abs(intent.pos[1] - start[1])) >= 4 or self._drag[1]:
                self._go_independent()
                self.camera.pan(intent.pos[0] - start[0], intent.pos[1] - start[1])
                self._drag = (intent.pos, True)
                return True
            return False
        if isinstance(intent, ui.PointerUp):
            self._drag = None
            return False
        if isinstance(intent, ui.KeyPress):
            return self._key_press(intent)
        return False

    def _key_press(self, intent: ui.KeyPress) -> bool:
        key = intent.key
        if key == pygame.K_g:
            self.set_follow(not self.follow)
            return True
        if key in (pygame.K_f, pygame.K_HOME):
            self._go_independent()
            self.fit()
            return True
        if key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return True
        if key == pygame.K_ESCAPE and self.fullscreen:
            self.set_fullscreen(False)
            return True
        arrows = {pygame.K_LEFT: (80, 0), pygame.K_RIGHT: (-80, 0), pygame.K_UP: (0, 80), pygame.K_DOWN: (0, -80)}
        if key in arrows:
            self._go_independent()
            self.camera.pan(*arrows[key])
            return True
        return False

    def _go_independent(self) -> None:
        if self.follow:
            self.set_follow(False)

    def fit(self) -> None:
        m = self.app.battle.encounter.map
        board = self.board_rect()
        self.camera.fit((board.x, board.y, board.width, board.height), m.width, m.height)
        if self.calibration is not None:
            self.calibrate(self.calibration)
        self._fitted = (tuple(board), self._camera_key())
        self.dirty = True

    def _camera_key(self) -> tuple:
        return (self.camera.cell_px, self.camera.origin_x, self.camera.origin_y)

    def _refit_if_fitted(self, board: pygame.Rect) -> None:
        """On its own camera, fitted and left so, but the banner and the order strip came or went
        (the fight began after the players' side pressed F): fit again below them, or the map's
        top rows lay under the banner (review 16 F2). No one acts on this window's map, so a new
        zoom here moves nothing under a pointer that is about to click."""
        fitted = self._fitted
        if (self.calibration is None and fitted is not None and fitted[1] == self._camera_key()
                and fitted[0] != tuple(board)):
            self.fit()

    def _resized(self) -> None:
        self.ui.set_window_resolution(self.size)
        self._place_widgets()
        if not self.follow and self.calibration is None:
            self.fit()  # the whole map in the window's real size
        self.dirty = True

    def _place_widgets(self) -> None:
        w, h = self.size
        bw, bh = self.follow_button.rect.size
        self.follow_button.set_relative_position((w - bw - 12, h - bh - 12))
        self.follow_button.set_text("Following the GM (G)" if self.follow else "Free camera (G)")

    # -- drawing ---------------------------------------------------------------------
    def _sync_camera(self, board: pygame.Rect) -> None:
        cal_px = self.calibration.cell_px() if self.calibration is not None else None
        if not self.follow:
            self._refit_if_fitted(board)
            return
        gm = self.app.battle
        gm_rect = gm.board_rect()
        # The part of the map the GM sees (the GM's empty margins and panels left out) fills this window.
        m = gm.encounter.map
        x0, y0 = gm.camera.to_grid(gm_rect.topleft)
        x1, y1 = gm.camera.to_grid(gm_rect.bottomright)
        x0, x1 = max(0.0, x0), min(float(m.width), x1)
        y0, y1 = max(0.0, y0), min(float(m.height), y1)
        if x1 - x0 < 1 or y1 - y0 < 1:
            x0, y0, x1, y1 = 0.0, 0.0, float(m.width), float(m.height)
        gx, gy = (x0 + x1) / 2, (y0 + y1) / 2
        if cal_px is not None:
            px = cal_px
        else:
            px = max(4, int(min((board.width - 24) / (x1 - x0), (board.height - 24) / (y1 - y0))))
        self.camera.cell_px = px
        self.camera.origin_x = round(board.centerx - gx * px)
        self.camera.origin_y = round(board.centery - gy * px)

    def _renderer(self) -> BoardRenderer:
        art = self.app.battle.renderer.art
        if self.renderer is None or self.renderer.art is not art:
            painter = style.RoomTokenPainter() if self.room else None
            self.renderer = GuardedRenderer(art, tokens=painter) if painter else GuardedRenderer(art)
        return self.renderer

    def state_key(self) -> tuple:
        enc = self.app.battle.encounter
        board = self.board_rect()
        self._sync_camera(board)
        return (id(enc.state), len(enc.journal.entries), len(enc.journal.redo_stack), self.fog, self.room,
                self.follow, self.camera.cell_px, self.camera.origin_x, self.camera.origin_y, self.size,
                self.message, tuple(board), id(self._renderer().art), self.app.battle.renderer.art.show_walls,
                self.starship_screen() is not None, self._view.pins_key())

    def say(self, text: str) -> None:
        self.message = text
        self._message_until = self.app.clock() + MESSAGE_MS
        self.dirty = True

    def wake_ms(self) -> int | None:
        """When its message goes (app clock): the loop wakes to clear it with no input."""
        return self._message_until if self.message else None

    def update(self, dt: float) -> bool:
        """Redraw if what the window shows changed; True if it drew."""
        self.ui.update(min(dt, 0.1))
        if self.message and self.app.clock() >= self._message_until:
            self.message = ""
        key = self.state_key()
        if not self.dirty and key == self._key:
            return False
        self.draw()
        self._key = key
        return True

    def draw(self) -> None:
        surface = self.window.get_surface()
        self.render(surface)
        if self.showing == "map":  # its Follow button is the map camera's: not over the space battle
            self.ui.draw_ui(surface)
        self.window.flip()
        self.frames += 1
        self.dirty = False

    def render(self, surface: pygame.Surface) -> None:
        """The players' picture (map, tokens, fog, banner) onto ``surface``; no widgets (at this
        window's own UI scale, not the GM's: under 1280x720 smaller with the window, the space
        battle's picture no smaller than its panels are laid out for, ``style.SPACE_SMALLEST_SCALE``)."""
        ship = self.starship_screen() is not None
        scale = style.window_scale(self.size)
        old = theme.set_scale(max(style.SPACE_SMALLEST_SCALE, scale) if ship else scale)
        try:
            self._render(surface)
        finally:
            theme.set_scale(old)

    def starship_screen(self) -> Any:
        """The GM's starship screen when the GM's window shows it (Tab), else None."""
        screen = self.app.screens[0] if self.app.screens else None
        return screen if type(screen).__name__ == "StarshipScreen" else None

    def _render(self, surface: pygame.Surface) -> None:
        screen = self.starship_screen()
        self.showing = "starship" if screen is not None else "map"
        if screen is not None:  # the space battle, public info only (as the GM's F2 preview)
            from tactics.ui.starship.players_view import PlayersStarship

            if self._starship is None:
                self._starship = PlayersStarship()
            self._starship.render(screen, surface)
            return
        state = self.app.battle.state
        surface.fill(style.BACKDROP if self.room else theme.BACKDROP)
        fog = fog_cells(state) if self.fog else None
        seen = players_state(state, fog=fog)
        board = self.board_rect(seen)
        self._sync_camera(board)
        self.drawn_state = seen
        self._fog = fog or frozenset()
        key = ("players", id(state), len(self.app.battle.encounter.journal.entries),
               len(self.app.battle.encounter.journal.redo_stack), self.fog, self.room, self._view.pins_key())
        self._renderer().draw_cached(surface, self.camera, seen, "players", clip=board, view=self._view, key=key)
        banner = turn_banner(seen, for_players=True)  # a turn the players are not shown is not in it (N-HOT-1)
        if banner is not None:
            rect = pygame.Rect(8, 6, surface.get_width() - 16, self.banner_h() - 12)
            paint_banner(surface, banner, rect, large=self.room)
        top = self.banner_h() if banner is not None else 0
        grow = self.type_scale()
        draw_strip(surface, seen, pygame.Rect(0, top, surface.get_width(), strip_height(self.room, grow)),
                   large=self.room, grow=grow)
        self._draw_cards(surface, seen, state, board)
        if self.message:
            pill = style.hint_pill(self.message, style.grown(20 if self.room else 16))
            blit_text(surface, pill, (12, surface.get_height() - pill.get_height() - 12), self.message)

    def _draw_cards(self, surface: pygame.Surface, seen: "EncounterState", state: "EncounterState",
                    board: pygame.Rect) -> None:
        """What is in force (Advantages Phase) and the last public roll: in a margin of the map, or in
        a corner clear of the tokens, their names and the pinned templates."""
        cam = self.camera
        tokens = []  # every token the players see, either side's, with its badges above and name below
        for who in seen.on_map():
            if who.cell is not None:
                x, y, w, h = cam.cell_rect(who.cell)
                tokens.append(pygame.Rect(x, y - h, w, 2 * h + max(16, h // 2)))
        tokens += self._renderer().tokens.drawn_words()  # names and condition words reach past the squares
        tokens += pin_marks(cam, seen, board, self._view.pinned)  # the pinned templates and their labels
        ctx = DrawContext(surface, cam, seen, "players", board, self._renderer(), view=self._view)
        tokens += live_grenade_marks(ctx)  # a live grenade's blast squares and its fuse card
        clear = [pygame.Rect(self.follow_button.get_abs_rect())] if self.showing == "map" else []
        m = self.app.battle.encounter.map
        map_area = pygame.Rect(cam.to_screen((0, 0)), (m.width * cam.cell_px, m.height * cam.cell_px))
        painter = self._renderer().tokens  # (it drew the players' copy: no hidden creature's badges)
        self.cards.draw(surface, seen, state, self.app.battle.encounter.journal, board, tokens, clear,
                        large=self.room, map_area=map_area,
                        badge_key=key_entries(painter.short_forms()) if self.showing == "map" else ())

    def draw_fog(self, ctx: DrawContext) -> None:
        cells: frozenset[Cell] = getattr(self, "_fog", frozenset())
        if cells:
            rgba = style.FOG_RGBA if self.room else style.FOG_RGBA_PLAIN
            ctx.renderer.cells.fill(ctx.surface, ctx.camera, cells, rgba, ctx.clip)

    def save_picture(self, path: str) -> None:
        """Save what the players' window shows (the CLI's ``--screenshot`` with ``--players-window``)."""
        self.draw()
        pygame.image.save(self.window.get_surface(), path)
