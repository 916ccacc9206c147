"""The grenade preview shows the risk to the thrower's own side, real events, headless (R-GREN-2/3/6).

What is tested: the outside review's steps on the bundled Space Bears map. G, click Brandon, hover
Bear 1 at (21, 5): the FOOD crate beside Brandon stops the short throws, so 10% of the rolls come
down on his own square. Before, that number was painted under his token and nowhere else. Now the
label says "10% lands on Brandon's square" and how often the blast catches the party (the engine's
``throw_risk``), and the chance of each square a token covers is drawn again on top of the token
in that square's heat colour, at 1280x720 and at 1920x1080.
"""

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.hazards.throw_risk import throw_risk
from tactics.ui.app import App
from tactics.ui.tools.grenade import heat_colour, percent

from ui_driver import app_session, centre, click, key, move


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["1280", "1920"])
def app(request):
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=1)
    for app in app_session(App(enc, size=request.param)):
        app.battle.combat.log.collapsed = True  # the log's column given back: the zoom the review's
        app.battle.fit()  # steps were taken at (the log's column is kept for it now: review 16 F3)
        yield app


def test_the_self_hit_risk_is_said_and_drawn_over_the_token(app):  # R-GREN-3, R-GREN-6
    key(app, pygame.K_g)
    click(app, centre(app, (15, 2)))  # Brandon throws
    move(app, centre(app, (21, 5)))  # at Bear 1
    tool = app.battle.tool
    risk = throw_risk(app.battle.state, "brandon", (21, 5), "frag")
    assert "10% lands on Brandon's square" in tool.label_lines
    caught = next(line for line in tool.label_lines if line.startswith("blast catches"))
    assert percent(risk.any_in_blast) in caught and "James" in caught
    badge = tool.badges[(15, 2)]  # Brandon's square: its 10% over his token
    x, y, w, h = app.battle.camera.cell_rect((15, 2))
    assert pygame.Rect(x, y, w, h).collidepoint(badge.center)
    odds = tool.preview().odds
    want = heat_colour(odds[(15, 2)], max(odds.values()))[:3]
    got = pygame.display.get_surface().get_at((badge.left + 3, badge.centery))[:3]
    assert max(abs(a - b) for a, b in zip(got, want)) < 30, (got, want)
