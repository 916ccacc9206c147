"""A fault in the app's own code says so and keeps the window open, with the game as it was.

Why it exists: an exception the app did not expect (a bug, or an install updated under a running
window, as an outside review saw: a module imported on first use no longer matching the ones loaded
before) closed the window mid-fight with a traceback in a terminal the table may not even see. Every
change to the game is a command written to the autosave before it is drawn, so nothing is lost; what
a GM needs is to be told, and to go on. :class:`FaultGuard` runs each of the window's steps: a fault
is written to a report in the data folder (``logs/fault-<time>.txt``: the traceback and the
versions), logged, and said on the status line ("The app hit a fault of its own (...): the game is
kept, ..."), and the loop goes on. A fault that comes back at every step (say, in drawing the
frame) would make a window that shows nothing: after :data:`MAX_FAULTS_IN_A_ROW` steps in a row
that each failed, the guard gives up and the window closes with the message in the terminal.

The tests' ``app.step()`` is not guarded: a test must see the exception itself.
"""

from __future__ import annotations

import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Callable

#: Steps in a row that each raised, after which the window closes (the fault repeats every frame).
MAX_FAULTS_IN_A_ROW = 3


def write_report(exc: BaseException) -> Path | None:
    """The fault's report in ``<data folder>/logs`` (None when it cannot be written: still logged)."""
    from tactics import __version__
    from tactics.atomicfiles import atomic_write_text
    from tactics.engine.saves.autosave import data_dir

    stamp = time.strftime("%Y%m%d-%H%M%S")
    text = (f"Tactics {__version__}, Python {platform.python_version()} on {platform.platform()}\n"
            f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    try:
        folder = data_dir() / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"fault-{stamp}.txt"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"fault-{stamp}-{n}.txt"
        atomic_write_text(path, text)
        return path
    except OSError:
        return None


def fault_words(exc: BaseException, report: Path | None) -> str:
    """What the status line says of a fault: what it was, that the game is kept, where the details are."""
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    if len(what) > 120:
        what = what[:117] + "..."
    where = f"details in {report}" if report is not None else "details in the terminal"
    return (f"The app hit a fault of its own ({what}). The game is kept as it was after the last "
            f"change (autosaved); go on, or Ctrl+Z. Please report it: {where}.")


class FaultGuard:
    """Runs the window's steps, turning a fault into a report and a message (see the module).

    An input's fault is said and the input dropped; the next inputs are handled as ever. The rest of
    a step (the frame drawn, the add-ons) runs every step whatever the inputs: its fault coming back
    :data:`MAX_FAULTS_IN_A_ROW` steps in a row is what makes the guard give up (:attr:`gave_up`)."""

    def __init__(self, say: Callable[[str, str], None]) -> None:
        self._say = say
        self.in_a_row = 0  # steps in a row whose frame failed
        self.reports: list[Path] = []
        self.gave_up = False

    def input(self, handle: Callable[[], object]) -> None:
        """One input's handling (a fault: said, reported, the input dropped)."""
        try:
            handle()
        except Exception as exc:  # the app's own faults; KeyboardInterrupt and SystemExit go through
            self._fault(exc, "an input's handling")

    def frame(self, finish: Callable[[], object]) -> bool:
        """The rest of a step; False once its fault came back :data:`MAX_FAULTS_IN_A_ROW` steps in a
        row (the window should close: the last fault is said in the terminal)."""
        if self.gave_up:
            return False
        try:
            finish()
        except Exception as exc:
            self.in_a_row += 1
            if self.in_a_row >= MAX_FAULTS_IN_A_ROW:
                self.gave_up = True
                report = self._report(exc, "the frame")
                print(f"tactics: the window closes: the same fault came back {self.in_a_row} times in a row. "
                      + fault_words(exc, report), file=sys.stderr)
                return False
            self._fault(exc, "the frame")
            return True
        self.in_a_row = 0
        return True

    def _report(self, exc: BaseException, where: str) -> Path | None:
        report = write_report(exc)
        if report is not None:
            self.reports.append(report)
        from tactics.logs import logger

        logger(__name__).error("a fault in %s", where, exc_info=exc)
        return report

    def _fault(self, exc: BaseException, where: str) -> None:
        report = self._report(exc, where)
        try:
            self._say(fault_words(exc, report), "error")
        except Exception:  # (saying it failed too: the next frame shows whether the window still works)
            pass


__all__ = ["MAX_FAULTS_IN_A_ROW", "FaultGuard", "fault_words", "write_report"]
