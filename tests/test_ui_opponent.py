"""Solo play in the window: F6 hands a team to the app, which plays at a beat the table can follow.

Driven through real key presses and frames of the headless app; time is the add-on's injected
clock, so nothing waits on real time.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.control import controller_of
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_path
from tactics.ui.opponent import BEAT_MS, Glide, OpponentAddon

from ui_driver import app_session, end_turn, key

SIZE = (1280, 720)


@pytest.fixture
def app():
    yield from app_session(App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=SIZE))


def addon_of(app: App) -> OpponentAddon:
    return next(a for a in app.addons if isinstance(a, OpponentAddon))


def test_f6_cycles_who_plays_the_bears_and_it_is_undoable(app):
    key(app, pygame.K_F6)
    state = app.battle.state
    assert controller_of(state, "bears") == "win"
    assert "Space Bears: played by the app (plays to win)" in app.battle.message[0]
    key(app, pygame.K_F6)
    assert controller_of(app.battle.state, "bears") == "monster"
    key(app, pygame.K_F6)
    assert controller_of(app.battle.state, "bears") is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert controller_of(app.battle.state, "bears") == "monster"


def test_the_bears_play_their_group_one_command_per_beat(app):
    from tactics.engine.combat.team import StartCombat

    addon = addon_of(app)
    now = [0]
    addon.clock = lambda: now[0]
    key(app, pygame.K_F6)  # nothing selected: the first team the players do not play
    assert app.battle.submit(StartCombat())
    journal = app.battle.encounter.journal
    for _ in range(6):  # the party's Vanguard: people, so the app does nothing however long we wait
        now[0] += 10 * BEAT_MS
        app.step()
    assert not any(e.command == "declare" for e in journal.entries)
    key(app, pygame.K_e)  # the party's Advantages -> Action
    end_turn(app, by_key=True)  # ... and the end of its Action Phase: the bears' Vanguard is next
    if hazards_of(app.battle).prompt.queue:  # a facing prompt asks people: the app waits for it
        assert not addon.busy()
        key(app, pygame.K_ESCAPE)  # the party keeps its facings
    assert addon.busy(), "the bears' group is the app's to play"
    count = len(journal.entries)
    app.step()  # not yet: the beat has not come
    assert len(journal.entries) == count
    hazards = hazards_of(app.battle)
    saw_glide = False
    for _ in range(40):
        now[0] += BEAT_MS
        app.step()
        saw_glide |= any(isinstance(a, Glide) for a in hazards.animations.running)
        if len(journal.entries) > count and hazards.animations.busy():
            before = len(journal.entries)
            now[0] += BEAT_MS
            app.step()  # an animation plays: the app waits for it
            assert len(journal.entries) == before
            hazards.finish()
        if not addon.busy():
            break
    declared = [e for e in journal.entries if e.command == "declare"]
    assert declared and all(e.args["combatant"].startswith("bear") for e in declared)
    assert any(e.command == "resolve-next" for e in journal.entries)
    assert not addon.busy(), "after its group's turn the app hands back"
    group = app.battle.state.combat.acting_group() or app.battle.state.combat.turn_order()[app.battle.state.combat.group_index]
    assert group.team == "party"
    assert saw_glide, "the bears' moves are drawn as they go"


def test_f6_with_nothing_selected_never_hands_the_players_own_team_over():
    """Review 7 (solo play), finding F: on the pirate corvette's battle map every team is the
    players'; F6 with nothing selected handed The Party to the app. It changes nothing now and
    says where the foes are; F6 on a selected party token still hands the party over."""
    from ui_driver import centre, click

    gen = app_session(App(open_path(bundled("pirate-corvette.encounter.toml"), seed=1), size=SIZE))
    app = next(gen)
    state = app.battle.state
    key(app, pygame.K_F6)
    assert all(controller_of(app.battle.state, t) is None for t in state.teams)
    assert not app.battle.encounter.journal.entries
    text = app.battle.message[0]
    assert text.startswith("No foes on this map to hand to the app")
    assert "the Red Maw is on the starship screen: Tab" in text
    brandon = next(c for c in state.combatants.values() if c.team == "party" and c.cell is not None)
    click(app, centre(app, brandon.cell))
    assert app.battle.selected == brandon.id
    key(app, pygame.K_F6)
    assert controller_of(app.battle.state, "party") == "win", "a selected token's team: handed over on purpose"
    next(gen, None)


def test_who_plays_a_team_is_said_before_the_fight_and_in_the_undo_line(app):
    """Review 7 (solo play), finding K: before Start combat the Initiative panel's team row said
    nothing of the app; Ctrl+Z after F6 said only "Undone: Set controller"."""
    from ui_driver import drawn_texts

    key(app, pygame.K_F6)
    key(app, pygame.K_F6)  # the text's monsters
    shown = " ".join(drawn_texts(app))  # (the line may wrap: its pieces are joined)
    assert "Space Bears played by the app (the text's monsters), F6 to change" in shown
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.battle.message[0] == "Undone: Space Bears played by the app (the text's monsters); now played by the app (plays to win)."
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.battle.message[0] == "Undone: Space Bears played by the app (plays to win); now played by people."
    assert not any("played by" in t for t in drawn_texts(app) if "F6 to change" in t), "people play them: nothing said"
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.battle.message[0] == "Redone: Space Bears played by the app (plays to win)."


def test_a_click_never_moves_or_declares_for_a_creature_the_app_plays(app):
    """Review 7 (solo play): keys and panels offered nothing for the app's turn, but a click on
    the map still declared for the app's bear. A person's declaration or turn action for a
    creature the app plays is refused with who plays it and how to take over (F6); the GM's own
    commands (place, hit points) stay open."""
    from tactics.engine.board import Place
    from tactics.engine.combat.actions import Action, Declare
    from tactics.engine.combat.gm import AdjustHP
    from tactics.engine.combat.team import Advance, StartCombat
    from tactics.engine.core.control import SetController

    from ui_driver import click

    addon = addon_of(app)
    addon.clock = lambda: -1  # the app's beat never comes: only the person's clicks act
    view = app.battle
    assert view.submit(SetController("bears", "win"))
    assert view.submit(StartCombat())
    journal = view.encounter.journal
    for _ in range(8):  # to the bears' Vanguard
        group = view.state.combat.acting_group()
        if group is not None and group.team == "bears":
            break
        view.encounter.submit(Advance())
    assert view.state.combat.acting_group().team == "bears"
    bear = view.state.combatants["bear1"]
    c, r = bear.cell
    count = len(journal.entries)
    assert not view.submit(Declare("bear1", Action("standard-move", path=[(c - 1, r)])))
    assert view.message[0] == "The app plays Bear 1 (plays to win): F6 changes who plays Space Bears."
    click(app, view.camera.cell_centre(bear.cell))  # the select tool: Bear 1, then a square beside it
    click(app, view.camera.cell_centre((c - 1, r)))
    assert not any(e.command == "declare" for e in journal.entries[count:]), [(e.command, e.args) for e in journal.entries[count:]]
    assert view.submit(AdjustHP("bear1", -2)) and view.submit(Place("bear1", (c - 1, r)))  # the GM's own


def test_a_clock_given_later_counts_the_next_beat_from_its_own_now(app):
    """A script's or test's clock starts where it likes (here 0) long after the SDL clock began:
    the beat due is one beat from the new clock's now, not the SDL clock's time (which made the
    app wait forever in a test process that had run long enough)."""
    addon = addon_of(app)
    addon.clock = lambda: 10_000_000  # the SDL clock after a long test run
    assert addon.next_at == 10_000_000 + BEAT_MS
    addon.clock = lambda: 0
    assert addon.next_at == BEAT_MS, "a beat of the new clock away, not 10,000 s"
