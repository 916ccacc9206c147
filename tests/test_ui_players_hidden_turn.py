"""The players' window shows nothing of a hidden creature's turn: it looks as if the turn did not exist.

Review 16 F12: in individual turns, between Bear 3's turn and a hidden Bear 4's, the players'
window showed a grey "Action Phase / Round 1" banner with nobody ringed in the order strip, a
picture seen at no other time, so the players knew something unseen was acting (reading
N-HOT-1). What is tested: the same fight is played twice, once with the hidden creature and
once without it; the players' window's picture (every pixel, and every text the layout probe
records) during the hidden creature's turn is the one the fight without it shows at the same
point: after the turn before it (individual turns: "Between turns"; team rounds: the last group
the players were shown, still open), at the end of the round before when it opens a round,
before the first turn when it opens the fight, and the Advantages Phase when it opens the
Action Phase. In team rounds, a hidden member of a group the
players see declares an attack: the banner, the strip and the map are as without it.
"""

from __future__ import annotations

from typing import Callable

import pygame
import pytest

from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, ReorderTurns, StartTurns
from tactics.engine.combat.roster import SetGroup
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.panels.hotseat import turn_banner

from ui_driver import players_window_frame

ROOM = "\n".join(["." * 14] * 7)
SIZE = (1280, 720)
PLAYERS = (960, 600)
Frame = tuple[bytes, list[str]]


def encounter(mode: str, *, hidden: bool) -> Encounter:
    """The party (James, Art) against Bear 1 and Bear 3; with ``hidden``, Bear 4 too, unseen."""
    people = [
        {"id": "james", "team": "party", "sheet": "james", "cell": [1, 1]},
        {"id": "art", "team": "party", "sheet": "art", "cell": [1, 4]},
        {"id": "bear1", "name": "Bear 1", "team": "bears", "sheet": "space_bear", "cell": [9, 1]},
        {"id": "bear3", "name": "Bear 3", "team": "bears", "sheet": "space_bear", "cell": [9, 4]},
    ]
    if hidden:
        people.append({"id": "bear4", "name": "Bear 4", "team": "bears", "sheet": "space_bear", "cell": [2, 5],
                       "hidden": True, "stealth": 20})
    definition = {
        "name": "Hidden turn", "mode": mode,
        "teams": {"party": {"name": "The Party", "players": True, "colour": [70, 140, 230]},
                  "bears": {"name": "Space Bears", "colour": [220, 80, 60]}},
        "combatants": people,
    }
    return Encounter(definition, BattleMap.from_text(ROOM, name="Room"), seed=7)


def played(mode: str, hidden: bool, script: Callable[[App], None]) -> Frame:
    """The players' window's picture after ``script`` played the fight with (or without) Bear 4."""
    app = App(encounter(mode, hidden=hidden), size=SIZE)
    try:
        app.step()
        app.players.open(size=PLAYERS)
        script(app)
        app.step()
        return players_window_frame(app)
    finally:
        app._addons("closing")
        pygame.quit()


def submit(app: App, *commands: object) -> None:
    for command in commands:
        assert app.battle.submit(command), app.battle.message


def turns_of(app: App, *names: str) -> None:
    """Each named creature takes its turn, doing nothing."""
    for cid in names:
        submit(app, BeginTurn())
        assert app.battle.state.combat.current == cid
        submit(app, EndTurn())


def same_picture(with_hidden: Frame, without: Frame) -> None:
    pixels, texts = with_hidden
    assert texts == without[1]  # banner, names, cards: word for word
    assert pixels == without[0], "the players' window differs from the fight without the hidden creature"


# --------------------------------------------------------------------------- individual turns
def test_a_hidden_creatures_turn_looks_like_the_pause_after_the_turn_before() -> None:
    """F12's steps: the party, Bear 1 and Bear 3 take their turns, then the hidden Bear 4's begins."""
    def without(app: App) -> None:
        submit(app, StartTurns(order="table"))
        turns_of(app, "james", "art", "bear1", "bear3")

    def with_bear4(app: App) -> None:
        without(app)
        submit(app, BeginTurn())
        assert app.battle.state.combat.current == "bear4"
        assert turn_banner(app.battle.state).title == "Bear 4's turn"  # the GM's banner names it

    seen = played("individual", True, with_bear4)
    assert "Action Phase" not in seen[1] and "Between turns" in seen[1]
    same_picture(seen, played("individual", False, without))


@pytest.mark.parametrize("rounds", [1, 2])
def test_a_hidden_turn_that_opens_a_round_shows_the_round_before(rounds: int) -> None:
    """Bear 4 acts first: in round 1 the players see the fight not yet begun; in round 2 the end
    of round 1 (everyone done), since without it round 2 begins only with James's turn."""
    def without(app: App) -> None:
        submit(app, StartTurns(order="table"))
        if rounds == 2:
            turns_of(app, "james", "art", "bear1", "bear3")

    def with_bear4(app: App) -> None:
        submit(app, StartTurns(order="table"), ReorderTurns(["bear4", "james", "art", "bear1", "bear3"]))
        if rounds == 2:
            turns_of(app, "bear4", "james", "art", "bear1", "bear3")
        submit(app, BeginTurn())
        turns = app.battle.state.combat
        assert (turns.current, turns.round) == ("bear4", rounds)

    same_picture(played("individual", True, with_bear4), played("individual", False, without))


# --------------------------------------------------------------------------- team rounds
def team_start(app: App, *, lurker_group: str | None, others: str = "vanguard", begin: bool = True) -> None:
    """Start combat with Art, Bear 1 and Bear 3 in their teams' ``others`` group and James alone in the
    party's Rearguard; the hidden Bear 4 in ``lurker_group`` (None: not in the fight); ``begin``: the
    Action Phase begins."""
    submit(app, StartCombat())
    combat = app.battle.state.combat
    wanted = {"james": "rearguard", "art": others, "bear1": others, "bear3": others}
    if lurker_group is not None:
        wanted["bear4"] = lurker_group
    for cid, group in wanted.items():  # each put last in its group, so the groups list them in the same order
        if combat.group_of(cid) == f"{app.battle.state.combatants[cid].team}:{group}":
            submit(app, SetGroup(cid, "vanguard" if group == "rearguard" else "rearguard"))
        submit(app, SetGroup(cid, group))
    if begin:
        submit(app, Advance())  # the Advantages Phase -> the Action Phase


def advance_to(app: App, team: str, kind: str) -> None:
    """End turns until the group (team, kind) acts."""
    for _ in range(6):
        group = app.battle.state.combat.acting_group()
        if group is not None and (group.team, group.kind) == (team, kind):
            return
        submit(app, Advance())
    raise AssertionError(f"{team} {kind} never acted")


def test_a_hidden_groups_turn_keeps_the_turn_before_it_open() -> None:
    """Bear 4 alone is the bears' Rearguard, after James's: the players still see James's turn."""
    def without(app: App) -> None:
        team_start(app, lurker_group=None)
        advance_to(app, "party", "rearguard")

    def with_bear4(app: App) -> None:
        team_start(app, lurker_group="rearguard")
        advance_to(app, "party", "rearguard")
        submit(app, Advance())
        assert app.battle.state.combat.acting_group().members == ["bear4"]

    seen = played("team", True, with_bear4)
    assert "Action Phase" not in seen[1]
    same_picture(seen, played("team", False, without))


def test_a_hidden_group_that_opens_the_action_phase_leaves_the_advantages_phase_up() -> None:
    """Bear 4 alone is the bears' Vanguard, the only one: its turn opens the Action Phase, and the
    players still see the Advantages Phase it follows (the card of what is in force too)."""
    def without(app: App) -> None:
        team_start(app, lurker_group=None, others="rearguard", begin=False)

    def with_bear4(app: App) -> None:
        team_start(app, lurker_group="vanguard", others="rearguard")
        assert app.battle.state.combat.acting_group().members == ["bear4"]

    seen = played("team", True, with_bear4)
    assert "Advantages Phase" in seen[1]
    same_picture(seen, played("team", False, without))


def test_a_hidden_member_of_a_seen_group_adds_nothing_to_its_turn() -> None:
    """Bear 4 in the bears' Vanguard declares an attack on Art: the group's turn reads as without it."""
    def without(app: App) -> None:
        team_start(app, lurker_group=None)
        advance_to(app, "bears", "vanguard")

    def with_bear4(app: App) -> None:
        team_start(app, lurker_group="vanguard")
        advance_to(app, "bears", "vanguard")
        submit(app, Declare("bear4", Action(kind="standard-attack", target="art")))
        assert len(app.battle.state.combat.declarations) == 1

    same_picture(played("team", True, with_bear4), played("team", False, without))
