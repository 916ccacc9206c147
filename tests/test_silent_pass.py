"""Members who do nothing are said in one line per group turn (R-ORD-1; N-ORD-4, N-ORD-6).

A reviewer pressed E (end / resolve) through a round: every silent member added a line of its
own, "Bear 1 does nothing this turn (declared nothing).", "Bear 2 does nothing ...", per group
turn. Now one line says the group's silent members: "Bear 1 and Bear 2 do nothing this turn
(declared nothing)." The players' view still names no creature hidden from them.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.events import ActionPassed, GroupEnded
from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.queries import describe
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.ui.app import App

from test_ui_combat import SIZE, space_bears
from test_ui_players_leaks import encounter as ambush
from ui_driver import drawn_texts, key


def pass_lines(enc) -> list[str]:
    return [describe(e, enc.state) for e in enc.journal.events if isinstance(e, ActionPassed)]


def test_pressing_e_through_a_round_says_each_group_s_silent_members_in_one_line():  # N-ORD-6
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    app = App(enc, size=SIZE)
    try:
        app.step()
        while enc.state.combat.phase == "action":
            key(app, pygame.K_e)
        turns = [e for e in enc.journal.events if isinstance(e, GroupEnded)]
        assert len(turns) == 4
        lines = pass_lines(enc)
        assert len(lines) == len(turns)  # one line a group turn, not one a member
        assert lines == ["Brandon and James do nothing this turn (declared nothing).",
                         "Bear 1 and Bear 2 do nothing this turn (declared nothing).",
                         "Art does nothing this turn (declared nothing).",  # alone in his group
                         "Bear 3 and Bear 4 do nothing this turn (declared nothing)."]
    finally:
        pygame.quit()


def test_a_roll_going_ahead_passes_the_rest_in_one_line_and_undo_takes_it_back():  # N-ORD-4, N-ORD-6
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    group = enc.state.combat.acting_group().members
    enc.submit(Declare(group[0], Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    entry = enc.submit(ResolveNext(others_pass=True))
    passed = [e for e in entry.events if isinstance(e, ActionPassed)]
    assert len(passed) == 1 and passed[0].combatants == list(group[1:])
    enc.undo()
    assert enc.state.combat.passed == []


def test_do_nothing_for_several_members_is_one_line_and_refuses_one_already_passed():  # N-ORD-6
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    first, second = enc.state.combat.acting_group().members[:2]
    entry = enc.submit(DoNothing(first, (second,)))
    names = [enc.state.combatants[c].name for c in (first, second)]
    assert [describe(e, enc.state) for e in entry.events] == [f"{names[0]} and {names[1]} do nothing this turn."]
    assert enc.state.combat.passed == [first, second]
    entries = len(enc.journal.entries)
    assert not app_submit(enc, DoNothing(second))
    assert len(enc.journal.entries) == entries


def app_submit(enc, command) -> bool:
    from tactics.engine.core.journal import Refused

    try:
        enc.submit(command)
    except Refused:
        return False
    return True


def test_the_players_view_names_no_hidden_member_while_e_passes_them():  # N-ORD-6, N-HIDE-2, N-HOT-1
    enc = ambush(surprise=False)  # three goblins hidden from the players, a group of their own
    app = App(enc, size=(1280, 720), viewer="players")
    try:
        app.step()
        view = app.battle
        assert view.submit(StartCombat()) and view.submit(BeginActions())
        shown: list[str] = []
        while enc.state.combat.phase == "action":
            key(app, pygame.K_e)
            app.step()
            shown += drawn_texts(app) + ([view.message[0]] if view.message else [])
        assert not [t for t in shown if "Goblin" in t]
        goblins = [t for t in pass_lines(enc) if "Goblin" in t]  # the GM's log says them, a line a group
        assert goblins == ["Bear 1 and Goblin 1 do nothing this turn (declared nothing).",
                           "Goblin 2 and Goblin 3 do nothing this turn (declared nothing)."]
        key(app, pygame.K_F2)  # the GM's view: its log
        app.step()
        assert [t for t in drawn_texts(app) if "Goblin 2 and Goblin 3" in t]
    finally:
        pygame.quit()
