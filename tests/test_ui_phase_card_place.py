"""The Advantages Phase card covers no token, name or badge of the bundled fight, at every size.

Why (outside review 20, placement 1): at 1280x720, after Start combat, the Advantages Phase card
went down to the middle of the map and lay on Art's token and badges beside the acting Vanguard
(the GM had to fold it with "-"). It now goes where the map is not (a margin of the room, the
empty right-hand column: 1600x900 and up) or, where neither holds it (1280x720), a corner of the
board clear of every token (tactics/ui/panels/phase_place.py).

What is tested, driven through the real app (ui_driver): the bundled Space Bears fight after
Start combat at 1280x720, 1600x900, 1920x1080 and 3840x2160: the card's rectangle meets no
token's disc, no name and no condition badge as drawn, nor the tracker, the badge key or the
log, and lies on the board; where the right column holds it, it meets none of the map; its
button still begins the Action Phase from where it went, and the Action Phase's card is back at
the top. The Counter Phase's card, at 1280x720, keeps off the tokens too.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.team import Advance
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_default

from ui_driver import app_session, click, map_rect

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (3840, 2160)]


def what_it_covers(app: App, rect: pygame.Rect) -> list[str]:
    """The tokens' discs, names and badges (as drawn) and the panels that ``rect`` lies on."""
    view = app.battle
    painter = view.renderer.tokens
    out = []
    for who in view.state.on_map():
        disc = painter.footprint(view.camera, who)["disc"][0]
        if rect.colliderect(disc):
            out.append(f"{who.name}'s disc")
    badges, names = painter.drawn_labels()
    out += [f"{text!r} (name)" for _, r, text in names if rect.colliderect(r)]
    out += [f"{cid}'s badge" for cid, r in badges if rect.colliderect(r)]
    combat = view.combat
    key = view.badge_key_drawn[1] if view.badge_key_drawn else None
    for name, panel in (("tracker", combat.tracker.rect), ("log", combat.log.rect), ("badge key", key)):
        if panel is not None and rect.colliderect(panel):
            out.append(f"the {name}")
    return out


def started(size: tuple[int, int]):
    for app in app_session(App(open_default(seed=1), size=size), closing=True):
        click(app, app.battle.combat.button_rect("start").center)
        app.step()
        assert app.battle.state.combat.phase == "advantages"
        app.screen.forget()
        app.draw()
        yield app


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_advantages_card_covers_no_token_name_or_badge(size):
    for app in started(size):
        view = app.battle
        card = view.combat.banner.rect
        assert card is not None and not view.combat.banner.collapsed, "the Advantages card shows, open"
        assert view.board_rect().contains(card), f"the card {card} runs off the board {view.board_rect()}"
        met = what_it_covers(app, card)
        assert not met, f"{size}: the Advantages card {card} lies on {met}"
        if size != (1280, 720):  # the right-hand column holds it: none of the map is covered
            assert not card.colliderect(map_rect(app)), f"{size}: the card {card} lies on the map {map_rect(app)}"
        advance = view.combat.button_rect("banner-advance")
        assert advance is not None and card.contains(advance), "its button is on the card where it went"
        click(app, advance.center)
        app.step()
        assert view.state.combat.phase == "action", "the card's button began the Action Phase"
        assert view.combat.banner.rect.top == view.board_rect().top + theme.px(12), "the Action Phase card is at the top"


def test_the_counter_card_keeps_off_the_tokens_at_720p():
    for app in started((1280, 720)):
        view = app.battle
        enc = view.encounter
        prompt = hazards_of(view).prompt
        for _ in range(12):  # each group's turn ends with nothing done, the facings left as they are
            if view.state.combat.phase == "counters":
                break
            enc.submit(Advance())
            if prompt.active():
                prompt.stop()
            app.step()
        assert view.state.combat.phase == "counters"
        app.screen.forget()
        app.draw()
        card = view.combat.banner.rect
        assert card is not None and not view.combat.banner.collapsed
        met = what_it_covers(app, card)
        assert not met, f"the Counter Phase card {card} lies on {met}"
