"""Starship screen fixes (issue 10): Repair only with Battle Damage, drops that move or swap or ask,
and a Grapple that brings the ships together.

What is tested on the bundled pirate corvette, with real drags and clicks where the screen is
involved: the Chief Engineer is not offered Repair while the ship has no Battle Damage (clicking
the post says so; ending the phase does not wait for it) and is offered it once there is some
(R-SHIP-5); a crew member dragged from one post onto another's post swaps with that occupant in one
journal entry (one undo), onto an empty post moves there (the old post left empty), and a name
from the roster dropped on a taken post asks before replacing; nobody ends up with two posts by a
drag; a successful Grapple (the text names the function, reading N-SHIP-5) leaves the two
ships 1 unit apart when the Action Phase ends, drawn side by side (not one over the other).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import EndPhase, FireWeapons, StartSpaceCombat, TakeAction
from tactics.engine.starship.state import distance
from tactics.engine.starship.view import actions_offered
from tactics.ui.app import App

from test_ui_starship import drag, end_phase, press, starship
from ui_driver import app_session, click

SIZE = (1600, 900)
pytestmark = pytest.mark.usefixtures("data_dir")


def corvette(seed: int = 11):
    return load_encounter(bundled("pirate-corvette.encounter.toml"), seed=seed)


def to_response(enc, *, hit: bool) -> None:
    """Surprise round (the Red Maw fires if ``hit``), round 1 Support and Action with no one acting."""
    enc.submit(StartSpaceCombat())
    if hit:
        enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[3, 4] if hit else None)
    enc.submit(EndPhase())
    enc.submit(EndPhase())
    assert enc.state.space.phase == "response"


def test_repair_is_offered_only_with_battle_damage():  # R-SHIP-5
    enc = corvette()
    to_response(enc, hit=False)
    assert not enc.state.space.ships["wayfarer"].battle_damage
    assert "repair" not in [a.name for a in actions_offered(enc.state, "wayfarer", "engineer")]
    enc = corvette()
    to_response(enc, hit=True)
    assert enc.state.space.ships["wayfarer"].battle_damage
    assert "repair" in [a.name for a in actions_offered(enc.state, "wayfarer", "engineer")]


def test_the_engineer_post_says_there_is_nothing_to_repair():
    enc = corvette()
    to_response(enc, hit=False)
    app = App(enc, size=SIZE)
    try:
        app.step()
        screen = starship(app)
        assert "engineer" not in [s.data["post"] for s in screen.hotspots.items
                                  if s.key == "walker_post" and s.data["ship"] == "wayfarer"]  # not glowing
        press(app, screen, "post", ship="wayfarer", post="engineer")  # its post in the crew list
        assert screen.dialog is None and "no Battle Damage to repair" in screen.message[0]
        assert not any("Chief Engineer" in w or "engineer" in w.lower() for w in screen.still_to_act())
    finally:
        app._addons("closing")
        pygame.quit()


@pytest.fixture
def app():
    yield from app_session(App(corvette(), size=SIZE), closing=True)


def posts_of(app, crew: str) -> list[tuple[str, str]]:
    return [(sid, p) for sid, ship in app.battle.state.space.ships.items() for p, who in ship.crew.items()
            if who == crew]


def test_a_drag_from_post_to_post_swaps_or_moves_in_one_entry(app):
    screen = starship(app)
    ship = app.battle.state.space.ships["wayfarer"]
    a, b = ship.crew["weapons"], ship.crew["helm"]
    journal = app.battle.encounter.journal
    before = len(journal.entries)
    drag(app, screen.post_rect("wayfarer", "weapons").center, screen.post_rect("wayfarer", "helm").center)
    ship = app.battle.state.space.ships["wayfarer"]
    assert (ship.crew["helm"], ship.crew["weapons"]) == (a, b), "the two swap posts"
    assert len(journal.entries) == before + 1 and "swap" in screen.message[0]
    assert posts_of(app, a) == [("wayfarer", "helm")], "no one holds two posts after a drag"
    app.battle.encounter.undo()  # one undo puts both back
    ship = app.battle.state.space.ships["wayfarer"]
    assert (ship.crew["weapons"], ship.crew["helm"]) == (a, b)
    drag(app, screen.post_rect("wayfarer", "weapons").center, screen.post_rect("red_maw", "medical").center)
    assert posts_of(app, a) == [("red_maw", "medical")] and "weapons" not in app.battle.state.space.ships["wayfarer"].crew


def test_a_name_dropped_on_a_taken_post_asks_first(app):
    screen = starship(app)
    ship = app.battle.state.space.ships["wayfarer"]
    holder = ship.crew["weapons"]
    assert holder != "brandon"
    journal = app.battle.encounter.journal
    before = len(journal.entries)
    drag(app, screen.chip_rect("brandon").center, screen.post_rect("wayfarer", "weapons").center)
    assert len(journal.entries) == before and app.battle.state.space.ships["wayfarer"].crew["weapons"] == holder
    prompt = app.saving.prompt
    assert prompt.alive() and "Replace" in prompt.text
    click(app, prompt.button_centre("Cancel"))
    app.step()
    assert len(journal.entries) == before and app.battle.state.space.ships["wayfarer"].crew["weapons"] == holder
    drag(app, screen.chip_rect("brandon").center, screen.post_rect("wayfarer", "weapons").center)
    click(app, app.saving.prompt.button_centre("Replace"))
    app.step()
    assert app.battle.state.space.ships["wayfarer"].crew["weapons"] == "brandon"


def test_a_successful_grapple_brings_the_ships_together(app):  # reading: N-SHIP-5
    screen = starship(app)
    enc = app.battle.encounter
    enc.submit(StartSpaceCombat())
    enc.submit(EndPhase())  # surprise round: nothing fired
    enc.submit(EndPhase())  # round 1 Support
    space = enc.state.space
    apart = distance(space.ships["red_maw"], space.ships["wayfarer"])
    assert apart > 5
    taken = enc.submit(TakeAction("red_maw", "engineer", "grapple", {"target": "wayfarer"}), typed=[10, 10])
    assert taken.events[0].data["success"]
    app.step()
    end_phase(app, screen)  # the Action Phase ends on the screen: the grapple's effect lands
    space = app.battle.state.space
    assert distance(space.ships["red_maw"], space.ships["wayfarer"]) == pytest.approx(1.0, abs=0.01)
    assert any("pulled together" in line for line in screen.log_lines())
    app.step()
    a, b = screen.spot_rect("ship", ship="red_maw"), screen.spot_rect("ship", ship="wayfarer")
    assert a is not None and b is not None and not a.colliderect(b), "drawn side by side, not on top of each other"


def test_the_engineer_tag_says_action_only_on_a_ship_that_offers_it():
    """Round 1 Support Phase: every Chief Engineer was tagged "Action/Response", though the Wayfarer
    (no grapple, no cloak) never offers its engineer the Action Phase (N-SHIP-2). The tag says what
    the engine allows that ship's engineer (an outside review)."""
    from tactics.engine.starship.view import engineer_phases
    from tactics.ui import layout_probe as probe

    enc = corvette()
    enc.submit(StartSpaceCombat())
    while (enc.state.space.round, enc.state.space.phase) != (1, "support"):
        enc.submit(EndPhase())
    assert engineer_phases(enc.state, "wayfarer") == ["response"]
    assert engineer_phases(enc.state, "red_maw") == ["action", "response"]  # its grapple, its cloak
    app = App(enc, size=SIZE)
    try:
        screen = starship(app)
        app.step()
        recorder = probe.start()
        try:
            app.draw()
        finally:
            probe.stop()
        texts = [m for m in recorder.on(pygame.display.get_surface()) if m.kind == "text"]

        def tag(ship: str) -> list[str]:
            row = screen.spot_rect("post", ship=ship, post="engineer")
            return [m.label for m in texts if row.contains(m.rect) and ("Phase" in m.label or "/" in m.label)]

        assert tag("wayfarer") == ["Response Phase"]
        assert tag("red_maw") == ["Action/Response"]
    finally:
        app._addons("closing")
        pygame.quit()


def test_a_restore_mid_space_combat_reopens_the_starship_screen(data_dir):
    """Review 8 robust E: after a crash mid space combat, Restore showed the battle map and its
    "Start combat" button; the fight is on the starship screen, so the window reopens there (the
    toolbar's button names the battle map, as after Tab)."""
    from tactics.ui.opening import open_path
    from tactics.ui.starship.screen import StarshipScreen
    from ui_driver import click_settled

    app = App(open_path(bundled("pirate-corvette.encounter.toml"), seed=11), size=SIZE)
    app.step()
    screen = starship(app)
    press(app, screen, "begin")  # autosaved: Begin space combat
    assert app.battle.encounter.journal.entries[-1].command == "space.start"
    app._addons("closing")
    pygame.quit()  # as the laptop dying: the autosave is all there is

    app = App(open_path(bundled("pirate-corvette.encounter.toml"), seed=11), size=SIZE)
    app.saving.offer_restores()
    app.step()
    try:
        prompt = app.saving.prompt
        assert prompt is not None and prompt.alive()
        assert isinstance(app.screens[0], StarshipScreen) is False  # the file itself: no battle yet
        click_settled(app, prompt.button_centre("Restore"))
        assert app.battle.encounter.state.space.started
        assert isinstance(app.screens[0], StarshipScreen) and app.screens[0].battle is app.battle
        labels = [b.text for b, (_, name) in app.toolbar.buttons.items() if name == "starship"]
        assert labels == ["Battle map"]
    finally:
        app._addons("closing")
        pygame.quit()


def test_a_game_whose_last_action_was_on_the_map_reopens_on_the_map():
    """Review 8 robust E: the screen is read from the game: in a space battle under way, a last
    action on the battle map (a boarding fight) reopens on the map; a last space action on the
    starship screen."""
    from tactics.engine.board import Walk
    from tactics.ui.starship.resume import reopens_on_starship

    enc = corvette()
    assert not reopens_on_starship(enc)  # no battle yet
    enc.submit(StartSpaceCombat())
    assert reopens_on_starship(enc)
    enc.submit(Walk("brandon", [(14, 2)]))
    assert not reopens_on_starship(enc)


def test_the_repair_dialog_starts_on_a_battle_damage_whose_effect_holds():  # R-SHIP-5
    """Review 20 (m8): in round 1's Response Phase the Chief Engineer's dialog chose the surprise
    round's Battle Damage, whose effect was over, not the one hurting the ship now."""
    enc = corvette()
    enc.submit(StartSpaceCombat())
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[3, 4])  # the surprise round: its Battle Damage
    enc.submit(EndPhase())  # round 1's Support Phase
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[5, 6])  # round 1's Action Phase: a second one
    space = enc.state.space
    assert space.phase == "response"
    first, second = space.ships["wayfarer"].battle_damage
    assert not first.active(space.now) and second.active(space.now)
    for app in app_session(App(enc, size=SIZE), closing=True):
        screen = starship(app)
        press(app, screen, "post", ship="wayfarer", post="engineer")
        assert screen.dialog is not None and screen.dialog.damage == second.id
