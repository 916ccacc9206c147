"""Driving the window in UI tests with real pygame events: one copy for every test file.

Why it exists: the UI tests click, press keys, move and drag the pointer the
way a GM does, by posting pygame events and letting the app run a frame. These
helpers were written again in each ``test_ui_*.py``; they live here now
(tests import it as ``from ui_driver import ...``: pytest puts ``tests/`` on
the path because the folder has no ``__init__.py``).

Two ways to let the app see the events: :func:`post` runs one frame (what most
tests want); the ``*_settled`` helpers run frames until the event queue is
empty (tests with a second window or a dialog that posts events of its own).
"""

from __future__ import annotations

from typing import Any, Iterator

import pygame

from tactics.ui.app import App

Pos = tuple[int, int]


def app_session(app: App, *, step: bool = True, closing: bool = False) -> Iterator[App]:
    """For a fixture, ``yield from app_session(App(...))``: the app after its first
    frame (unless ``step=False``: already run), shut down after the test;
    ``closing`` first tells the add-ons the window closes (players' window, autosave)."""
    if step:
        app.step()
    yield app
    if closing:
        app._addons("closing")
    pygame.quit()


def fighter(cid: str, team: str, cell: Pos, **sheet: Any) -> dict:
    """A combatant entry of a hand-made encounter: 30 HP, ``sheet`` as given."""
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": 30, "sheet": sheet}


def _window(window: Any) -> dict[str, Any]:
    return {"window": window} if window is not None else {}


def post(app: App, *events: pygame.event.Event, settle: bool = False) -> None:
    """Post the events and run one frame (``settle``: frames until the queue is empty)."""
    for e in events:
        pygame.event.post(e)
    app.step()
    while settle and pygame.event.peek():
        app.step()


def move(app: App, pos: Pos) -> None:
    """The pointer moves to ``pos`` (no button held)."""
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))


def click(app: App, pos: Pos, button: int = 1, *, window: Any = None, settle: bool = False) -> None:
    """Move to ``pos`` and click there (in the players' ``window`` when given)."""
    extra = _window(window)
    post(app,
         pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), **extra),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, **extra),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, **extra),
         settle=settle)


def key(app: App, k: int, mod: int = 0, text: str = "", *, window: Any = None, settle: bool = False) -> None:
    """Press and release key ``k`` with modifiers ``mod`` (typing ``text``)."""
    extra = _window(window)
    post(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, **extra),
         pygame.event.Event(pygame.KEYUP, key=k, mod=mod, **extra), settle=settle)


def _key_of(ch: str) -> int:
    try:
        return pygame.key.key_code(ch)
    except ValueError:  # a letter no key names (é, ß ...): SDL sends its text with an unknown key
        return pygame.K_UNKNOWN


def type_text(app: App, text: str, *, settle: bool = False) -> None:
    """Type ``text`` as SDL delivers it: for each character a key down (``e`` is K_e, the map's
    shortcut if the keys leak), its text, a key up; every key is handled as it comes, then one frame
    is drawn (``settle``: frames until the queue is empty)."""
    events = []
    for ch in text:
        k = _key_of(ch)
        events += [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0),
                   pygame.event.Event(pygame.TEXTINPUT, text=ch), pygame.event.Event(pygame.KEYUP, key=k, mod=0)]
    post(app, *events, settle=settle)


def end_turn(app: App, *, by_key: bool = False, settle: bool = False) -> None:
    """End the acting group's turn as a GM does: the hot-seat banner's End turn button (or E), pressed
    again when the first press only warned that members of the group declared nothing (the banner
    asks before they lose their turn)."""
    for _ in range(2):
        if by_key:
            key(app, pygame.K_e, settle=settle)
        else:
            app.step()
            rect = app.hotseat.button_rect
            assert rect is not None, "no End turn button on the banner"
            click(app, rect.center, settle=settle)
        message = app.battle.current_message()
        # the warning's own words: with a typed save owed the first press asks it instead, and its
        # line says who does nothing ("... declared nothing yet and does nothing this turn")
        if message is None or "declared nothing yet: End turn again (E)" not in message[0]:
            return


def shoot_bear1_and_end_turn(app: App) -> None:
    """Round 0 of the bundled fight (seed 3): Brandon, the one aware, shoots Bear 1 with his
    silenced pistol, the shot is resolved and his turn ended: the facing prompt then asks."""
    for name in ("start", "banner-advance", "who:brandon", "weapon:silenced_pistol"):
        rect = app.battle.combat.button_rect(name)
        assert rect is not None, f"no {name!r} button on screen"
        click(app, rect.center)
    click(app, app.battle.camera.cell_centre(app.battle.state.combatants["bear1"].cell))
    for _ in range(3):
        rect = app.battle.combat.button_rect("resolve")
        if rect:
            click(app, rect.center)
    end_turn(app)


def map_rect(app: App) -> pygame.Rect:
    """Where the GM's window shows the whole map (off the window in part, when zoomed in)."""
    view = app.battle
    m, px = view.state.map, view.camera.cell_px
    return pygame.Rect(view.camera.to_screen((0, 0)), (m.width * px, m.height * px))


def drag(app: App, start: Pos, end: Pos) -> None:
    """Press the left button at ``start``, move to ``end`` holding it, release."""
    post(app,
         pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def post_settled(app: App, *events: pygame.event.Event) -> None:
    """:func:`post`, running frames until the event queue is empty."""
    post(app, *events, settle=True)


def click_settled(app: App, pos: Pos, button: int = 1, *, window: Any = None) -> None:
    """:func:`click`, running frames until the event queue is empty."""
    click(app, pos, button, window=window, settle=True)


def key_settled(app: App, k: int, mod: int = 0, text: str = "", *, window: Any = None) -> None:
    """:func:`key`, running frames until the event queue is empty."""
    key(app, k, mod, text, window=window, settle=True)


def centre(app: App, cell: Pos) -> Pos:
    """The pixel at the centre of a square of the battle map, where the camera draws it now."""
    return app.battle.camera.cell_centre(cell)


def zoomed_to(app: App, cell_px: int) -> None:
    """The map at ``cell_px`` a square, in the middle of the room Fit uses, and one frame drawn: a
    test of a zoom a reviewer saw (22 px a square at 1280x720, 35 at 1920x1080 before Fit opened
    larger, review 17 N6). The GM's own zoom: no later change of the layout fits it again."""
    view = app.battle
    m, room, cam = view.state.map, view.fit_rect(), view.camera
    cam.cell_px = cell_px
    cam.origin_x = round(room.centerx - m.width * cell_px / 2)
    cam.origin_y = round(room.centery - m.height * cell_px / 2)
    app.dirty = True
    app.step()


def drawn_marks(app: App) -> list[Any]:
    """What one frame draws on the window, as the layout probe records it (texts, panels, boxes)."""
    from tactics.ui import layout_probe as probe

    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    return rec.on(pygame.display.get_surface())


def drawn_texts(app: App) -> list[str]:
    """Every text one frame draws on the window (what the layout probe records)."""
    return [m.label for m in drawn_marks(app) if m.kind == "text"]


def card_text(app: App, panel: str = "Phase") -> str:
    """The texts one frame draws on the card ``panel`` (the probe's panel name), in drawing order,
    joined by spaces: a line the card wraps (the phase card in the narrow right-hand column,
    tactics/ui/panels/phase_place.py) reads whole in it."""
    return " ".join(m.label for m in drawn_marks(app) if m.kind == "text" and m.panel == panel)


def players_window_drawn(app: App) -> tuple[pygame.Surface, list[Any]]:
    """The players' window drawn once: its picture and every mark on it (the layout probe's record)."""
    from tactics.ui import layout_probe as probe

    pw = app.players.window
    surface = pygame.Surface(pw.size)
    rec = probe.start()
    try:
        pw.render(surface)
    finally:
        probe.stop()
    return surface, rec.on(surface)


def players_window_frame(app: App) -> tuple[bytes, list[str]]:
    """The players' window drawn once: its pixels and every text on it (the layout probe's record)."""
    surface, marks = players_window_drawn(app)
    return pygame.image.tobytes(surface, "RGB"), [m.label for m in marks if m.kind == "text"]
