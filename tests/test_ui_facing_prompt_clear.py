"""The facing prompt's words keep clear of the tokens, names, condition words and arc labels;
no name lies under its 8 arrows.

Why (review 14, finding 6): after End turn the box "Facing for James (now S) (1 more) / click an
arrow ... / numpad / arrow keys; Enter keeps; Esc keeps all" lay on the flank label, James' own
name and Shaken badge and Brandon's name, and the arrows on the names round the token. The
status line says the same words, so the box may go further out; the names keep off the arrows
(or are left out: the box names the token asked).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_default
from tactics.ui import placement

from ui_driver import app_session, click, end_turn


def _press(app: App, name: str) -> None:
    rect = app.battle.combat.button_rect(name)
    assert rect is not None, name
    click(app, rect.center)


@pytest.fixture(params=[(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def asked(request):
    """Round 0: Brandon shoots Bear 1 and ends his turn: the prompt asks his facing."""
    for app in app_session(App(open_default(seed=3), size=request.param)):
        for name in ("start", "banner-advance", "who:brandon", "weapon:silenced_pistol"):
            _press(app, name)
        click(app, app.battle.camera.cell_centre(app.battle.state.combatants["bear1"].cell))
        for _ in range(3):
            if app.battle.combat.button_rect("resolve"):
                _press(app, "resolve")
        end_turn(app)
        yield app


def test_the_prompt_box_covers_no_token_name_or_word_and_no_name_is_under_an_arrow(asked):
    app = asked
    view = app.battle
    prompt = hazards_of(view).prompt
    assert prompt.active() and prompt.current().id == "brandon"
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    names = {c.name for c in view.state.on_map()}
    drawn = [m.rect for m in rec.on(pygame.display.get_surface())
             if m.kind == "text" and m.panel in ("map", "") and m.label in names and m.role != "initials"]
    box = prompt.box
    assert box is not None
    for rect in placement.token_rects(view, skip=("brandon",)):
        square = pygame.Rect(rect.x, rect.y, rect.w, rect.w)
        assert not box.colliderect(square), "the prompt's words cover a token"
    for rect in view.renderer.tokens.drawn_words() + drawn:
        assert not box.colliderect(rect), "the prompt's words cover a name or a condition word"
    arrows = prompt.arrow_rects()
    for rect in drawn:
        assert rect.collidelist(arrows) < 0, "a name lies under the facing arrows"
