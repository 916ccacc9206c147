"""Token names and condition words never cover another token; a name with no room shows under the pointer.

Why: at 22 px a square (1280x720, in a fight) the name pills, wider than a square,
were drawn over the neighbours' discs: Bear 2 and Bear 4 could not be seen (an
outside reviewer's finding). Now a name goes under its disc, else above it, else
it is left out and the disc's initials stand for it until the pointer is on it.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, centre, click, move


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=1), size=(1280, 720)), closing=True)


def names_drawn(app: App) -> dict[str, pygame.Rect]:
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    names = {c.name for c in app.battle.state.on_map()}
    return {m.label: m.rect for m in rec.on(pygame.display.get_surface()) if m.kind == "text" and m.label in names}


def test_in_a_cramped_fight_no_name_covers_a_token_and_the_pointer_names_the_rest(app):
    click(app, app.battle.combat.button_rect("start").center)
    app.battle.combat.banner.collapsed = True  # the Advantages card aside: the whole map in view
    view = app.battle
    assert view.camera.cell_px <= 24  # the cramped case
    drawn = names_drawn(app)
    tokens = {c.name: c for c in view.state.on_map() if view.visible(c)}
    for name, rect in drawn.items():
        for other, who in tokens.items():
            if other != name:
                disc = pygame.Rect(view.camera.cell_rect(who.cell)).inflate(-6, -6)
                assert not rect.colliderect(disc), f"{name}'s name covers {other}"
    words, _ = view.renderer.tokens._names_made
    assert words, "the fight's opening conditions are on the tokens"
    for img, at, text, _, _, owner in words:
        rect = img.get_rect(topleft=at)
        for other in tokens.values():
            if other.id != owner:
                disc = pygame.Rect(view.camera.cell_rect(other.cell)).inflate(-6, -6)
                assert not rect.colliderect(disc), f"{text} of {owner} covers {other.name}"
    unnamed = view.renderer.tokens.unnamed
    assert unnamed, "at this zoom some names have no room"
    assert set(drawn) | {tokens[n].name for n in tokens if tokens[n].id in unnamed} == set(tokens)
    for cid in sorted(unnamed):
        who = view.state.combatants[cid]
        move(app, centre(app, who.cell))
        assert who.name in names_drawn(app), f"the pointer on {who.name} names it"
