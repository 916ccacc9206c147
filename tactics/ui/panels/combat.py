"""Ground combat on screen: places the combat panels and routes input to them (issue 3).

:class:`CombatPanels` belongs to a :class:`~tactics.ui.battle.BattleView`. It
lays out the initiative tracker (top left), the phase banner (top centre), the
declare and resolve panels (right) and the log (bottom right); clicks, the
wheel and a few keys over them go to the panels before the board sees them.
Keys: Enter resolves the next declared action, N takes the next step of the
procedure (Advance), Ctrl+E exports the log.

It also puts two layers on the board: a glow ring under every token of the
acting group, and the declared actions (paths and attack lines, numbered in
the order they will resolve, R-ORD-1). Moves by the Select tool become
``Declare(move)`` while a fight is on (:func:`combat_move`), as the engine's
move allowance says: a sprint is declared as a Standard Move plus a Bonus Move
(R-MOVE-1), all or nothing; a 5 ft step as a Simple action (R-ACT-1).

The panels decide nothing about the rules: everything they show is asked of
:mod:`tactics.engine.combat.queries` and every button submits an engine
command; a refusal is shown with its reason and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.board import Walk
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.moves import move_allowance
from tactics.engine.combat.events import (ActionFailed, ActionLost, ActionResolved, ActionsBegan, CombatEnded,
                                         CombatStarted, RoundStarted)
from tactics.engine.combat.queries import acting_combatants, combat_of, describe, legal_kinds, preview_order
from tactics.engine.core.state import EncounterState
from tactics.rules import actions as act
from tactics.rules.grid import Cell
from tactics.rules.sheets import Sheet
from tactics.ui import intents as ui
from tactics.ui import placement, render, theme
from tactics.ui.panels.actions import ActionsPanel
from tactics.ui.panels.app_turn import app_turn_note
from tactics.ui.panels.log import LogPanel
from tactics.ui.panels.phase_banner import PhaseBanner
from tactics.ui.panels.phase_place import CardRoom
from tactics.ui.panels.resolve import ResolvePanel
from tactics.ui.panels.tracker import TrackerPanel
from tactics.ui.tools.registry import register
from tactics.ui.tools.attack import AttackTool
from tactics.ui.tools.select import set_move_command

if TYPE_CHECKING:
    from tactics.ui.context import BoardView

GLOW_Z = render.TOKENS_Z - 2
DECLARED_Z = render.TOKENS_Z - 1


def fight_is_on(state: EncounterState) -> bool:
    combat = combat_of(state)
    return combat is not None and combat.phase != "ended"


def combat_move(state: EncounterState, cid: str, path: list[Cell], reach: Any) -> Any:
    """The move command(s) for the Select tool: during a fight, what the engine's allowance
    says the route is (``ground_moves.move_allowance``): a Standard Move, a sprint as a
    Standard Move then a Bonus Move (R-MOVE-1), a Bonus Move alone, or a 5 ft step as a
    Simple action (R-ACT-1); a free ``Walk`` otherwise.

    Out of turn, the engine refuses the declaration with its reason.
    """
    if not fight_is_on(state):
        return Walk(cid, list(path), budget_ft=reach.sprint_ft)
    allowance = reach.allowance if getattr(reach, "allowance", None) is not None else move_allowance(state, cid)
    route = reach.routes.get(tuple(path[-1])) if path and getattr(reach, "routes", None) else None
    if route is None or not allowance.can_move:
        kinds = legal_kinds(state, cid)
        kind = act.BONUS_MOVE if (act.STANDARD_MOVE not in kinds and act.BONUS_MOVE in kinds) else act.STANDARD_MOVE
        return Declare(cid, Action(kind, path=list(path)))
    if len(route.legs) == 2:
        return [Declare(cid, Action(allowance.run_as, path=list(route.legs[0]))),
                Declare(cid, Action(allowance.sprint_as, path=list(route.legs[1])))]
    kind = allowance.sprint_as if route.sprint and allowance.run_ft == 0 else allowance.run_as
    effect = "step" if kind in (act.SIMPLE, act.SIMPLE_AFTER) else None
    return Declare(cid, Action(kind, path=list(route.legs[0]), effect=effect))


def shows_combat(state: EncounterState) -> bool:
    """Team-mode encounters whose combatants carry rules sheets get the combat panels (a map's spawns
    of two sides get the default sheet when the map opens: :func:`tactics.ui.opening.definition_for_map`)."""
    if state.mode != "team":
        return False
    if combat_of(state) is not None:
        return True
    return any(isinstance(c.sheet, Sheet) for c in state.combatants.values())


class CombatPanels:
    """The combat panels of one battle view."""

    def __init__(self, view: "BoardView") -> None:
        self.view = view
        self.tracker = TrackerPanel(self)
        self.banner = PhaseBanner(self)
        self.actions = ActionsPanel(self)
        self.resolve = ResolvePanel(self)
        self.log = LogPanel(self)
        self.hover: tuple[int, int] | None = None
        self._hover_key: str | None = None
        self._active: tuple | None = None
        self._part_keys: tuple | None = None  # (the coarse key, each panel part's key) (draw_parts)

    # -- reading --------------------------------------------------------------------
    @property
    def encounter(self):
        return self.view.encounter

    @property
    def state(self) -> EncounterState:
        return self.view.state

    def panels(self) -> list:
        """In drawing order (a click goes to the topmost)."""
        return [self.tracker, self.banner, self.actions, self.resolve, self.log]

    def active(self) -> bool:
        journal = self.encounter.journal  # shows_combat looks at every combatant: once per change ...
        state = self.state
        key = (id(state), len(journal.entries), len(journal.redo_stack))
        kept = self._active
        if kept is None or kept[0] != key:
            changes = getattr(self.view, "token_changes", None)
            # ... unless the changes since only moved or hurt tokens (no sheet, mode or fight changed)
            if (kept is not None and changes is not None and kept[2] is state and len(kept) > 3
                    and changes.since(kept[3]) is not None):
                kept = (key, kept[1], state, changes.at)
            else:
                kept = (key, shows_combat(state), state, changes.at if changes is not None else -1)
            self._active = kept
        return bool(kept[1])

    def local_hover(self, origin: tuple[int, int]) -> tuple[int, int] | None:
        if self.hover is None:
            return None
        return self.hover[0] - origin[0], self.hover[1] - origin[1]

    def button_rect(self, key: str) -> pygame.Rect | None:
        """Where a button was drawn last frame (tests, and the hover highlight)."""
        for panel in reversed(self.panels()):
            rect = panel.button_rect(key)
            if rect is not None:
                return rect
        return None

    def panel_at(self, pos: tuple[int, int]):
        for panel in reversed(self.panels()):
            if panel.contains(pos):
                return panel
        return None

    def aiming_key(self) -> str | None:
        tool = self.view.tool
        if not isinstance(tool, AttackTool) or tool.attacker() is None:
            return None
        weapon, technique = tool.arms()
        if technique:
            return f"technique:{technique}"
        return f"weapons:{weapon}" if tool.two_weapon else f"weapon:{weapon}"

    # -- changing ----------------------------------------------------------------------
    def submit(self, command, typed: list[int] | None = None, saves: dict[str, list[int]] | None = None, *,
               app_dice: bool = False) -> bool:
        """Submit to the encounter; a refusal becomes the on-screen message, nothing changes
        (``app_dice``: the app rolls whatever the table would type, chosen on purpose)."""
        said = self.view.current_message()
        entry = self.view.submit_entry(command, typed=typed, saves=saves, app_dice=app_dice)
        if entry is None:
            return False
        if self.view.current_message() == said:  # nothing more pressing was said (a trap went off ...)
            self._say_outcome(entry)
        self.view.app.dirty = True
        return True

    def _say_outcome(self, entry: Any) -> None:
        """A resolved action's outcome on the status line (it kept saying "X declares ..." after the
        roll); never for a creature the players' view does not show."""
        events = getattr(entry, "events", ())
        done = [e for e in events if isinstance(e, (ActionResolved, ActionFailed, ActionLost))]
        if not done:
            self._say_phase(events)
            return
        state = self.state
        who = state.combatants.get(done[-1].combatant)
        if who is not None and self.view.viewer != "gm" and state.hidden_from_players(who):
            return
        self.view.say(describe(done[-1], state), "good" if isinstance(done[-1], ActionResolved) else "info")

    def _say_phase(self, events: Any) -> None:
        """A new round, phase or the end of the fight on the status line: the old "Now: Counter
        Phase." stayed under "COMBAT IS OVER" (an outside review); the end says how to undo it."""
        steps = [e for e in events if isinstance(e, (CombatStarted, ActionsBegan, RoundStarted, CombatEnded))]
        if steps:
            text = describe(steps[-1], self.state)
            if isinstance(steps[-1], CombatStarted):  # its head and the team order (the groups are in the tracker)
                cut = text.find(". ", text.find("Team order"))
                text = text[:cut + 1] if cut > 0 else text
            elif isinstance(steps[-1], CombatEnded):
                text += " Ctrl+Z brings it back."
            elif isinstance(steps[-1], RoundStarted) and steps[-1].joiners and self.view.viewer != "gm" and any(
                    j in self.state.combatants and self.state.hidden_from_players(self.state.combatants[j])
                    for j in steps[-1].joiners):  # an unseen GM newcomer's Round 0 names no one (N-HIDE-2)
                text = "Round 0 (surprise): Advantages Phase."
            self.view.say(text, "info")

    def select(self, cid: str) -> None:
        if self.view.tool.name not in ("select", "attack"):
            self.view.set_tool("select")
        self.view.select(cid)

    def move_mode(self, cid: str) -> None:
        self.view.set_tool("select")
        if self.view.selected != cid:
            self.view.select(cid)
        self.view.say("Click a blue square to run there, an amber one to sprint (Standard + Bonus Move).", "info")

    def step_mode(self, cid: str) -> None:
        """The card's "Simple: 5 ft step": the Select tool offers the step alone (reading: N-MOVE-8)."""
        self.view.set_tool("select")
        self.view.step_for = cid
        self.view.select(cid)
        self.view.say(f"{self.state.combatants[cid].name}: click a square one step away for the 5 ft step "
                      "(a Simple action).", "info")

    def aim(self, cid: str, kind: str, *, weapon: str | None = None, technique: str | None = None,
            two_weapon: bool = False) -> None:
        self.view.set_tool("attack")
        tool = self.view.tools["attack"]
        assert isinstance(tool, AttackTool)
        tool.aim(cid, kind, weapon=weapon, technique=technique, two_weapon=two_weapon)
        self.view.say(f"{self.state.combatants[cid].name}: click the target on the map.", "info")

    # -- input -----------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        """Intents for the panels; True when consumed (the board does not see them)."""
        if not self.active():
            return False
        if isinstance(intent, ui.PointerMove):
            return self._pointer_move(intent.pos)
        if isinstance(intent, ui.PointerDown):
            panel = self.panel_at(intent.pos)
            if panel is not None:
                if intent.button == 1:
                    panel.click(intent.pos)
                self.view.app.dirty = True
                return True
            return False
        if isinstance(intent, ui.Wheel):
            panel = self.panel_at(intent.pos)
            if panel is self.log:
                self.log.wheel(intent.steps)
                return True
            if panel is not None:
                panel.scroll_by(intent.steps)  # a panel taller than its room scrolls
                self.view.app.dirty = True
            return panel is not None
        if isinstance(intent, ui.KeyPress):
            return self._key(intent)
        return False

    def _pointer_move(self, pos: tuple[int, int]) -> bool:
        self.hover = pos
        panel = self.panel_at(pos)
        key = None
        if panel is not None:
            key = next((h.key for h in reversed(panel.hits) if h.rect.collidepoint(pos)), "panel")
        changed = key != self._hover_key
        self._hover_key = key
        if panel is None:
            if changed:
                self.view.app.dirty = True
            return False
        view = self.view
        if view._drag is not None:
            return False  # a pan that started on the board goes on over the panels
        if view.hover_cell is not None:
            view.hover_cell = view.hover_pos = None
            changed = True
        return changed

    def _key(self, intent: ui.KeyPress) -> bool:
        if intent.ctrl and intent.key == pygame.K_e:
            self.log.export()
            return True
        if intent.ctrl:
            return False
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n) and (note := app_turn_note(self.state)):
            self.view.say(note, "info")  # the app resolves and ends its own turn (review 7, solo play)
            return True
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if preview_order(self.state):
                self.resolve.resolve_next()
                return True
            return False
        if intent.key == pygame.K_n and fight_is_on(self.state):
            self.tracker.advance()
            return True
        if intent.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.page(1 if intent.key == pygame.K_PAGEUP else -1)
            return True
        return False

    def ui_event(self, event: pygame.event.Event) -> bool:
        """pygame_gui events: Enter in the typed-dice box resolves with those faces."""
        entry = self.resolve.entry
        if entry is None:
            return False
        import pygame_gui  # (the box exists: it is imported)

        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and entry is not None and event.ui_element is entry:
            self.resolve.resolve_next()
            return True
        return False

    # -- drawing ------------------------------------------------------------------------------
    def columns(self, board: pygame.Rect) -> tuple[int, int]:
        """Widths of the left (tracker) and right (declare, resolve, log) columns (:func:`columns`)."""
        return columns(board)

    def fit_rect(self, board: pygame.Rect, otherwise: pygame.Rect) -> pygame.Rect:
        """Where "fit the map" puts the map: as much of the board as the panels leave free.

        The tracker's column is left free unless the tracker is collapsed to its title (then
        only that title row is kept clear); the right column (declare, resolve, log) unless the
        GM collapsed the log and no fight is on. Kept free before the log's first line too, and
        in the players' view (F2), where nothing is drawn in it: the room must not change when
        the log first appears (the GM's first trap) or the view switches, or the map re-zoomed
        under the pointer and the next click landed on another square (review 16 F3).
        """
        if not self.active() or board.width < 900:
            return otherwise
        room = room_between(board, *self.columns(board))
        gap = theme.px(12)
        x0, y0, x1, y1 = room.x, room.y, room.right, room.bottom
        if self.tracker.collapsed:
            x0, y0 = board.x, board.y + theme.px(40)  # the collapsed tracker is one title row
        if self.log.collapsed and not fight_is_on(self.state):
            # the whole width, above the folded log's title row (the map fitted to the whole
            # height lay under it at the bottom right)
            x1, y1 = board.right, board.bottom - theme.px(48) - 2 * gap
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def fight_on(self) -> bool:
        return fight_is_on(self.state)

    def draw_tracker(self, surface: pygame.Surface, board: pygame.Rect, below: int = 0) -> None:
        """The initiative tracker at the left of ``board`` (drawn before :meth:`draw`'s panels, a
        part of the frame of its own: retained.py), leaving ``below`` pixels of its column free
        under it (the badge key's, tactics/ui/badge_key.py)."""
        if not self.active():
            self.tracker.begin()
            return
        gap = theme.px(12)
        room = board.height - 2 * gap - (below + gap if below else 0)
        self.tracker.draw(surface, board.x + gap, board.y + gap, self.columns(board)[0], max(theme.px(120), room))

    def draw_parts(self, frame: Any, board: pygame.Rect, side: pygame.Rect | None, base: Any, revision: Any,
                   lit: dict[str, Any]) -> None:
        """The panels but the tracker (:meth:`draw_tracker`, drawn first: where it ends places the
        phase card), each a part of ``frame`` of its own (retained.py) keyed on what it shows: the
        Declare panel, Resolve, the log and the phase card. After a change only those that show
        something else are drawn again (a roll changes the log and the tracker's row, not the list
        of who declares nor the phase card; each drew the whole right-hand column again).

        ``base``: what any of them may follow besides the state, part of every key (any input but a
        pointer move, the camera, the message, the viewer, the selection, the tool, the side card,
        the board's rectangle); with ``revision`` (the view's: every change of the state) the
        same, the keys of the last frame hold and are not worked out again (a pointer move).
        ``lit``: per part, the pointer its buttons were lit with (lit_buttons)."""
        from tactics.ui.widgets import lit_buttons

        if not self.active():
            for panel in self.panels()[1:]:
                panel.begin()
            self.resolve.close()
            return
        keys = self._part_keys
        if keys is None or keys[0] != (base, revision):
            keys = self._part_keys = ((base, revision), {
                "declare": self.actions.face(), "resolve": self.resolve.face(revision),
                "log": (revision, len(self.encounter.journal.entries)),
                "phase": (self.banner.face(), self._facing_asked()),
                # The Resolve panel keeps room for its title and its button whatever the Declare panel
                # holds (that one scrolls): at 720p both must show while a group declares.
                "resolve_room": theme.px(170) if self.resolve.visible() and preview_order(self.state) else (
                    theme.px(110) if self.resolve.visible() else 0)})
        faces = keys[1]
        gap = theme.px(12)
        left_w, right_w = self.columns(board)
        tracker = self.tracker.rect or pygame.Rect(board.x + gap, board.y + gap, left_w, 0)
        right_x = board.right - right_w - gap
        middle = (tracker.right + right_x) // 2
        banner_at = (middle, board.y + gap, right_x - tracker.right - 4 * gap)

        def part(name: str, panel: Any, where: tuple, draw: Any) -> Any:
            def drawn(surface: pygame.Surface) -> Any:
                lit[name] = self.hover  # the pointer its buttons were lit with
                return draw(surface)

            face = (base, where, panel.collapsed, panel.scroll, faces[name])
            return frame.part(name, (face, lit_buttons([panel], lit.get(name), self.hover)), drawn, diff=True)

        def phase_card(column: pygame.Rect | None) -> None:
            room = self._card_room(board, tracker, column, side)
            arrows = self._facing_arrows()

            def phase(surface: pygame.Surface) -> None:
                self.banner.draw(surface, *banner_at, self._card_keeps_off, faces["phase"][1], room=room,
                                 clickable=arrows)

            part("phase", self.banner, (*banner_at, room.key(), tuple(map(tuple, arrows))), phase)

        column_top = (side.bottom + theme.px(10)) if side is not None and side.right > right_x else board.y + gap
        if self.view.viewer != "gm":  # the players' view: who acts, nothing hidden, no GM controls
            for panel in (self.actions, self.resolve, self.log):
                panel.begin()
            self.resolve.close()
            phase_card(pygame.Rect(right_x, column_top, right_w, board.bottom - gap - column_top))
            return
        px = theme.px
        top = column_top
        limit = board.bottom - gap - px(LOG_MIN) - px(10)
        at = (right_x, top, right_w, limit - top - faces["resolve_room"])
        actions = part("declare", self.actions, at, lambda s: self.actions.draw(s, *at))
        y = actions.bottom + px(10) if actions is not None else top
        at = (right_x, y, right_w, limit - y)
        resolve = part("resolve", self.resolve, at, lambda s: self.resolve.draw(s, *at))
        y = resolve.bottom + px(10) if resolve is not None else y
        # drawn from the start, empty too: its column is the log's whether or not a line is in it yet
        # (fit_rect keeps it free so that the map does not re-zoom at the first line, review 16 F3);
        # with no fight on, nothing else is in the column: the log takes all of it, no bare strip
        # above it (outside review 17, N6)
        at = log_place(board, right_x, right_w, y, alone=not self.fight_on() and not self.column_shared())
        log = part("log", self.log, at, lambda s: self.log.draw(s, *at))
        taken = [r for r in (actions, resolve, log) if isinstance(r, pygame.Rect)]  # the column's drawn panels
        free_bottom = min((r.top for r in taken), default=board.bottom - gap) - px(10)
        phase_card(pygame.Rect(right_x, top, right_w, free_bottom - top) if free_bottom - top > 0 else None)

    @staticmethod
    def log_max(board: pygame.Rect) -> int:
        """The log's height at the foot of the right column when the column holds more than the log
        (:func:`log_max`)."""
        return log_max(board)

    def column_shared(self) -> bool:
        """Does an add-on's panel (Set up) have the top of the right column? (:func:`column_shared`)"""
        return column_shared(self.view)

    def _facing_asked(self) -> bool:
        """Is the facing prompt of the turn that just ended asking? (The phase card then waits.)"""
        from tactics.ui.hazards import hazards_of

        addon = hazards_of(self.view)
        return addon is not None and addon.prompt.active()

    def _facing_arrows(self) -> list[pygame.Rect]:
        """The facing prompt's 8 arrows on screen (none when it asks no one): clickable, so the phase
        card never lies on them (outside review 20 m3: at 1280x720 the waiting Advantages card lay
        on the N arrow of Brandon, asked at the map's top row)."""
        from tactics.ui.hazards import hazards_of

        addon = hazards_of(self.view)
        return addon.prompt.arrow_rects() if addon is not None and addon.prompt.active() else []

    def _card_room(self, board: pygame.Rect, tracker: pygame.Rect, column: pygame.Rect | None,
                   side: pygame.Rect | None) -> CardRoom:
        """Where the big phase cards may go (:mod:`tactics.ui.panels.phase_place`): the board between
        the columns (the turn banner does not show while they do: their button is the step's),
        the free part of the right-hand ``column``, the map on screen, and the cards to keep off:
        the tracker, the badge key under it, the side card, the players' view's pill."""
        gap = theme.px(12)
        right = board.right - self.columns(board)[1] - gap
        between = pygame.Rect(tracker.right + gap, board.y + gap, max(1, right - tracker.right - 2 * gap),
                              max(1, board.height - 2 * gap))
        view = self.view
        key = getattr(view, "badge_key_drawn", None)
        cards = [r for r in (tracker, key[1] if key else None, side,
                             getattr(view, "players_pill_rect", None) if view.viewer == "players" else None)
                 if isinstance(r, pygame.Rect) and r.width and r.height]
        m = view.state.map
        cam = view.camera
        map_area = pygame.Rect(cam.to_screen((0, 0)), (m.width * cam.cell_px, m.height * cam.cell_px))
        return CardRoom(between, column, map_area, tuple(cards))

    def _card_keeps_off(self) -> list[pygame.Rect]:
        """What a big phase card keeps off: every token's square and name pill, and the names and
        condition words as the tokens layer drew them."""
        return placement.tokens_and_words(self.view)

    def shows_side_card(self) -> bool:
        """The selected token's card is in the combat panels; the side card stays for templates."""
        return not self.active()

    def close(self) -> None:
        self.resolve.close()


# --------------------------------------------------------------------------- the columns
# The layout both turn rules share: the team rounds' panels (above) and individual turns'
# tracker and log column (panels/turns.py, panels/turns_log.py) place their columns, the log in
# the right one and the room Fit gives the map with these, so the two screens cannot drift apart
# (the individual-turns column kept a 400 px width and a log a third of the board high, with a
# bare strip above it, after the team screen's had changed: outside review 17, N6).

#: px (at scale 1) the log keeps at least, whatever else its column holds
LOG_MIN = 110


def columns(board: pygame.Rect) -> tuple[int, int]:
    """Widths of the left (tracker) and right (declare, resolve, log) columns. The right one is
    20.5% of the board (it was 22%: with the tracker's 19% the map between them was fitted by
    its width at 1280x720, to 22 px a square: outside review 17, N6)."""
    px = theme.px
    return (int(min(px(360), max(px(270), board.width * 0.19))),
            int(min(px(410), max(px(290), board.width * 0.205))))


def room_between(board: pygame.Rect, left: int, right: int) -> pygame.Rect:
    """The board between a left column ``left`` px wide and a right one ``right`` px wide, each at
    the board's edge with a gap round it and a gap more before the map: the room Fit gives."""
    gap = theme.px(12)
    x0, x1 = board.x + left + 2 * gap, board.right - right - 2 * gap
    return pygame.Rect(x0, board.y, max(1, x1 - x0), board.height)


def log_max(board: pygame.Rect) -> int:
    """The log's height at the foot of the right column when the column holds more than the log
    (the Declare and Resolve panels in a fight, the Set up panel before it)."""
    px = theme.px
    return int(min(px(340), max(px(160), board.height * 0.32)))


def log_place(board: pygame.Rect, x: int, width: int, top: int, *, alone: bool) -> tuple[int, int, int, int]:
    """Where the log goes in the right column, as :meth:`LogPanel.draw` takes it (x, bottom, width,
    height): at the column's foot, under ``top`` (what the column holds above it ends there).
    ``alone``: nothing shares the column but the cards above ``top``, the log takes all of it down
    from there (no bare strip above it, outside review 17, N6); else it keeps to :func:`log_max`
    at the foot (the Declare and Resolve panels, the Set up panel have the column above it)."""
    gap = theme.px(12)
    room = board.bottom - gap - top
    return (x, board.bottom - gap, width, max(theme.px(LOG_MIN), room if alone else min(log_max(board), room)))


def column_shared(view: Any) -> bool:
    """Does an add-on's panel (Set up) have the top of the right column? Then the log keeps to its
    foot, as in a fight, instead of the whole column."""
    builder = getattr(view.app, "builder", None)
    shown = getattr(builder, "shown", None)
    return bool(shown is not None and shown())


# --------------------------------------------------------------------------- board layers
_glow_cache: dict[tuple, pygame.Surface] = {}


def _glow(px: int, colour: tuple[int, int, int]) -> pygame.Surface:
    key = (px, colour)
    hit = _glow_cache.get(key)
    if hit is None:
        size = int(px * 1.6)
        hit = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        for i, alpha in enumerate([40, 60, 90, 130]):
            pygame.draw.circle(hit, (*colour, alpha), (c, c), int(px * (0.78 - 0.06 * i)))
        pygame.draw.circle(hit, (*theme.ACCENT, 255), (c, c), int(px * 0.6), max(2, px // 18))
        if len(_glow_cache) > 32:
            _glow_cache.clear()
        _glow_cache[key] = hit
    return hit


def _glows(ctx: render.DrawContext) -> tuple[tuple[Cell, tuple[int, int, int]], ...]:
    """The squares of the group acting now that the view shows, each with its glow's colour
    (kept across changes that only moved or hurt combatants of no acting group: the group's
    members, squares and colours are as they were)."""
    combat = combat_of(ctx.state)
    if combat is None or combat.phase != "action":
        return ()
    changes = getattr(ctx.view, "token_changes", None)
    # the glows last worked out for this board: (state, viewer, change number, who acts, the glows)
    kept = ctx.renderer.layer_kept.get("acting-glow")
    if kept is not None and changes is not None and kept[0] is ctx.state and kept[1] == ctx.viewer:
        touched = changes.since(kept[2])
        if touched is not None and touched.isdisjoint(kept[3]):
            ctx.renderer.layer_kept["acting-glow"] = (kept[0], kept[1], changes.at, kept[3], kept[4])
            return kept[4]
    glows = _worked_out_glows(ctx)
    if changes is not None:
        ctx.renderer.layer_kept["acting-glow"] = (ctx.state, ctx.viewer, changes.at,
                                                  frozenset(acting_combatants(ctx.state)), glows)
    return glows


def _worked_out_glows(ctx: render.DrawContext) -> tuple[tuple[Cell, tuple[int, int, int]], ...]:
    """:func:`_glows`, from the state."""
    state, gm = ctx.state, ctx.gm
    colours: dict[str, tuple[int, int, int]] = {}  # (each team's worked out once: 500 members)
    out = []
    for cid in acting_combatants(state):
        who = state.combatants.get(cid)  # the players' copy leaves hidden creatures out
        if who is None or who.cell is None or (not gm and state.hidden_from_players(who)):
            continue
        colour = colours.get(who.team)
        if colour is None:
            team = state.teams.get(who.team)
            colour = colours[who.team] = theme.rgb([min(255, c + 60) for c in team.colour]) if team else theme.ACCENT
        out.append((who.cell, colour))
    return tuple(out)


def _acting_glow(ctx: render.DrawContext) -> None:
    """A glow ring under every token of the group acting now."""
    for cell, colour in _glows(ctx):
        img = _glow(ctx.camera.cell_px, colour)
        cx, cy = ctx.camera.cell_centre(cell)
        ctx.surface.blit(img, img.get_rect(center=(cx, cy)))


#: keyed on the squares and colours it draws (the camera and viewer are the frame's): a roll or a
#: door keeps its recorded blits (500 of them for a group of 500, recorded again at every change)
acting_glow_layer = render.keyed(_acting_glow, _glows)


def _declared_key(ctx: render.DrawContext) -> tuple:
    """What :func:`declared_layer` reads: each declared action waiting (its parameters, the squares
    of its actor and target, whether the view may show them) and the open doors."""
    combat = combat_of(ctx.state)
    if combat is None or combat.phase != "action":
        return ()
    from tactics.engine.combat.actions import declared_origins

    state = ctx.state
    out: list = [tuple(sorted(declared_origins(state).items()))]
    for item in preview_order(state):
        who = state.combatants.get(item["combatant"])
        target = state.combatants.get(item["params"].get("target") or "")
        aimed = item["params"].get("target_cell") if item["params"].get("item") == "grenade" else None
        out.append((item["id"], item["combatant"], repr(item["params"]), who.cell if who else None,
                    target.cell if target else None,
                    aimed is not None and any(c.cell is not None and tuple(c.cell) == tuple(aimed)
                                              for c in state.on_map()),  # a token on the aimed square
                    None if who is None else (state.hidden_from_players(who), state.players_side(who.team))))
    return tuple(out)


def _declared(ctx: render.DrawContext) -> None:
    """Declared actions on the map: move paths, attack lines and grenade throws' aimed squares,
    numbered in resolution order."""
    combat = combat_of(ctx.state)
    if combat is None or combat.phase != "action":
        return
    from tactics.ui import draw

    from tactics.engine.combat.actions import declared_origins

    cam = ctx.camera
    origins = declared_origins(ctx.state)  # a Bonus Move starts where the Standard Move ends
    for n, item in enumerate(preview_order(ctx.state)):
        who = ctx.state.combatants.get(item["combatant"])
        if who is None or who.cell is None or (not ctx.gm and ctx.state.hidden_from_players(who)):
            continue
        if not ctx.gm and not ctx.state.players_side(who.team):
            continue  # the GM's plans stay secret until they resolve
        p = item["params"]
        start = cam.cell_centre(origins.get(item["id"], who.cell))
        end = start
        if p.get("path"):
            pts = [start] + [cam.cell_centre(tuple(c)) for c in p["path"]]
            draw.outlined_lines(ctx.surface, pts, theme.PLANNED, max(2, cam.cell_px // 22))
            end = pts[-1]
        door = p.get("door")
        if p.get("effect") in ("open-door", "close-door") and type(door) is int and 0 <= door < len(ctx.state.map.doors):
            seg = ctx.state.map.doors[door].segment  # the door it opens or closes, lit in the planned colour
            a, b = cam.to_screen(seg.a), cam.to_screen(seg.b)
            thick = render.door_thickness(cam.cell_px)
            pygame.draw.line(ctx.surface, theme.OUTLINE, a, b, thick + 8)
            pygame.draw.line(ctx.surface, theme.PLANNED, a, b, thick + 4)
            end = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        if p.get("target") in ctx.state.combatants:
            target = ctx.state.combatants[p["target"]]
            if target.cell is not None:
                tgt = cam.cell_centre(target.cell)
                pygame.draw.line(ctx.surface, theme.OUTLINE, end, tgt, max(3, cam.cell_px // 16) + 4)
                pygame.draw.line(ctx.surface, theme.TEMPLATE_EDGE, end, tgt, max(3, cam.cell_px // 16))
                end = ((end[0] + tgt[0]) // 2, (end[1] + tgt[1]) // 2)
        if p.get("item") == "grenade" and p.get("target_cell") is not None:
            end = _aimed_throw(ctx, end, tuple(p["target_cell"]))
        draw.pill_at(ctx.surface, str(n + 1), end, size=max(14, draw.label_size(cam.cell_px)), colour=theme.INK,
                     bg=(*theme.ACCENT, 245))


def _aimed_throw(ctx: render.DrawContext, start: tuple[int, int], cell: Cell) -> tuple[int, int]:
    """A declared grenade throw's mark, in the attack line's colours: a line from the thrower to
    the aimed square and a frame with cross-hair ticks on that square (R-ORD-1: it resolves in
    its turn, so nothing else on the map showed it: outside review 16 F14). Where its number goes:
    on the square, or where a token stands on it (the tokens are drawn over this layer) just
    outside the square on the thrower's side."""
    from tactics.ui import draw

    cam = ctx.camera
    px = cam.cell_px
    square = pygame.Rect(cam.cell_rect(cell))
    centre = square.center
    width = max(3, px // 16)
    if start != centre:
        pygame.draw.line(ctx.surface, theme.OUTLINE, start, centre, width + 4)
        pygame.draw.line(ctx.surface, theme.TEMPLATE_EDGE, start, centre, width)
    draw.cell_cursor(ctx.surface, (square.x, square.y, square.w, square.h), theme.TEMPLATE_EDGE, 3)
    tick = max(3, px // 6)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):  # the cross-hair's ticks, from the frame inward
        edge = (centre[0] + dx * square.w // 2, centre[1] + dy * square.h // 2)
        inner = (edge[0] - dx * tick, edge[1] - dy * tick)
        pygame.draw.line(ctx.surface, theme.OUTLINE, edge, inner, width + 2)
        pygame.draw.line(ctx.surface, theme.TEMPLATE_EDGE, edge, inner, width)
    return throw_number_at(ctx, start, cell)


def throw_number_at(ctx: render.DrawContext, start: tuple[int, int], cell: Cell) -> tuple[int, int]:
    """Where a declared throw's number goes (see :func:`_aimed_throw`): the aimed square's
    middle, or, with a token on it, just past the frame toward ``start`` (the thrower)."""
    from tactics.ui import draw

    square = pygame.Rect(ctx.camera.cell_rect(cell))
    centre = square.center
    if not any(who.cell is not None and tuple(who.cell) == cell for who in ctx.state.on_map()):
        return centre
    half = draw.label_size(ctx.camera.cell_px) // 2
    dx, dy = start[0] - centre[0], start[1] - centre[1]
    far = max(abs(dx), abs(dy))
    if far == 0:
        return (centre[0], square.top - half - 2)
    out = (square.w // 2 + half + 4) / far  # past the frame, toward the thrower
    return (round(centre[0] + dx * out), round(centre[1] + dy * out))


def declared_throw_numbers(ctx: render.DrawContext) -> list[pygame.Rect]:
    """The numbers of the declared throws as :func:`_declared` writes them, on the GM's view:
    the token names keep off them (a name is drawn over this layer)."""
    combat = combat_of(ctx.state)
    if combat is None or combat.phase != "action":
        return []
    from tactics.engine.combat.actions import declared_origins
    from tactics.ui import draw

    cam = ctx.camera
    origins = declared_origins(ctx.state)
    out = []
    for n, item in enumerate(preview_order(ctx.state)):
        p = item["params"]
        who = ctx.state.combatants.get(item["combatant"])
        if p.get("item") != "grenade" or p.get("target_cell") is None or who is None or who.cell is None:
            continue
        start = cam.cell_centre(origins.get(item["id"], who.cell))
        if p.get("path"):
            start = cam.cell_centre(tuple(p["path"][-1]))
        at = throw_number_at(ctx, start, tuple(p["target_cell"]))
        img = draw.pill(str(n + 1), max(14, draw.label_size(cam.cell_px)))
        out.append(img.get_rect(center=at))
    return out


render.add_names_keep_off("declared-throws", declared_throw_numbers)


#: keyed on what it reads (a roll or a door away from every declared action keeps its recorded lines)
declared_layer = render.keyed(_declared, _declared_key)

render.add_layer(GLOW_Z, "acting-glow", acting_glow_layer)
render.add_layer(DECLARED_Z, "declared-actions", declared_layer)
register(AttackTool)
set_move_command(combat_move)
