"""A monkey at the keyboard: random clicks, drags, wheel turns and keys never crash the app.

What is tested: "bad input never crashes the app". A seeded stream of real pygame
events (clicks with every button, drags, wheel, the app's shortcut keys, digits,
Enter/Esc/Tab) is fed through ``App.step`` on the three bundled encounters (team
rules, individual turns, the starship screen). Expected end state: no exception
escapes, and the journal still replays to the state on screen (undo/redo and every
command the monkey managed to submit kept the log consistent).
"""

from __future__ import annotations

import random

import pygame
import pytest

from tactics.assets import bundled
from tactics.ui.app import App
from tactics.ui.opening import open_path

KEYS = [
    pygame.K_v, pygame.K_r, pygame.K_b, pygame.K_c, pygame.K_l, pygame.K_t, pygame.K_g, pygame.K_p,
    pygame.K_k, pygame.K_q, pygame.K_w, pygame.K_a, pygame.K_e, pygame.K_n, pygame.K_h, pygame.K_d,
    pygame.K_s, pygame.K_x, pygame.K_1, pygame.K_2, pygame.K_5, pygame.K_PLUS, pygame.K_MINUS,
    pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F2, pygame.K_HOME, pygame.K_LEFT,
    pygame.K_UP, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_BACKSPACE, pygame.K_F1,
]
CTRL_KEYS = [pygame.K_z, pygame.K_y, pygame.K_e]
SIZE = (1280, 720)


def _targets(app: App) -> list[tuple[int, int]]:
    """Where a player would aim: tokens, squares near them, and the panels' buttons."""
    view = app.battle
    out = []
    for who in view.state.on_map():
        x, y = view.camera.cell_centre(who.cell)
        out += [(x, y), (x + view.camera.cell_px, y), (x, y + 2 * view.camera.cell_px)]
    try:
        panels = view.combat.panels()
        out += [view.combat.button_rect(k).center for p in panels for k in p.keys()
                if view.combat.button_rect(k) is not None]
    except AttributeError:  # individual mode or the starship screen: no team panels
        pass
    w, h = SIZE
    return [(min(w - 1, max(0, x)), min(h - 1, max(0, y))) for x, y in out]


def _random_event(rng: random.Random, targets: list[tuple[int, int]] = ()) -> list[pygame.event.Event]:
    w, h = SIZE
    aimed = targets and rng.random() < 0.6
    pos = rng.choice(targets) if aimed else (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    if roll < 0.35:
        button = rng.choice([1, 1, 1, 3])
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if roll < 0.45:
        end = (rng.randrange(w), rng.randrange(h))
        button = rng.choice([1, 3])
        held = (1, 0, 0) if button == 1 else (0, 0, 1)
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(end[0] - pos[0], end[1] - pos[1]),
                                   buttons=held),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button)]
    if roll < 0.55:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False, precise_x=0.0,
                                   precise_y=0.0)]
    if roll < 0.62:
        key = rng.choice(CTRL_KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)]
    if roll < 0.70:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
    key = rng.choice(KEYS)
    char = chr(key) if 32 <= key < 127 else ""
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0)]


@pytest.mark.parametrize("name, seed", [
    ("space-bears.encounter.toml", 1),
    ("space-bears.encounter.toml", 2),
    ("space-bears-individual.encounter.toml", 3),
    ("pirate-corvette.encounter.toml", 4),
])
def test_random_input_never_crashes_the_app(name, seed, data_dir):
    rng = random.Random(seed)
    app = App(open_path(bundled(name), seed=seed), size=SIZE)
    try:
        app.step()
        if name.startswith("pirate"):
            app.show_starship()
        committed = 0
        for _ in range(500):
            for event in _random_event(rng, _targets(app)):
                pygame.event.post(event)
            before = len(app.battle.encounter.journal.entries)
            app.step()
            committed += max(0, len(app.battle.encounter.journal.entries) - before)
            if not app.running:  # the monkey found Ctrl+Q or closed the window
                break
        journal = app.battle.encounter.journal
        assert journal.replay() == journal.state, "the log no longer replays to the state on screen"
        assert committed >= 5, "the monkey should have got some commands through"
    finally:
        app._addons("closing")
        pygame.quit()
