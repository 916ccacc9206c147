"""Told to terminate (SIGTERM at logout or shutdown, SIGHUP when its terminal goes): keep it all, exit.

Why it exists: SDL turns SIGTERM into the window's quit request, so a plain ``kill`` opened the
"Quit Tactics?" question and the process stayed alive (review 18): a session ending waits for no
one to click. Every command is already autosaved as it is committed (the journal's listener
writes it, atomically and synced, before the window draws again), so nothing needs asking: the
app makes sure the last change is in an autosave (written again if the last write failed), says
so on the terminal and closes as after "Quit without saving". The next start offers the autosave
("An autosave from 21:04 is newer than this file: Restore / Ignore"), as after a crash.

How: a Python handler for the signals keeps them from SDL and from their default (SIGHUP killed
the process at once, its lock left behind). A Python handler runs only when the loop comes back to
Python, and an idle window waits in ``pygame.event.wait`` without a timeout, so the signal's byte
also goes to a socket (``signal.set_wakeup_fd``) that a small thread reads and turns into a
:data:`TERMINATE` event, which wakes the wait. Installed by the command line for the window's run
only (:func:`watch_terminate`), and put back as it was after it.
"""

from __future__ import annotations

import signal
import sys
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    import socket

#: The event posted when the process is told to terminate (``event.signal``: the signal's number).
TERMINATE = pygame.event.custom_type()


def signals_watched() -> list[signal.Signals]:
    """SIGTERM, and SIGHUP where the system has one (not Windows)."""
    names = ("SIGTERM", "SIGHUP")
    return [getattr(signal, n) for n in names if hasattr(signal, n)]


class TerminateWatch:
    """The handlers and the relay thread of one window's run (:meth:`install`, :meth:`uninstall`)."""

    def __init__(self) -> None:
        self.installed = False
        self._old: dict[int, Any] = {}
        self._old_fd = -1
        self._sockets: tuple[socket.socket, socket.socket] | None = None
        self._numbers: set[int] = set()
        self._thread: Any = None
        self._stopping = False

    def install(self) -> bool:
        """Watch the signals (True), unless this is not the main thread or the system cannot."""
        import socket  # (the window's run only: not on the first frame's path, test_start_first_use)
        import threading

        if threading.current_thread() is not threading.main_thread() or sys.platform == "win32":
            return False  # signal handlers belong to the main thread; Windows sends no SIGTERM to a window
        reader, writer = socket.socketpair()
        writer.setblocking(False)
        try:
            self._old_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        except (ValueError, OSError):
            reader.close()
            writer.close()
            return False
        self._sockets = (reader, writer)
        for sig in signals_watched():
            self._old[sig] = signal.signal(sig, _noted)
            self._numbers.add(int(sig))
        self._thread = threading.Thread(target=self._relay, args=(reader,), name="tactics-terminate", daemon=True)
        self._thread.start()
        self.installed = True
        return True

    def _relay(self, reader: socket.socket) -> None:
        """Each watched signal's byte from the wake-up socket becomes a :data:`TERMINATE` event."""
        while True:
            try:
                data = reader.recv(64)
            except OSError:
                return
            if not data or self._stopping:
                return
            for number in data:
                if number in self._numbers and pygame.display.get_init():
                    pygame.event.post(pygame.event.Event(TERMINATE, signal=number))

    def uninstall(self) -> None:
        """The handlers and the wake-up socket as they were before :meth:`install`."""
        if not self.installed:
            return
        for sig, old in self._old.items():
            signal.signal(sig, old if old is not None else signal.SIG_DFL)  # (None: SDL's own: not Python's)
        signal.set_wakeup_fd(self._old_fd)
        if self._sockets is not None:
            self._stopping = True  # the relay wakes on a byte of its own and ends before its socket closes
            try:  # (a closed socket would not wake it, and its number could come back as another file's)
                self._sockets[1].send(b"\x00")
            except OSError:
                pass
            if self._thread is not None:
                self._thread.join(timeout=5)
            for sock in self._sockets:
                sock.close()
        self.installed = False


def _noted(signum: int, frame: Any) -> None:
    """The Python handler: nothing to do here (the relay thread posts the event); it keeps the
    signal from its default action and from SDL's quit request."""


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def watch_terminate() -> TerminateWatch:
    """Start watching SIGTERM and SIGHUP for the window's run; call ``uninstall()`` after it."""
    watch = TerminateWatch()
    watch.install()
    return watch


__all__ = ["TERMINATE", "TerminateWatch", "signal_name", "signals_watched", "watch_terminate"]
