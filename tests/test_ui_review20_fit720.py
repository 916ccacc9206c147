"""Outside review 20 at 1280x720 (the smallest window we support), with 1600x900 and 1920x1080 kept.

What is tested, driven through the real app on the bundled encounter (ui_driver's events):

- m3: Round 0, Brandon shoots Bear 1 and ends his turn; the facing prompt asks him, at the map's
  top row, and the waiting Advantages card ("opens once Brandon's facing is chosen") lay on his
  N, NE and NW arrows at 720p (the card's foot at y 135, the N arrow's top at 123). No phase card
  nor turn banner meets an arrow at any size, and a click on the N arrow turns him north.
- m4: the Resolve panel's queue cut the queued actions' odds at 720p (the second attack's odds
  bar fell below the panel's foot, with only a 3 px scroll bar to say more was there). Each
  queued attack's odds (the bar's five percentages) read whole in the panel, or the panel says
  in words how many are below and the wheel brings each one's odds into view, whole.
- m5: the attack tool's card (its odds) covered tokens at 720p in a crowd: a narrower, tighter
  card is tried where the full one covers a token; the card covers fewer token discs than before.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_default

from ui_driver import app_session, click, end_turn

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
IDS = [f"{w}x{h}" for w, h in SIZES]


def _press(app: App, name: str) -> None:
    rect = app.battle.combat.button_rect(name)
    assert rect is not None, f"no {name!r} button on screen"
    click(app, rect.center)


# --------------------------------------------------------------------------- m3: the facing arrows
@pytest.fixture(params=SIZES, ids=IDS)
def facing_asked(request):
    """Round 0: Brandon shoots Bear 1 and ends his turn: the prompt asks his facing."""
    for app in app_session(App(open_default(seed=3), size=request.param)):
        for name in ("start", "banner-advance", "who:brandon", "weapon:silenced_pistol"):
            _press(app, name)
        click(app, app.battle.camera.cell_centre(app.battle.state.combatants["bear1"].cell))
        for _ in range(3):
            if app.battle.combat.button_rect("resolve"):
                _press(app, "resolve")
        end_turn(app)
        app.step()
        yield app


def test_no_phase_card_or_turn_banner_lies_on_a_facing_arrow(facing_asked):
    app = facing_asked
    view = app.battle
    prompt = hazards_of(view).prompt
    assert prompt.active() and prompt.current().id == "brandon"
    arrows = prompt.arrow_rects()
    assert len(arrows) == 8
    card, banner = view.combat.banner.rect, app.hotseat.rect
    assert card is not None, "the phase card shows (it waits for the facing)"
    for name, rect in (("phase card", card), ("turn banner", banner)):
        if rect is not None:
            met = [d for d, a in zip(prompt.buttons(), arrows) if rect.colliderect(a)]
            assert not met, f"the {name} {rect} lies on the {met} facing arrows at {app.size}"
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(card), f"the phase card {card} runs off the window"
    for other in (view.combat.tracker.rect, view.combat.log.rect):
        assert other is None or not card.colliderect(other), f"the phase card {card} meets a panel {other}"
    texts = [m for m in _marks(app) if m.kind == "text" and m.panel == "Phase"]
    assert any("facing is chosen" in m.label for m in texts), "the card says what it waits for"
    assert all(card.contains(m.rect) for m in texts), "the card's words stay inside it"
    click(app, prompt.button_centres()["N"])
    assert view.state.combatants["brandon"].facing == "N", "a click on the N arrow turns Brandon north"


def _marks(app: App) -> list:
    from ui_driver import drawn_marks

    return drawn_marks(app)
