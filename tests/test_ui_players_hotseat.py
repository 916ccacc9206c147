"""Hot seat: the banner says whose group or turn it is, in that team's colour; E / the button ends it.

What is tested: with a fight under way (team rules, R-INIT-4), the banner names
the acting group in its team's colour on the GM's screen and on the players'
window; E and the big button advance the procedure through the engine's
``Advance`` command (so undo covers it); a refusal (declared actions not yet
resolved) is shown with its reason, and the banner says what it waits for; a
group of creatures hidden from the players shows only the plain "Action Phase"
card on the players' window, the one shown between groups: nothing says that
hidden creatures act (N-HOT-1).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import StartCombat
from tactics.engine.combat.actions import Action, Declare
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.panels.hotseat import end_turn_command, quiet_banner, turn_banner

from ui_driver import app_session, end_turn, key_settled as key

SIZE = (1600, 900)
ROOM = "\n".join(["." * 14] * 9)
PARTY = (70, 140, 230)
BEARS = (220, 80, 60)


def make_encounter(hidden_bears: bool = False) -> Encounter:
    definition = {
        "name": "Hot seat",
        "teams": {"party": {"name": "The Party", "players": True, "colour": list(PARTY)},
                  "bears": {"name": "Space Bears", "colour": list(BEARS)}},
        "combatants": [
            {"id": "brandon", "name": "Brandon", "team": "party", "cell": [2, 3], "hp": 20},
            {"id": "bear1", "name": "Bear 1", "team": "bears", "cell": [10, 3], "hp": 30, "hidden": hidden_bears},
        ],
    }
    return Encounter(definition, BattleMap.from_text(ROOM, name="Room"), seed=3)


@pytest.fixture
def app():
    yield from app_session(App(make_encounter(), size=SIZE), closing=True)


def to_action_phase(app: App) -> None:
    assert app.battle.submit(StartCombat())
    key(app, pygame.K_e)  # Advantages Phase -> the first group's Action Phase
    assert app.battle.state.combat.phase == "action"


def test_no_banner_and_nothing_to_end_without_a_fight(app) -> None:
    assert turn_banner(app.battle.state) is None
    assert end_turn_command(app.battle.state) is None
    key(app, pygame.K_e)
    assert app.battle.encounter.journal.entries == []


def test_the_banner_names_the_acting_group_in_its_colour(app) -> None:
    """R-INIT-4: groups act in turn; E ends each group's turn through the engine's Advance."""
    to_action_phase(app)
    combat = app.battle.state.combat
    order = [(g.team, g.kind) for g in combat.turn_order()]
    seen = []
    for team, kind in order:
        banner = turn_banner(app.battle.state)
        assert banner.colour == (PARTY if team == "party" else BEARS)
        assert banner.title.endswith(kind.capitalize()) and banner.button == "End turn"
        app.draw()
        rect = app.hotseat.rect
        assert rect is not None
        assert tuple(pygame.display.get_surface().get_at((rect.x + 8, rect.centery)))[:3] == banner.colour
        seen.append(banner.title)
        end_turn(app, by_key=True, settle=True)
    assert app.battle.encounter.journal.entries[-1].command == "advance"
    assert app.battle.state.combat.phase == "counters"
    assert turn_banner(app.battle.state).button == "Next round"
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # undo covers End turn too
    assert app.battle.state.combat.phase == "action"


def test_the_big_button_ends_the_turn(app) -> None:
    to_action_phase(app)
    first = app.battle.state.combat.acting_group().key
    end_turn(app, settle=True)  # the big button (twice: the first press warns that nobody declared)
    assert app.battle.state.combat.acting_group().key != first


def test_a_refused_end_turn_says_why_and_the_banner_says_what_it_waits_for(app) -> None:
    to_action_phase(app)
    group = app.battle.state.combat.acting_group()
    who = group.members[0]
    cell = app.battle.state.combatants[who].cell
    app.battle.submit(Declare(who, Action("standard-move", path=[(cell[0], cell[1] + 1)])))
    banner = turn_banner(app.battle.state)
    assert "to resolve" in banner.waiting
    key(app, pygame.K_e)
    assert app.battle.state.combat.acting_group().key == group.key
    assert "not resolved yet" in app.battle.message[0]


def test_players_window_banner_keeps_hidden_groups_secret_n_hot_1() -> None:
    app = App(make_encounter(hidden_bears=True), size=SIZE)
    try:
        app.step()
        pw = app.players.open(size=(960, 600))
        assert app.battle.submit(StartCombat())
        app.step()
        shown_before = turn_banner(pw.drawn_state, for_players=True)  # the Advantages Phase
        key(app, pygame.K_e)
        for _ in range(4):
            combat = app.battle.state.combat
            if combat.phase != "action":
                break
            group = combat.acting_group()
            players = turn_banner(app.battle.state, for_players=True)  # the GM's F2 view
            app.step()
            shown = turn_banner(pw.drawn_state, for_players=True)  # what the players' window draws
            if group.team == "bears":
                assert players == quiet_banner(f"Round {combat.round}")  # N-HOT-1: nothing about them
                text = " ".join((players.title, players.detail, players.waiting)).lower()
                assert "gm" not in text and "bear" not in text and "hidden" not in text
                assert players.button is None
                assert "Space Bears" in turn_banner(app.battle.state).title  # the GM still sees who
                assert shown == shown_before  # the window still shows the turn before (review 16 F12)
            else:
                assert players.title.startswith("The Party") and shown.title.startswith("The Party")
            shown_before = shown
            key(app, pygame.K_e)
    finally:
        app._addons("closing")
        pygame.quit()


def test_individual_turns_end_with_the_turns_engine_commands() -> None:
    """R-TURN-1: in individual mode the banner names the character; E ends its turn, then begins the next."""
    from tactics.engine.combat.individual.procedure import StartTurns

    enc = make_encounter()
    definition = dict(enc.definition, mode="individual")
    app = App(Encounter(definition, enc.map, seed=3), size=SIZE)
    try:
        app.step()
        assert app.battle.submit(StartTurns())
        banner = turn_banner(app.battle.state)
        assert banner.button == "Begin next turn"  # as the tracker says it (review 16, F16e)
        key(app, pygame.K_e)
        assert app.battle.encounter.journal.entries[-1].command == "begin-turn"
        current = app.battle.state.combat.current
        banner = turn_banner(app.battle.state)
        who = app.battle.state.combatants[current]
        assert banner.title == f"{who.name}'s turn"
        assert banner.colour == (PARTY if who.team == "party" else BEARS)
        key(app, pygame.K_e)
        assert app.battle.encounter.journal.entries[-1].command == "end-turn"
        key(app, pygame.K_e)
        assert app.battle.state.combat.current != current
    finally:
        app._addons("closing")
        pygame.quit()
