"""A newcomer who enters stealthed and unseen by every active enemy has its own Round 0 (N-SURP-5).

The Counter Phase text, "Adding new Combatants": "The new player to combat may also be a surprise
to the enemy. This can only happen if the Opponent/s enter combat stealthed and are not seen by
100% of all active enemies in combat. If so, this new player starts in the Surprise phase and has
their own Round 0, during which they can only act." A reviewer hid Katie (Stealth 25) at the
Counter Phase of round 1 and joined her: round 2 began at once, nobody flat-footed. Now only
she acts in a Round 0 of her own before round 2; the bears, unaware of her (Passive Perception
13 < 25), are flat-footed until they first act (R-SURP-1); undo, replay and a save keep it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tactics.assets import bundled
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.gm import Hide
from tactics.engine.combat.queries import describe
from tactics.engine.combat.team import BeginActions, EndGroupTurn, Join, NextRound, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Refused
from tactics.engine.saves.document import load_save, save_encounter
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document

SPAWNS = {"Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
          "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7)}
BEARS = ["bear1", "bear2", "bear3", "bear4"]


def at_round_1_counters(seed: int = 7, *extra: dict) -> Encounter:
    """The Space Bears, no surprise at the start, at the Counter Phase of round 1."""
    definition = read_document(bundled("space-bears.encounter.toml"))
    definition.pop("opening", None)
    definition["combatants"] += list(extra)
    room = replace(BattleMap.from_text("\n".join(["." * 16] * 12)), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    enc = Encounter(definition, room, seed=seed)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    for _ in range(4):
        enc.submit(EndGroupTurn())
    assert enc.state.combat.phase == "counters" and enc.state.combat.round == 1
    return enc


def lines(enc: Encounter, entry) -> list[str]:
    return [describe(e, enc.state) for e in entry.events]


def test_a_hidden_katie_unseen_by_every_bear_plays_her_own_round_0():  # N-SURP-5, R-SURP-1
    enc = at_round_1_counters()
    enc.submit(Hide("katie", stealth=25))
    joined = enc.submit(Join("katie"))
    assert "unseen by every enemy: Katie acts alone in a surprise Round 0" in lines(enc, joined)[0]
    started = enc.submit(NextRound())
    assert lines(enc, started)[0] == "Round 0 for Katie (surprise, before round 2): only Katie acts. Advantages Phase."
    combat = enc.state.combat
    assert combat.round_name() == "Round 0" and combat.alone() == ["katie"]
    assert all(enc.state.combatants[b].has("Flat-footed") for b in BEARS)  # unaware of her
    enc.submit(BeginActions())
    assert [g.key for g in combat.turn_order()] == ["party:rearguard"]  # only her group, only she acts
    assert combat.can_act_now("katie") and not combat.can_act_now("art")
    with pytest.raises(Refused, match="only the newcomers who surprise act"):
        enc.submit(Declare("art", Action("attack", {"target": "bear3"})))
    ended = enc.submit(EndGroupTurn())  # no Counter Phase after it: round 2 begins
    assert lines(enc, ended)[-1] == "Round 2 begins: Advantages Phase."
    assert combat.round == 2 and combat.alone() is None and len(combat.turn_order()) == 4
    enc.submit(BeginActions())  # the Party Vanguard: the bears are still flat-footed
    assert enc.state.combatants["bear1"].has("Flat-footed")
    enc.submit(EndGroupTurn())  # the bears' Vanguard acts at last (R-SURP-1: until they first act)
    assert not enc.state.combatants["bear1"].has("Flat-footed") and enc.state.combatants["bear3"].has("Flat-footed")


def test_one_bear_that_sees_her_means_no_round_0():  # the text: "not seen by 100% of all active enemies"
    enc = at_round_1_counters()
    enc.submit(Hide("katie", stealth=13))  # Passive Perception 13 meets 13 (N-SURP-2)
    joined = enc.submit(Join("katie"))
    assert "unseen" not in lines(enc, joined)[0]
    enc.submit(NextRound())
    assert enc.state.combat.round == 2 and enc.state.combat.alone() is None
    assert not any(enc.state.combatants[b].has("Flat-footed") for b in BEARS)


def test_a_katie_not_hidden_joins_as_before():  # R-INIT-5
    enc = at_round_1_counters()
    enc.submit(Join("katie"))
    enc.submit(NextRound())
    assert enc.state.combat.round == 2 and enc.state.combat.alone() is None


def test_undo_replay_and_a_save_keep_her_round_0(tmp_path: Path):  # nothing lost
    enc = at_round_1_counters()
    enc.submit(Hide("katie", stealth=25))
    enc.submit(Join("katie"))
    enc.submit(NextRound())
    enc.submit(BeginActions())
    enc.undo()
    enc.undo()  # back to the Counter Phase: her Round 0 is still to come
    assert enc.state.combat.phase == "counters" and enc.state.combat.unseen_joiners == ["katie"]
    enc.redo()
    assert enc.state.combat.alone() == ["katie"] and enc.state.combat.phase == "advantages"
    back = load_save(save_encounter(enc, tmp_path / "game.tactics.json"))
    combat = back.state.combat
    assert combat.round_name() == "Round 0" and combat.alone() == ["katie"]
    assert all(back.state.combatants[b].has("Flat-footed") for b in BEARS)
    back.redo()  # the Action Phase of her Round 0
    assert [g.key for g in back.state.combat.turn_order()] == ["party:rearguard"]
    assert back.state.combat.can_act_now("katie") and not back.state.combat.can_act_now("art")


def test_the_counter_phase_card_offers_the_surprise_join_and_the_window_plays_it():  # N-SURP-5
    """Through the real window: the GM has hidden Katie; the card's join button says she surprises,
    the step button starts her Round 0, the tracker and the banner say Round 0 and who sits out."""
    import pygame

    from tactics.ui.app import App
    from ui_driver import app_session, click, drawn_texts, key

    enc = at_round_1_counters()
    enc.submit(Hide("katie", stealth=25))
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        app.step()
        assert "Katie joins unseen: surprise Round 0" in drawn_texts(app)
        click(app, app.battle.combat.button_rect("join:katie").center)
        app.step()
        assert "Start the surprise Round 0  (E)" in drawn_texts(app)
        key(app, pygame.K_e)
        app.step()
        shown = drawn_texts(app)
        assert "Round 0 (surprise)" in shown and "Round 0: Advantages Phase" in shown
        assert "Bear 1 is Flat-footed: no DEX bonus to AC" in shown
        key(app, pygame.K_e)
        app.step()
        shown = drawn_texts(app)
        assert "Round 0  ·  The Party Rearguard acts" in shown and "Declare for Katie, then resolve" in shown
        assert "The Party: sit out Round 0" in shown  # Art, in her group, does not act (her hit points still show)
        assert app.battle.state.combat.can_act_now("katie") and not app.battle.state.combat.can_act_now("art")


def test_a_hidden_gm_newcomer_s_round_0_names_it_nowhere_on_the_players_view():  # N-HIDE-2, N-SURP-5
    """A goblin the GM hid (Stealth 30) joins unseen: the players' view says a surprise round
    starts, never who; the GM's view names it."""
    import pygame

    from tactics.ui.app import App
    from ui_driver import drawn_texts, key

    goblin = {"id": "goblin", "name": "Goblin", "team": "bears", "sheet": "space_bear", "cell": [15, 11], "present": False,
              "hidden": True, "stealth": 30}
    enc = at_round_1_counters(7, goblin)
    state = enc.state
    app = App(enc, size=(1600, 900), viewer="players")
    try:
        app.step()
        assert app.battle.submit(Join("goblin"))
        assert state.combat.unseen_joiners == ["goblin"]
        key(app, pygame.K_e)  # the players' view: Start the surprise Round 0
        app.step()
        assert state.combat.alone() == ["goblin"]
        said = app.battle.message[0] if app.battle.message else ""
        assert said and "Goblin" not in said
        assert not [t for t in drawn_texts(app) if "Goblin" in t]
        key(app, pygame.K_F2)  # the GM's own view names it
        assert any("Goblin" in t for t in drawn_texts(app))
    finally:
        pygame.quit()
