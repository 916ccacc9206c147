"""The app core: the window, the loop, a stack of screens, dirty-flag redraw.

:meth:`App.step` is the one-step function: it takes the pending pygame events,
translates them into intents for the top screen, and redraws only when
something changed. :meth:`App.run` waits for events (``pygame.event.wait``
with a timeout only when a message must expire, something reveals or moves on
a timer, or the toolbar is hovered), so an idle window uses no CPU.

Timed drawing: each screen's ``wake_ms()`` (and an add-on's) says when, on the
app's clock (:attr:`App.clock`), it next needs a frame of its own (a message that
expires, the fire dialog's next die). The time is read once a frame is drawn and
the loop wakes for it (:meth:`App.frame_due`): read only before drawing, a reveal
that had already moved on to its next die was never drawn until the pointer moved
(review 18, finding 1).
"""

from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

import tactics
from tactics.engine.core.encounter import Encounter
from tactics.ui import intents as ui
from tactics.ui.intents import KeyPress
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.retained import Frame, Screen
from tactics.ui.terminate import TERMINATE
from tactics.ui.battle import BattleView
from tactics.ui.focus import click_leaves_field, dialog_key, focused_text_field, keyboard_owner
from tactics.ui.idle import WidgetWatch
from tactics.ui.hazards import attach_hazards  # grenade and trap tools, trap layer (issue 4)
from tactics.ui.opponent import attach_opponent
from tactics.ui.gm_menu import attach_gm_menu
from tactics.ui.builder.addon import attach_builder  # the encounter builder: Set up tool, panel, token drag (issue 10)
from tactics.ui.opening import OpenError, open_path
from tactics.ui.panels.toolbar import Toolbar
from tactics.ui.elide import NAME_KEEP, middle
from tactics.ui.tools.registry import TOOL_CLASSES

if TYPE_CHECKING:
    from tactics.ui.faults import FaultGuard
    from tactics.ui.panels.help import HelpScreen
    from tactics.ui.players.window_ui import WindowUIManager
    from tactics.ui.panels.hotseat import HotseatBanner
    from tactics.ui.players.control import PlayersControl
    from tactics.ui.players.table_dialog import TableDialog
    from tactics.ui.saving import Saving
    from tactics.ui.starship.screen import StarshipScreen

ACTIONS = [
    ("fit", "Fit", "<b>Fit the map</b> (Home or F)"),
    ("open", "Open", "<b>Open a map or encounter</b> (Ctrl+O), or drop a file on the window"),
    ("help", "Help", "<b>Every shortcut</b> (F1)"),
    ("starship", "Starship", "<b>Starship screen / battle map</b> (Tab): the ships, crew posts and phases"),
]

UI_FRAME_MS = 33
SCREEN_MARGIN = (0, 80)  # the task bar and the window's title bar


def fit_to_screen(size: tuple[int, int], desktops: list[tuple[int, int]] | None = None) -> tuple[int, int]:
    """``size`` made no larger than the desktop it opens on (less the task and title bars);
    ``desktops`` as SDL reports them (None: ask SDL; headless, the size asked for is kept)."""
    if desktops is None:
        if os.environ.get("SDL_VIDEODRIVER") == "dummy":
            return size  # headless: the size asked for (screenshots, tests)
        try:
            desktops = [(int(d[0]), int(d[1])) for d in pygame.display.get_desktop_sizes()]
        except pygame.error:
            return size
    if not desktops:
        return size
    dw, dh = desktops[0]
    return (max(320, min(size[0], dw - SCREEN_MARGIN[0])), max(240, min(size[1], dh - SCREEN_MARGIN[1])))


class App:
    """One window showing a stack of screens (the battle view at the bottom)."""

    # the table-side add-ons, attached by tactics.ui.tableside.attach_tableside
    starship: StarshipScreen | None = None  # made on the first Tab
    saving: Saving
    players: PlayersControl
    table: TableDialog
    hotseat: HotseatBanner

    def __init__(self, encounter: Encounter, *, size: tuple[int, int] = (1600, 900), viewer: str = "gm",
                 fullscreen: bool = False) -> None:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # only the parts a window uses: the app plays no sound, and ``pygame.init()`` also opened
        # an audio device (closing it waited ~30 ms for its thread) and the joysticks
        pygame.display.init()
        theme.start_fonts()  # the fonts and texts cached by an earlier window kept while they are valid
        pygame.display.set_caption(f"Tactics - {encounter.state.name}")
        asked, size = size, fit_to_screen(size)  # never larger than the screen it opens on
        self.windowed_size = size
        self.fullscreen = False
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.window.get_size()
        theme.set_scale(self.size)  # the UI scale follows the window (theme.py)
        self._ui: WindowUIManager | None = None  # pygame_gui's manager: made when first needed (App.ui)
        self._pressed_text: tuple[str, bool] | None = None  # the last key's text, and was a box focused
        self._pointer: tuple[int, int] | None = None  # where the pointer is in this window (None: outside)
        self.translator = ui.Translator()
        self.toolbar = Toolbar(self.size, TOOL_CLASSES, ACTIONS, self._tool_pressed, self._action_pressed)
        self.screens: list[Any] = [BattleView(self, encounter, viewer)]
        self.toolbar_show("select")
        self.dirty = True
        self.running = True
        self.frames = 0
        self.file_dialog: Any = None  # pygame_gui's UIFileDialog while one is open
        self._clock = pygame.time.Clock()
        #: the app's clock in ms, read by everything timed the loop wakes for (messages, the fire
        #: dialog's dice); tests set their own and step the app with no input to advance it
        self.clock: Callable[[], int] = pygame.time.get_ticks
        self._frame_due: int | None = None  # when the frame last drawn asked for the next (wake_at)
        self.widgets = WidgetWatch()  # redraw for the toolbar only when a widget looks different
        self.screen = Screen()  # what the window shows: a frame repaints only what changed (retained.py)
        self.inputs = 0  # events handled so far: a panel keyed by it is drawn again after any input
        self.presses = 0  # ... of them all but pointer moves (a pointer move shows on a panel only as its hover)
        self.addons: list[Any] = []  # at-the-table parts (saving, players' window, hot seat): see _addons
        from tactics.ui.tableside import attach_table

        attach_table(self)
        attach_hazards(self)  # animations, facing prompt (issue 4)
        attach_gm_menu(self)  # the GM's right-click menu: damage, heal, conditions, detonate (app.gm_menu)
        attach_opponent(self)  # the app-controlled teams play themselves, one command per beat (F6)
        attach_builder(self)  # setting up a fight: add, edit, drag, save as an encounter file (app.builder)
        self._addons("opened", encounter)
        if fullscreen:
            self.toggle_fullscreen()
        elif tuple(size) != tuple(asked):  # said, not done silently (review 12: --size 1280x720 opened 1280x640)
            self.battle.say(f"The window is {size[0]}x{size[1]}: {asked[0]}x{asked[1]} does not fit this screen "
                            "with its task and title bars.", "info")

    # -- pygame_gui ---------------------------------------------------------------------
    @property
    def ui(self) -> WindowUIManager:
        """pygame_gui's manager for this window, made (and pygame_gui imported) when a text box or
        a dialog first needs it: the first frame needs neither (issue 12: start time)."""
        if self._ui is None:
            from tactics.ui.players.window_ui import WindowUIManager

            self._ui = WindowUIManager(self.size, theme.gui_theme())  # sees only this window's pointer
            if self._pointer is not None:
                self._ui.pointer_at(self._pointer)
        return self._ui

    @property
    def gui(self) -> WindowUIManager | None:
        """The manager if one was made (None: no text box or dialog was ever shown here)."""
        return self._ui

    def _track(self, event: pygame.event.Event) -> None:
        """Follow the pointer in this window (the toolbar's hover, a manager made later)."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._pointer = (int(event.pos[0]), int(event.pos[1]))
        elif event.type == pygame.WINDOWLEAVE:
            self._pointer = None
        if self._ui is not None:
            self._ui.track(event)

    # -- screens -------------------------------------------------------------------
    @property
    def battle(self) -> BattleView:
        bottom = self.screens[0]
        return bottom if isinstance(bottom, BattleView) else bottom.battle  # the starship screen keeps it

    # -- the starship screen (issue 5): swapped with the battle view at the bottom ----------
    def show_starship(self) -> None:
        from tactics.ui.starship.screen import StarshipScreen

        battle = self.battle
        screen = getattr(self, "starship", None)
        if screen is None or screen.battle is not battle:
            if screen is not None:
                screen.close()
            screen = self.starship = StarshipScreen(self, battle)
        self.screens[0] = screen
        self._starship_label("Battle map")
        self.toolbar.show_map_tools(False)  # the map's tools mean nothing on the starship screen

    def show_battle(self) -> None:
        self.screens[0] = self.battle
        self._starship_label("Starship")
        self.toolbar.show_map_tools(True)

    def toggle_starship(self) -> None:
        if self.screens[0] is self.battle:
            self.show_starship()
        else:
            self.show_battle()

    def _starship_label(self, text: str) -> None:
        for button, (_, name) in self.toolbar.buttons.items():
            if name == "starship":
                button.set_text(text)
        self.dirty = True

    @property
    def top(self) -> Any:
        return self.screens[-1]

    def push_screen(self, screen: Any) -> None:
        self.screens.append(screen)
        self.dirty = True

    def pop_screen(self) -> None:
        if len(self.screens) > 1:
            self.screens.pop()
            self.dirty = True

    def open_file(self, path: str | Path, encounter: Encounter | None = None) -> bool:
        """Open a map or encounter in place of the current one; on failure keep it and say why.
        ``encounter``: the file as already read (:meth:`read_file`), so it is not read twice."""
        if encounter is None:
            encounter = self.read_file(path)
        if encounter is None:
            return False
        self.use_encounter(encounter, f"Opened {middle(Path(path).name, NAME_KEEP)}.")
        return True

    def read_file(self, path: str | Path) -> Encounter | None:
        """Read and check a map or encounter file (None: it cannot be opened; the window says why
        and the current game stays)."""
        self._show_opening(middle(Path(path).name, NAME_KEEP))
        try:
            return open_path(path)
        except OpenError as exc:
            shown = Path(exc.path).name if exc.path else Path(path).name  # the file by its name: the path is long
            # a 250-letter name shortened in its middle: its start, its end and the reason stay readable
            self.battle.say(f"Could not open {middle(shown, NAME_KEEP)}: {exc.problem}", "error")
            self._addons("open_failed", path, exc)
            return None

    def _show_opening(self, name: str) -> None:
        """"Opening NAME ..." drawn on the window before the load starts: a big export takes
        seconds, and a window that shows nothing meanwhile looks hung (review 7, finding 8)."""
        self.battle.say(f"Opening {name} ...", "busy")
        if self.running and pygame.display.get_surface() is not None:
            self.draw()

    def use_encounter(self, encounter: Encounter, message: str) -> None:
        """Show ``encounter`` in place of the current one (an opened file, a restored autosave)."""
        old = self.battle
        old.close()
        tactics.start_replaced()  # the start's view can be collected (tactics/__init__.py)
        self.screens = [BattleView(self, encounter, old.viewer)]
        if self.starship is not None:
            self.starship.close()
            self.starship = None
        self._starship_label("Starship")
        self.toolbar.show_map_tools(True)
        self.toolbar_show("select")
        pygame.display.set_caption(f"Tactics - {encounter.state.name}")
        problem = self.battle.renderer.art.problem  # the map's art not all shown: say so over "Opened"
        self.dirty = True
        self._addons("opened", encounter)
        self.show_its_screen()  # a save or restore mid space combat: the screen it was on (review 8)
        self.say_shown(self.battle.opened_message(message), "warn" if problem else "good")

    def show_its_screen(self) -> None:
        """The screen a game opens on, one decision for every way in (the command line, Ctrl+O, a
        restore): the starship screen when it stopped mid space combat, else the map."""
        from tactics.ui.starship.resume import reopens_on_starship  # (not on the first frame: test_start_lazy)

        if reopens_on_starship(self.battle.encounter):
            self.show_starship()

    def say_shown(self, text: str, kind: str = "info") -> None:
        """Say ``text`` on the map's status line and on the starship screen's when that is the one
        shown ("Restored the autosave ..." after a restore mid space combat was on the map only)."""
        self.battle.say(text, kind)
        shown = self.screens[0]
        if shown is not self.battle and hasattr(shown, "say"):
            shown.say(text, kind)

    # -- toolbar -------------------------------------------------------------------------
    def toolbar_show(self, tool_name: str) -> None:
        self.toolbar.show_active(tool_name)
        self.dirty = True

    def draw_toolbar_background(self, surface: pygame.Surface, title: str) -> None:
        self.toolbar.draw_background(surface, title)

    def _tool_pressed(self, name: str) -> None:
        if self.screens[0] is not self.battle:
            self.show_battle()
        self.battle.set_tool(name)

    def _action_pressed(self, name: str) -> None:
        if name == "fit":
            self.battle.fit()
        elif name == "open":
            self.show_open_dialog()
        elif name == "help":
            self.push_screen(self.help_card())
        elif name == "starship":
            self.toggle_starship()
        self.dirty = True

    def show_open_dialog(self) -> None:
        if self.file_dialog is not None and self.file_dialog.alive():
            return
        from tactics.assets import bundled_name
        from tactics.ui.file_dialogs import file_dialog  # laid out at the UI scale (its parts grow at 4K)

        source = self.battle.encounter.source
        # the folder of the file open now; for a bundled map (inside the installed app) the folder the
        # app was started in, where a GM keeps their own maps (review 12: it opened in site-packages)
        folder = Path(source).parent if source and bundled_name(source) is None else Path.cwd()
        self.file_dialog = file_dialog(self.ui, self.size, "Open a map or encounter", str(folder),
                                       existing_only=True)

    # -- window ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        size = (max(320, size[0]), max(240, size[1]))
        window = pygame.display.get_surface()
        self.size = window.get_size() if window is not None else size
        if window is not None:
            self.window = window
        if self._ui is not None:
            self._ui.set_window_resolution(self.size)
        self.toolbar.screen_size = self.size
        if theme.scale_for(self.size) != theme.scale():
            theme.set_scale(self.size)
            if self._ui is not None:
                self._ui.get_theme().load_theme(theme.gui_theme())  # the widgets' font at the new scale
            # dialogs built at the old scale build again, once, at the new one; only then is what is
            # left rebuilt in the new font: rebuilt first, their old-size labels were too small for
            # it (18 "Label Rect is too small" warnings a resize, for boxes thrown away at once)
            self._addons("rescaled")
            if self._ui is not None:
                self._ui.rebuild_all_from_changed_theme_data()
            self.toolbar.rescale(self.size)
        self.dirty = True

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.size
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self.resize(self.window.get_size())
        self.battle.fit()

    # -- the loop -----------------------------------------------------------------------------
    def ui_busy(self) -> bool:
        """Must every frame be drawn (an open dialog, an add-on animating)? The toolbar's own
        hover and tool tips redraw only when they change (tactics/ui/idle.py)."""
        if self.file_dialog is not None and self.file_dialog.alive():
            return True
        return bool(self._addons("busy"))

    def step(self, first: pygame.event.Event | None = None, *, guard: FaultGuard | None = None) -> bool:
        """Handle every pending event, redraw if anything changed; False once quitting.

        ``guard`` (the window's loop: :meth:`run`): each event's handling and the rest of the step
        run under it, so a fault in one input is said and the next inputs are still handled."""
        events = ([first] if first is not None else []) + pygame.event.get()
        for event in events:
            if guard is None:
                self._handle(event)
            else:
                guard.input(partial(self._handle, event))
        if guard is None:
            self._finish_step()
        elif not guard.frame(self._finish_step):
            return False
        return self.running

    def _finish_step(self) -> None:
        """The step after its events: the selection following a new turn, the widgets' time, the
        redraw if anything changed, the add-ons."""
        if self.battle.follower.follow():  # the selection follows a new turn (review 16, F15)
            self.dirty = True
        dt = min(self._clock.tick() / 1000.0, 0.1)
        if self._ui is not None:
            self._ui.update(dt)
        self.toolbar.update(dt)
        if self.widgets.changed(self._ui, self.toolbar) or self.ui_busy():
            self.dirty = True
        due = self.frame_due()
        if due is not None and self.clock() >= due:
            self.dirty = True
        if self.dirty and self.running:
            self.draw()
        if self.running:
            self._addons("update")  # the players' window redraws if what it shows changed

    def wake_at(self) -> int | None:
        """The soonest time (app clock, ms) a screen or an add-on needs a frame by itself, as they
        stand now (None: nothing is timed; the loop sleeps until an event)."""
        times = [wake() for wake in [getattr(s, "wake_ms", None) for s in self.screens]
                 + [getattr(a, "wake_ms", None) for a in self.addons] if wake is not None]
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def frame_due(self) -> int | None:
        """When the next frame must be drawn with no input: the sooner of what the last frame drawn
        asked for and what the screens ask for now (None: not until an event)."""
        due = [t for t in (self._frame_due, self.wake_at()) if t is not None]
        return min(due) if due else None

    def _addons(self, hook: str, *args: Any) -> bool:
        """Call ``hook`` on every add-on that has it, in order; True as soon as one used the call."""
        for addon in self.addons:
            fn = getattr(addon, hook, None)
            if fn is not None and fn(*args):
                return True
        return False

    def _typed_by_opener(self, event: pygame.event.Event) -> bool:
        """Is ``event`` the character of a key that opened a text field (A: "Add combatant")?
        SDL sends a key's ``TEXTINPUT`` after its ``KEYDOWN``: the field the key press opened
        and focused would get the letter ("a" in the new combatant's name, review 5)."""
        if event.type == pygame.KEYDOWN:
            self._pressed_text = (getattr(event, "unicode", ""), focused_text_field(self._ui) is not None)
            return False
        if event.type != pygame.TEXTINPUT:
            return False
        pressed, self._pressed_text = self._pressed_text, None
        return (pressed is not None and not pressed[1] and bool(pressed[0]) and event.text == pressed[0]
                and focused_text_field(self._ui) is not None)

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == TERMINATE:  # SIGTERM or SIGHUP (tactics/ui/terminate.py): no question asked
            self.terminate(int(getattr(event, "signal", 0)))
            return
        self.inputs += 1
        if event.type != pygame.MOUSEMOTION:
            self.presses += 1
        if self._addons("route", event):  # an event of the players' window goes there only
            self.dirty = True
            return
        self._track(event)
        if self._typed_by_opener(event):
            return
        manager = self._ui
        consumed = manager.process_events(event) if manager is not None else False
        click_leaves_field(self, event, consumed)
        if not consumed and self.toolbar.handle(event):  # a click on a toolbar button
            self.dirty = True
            return
        if event.type >= pygame.USEREVENT and self._addons("ui_event", event):
            self.dirty = True
            return
        if manager is not None and event.type >= pygame.USEREVENT:
            import pygame_gui  # (a manager exists: it is imported)

            if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
                self.request_open(event.text)
                return
        if event.type >= pygame.USEREVENT:
            handler = getattr(self.top, "ui_event", None)  # e.g. Enter in a panel's text box
            if handler is not None:
                handler(event)
            self.dirty = True
            return
        if consumed:
            self.dirty = True
            return
        intent = self.translator.translate(event)
        if intent is None:
            return
        if isinstance(intent, ui.QuitRequested):
            self.request_quit()
            return
        if isinstance(intent, ui.Resized):
            self.resize(intent.size)
        if isinstance(intent, ui.FileDropped):
            self.request_open(intent.path)
            return
        if isinstance(intent, ui.KeyPress) and (owner := keyboard_owner(self)) is not None:
            if dialog_key(self, owner, intent):  # a text field or dialog has the keyboard: no map shortcut
                self.dirty = True
                return
        if isinstance(intent, ui.KeyPress) and self._global_key(intent):
            self.dirty = True
            return
        if self._addons("handle", intent) or self.top.handle(intent) or self._addons("fallback", intent):
            self.dirty = True

    def _global_key(self, intent: KeyPress) -> bool:
        if self._addons("key", intent):
            return True
        if intent.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if intent.key == pygame.K_F1 and len(self.screens) == 1:
            self.push_screen(self.help_card())
            return True
        if intent.ctrl and intent.key == pygame.K_o:
            self.show_open_dialog()
            return True
        if intent.ctrl and intent.key == pygame.K_q:
            self.request_quit()
            return True
        if intent.key == pygame.K_TAB and len(self.screens) == 1 and not intent.ctrl:
            self.toggle_starship()  # issue 5: Tab swaps the battle map and the starship screen
            return True
        return False

    def help_card(self) -> HelpScreen:
        """The F1 card of the screen shown: the starship screen's keys there, else the battle map's."""
        from tactics.ui.panels.help import HelpScreen  # (shown on F1 only: not imported for the first frame)

        on_starship = self.starship is not None and self.screens[0] is self.starship
        return HelpScreen(self, TOOL_CLASSES, "starship" if on_starship else "battle")

    def request_quit(self) -> None:
        """Ctrl+Q or the window's close button: quit, unless an add-on asks first (unsaved game)."""
        if not self._addons("quitting"):
            self.running = False

    def request_open(self, path: str | Path) -> None:
        """Ctrl+O's OK or a dropped file: open it, unless an add-on asks first (unsaved game). The
        file is read and checked first: one that cannot be opened says why at once, with no question
        about saving a game it would not replace (review 14, finding 9)."""
        if self._addons("open_blocked", path):  # a question already on screen is answered first
            return
        encounter = self.read_file(path)
        if encounter is None:
            return
        if not self._addons("before_open", path, encounter):
            self.open_file(path, encounter)

    def draw(self) -> None:
        surface = pygame.display.get_surface()
        assert surface is not None  # the window is open
        theme.set_scale(self.size)  # the players' window draws at its own scale
        if surface is not self.window:
            self.window = surface
            self.screen.forget()
        # a part repainted alone needs the battle view at the bottom and nothing over it
        self.screen.draw(surface, self.draw_parts, can_partial=len(self.screens) == 1 and self.screens[0] is self.battle)
        pygame.display.flip()
        self._frame_due = self.wake_at()  # what this frame shows next by itself (a die, an expiry)
        self.frames += 1
        if self.frames == 1:
            tactics.started()  # the start is over: the cycle collector's usual schedule (tactics/__init__.py)
        self.dirty = False

    def draw_parts(self, frame: Frame) -> None:
        """Everything the window shows, in drawing order, as parts of ``frame`` (see retained.py):
        a part with a key is drawn again only when its key changed or something under it did."""
        bottom = self.screens[0]
        if isinstance(bottom, BattleView):
            bottom.draw(frame.surface, frame)
        else:
            frame.part("bottom", None, bottom.draw)
        self._draw_addons(frame)
        frame.part("toolbar", self.toolbar.signature(), self.toolbar.draw)
        if self._ui is not None:
            manager = self._ui

            def gui(surface: Any) -> None:
                # An element closed or hidden while the panels drew (the typed-dice box once its roll
                # is in) is still in the list pygame_gui blits until its next update: the frame kept
                # the emptied box over the roll card until the pointer moved (review 16, F8).
                manager.get_sprite_group().update_visibility()
                manager.draw_ui(surface)
                probe.gui(manager, surface)  # layout tests: what pygame_gui drew (nothing otherwise)

            frame.part("gui", None, gui)
        for i, screen in enumerate(self.screens[1:]):
            frame.part(f"screen {i + 1}", None, screen.draw)

    def _draw_addons(self, frame: Frame) -> None:
        """Each add-on's ``draw`` as a part of its own, in order, until one says it drew over the
        rest (True). An add-on with a ``draw_key`` (what its drawing shows) is kept while that is
        unchanged: the hot-seat banner shown in every fight made each frame of it a whole one."""
        done = False
        for i, addon in enumerate(self.addons):
            draw = getattr(addon, "draw", None)
            if draw is None:
                continue
            if done:
                frame.part(f"addon {i}", "after one that drew over it", lambda surface: False)
                continue
            draw_key = getattr(addon, "draw_key", None)
            done = bool(frame.part(f"addon {i}", None if draw_key is None else draw_key(), draw))

    def run(self) -> int:
        """The window's loop until it closes: 0, or 1 when a fault of the app's own came back at every
        step (each step is guarded: a fault is reported and said, and the game goes on; ui/faults.py)."""
        from tactics.ui.faults import FaultGuard  # (the loop's, not the first frame's)

        guard = FaultGuard(self._say_fault)
        self.step(guard=guard)
        while self.running and not guard.gave_up:
            timeout = UI_FRAME_MS if self.ui_busy() else (self.widgets.wake_ms(self._ui, self.toolbar) or 0)
            wake = self.frame_due()
            if wake is not None:
                until = max(1, wake - self.clock() + 5)
                timeout = min(timeout, until) if timeout else until
            event = pygame.event.wait(timeout) if timeout else pygame.event.wait()
            self.step(event if event.type != pygame.NOEVENT else None, guard=guard)
        self._addons("closing")
        pygame.quit()
        return 1 if guard.gave_up else 0

    def terminate(self, number: int) -> None:
        """The process was told to terminate (a logout, a shutdown, ``kill``): the game as it stands
        made sure to be in an autosave, said on the terminal, and the window closes at once, asking
        nothing (review 18: "Quit Tactics?" opened and the process stayed). The next start offers
        the autosave, as after a crash."""
        from tactics.ui.terminate import signal_name

        saving = getattr(self, "saving", None)
        kept = saving.flush_autosave() if saving is not None else None
        unsaved = saving is not None and saving.unsaved()
        failed = saving is not None and saving.autosaver is not None and saving.autosaver.last_error is not None
        if unsaved and kept is not None:
            words = f"the last changes are in the autosave {kept.name}; the next start offers it"
        elif unsaved and not failed:
            words = "the last changes are in its autosaves; the next start offers them"
        elif unsaved:
            words = "the last changes could not be autosaved (see the warning above)"
        else:
            words = "nothing unsaved"
        print(f"tactics: {signal_name(number)}: closing the window; {words}", file=sys.stderr, flush=True)
        self.running = False

    def _say_fault(self, text: str, kind: str) -> None:
        self.say_shown(text, kind)
        self.dirty = True

    def screenshot(self, path: str | Path) -> None:
        self.draw()
        surface = pygame.display.get_surface()
        assert surface is not None  # the window is open
        pygame.image.save(surface, str(path))
