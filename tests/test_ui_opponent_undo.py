"""Undo across the app's turn, and the app's turn on screen (review 7, solo play, findings A and C).

Ctrl+Z right after the app acted takes back its last decision and the app waits (E lets it
play on) instead of playing the same thing again at once; no facing prompt is ever left for a
creature the app plays. While the app plays the acting creature or group, the banner says so
with no End turn button, the panels offer nothing for it, and E / Enter do not cut it short.
Driven through real key presses and frames of the headless app, on the add-on's injected clock.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.control import SetController
from tactics.engine.core.opening import default_unaware, opening_commands, opening_of
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_path
from tactics.ui.opponent import BEAT_MS, OpponentAddon
from tactics.ui.panels.hotseat import turn_banner

from ui_driver import app_session, drawn_texts, key

SIZE = (1600, 900)


def _session(name: str):
    app = App(open_path(bundled(name), seed=3), size=SIZE)
    addon = next(a for a in app.addons if isinstance(a, OpponentAddon))
    now = [0]
    addon.clock = lambda: now[0]
    addon.next_at = 0  # (set on opening by the real clock, which runs on from the worker's earlier tests)
    assert app.battle.submit(SetController("bears", "win"))
    return app, addon, now


def _beat(app: App, now: list[int], n: int = 1) -> None:
    for _ in range(n):
        now[0] += BEAT_MS
        app.step()
        hazards = hazards_of(app.battle)
        if hazards is not None and hazards.animations.busy():
            hazards.finish()


def _why(app: App, addon: OpponentAddon) -> str:
    """What the app waits on (for a failing assertion's message)."""
    h = hazards_of(app.battle)
    return (f"due={addon._due()} waiting={addon._waiting()} held={addon.held} top={type(app.top).__name__} "
            f"prompt={h.prompt.queue if h else None} anim={h.animations.busy() if h else None} "
            f"refused={addon.opponent.refused if addon.opponent else None} "
            f"last={[e.command for e in app.battle.encounter.journal.entries][-6:]} msg={app.battle.message}")


def _acting_team(app: App) -> str:
    combat = app.battle.state.combat
    return combat.turn_order()[combat.group_index].team


@pytest.fixture
def team_app(data_dir):  # (its own autosaves: another test's of the same file would ask to restore)
    app, addon, now = _session("space-bears.encounter.toml")
    enc = app.battle.encounter
    opening = opening_of(enc.definition, enc.source)  # Start combat as the Initiative panel does
    unaware = default_unaware(enc.state, opening)
    aware = [c.id for c in enc.state.combatants.values() if c.present and c.id not in unaware]
    for command in opening_commands(enc.state, opening, aware):
        assert app.battle.submit(command)
    gen = app_session(app)
    next(gen)
    yield app, addon, now
    next(gen, None)


def _to_after_bears_vanguard(app: App, addon: OpponentAddon, now: list[int]) -> None:
    """The party ends its groups with E until the bears' Vanguard (the app's) has played."""
    combat = app.battle.state.combat
    for _ in range(12):
        if combat.round == 1 and _acting_team(app) == "bears":
            break
        if not addon.busy():
            if hazards_of(app.battle).prompt.queue:
                key(app, pygame.K_ESCAPE)  # the party keeps its facings
                continue
            key(app, pygame.K_e)
        _beat(app, now)
        combat = app.battle.state.combat
    assert _acting_team(app) == "bears"
    for _ in range(30):  # the bears' group: the app's, beat by beat
        if _acting_team(app) != "bears":
            break
        _beat(app, now)
    assert _acting_team(app) == "party", _why(app, addon)
    _beat(app, now, 2)


def test_ctrl_z_after_the_apps_group_takes_its_charge_back_and_the_app_waits(team_app):
    app, addon, now = team_app
    enc = app.battle.encounter
    _to_after_bears_vanguard(app, addon, now)
    before = {cid: (c.cell, c.hp) for cid, c in enc.state.combatants.items()}
    count = len(enc.journal.entries)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    after = {cid: (c.cell, c.hp) for cid, c in enc.state.combatants.items()}
    assert after != before, "the bears' charge is taken back: a bear stands where it stood, Art's hp back"
    assert _acting_team(app) == "bears"
    message = app.battle.message[0]
    assert message.startswith("Undone: Bear") and "The app waits: press E (or F6) to let it play on" in message
    undone = len(enc.journal.redo_stack)
    assert undone >= 2 and len(enc.journal.entries) == count - undone
    _beat(app, now, 6)  # it does not play the same thing again at once
    assert len(enc.journal.entries) == count - undone and len(enc.journal.redo_stack) == undone
    assert not addon.busy() and addon.held
    assert not hazards_of(app.battle).prompt.queue, "no facing prompt for a bear the app plays"
    banner = app.hotseat.banner()
    assert banner is not None and banner.button == "Let the app play on"
    assert "Let the app play on  (E)" in drawn_texts(app)
    # Ctrl+Y brings the charge back, as Ctrl+Z took it
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert {cid: (c.cell, c.hp) for cid, c in enc.state.combatants.items()} == before
    assert app.battle.message[0].startswith("Redone: Bear")
    _beat(app, now, 2)
    assert not addon.held, "redone past the app's turn: nothing to wait for"
    assert not hazards_of(app.battle).prompt.queue


def test_e_lets_the_app_play_on_after_the_undo(team_app):
    app, addon, now = team_app
    enc = app.battle.encounter
    _to_after_bears_vanguard(app, addon, now)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    _beat(app, now, 3)
    held_at = len(enc.journal.entries)
    key(app, pygame.K_e)
    assert app.battle.message[0] == "The app plays on."
    for _ in range(30):
        if _acting_team(app) != "bears":
            break
        _beat(app, now)
    assert len(enc.journal.entries) > held_at and _acting_team(app) == "party"
    _beat(app, now, 2)
    assert not hazards_of(app.battle).prompt.queue, "the app answered its own bears' facings"


def test_the_apps_group_shows_no_end_turn_and_enter_and_e_do_not_cut_it_short(team_app):
    app, addon, now = team_app
    enc = app.battle.encounter
    for _ in range(40):  # the party's groups end with E until the app has declared for a bear
        combat = enc.state.combat
        if combat.phase == "action" and _acting_team(app) == "bears":
            if any(d.status == "declared" for d in combat.declarations):
                break  # (Enter would now resolve the app's action)
            _beat(app, now)
            continue
        if not addon.busy():
            if hazards_of(app.battle).prompt.queue:
                key(app, pygame.K_ESCAPE)
                continue
            key(app, pygame.K_e)  # (the app may act in the same frame)
            continue
        _beat(app, now)
    assert any(d.status == "declared" for d in enc.state.combat.declarations)
    banner = app.hotseat.banner()
    assert banner is not None and banner.button is None
    assert banner.title == "Space Bears Vanguard: the app plays (plays to win)"
    count = len(enc.journal.entries)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_e)
    assert len(enc.journal.entries) == count, "neither Enter nor E acts for the app's group"
    assert "The app is playing this turn" in app.battle.message[0]
    texts = drawn_texts(app)
    assert not any(t.startswith("End turn") for t in texts) and not any(t.startswith("Resolve next") for t in texts)


@pytest.fixture
def turns_app(data_dir):
    app, addon, now = _session("space-bears-individual.encounter.toml")
    app.battle.turns.start("rolled")
    gen = app_session(app)
    next(gen)
    yield app, addon, now
    next(gen, None)


def _to_a_bears_turn(app: App, addon: OpponentAddon, now: list[int], *, acted: bool) -> str:
    """People end their characters' turns with E until a bear's turn (once it acted, with ``acted``)."""
    enc = app.battle.encounter
    for _ in range(200):
        turns = enc.state.combat
        cur = turns.current
        if cur and cur.startswith("bear") and turns.phase == "action" and (
                not acted or any(e.command == "take-action" and e.args.get("combatant") == cur
                                 for e in enc.journal.entries[-2:])):
            return cur
        count = len(enc.journal.entries)
        _beat(app, now)
        if not addon.busy() and len(enc.journal.entries) == count:
            key(app, pygame.K_e)
            if hazards_of(app.battle).prompt.queue:
                key(app, pygame.K_RETURN)
    raise AssertionError("no bear's turn came")


def test_individual_turns_the_apps_turn_offers_no_controls_and_e_does_not_end_it(turns_app):
    app, addon, now = turns_app
    enc = app.battle.encounter
    bear = _to_a_bears_turn(app, addon, now, acted=True)
    name = enc.state.combatants[bear].name
    banner = turn_banner(enc.state)
    assert banner is not None and banner.button is None
    assert banner.title == f"{name}'s turn: the app plays (plays to win)"
    count = len(enc.journal.entries)
    key(app, pygame.K_e)
    assert len(enc.journal.entries) == count and enc.state.combat.current == bear, "E does not end the app's turn"
    texts = drawn_texts(app)
    assert not any(t.startswith(("Attack:", "Technique:", "Hold an action", "End turn")) for t in texts)
    assert f"{name}'s turn: the app plays (plays to win)" in texts
    # F6 still hands the team over: people take the turn (win -> monster -> people)
    key(app, pygame.K_F6)
    key(app, pygame.K_F6)
    assert turn_banner(enc.state).button == "End turn"


def test_individual_turns_ctrl_z_takes_the_bears_end_turn_back_and_the_app_waits(turns_app):
    app, addon, now = turns_app
    enc = app.battle.encounter
    bear = _to_a_bears_turn(app, addon, now, acted=False)
    for _ in range(20):  # the bear's whole turn, by the app
        if enc.state.combat.current != bear:
            break
        _beat(app, now)
    assert enc.state.combat.current != bear, _why(app, addon)
    assert enc.journal.entries[-1].command == "end-turn"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert enc.state.combat.current == bear
    assert "The app waits" in app.battle.message[0]
    count = len(enc.journal.entries)
    _beat(app, now, 5)
    assert len(enc.journal.entries) == count and enc.state.combat.current == bear, "it does not end it again"
    assert enc.journal.redo_stack[-1].command == "end-turn"
    key(app, pygame.K_e)  # play on
    for _ in range(20):
        if enc.state.combat.current != bear:
            break
        _beat(app, now)
    assert enc.state.combat.current != bear and not enc.journal.redo_stack
