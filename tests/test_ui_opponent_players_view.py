"""The app-played side's reasons on the players' view (F2, ``--players``): nothing hidden named.

Review 7 (solo play), finding B: the status line of the players' view read "Bear 4 moves 10 ft,
ready to charge James next turn" while Bear 4 was hidden from the players, and on the starship
screen the Red Maw's crew and plans ("Whisper (Sensors/Comms): Jam their sensors ... Why: ...")
in its unseen surprise round, though the players' log itself kept both out. The GM's view keeps
every reason; the players' view shows a reason only when it names and concerns no creature
hidden from them, and of a GM ship only the line its players' log gives (reading N-SEEN-5).
"""

from __future__ import annotations

import pygame

from tactics.assets import bundled
from tactics.engine.core.board_events import TokenMoved
from tactics.engine.core.control import SetController
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.journal import Entry
from tactics.engine.combat.gm import Hide
from tactics.rules.starship import POST_NAMES
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_default
from tactics.ui.opponent import BEAT_MS, OpponentAddon, reason_shown

from ui_driver import app_session, key


def _entry(*events) -> Entry:
    return Entry("test", {}, list(events), 0, 0)


def test_a_reason_about_or_naming_a_hidden_creature_is_the_gms_only():
    enc = open_default(seed=3)
    enc.submit(Hide("bear4", 25))
    state = enc.state
    assert state.hidden_from_players(state.combatants["bear4"])
    moved = _entry(TokenMoved(combatant="bear4", path=[(22, 4)], feet=5))
    said = "Bear 4 moves 10 ft, ready to charge James next turn"
    assert reason_shown(state, moved, said, "gm")
    assert not reason_shown(state, moved, "moves 10 ft", "players"), "the mover is hidden"
    other = _entry(TokenMoved(combatant="bear1", path=[(20, 5)], feet=5))
    assert not reason_shown(state, other, "Bear 1 moves 5 ft, beside Bear 4", "players"), "names a hidden bear"
    assert reason_shown(state, other, "Bear 1 moves 5 ft, closing in on James", "players")


def test_the_red_maw_s_crew_and_plans_never_reach_the_players_view_status_line():  # N-SEEN-5
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    now = [0]  # the add-on's clock: one beat per step
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        key(app, pygame.K_TAB)
        screen = app.screens[0]
        screen.reveal_ms = 0
        addon = next(a for a in app.addons if isinstance(a, OpponentAddon))
        addon.clock = lambda: now[0]
        addon.next_at = 0  # (set on opening by the real clock, which may run on from the worker's earlier tests)
        key(app, pygame.K_F6)  # the Red Maw played by the app
        key(app, pygame.K_F2)  # the players' view
        key(app, pygame.K_RETURN)  # begin: the Red Maw's surprise round, unseen by the Wayfarer
        crew = {name for ship in enc.state.space.ships.values() if ship.side != "party"
                for name in ship.crew_names.values()}
        said = []
        for _ in range(12):
            now[0] += BEAT_MS
            app.step()
            if screen.message:
                said.append(screen.message[0])
        app_lines = [line for line in said if "Red Maw" in line]
        assert app_lines, "the app's ship acted and the players' view said what they may see"
        posts = [f"Red Maw's {post}" for post in POST_NAMES.values()]  # "Red Maw's Helm: Fly offensively ..."
        for line in said:
            assert not any(name in line for name in crew), f"a crew member named: {line}"
            assert not any(post in line for post in posts), f"a post of the GM's ship named: {line}"
            assert "Why:" not in line and "expected value" not in line, f"the app's plan: {line}"


def test_a_hidden_app_played_bear_is_never_named_on_the_players_view():  # N-SEEN-1, N-HIDE-1
    enc = open_default(seed=3)
    enc.submit(Hide("bear4", 25))
    now = [0]  # the add-on's clock: one beat per step
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        addon = next(a for a in app.addons if isinstance(a, OpponentAddon))
        addon.clock = lambda: now[0]
        addon.next_at = 0  # (set on opening by the real clock, which may run on from the worker's earlier tests)
        view = app.battle
        view.submit(SetController("bears", "win"))
        key(app, pygame.K_F2)
        from tactics.engine.core.opening import default_unaware, opening_commands, opening_of

        opening = opening_of(enc.definition, enc.source)
        unaware = default_unaware(enc.state, opening)
        aware = [c.id for c in enc.state.combatants.values() if c.present and c.id not in unaware]
        for command in opening_commands(enc.state, opening, aware):
            view.submit(command)
        acted_hidden = 0
        for _ in range(120):
            now[0] += BEAT_MS
            count = len(enc.journal.entries)
            app.step()
            hazards = hazards_of(view)
            if hazards.animations.busy():
                hazards.finish()  # the glide of a move: not waited for here
            bear4 = enc.state.combatants["bear4"]
            hidden = enc.state.hidden_from_players(bear4)
            if hidden and len(enc.journal.entries) > count:
                acted_hidden += any(getattr(e, "combatant", None) == "bear4" for e in enc.journal.entries[-1].events)
            message = view.current_message()
            assert not (hidden and message and "Bear 4" in message[0]), message[0]
            if enc.state.combat.round >= 2 or not hidden:
                break
            if len(enc.journal.entries) > count or addon.busy():
                continue
            key(app, pygame.K_ESCAPE if hazards.prompt.queue else pygame.K_e)  # the party does nothing
        assert acted_hidden, "the hidden bear acted while the players' view was on"
