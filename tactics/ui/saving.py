"""Saves in the window: Ctrl+S, Ctrl+Shift+S, autosave on every command, restore offers.

* **Ctrl+S** writes the encounter to the save it came from; an encounter
  opened from an encounter file or a map (or a save that failed to load) is
  never overwritten: Ctrl+S asks for a new save's name (Save as, **Ctrl+Shift+S**).
  A path that holds a map or an encounter file is refused; an existing save is
  replaced only after "Replace?". Ctrl+O opens saves like any other file
  (:func:`tactics.ui.opening.open_path` reads them with ``load_save``).
* Every encounter the window shows gets an :class:`~tactics.engine.saves.autosave.Autosaver`:
  each committed command, undo and redo is on disk before play goes on.
* On opening a file, if an autosave of it is newer than the file, a prompt asks
  "An autosave from 16:42 is newer than this file: Restore / Ignore".
  After Save as, the file the game came from offers that save instead ("This
  encounter went on in night.tactics.json ...: Open it / Start fresh",
  :mod:`tactics.ui.went_on`), not its own autosaves from before the save.
* A save that is refused (damaged, cut off, hand-edited) leaves everything as
  it was, says what is wrong and where, and offers the last good autosave.
* A failed autosave (disk full, read-only folder) shows a warning in the
  status bar that stays until an autosave succeeds again (no move's message
  replaces it); a game another window already plays opens read-only, said the
  same way (Save as makes it a copy this window may play).
* Ctrl+Q or the window's close button asks first when the last change is not
  in a save written by hand ("Save and quit / Quit without saving / Cancel"), and so does
  opening another file (Ctrl+O's OK, a dropped file): "Save and open / Open without saving /
  Cancel" (an outside review: a dropped file replaced a fight only autosaved, silently).
* A fresh start of a file never rotates out the autosaves of a game played from it before
  (the window's Autosaver sets them aside at its first write, as "Ignore" does).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from tactics.engine.saves.autosave import Autosaver, data_dir, newer_autosave_than
from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.ui import intents as ui
from tactics.engine.saves.kinds import not_a_save_target
from tactics.ui.opening import SAVE_SUFFIX, SaveOpenError, is_save_file
from tactics.ui.panels.prompt import Prompt
from tactics.ui.save_warnings import autosave_problem, draw_warning, read_only_text, warning_text
from tactics.engine.saves.continued import WentOn, last_good_of_game, went_on_in
from tactics.ui.went_on import offer_went_on, remember_save_as

from tactics.ui.gui import gui_loaded

if TYPE_CHECKING:
    from tactics.ui.app import App

Listener = Callable[[Any, str], None]


def what_is_newer(opened: Encounter, autosave: Encounter) -> str:
    """What restoring the autosave would bring back, in a sentence (empty: nothing to say): how many
    more actions than the file, the last one as the log words it, the round of a fight going on."""
    more, last, rnd = played_since(opened, autosave)
    if more < 0 and last:  # a game built on the map before Save encounter...: its count is not the file's
        return full_stop(f" Its last action: {last}" + (f" (round {rnd})" if rnd is not None else ""))
    if more <= 0:
        return ""
    return full_stop(f" It holds {more} more action{'s' if more != 1 else ''} than the file"
                     + (f"; the last: {last}" if last else "") + (f" (round {rnd})" if rnd is not None else ""))


#: How much of the last action's log words the Restore question quotes: a volley's or a phase's
#: line runs to eight lines, and the dialog grew and moved its buttons with it (review 20 m7).
GIST_CHARS = 90


def _gist(words: str) -> str:
    """``words`` cut at a word's end before :data:`GIST_CHARS`, with an ellipsis."""
    words = " ".join(words.split())
    if len(words) <= GIST_CHARS:
        return words
    cut = words[:GIST_CHARS].rsplit(" ", 1)[0].rstrip(",;:.")
    return cut + "..."


def full_stop(sentence: str) -> str:
    """``sentence`` ended with a full stop, unless it ends with the ellipsis of a cut quote."""
    return sentence if sentence.endswith("...") else sentence + "."


def played_since(before: Encounter, later: Encounter) -> tuple[int, str, int | None]:
    """How many more actions ``later`` holds than ``before``, its last one as the log words it
    (cut to :data:`GIST_CHARS`), and the round of a fight still going on (None: none).

    -1 actions: not known, the two start from different set-ups (a game built on a bare map and
    then written by Save encounter..., against that encounter file: its building is not "more")."""
    from tactics.ui.panels.log import line_for

    entries = later.journal.entries
    more = len(entries) - len(before.journal.entries)
    if _set_up(before) != _set_up(later):
        more = -1 if entries else 0
    events = entries[-1].events if entries else []
    last = _gist(line_for(events[-1], later.state).rstrip(".")) if events and more != 0 else ""
    combat = later.state.combat
    rnd = getattr(combat, "round", None)
    going_on = isinstance(rnd, int) and getattr(combat, "phase", "") != "ended"
    return more, last, rnd if going_on else None


def _set_up(encounter: Encounter) -> dict[str, Any]:
    """Who stood where when the encounter's history starts."""
    return {cid: c.cell for cid, c in encounter.journal.start.combatants.items()}


def when_text(path: str | Path) -> str:
    """"16:42" (today) or "3 Dec 16:42" for when a save was written, in local time."""
    from datetime import datetime  # (when a restore is offered: not for the first frame)

    from tactics.engine.saves.document import saved_at

    stamp = saved_at(path)
    if stamp is None:
        try:
            stamp = datetime.fromtimestamp(Path(path).stat().st_mtime).astimezone()
        except OSError:
            return "an unknown time"
    local = stamp.astimezone()
    if local.date() == datetime.now().astimezone().date():
        return local.strftime("%H:%M")
    return local.strftime("%d %b %H:%M").lstrip("0")


def suggested_name(encounter: Encounter) -> Path:
    """Where Save as starts: next to the file the encounter came from, ``<name>.tactics.json``.

    An encounter bundled with the app (its ``maps/`` folder) is saved in the
    per-user ``saves`` folder instead: games do not belong in the install.
    """
    source = Path(encounter.source) if encounter.source else Path.cwd() / "encounter"
    if source.resolve().is_relative_to(bundled("").resolve()):
        saves = data_dir() / "saves"
        saves.mkdir(parents=True, exist_ok=True)
        source = saves / source.name
    stem = source.name
    for suffix in (SAVE_SUFFIX, ".encounter.toml", ".encounter.json"):
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    else:
        stem = Path(stem).stem
    return source.parent / f"{stem or 'encounter'}{SAVE_SUFFIX}"


class Saving:
    """The window's saving part (an App add-on: see ``App.addons``)."""

    def __init__(self, app: "App", *, folder: str | Path | None = None) -> None:
        self.app = app
        self.folder = folder  # autosave folder (None: the per-user data folder)
        self.autosaver: Autosaver | None = None
        self.prompt: Prompt | None = None
        self.dialog: Any = None  # pygame_gui's UIFileDialog while one is open
        self.broken: set[str] = set()  # files that failed to load: never written by Ctrl+S
        #: Journal listeners called after the autosave of each change is written.
        self.after_autosave: list[Listener] = []
        self._restoring = False
        #: Ask "restore the newer autosave?" when a file is opened. The ``tactics``
        #: command turns it on at start (:meth:`offer_restores`); an App made in
        #: code (tests, tools) does not ask unless told to.
        self.offering = False
        #: Hold a lock on each game this window plays, so a second window opens it read-only.
        #: The ``tactics`` command turns it on (:meth:`lock_games`), as it does ``offering``.
        self.locking = False
        #: Why the last autosave failed (shown until one succeeds), or None.
        self.autosave_error: str | None = None
        self._saved: tuple[int, Any] = (0, None)  # the journal when last saved by hand (or opened)
        self._quit_after_save = False
        self._quit_prompt: Prompt | None = None
        self._open_after_save: Path | None = None  # "Save and open": the file to open once saved
        self._kept_note: str | None = None  # where a fresh start set the earlier game aside (said once)

    # -- the encounter the window shows ---------------------------------------------------
    def opened(self, encounter: Encounter) -> None:
        """A new encounter is on screen: offer a newer autosave, then autosave it."""
        if self.autosaver is not None:
            self.autosaver.detach()
            for fn in self.after_autosave:
                if fn in self.autosaver.encounter.journal.listeners:
                    self.autosaver.encounter.journal.listeners.remove(fn)
        offer = self._newer(encounter) if self.offering and not self._restoring else None
        self.autosave_error = None
        # a fresh start (not a restore) sets the earlier game's autosaves aside before its first write
        self.autosaver = Autosaver(encounter, self.folder, on_error=self._autosave_failed,
                                   on_written=self._autosave_written, lock=self.locking,
                                   keep_earlier_run=not self._restoring)
        self._lock_check(encounter)
        self._saved = (0, None) if self._restoring else self._position(encounter)
        for fn in self.after_autosave:
            encounter.journal.listeners.append(fn)
        if offer is not None:
            self._offer(offer, encounter)

    def _newer(self, encounter: Encounter) -> Path | WentOn | None:
        """What is newer than the file just opened: its own newer autosave, else the save its game
        went on in (after Save as; the autosaves from before that save are not offered)."""
        if not encounter.source:
            return None
        try:
            return (newer_autosave_than(encounter.source, folder=self.folder)
                    or went_on_in(encounter.source, folder=self.folder))
        except OSError:
            return None

    def _offer(self, offer: Path | WentOn, encounter: Encounter) -> None:
        if isinstance(offer, WentOn):
            offer_went_on(self, offer, encounter)
        else:
            self.offer_restore(offer, encounter.source or "", encounter)

    def offer_restores(self) -> None:
        """From now on, opening a file with a newer autosave asks to restore it; ask now for this one.

        Asked before anything is played in this window (the Autosaver only writes after a
        command), also for a save of a game in progress: its autosaves hold what was played after
        the last Ctrl+S when the laptop died.
        """
        self.offering = True
        encounter = self.app.battle.encounter
        if not self.unsaved():  # nothing played here since it was opened
            offer = self._newer(encounter)
            if offer is not None:
                self._offer(offer, encounter)

    def lock_games(self) -> None:
        """From now on this window locks each game it plays (and the one it shows now)."""
        self.locking = True
        if self.autosaver is not None:
            self.autosaver.lock_now()
            self._lock_check(self.autosaver.encounter)

    def _autosave_failed(self, exc: Exception) -> None:
        self.autosave_error = autosave_problem(exc)
        self.app.battle.say(f"Autosave failed: {self.autosave_error}", "error")
        self.app.dirty = True

    def _autosave_written(self, path: Path) -> None:
        saver = self.autosaver
        kept = saver.set_aside_path if saver is not None else None
        if saver is not None and kept is not None:  # a fresh start's first write set the earlier game aside
            saver.set_aside_path = None
            if self.offering:  # the window the ``tactics`` command runs says where (one made in code: the log)
                self._kept_note = (f"The earlier game's autosave is kept in {kept.parent} as {kept.name} "
                                   "(Ctrl+O opens it).")
        if self.autosave_error is not None:
            self.autosave_error = None
            self.app.dirty = True

    def _lock_check(self, encounter: Encounter) -> None:
        """Another window plays this game: this one opens it read-only (and says so)."""
        holder = self.autosaver.locked_by if self.autosaver is not None else None
        encounter.read_only = read_only_text(holder) if holder is not None else None
        if encounter.read_only is not None:
            self.app.battle.say(encounter.read_only, "error")
            self.app.dirty = True

    # -- quitting ------------------------------------------------------------------------
    @staticmethod
    def _position(encounter: Encounter) -> tuple[int, Any]:
        entries = encounter.journal.entries
        return (len(entries), entries[-1] if entries else None)

    def flush_autosave(self) -> Path | None:
        """The autosave that holds the game as it stands, for a window told to terminate: every change
        is autosaved as it is committed, so only a write that failed is tried again now. None: there
        is none (nothing changed, another window plays the game) or it still cannot be written."""
        saver = self.autosaver
        if saver is None or saver.locked_by is not None or saver.encounter.read_only:
            return None
        if saver.last_error is not None:
            try:
                saver.write_now()
            except Exception as exc:  # noqa: BLE001 - the disk's problem is said, the window still closes
                print(f"tactics: warning: the autosave could not be written: {exc}", file=sys.stderr, flush=True)
                return None
        return saver.last_path

    def unsaved(self) -> bool:
        """Is the last change only in the autosave (not in a save written by hand)?"""
        encounter = self.app.battle.encounter
        if encounter.read_only:
            return False  # nothing was changed here
        count, last = self._position(encounter)
        return not (count == self._saved[0] and last is self._saved[1])

    def written_by_hand(self, encounter_file: Path | None = None) -> None:
        """Everything as it stands is now in a file the GM wrote (the builder's Save encounter...):
        quitting asks nothing until the next change.

        ``encounter_file``: the encounter file Save encounter wrote. Unless the game is a save
        (Ctrl+S writes that one), the game now belongs to that file, as it does to the save after
        Save as: its autosaves from now on carry its tag, so ``tactics x.encounter.toml`` after a
        crash offers "An autosave ... is newer than this file", and the map it was built on, opened
        again, offers "This encounter went on in x.encounter.toml" (not its own old autosaves)."""
        encounter = self.app.battle.encounter
        if encounter_file is not None and not (encounter.source and is_save_file(encounter.source)):
            old, encounter.source = encounter.source, str(encounter_file)
            if old:
                remember_save_as(old, Path(encounter_file), self.folder)
            if self.autosaver is not None and self.autosaver.encounter is encounter:
                self.autosaver.relock()  # the game is now that file's: its lock
                self._lock_check(encounter)
        self._saved = self._position(encounter)

    def quitting(self) -> bool:
        """The App is about to quit: ask first when the game is not saved by hand (True: asked)."""
        if not self.unsaved():
            return False
        if self._quit_prompt is not None and self._quit_prompt.alive():
            return True  # already asking
        name = _escape(self.app.battle.state.name)

        def answer(choice: str) -> None:
            if choice == "Quit without saving":
                self.app.running = False
            elif choice == "Save and quit":
                self._quit_after_save = True
                if self.save():
                    self.app.running = False
                elif not (self.dialog is not None and self.dialog.alive()):
                    self._quit_after_save = False  # the save failed: stay, the message says why

        self._quit_prompt = self.ask(
            "Quit Tactics?", f"The last changes to {name} are not in a save you wrote (only in the autosave). "
                             "Save before quitting?", ["Save and quit", "Quit without saving", "Cancel"], answer)
        return True

    def open_blocked(self, path: str | Path) -> bool:
        """Is a question on screen that must be answered before another file opens? (True: said so.)"""
        if self.prompt is not None and self.prompt.alive():
            # a file dropped under "Newer autosave - Restore / Ignore" opened beneath it, and Restore then
            # threw it away for the old game (review 8): the question on screen is answered first
            from tactics.ui.elide import NAME_KEEP, middle

            title = getattr(self, "_asked", ("",))[0]
            self.app.battle.say(f"{middle(Path(path).name, NAME_KEEP)} not opened: answer the question on "
                                f"screen first ({title}: {' or '.join(self.prompt.choices)}).", "error")
            return True
        return False

    def before_open(self, path: str | Path, encounter: Any = None) -> bool:
        """Another file, read and checked (``encounter``), is about to replace the game (Ctrl+O's
        OK, a dropped file): ask first, as quitting does, when the last change is not in a save
        written by hand (True: asked)."""
        if self.open_blocked(path):
            return True
        if not self.unsaved():
            return False
        path = Path(path)
        name = _escape(self.app.battle.state.name)

        def answer(choice: str) -> None:
            if choice == "Open without saving":
                self.app.open_file(path, encounter)
            elif choice == "Save and open":
                self._open_after_save = path
                if not self.save() and not (self.dialog is not None and self.dialog.alive()):
                    self._open_after_save = None  # the save failed: stay, the message says why

        self.ask("Open another file?", f"The last changes to {name} are not in a save you wrote (only in the "
                                       f"autosave). Save before opening {_escape(path.name)}?",
                 ["Save and open", "Open without saving", "Cancel"], answer)
        return True

    def listen(self, fn: Listener) -> None:
        """Call ``fn(journal, what)`` after each change has been autosaved."""
        self.after_autosave.append(fn)
        if self.autosaver is not None:
            self.autosaver.encounter.journal.listeners.append(fn)

    # -- restoring -----------------------------------------------------------------------
    def offer_restore(self, autosave: Path, source: str, opened: Encounter | None = None) -> None:
        """Ask "Restore / Ignore" for ``autosave``, newer than ``opened`` (default: the game shown)."""
        from tactics.engine.saves.document import SaveError, load_save

        from tactics.engine.saves.autosave import keep_unreadable, unreadable_newer_than
        from tactics.ui.unreadable_autosaves import offer_note, restored_note

        try:
            restored = load_save(autosave)
        except SaveError:
            return  # it was good a moment ago; nothing sensible to offer now
        # newer ones that could not be read: said, and kept out of the rotation (review 8)
        damaged = unreadable_newer_than(autosave, source, folder=self.folder) if source else []
        times = {path: when_text(path) for path in damaged}  # (read before they move)
        kept_in = keep_unreadable(damaged, folder=self.folder) if damaged else None
        note = offer_note(damaged, kept_in, times.__getitem__)
        text = (f"An autosave from {when_text(autosave)} is newer than this file "
                f"({_escape(Path(source).name)}).{_escape(what_is_newer(opened or self.app.battle.encounter, restored))}"
                f"{'<br><br>' + _escape(note) if note else ''} Restore it?")
        message = f"Restored the autosave from {when_text(autosave)}.{restored_note(damaged, kept_in, times.__getitem__)}"
        self.ask("Newer autosave", text, ["Restore", "Ignore"],
                 lambda choice: self._restore(restored, autosave, message, warn=bool(damaged)) if choice == "Restore" else
                 self._ignore(autosave, source))

    def _ignore(self, autosave: Path, source: str) -> None:
        """The GM plays on from the file: the newer autosave is kept aside (the rotation would
        delete it after ten commands), and the status line says where."""
        from tactics.engine.saves.autosave import set_aside

        kept = set_aside(autosave, source, folder=self.folder)
        if kept is None:
            return
        self.app.battle.say(f"Playing on from the file. The newer autosave is kept in {kept.parent} "
                            f"as {kept.name} (Ctrl+O opens it).", "info")

    def _restore(self, encounter: Encounter, autosave: Path, message: str | None = None, *,
                 warn: bool = False) -> None:
        self._restoring = True
        try:
            self.app.use_encounter(encounter, message or f"Restored the autosave from {when_text(autosave)}.")
        finally:
            self._restoring = False
        if warn:  # newer autosaves could not be read: amber, not the green of "all is well"
            self.app.say_shown(self.app.battle.opened_message(message), "warn")  # on the screen shown

    def open_failed(self, path: str | Path, exc: Exception) -> None:
        """A file could not be opened: for a save, say why and offer the last good autosave."""
        if not isinstance(exc, SaveOpenError):
            return
        self.broken.add(str(Path(path).resolve()))
        # only this game's autosave: another game's would replace the game on screen with a stranger
        good = last_good_of_game(path, folder=self.folder)
        problem = f"{Path(exc.path).name} was not opened: {_escape(exc.problem)}. Nothing was changed."
        if good is None:
            self.ask("Save refused", problem + "<br>There is no autosave of this game to offer.", ["OK"],
                     lambda _: None)
            return
        from tactics.engine.saves.document import SaveError, load_save

        try:
            autosaved = load_save(good)
        except SaveError:
            return
        text = problem + f"<br>Open the last good autosave of this game, from {when_text(good)}?"

        def answer(choice: str) -> None:
            if choice == "Open autosave":
                self.broken.add(str(Path(autosaved.source or path).resolve()))
                self._restore(autosaved, good)

        self.ask("Save refused", text, ["Open autosave", "Cancel"], answer)

    # -- saving ----------------------------------------------------------------------------
    def writable_source(self) -> Path | None:
        """The save Ctrl+S writes to (None: this encounter needs Save as)."""
        source = self.app.battle.encounter.source
        if not source or not is_save_file(source) or str(Path(source).resolve()) in self.broken:
            return None
        if Path(source).name.lower().startswith("autosave-"):
            return None
        return Path(source)

    def save(self) -> bool:
        """Ctrl+S."""
        target = self.writable_source()
        if target is None:
            self.show_save_as()
            return False
        return self.save_to(target)

    def save_to(self, path: str | Path, *, replace: bool = False) -> bool:
        """Write the encounter to ``path``; a refusal is a message and changes nothing."""
        view = self.app.battle
        path = Path(path)
        if not path.name.lower().endswith(".json"):
            path = path.with_name(path.name + SAVE_SUFFIX)
        refused = not_a_save_target(path)
        if refused is not None:
            view.say(f"{path.name} {refused}.", "error")
            return False
        current = view.encounter.source
        if view.encounter.read_only and current and Path(current).resolve() == path.resolve():
            view.say("Not saved: another window plays this game and saves it. Save as a new name "
                     "(Ctrl+Shift+S) to keep a copy.", "error")
            return False
        if path.exists() and not replace and (current is None or Path(current).resolve() != path.resolve()):
            self.ask("Replace?", f"{_escape(path.name)} already exists. Replace it with this game?",
                     ["Replace", "Cancel"], lambda c: self.save_to(path, replace=True) if c == "Replace" else None)
            return False
        from tactics.engine.saves.document import SaveError, save_encounter

        try:
            save_encounter(view.encounter, path)
        except (SaveError, OSError) as exc:
            # an OSError in the autosave warning's words ("the disk is full", not "[Errno 28] ...")
            view.say(f"Not saved: {exc}" if isinstance(exc, SaveError) else f"Not saved: {autosave_problem(exc)}.",
                     "error")
            return False
        if current:
            remember_save_as(current, path, self.folder)
        self.broken.discard(str(path.resolve()))
        self._saved = self._position(view.encounter)
        if self.autosaver is not None and self.autosaver.encounter is view.encounter:
            self.autosaver.relock()  # the game is now this save: its lock (a copy is this window's own)
            self._lock_check(view.encounter)
        view.say(f"Saved {path.name}.", "good")
        self.app.dirty = True
        if self._quit_after_save:
            self.app.running = False
        elif self._open_after_save is not None:
            then, self._open_after_save = self._open_after_save, None
            if self.app.open_file(then):
                self.app.battle.say(f"Saved {path.name}. Opened {then.name}.", "good")
        return True

    def show_save_as(self) -> None:
        if self.dialog is not None and self.dialog.alive():
            return
        from tactics.ui.file_dialogs import file_dialog  # laid out at the UI scale (its parts grow at 4K)

        self.dialog = file_dialog(self.app.ui, self.app.size, "Save the encounter as",
                                  str(suggested_name(self.app.battle.encounter)), existing_only=False)

    # -- prompts ---------------------------------------------------------------------------
    def ask(self, title: str, text: str, choices: list[str], on_choice: Callable[[str], object]) -> Prompt:
        if self.prompt is not None and self.prompt.alive():
            self.prompt.kill()
        self.prompt = Prompt(self.app.ui, self.app.size, title, text, choices, on_choice)
        self._asked = (title, text, choices, on_choice)
        self.app.dirty = True
        return self.prompt

    def rescaled(self) -> None:
        """The window changed its UI scale: a question still open is asked again at the new size."""
        if self.prompt is not None and self.prompt.alive() and getattr(self, "_asked", None):
            self.ask(*self._asked)

    # -- App hooks ---------------------------------------------------------------------------
    def ui_event(self, event: pygame.event.Event) -> bool:
        if not gui_loaded():
            return False  # no dialog or prompt was ever made
        import pygame_gui

        if self.prompt is not None and self.prompt.ui_event(event):
            self.app.dirty = True
            return True
        if (event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and self.dialog is not None
                and event.ui_element is self.dialog):
            self.save_to(event.text)
            return True
        if (event.type == pygame_gui.UI_WINDOW_CLOSE and self.dialog is not None and event.ui_element is self.dialog
                and not (self.prompt is not None and self.prompt.alive())):
            self._quit_after_save = False  # Save as closed without saving: "Save and quit" is off
            self._open_after_save = None  # nor "Save and open"
            return False
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.dialog is not None and self.dialog.alive()
                and event.ui_element is self.dialog.file_path_text_line):
            # Enter in the file name saves, as in every desktop app's Save dialog.
            text = self.dialog.file_path_text_line.get_text().strip()
            if text and getattr(self.dialog, "problem_label", None) is None:  # (a FIFO typed: said there)
                self.dialog.kill()
                self.save_to(text)
            return True
        return False

    def key(self, intent: ui.KeyPress) -> bool:
        if self.prompt is not None and self.prompt.key(intent.key):
            self.app.dirty = True
            return True
        if self.prompt is not None and self.prompt.blocks(intent) and not (intent.ctrl and intent.key == pygame.K_q):
            return True  # a question is open: no tool keys, no undo, no Tab underneath it
        read_only = self.app.battle.encounter.read_only
        if read_only and intent.ctrl and intent.key in (pygame.K_z, pygame.K_y):
            self.app.battle.say(read_only, "error")
            return True
        if intent.ctrl and intent.key == pygame.K_s:
            if intent.shift:
                self.show_save_as()
            else:
                self.save()
            return True
        return False

    def handle(self, intent: object) -> bool:
        """A question is open: the board and the tools see no input (the prompt is modal)."""
        return self.prompt is not None and self.prompt.blocks(intent)

    def busy(self) -> bool:
        return bool((self.prompt is not None and self.prompt.alive())
                    or (self.dialog is not None and self.dialog.alive()))

    def update(self) -> bool:
        """After the step: a note on the earlier game set aside joins the first command's message."""
        note, self._kept_note = self._kept_note, None
        if note is not None:
            said = self.app.battle.current_message()
            self.app.battle.say(f"{said[0]} {note}" if said else note, said[1] if said else "info")
        return False

    def draw_key(self) -> Any:
        """What :meth:`draw` shows (the window keeps it while this is unchanged)."""
        return warning_text(self.autosave_error, bool(self.app.battle.encounter.read_only))

    def draw(self, surface: pygame.Surface) -> bool:
        """The persistent warning: autosave failing, or this window read-only."""
        text = self.draw_key()
        if text:
            draw_warning(surface, text)
        return False

    def closing(self) -> None:
        if self.autosaver is not None:
            self.autosaver.detach()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
