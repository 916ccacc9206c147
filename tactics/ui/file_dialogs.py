"""pygame_gui's file dialog at the window's UI scale.

Why it exists: ``UIFileDialog`` lays out its buttons, path box and file list
in fixed pixels (20 px icons, a 30 px OK button) while its font follows the
theme (``theme.gui_theme``, scaled with the window). At 2560x1440 and 4K the
text then overflows its buttons. :func:`file_dialog` builds the dialog at a
scaled size, centred, and moves and sizes its parts through ``theme.px`` the
way the table settings and the builder's forms are laid out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

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
    return dialog


_CLASS: Any = None


def _dialog_class() -> Any:
    """``UIFileDialog`` that also opens a file on a double click or on Enter in the path box
    (made once, when the first dialog opens: pygame_gui is imported only then)."""
    global _CLASS
    if _CLASS is None:
        import pygame_gui
        from pygame_gui import UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION, UI_TEXT_ENTRY_FINISHED

        class OpeningFileDialog(pygame_gui.windows.UIFileDialog):
            """As every desktop file dialog: a double-clicked file, or a file's path typed and
            Enter, is picked as OK picks it (a folder still opens in the list). Only in a dialog
            that opens an existing file (Open, a token's picture)."""

            def process_event(self, event: pygame.event.Event) -> bool:
                handled = super().process_event(event)
                if not self.alive() or not self.allow_existing_files_only:
                    return handled  # a save dialog: a new name typed is not picked by Enter alone
                if (event.type == UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
                        and event.ui_element == self.file_selection_list):
                    self._pick(Path(self.current_directory_path) / event.text)
                elif event.type == UI_TEXT_ENTRY_FINISHED and event.ui_element == self.file_path_text_line:
                    if self.current_file_path is not None:
                        self._pick(Path(self.current_file_path))
                return handled

            def _pick(self, path: Path) -> None:
                if not path.is_file():
                    return  # a folder: the dialog went into it
                self.current_file_path = path
                ok = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": self.ok_button})
                self._process_ok_cancel_events(ok)  # what OK does: the path picked, the dialog closed

        _CLASS = OpeningFileDialog
    return _CLASS


def scale_parts(dialog: Any) -> None:
    """Lay out the dialog's icons, path box, list and OK / Cancel at the current UI scale."""
    inner_w, inner_h = dialog.get_container().get_size()
    margin, box_h, button_w = px(10), px(32), px(90)
    icons = (dialog.home_button, dialog.delete_button, dialog.parent_directory_button, dialog.refresh_button)
    for i, icon in enumerate(icons):
        icon.set_dimensions((px(24), px(24)))
        icon.set_relative_position((margin + i * px(28), margin))
    path_top = margin + px(24) + px(8)
    dialog.file_path_text_line.set_dimensions((inner_w - 2 * margin, box_h))
    dialog.file_path_text_line.set_relative_position((margin, path_top))
    list_top = path_top + box_h + px(8)
    dialog.file_selection_list.set_dimensions((inner_w - 2 * margin, inner_h - list_top - box_h - 2 * margin))
    dialog.file_selection_list.set_relative_position((margin, list_top))
    for button in (dialog.cancel_button, dialog.ok_button):  # anchored to the bottom right (OK left of Cancel)
        button.set_dimensions((button_w, box_h))
        button.set_relative_position((-margin - button_w, -margin - box_h))
    for part in (*icons, dialog.cancel_button, dialog.ok_button, dialog.file_path_text_line):
        part.rebuild()  # its text placed again in its new size (set_dimensions leaves it where it was)


__all__ = ["file_dialog", "scale_parts"]
