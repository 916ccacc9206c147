"""Who owns the keyboard: a text field or an open dialog comes before every map shortcut.

Why it exists (issue 10): pygame_gui's text entries take their characters from
``TEXTINPUT`` events and leave the ``KEYDOWN`` of a letter unconsumed, so
typing "1 in" into a Table settings box, or a file name into Save as, also
reached the map's shortcuts: ``r`` picked the Ruler, ``n`` ended the acting
group's turn and the autosave recorded it. The App asks :func:`keyboard_owner`
once per key press (``App._handle``, the one place keys are dispatched) and,
while a field or a dialog owns the keyboard, gives the key to
:func:`dialog_key` instead of the map, the tools, the panels and the add-ons.

What still works: Esc closes the top dialog (or leaves the text field of a
panel), Tab / Shift+Tab go to the dialog's next / previous text box (never to
the starship screen), Enter answers a question (its first choice), Ctrl+Q asks before
quitting, F11 toggles full screen. With a settings window open and no text
field focused, Ctrl shortcuts (Ctrl+Z, Ctrl+S, Ctrl+T ...) work as usual: they
are never typed by accident. Plain keys never reach the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from tactics.ui import intents as ui

if TYPE_CHECKING:
    from tactics.ui.app import App


def _text_widgets() -> Any:
    """Text widgets of pygame_gui that type characters (asked only once a manager exists)."""
    import pygame_gui

    return (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox)


@dataclass(frozen=True)
class Owner:
    """What has the keyboard: ``kind`` is "field" (a panel's text box), "dialog" or "screen"."""

    kind: str
    element: Any = None


def focused_text_field(manager: Any) -> Any | None:
    """The text entry of ``manager`` that has the keyboard focus, if any (None: no manager made yet)."""
    if manager is None:
        return None
    kinds = _text_widgets()
    for element in manager.get_focus_set() or ():
        if isinstance(element, kinds) and element.alive() and element.visible and element.is_focused:
            return element
    # a box focused by the app (a form's first box, ``focus()``) types without being in the focus set
    for element in manager.get_sprite_group().sprites():
        if isinstance(element, kinds) and element.is_focused and element.alive() and element.visible:
            return element
    return None


def open_dialogs(manager: Any) -> list[Any]:
    """Every pygame_gui window still on screen, the top one last (file dialogs, prompts, settings)."""
    if manager is None:
        return []
    stack: list[Any] = manager.get_window_stack().get_full_stack()  # pygame_gui's windows (its interface type lacks alive)
    return [w for w in stack if w.alive() and w.visible]


def keyboard_owner(app: "App") -> Owner | None:
    """Who takes the next key press instead of the map (None: the map and its shortcuts)."""
    field = focused_text_field(app.gui)
    if field is not None:
        return Owner("field", field)
    dialogs = open_dialogs(app.gui)
    if dialogs:
        return Owner("dialog", dialogs[-1])
    if len(app.screens) > 1:
        return Owner("screen", app.top)  # the help sheet: any key closes it
    bottom = app.screens[0]
    if bottom is not app.battle and getattr(bottom, "dialog", None) is not None:
        return Owner("screen", bottom)  # the starship screen's own dialog (a crew post's actions)
    return None


def dialog_key(app: "App", owner: Owner, intent: ui.KeyPress) -> bool:
    """A key pressed while ``owner`` has the keyboard; False: a Ctrl shortcut the App handles as usual."""
    key = intent.key
    if intent.ctrl and key == pygame.K_q:
        app.request_quit()
        return True
    if key == pygame.K_F11 and not intent.ctrl:
        app.toggle_fullscreen()
        return True
    if owner.kind == "screen":
        owner.element.handle(intent)
        return True
    dialogs = open_dialogs(app.gui)
    if key == pygame.K_TAB and not intent.ctrl and owner.kind in ("field", "dialog"):
        next_field(app, owner, backwards=intent.shift)
        return True  # never the starship screen while a box or a dialog has the keyboard
    if owner.kind == "field":
        if key == pygame.K_ESCAPE:
            if app._addons("field_escape", owner.element):  # a prompt's own box: Esc cancels it
                pass
            elif dialogs:
                _escape(app, dialogs[-1])
            else:
                app.ui.set_focus_set(None)  # leave the box; the next key is the map's again
        return True
    if key == pygame.K_ESCAPE:
        _escape(app, owner.element)
        return True
    prompt = _prompt_of(app, owner.element)
    if prompt is not None:
        prompt.key(key)  # Enter: the first choice
        return True
    import pygame_gui  # (a dialog is open: it is imported)

    modal = isinstance(owner.element, pygame_gui.windows.UIFileDialog) or owner.element.is_blocking
    return not (intent.ctrl and not modal)


def _window_of(element: Any) -> Any | None:
    """The pygame_gui window ``element`` sits in (None: none)."""
    import pygame_gui

    for _ in range(16):  # a box in a container in a window: a few steps up at most
        if element is None or isinstance(element, pygame_gui.elements.UIWindow):
            return element
        element = getattr(element, "parent_element", None) or getattr(element, "ui_container", None)
    return None


def boxes_of(manager: Any, window: Any) -> list[Any]:
    """The text boxes of ``window`` a user can type in, in reading order (rows top down, left to right)."""
    if manager is None or window is None:
        return []
    boxes = [e for e in manager.get_sprite_group().sprites() if isinstance(e, _text_widgets()) and e.alive() and e.visible
             and e.is_enabled and _window_of(e) is window]
    return sorted(boxes, key=lambda e: (e.rect.y // 8, e.rect.x))


def next_field(app: "App", owner: Owner, *, backwards: bool = False) -> Any | None:
    """Tab (Shift+Tab: ``backwards``) in a dialog: the keyboard goes to its next text box (the
    first one when none has it yet), its text selected to be typed over, as in every form."""
    window = _window_of(owner.element) if owner.kind == "field" else owner.element
    boxes = boxes_of(app.gui, window)
    if not boxes:
        return None
    # the box with the keyboard: ``focus()`` alone (a form's first box) leaves the manager's set empty
    current = owner.element if owner.element in boxes else next((b for b in boxes if b.is_focused), None)
    if current is not None:
        at = boxes.index(current) + (-1 if backwards else 1)
    else:
        at = -1 if backwards else 0
    box = boxes[at % len(boxes)]
    for other in boxes:
        if other is not box and other.is_focused:
            other.unfocus()
    type_over(app.ui, box)
    app.dirty = True
    return box


def type_over(manager: Any, box: Any) -> None:
    """The keyboard goes to ``box`` with its text selected, so what is typed replaces it (Tab in a
    form; a file dialog's path box when it opens)."""
    manager.set_focus_set(box)
    text = box.get_text()
    box.select_range = [0, len(text)]
    box.edit_position = len(text)
    box.redraw()


def _escape(app: "App", window: Any) -> None:
    prompt = _prompt_of(app, window)
    if prompt is not None:
        prompt.key(pygame.K_ESCAPE)  # its last choice (Cancel, Ignore ...)
        app.dirty = True
    else:
        close_dialog(app, window)


def click_leaves_field(app: "App", event: pygame.event.Event, consumed: bool) -> None:
    """A click that no widget took (on the map, a panel) leaves the focused text box, as in any
    desktop app: the keys are the map's again (pygame_gui keeps the focus otherwise)."""
    if event.type == pygame.MOUSEBUTTONDOWN and not consumed and focused_text_field(app.gui) is not None:
        app.ui.set_focus_set(None)


def close_dialog(app: "App", window: Any) -> None:
    """Close ``window`` as its close button does (its owner hears ``UI_WINDOW_CLOSE``)."""
    window.on_close_window_button_pressed()
    app.ui.set_focus_set(None)
    app.dirty = True


def _prompt_of(app: "App", window: Any) -> Any | None:
    saving = getattr(app, "saving", None)
    prompt = getattr(saving, "prompt", None)
    if prompt is not None and prompt.alive() and prompt.window is window:
        return prompt
    return None


@dataclass(frozen=True)
class TypedBoxes:
    """What a dialog's text boxes hold, which has the keyboard and where its caret and selection are:
    kept across a dialog built again at a new UI scale (review 8: the caret went to the start and
    what was typed next went in front; the Table settings lost what was typed)."""

    texts: dict[str, str]
    focused: str | None
    caret: tuple[int, int, int] | None  # (position, selection start, selection end)


def typed_boxes(manager: Any, boxes: dict[str, Any]) -> TypedBoxes:
    held = manager.get_focus_set() or set()
    focused = next((k for k, e in boxes.items() if e in held), next((k for k, e in boxes.items() if e.is_focused), None))
    caret = None
    if focused is not None:
        box = boxes[focused]
        caret = (box.edit_position, box.select_range[0], box.select_range[1])
    return TypedBoxes({k: e.get_text() for k, e in boxes.items()}, focused, caret)


def put_caret(box: Any, caret: tuple[int, int, int] | None) -> None:
    """The caret and the selection of ``box`` back where they were (clipped to its text)."""
    if caret is None:
        return
    size = len(box.get_text())
    box.edit_position = min(caret[0], size)
    box.select_range = [min(caret[1], size), min(caret[2], size)]
    box.redraw()


def put_typed_boxes(manager: Any, boxes: dict[str, Any], typed: TypedBoxes) -> None:
    """Put :func:`typed_boxes` back into boxes built again with the same names."""
    for name, text in typed.texts.items():
        if name in boxes and boxes[name].get_text() != text:
            boxes[name].set_text(text)
    if typed.focused in boxes:
        manager.set_focus_set(boxes[typed.focused])
        put_caret(boxes[typed.focused], typed.caret)
