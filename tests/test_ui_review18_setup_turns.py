"""Review 18: the turn rules chosen in the Set up panel, a pack counted on from its name, and two
individual-turns glitches, driven by real clicks and keys on the headless window.

What is tested:

* the Set up panel (U) shows "Turns: Team rounds / Individual turns"; a click on Individual turns
  makes the encounter play them (the turn tracker shows its Start buttons, the Initiative panel
  goes), Save encounter... writes ``mode = "individual"``, the file opens again in individual
  turns, and Ctrl+Z takes the choice back. During a fight the other choice is greyed with the
  engine's reason and a click on it changes nothing. F1 names the choice;
* a Space Bear added, then A: the name offered is "Space Bear 2", and three of them are
  Space Bear 2, 3 and 4 (they were "Space Bear 2 1", "Space Bear 2 2" ...);
* after two moves "Hold an action" is greyed with the engine's words under it, not lit until a
  click says "Brandon has used both actions this turn";
* between the last turn of Round 1 and the first of Round 2 the banner names the next round and
  who acts ("Round 2: Brandon's turn next"), not "Round 1: begin the next character's turn".
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn
from tactics.ui.app import App
from tactics.ui.panels.hotseat import turn_banner
from tactics.ui.opening import open_path

from test_turns_ui import encounter as turns_encounter, press
from test_ui_builder import choose, clear_and_type, panel_button
from ui_driver import app_session, centre, click_settled as click, drawn_texts, key_settled as key

SIZE = (1280, 720)


def lit(panel, key_name: str) -> bool:
    """Is the panel's button ``key_name`` drawn and clickable (a greyed one has no action)?"""
    return any(h.key == key_name and h.action is not None for h in panel.hits)
ROOM = "........\n........\n........\n........\n"


@pytest.fixture
def room(tmp_path: Path) -> Path:
    (tmp_path / "room.txt").write_text(ROOM)
    return tmp_path / "room.txt"


@pytest.fixture
def app(room: Path, data_dir: Path):
    yield from app_session(App(open_path(room, seed=1), size=SIZE), closing=True)


def add_bear(app: App, copies: str | None = None) -> None:
    click(app, panel_button(app, "add"))
    form = app.builder.form
    choose(app, form.menus["sheet"], "Space Bear")
    if copies is not None:
        clear_and_type(app, form.entries["copies"], copies)
    click(app, form.ok.rect.center)


def test_the_set_up_panel_chooses_individual_turns_and_the_file_keeps_them(app: App, tmp_path: Path) -> None:
    key(app, pygame.K_u)
    view = app.battle
    assert view.state.mode == "team" and view.turns is None
    assert {"Turns", "Team rounds", "Individual turns"} <= set(drawn_texts(app))
    add_bear(app)
    click(app, centre(app, (6, 1)))
    click(app, panel_button(app, "add"))
    choose(app, app.builder.form.menus["sheet"], "Brandon")
    click(app, app.builder.form.ok.rect.center)
    click(app, centre(app, (1, 1)))
    assert view.combat.active()  # team rounds: the Initiative panel with Start combat

    click(app, panel_button(app, "mode:individual"))
    assert view.state.mode == "individual"
    assert view.turns is not None and view.turns.active() and not view.combat.active()
    assert view.turns.button_rect("start-table") is not None  # the tracker offers to start them
    assert "individual turns" in view.current_message()[0]
    assert any(t.startswith("Set up: the fight is played in individual") for t in drawn_texts(app))  # the log

    assert app.builder.save_to(tmp_path / "duel")
    written = tmp_path / "duel.encounter.toml"
    assert tomllib.loads(written.read_text())["mode"] == "individual"
    assert "(individual turns)" in view.current_message()[0]
    assert open_path(written).state.mode == "individual"  # `tactics duel.encounter.toml` plays them

    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert view.state.mode == "team" and view.combat.active() and not view.turns.active()
    click(app, panel_button(app, "mode:individual"))
    press(app, "start-table")  # the fight begins: the choice is the engine's to refuse now
    assert type(view.state.combat).__name__ == "TurnsState"
    assert app.builder.mode_refusal().startswith("The fight is under way")
    assert view.state.mode == "individual"


def test_the_turns_choice_is_greyed_with_the_engine_reason_while_a_fight_runs(app: App) -> None:
    """Drawn while a fight runs (the panel shows on its own after the fight ends): the other
    choice has no click region, and the engine refuses it with the same words."""
    from tactics.engine.builder.allowed import why_not_change_mode
    from tactics.engine.builder.commands import SetTurnMode
    from tactics.engine.core.journal import Refused

    view = app.battle
    key(app, pygame.K_u)
    add_bear(app)
    click(app, centre(app, (6, 1)))
    click(app, panel_button(app, "add"))
    choose(app, app.builder.form.menus["sheet"], "Brandon")
    click(app, app.builder.form.ok.rect.center)
    click(app, centre(app, (1, 1)))
    click(app, panel_button(app, "mode:individual"))
    press(app, "start-table")
    reason = why_not_change_mode(view.state)
    assert reason is not None and "fight is under way" in reason
    with pytest.raises(Refused, match="fight is under way"):
        view.encounter.submit(SetTurnMode("team"))
    surface = pygame.display.get_surface()
    app.builder.panel.draw(surface, 900, 60, 360, 600, None)  # as drawn in a fight, for the button's state
    assert not lit(app.builder.panel, "mode:team")  # greyed: a click there does nothing
    assert app.builder.mode_refusal() == "The fight is under way: end it (or undo Start combat) to change the set-up."


def test_f1_names_the_turns_choice(app: App) -> None:
    key(app, pygame.K_F1)
    texts = drawn_texts(app)
    assert "Turns (in the panel)" in texts and "team rounds / individual turns, saved in the file" in texts


def test_a_pack_of_the_offered_name_counts_on_from_it(app: App) -> None:
    key(app, pygame.K_u)
    add_bear(app)
    key(app, pygame.K_ESCAPE)  # not placed now
    key(app, pygame.K_a)
    form = app.builder.form
    choose(app, form.menus["sheet"], "Space Bear")
    assert form.text("name") == "Space Bear 2"
    clear_and_type(app, form.entries["copies"], "3")
    click(app, form.ok.rect.center)
    state = app.battle.state
    assert [c.name for c in state.combatants.values()] == ["Space Bear", "Space Bear 2", "Space Bear 3",
                                                           "Space Bear 4"]
    assert list(state.combatants) == ["space-bear", "space-bear-2", "space-bear-3", "space-bear-4"]
    assert "Added 3: Space Bear 2 to Space Bear 4" in app.battle.current_message()[0]


@pytest.fixture
def turns_app():
    yield from app_session(App(turns_encounter(), size=(1920, 1080)))


def test_hold_is_greyed_with_the_engine_reason_after_two_moves(turns_app: App) -> None:
    app = turns_app
    enc = app.battle.encounter
    press(app, "start-table")
    assert enc.state.combat.current == "brandon"
    assert lit(app.battle.turns, "hold")  # while he has an action
    app.battle.select("brandon")
    click(app, centre(app, (6, 4)))  # two moves: one action each (R-TURN-2)
    click(app, centre(app, (6, 6)))
    assert enc.state.combat.spent == ["non-contested", "non-contested"]
    assert not lit(app.battle.turns, "hold")  # greyed, the engine's words under it
    assert "Brandon has used both actions this turn" in drawn_texts(app)
    before = len(enc.journal.entries)
    click(app, app.battle.turns.button_rect("hold").center)
    assert len(enc.journal.entries) == before and "hold" not in (app.battle.current_message() or ("",))[0]


def test_between_rounds_the_banner_names_the_next_round_and_who_acts(turns_app: App) -> None:
    app = turns_app
    view = app.battle
    press(app, "start-table")
    turns = view.state.combat
    assert "Round 1" in app.hotseat.banner().detail
    while True:  # every turn of Round 1 ended, each facing south
        view.submit(EndTurn(facing="S"))
        if len(turns.acted) == len(turns.order):
            break
        view.submit(BeginTurn())
    app.step()
    banner = app.hotseat.banner()
    assert banner.title == "Between turns"
    assert banner.detail == "Round 2: Brandon's turn next"
    brandon = view.state.combatants["brandon"]
    players = turn_banner(view.state, for_players=True)
    assert players is not None and players.detail == (
        "Round 2: begin the next turn" if view.state.hidden_from_players(brandon) else banner.detail)
    press(app, "begin")  # the tracker's Begin next turn
    assert view.state.combat.round == 2 and view.state.combat.current == "brandon"
