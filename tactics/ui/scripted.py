"""Drive the real window from a script of user actions (``tactics --script FILE``, hidden).

The crash test starts the app as a separate process with a script, reads one
line per committed command from its standard output, kills it with SIGKILL,
starts it again on the same file and checks that every reported command is
there. The script's actions become real pygame events posted to the window and
handled by :meth:`App.step`, the same path a GM's clicks take. One action a line::

    click 3,5            # left click on square (3, 5) of the GM's board
    key e                # a key (pygame's key name); add ctrl and/or shift
    key s ctrl
    answer Restore       # click the button of the question on screen
    dump                 # print every journal entry: "entry <n> <command> <args as JSON>"
    loop                 # where "repeat" goes back to
    repeat               # play again from "loop" (or the top): runs until killed
    run                  # the window's own loop from here on, until it closes (prints "running")
    quit

Lines printed: ``ready``; ``running`` (``run``: the window's loop from here); ``committed <n> <command> <args>`` after each commit
is autosaved (``undone <n>`` / ``redone <n> ...`` likewise); ``dumped <n>``;
``error <what>`` (exit status 3) when an action cannot be done.

The script is read (:func:`load_script`) before the window opens: only a regular file of at most
:data:`MAX_SCRIPT_BYTES` (``/dev/zero`` would be read forever, a FIFO would wait for a writer
forever), UTF-8, every line an action above with its arguments; anything else is refused in one line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import pygame

from tactics.ui.intents import NO_BUTTONS

if TYPE_CHECKING:
    from tactics.ui.app import App

EXIT_SCRIPT_ERROR = 3
#: A script is a few dozen lines a test writes: never megabytes.
MAX_SCRIPT_BYTES = 1024 * 1024
_VERBS = ("click", "key", "answer", "dump", "loop", "repeat", "run", "quit")
_MODS = ("ctrl", "shift")


class ScriptRefused(ValueError):
    """A script that is not played: its file cannot be read, or a line is not an action."""


def parse_script(text: str) -> list[list[str]]:
    """The actions of a script's text, one a line; ScriptRefused names the first bad line."""
    steps = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            step = line.split(maxsplit=1) if line.split()[0] == "answer" else line.split()
            problem = _why_not_action(step)
            if problem:
                raise ScriptRefused(f"line {number}: {problem}")
            steps.append(step)
    return steps


def _why_not_action(step: list[str]) -> str | None:
    verb, rest = step[0], step[1:]
    if verb not in _VERBS:
        return f"unknown action {verb[:40]!r} (actions: {', '.join(_VERBS)})"
    if verb == "click":
        square = rest[0].split(",") if len(rest) == 1 else []
        if len(square) != 2 or not all(part.isdigit() and len(part) <= 6 for part in square):
            return "click takes one square: column,row (click 3,5)"
    elif verb == "key":
        if not rest or any(mod not in _MODS for mod in rest[1:]):
            return f"key takes a key name and optionally {' and/or '.join(_MODS)} (key s ctrl)"
    elif verb == "answer" and not rest:
        return "answer takes the label of a button (answer Restore)"
    return None


def load_script(path: str | Path) -> list[list[str]]:
    """The actions of the script file at ``path``, or ScriptRefused saying why in one line."""
    from tactics.safefiles import FileRefused, read_regular

    try:
        data = read_regular(path, MAX_SCRIPT_BYTES)
    except FileRefused as exc:
        raise ScriptRefused(f"{path}: {exc.problem}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScriptRefused(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        return parse_script(text)
    except ScriptRefused as exc:
        raise ScriptRefused(f"{path}: {exc}") from None


def _post_click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=NO_BUTTONS))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _post_key(name: str, mods: list[str]) -> None:
    mod = 0
    if "ctrl" in mods:
        mod |= pygame.KMOD_LCTRL
    if "shift" in mods:
        mod |= pygame.KMOD_LSHIFT
    key = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="" if mod else name[:1]))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))


def _entry_line(n: int, entry: Any) -> str:
    return f"{n} {entry.command} {json.dumps(entry.args, sort_keys=True)}"


def run_script(app: "App", steps: list[list[str]], out: TextIO | None = None) -> int:
    """Play a script's actions (:func:`load_script`) on ``app``; returns the exit status."""
    out = out or sys.stdout

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    def changed(journal: Any, what: str) -> None:
        n = len(journal.entries)
        if what == "commit":
            say("committed " + _entry_line(n, journal.entries[-1]))
        elif what == "undo":
            say(f"undone {n}")
        elif what == "redo":
            say("redone " + _entry_line(n, journal.entries[-1]))

    app.saving.listen(changed)  # after the autosave of each change is on disk
    app.step()
    say("ready")
    loop_at = 0
    i = 0
    while app.running and i < len(steps):
        step = steps[i]
        i += 1
        verb, rest = step[0], step[1:]
        if verb == "loop":
            loop_at = i
        elif verb == "repeat":
            i = loop_at
        elif verb == "quit":
            app.running = False
        elif verb == "run":  # waiting for events as a GM's window does (a signal's test: review 18)
            say("running")
            return app.run()
        elif verb == "click":
            c, r = (int(v) for v in rest[0].split(","))
            _post_click(app.battle.camera.cell_centre((c, r)))
        elif verb == "key":
            try:
                _post_key(rest[0], rest[1:])
            except ValueError:  # pygame: "unknown key name"
                say(f"error unknown key {rest[0][:40]!r}")
                return EXIT_SCRIPT_ERROR
        elif verb == "answer":
            prompt = app.saving.prompt
            if prompt is None or not prompt.alive():
                say("error no question on screen")
                return EXIT_SCRIPT_ERROR
            try:
                _post_click(prompt.button_centre(rest[0]))
            except KeyError:
                say(f"error the question has no button {rest[0]!r}")
                return EXIT_SCRIPT_ERROR
        elif verb == "dump":
            entries = app.battle.encounter.journal.entries
            for n, entry in enumerate(entries, 1):
                say("entry " + _entry_line(n, entry))
            say(f"dumped {len(entries)}")
        else:
            say(f"error unknown action {verb!r}")
            return EXIT_SCRIPT_ERROR
        app.step()
        while app.running and pygame.event.peek():  # events the step itself posted (button presses)
            app.step()
    app._addons("closing")
    return 0
