"""Clocked mines and smoke clouds are round counters, one mechanism in both modes (R-CNT-1; N-TRAP-13, N-CNT-4).

The text, Each Round of Combat, Counters: "If a counter was just created this round and has not
yet had an impact, it does not go down." A reviewer saw, in individual turns, a Clocked mine set
in the last character's turn count down on its own after that turn, in an old line "GM: The
Clocked mine is armed (1 round left).", and smoke clouds in both modes thin out in lines of their
own ("The smoke lingers"), not in the Counter Phase line with the other counters. Now both count
by R-CNT-1 where each mode counts a round and read the same: "Counter Phase of round 2: Clocked
mine (GM only) 2 -> 1."
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.actions import ResolveNext
from tactics.engine.combat.events import CountersTicked
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.combat.queries import describe
from tactics.engine.combat.team import BeginActions, EndGroupTurn, NextRound, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.commands import Detonate, ThrowGrenade
from tactics.engine.hazards.events import TrapTriggered
from tactics.engine.hazards.traps import SetTrap
from tactics.engine.saves.document import load_save, save_encounter
from tactics.maps import BattleMap

ROOM = "\n".join(["." * 16] * 12)


def fighter(cid: str, team: str, cell, **sheet) -> dict:
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": 40, "sheet": sheet}


def duel(mode: str, seed: int = 5) -> Encounter:
    """Ann (the players) against a bear; in individual turns Ann acts first, the bear last."""
    definition = {
        "name": "Counters", "mode": mode,
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (1, 5), modifiers={"DEX": 3}, skills={"Demolitions": 6}),
                       fighter("bear", "bears", (7, 5), skills={"Demolitions": 6})],
    }
    return Encounter(definition, BattleMap.from_text(ROOM), seed=seed)


def said(enc: Encounter, entry) -> list[str]:
    return [describe(e, enc.state) for e in entry.events]


def all_lines(enc: Encounter) -> list[str]:
    return [describe(e, enc.state) for e in enc.journal.events]


def counter_lines(enc: Encounter) -> list[str]:
    return [t for t in all_lines(enc) if t.startswith("Counter Phase")]


# -- individual turns ---------------------------------------------------------------------------------


def individual() -> Encounter:
    enc = duel("individual")
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    assert enc.state.combat.current == "ann"
    return enc


def to_turn(enc: Encounter, who: str):
    """End turns until ``who``'s begins; the entries on the way."""
    entries = []
    while True:
        if enc.state.combat.phase == "action":
            if enc.state.combat.current == who:
                return entries
            entries.append(enc.submit(EndTurn()))
        else:
            entries.append(enc.submit(BeginTurn()))


def test_individual_a_mine_set_in_the_last_turn_is_held_then_counted_in_the_counter_phase_line():  # R-CNT-1, N-CNT-4
    enc = individual()
    to_turn(enc, "bear")
    enc.submit(SetTrap("bear", "clocked_mine", (8, 5)), typed=[15])
    trap = next(iter(enc.state.traps.values()))
    assert trap.armed and trap.timer_rounds == 2
    end = enc.submit(EndTurn())  # the round's last turn: no one opposing has had a turn since
    assert not [t for t in said(enc, end) if "armed" in t or t.startswith("GM:") or t.startswith("Counter")]
    assert trap.timer_rounds == 2
    to_turn(enc, "ann")
    to_turn(enc, "bear")
    enc.submit(EndTurn())  # round 2 ends: Ann has had her turn since
    assert counter_lines(enc) == ["Counter Phase of round 2: Clocked mine (GM only) 2 -> 1."]
    assert trap.armed and trap.timer_rounds == 1
    to_turn(enc, "ann")
    to_turn(enc, "bear")
    end = enc.submit(EndTurn())
    kinds = [type(e) for e in end.events]
    assert kinds.index(CountersTicked) < kinds.index(TrapTriggered)  # counted, then it goes off
    assert "Counter Phase of round 3: Clocked mine (GM only) 1 -> 0." in said(enc, end)
    assert not trap.armed
    assert not [t for t in all_lines(enc) if "is armed" in t]  # the old line of its own, never


def test_individual_a_mine_set_in_the_first_turn_goes_down_that_round():  # R-CNT-1: the bear had a turn since
    enc = individual()
    enc.submit(SetTrap("ann", "clocked_mine", (2, 5)), typed=[15])
    to_turn(enc, "bear")
    enc.submit(EndTurn())
    assert counter_lines(enc) == ["Counter Phase of round 1: Clocked mine 2 -> 1."]  # the players' own: shown


def test_individual_smoke_counts_in_the_same_line_and_ends():  # N-CNT-4
    enc = individual()
    enc.submit(ThrowGrenade("ann", (7, 5), "smoke"), typed=[5, 5])  # goes off at the end of the bear's turn
    to_turn(enc, "bear")
    end = enc.submit(EndTurn())
    cloud = enc.state.grenades["grenade-1"]
    assert cloud.status == "cloud" and cloud.cloud_rounds == 3  # it rose in the last turn: held
    assert not [t for t in said(enc, end) if "smoke" in t.lower() and "lingers" in t]
    for _ in range(3):
        to_turn(enc, "ann")
        to_turn(enc, "bear")
        enc.submit(EndTurn())
    assert counter_lines(enc) == [
        "Counter Phase of round 2: Smoke cloud at (7, 5) 3 -> 2.",
        "Counter Phase of round 3: Smoke cloud at (7, 5) 2 -> 1.",
        "Counter Phase of round 4: Smoke cloud at (7, 5) 1 -> 0. Smoke cloud at (7, 5) ends."]
    assert cloud.status == "spent" and not cloud.cloud_cells
    assert not [t for t in all_lines(enc) if "lingers" in t or "smoke clears" in t]


# -- team rounds --------------------------------------------------------------------------------------


def team_fight() -> Encounter:
    enc = duel("team")
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    assert enc.state.combat.acting_group().team == "party"
    return enc


def smoke_from_ann(enc: Encounter) -> None:
    enc.submit(ThrowGrenade("ann", (7, 5), "smoke"))  # declared (N-GATE-1): rolls as it resolves
    enc.submit(ResolveNext(others_pass=True), typed=[5, 5])


def to_counter_phase(enc: Encounter):
    while True:
        entry = enc.submit(EndGroupTurn())
        if enc.state.combat.phase == "counters":
            return entry


def test_team_smoke_is_a_counter_of_the_counter_phase():  # R-CNT-1, N-CNT-4
    enc = team_fight()
    smoke_from_ann(enc)
    entry = to_counter_phase(enc)  # it rises at the end of the bears' turn, the round's last
    ticked = next(e for e in entry.events if isinstance(e, CountersTicked))
    assert [h["label"] for h in ticked.held] == ["Smoke cloud at (7, 5)"]
    assert not [t for t in said(enc, entry) if "smoke" in t.lower() and "lingers" in t]
    for _ in range(3):
        enc.submit(NextRound())
        enc.submit(BeginActions())
        to_counter_phase(enc)
    assert counter_lines(enc) == [
        "Counter Phase of round 1: no counters.",
        "Counter Phase of round 2: Smoke cloud at (7, 5) 3 -> 2.",
        "Counter Phase of round 3: Smoke cloud at (7, 5) 2 -> 1.",
        "Counter Phase of round 4: Smoke cloud at (7, 5) 1 -> 0. Smoke cloud at (7, 5) ends."]
    assert enc.state.grenades["grenade-1"].status == "spent"


def test_team_a_cloud_the_gm_sets_off_before_the_fight_counts_from_the_first_counter_phase(tmp_path):  # N-CNT-4
    enc = duel("team")
    enc.submit(ThrowGrenade("ann", (7, 5), "smoke"), typed=[5, 5])
    enc.submit(Detonate("grenade-1"))  # no fight: the GM sets it off
    enc = load_save(save_encounter(enc, tmp_path / "smoke.tactics.json"))  # the moment it rose is kept
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    to_counter_phase(enc)
    assert counter_lines(enc) == ["Counter Phase of round 1: Smoke cloud at (7, 5) 3 -> 2."]


def test_the_counter_phase_card_shows_a_cloud_to_gm_and_players():  # N-CNT-4, N-TRAP-13
    from tactics.ui.app import App
    from ui_driver import app_session, drawn_texts, key

    enc = team_fight()
    smoke_from_ann(enc)
    to_counter_phase(enc)
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        app.step()
        assert "Smoke cloud at (7, 5) stays 3" in drawn_texts(app)
        key(app, pygame.K_F2)  # the players see the cloud, so its count too
        app.step()
        assert "Smoke cloud at (7, 5) stays 3" in drawn_texts(app)
