"""The starship screen's status line after a phase ends says the current state (review 9, finding 5).

Why: the end-of-phase card ("The Response Phase of round N ends", Continue) opened without a
status message, so the line kept an older one ("Round 7, Response Phase ends" through round 8
and after the fight). What is tested on the bundled pirate corvette with real clicks: ending
the surprise round after a hit opens the card, and the status line (with the card and after
Continue) names the phase that ended and the one that begins; a phase that ends the combat
leaves "Space combat is over" on it, never a round.
Expected: the messages below; the card is the one the hit opens (R-SHIP-1, R-SHIP-5).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import FireWeapons
from tactics.engine.starship.events import SpaceEnded, SpacePhaseEnded
from tactics.ui.app import App
from tactics.ui.starship.summary import PhaseSummary, phase_end_status

from test_ui_starship import end_phase, press, starship
from ui_driver import app_session

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture
def app():
    yield from app_session(App(load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11),
                               size=(1280, 720)))


def test_the_status_line_follows_a_phase_that_opens_the_end_card(app):  # R-SHIP-1
    screen = starship(app)
    press(app, screen, "begin")
    assert screen.current_message()[0].startswith("Space combat begins")
    app.battle.encounter.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)  # a sure hit
    end_phase(app, screen)
    assert isinstance(screen.dialog, PhaseSummary)  # the Battle Damage card
    said = screen.current_message()[0]
    assert "Surprise round ends" in said and said.endswith("Round 1, Support Phase begins."), said
    press(app, screen, "dlg.done")
    assert screen.dialog is None
    assert screen.current_message()[0] == said  # the current phase, not "Space combat begins"


def test_the_end_of_the_combat_is_said_not_the_round_that_ended(app):  # R-SHIP-9
    state = app.battle.state
    entry = SimpleNamespace(events=[SpacePhaseEnded(round=8, phase="response"),
                                    SpaceEnded(winner=None, round=8)])
    said = phase_end_status(state, entry, "gm")
    assert said.startswith("Space combat is over") and "Round 8" not in said
