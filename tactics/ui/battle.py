"""The battle view: the board screen that tools work on.

It owns the camera, the selection, the hover square, pinned templates and the
current tool; it turns intents into tool calls, camera moves and commands
submitted to the encounter. It never edits the state itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.combat.moves import STEP_KINDS
from tactics.engine.combat.reach_inputs import downed, entry_keeps_reach
from tactics.engine.core.labels import entry_label
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.engine.core.touched import places_only, touched_combatants
from tactics.rules.grid import Cell, square_words
from tactics.ui import draw, theme
from tactics.ui import layout_probe as probe
from tactics.ui import intents as ui
from tactics.ui.camera import Camera
from tactics.ui.follow_acting import ActingFollower
from tactics.ui.badge_key import draw_gm_key, key_height
from tactics.ui.banner import draw_banner, shows_banner
from tactics.ui.mapart import MapArt
from tactics.ui.messages import TimedMessages
from tactics.ui.panels.combat import CombatPanels
from tactics.ui.panels.side import draw_side_rows, side_rows
from tactics.ui.panels import status
from tactics.ui.panels.hotseat import HotseatBanner
from tactics.ui.long_names import long_names, shorten_names
from tactics.ui.token_changes import CellIndex, TokenChanges
from tactics.ui.tokens import condition_word, label_text
from tactics.ui.placement import hover_name_rect
from tactics.ui.render import CURSOR_Z, TEMPLATES_Z, BoardRenderer, DrawContext
from tactics.ui.retained import Frame, Screen
from tactics.ui.tools.base import Tool
from tactics.ui.tools.registry import TOOL_CLASSES
from tactics.ui.tools.select import Reach, compute_reach, move_budget
from tactics.ui.tools.templates import PinnedTemplate, draw_pinned
from tactics.ui.widgets import lit_buttons

if TYPE_CHECKING:
    from tactics.ui.app import App
    from tactics.ui.panels.turns import TurnsPanel

MESSAGE_MS = 5000
OPENED_MESSAGE_MS = 60_000  # what an opened file brought in (or lacks): read while the GM first looks at the map
DRAG_START_PX = 4


#: px (at scale 1) the fight's banners take: the phase card's title row at the top, the turn banner
#: (End turn) and its gap above the board's bottom at the bottom: the fit leaves them free
BANNER_TOP, BANNER_BOTTOM = 84, HotseatBanner.HEIGHT + HotseatBanner.GAP
#: px (at scale 1) Fit leaves between the map and the room's edges (the panels' columns and the
#: banners' strips, which have their own gaps): 24 screen px at any size left the bundled map at
#: 22 px/square at 1280x720 (outside review 17, N6)
FIT_MARGIN = 8

class BattleView(TimedMessages):
    """The main screen: one encounter on the board."""

    message_ms = MESSAGE_MS

    def __init__(self, app: "App", encounter: Encounter, viewer: str = "gm") -> None:
        self.app = app
        self.encounter = encounter
        self.viewer = viewer
        self.camera = Camera()
        self.renderer = BoardRenderer(MapArt(encounter.map))
        self.selected: str | None = None
        self.reach: Reach | None = None
        self._reach_down: frozenset[str] = frozenset()  # who was down when the reach was worked out
        self.step_for: str | None = None  # whose reach is the 5 ft step alone (N-MOVE-8)
        self.hover_pos: tuple[int, int] | None = None
        self.side_rect: pygame.Rect | None = None  # the side card as last drawn
        self.players_pill_rect: pygame.Rect | None = None  # the "PLAYERS' VIEW" pill as last drawn (F2)
        self.badge_key_drawn: tuple | None = None  # the short badges' key: (its entries, where), or None
        self._key_rooms: tuple[int, int] = (0, 0)  # the room the tracker left for the key last, and what it needed
        self._hover_camera: tuple | None = None  # the camera hover_cell was worked out with
        self.hover_cell: Cell | None = None
        self.bad_cell: Cell | None = None
        self.pinned: list[PinnedTemplate] = []
        self.message: tuple[str, str, int] | None = None
        self.shift_held = False
        self._version = 0  # bumped by invalidate(): forces the board to recompose
        self.revision = 0  # bumped by every change of the state (the journal's): keyed board layers read it
        self._tracker_drawn: tuple | None = None  # (the tracker's key, its lit buttons) when last drawn
        self.roster_revision = 0  # ... but not by a change of squares, facings or doors alone in the GM's view of a fight
        self.token_changes = TokenChanges()  # which combatants each change touched (the tokens layer)
        self._lit_with: dict[str, Any] = {}  # panels' part -> the pointer their buttons were last drawn with
        self._cells_kept = CellIndex()  # the token on each square (token_at)
        self._long_names: tuple | None = None  # (state, change number) and its long names (the status line)
        self._drag: tuple[int, tuple[int, int], bool] | None = None  # button, start, panning
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        self.tool: Tool = self.tools["select"]
        self.combat = CombatPanels(self)  # ground combat panels (issue 3)
        self.turns: TurnsPanel | None = None  # individual turns (issue 6); imported only for them (issue 12)
        if encounter.state.mode == "individual":
            from tactics.ui.panels.turns import TurnsPanel

            self.turns = TurnsPanel(self)
        encounter.journal.listeners.append(self._on_journal)
        self.picked_for_turn: str | None = None  # selected by the follower as its turn began (follow_acting.py)
        self.follower = ActingFollower(self)  # the selection follows the turn (review 16, F15)
        self.fit()
        # What the file brought in or lacks stays until the next message, or OPENED_MESSAGE_MS: at 5 s
        # it was gone before a GM looking at the map read the status line (review 20 m6).
        if self.renderer.art.problem:  # opened all the same: a warning, whichever way it was opened
            self.say(self.opened_message(), "warn", ms=OPENED_MESSAGE_MS)
        elif self.imported_words():  # what an imported map brought in (review 18)
            self.say(self.opened_message(), "good", ms=OPENED_MESSAGE_MS)

    def imported_words(self) -> str | None:
        """The walls, doors, windows and lights an imported map (Tiled, UVTT) opened directly brought
        in, and whether the wall lines show (:mod:`tactics.ui.imported`); None for any other file."""
        from tactics.ui.imported import imported_words

        battle_map = self.state.map
        if self.encounter.source and self.encounter.source != battle_map.source:
            return None  # an encounter or a save: the map came in when it was set up
        return imported_words(battle_map, walls_shown=self.renderer.art.show_walls, gm=self.viewer == "gm")

    def opened_message(self, message: str | None = None) -> str:
        """"Opened x.tmx." and, when part of the map's art cannot be shown, why (finding 5); for an
        imported map, what came in ("Opened keep.tmx: 3 wall lines, 1 door; wall lines shown ...")."""
        if message is None:
            source = self.encounter.source or self.state.map.source
            message = f"Opened {Path(source).name}." if source else "Opened the map."
        imported = self.imported_words()
        if imported and message.startswith("Opened "):
            message = f"{message.rstrip('.')}: {imported}."
        problem = self.renderer.art.problem
        return f"{message.rstrip('.')} - {problem}" if problem else message

    # -- reading ----------------------------------------------------------------
    @property
    def state(self) -> EncounterState:
        return self.encounter.state

    @property
    def query_state(self) -> EncounterState:
        """What the view's questions (reach, hover path, "X already stands there") are asked of:
        in the players' view (F2) the players' copy, without hidden creatures (issue 10), so no
        answer can give away where one stands; else the encounter's state."""
        if self.viewer == "gm":
            return self.state
        from tactics.ui.players.seen import players_state

        journal = self.encounter.journal
        key = (id(self.state), len(journal.entries), len(journal.redo_stack))
        cached = getattr(self, "_players_copy", None)
        if cached is None or cached[0] != key:
            # the real turn kept: who may move now is the engine's answer, not the players' picture
            cached = self._players_copy = (key, players_state(self.state, turn_shown=False))
        return cached[1]

    def board_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, theme.TOOLBAR_H, w, max(1, h - theme.TOOLBAR_H - theme.STATUS_H))

    def visible(self, who: Combatant) -> bool:
        return self.viewer == "gm" or not self.state.hidden_from_players(who)

    def token_at(self, cell: Cell) -> Combatant | None:
        who = self._by_cell().get(cell)
        if who is not None and self.visible(who):
            return who
        return None

    def _by_cell(self) -> dict[Cell, Combatant]:
        """``state.at`` for every square at once, kept in step with each change of the state (the
        journal's, :class:`CellIndex`): the pointer asks several times a frame, and with 1000
        tokens each ask looked at them all."""
        return self._cells_kept.cells(self.state, self.token_changes)

    def selected_combatant(self) -> Combatant | None:
        return self.state.combatants.get(self.selected) if self.selected else None

    def names_in(self, cells: frozenset[Cell]) -> list[str]:
        return [c.name for c in self.creatures_in(cells)]

    def creatures_in(self, cells: frozenset[Cell]) -> list[Combatant]:
        return [c for c in self.state.on_map() if c.cell in cells and self.visible(c)]

    def highlighted_tokens(self) -> frozenset[str]:
        cells = self.tool.affected_cells()
        if not cells:
            return frozenset()
        return frozenset(c.id for c in self.creatures_in(cells))

    # -- changing -----------------------------------------------------------------
    def select(self, cid: str | None) -> None:
        if cid != self.selected:
            self.picked_for_turn = None
        self.selected = cid
        step = cid is not None and self.step_for == cid  # the card's "Simple: 5 ft step" (N-MOVE-8)
        self.reach = compute_reach(self.query_state, cid, step=step) if cid else None
        self._reach_down = downed(self.state) if self.reach is not None else frozenset()
        kept = self.reach.allowance if step and self.reach is not None else None
        if kept is None or kept.run_as not in STEP_KINDS:
            self.step_for = None  # the step declared (or no longer open): back to the quickest move
        if cid and self.reach is None:
            self.selected = None

    def submit(self, command, typed: list[int] | None = None, saves: dict[str, list[int]] | None = None, *,
               app_dice: bool = False) -> bool:
        """Submit a command to the encounter; a refusal becomes a visible message."""
        return self.submit_entry(command, typed=typed, saves=saves, app_dice=app_dice) is not None

    def submit_entry(self, command, typed: list[int] | None = None, saves: dict[str, list[int]] | None = None, *,
                     app_dice: bool = False) -> Any:
        """The one way a person's click or key reaches the journal: the journal's entry, or None
        when it was refused (the refusal said on the status line as the viewer may read it) or
        held back: a save the table types with none typed (a fuse going off as the turn ends) is
        asked first by the typed-save prompt (panels/typed_saves.py); ``app_dice``: the person
        chose the app's dice for them ("Roll for ...")."""
        if self.app_refuses([command]):
            return None
        if saves is None and not app_dice:
            from tactics.ui.panels.typed_saves import ask_typed_saves

            if ask_typed_saves(self, command, typed):
                return None
        try:
            return self.encounter.submit(command, typed=typed, saves=saves)
        except Refused as exc:
            self.say(self.players_safe(exc.reason), "error")
            return None

    def app_refuses(self, commands: list[Any]) -> bool:
        """Whether a command would act for a creature the app plays (it chooses for itself): then
        it says so ("The app plays Bear 1 ...") and nothing is submitted."""
        from tactics.ui.panels.app_turn import app_owns

        owned = next((why for why in (app_owns(self.state, c) for c in commands) if why), None)
        if owned is not None:
            self.say(owned, "error")
        return owned is not None

    def players_safe(self, reason: str) -> str:
        """A refusal as the players' view may show it: one that names a creature hidden from the
        players (their move bumped into it) does not say who or where; while a hidden creature is
        the holder asked, nor does one that says the action waits for the holders (N-HOT-1)."""
        if self.viewer == "gm":
            return reason
        from tactics.engine.combat.individual.view import question_hidden_from_players

        if "holders'" in reason and question_hidden_from_players(self.state):  # reading: N-HOT-1
            return "That cannot be done now: waiting for the GM."
        for who in self.state.combatants.values():
            if not self.state.hidden_from_players(who):
                continue
            cell = who.cell
            marks = [who.name] + ([f"{cell[0]}, {cell[1]}", f"{cell[0]},{cell[1]}"] if cell is not None else [])
            if any(mark and mark in reason for mark in marks):
                return "That cannot be done now (the GM knows why)."
        return reason

    def flash_bad(self, cell: Cell) -> None:
        self.bad_cell = cell

    def set_tool(self, name: str) -> None:
        tool = self.tools.get(name)
        if tool is None or tool is self.tool:
            return
        if tool.gm_only and self.viewer != "gm":  # the players' view shows nothing of the GM's tools
            self.say(f"{tool.label} is the GM's tool: press F2 for the GM's view first.", "error")
            return
        self.tool.deactivate()
        self.tool = tool
        tool.activate()
        self.app.toolbar_show(name)

    def fit_rect(self) -> pygame.Rect:
        """The part of the board "fit the map" uses: what the open panels leave free."""
        rect = self.board_rect()
        if self.turns is not None and self.turns.active() and rect.width > theme.px(1000):
            rect = self.turns.fit_rect(rect)  # individual turns: between the tracker and the log column
        else:
            if rect.width > 3 * theme.SIDE_W:  # leave the side panel's column free
                rect.width -= theme.SIDE_W + theme.px(12)
            rect = self.combat.fit_rect(self.board_rect(), rect)  # and the combat panels' columns
        for addon in getattr(self.app, "addons", ()):  # and an add-on's panel (the set-up panel's column)
            room = getattr(addon, "fit_room", None)
            if room is not None:
                rect = room(rect)
        return self._between_banners(rect)

    def _between_banners(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` less the strips the fight's banners take at the board's top and bottom (the
        phase card's title, the turn banner with End turn): a small map, fitted by its height, had
        its top and bottom rows under them (review 14 F11). Fixed strips, not the banners' last
        rectangles: a banner hidden for a moment (a dialog, the Advantages card folding) must not
        zoom the map in and out. In both views: the players' view (F2) shows the same phase card
        and turn banner, and fitted to the whole height it had the top and bottom rows under them
        (review 16 F2); the same room also keeps F2 from re-zooming the map (F3). Kept from the
        start whenever the fight's panels show, before Start combat too (and after the fight):
        with the smaller margin Fit keeps (FIT_MARGIN) the bundled map is fitted by its height
        at 720p, and a room that lost the strips only at Start combat zoomed it out then. The
        bottom strip holds the banner's "Waiting for ..." line as well, shown or not. Individual
        turns keep the bottom strip alone (their turn banner; no phase card), from the start too."""
        if not self.combat.fight_on() and not self._strips_before_the_fight():
            return rect
        board = self.board_rect()
        top = board.top + theme.px(BANNER_TOP) if self.turns is None or not self.turns.active() else rect.top
        bottom = board.bottom - theme.px(BANNER_BOTTOM) - HotseatBanner.waiting_height()
        top, bottom = max(rect.top, top), min(rect.bottom, bottom)
        return pygame.Rect(rect.x, top, rect.width, max(1, bottom - top)) if bottom - top > rect.height // 2 else rect

    def _strips_before_the_fight(self) -> bool:
        """Are the banners' strips kept before the fight begins? When the fight's panels show with
        their log column (team rounds): Start combat changes nothing else in the room then, and the
        map must keep its zoom. Not with the log folded: the fight gives its column back to the
        Declare and Resolve panels, so the room changes at Start combat anyway, and till then the
        map may take the whole height. In individual turns: always (the turn banner comes at the
        first turn, and the log's column is kept either way)."""
        if self.turns is not None and self.turns.active():
            return True
        return self.combat.active() and self.turns is None and not self.combat.log.collapsed

    def fit(self) -> None:
        m = self.encounter.map
        rect = self.fit_rect()
        margin = theme.px(FIT_MARGIN)
        self.camera.fit((rect.x, rect.y, rect.width, rect.height), m.width, m.height, margin)
        # A map narrower than the room (a tall one) sits in the middle of the window, not of the
        # room the side card's column leaves: as near the middle as the panels let it.
        board, wide = self.board_rect(), m.width * self.camera.cell_px
        if wide < rect.width:
            middle = board.centerx - wide // 2
            self.camera.origin_x = max(rect.x + margin, min(middle, rect.right - margin - wide))
        self._fitted = (tuple(rect), self._camera_key())

    def _camera_key(self) -> tuple:
        return (self.camera.cell_px, self.camera.origin_x, self.camera.origin_y)

    def fit_moved(self) -> bool:
        """The map was fitted and left so, but the room the fit uses has changed since (the fight
        began or ended, the GM folded the tracker): the next frame fits it again
        (:meth:`refit_if_fitted`)."""
        fitted = getattr(self, "_fitted", None)
        return fitted is not None and fitted[1] == self._camera_key() and fitted[0] != tuple(self.fit_rect())

    def refit_if_fitted(self) -> None:
        """The room the panels leave changed by the GM's own choice of layout (the fight began or
        ended and its banners came or went, a panel's "-" folded it): if the GM has not moved the
        camera since the last fit, fit again to that room.

        Never because of what the GM does on the map, nor because of F2: the room :meth:`fit_rect`
        gives does not depend on the view (both views keep the same columns and banner strips) or
        on whether the log has its first line yet (its column is kept from the start). Those
        re-zoomed the board under the pointer (47 to 35 px/square at the GM's first trap), so the
        next quick click landed on another square (review 16 F3): as in Foundry or Roll20, the
        board keeps its zoom and place while panels come and go and the GM works on it. The
        changes left come from a click on a panel's button or a key, away from the map; and
        while a button is held on the board to pan (a drag not yet let go) the fit waits.

        A fit that would keep the zoom while the map already lies inside the new room keeps the
        map where it is too: the fight's banners took their strips and the bundled map, fitted
        by its width, would only have slid up 4 px at Start combat."""
        if self._drag is not None or not self.fit_moved():
            return
        kept = (self.camera.cell_px, self.camera.origin_x, self.camera.origin_y)
        drawn = self._map_rect()
        self.fit()
        if self.camera.cell_px == kept[0] and self.fit_rect().contains(drawn):
            self.camera.cell_px, self.camera.origin_x, self.camera.origin_y = kept
            self._fitted = (self._fitted[0], self._camera_key())

    def _map_rect(self) -> pygame.Rect:
        """Where the whole map is drawn with the camera as it is (most of it may be off screen)."""
        m, px = self.encounter.map, self.camera.cell_px
        x, y = self.camera.to_screen((0, 0))
        return pygame.Rect(x, y, m.width * px, m.height * px)

    def _on_journal(self, journal, what: str) -> None:
        self.revision += 1
        if self.turns is None and self.state.mode == "individual":  # chosen in the Set up panel (review 18)
            from tactics.ui.panels.turns import TurnsPanel

            self.turns = TurnsPanel(self)
        entries = journal.entries
        changed = (journal.redo_stack if what == "undo" else entries) if what in ("commit", "undo", "redo") else None
        # The tracker in a fight shows no square, facing or door (in the GM's view: the players'
        # lists leave out who is off the map): such a change keeps it (before the fight who
        # starts unaware may follow who sees whom).
        if not (changed and self.viewer == "gm" and self.combat.fight_on() and places_only(changed[-1].events)):
            self.roster_revision += 1
        self.token_changes.note(touched_combatants(entries[-1].events) if what in ("commit", "redo") and entries
                                else None)
        if self.selected:
            who = self.state.combatants.get(self.selected)
            if who is None or who.cell is None:
                self.select(None)
            elif not self._reach_holds(journal, what):
                self.select(self.selected)
        self.app.dirty = True  # (the selection follows the turn once the frame's events are in: follow_acting.py)

    def _reach_holds(self, journal, what: str) -> bool:
        """Whether the entry just committed, undone or redone cannot change the selected token's
        reach (the engine's :func:`entry_keeps_reach`): then the reach and the pointer's path in
        it are kept, not worked out again from inputs that did not change."""
        if self.reach is None:
            return False
        stack = journal.redo_stack if what == "undo" else journal.entries
        return bool(stack) and entry_keeps_reach(stack[-1].events, self.state, self._reach_down)

    def close(self) -> None:
        self.combat.close()
        if self._on_journal in self.encounter.journal.listeners:
            self.encounter.journal.listeners.remove(self._on_journal)

    # -- input ----------------------------------------------------------------------
    def handle(self, intent) -> bool:
        if self.combat.handle(intent) or (self.turns is not None and self.turns.handle(intent)):
            return True
        if isinstance(intent, ui.PointerMove):
            return self._pointer_move(intent)
        if isinstance(intent, ui.PointerDown):
            return self._pointer_down(intent)
        if isinstance(intent, ui.PointerUp):
            return self._pointer_up(intent)
        if isinstance(intent, ui.Wheel):
            if self.tool.wheel(intent):
                return True
            return self.camera.zoom_at(intent.pos, intent.steps)
        if isinstance(intent, ui.KeyPress):
            return self._key(intent)
        if isinstance(intent, ui.KeyRelease):
            if intent.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
                self.shift_held = False
                return True
            return False
        if isinstance(intent, ui.Resized):
            return True
        return isinstance(intent, ui.Exposed)

    def _pointer_move(self, intent: ui.PointerMove) -> bool:
        if self._drag is not None:
            button, start, panning = self._drag
            if not panning and max(abs(intent.pos[0] - start[0]), abs(intent.pos[1] - start[1])) >= DRAG_START_PX:
                panning = True
                self.camera.pan(intent.pos[0] - start[0], intent.pos[1] - start[1])
                self._drag = (button, intent.pos, True)
                return True
            if panning:
                self.camera.pan(intent.pos[0] - start[0], intent.pos[1] - start[1])
                self._drag = (button, intent.pos, True)
                return True
        if not self.board_rect().collidepoint(intent.pos):
            changed = self.hover_pos is not None
            self.hover_pos = self.hover_cell = None
            return changed
        cell = self.camera.cell_at(intent.pos)
        self.hover_pos = intent.pos
        self.bad_cell = None if cell != self.bad_cell else self.bad_cell
        if cell == self.hover_cell and self.tool.name not in ("radius", "cone"):
            return self.tool.pointer_within(intent.pos)  # e.g. onto a door on the square's edge
        self.hover_cell = cell
        self._hover_camera = self._camera_key()
        self.tool.pointer_move(intent.pos)
        return True

    def _pointer_down(self, intent: ui.PointerDown) -> bool:
        if not self.board_rect().collidepoint(intent.pos):
            return False
        self.hover_pos = intent.pos
        self.hover_cell = self.camera.cell_at(intent.pos)
        self._hover_camera = self._camera_key()
        if intent.button in (2, 3):
            self._drag = (intent.button, intent.pos, False)
            return False
        return self.tool.pointer_down(intent)

    def _pointer_up(self, intent: ui.PointerUp) -> bool:
        if self._drag is None or self._drag[0] != intent.button:
            return False
        _, _, panning = self._drag
        self._drag = None
        if not panning and intent.button == 3:
            # A right click without a drag: end the tool's work (the ruler) or deselect.
            if self.app._addons("right_click", intent.pos):  # the GM's menu (tactics/ui/gm_menu.py)
                return True
            if not self.tool.cancel() and self.tool.name == "select":
                return False
            return True
        return panning

    def _key(self, intent: ui.KeyPress) -> bool:
        key = intent.key
        if key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self.shift_held = True
            return True
        if key == pygame.K_ESCAPE:
            if self.tool.cancel():
                return True
            if self.tool.name != "select":
                self.set_tool("select")
                return True
            return self.tools["select"].cancel()
        if intent.ctrl:
            if key == pygame.K_z:
                entry = self.encounter.undo()
                self.say("Undone: " + entry_label(entry.command, entry.args, self.state, entry.events) if entry
                         else "Nothing to undo.", "info")
                return True
            if key == pygame.K_y:
                entry = self.encounter.redo()
                self.say("Redone: " + entry_label(entry.command, entry.args, self.state, entry.events) if entry
                         else "Nothing to redo.", "info")
                return True
            return False
        if self.tool.on_key(intent):
            return True
        for tool in self.tools.values():
            if tool.key == key:
                self.set_tool(tool.name)
                return True
        if key in (pygame.K_HOME, pygame.K_f):
            self.fit()
            return True
        step = max(40, self.board_rect().width // 10)
        arrows = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step), pygame.K_DOWN: (0, -step)}
        if key in arrows:
            self.camera.pan(*arrows[key])
            return True
        if key == pygame.K_F2:
            self.viewer = "players" if self.viewer == "gm" else "gm"
            picked = self.selected_combatant()
            if self.viewer == "players" and self.tool.gm_only:
                self.set_tool("select")  # Set up closes: it lists what the players may not see
            if self.viewer == "players" and picked is not None and not self.visible(picked):
                self.select(None)
            elif self.selected:
                self.select(self.selected)  # the reach as this view may know it
            self.say("Players' view: hidden things are not drawn." if self.viewer == "players" else "GM view.", "info")
            return True
        if key == pygame.K_w:
            self.renderer.art.toggle_walls()
            self.say("Wall lines " + ("shown." if self.renderer.art.show_walls else "hidden."), "info")
            return True
        return False

    def ui_event(self, event) -> bool:
        return self.combat.ui_event(event)

    # -- drawing ----------------------------------------------------------------------
    def layers(self):
        return [(TEMPLATES_Z, "pinned-templates", draw_pinned)] + self.tool.layers() + [(CURSOR_Z, "cursor", self._draw_cursor)]

    def _draw_cursor(self, ctx: DrawContext) -> None:
        cam = ctx.camera
        if self.bad_cell is not None:
            draw.cell_cursor(ctx.surface, cam.cell_rect(self.bad_cell), theme.BAD, 3)
        cell = self.hover_cell
        hovered = self.token_at(cell) if cell is not None else None
        if cell is not None and hovered is not None and hovered.id in self.renderer.tokens.unnamed:  # no room for its name on the map
            size = draw.label_size(cam.cell_px)
            name = label_text(hovered.name, size, cam.cell_px)  # a 120-letter name as its pill shows it
            img = draw.pill(name, size, theme.TEXT)
            from tactics.ui.layers.hazards import trap_tags  # (here: that module imports the renderer)

            tags = [r for _, r, _ in trap_tags(ctx).values()]
            marks = self._tool_marks(cam)
            rect = hover_name_rect(self, img.get_size(), pygame.Rect(cam.cell_rect(cell)), ctx.surface.get_rect(),
                                   tags + marks)
            # a token named on the map by its initials ("B3") is named by the pointer only where that
            # hides none of the tool's marks (the grenade's odds): the initials already say whose it is
            if not (rect.collidelist(marks) >= 0 and self.renderer.tokens.shown_by_initials(hovered.id)):
                ctx.surface.blit(img, rect)
                probe.text(ctx.surface, rect, name)
        if (cell is not None and hovered is not None and self.tool.name == "select"  # (aiming tools draw cards there)
                and self.renderer.tokens.shortened(hovered)):
            self._draw_badge_key(ctx, hovered, pygame.Rect(cam.cell_rect(cell)))
        if cell is None or self.tool.name != "select" or self.reach is not None:
            return
        if not ctx.state.map.in_bounds(cell):
            return
        colour = theme.ACCENT if self.token_at(cell) is not None else theme.TEXT
        draw.cell_cursor(ctx.surface, cam.cell_rect(cell), colour, 2)

    def _draw_badge_key(self, ctx: DrawContext, who: Combatant, square: pygame.Rect) -> None:
        """The pointer on a token whose condition badges are short ("Sh1 Fl"): them in words,
        "Shaken 1 · Flat-footed", beside it (review 16, F16b: the short forms had no key)."""
        from tactics.ui.layers.hazards import trap_tags  # (here: that module imports the renderer)

        words = " · ".join(condition_word(c.name, c.rounds) for c in who.conditions)
        img = draw.pill(words, draw.label_size(ctx.camera.cell_px), theme.CONDITION)
        tags = [r for _, r, _ in trap_tags(ctx).values()]
        rect = hover_name_rect(self, img.get_size(), square, ctx.surface.get_rect(), tags)
        kept = list(self.renderer.tokens.drawn_words()) + tags + [  # the words, names and the phase card shown
            r for r in (getattr(self.combat.banner, "rect", None),) if r]
        if rect.collidelist(kept) >= 0 or not self.board_rect().contains(rect):
            return  # no place clear of them: the key gives way (the side card lists the words when selected)
        ctx.surface.blit(img, rect)
        probe.text(ctx.surface, rect, words)

    def _tool_marks(self, cam) -> list[pygame.Rect]:
        """What the tool writes on the map that the pointer's name keeps off as the token names do:
        the grenade's odds (each square's digits, a token's odds badge: not the heat squares'
        colour, :class:`~tactics.ui.tokens.KeepClear`) and its label pills. Why: a token whose name
        was cut to its initials is named by the pointer, and that name lay on Bear 3's odds badge."""
        from tactics.ui.tokens import marker_cores

        keep_off = getattr(self.tool, "names_keep_off", None)
        marks = marker_cores(tuple(keep_off(cam))) if keep_off is not None else []
        return marks + list(getattr(self.tool, "label_rects", []))

    def invalidate(self) -> None:
        """Something a board layer draws changed outside the known keys: recompose."""
        self._version += 1
        self.app.dirty = True

    def board_key(self) -> tuple:
        """Everything the cached board depends on besides the camera (see render.py)."""
        journal = self.encounter.journal
        tool_key = self.tool.board_key() if hasattr(self.tool, "board_key") else None
        return (self._version, id(self.state), len(journal.entries), len(journal.redo_stack), self.selected,
                id(self.reach), len(self.pinned), id(self.pinned[-1]) if self.pinned else None,
                self.tool.name, tool_key, self.viewer)

    def wake_ms(self) -> int | None:
        return self.message[2] if self.message else None

    def _rehover(self) -> None:
        """The map moved under a still pointer (refitted as the fight began, a key pan): the square under
        it and the tool's preview follow, so a click lands where the preview showed."""
        if self.hover_pos is None or self._drag is not None:
            return
        key = self._camera_key()
        if key == self._hover_camera:
            return
        self._hover_camera = key
        was, self.hover_cell = self.hover_cell, self.camera.cell_at(self.hover_pos)
        self.tool.pointer_still(self.hover_pos, was)

    def draw(self, surface: pygame.Surface, frame: Frame | None = None) -> None:
        """The board and the view's panels, as parts of ``frame`` (a whole frame of its own when
        None); each panel with a key says what it shows (tactics/ui/retained.py)."""
        if frame is None:
            Screen().draw(surface, lambda whole: self.draw(surface, whole), can_partial=False)
            return
        self.refit_if_fitted()
        self._rehover()
        board = self.board_rect()
        frame.board(self.renderer, self.camera, self.query_state, self.viewer, clip=board, view=self,
                    key=self.board_key(), scroll=self._drag is not None and self._drag[2])
        message = self.current_message()
        who = self.selected_combatant()
        affected = None
        label = ""
        cells = self.tool.affected_cells()
        if cells is not None:
            affected = self.creatures_in(cells)
            label = self.tool.area_label(len(cells))
        budget = (self.reach.run_ft, self.reach.sprint_ft) if self.reach else (move_budget(self.state, who) if who else None)
        card = who if self.combat.shows_side_card() else None  # in a fight the combat panels show it
        hp_shown = card is None or self.viewer == "gm" or self.state.numbers_shown_to_players(card)  # N-SEEN-1
        rows = side_rows(self.state, card, budget, label, affected, hp_shown)  # what it shows: its key
        side = frame.part("side", (board.top, rows), lambda s: draw_side_rows(s, board.top, rows))
        self.side_rect = side  # where the side card was: a tool's labels keep clear of it next frame
        # The panels below keep much of their own (scrolling, folding, typed dice): they are drawn
        # again after any input but a pointer move, any change of the state or the view, and when
        # the pointer lights another of their buttons (or leaves one); kept otherwise. Not what
        # invalidate() says (a board layer's change: a pinned template moved, a grenade's marker):
        # no panel draws those, and each drew the whole right-hand column again.
        panels_key = (self.app.presses, self.revision, self._camera_key(), message, self.viewer,
                      self.selected, self.tool.name, tuple(side) if side is not None else None)
        lit = self._lit_with
        combat = self.combat
        # The tracker, a part of its own: it shows no map, so no pan, move or door in a fight draws it again
        # (nor what invalidate() says: a board layer's change).
        # the badge key's room under it (the short forms shown when last drawn): the tracker leaves it free
        key_room = key_height(self, board)
        tracker_key = (id(self), id(self.state), self.app.presses, self.roster_revision, message, self.viewer,
                       self.selected, self.tool.name, tuple(board), key_room)

        tracker_lit = lit_buttons([combat.tracker], lit.get("tracker"), combat.hover)

        def draw_tracker(surface: pygame.Surface) -> None:
            lit["tracker"] = combat.hover
            self._tracker_drawn = (tracker_key, tracker_lit)
            combat.draw_tracker(surface, board, key_room)

        def mend_tracker() -> bool:
            """Only the roster's revision moved since the tracker was drawn: its rows may be mended."""
            drawn = self._tracker_drawn
            if drawn is None or drawn[1] != tracker_lit or len(drawn[0]) != len(tracker_key) or any(
                    a != b for i, (a, b) in enumerate(zip(drawn[0], tracker_key)) if i != 3):
                return False
            if not combat.tracker.mend():
                return False
            self._tracker_drawn = (tracker_key, tracker_lit)
            return True

        frame.part("tracker", (tracker_key, tracker_lit), draw_tracker, diff=True, mend=mend_tracker)
        needed = draw_gm_key(self, frame, board)  # the short badges' words, under the tracker (F16b)
        if needed != key_room and self._key_rooms != (key_room, needed):
            self.app.dirty = True  # (another room for it: the tracker makes it next frame; asked once)
        self._key_rooms = (key_room, needed)

        # The right-hand column and the phase card: a part each, keyed on what it shows (combat.py)
        combat.draw_parts(frame, board, side, (panels_key[0], *panels_key[2:], tuple(board)), self.revision, lit)
        if self.turns is not None:
            turns = self.turns
            column = turns.column

            def draw_turns(surface: pygame.Surface) -> None:
                lit["turns"], lit["column"] = turns.hover, column.hover
                turns.draw(surface)

            frame.part("turns", (panels_key, turns.drag, lit_buttons([turns, turns.banner], lit.get("turns"), turns.hover),
                                 lit_buttons(column.panels(), lit.get("column"), column.hover)), draw_turns)
        if message and shows_banner(message[1]):  # below the phase card, never over a banner's title
            said: tuple = message
            frame.part("banner", panels_key, lambda s: self._draw_banner(s, said, board))
        if self.viewer == "players":  # last, over every panel: the GM must not mistake this view
            frame.part("players-pill", panels_key, lambda s: self._draw_players_pill(s, board))
        title = self.state.name
        frame.part("toolbar-back", (title, self.app.toolbar.right_edge),
                   lambda s: self.app.draw_toolbar_background(s, title))
        right = f"{self.camera.cell_px} px/square"
        if self.hover_cell is not None and self.state.map.in_bounds(self.hover_cell):
            right = f"square {square_words(self.hover_cell)}   " + right  # one style (F16c)
        hint = self.tool.status()
        kept_names = self._long_names  # names change only by entries that may touch any token
        if kept_names is None or kept_names[0] is not self.state or self.token_changes.since(kept_names[1]) is None:
            kept_names = self._long_names = (self.state, self.token_changes.at, long_names(self.state))
        else:
            kept_names = self._long_names = (self.state, self.token_changes.at, kept_names[2])
        names = kept_names[2]  # a 120-letter name shortened, never the help after it (review 8)
        if names:
            hint = shorten_names(hint, names)
            message = (shorten_names(message[0], names), message[1]) if message else message
        right += "   GM" if self.viewer == "gm" else "   PLAYERS"
        # The readout follows the pointer: a part of its own, so a hover repaints it, not the bar.
        rx = status.right_x(surface.get_width(), right)
        frame.part("status", status.bar_key(hint, message, rx), lambda s: status.draw_status_bar(s, hint, message, rx))
        frame.part("status-right", right, lambda s: status.draw_status_right(s, right))

    def _draw_banner(self, surface: pygame.Surface, message: tuple, board: pygame.Rect) -> None:
        banner = self.combat.banner.rect if self.combat.active() else None
        hotseat = getattr(getattr(self.app, "hotseat", None), "rect", None)
        # a long message wraps (at most 3 lines), never shrinks its type, runs off the window
        # or covers the panels' titles: it keeps to the part of the board they leave free
        free = self.combat.fit_rect(board, board)
        # under the phase card where it is at the board's top across the map's room; at the top
        # where the card went aside or down (phase_place.py: the column, a lower corner)
        on_top = banner is not None and banner.top <= board.top + theme.px(24) and (
            banner.left < free.right and banner.right > free.left)
        top = banner.bottom + 10 if on_top and banner is not None else board.top + 16
        draw_banner(surface, message[0], message[1], (free.centerx, top), free.width - theme.px(40), hotseat)

    def _draw_players_pill(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        img = draw.pill("PLAYERS' VIEW  (F2: back to the GM's view)", theme.fs(20), theme.INK, (*theme.ACCENT, 245))
        rect = img.get_rect(bottomleft=(board.left + 16, board.bottom - 14))
        hotseat = getattr(getattr(self.app, "hotseat", None), "rect", None)
        dropdown = getattr(self.tool, "dropdown", None)  # the Traps tool's kind list, in the same corner
        for cover in (hotseat, dropdown.rect if dropdown is not None and dropdown.alive() else None):
            if cover is not None and rect.colliderect(cover):
                rect.bottom = cover.top - 10  # above the turn banner and the tool's list, never under them
        pygame.draw.rect(surface, theme.OUTLINE, rect.inflate(6, 6), border_radius=rect.height // 2 + 3)
        surface.blit(img, rect)
        probe.text(surface, rect, "PLAYERS' VIEW  (F2: back to the GM's view)")
        self.players_pill_rect = rect.inflate(6, 6)
