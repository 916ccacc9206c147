"""The encounter builder in the window: the Set up panel, its forms, dragging tokens, saving the fight.

Why it exists: a GM who opens their own map sets up the fight on it: adds
combatants (a bundled sheet or a quick stat block) and teams, drags tokens
where they stand, gives them pictures, removes them, lays traps, and saves
the result as an encounter file. :class:`BuilderAddon` is an App add-on
(``app.builder``) following the battle view:

* the **Set up** tool (U, :mod:`tactics.ui.builder.tool`) shows the panel
  (:mod:`tactics.ui.builder.panel`); its forms are pygame_gui windows
  (:mod:`tactics.ui.builder.forms`) whose text boxes keep the keyboard: while
  one has it no map shortcut sees a key;
* **dragging a token** (the GM's view, outside a fight, with Select or Set up)
  moves it without movement rules (:class:`~tactics.engine.board.Place`);
  dragging a name from the panel onto the map places it;
* **Save encounter...** writes an ``*.encounter.toml``
  (:func:`tactics.engine.builder.writer.write_encounter_file`) that
  ``tactics FILE`` opens with everything as placed.

Every change is an engine command (undo, autosave, replay); a refusal is the
message on screen and changes nothing.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

import pygame

from tactics.rules.grid import as_cell
from tactics.assets import bundled
from tactics.engine.board import Place
from tactics.engine.builder.allowed import fight_under_way
from tactics.engine.core.journal import Refused
from tactics.ui import draw, render, theme, token_art
from tactics.ui import intents as ui
from tactics.ui.builder.panel import DEFAULT_HINT, SetupPanel
from tactics.ui.builder.tool import SetupTool
from tactics.ui.tools.registry import register

from tactics.ui.gui import gui_loaded

if TYPE_CHECKING:
    from tactics.ui.builder.forms import Form

DRAG_PX = 6
#: each view's builder, held weakly both ways: a strong value would keep its view (and the
#: closed window's surfaces, ~35 MB) alive through ``addon.app`` for as long as the process runs
_BY_VIEW: "weakref.WeakKeyDictionary[Any, weakref.ref[BuilderAddon]]" = weakref.WeakKeyDictionary()


class BuilderAddon:
    """The builder's part of the window (an App add-on)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.view: Any = None
        self.panel = SetupPanel(self)
        self.form: Form | None = None
        self._make_form: Callable[[], Form] | None = None  # builds the open form again (rescaled)
        self.art_dialog: Any = None  # pygame_gui's UIFileDialogs while open
        self.save_dialog: Any = None
        self.picked: str | None = None
        self.placing: str | None = None
        self.hover: tuple[int, int] | None = None
        self._press: tuple[str, tuple[int, int], bool] | None = None  # combatant, where, from the panel
        self.dragging = False
        self.drag_pos: tuple[int, int] | None = None

    # -- reading ------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.view.state

    def shown(self) -> bool:
        """Is the Set up panel on screen? (Not during a fight: the fight's own panels have that column.)"""
        view = self.view
        return (view is not None and view.tool.name == "setup" and self.app.screens[0] is view
                and not fight_under_way(view.state))

    def locked_reason(self) -> str:
        if self.view.viewer != "gm":
            return "The players' view is shown: press F2 for the GM's view to set up the fight."
        if fight_under_way(self.state):
            return "The fight is under way: end it (or undo Start combat) to change the set-up."
        return ""

    def hint(self) -> str:
        if self.locked_reason():
            return "Save encounter... still writes everyone where they stand now."
        if self.placing and self.placing in self.state.combatants:
            return f"Click a square to place {self.state.combatants[self.placing].name}. Esc: not now."
        return DEFAULT_HINT

    def can_drag(self) -> bool:
        view = self.view
        return (view is not None and view.viewer == "gm" and not fight_under_way(view.state)
                and view.tool.name in ("select", "setup") and self.app.screens[0] is view)

    # -- the App's hooks ------------------------------------------------------------------
    def opened(self, encounter: Any) -> bool:
        self.close_forms()
        self.view = self.app.battle
        _BY_VIEW[self.view] = weakref.ref(self)
        self.picked = self.placing = None
        self._press, self.dragging = None, False
        return False

    def busy(self) -> bool:
        return bool(self.form is not None and self.form.alive()) or self.dragging

    def key(self, intent: ui.KeyPress) -> bool:
        """While a form is open: Esc closes it, and no key reaches the map while one of its boxes has focus."""
        if self.form is not None and not self.form.alive():
            self.form = None
        for dialog in (self.art_dialog, self.save_dialog):  # a file name being typed
            if dialog is not None and dialog.alive():
                if intent.key == pygame.K_ESCAPE:
                    dialog.kill()
                    return True
                if dialog.file_path_text_line.is_focused:
                    return True
        if self.form is None:
            return self._page_key(intent)
        if intent.key == pygame.K_ESCAPE:
            self.close_forms()
            return True
        return self.form.focused()

    def _page_key(self, intent: ui.KeyPress) -> bool:
        """PageDown / PageUp with the pointer over the Set up panel page its list (elsewhere: the log's)."""
        if intent.key not in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) or intent.ctrl or not self.shown():
            return False
        if self.hover is None or not self.panel.contains(self.hover):
            return False
        self.panel.page(-1 if intent.key == pygame.K_PAGEUP else 1)
        self.app.dirty = True
        return True

    def handle(self, intent: Any) -> bool:
        view = self.view
        if view is None or self.app.top is not view or self._questioned():
            return False
        pos = getattr(intent, "pos", None)
        if self.shown() and pos is not None and not self.dragging and self.panel.contains(pos):
            return self._panel_input(intent)
        if isinstance(intent, ui.PointerMove):
            if self.hover is not None:  # off the panel: no button is hovered any more
                self.hover = None
                self.app.dirty = True
            return self._drag_move(intent.pos)
        if isinstance(intent, ui.PointerDown) and intent.button == 1:
            self._press_on_board(intent.pos)
            return False
        if isinstance(intent, ui.PointerUp) and intent.button == 1:
            return self._drop(intent.pos)
        return False

    def ui_event(self, event: pygame.event.Event) -> bool:
        if not gui_loaded():
            return False  # no form or dialog was ever made
        import pygame_gui

        element = getattr(event, "ui_element", None)
        form = self.form
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            if self.art_dialog is not None and element is self.art_dialog:
                if form is not None and "art" in form.entries:
                    form.entries["art"].set_text(event.text)
                return True
            if self.save_dialog is not None and element is self.save_dialog:
                self.save_to(event.text)
                return True
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.save_dialog is not None
                and self.save_dialog.alive() and (line := self.save_dialog.file_path_text_line) is not None
                and element is line):
            text = line.get_text().strip()
            if text and getattr(self.save_dialog, "problem_label", None) is None:  # (a FIFO typed: said there)
                self.save_dialog.kill()
                self.save_to(text)
            return True
        if form is None or not form.owns(element):
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element in form.actions:
            form.actions[element]()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and isinstance(form, _forms().CombatantForm) \
                and element is form.menus.get("sheet"):
            form.sheet_changed()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and isinstance(form, _forms().CombatantForm) \
                and element is form.menus.get("team"):
            form.team_changed()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.submit_form()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            form.say("")  # the problem shown is about what was there before this typing
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and element is form.window:
            self.form = None
        self.app.dirty = True
        return True

    def update(self) -> bool:
        """After each frame: the pictures that could not be drawn in it, in one message (said here,
        not while drawing, whose end clears the redraw flag: the message waited for the next move)."""
        problem = token_art.take_message()
        if problem is not None and self.view is not None:
            self.view.say(problem, "error")
        return False

    def draw(self, surface: pygame.Surface) -> bool:
        if not self.shown():
            self.panel.begin()
            return False
        x, top, width, bottom = self._panel_box()
        self.panel.draw(surface, x, top, width, bottom - top, self.hover)
        return False

    def fit_room(self, rect: pygame.Rect) -> pygame.Rect:
        """While the set-up panel shows, "fit the map" leaves its column free (it covered the bears'
        room, which could then not be dragged: an outside reviewer's finding)."""
        if not self.shown() or self.view is None:
            return rect
        x = self._panel_box()[0] - theme.px(12)
        if rect.right <= x or x - rect.x < theme.px(200):
            return rect  # clear of it already, or too narrow a window to give the column up
        return pygame.Rect(rect.x, rect.y, x - rect.x, rect.height)

    def _panel_box(self) -> tuple[int, int, int, int]:
        """Where the set-up panel goes: (x, top, width, bottom)."""
        view = self.view
        board = view.board_rect()
        combat = view.combat
        turns = getattr(view, "turns", None)
        log = combat.log if combat.active() else (
            turns.column.log if turns is not None and turns.active() else None)  # individual turns' log column
        if log is not None:
            width = combat.columns(board)[1]
            # above the log at the column's foot (where it keeps while this panel shows: it takes
            # the whole column when alone, so its last rectangle may be the whole column)
            log_h = log.rect.height if log.rect is not None and log.collapsed else combat.log_max(board)
            bottom = board.bottom - theme.px(12) - log_h - theme.px(10)
            if bottom - board.top < theme.px(460):  # a small window: the whole column while setting up (over the log)
                bottom = board.bottom - theme.px(12)
        else:
            width, bottom = theme.SIDE_W, board.bottom - theme.px(12)  # the column "fit" leaves free
        x, top = board.right - width - theme.px(12), board.top + theme.px(12)
        return x, top, width, bottom

    # -- input on the panel -----------------------------------------------------------------
    def _panel_input(self, intent: Any) -> bool:
        if isinstance(intent, ui.PointerMove):
            self.hover = intent.pos
            self.view.hover_cell = self.view.hover_pos = None  # no square is pointed at through the panel
            self.app.dirty = True
            return True
        if isinstance(intent, ui.Wheel):
            self.panel.wheel(intent.steps)
            return True
        if isinstance(intent, ui.PointerDown) and intent.button == 1:
            if self.open_file_dialog() is not None:
                self.hold_dialog()  # the panel is inert behind an open file dialog (review 10)
                return True
            if self.form is not None and self.form.touched():
                self.hold_form()  # the panel is inert behind a form with something typed in it
                return True
            self.panel.click(intent.pos)
            if self._press is None and self.picked is not None and self._row_at(intent.pos) == self.picked:
                self._press = (self.picked, intent.pos, True)  # a name may be dragged onto the map
            return True
        if isinstance(intent, ui.PointerUp):
            self._press = None
            return True
        return True

    def _row_at(self, pos: tuple[int, int]) -> str | None:
        for hit in reversed(self.panel.hits):
            if hit.rect.collidepoint(pos) and hit.key.startswith("pick:"):
                return hit.key.split(":", 1)[1]
        return None

    # -- dragging tokens ---------------------------------------------------------------------------
    def _over_panels(self, pos: tuple[int, int]) -> bool:
        combat = self.view.combat
        if combat.active() and combat.panel_at(pos) is not None:
            return True
        menu = getattr(self.app, "gm_menu", None)
        if menu is not None and getattr(menu, "pages", None):
            return True
        return self.shown() and self.panel.contains(pos)

    def _press_on_board(self, pos: tuple[int, int]) -> None:
        self._press, self.dragging = None, False
        view = self.view
        if not self.can_drag() or not view.board_rect().collidepoint(pos) or self._over_panels(pos):
            return
        who = view.token_at(view.camera.cell_at(pos))
        if who is not None:
            self._press = (who.id, pos, False)

    def _drag_move(self, pos: tuple[int, int]) -> bool:
        if self._press is None:
            if self.placing and self.shown():
                self.app.dirty = True  # the ghost follows the pointer
            return False
        cid, start, _ = self._press
        if not self.dragging and max(abs(pos[0] - start[0]), abs(pos[1] - start[1])) < DRAG_PX:
            return False
        if not self.can_drag() and not self.dragging:
            self._press = None
            return False
        self.dragging = True
        self.drag_pos = pos
        view = self.view
        view.hover_pos, view.hover_cell = pos, view.camera.cell_at(pos)
        self.app.dirty = True
        return True

    def _drop(self, pos: tuple[int, int]) -> bool:
        press, dragging = self._press, self.dragging
        self._press, self.dragging, self.drag_pos = None, False, None
        if press is None or not dragging:
            return False
        cid = press[0]
        view = self.view
        who = view.state.combatants.get(cid)
        if who is None or not view.board_rect().collidepoint(pos) or self._over_panels(pos):
            view.say("Dropped off the map: nothing moved.", "info")
            return True
        cell = view.camera.cell_at(pos)
        if cell == who.cell:
            return True
        self.place(cid, cell)
        return True

    def forget_gone(self) -> None:
        """Let go of a picked or waiting-to-be-placed combatant that an undo took away (a click
        then placed a combatant that no longer exists: KeyError, review 5)."""
        combatants = self.view.state.combatants
        if self.picked is not None and self.picked not in combatants:
            self.picked = None
        if self.placing is not None and self.placing not in combatants:
            self.placing = None

    def place(self, cid: str, cell: tuple[int, int]) -> bool:
        view = self.view
        who = view.state.combatants.get(cid)
        if who is None:
            self.forget_gone()
            view.say("Nothing to place: that combatant was undone.", "info")
            return False
        first = who.cell is None
        if not view.state.map.in_bounds(cell):
            view.say("That square is off the map.", "error")
            return False
        if not view.submit(Place(cid, as_cell(cell))):
            view.flash_bad(tuple(cell))
            return False
        view.say(f"{'Placed' if first else 'Moved'} {who.name} {'at' if first else 'to'} ({cell[0]}, {cell[1]}).", "good")
        if self.placing == cid:
            self.placing = next((c.id for c in view.state.combatants.values() if c.cell is None and c.present), None)
            if self.placing:
                view.say(f"Placed {who.name}. Now click a square for {view.state.combatants[self.placing].name} "
                         f"(Esc: not now).", "good")
        self.picked = cid
        return True

    # -- what the panel's buttons do --------------------------------------------------------------
    def pick(self, cid: str | None, *, from_panel: bool = False) -> None:
        self.picked = cid
        who = self.state.combatants.get(cid) if cid else None
        self.placing = cid if who is not None and who.cell is None and not self.locked_reason() else None
        if self.placing and who is not None:
            self.view.say(f"Click a square to place {who.name} (Esc: not now).", "info")
        self.app.dirty = True

    def remove(self, cid: str) -> None:
        from tactics.engine.builder.commands import RemoveCombatant  # (the builder's commands: on first use, issue 12)

        who = self.state.combatants.get(cid)
        if who is not None and self.view.submit(RemoveCombatant(cid)):
            self.view.say(f"Removed {who.name} (Ctrl+Z brings them back).", "good")
            if self.picked == cid:
                self.picked = None
            if self.placing == cid:
                self.placing = None

    def mode_refusal(self) -> str:
        """Why the turn rules cannot be chosen now (the engine's words, or the panel's lock), or ""."""
        from tactics.engine.builder.allowed import why_not_change_mode

        return self.locked_reason() or _sentence_case(why_not_change_mode(self.state) or "")

    def set_mode(self, mode: str) -> None:
        """The panel's "Turns" choice: team rounds or individual turns, an engine command (Ctrl+Z
        takes it back) that Save encounter... writes as the file's ``mode``."""
        from tactics.engine.builder.allowed import MODE_WORDS
        from tactics.engine.builder.commands import SetTurnMode  # (the builder's commands: on first use)

        if self.state.mode == mode:
            return
        if self.view.submit(SetTurnMode(mode)):
            where = ("the turn tracker on the left starts them" if mode == "individual"
                     else "Start combat in the Initiative panel starts them")
            self.view.fit()  # the tracker and its log column take other room than the Initiative panel
            other = "team" if mode == "individual" else "individual"
            self.view.say(f"Turns: {MODE_WORDS[mode]} ({where}); Save encounter... keeps the choice. "
                          f"Ctrl+Z: back to {MODE_WORDS[other]}.", "good")
        self.app.dirty = True

    def traps(self) -> None:
        self.view.set_tool("traps")
        self.view.say("Traps: pick a kind, click a square to lay it hidden. U: back to Set up.", "info")

    def open_add_form(self) -> None:
        self._open(lambda: _forms().CombatantForm(self.app.ui, self.app.size, self.state, None, self.submit_form,
                                         self.close_forms, self.choose_art))

    def open_edit_form(self, cid: str) -> None:
        who = self.state.combatants.get(cid)
        if who is None:
            return
        self.picked = cid
        self._open(lambda: _forms().CombatantForm(self.app.ui, self.app.size, self.state, who, self.submit_form,
                                         self.close_forms, self.choose_art))

    def open_team_form(self, team: str | None = None) -> None:
        self._open(lambda: _forms().TeamForm(self.app.ui, self.app.size, self.state, team, self.submit_form, self.close_forms))

    def _open(self, make: Any) -> None:
        reason = self.locked_reason()
        if reason:
            self.view.say(reason, "error")
            return
        if self.open_file_dialog() is not None:  # never a form over a file dialog (review 10)
            self.hold_dialog()
            return
        if self.form is not None and self.form.touched():  # (a key such as A, or a panel button)
            self.hold_form()
            return
        self.close_forms()
        self.form = make()
        self.form.mark_untouched()
        self._make_form = make
        self.app.dirty = True

    def hold_form(self) -> None:
        """A click or key would open or do something else while the open form holds what the GM typed:
        nothing else happens, the form says why and so does the status line (it used to vanish)."""
        form = self.form
        if form is None:
            return
        ok = form.ok.text if form.ok is not None else "OK"  # the form's own button: "Add team", "Save"
        form.say(f"Finish or cancel this form first: {ok}, or Cancel.")
        self.view.say(f"Finish or cancel the {form.title} form first: {ok} keeps it, Cancel (Esc) throws it away.",
                      "error")
        self.app.dirty = True

    #: the file dialogs the set-up opens, as the status line names them
    DIALOG_NAMES = {"save_dialog": "Save encounter", "art_dialog": "Token picture"}

    def open_file_dialog(self) -> str | None:
        """The set-up's file dialog that is open ("save_dialog", "art_dialog"), if any."""
        for name in self.DIALOG_NAMES:
            dialog = getattr(self, name)
            if dialog is not None and dialog.alive():
                return name
        return None

    def hold_dialog(self) -> None:
        """A click on the Set up panel or a form's key while a file dialog is open: nothing else
        happens and the status line says why (a New team form opened over the Save dialog: two
        set-up windows at once, review 10)."""
        name = self.open_file_dialog()
        if name is None:
            return
        self.view.say(f"Finish or cancel the {self.DIALOG_NAMES[name]} dialog first: OK picks the file, "
                      "Cancel (Esc) closes it.", "error")
        self.app.dirty = True

    def rescaled(self) -> bool:
        """The window changed its UI scale: an open form is built again at the new size with what was
        typed in it kept (pygame_gui's font grew, its boxes had not: labels were cut at 4K, review 5),
        and an open file dialog likewise, keeping its path."""
        form = self.form
        if form is not None and form.alive() and self._make_form is not None:
            saved, baseline = form.snapshot(), form.baseline
            form.close()
            self.form = self._make_form()
            self.form.restore(saved)
            self.form.baseline = baseline  # (as it first opened: what was typed still counts)
        for name, reopen in (("save_dialog", self.open_save_dialog), ("art_dialog", self.choose_art)):
            dialog = getattr(self, name)
            if dialog is not None and dialog.alive():
                path = dialog.file_path_text_line.get_text()
                dialog.kill()
                setattr(self, name, None)
                reopen(path or None)
        self.app.dirty = True
        return False

    def close_forms(self) -> None:
        if self.form is not None:
            self.form.close()
        self.form = None
        if self.art_dialog is not None and self.art_dialog.alive():
            self.art_dialog.kill()
        self.art_dialog = None
        self.app.dirty = True

    def choose_art(self, initial: str | None = None) -> None:
        """The file dialog for a token picture (``initial``: the path it starts on; else the map's folder)."""
        if self.art_dialog is not None and self.art_dialog.alive():
            return
        start = Path(self.view.encounter.map.source or Path.cwd()).parent
        from tactics.ui.file_dialogs import file_dialog  # (when first asked for: not at start)

        self.art_dialog = file_dialog(self.app.ui, self.app.size, "Token picture", initial or str(start),
                                      existing_only=True)

    def submit_form(self) -> bool:
        """OK (or Enter in a box): the form's command; a problem is shown in the form, which stays open."""
        form = self.form
        if form is None or not form.alive():
            return False
        try:
            command = form.command()
        except _forms().FormError as exc:
            form.say(str(exc))
            return False
        try:
            entry = self.view.encounter.submit(command)
        except Refused as exc:
            form.say(_sentence_case(exc.reason))
            return False
        self.close_forms()
        from tactics.engine.builder.events import SetupCombatantAdded  # (loaded with the command just made)

        added = [e.combatant for e in entry.events if isinstance(e, SetupCombatantAdded)]
        if added:
            self.pick(added[0]["id"])
            who = added[0]["name"] if len(added) == 1 else f"{len(added)}: {added[0]['name']} to {added[-1]['name']}"
            self.view.say(f"Added {who}. Click a square to place {'them one by one' if len(added) > 1 else 'them'} "
                          f"(or drag a name onto the map).", "good")
        elif getattr(command, "changes", None) is not None:
            self.view.say(f"Changed {self.state.combatants[command.combatant].name}.", "good")
            if "art" in command.changes:
                token_art.forget(self.state.combatants[command.combatant].art)
        else:
            name = command.team_name  # "Strike Team", "Raiders": said as the GM named it, no "Team" before it
            self.view.say(f"Added the team {name}: choose it in a combatant's Team box.", "good")
        return True

    # -- saving the encounter file ----------------------------------------------------------------------
    def suggested_path(self) -> Path:
        """Next to the map (``<map>.encounter.toml``); the per-user folder for a map bundled with the app."""
        from tactics.engine.builder.writer import SUFFIX  # (the file writer: when the GM first saves, issue 12)
        from tactics.engine.saves.autosave import data_dir

        source = self.view.encounter.map.source
        folder = Path(source).parent if source else Path.cwd()
        if folder.resolve().is_relative_to(bundled("").resolve()):
            folder = data_dir() / "encounters"
            folder.mkdir(parents=True, exist_ok=True)
        stem = Path(source).stem if source else "encounter"
        return folder / f"{stem}{SUFFIX}"

    def open_save_dialog(self, initial: str | None = None) -> None:
        """The Save dialog (``initial``: the path it starts on; else the suggested file)."""
        if self.save_dialog is not None and self.save_dialog.alive():
            return
        from tactics.ui.file_dialogs import file_dialog

        self.save_dialog = file_dialog(self.app.ui, self.app.size, "Save the encounter file as",
                                       initial or str(self.suggested_path()), existing_only=False)

    def save_to(self, path: str | Path, *, replace: bool = False) -> bool:
        """Write the encounter file; an existing one is replaced only after "Replace?"."""
        from tactics.engine.builder.writer import EncounterFileError, target_path, write_encounter_file  # (issue 12)

        view = self.view
        if Path(path).expanduser().is_dir():  # a folder was picked: the suggested name in it
            path = Path(path).expanduser() / self.suggested_path().name
        target = target_path(path)
        if target.resolve().is_relative_to(bundled("").resolve()):
            view.say("That is the app's own folder: save the encounter in a folder of yours.", "error")
            return False
        if target.exists() and not replace:
            self.app.saving.ask("Replace?", f"{target.name} already exists. Replace it with this set-up?",
                                ["Replace", "Cancel"],
                                lambda c: self.save_to(target, replace=True) if c == "Replace" else None)
            return False
        try:
            written = write_encounter_file(view.state, view.encounter.definition, target)
        except (EncounterFileError, OSError, TypeError, ValueError) as exc:  # TypeError: a value TOML cannot hold
            view.say(f"Not saved: {exc}", "error")
            return False
        saving = getattr(self.app, "saving", None)
        if saving is not None:
            saving.written_by_hand(written)  # the set-up is in that file: quitting now loses nothing; its autosaves
        from tactics.engine.builder.allowed import MODE_WORDS

        view.say(f"Saved {written.name} ({MODE_WORDS.get(view.state.mode, view.state.mode)}): "
                 f"open it with  tactics {written.name}", "good")
        return True

    def _questioned(self) -> bool:
        prompt = getattr(getattr(self.app, "saving", None), "prompt", None)
        return prompt is not None and prompt.alive()


def _sentence_case(reason: str) -> str:
    """A refusal as a sentence: its first letter capitalised, unless it starts with a file name
    ("text.png cannot be a token picture": the file's own spelling)."""
    first = reason.split(" ", 1)[0]
    if "." in first.rstrip(".:,") or "/" in first:
        return reason
    return reason[:1].upper() + reason[1:]


# --------------------------------------------------------------------------- the board layer
def _forms() -> ModuleType:
    """The add and edit forms, imported when the first one opens (not at the app's start: issue 12)."""
    from tactics.ui.builder import forms

    return forms


def builder_of(view: Any) -> BuilderAddon | None:
    ref = _BY_VIEW.get(view) if view is not None else None
    return ref() if ref is not None else None


def _ghost(ctx: render.DrawContext, cid: str, cell: tuple[int, int], pos: tuple[int, int] | None) -> None:
    state = ctx.state
    who = state.combatants.get(cid)
    if who is None:
        return
    cam = ctx.camera
    other = state.at(cell)
    free = (state.map.in_bounds(cell) and state.current_map().move_cost(cell) is not None
            and (other is None or other.id == cid))
    draw.cell_cursor(ctx.surface, cam.cell_rect(cell), theme.GOOD if free else theme.BAD, 3)
    team = state.teams.get(who.team)
    colour = tuple(team.colour) if team else theme.NEUTRAL
    disc = ctx.renderer.tokens._disc(who, colour, cam.cell_px, False, False, True)
    disc = disc.copy()
    disc.set_alpha(170)
    centre = pos if pos is not None else cam.cell_centre(cell)
    ctx.surface.blit(disc, disc.get_rect(center=centre))


def builder_layer(ctx: render.DrawContext) -> None:
    """The token being dragged (or placed) under the pointer, green where it may stand; the picked one ringed."""
    builder = builder_of(ctx.view)
    if builder is None or not ctx.gm:
        return
    view = builder.view
    if builder.dragging and builder._press is not None and view.hover_cell is not None:
        _ghost(ctx, builder._press[0], view.hover_cell, builder.drag_pos)
        return
    if not builder.shown():
        return
    cell = view.hover_cell
    if (builder.placing and cell is not None and ctx.state.map.in_bounds(cell) and builder.form is None
            and view.board_rect().collidepoint(view.hover_pos or (-1, -1))):
        _ghost(ctx, builder.placing, cell, None)
    picked = ctx.state.combatants.get(builder.picked) if builder.picked else None
    if picked is not None and picked.cell is not None:
        cx, cy = ctx.camera.cell_centre(picked.cell)
        pygame.draw.circle(ctx.surface, theme.ACCENT, (cx, cy), int(ctx.camera.cell_px * 0.56), max(2, ctx.camera.cell_px // 16))


render.add_layer(render.TOOL_Z + 5, "builder", builder_layer)


def attach_builder(app: Any) -> BuilderAddon:
    """Give ``app`` its encounter builder (``app.builder``)."""
    addon = BuilderAddon(app)
    app.builder = addon
    app.addons.append(addon)
    return addon


register(SetupTool)  # the Set up tool (U) in every battle view from now on

__all__ = ["BuilderAddon", "attach_builder", "builder_layer", "builder_of"]
