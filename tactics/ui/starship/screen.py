"""The starship screen: the space view, the crew posts, the phase walker and the log.

It is the bottom screen of the app while shown (Tab or the toolbar's
"Starship" button swap it with the battle view, which stays alive so its
camera stays). It shares the encounter with the battle view: one journal, so
one log, one save and one undo. Rules stay in the engine: the screen asks
:mod:`tactics.engine.starship.view` and submits :mod:`tactics.engine.starship.commands`
commands through ``encounter.submit``; a refusal shows its reason in the status line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.core.labels import entry_label
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Entry, Refused
from tactics.engine.starship.state import SETUP, SpaceState
from tactics.engine.starship.commands import EndPhase, StartSpaceCombat, VacatePost
from tactics.engine.starship.commands import posts_acting_now as may_act
from tactics.engine.starship.view import acting_now, actions_offered, describe, nothing_to_do_reason
from tactics.engine.starship.seen import crew_shown, line_for, ships_shown
from tactics.rules.starship import POST_NAMES
from tactics.ui import intents as ui
from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui.panels.log import export_said
from tactics.ui.panels.status import draw_status
from tactics.ui.starship.actions import ActionDialog
from tactics.ui.starship.crew import NPC_CHIP, CrewPanel, npc_name
from tactics.ui.starship.players_view import players_log_lines
from tactics.ui.starship.posts import drop_on_post
from tactics.ui.messages import TimedMessages
from tactics.ui.starship.fire import REVEAL_MS, FireDialog
from tactics.ui.starship.over_dialog import alert_lines, draw_alert, draw_over_dialog
from tactics.ui.starship.space_log import ROW_PX, SpaceLog, strip_height
from tactics.ui.starship.spaceview import SpaceView, side_colours
from tactics.ui.starship.summary import PhaseSummary, phase_end_status, worth_showing
from tactics.ui.starship.walker import draw_walker, next_prompt, walker_height
from tactics.ui.widgets import Hotspot, Hotspots, button_face, card, pill, text, wrap
from tactics.engine.core.labels import possessive

if TYPE_CHECKING:
    from tactics.ui.app import App
    from tactics.ui.battle import BattleView

MESSAGE_MS = 6000
DRAG_START_PX = 5
LOG_LINES = 5  # the log strip's rows at most ...
LOG_MIN_LINES = 2  # ... and at least
SPACE_MIN_H = 540  # the space view's height (at scale 1) the log leaves it while it can


class StarshipScreen(TimedMessages):
    """The space battle of one encounter."""

    title = "Starship"
    message_ms = MESSAGE_MS

    def __init__(self, app: "App", battle: "BattleView") -> None:
        self._warned_at: tuple[int, tuple[str, ...]] | None = None  # when End phase last warned
        self.app = app
        self.battle = battle
        self.encounter: Encounter = battle.encounter
        self.view = SpaceView()
        self.crew_panel = CrewPanel()
        self.log = SpaceLog()
        self.log_folder: Path | None = None  # where Ctrl+E writes the log (None: the data folder's logs)
        self.hotspots = Hotspots()
        self.hover: tuple | None = None
        self.dialog: Any = None
        self.drag: dict[str, Any] | None = None
        self.message: tuple[str, str, int] | None = None
        self.reveal_ms = REVEAL_MS
        self._own_change = False
        self.encounter.journal.listeners.append(self._on_journal)

    # -- reading -------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.encounter.state

    @property
    def space(self) -> SpaceState | None:
        return self.state.space

    @property
    def space_battle(self) -> SpaceState:
        """The space battle, for the dialogs and posts, which are open only while there is one."""
        space = self.state.space
        assert space is not None, "a starship dialog is open without a space battle"
        return space

    def layout(self, size: tuple[int, int] | None = None, *, chrome: bool = True,
               viewer: str | None = None) -> dict[str, pygame.Rect]:
        """Where the walker, the space view, the log and the crew posts go in a window of ``size``
        (the app's); ``chrome`` False: no toolbar or status line (the players' window); ``viewer``
        (default: this window's) sizes the walker for the ships that viewer sees."""
        w, h = size or self.app.size
        top, bottom = (theme.TOOLBAR_H, h - theme.STATUS_H) if chrome else (0, h)
        right_w = max(px(440), min(px(600), int(w * 0.34)))
        left_w = w - right_w
        viewer = viewer or self.battle.viewer
        walker_h = walker_height(self.space, len(ships_shown(self.state, viewer))) if self.space is not None else 0
        # as many rows as leave the space view its room (many ships: a taller walker, fewer rows); at
        # 1280x720 four, where two were cut with "…" (review 18, finding 2); scaled like its lines
        free = bottom - top - walker_h - px(SPACE_MIN_H) - strip_height(0)
        log_h = strip_height(max(LOG_MIN_LINES, min(LOG_LINES, free // px(ROW_PX))))
        return {
            "walker": pygame.Rect(0, top, left_w, walker_h),
            "space": pygame.Rect(0, top + walker_h, left_w, max(px(60), bottom - log_h - top - walker_h)),
            "log": pygame.Rect(0, bottom - log_h, left_w, log_h),
            "crew": pygame.Rect(left_w, top, right_w, bottom - top),
        }

    def post_rect(self, ship_id: str, post: str) -> pygame.Rect | None:
        """Where a post's row is on screen (as last drawn)."""
        spot = self.hotspots.find("post", ship=ship_id, post=post)
        return spot.rect if spot else None

    def chip_rect(self, crew: str) -> pygame.Rect | None:
        spot = self.hotspots.find("chip", crew=crew)
        return spot.rect if spot else None

    def spot_rect(self, key: str, **data: Any) -> pygame.Rect | None:
        spot = self.hotspots.find(key, **data)
        return spot.rect if spot else None

    def log_lines(self) -> list[str]:
        """The space battle's log: one line per space event, oldest first."""
        return [describe(e) for e in self.encounter.journal.events if e.kind.startswith("space.")]

    # -- changing ------------------------------------------------------------------
    def submit(self, command) -> Entry | None:
        """Submit a command; a refusal becomes the status line's message."""
        self._own_change = True
        try:
            entry = self.encounter.submit(command)
        except Refused as exc:
            self.say(exc.reason[:1].upper() + exc.reason[1:] + ".", "error")
            return None
        finally:
            self._own_change = False
        self.app.dirty = True
        return entry

    def close_dialog(self) -> None:
        self.dialog = None
        self.app.dirty = True

    def open_post(self, ship_id: str, post: str) -> None:
        """Open the dialog for a post that acts now: the fire dialog for Weapons, else its actions."""
        space = self.space
        if space is None:
            return
        ship = space.ships[ship_id]
        if post not in may_act(space, ship_id):  # (the engine's list, before "has something to do")
            who = ship.crew_names.get(post)
            if who is None:
                self.say(f"No one is at the {POST_NAMES[post]} post of the {ship.name}: drag a character onto it.",
                         "info")
            elif space.phase == SETUP:
                self.say("Begin space combat first (the button at the top).", "info")
            else:
                self.say(f"The {possessive(ship.name)} {POST_NAMES[post]} does not act now.", "info")
            return
        offered = actions_offered(space, ship_id, post)
        if not offered:  # a Chief Engineer with no Battle Damage to repair, a Medical Officer with no one hurt
            why = nothing_to_do_reason(self.state, ship_id, post)
            self.say(f"The {possessive(ship.name)} {POST_NAMES[post]} has nothing to do now"
                     + (f": {why}." if why else "."), "info")
            return
        if post == "weapons" and [a.name for a in offered] == ["fire"]:
            self.dialog = FireDialog(self, ship_id)
        else:
            self.dialog = ActionDialog(self, ship_id, post)
        self.app.dirty = True

    def line(self, event) -> str:
        """A space event's line as this window's viewer may read it (F2: the players', N-SEEN-3..5)."""
        return line_for(self.state, event, self.battle.viewer) or "Done."

    def begin(self) -> None:
        entry = self.submit(StartSpaceCombat())
        if entry is not None:
            self.say(self.line(entry.events[0]), "good")

    def still_to_act(self, viewer: str = "gm") -> list[str]:
        """Crew who may still act in this phase, by name (from the engine's R-SHIP-2 list); for the
        players' view only the crews they may know of (N-SEEN-5)."""
        space = self.space
        if space is None or not space.started:
            return []
        return [f"{space.ships[sid].crew_names.get(post, post)} ({space.ships[sid].name})"
                for sid, posts in acting_now(self.encounter.state).items()
                if crew_shown(self.state, space.ships[sid], viewer) for post in posts]

    def end_phase(self) -> None:
        """End the phase; if crew can still act, the first press only warns (press again to end)."""
        waiting = self.still_to_act(self.battle.viewer)  # F2: no crew the players may not know of
        moment = (len(self.encounter.journal.entries), tuple(waiting))
        if waiting and self._warned_at != moment:
            self._warned_at = moment
            shown = ", ".join(waiting[:4]) + (f" and {len(waiting) - 4} more" if len(waiting) > 4 else "")
            self.say(f"{shown} can still act. End the phase again to go on without them.", "error")
            return
        self._warned_at = None
        entry = self.submit(EndPhase())
        if entry is None:
            return
        if worth_showing(entry):
            self.dialog = PhaseSummary(self, entry)
        self.say(phase_end_status(self.state, entry, self.battle.viewer), "info")  # with the card too

    def open_next(self) -> None:
        space = self.space
        nxt = next_prompt(space) if space is not None and space.started else None
        if nxt is None:
            self.say("No post acts now: end the phase.", "info")
            return
        self.open_post(*nxt)

    def undo(self) -> None:
        entry = self.encounter.undo()
        self.dialog = None
        if entry is None:
            self.say("Nothing to undo.", "info")
            return
        self.say("Undone: " + self._what(entry), "info")

    def redo(self) -> None:
        entry = self.encounter.redo()
        self.dialog = None
        if entry is None:
            self.say("Nothing to redo.", "info")
            return
        self.say("Redone: " + self._what(entry), "info")

    def _what(self, entry) -> str:
        """A space command by its log line, anything else by its human label."""
        if entry.events and entry.events[0].kind.startswith("space."):
            return self.line(entry.events[0])
        return entry_label(entry.command, entry.args, self.encounter.state, entry.events)

    def drop(self, pos: tuple[int, int]) -> None:
        """Finish a drag: onto a post assigns, off every post vacates the post it came from."""
        drag, self.drag = self.drag, None
        if drag is None or self.space is None:
            return
        spot = self.hotspots.at(pos)
        source = drag.get("from")
        if spot is not None and spot.key == "post":
            ship, post = spot.data["ship"], spot.data["post"]
            if source == (ship, post):
                return
            crew = drag["crew"] if drag["crew"] != NPC_CHIP else npc_name(self.space)
            drop_on_post(self, drag, crew, ship, post)  # move, swap, or ask before replacing
        elif source is not None:
            entry = self.submit(VacatePost(*source))
            if entry is not None:
                self.say(self.line(entry.events[0]), "info")

    def export_log(self) -> Path | None:
        """Ctrl+E (or the log's Export button): the whole log to a file, said as on the battle map."""
        return export_said(self.encounter, self.say, self.log_folder)

    def fit(self) -> None:
        self.app.dirty = True

    def _on_journal(self, journal, what: str) -> None:
        if not self._own_change and self.dialog is not None and what != "commit":
            self.dialog = None  # an undo elsewhere: the dialog may show a state that is gone
        self.app.dirty = True

    def close(self) -> None:
        if self._on_journal in self.encounter.journal.listeners:
            self.encounter.journal.listeners.remove(self._on_journal)

    # -- input ------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        if isinstance(intent, ui.PointerMove):
            return self._pointer_move(intent)
        if isinstance(intent, ui.PointerDown):
            return self._pointer_down(intent)
        if isinstance(intent, ui.PointerUp):
            return self._pointer_up(intent)
        if isinstance(intent, ui.KeyPress):
            return self._key(intent)
        if isinstance(intent, ui.Wheel):
            if self.dialog is None and self.crew_panel.cards_rect.collidepoint(intent.pos):
                self.crew_panel.scroll_by(int(-intent.steps * px(60)))
                return True
            if self.dialog is None and self.log.rect.collidepoint(intent.pos):
                self.log.wheel(intent.steps)
                return True
            return False
        return isinstance(intent, (ui.Resized, ui.Exposed))

    def _hover_key(self, spot: Hotspot | None) -> tuple | None:
        if spot is None:
            return None
        return (spot.key, *spot.data.values())

    def _pointer_move(self, intent: ui.PointerMove) -> bool:
        changed = False
        if self.drag is not None:
            start = self.drag["start"]
            if max(abs(intent.pos[0] - start[0]), abs(intent.pos[1] - start[1])) >= DRAG_START_PX:
                self.drag["moved"] = True
            self.drag["pos"] = intent.pos
            changed = True
        hover = self._hover_key(self.hotspots.at(intent.pos))
        if hover != self.hover:
            self.hover = hover
            changed = True
        return changed

    def _pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button != 1:
            if self.dialog is not None and intent.button == 3:
                self.close_dialog()
                return True
            return False
        spot = self.hotspots.at(intent.pos)
        if self.dialog is not None:
            if spot is None or not spot.key.startswith("dlg."):
                self.close_dialog()  # a click outside the card
            elif spot.key != "dlg.card":
                self.dialog.click(spot)
            return True
        if spot is None:
            return False
        if spot.key == "chip":
            self.drag = {"crew": spot.data["crew"], "name": spot.data["name"], "from": None, "start": intent.pos,
                         "pos": intent.pos, "moved": False}
            return True
        if spot.key == "post":
            ship = self.space_battle.ships[spot.data["ship"]]
            post = spot.data["post"]
            who = ship.crew.get(post)
            self.drag = {"crew": who, "name": ship.crew_names.get(post, who), "from": (ship.id, post),
                         "start": intent.pos, "pos": intent.pos, "moved": False} if who else None
            if who is None:
                self.open_post(ship.id, post)
            return True
        if spot.key == "walker_post":
            self.open_post(spot.data["ship"], spot.data["post"])
            return True
        if spot.key == "log_export":
            self.export_log()
            return True
        if spot.key == "begin":
            self.begin()
            return True
        if spot.key == "end_phase":
            self.end_phase()
            return True
        if spot.key == "back":
            self.app.show_battle()
            return True
        return False

    def _pointer_up(self, intent: ui.PointerUp) -> bool:
        if intent.button != 1 or self.drag is None:
            return False
        drag = self.drag
        if drag["moved"]:
            self.drop(intent.pos)
        else:
            self.drag = None
            if drag["from"] is not None:
                self.open_post(*drag["from"])
        return True

    def _key(self, intent: ui.KeyPress) -> bool:
        key = intent.key
        if intent.ctrl:
            if key == pygame.K_z:
                self.undo()
                return True
            if key == pygame.K_y:
                self.redo()
                return True
            if key == pygame.K_e:
                self.export_log()
                return True
            return False
        if key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
                return True
            if self.dialog is not None:
                self.close_dialog()
                return True
            return False
        if key == pygame.K_F2:  # the players' preview, as on the battle map: no cloaked raider, no hidden crew
            battle = self.battle
            battle.viewer = "players" if battle.viewer == "gm" else "gm"
            self.say("Players' view: what their sensors cannot see is not drawn." if battle.viewer == "players"
                     else "GM view.", "info")
            return True
        if self.space is None:
            if key in (pygame.K_RETURN, pygame.K_BACKSPACE):
                self.app.show_battle()
                return True
            return False
        if self.dialog is not None:
            return bool(self.dialog.key(intent))
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # the log, as on the battle map
            self.log.page(1 if key == pygame.K_PAGEUP else -1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            if self.space.phase == SETUP:
                self.begin()
            else:
                self.open_next()
            return True
        if key == pygame.K_e and self.space.started:
            self.end_phase()
            return True
        return False

    def ui_event(self, event) -> bool:
        return False

    # -- drawing -------------------------------------------------------------------------
    def wake_ms(self) -> int | None:
        times = [t for t in (self.message[2] if self.message else None,
                             self.dialog.wake_ms() if self.dialog is not None else None) if t is not None]
        return min(times) if times else None

    def draw(self, surface: pygame.Surface) -> None:
        self.hotspots.clear()
        surface.fill(theme.BACKDROP)
        if self.space is None:
            self._draw_empty(surface)
        else:
            self._draw_battle(surface)
        self.app.draw_toolbar_background(surface, f"{self.state.name} - Starship")
        message = self.current_message()
        if self.space is None:
            hint = "This encounter has no starship battle. Tab or Enter: back to the battle map."
        elif self.battle.viewer != "gm":  # F2 / --players: what the players see, no GM controls or hints
            hint = "PLAYERS' VIEW: what their sensors cannot see is not drawn (F2: back to the GM's view)."
        elif self.dialog is not None:
            hint = "Click a choice; Enter confirms; Esc or a click outside closes."
        elif self.space.phase == SETUP:
            hint = "Drag characters onto posts (drag a name off a post to empty it). Enter: begin space combat."
        else:
            hint = "Click a glowing post to act (Enter: the next one). E: end the phase. F6: who plays the enemy. Ctrl+Z: undo."
        if self.dialog is None:
            draw_status(surface, hint, message, "Tab: battle map")
        else:  # what is said while it is open is read over its shade, the same for every dialog
            self.dialog.draw(surface, self.hotspots, self.hover)
            draw_over_dialog(surface, self.dialog.rect, hint, message, "Tab: battle map")
        if self.drag is not None and self.drag["moved"]:
            pill(surface, self.drag["name"] or "?", self.drag["pos"], size=20, fill=theme.DRAGGED,
                 edge=theme.DRAGGED_EDGE)

    def _draw_battle(self, surface: pygame.Surface) -> None:
        rects = self.layout()
        space = self.space_battle
        colours = side_colours(self.state, space)
        self.view.fit(rects["space"], space, viewer=self.battle.viewer, state=self.state)
        self.view.draw(surface, space, colours, self.hotspots, viewer=self.battle.viewer, state=self.state)
        gm = self.battle.viewer == "gm"  # the players' view shows no GM button, chip or hint (review 18, F7)
        draw_walker(surface, rects["walker"], self.state, colours, self.hotspots, self.hover,
                    viewer=self.battle.viewer, controls=gm)
        self._draw_log(surface, rects["log"])
        self.crew_panel.draw(surface, rects["crew"], self.state, colours, self.hotspots, self.hover,
                             self.drag is not None and self.drag["moved"], viewer=self.battle.viewer, controls=gm)
        message = self.current_message()
        if message and message[1] == "error" and self.dialog is None:  # (with a dialog: beside its card)
            area = rects["space"]  # wrapped to the space view: never cut at its edges
            draw_alert(surface, alert_lines(message[0], area.width - px(40)), area.centerx, area.top + px(26))

    def _draw_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lines = self.log_lines() if self.battle.viewer == "gm" else players_log_lines(self)  # F2: the players' lines
        self.log.draw(surface, rect, lines, self.hotspots, self.hover, controls=self.battle.viewer == "gm")

    def _draw_empty(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(820, w - px(60)), 300)
        box.center = (w // 2, h // 2)
        card(surface, box, fill=theme.CARD, edge=theme.CHROME_EDGE, alpha=255, radius=16)
        text(surface, "No starship battle in this encounter", (box.x + px(36), box.y + px(32)), 32, theme.TEXT,
             "bold")
        y = box.y + px(88)
        for line in wrap("Its file has no [space] table. Add ships to an encounter file (see "
                         "pirate-corvette.encounter.toml) to fight in space.",
                         21, box.width - px(72), "regular"):
            text(surface, line, (box.x + px(36), y), 21, theme.TEXT_DIM, "regular")
            y += px(30)
        back = pygame.Rect(box.x + px(36), box.bottom - px(90), px(300), px(58))
        button_face(surface, back, "Back to the battle map", size=22, style="primary",
                    hovered=self.hover == ("back",))
        self.hotspots.add(back, "back")
