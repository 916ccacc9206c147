"""pygame_gui's file dialog at the window's UI scale.

Why it exists: ``UIFileDialog`` lays out its buttons, path box and file list
in fixed pixels (20 px icons, a 30 px OK button) while its font follows the
theme (``theme.gui_theme``, scaled with the window). At 2560x1440 and 4K the
text then overflows its buttons. :func:`file_dialog` builds the dialog at a
scaled size, centred, and moves and sizes its parts through ``theme.px`` the
way the table settings and the builder's forms are laid out.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pygame

from tactics.safefiles import why_not_regular
from tactics.ui.elide import middle
from tactics.ui.focus import type_over
from tactics.ui.theme import px

#: the dialog's size at a UI scale of 1 (a 1920x1080 window)
WIDTH, HEIGHT = 640, 520


def file_dialog(manager: Any, screen: tuple[int, int], title: str, initial: str | None, *,
                existing_only: bool) -> Any:
    """A file dialog titled ``title`` in the middle of a window of ``screen`` pixels, starting on ``initial``."""
    w, h = screen
    rect = pygame.Rect(0, 0, min(px(WIDTH), w - px(40)), min(px(HEIGHT), h - px(80)))
    rect.center = (w // 2, h // 2)
    dialog = _dialog_class()(rect, manager, window_title=title, initial_file_path=initial,
                             allow_existing_files_only=existing_only)
    scale_parts(dialog)
    # typing goes to the path box at once, over what it holds (review 12: a typed path went nowhere)
    type_over(manager, dialog.file_path_text_line)
    return dialog


_CLASS: Any = None


def _dialog_class() -> Any:
    """``UIFileDialog`` that also opens a file on a double click or on Enter in the path box
    (made once, when the first dialog opens: pygame_gui is imported only then)."""
    global _CLASS
    if _CLASS is None:
        import pygame_gui
        from pygame_gui import (UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION, UI_TEXT_ENTRY_CHANGED,
                                UI_TEXT_ENTRY_FINISHED)

        class OpeningFileDialog(pygame_gui.windows.UIFileDialog):
            """As every desktop file dialog: a double-clicked file, or a file's path typed and
            Enter, is picked as OK picks it (a folder still opens in the list). Only in a dialog
            that opens an existing file (Open, a token's picture)."""

            problem_label: Any = None  # "NAME is a pipe (FIFO), not a file" under the list, or None

            def process_event(self, event: pygame.event.Event) -> bool:
                if (event.type in (UI_TEXT_ENTRY_FINISHED, UI_TEXT_ENTRY_CHANGED)
                        and event.ui_element == self.file_path_text_line):
                    self._say(None)
                    typed = self.file_path_text_line.get_text()
                    problem = _unusable(typed)  # a 300-letter name: pygame_gui's is_file() raised
                    if problem is None and event.type == UI_TEXT_ENTRY_FINISHED:
                        problem = _not_file_nor_folder(typed)
                    if problem is None and event.type == UI_TEXT_ENTRY_FINISHED and self.allow_existing_files_only:
                        problem = _nothing_there(typed)  # said, and the path typed kept to correct (F10)
                    if problem:  # said; the dialog stays open, nothing picked until it is corrected
                        self._set_no_file_selected_state()
                        self._say(problem)
                        return True
                try:
                    handled = super().process_event(event)
                except (OSError, ValueError) as exc:  # a path the disk refuses in a way not foreseen above
                    self._set_no_file_selected_state()
                    self._say(f"That path cannot be used: {getattr(exc, 'strerror', None) or exc}")
                    return True
                if not self.alive() or not self.allow_existing_files_only:
                    return handled  # a save dialog: a new name typed is not picked by Enter alone
                if (event.type == UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
                        and event.ui_element == self.file_selection_list):
                    self._pick(Path(self.current_directory_path) / event.text)
                elif event.type == UI_TEXT_ENTRY_FINISHED and event.ui_element == self.file_path_text_line:
                    if self.current_file_path is not None:
                        self._pick(Path(self.current_file_path))
                return handled

            # No delete in a table's file dialog (review 8): pygame_gui's unlabelled icon beside Home
            # and Up erased any file for good in two clicks, the open encounter and its map included.
            def _process_mini_file_operation_button_events(self, event: pygame.event.Event) -> None:
                if getattr(event, "ui_element", None) is self.delete_button:
                    return
                super()._process_mini_file_operation_button_events(event)

            def _process_confirmation_dialog_events(self, event: pygame.event.Event) -> None:
                return  # (pygame_gui's only confirmation here is "Delete"; it never comes)

            def update_current_file_list(self, should_try_again: bool = True) -> None:
                """pygame_gui's, but a path that cannot be listed (a FIFO, a device, a folder that
                vanished or is locked) falls back to the last folder listed instead of raising."""
                try:
                    self._create_list_of_directories_and_files_on_current_path()
                except (OSError, ValueError):  # NotADirectoryError, PermissionError, a NUL in the name
                    self.current_directory_path = self.last_valid_directory_path
                    if should_try_again:
                        self.update_current_file_list(should_try_again=False)
                    else:
                        self.current_file_list = []
                else:
                    self.last_valid_directory_path = self.current_directory_path

            def _create_list_of_directories_and_files_on_current_path(self) -> None:
                """pygame_gui lists everything that is not a regular file as a folder: a FIFO or a
                device would then be "opened" as one. Only folders and regular files are listed."""
                super()._create_list_of_directories_and_files_on_current_path()
                here = Path(self.current_directory_path)
                self.current_file_list = [item for item in self.current_file_list
                                          if item[1] != "#directory_list_item" or _is_dir(here / item[0])]

            def _say(self, problem: str | None) -> None:
                """Show ``problem`` on a line above OK (None: take it away)."""
                if problem is None and self.problem_label is None:
                    return  # (every key typed in the box comes here: nothing to lay out again)
                if self.problem_label is not None:
                    self.problem_label.kill()
                    self.problem_label = None
                if problem:
                    self.problem_label = pygame_gui.elements.UILabel(
                        pygame.Rect(0, 0, self.get_container().get_size()[0] - 2 * px(10), px(32)), problem,
                        manager=self.ui_manager, container=self,
                        object_id="#builder_status")  # red, as a form's problem
                scale_parts(self)  # the list makes room for the line, or takes it back

            def _pick(self, path: Path) -> None:
                if not path.is_file():
                    return  # a folder: the dialog went into it
                self.current_file_path = path
                ok = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": self.ok_button})
                self._process_ok_cancel_events(ok)  # what OK does: the path picked, the dialog closed

        _CLASS = OpeningFileDialog
    return _CLASS


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _unusable(typed: str) -> str | None:
    """Why the path typed can be neither opened nor made (review 8: a name over 255 letters, typed
    or pasted, raised out of pygame_gui's is_file() and closed the app); None: it can be."""
    if "\0" in typed:
        return "A file name cannot hold a NUL character."
    try:
        os.stat(Path(typed).expanduser())
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            too_long = any(len(part.encode("utf-8", "surrogateescape")) > 255 for part in Path(typed).parts)
            return ("That name is too long: a file name has at most 255 characters." if too_long
                    else "That path is too long.")
    except ValueError:
        return "That path cannot be used."
    return None


def _nothing_there(typed: str) -> str | None:
    """"No file /tmp/nothere.json" when nothing is at the path typed (a dialog that opens a file:
    pygame_gui put the folder back in the box and greyed OK without a word, review 16, F10)."""
    if not typed.strip():
        return None
    try:
        there = os.path.lexists(Path(typed).expanduser())
    except (OSError, ValueError):
        return None  # (said by _unusable)
    return None if there else f"No file {middle(typed, 60)}"


def _not_file_nor_folder(typed: str) -> str | None:
    """"NAME is a pipe (FIFO), not a file" when ``typed`` names something that exists and is
    neither a regular file nor a folder (a FIFO, /dev/null, a socket); None otherwise (a file,
    a folder, a new name: pygame_gui handles those)."""
    try:
        mode = os.stat(Path(typed).expanduser()).st_mode
    except (OSError, ValueError):
        return None
    problem = why_not_regular(mode)
    if problem is None or problem.startswith("is a folder"):
        return None
    return f"{middle(Path(typed).name or typed, 28)} {problem}"


def scale_parts(dialog: Any) -> None:
    """Lay out the dialog's icons, path box, list and OK / Cancel at the current UI scale."""
    inner_w, inner_h = dialog.get_container().get_size()
    margin, box_h, button_w = px(10), px(32), px(90)
    dialog.delete_button.hide()  # no delete here (review 8): the other icons close up
    icons = (dialog.home_button, dialog.parent_directory_button, dialog.refresh_button)
    for i, icon in enumerate(icons):
        icon.set_dimensions((px(24), px(24)))
        icon.set_relative_position((margin + i * px(28), margin))
    path_top = margin + px(24) + px(8)
    dialog.file_path_text_line.set_dimensions((inner_w - 2 * margin, box_h))
    dialog.file_path_text_line.set_relative_position((margin, path_top))
    list_top = path_top + box_h + px(8)
    problem = getattr(dialog, "problem_label", None)  # "NAME is a pipe (FIFO), not a file": a row above OK
    problem_h = box_h + margin if problem is not None else 0
    list_h = inner_h - list_top - box_h - 2 * margin - problem_h
    dialog.file_selection_list.set_dimensions((inner_w - 2 * margin, list_h))
    dialog.file_selection_list.set_relative_position((margin, list_top))
    for button in (dialog.cancel_button, dialog.ok_button):  # anchored to the bottom right (OK left of Cancel)
        button.set_dimensions((button_w, box_h))
        button.set_relative_position((-margin - button_w, -margin - box_h))
    for part in (*icons, dialog.cancel_button, dialog.ok_button, dialog.file_path_text_line):
        part.rebuild()  # its text placed again in its new size (set_dimensions leaves it where it was)
    if problem is not None:
        problem.set_dimensions((inner_w - 2 * margin, box_h))
        problem.set_relative_position((margin, list_top + list_h + margin))
        problem.rebuild()


__all__ = ["file_dialog", "scale_parts"]
