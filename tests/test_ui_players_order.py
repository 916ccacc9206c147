"""The players' window shows the turn order strip: public information only.

What is tested: once a fight starts (real Start combat button in the GM's
window), the players' window draws a strip under the turn banner with each
group in the order of play (R-INIT-4) in its team's colour, the acting one
ringed; the map moves down to make room for it. A hidden GM creature is never
named and a group made only of hidden creatures has no slot (nothing says it
exists); the party's own hidden scout is named (the players know where their
own character is, N-HIDE-2). In individual turns, one slot per visible combatant.
"""

from __future__ import annotations

import pytest

from tactics.engine.combat.individual.procedure import StartTurns
from tactics.engine.combat.team import BeginActions
from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.players.order_strip import order_slots
from tactics.ui.players.seen import players_state
from tactics.ui.theme import ACCENT

from ui_driver import app_session, click_settled as click

ROOM = "\n".join(["." * 14] * 7)


def encounter(mode: str = "team") -> Encounter:
    definition = {
        "name": "Ambush", "mode": mode,
        "teams": {"party": {"name": "Party", "players": True, "colour": [70, 140, 230]},
                  "bears": {"name": "Bears", "colour": [220, 80, 60]}},
        "combatants": [
            {"id": "brandon", "team": "party", "sheet": "brandon", "cell": [1, 1], "hidden": True},
            {"id": "james", "team": "party", "sheet": "james", "cell": [1, 3]},
            {"id": "bear1", "name": "Bear 1", "team": "bears", "sheet": "space_bear", "cell": [10, 1]},
            {"id": "lurker", "name": "Lurker", "team": "bears", "sheet": "space_bear", "cell": [12, 5],
             "hidden": True},
        ],
    }
    return Encounter(definition, BattleMap.from_text(ROOM, name="Room"), seed=4)


@pytest.fixture
def app():
    yield from app_session(App(encounter(), size=(1280, 720)), closing=True)


def test_the_players_window_shows_the_order_of_play_without_secrets(app: App) -> None:
    pw = app.players.open(size=(1280, 720))
    app.step()
    assert order_slots(players_state(app.battle.state)) == ("", [])  # no fight: no strip
    top_before = pw.board_rect().top
    click(app, app.battle.combat.button_rect("start").center)
    state = app.battle.state
    assert state.combat is not None and state.combat.phase != "ended"
    head, slots = order_slots(players_state(state))
    labels = [s.label for s in slots]
    assert head.startswith("Round") and "Brandon" in " ".join(labels)  # the party's own scout is named
    assert not any("Lurker" in label for label in labels)  # the hidden bear: never named
    groups = [g for g in state.combat.turn_order() if g.members != ["lurker"]]
    assert len(slots) == len(groups)  # a group of only hidden creatures has no slot at all
    assert pw.board_rect().top > top_before  # room is made under the banner
    app.step()
    pw.draw()
    surface = pw.window.get_surface()
    strip_y = pw.board_rect().top - 20
    row = {surface.get_at((x, strip_y))[:3] for x in range(0, surface.get_width(), 2)}
    assert (70, 140, 230) in row or (220, 80, 60) in row  # chips in the teams' colours
    app.battle.encounter.submit(BeginActions())  # the first group acts: its slot is ringed
    app.step()
    pw.draw()
    ringed = [s for s in order_slots(players_state(app.battle.state))[1] if s.now]
    assert [s.label for s in ringed] == ["Brandon"]
    top = pw.board_rect().top
    strip = {surface.get_at((x, y))[:3] for x in range(0, surface.get_width(), 2) for y in range(top - 56, top, 2)}
    assert ACCENT in strip


def test_individual_turns_give_one_slot_per_visible_combatant() -> None:
    enc = encounter("individual")
    enc.submit(StartTurns())
    _, slots = order_slots(players_state(enc.state))
    assert sorted(s.label for s in slots) == ["Bear 1", "Brandon", "James"]
    assert sum(s.now for s in slots) <= 1


def test_a_downed_member_leaves_its_groups_slot() -> None:
    """Review 13 F11: the strip kept "Brandon, James" with James at 0 hp; the downed act no more."""
    from tactics.engine.combat.gm import AdjustHP
    from tactics.engine.combat.team import StartCombat

    enc = encounter()
    enc.submit(StartCombat())
    before = " / ".join(s.label for s in order_slots(players_state(enc.state))[1])
    assert "James" in before
    enc.submit(AdjustHP("james", -999))
    after = [s.label for s in order_slots(players_state(enc.state))[1]]
    assert not any("James" in label for label in after) and any("Bear 1" in label for label in after)


@pytest.mark.parametrize("width", [260, 300, 340, 380, 420])
def test_the_strip_s_count_of_groups_left_out_is_never_cut_at_the_edge(width: int, monkeypatch) -> None:
    """Review 13 recheck NEW-F: with three teams the "+1" at the strip's end was cut at the
    window's edge ("+$"). The count takes a chip's place, inside the strip. Review 18: it says
    "+2 more" (a bare "+2" after a name read as a bonus)."""
    import pygame

    from tactics.engine.combat.team import StartCombat
    from tactics.ui.players.order_strip import draw_strip

    enc = encounter()
    enc.submit(StartCombat())
    seen = players_state(enc.state)
    pygame.init()
    surface = pygame.Surface((width + 200, 80))
    surface.fill((255, 0, 255))
    strip = pygame.Rect(0, 0, width, 60)
    from tactics.ui import theme

    said: list[str] = []
    text = theme.text

    def recording(words, *args, **kwargs):
        said.append(words)
        return text(words, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recording)
    drawn = draw_strip(surface, seen, strip, large=True)
    assert drawn is not None
    counts = [t for t in said if t.startswith("+")]
    assert all(c.endswith(" more") for c in counts), f"a bare count reads as a bonus: {counts}"
    if width == 260:
        assert counts, "the narrowest strip leaves groups out and says how many"
    outside = [x for x in range(width, width + 200) for y in range(0, 60) if surface.get_at((x, y))[:3] != (255, 0, 255)]
    assert not outside, "something of the strip was drawn past its right edge"
