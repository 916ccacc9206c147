"""A Clocked mine's timer is a round counter (R-CNT-1; N-TRAP-8, N-TRAP-13).

The text, Each Round of Combat, Counters: "If a counter was just created this round and has not
yet had an impact, it does not go down." R-CNT-1: an environmental counter goes down once an
opposing group has had its turn since it was set. A reviewer saw Bear 3 set a Clocked mine (2
rounds) in the bears' Rearguard turn, the round's last: it went 2 -> 1 at once, in a line of its
own "GM: The Clocked mine is armed (1 round left).", and blew up a round early. Now it is held that
Counter Phase, counted in the Counter Phase line with the other counters, and goes off at the end
of round 3, after that line.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tactics.assets import bundled
from tactics.engine.combat.actions import ResolveNext
from tactics.engine.combat.events import CountersTicked
from tactics.engine.combat.queries import describe
from tactics.engine.combat.team import BeginActions, EndGroupTurn, NextRound, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.events import TrapTriggered
from tactics.engine.hazards.traps import SetTrap
from tactics.engine.saves.document import load_save, save_encounter
from tactics.maps import BattleMap, Spawn
from tactics.rules import traps as tr
from tactics.rules.data import read_document

SPAWNS = {"Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
          "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7)}


def fight(seed: int = 1) -> Encounter:
    """The Space Bears in a plain room, no surprise: round 1's Action Phase, the Party Vanguard acts."""
    definition = read_document(bundled("space-bears.encounter.toml"))
    definition.pop("opening", None)
    room = replace(BattleMap.from_text("\n".join(["." * 16] * 12)), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    enc = Encounter(definition, room, seed=seed)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    return enc


def set_mine(enc: Encounter, who: str, cell: tuple[int, int]):
    """``who`` sets a Clocked mine (a Use Item action, declared then resolved); the trap."""
    enc.submit(SetTrap(who, "clocked_mine", cell))
    enc.submit(ResolveNext(others_pass=True))  # the rest of the group does nothing (N-ORD-4)
    trap = next(iter(enc.state.traps.values()))
    assert trap.armed and trap.timer_rounds == 2
    return trap


def lines(enc: Encounter, entry) -> list[str]:
    return [describe(e, enc.state) for e in entry.events]


def next_round(enc: Encounter) -> None:
    enc.submit(NextRound())
    enc.submit(BeginActions())


def to_counter_phase(enc: Encounter):
    """End every group's turn left this round; the entry of the last one (the Counter Phase)."""
    while True:
        entry = enc.submit(EndGroupTurn())
        if enc.state.combat.phase == "counters":
            return entry


def test_set_in_the_last_group_s_turn_it_is_held_and_goes_off_at_the_end_of_round_3():  # R-CNT-1
    for seed in (1, 2, 3):
        enc = fight(seed)
        for _ in range(3):
            enc.submit(EndGroupTurn())  # to the bears' Rearguard, the round's last group
        trap = set_mine(enc, "bear3", (9, 5))
        entry = to_counter_phase(enc)
        said = lines(enc, entry)
        assert not [t for t in said if "armed" in t or t.startswith("GM:")]  # no line of its own
        ticked = next(e for e in entry.events if isinstance(e, CountersTicked))
        assert {"counter": trap.id, "rounds": 2, "kind": "trap", "label": "Clocked mine", "secret": True} in ticked.held
        assert trap.timer_rounds == 2  # no opposing group has had its turn since it was set
        next_round(enc)
        entry = to_counter_phase(enc)
        assert [t for t in lines(enc, entry) if t.startswith("Counter Phase of round 2")] == [
            "Counter Phase of round 2: Clocked mine (GM only) 2 -> 1."]
        assert trap.armed and trap.timer_rounds == 1
        next_round(enc)
        entry = to_counter_phase(enc)
        kinds = [type(e) for e in entry.events]
        assert CountersTicked in kinds and TrapTriggered in kinds
        assert kinds.index(CountersTicked) < kinds.index(TrapTriggered)  # counted, then it goes off
        assert "Clocked mine (GM only) 1 -> 0" in lines(enc, entry)[kinds.index(CountersTicked)]
        assert not trap.armed


def test_set_in_the_first_group_s_turn_it_goes_down_that_round():  # R-CNT-1: the bears acted since
    enc = fight()
    trap = set_mine(enc, "james", (3, 4))
    entry = to_counter_phase(enc)
    assert "Clocked mine 2 -> 1" in " ".join(lines(enc, entry))  # the players' own mine: no "(GM only)"
    assert trap.timer_rounds == 1


def test_the_counter_phase_card_shows_the_timer_to_the_gm_only():  # N-TRAP-13, N-HIDE-2
    import pygame

    from tactics.ui.app import App
    from ui_driver import app_session, drawn_texts, key

    enc = fight()
    for _ in range(3):
        enc.submit(EndGroupTurn())
    set_mine(enc, "bear3", (9, 5))
    to_counter_phase(enc)
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        app.step()
        assert "Clocked mine (GM only) stays 2" in drawn_texts(app)
        key(app, pygame.K_F2)  # the players' view: nothing of a mine they do not know
        app.step()
        assert not [t for t in drawn_texts(app) if "Clocked" in t]


def test_a_save_keeps_when_the_mine_was_set_and_old_saves_read_the_same(tmp_path: Path):
    enc = fight()
    for _ in range(3):
        enc.submit(EndGroupTurn())
    set_mine(enc, "bear3", (9, 5))
    back = load_save(save_encounter(enc, tmp_path / "game.tactics.json"))
    trap = next(iter(back.state.traps.values()))
    assert (trap.set_in_round, trap.set_after_group) == (1, "bears:rearguard")
    to_counter_phase(back)
    assert trap.timer_rounds == 2  # held after loading too
    old = {k: v for k, v in trap.to_dict().items() if k not in ("set_in_round", "set_after_group")}
    assert tr.Trap.from_dict(old).set_in_round == 0  # a save from before: counts as set before the fight
