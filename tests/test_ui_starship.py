"""The starship screen driven headless with real pygame events through ``App.step``.

What is tested: Tab (and the toolbar button) swap the battle map and the starship
screen and keep the battle view; dragging a character onto a crew post assigns it
through the journal; the phase walker shows the posts acting now in each phase
(R-SHIP-1, R-SHIP-2); firing through the dialog records the roll and shows
exactly ``fire_odds`` (R-SHIP-3, R-SHIP-4); refusals reach the status line; undo
from the starship screen undoes the last space command; an encounter without a
space battle shows a clear empty state.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.starship.commands import TakeAction
from tactics.engine.starship.view import fire_odds, posts_acting_now
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.starship.screen import StarshipScreen

from tactics.ui import theme

from ui_driver import app_session, click, drawn_texts, key, post

SIZE = (1600, 900)


# Each test its own autosave folder: no "newer autosave" prompt from an earlier test.
pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture
def app():
    yield from app_session(App(load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11), size=SIZE))


def drag(app: App, start, end) -> None:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    post(app,
         pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(5, 5), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(5, 5), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def press(app: App, screen: StarshipScreen, spot: str, **data) -> None:
    """Click the drawn button/chip ``spot`` (it must be on screen now)."""
    rect = screen.spot_rect(spot, **data)
    assert rect is not None, f"{spot} {data} is not on screen"
    click(app, rect.center)


def starship(app: App) -> StarshipScreen:
    key(app, pygame.K_TAB)
    screen = app.screens[0]
    assert isinstance(screen, StarshipScreen)
    screen.reveal_ms = 0
    return screen


def walker_posts(screen: StarshipScreen, ship: str) -> list[str]:
    """The posts the walker offers as clickable chips for ``ship``, left to right."""
    spots = [s for s in screen.hotspots.items if s.key == "walker_post" and s.data["ship"] == ship]
    return [s.data["post"] for s in sorted(spots, key=lambda s: s.rect.x)]



def end_phase(app, screen) -> None:
    """Press End the phase; when it warns that crew can still act, press again (the GM goes on)."""
    press(app, screen, "end_phase")
    if getattr(screen, "_warned_at", None) is not None:
        press(app, screen, "end_phase")

def test_tab_switches_to_the_starship_screen_and_back_keeping_the_battle_view(app):
    battle = app.battle
    battle.camera.pan(40, 25)
    where = (battle.camera.origin_x, battle.camera.origin_y, battle.camera.cell_px)
    screen = starship(app)
    assert app.battle is battle  # still reachable, still alive
    assert screen.spot_rect("begin") is not None  # the ships, ready to fight
    key(app, pygame.K_TAB)
    assert app.screens[0] is battle
    assert (battle.camera.origin_x, battle.camera.origin_y, battle.camera.cell_px) == where
    key(app, pygame.K_TAB)
    assert app.screens[0] is screen  # the same starship screen comes back


def test_toolbar_button_swaps_screens_and_names_the_other_one(app):
    button = next(b for b, (_, name) in app.toolbar.buttons.items() if name == "starship")
    assert button.text == "Starship"
    click(app, button.rect.center)
    app.step()  # pygame_gui posts the press as an event
    assert isinstance(app.screens[0], StarshipScreen)
    assert button.text == "Battle map"
    click(app, button.rect.center)
    app.step()
    assert app.screens[0] is app.battle and button.text == "Starship"


def test_dragging_a_character_onto_a_post_assigns_it(app):  # R-SHIP-2
    screen = starship(app)
    entries = len(app.battle.encounter.journal.entries)
    before = app.battle.state.space.ships["wayfarer"].crew.get("sensors")
    drag(app, screen.chip_rect("brandon").center, screen.post_rect("wayfarer", "sensors").center)
    journal = app.battle.encounter.journal
    if before is not None:  # a taken post: asked first (issue 10), nothing changed yet
        assert len(journal.entries) == entries and app.saving.prompt.alive()
        assert "Replace" in app.saving.prompt.text
        click(app, app.saving.prompt.button_centre("Replace"))
        app.step()
    assert len(journal.entries) == entries + 1
    assert journal.entries[-1].command == "space.assign_post"
    ship = app.battle.state.space.ships["wayfarer"]
    assert ship.crew["sensors"] == "brandon" and ship.crew_names["sensors"] == "Brandon"
    assert "Brandon takes the Sensors/Comms post" in screen.log_lines()[-1]
    # an NPC chip fills the corvette's empty Medical post with a named NPC
    drag(app, screen.chip_rect("@npc").center, screen.post_rect("red_maw", "medical").center)
    assert app.battle.state.space.ships["red_maw"].crew["medical"] == "Deckhand 1"
    # a name dragged off its post leaves the post empty: it will be skipped
    drag(app, screen.post_rect("red_maw", "medical").center, (300, 500))
    assert "medical" not in app.battle.state.space.ships["red_maw"].crew
    assert journal.entries[-1].command == "space.vacate_post"


def test_walker_shows_the_posts_acting_in_each_phase(app):  # R-SHIP-1, R-SHIP-2, R-SHIP-7
    screen = starship(app)
    state = lambda: app.battle.state  # noqa: E731
    press(app, screen, "begin")
    # surprise round: only the unseen Red Maw acts, Action-Phase posts (the Engineer may act here)
    assert walker_posts(screen, "wayfarer") == []
    assert walker_posts(screen, "red_maw") == ["helm", "sensors", "weapons", "engineer"]
    assert walker_posts(screen, "red_maw") == posts_acting_now(state(), "red_maw")
    end_phase(app, screen)
    if screen.dialog is not None:
        press(app, screen, "dlg.done")
    # round 1 Support: Captain and Science Officer on both ships
    assert walker_posts(screen, "wayfarer") == ["captain", "science"]
    assert walker_posts(screen, "red_maw") == ["captain", "science"]
    # the Science Officer holds to the Action Phase (no roll, costs no action)
    press(app, screen, "walker_post", ship="wayfarer", post="science")
    press(app, screen, "dlg.action", action="hold")
    press(app, screen, "dlg.take")
    press(app, screen, "dlg.done")
    assert walker_posts(screen, "wayfarer") == ["captain"]
    end_phase(app, screen)
    if screen.dialog is not None:
        press(app, screen, "dlg.done")
    # the Wayfarer has no grapple or cloak: its Chief Engineer has nothing to do here (N-SHIP-2)
    assert walker_posts(screen, "wayfarer") == ["science", "helm", "sensors", "weapons"]
    assert walker_posts(screen, "red_maw") == ["helm", "sensors", "weapons", "engineer"]
    # the corvette's Chief Engineer acts in the Action Phase and gives up the Response Phase;
    # at the start of the phase the choice itself is offered too (N-SHIP-2)
    press(app, screen, "walker_post", ship="red_maw", post="engineer")
    offered = [s.data["action"] for s in screen.hotspots.items if s.key == "dlg.action"]
    assert offered == ["engineer_to_action", "grapple", "assist_cloak"]  # only its Action-Phase actions
    press(app, screen, "dlg.action", action="grapple")
    press(app, screen, "dlg.take")
    press(app, screen, "dlg.done")
    end_phase(app, screen)
    if screen.dialog is not None:
        press(app, screen, "dlg.done")
    # no Battle Damage on the Wayfarer: its Chief Engineer has nothing to repair (issue 10), and with
    # no one injured its Medical Officer has nothing to treat (review 18, finding 4; N-SHIP-4)
    assert walker_posts(screen, "wayfarer") == []
    assert walker_posts(screen, "red_maw") == []  # no Medical Officer, Engineer already acted


def _to_round_one_action(app: App, screen: StarshipScreen) -> None:
    press(app, screen, "begin")
    for _ in range(2):
        end_phase(app, screen)
        if screen.dialog is not None:
            press(app, screen, "dlg.done")
    assert app.battle.state.space.phase == "action"


def test_fire_dialog_shows_exact_odds_and_records_the_roll(app):  # R-SHIP-3, R-SHIP-4
    screen = starship(app)
    press(app, screen, "begin")
    press(app, screen, "walker_post", ship="red_maw", post="weapons")
    dialog = screen.dialog
    state = app.battle.state
    expected = fire_odds(state, "red_maw", "wayfarer", 4)
    assert dialog.odds == expected and dialog.odds_text() == expected.percent
    assert dialog.odds.bd_dc == (5, 5)  # Wayfarer: Armor +1, Shield +1
    # deselect a hard point: the odds follow, still exactly fire_odds
    press(app, screen, "dlg.hard_point", name="Ventral turret")
    assert dialog.odds == fire_odds(app.battle.state, "red_maw", "wayfarer", 3)
    entries = len(app.battle.encounter.journal.entries)
    press(app, screen, "dlg.fire")
    journal = app.battle.encounter.journal
    assert len(journal.entries) == entries + 1 and journal.entries[-1].command == "space.fire"
    fired = journal.entries[-1].events[0]
    assert fired.hard_points == ["Bow lance", "Port battery", "Starboard battery"]
    assert dialog.result == fired and dialog.shown_dice() == len(fired.dice)
    assert screen.spot_rect("dlg.done") is not None
    press(app, screen, "dlg.done")
    assert screen.dialog is None


def test_a_refused_command_shows_its_reason_in_the_status_line(app):  # R-SHIP-4
    screen = starship(app)
    _to_round_one_action(app, screen)  # the cloaked Red Maw never fired: still unseen
    # the Wayfarer's Scan fails, so no Scan can still find the corvette this phase (N-SHIP-1)
    app.battle.encounter.submit(TakeAction("wayfarer", "sensors", "scan", {"target": "red_maw"}), typed=[1, 1])
    press(app, screen, "walker_post", ship="wayfarer", post="weapons")
    # the dialog says so before FIRE is pressed, and greys FIRE (not "counts only if this phase's Scan finds it")
    assert not screen.dialog.odds.scan_possible
    words = " ".join(drawn_texts(app))
    assert "no Scan is left to find it this phase" in words and "only if this phase's Scan" not in words
    fire = screen.spot_rect("dlg.fire")
    assert tuple(pygame.display.get_surface().get_at((fire.centerx, fire.top + 4)))[:3] == theme.DISABLED_BG
    entries = len(app.battle.encounter.journal.entries)
    press(app, screen, "dlg.fire")
    assert len(app.battle.encounter.journal.entries) == entries
    text, kind = screen.current_message()
    assert kind == "error" and "cannot see the Red Maw" in text


def test_undo_from_the_starship_screen_undoes_the_last_space_command(app):
    screen = starship(app)
    press(app, screen, "begin")
    press(app, screen, "walker_post", ship="red_maw", post="weapons")
    press(app, screen, "dlg.fire")
    press(app, screen, "dlg.done")
    journal = app.battle.encounter.journal
    assert journal.entries[-1].command == "space.fire"
    assert "weapons" not in posts_acting_now(app.battle.state, "red_maw")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert journal.entries[-1].command == "space.start"
    assert "weapons" in walker_posts(screen, "red_maw")  # the walker offers the post again
    assert screen.current_message()[0].startswith("Undone: Red Maw: Boom fires")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert journal.entries[-1].command == "space.fire"


def test_end_of_phase_card_shows_battle_damage_landing_on_every_ship(app):  # R-SHIP-1, R-SHIP-5
    screen = starship(app)
    press(app, screen, "begin")
    enc = app.battle.encounter
    from tactics.engine.starship.commands import FireWeapons

    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    app.step()
    assert app.battle.state.space.ships["wayfarer"].damage == 0  # not before the phase ends
    end_phase(app, screen)
    assert app.battle.state.space.ships["wayfarer"].damage == 1
    assert type(screen.dialog).__name__ == "PhaseSummary"
    press(app, screen, "dlg.done")
    assert screen.dialog is None


def test_without_a_space_battle_the_screen_says_so_and_goes_back():
    definition = {"name": "Ground only", "teams": {"party": {"name": "Party", "players": True}},
                  "combatants": [{"id": "brandon", "name": "Brandon", "team": "party", "cell": [1, 1]}]}
    a = App(Encounter(definition, BattleMap.from_text("....\n....\n....\n"), seed=1), size=SIZE)
    try:
        a.step()
        key(a, pygame.K_F2)  # F2 previews the players' view on the battle map
        assert a.screens[0] is a.battle and a.battle.viewer == "players"
        key(a, pygame.K_TAB)  # Tab always goes to the starship screen, here its empty state
        screen = a.screens[0]
        assert screen.space is None and screen.spot_rect("back") is not None
        press(a, screen, "back")
        assert a.screens[0] is a.battle
    finally:
        pygame.quit()


def test_cli_stages_the_starship_screen(tmp_path):
    from tactics.cli import main

    out = tmp_path / "ships.png"
    assert main([str(bundled("pirate-corvette.encounter.toml")), "--screen", "starship", "--screenshot", str(out),
                 "--size", "1280x720"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    pygame.quit()


def test_ending_a_phase_with_crew_still_to_act_warns_first(app):  # R-SHIP-2
    screen = starship(app)
    press(app, screen, "begin")
    space = screen.space
    phase, rnd = space.phase, space.round
    waiting = screen.still_to_act()
    assert waiting, "someone can act at the start of a phase"
    press(app, screen, "end_phase")
    assert (screen.space.phase, screen.space.round) == (phase, rnd), "the first press only warns"
    assert "can still act" in screen.message[0]
    press(app, screen, "end_phase")
    assert (screen.space.phase, screen.space.round) != (phase, rnd)


def test_action_phase_opens_with_the_chief_engineers_choice(app):  # R-SHIP-2, N-SHIP-2
    screen = starship(app)
    _to_round_one_action(app, screen)
    # the choice must come before any roll of the phase: it is the first prompt (Enter opens it)
    key(app, pygame.K_RETURN)
    assert screen.dialog is not None and (screen.dialog.ship_id, screen.dialog.post) == ("red_maw", "engineer")
    offered = [s.data["action"] for s in screen.hotspots.items if s.key == "dlg.action"]
    assert offered[0] == "engineer_to_action"
    press(app, screen, "dlg.action", action="engineer_to_action")
    press(app, screen, "dlg.take")
    press(app, screen, "dlg.done")
    assert "red_maw" in app.battle.state.space.engineer_in_action
    # a roll is noted: the Wayfarer's Helm flies; the Red Maw's engineer, who chose, still acts later
    press(app, screen, "walker_post", ship="wayfarer", post="helm")
    press(app, screen, "dlg.action", action="evasive")
    press(app, screen, "dlg.take")
    press(app, screen, "dlg.done")
    assert "engineer" in walker_posts(screen, "red_maw")


def test_f2_on_the_starship_screen_previews_the_players_view_without_the_cloaked_raider(app):
    """The players must not learn of a ship their sensors cannot see: not on the map, not in the walker,
    not in the crew panel (the Red Maw starts cloaked in the corvette encounter)."""
    from tactics.ui import layout_probe as probe

    screen = starship(app)
    raider = next(s for s in screen.state.space.ships.values() if s.cloaked)

    def drawn_texts() -> set[str]:
        recorder = probe.start()
        try:
            app.draw()
        finally:
            probe.stop()
        return {m.label for marks in recorder.marks.values() for m in marks if m.kind == "text"}

    assert any(raider.name in t for t in drawn_texts()), "the GM sees the raider"
    key(app, pygame.K_F2)
    assert app.battle.viewer == "players"
    assert not any(raider.name in t for t in drawn_texts()), "the players' preview names no cloaked raider"
    key(app, pygame.K_F2)
    assert app.battle.viewer == "gm"
