"""A tie in Team Initiative shows how it was broken, with both dice (R-INIT-2).

An outside review started a fight between two teams of Team Initiative 0: the log said only
"Team order: Party (0) then Foes (0)" and the tracker gave no reason, while the saved event held
the opposed d20 rolls. What is tested, with the real Start combat button: the log line and the
initiative tracker say "tie broken: Party d20 A vs Foes d20 B" with the faces the journal rolled;
a tie the highest DEX score broke names both scores; the players' view (F2) shows no tie with a GM
team (it would tell that team's Team Initiative, reading: N-SEEN-2) nor its Team Initiative.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.tie_breaks import tie_break_texts
from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.ui.app import App

from ui_driver import app_session, click, fighter, key, drawn_texts as texts

SIZE = (1280, 720)


def encounter(party_dex: int = 0) -> Encounter:
    """Hero and Orc alone, both with DEX +0 (Team Initiative 0, the same DEX score) unless told."""
    definition = {
        "name": "Tie",
        "teams": {"party": {"name": "Party", "players": True, "colour": [70, 140, 230]},
                  "foes": {"name": "Foes", "colour": [220, 80, 60]}},
        "combatants": [fighter("hero", "party", (1, 1), modifiers={"DEX": party_dex}),
                       fighter("orc", "foes", (6, 1), modifiers={"DEX": 0})],
    }
    return Encounter(definition, BattleMap.from_text("\n".join(["." * 8] * 4), name="Room"), seed=7)


def start(app: App) -> None:
    rect = app.battle.combat.button_rect("start")
    assert rect is not None, "the tracker's Start combat button"
    click(app, rect.center)
    assert app.battle.state.combat is not None


def log_text(app: App) -> str:
    return " ".join(line for _, line in app.battle.combat.log.wrapped(10_000))


def test_an_opposed_roll_off_shows_both_dice_in_the_log_and_the_tracker():  # R-INIT-2
    for app in app_session(App(encounter(), size=SIZE)):
        start(app)
        combat = app.battle.state.combat
        assert combat.team_initiative == {"party": 0, "foes": 0}
        started = next(e for e in app.battle.encounter.journal.events if e.kind == "combat.started")
        rolls = started.opposed_rolls
        assert rolls, "the tie went to opposed rolls"
        last = rolls[-1]
        faces = dict(zip(last["teams"], last["d20"]))
        winner, loser = combat.team_order
        expected = f"Party d20 {faces['party']} vs Foes d20 {faces['foes']}"
        assert expected in log_text(app), log_text(app)
        assert "tie broken: " in log_text(app)
        drawn = " ".join(texts(app))
        assert "Tie broken:" in drawn and f"d20 {faces[winner]}" in drawn and f"d20 {faces[loser]}" in drawn, drawn
        key(app, pygame.K_F2)  # the players' view: the tie would tell the Foes' Team Initiative
        assert app.battle.viewer == "players"
        drawn = " ".join(texts(app))
        assert "Tie broken" not in drawn and "d20" not in drawn, drawn
        assert "Team Initiative 0" in drawn  # the players' own team's number stays


def test_a_tie_broken_by_the_highest_dex_score_names_both_scores_and_re_rolls_follow():  # R-INIT-2
    name = str.title
    assert tie_break_texts(["party", "foes"], {"party": 0, "foes": 0}, {"party": 12, "foes": 10}, [], name) == [
        "tie broken by the highest DEX: Party 12 vs Foes 10"]
    rolls = [{"teams": ["party", "foes"], "d20": [9, 9]}, {"teams": ["party", "foes"], "d20": [14, 10]}]
    assert tie_break_texts(["party", "foes"], {"party": 2, "foes": 2}, {"party": 10, "foes": 10}, rolls, name) == [
        "tie broken: Party d20 9 + 2 = 11 vs Foes d20 9 + 2 = 11, again: Party d20 14 + 2 = 16 vs Foes d20 10 + 2 = 12"]
    assert tie_break_texts(["party", "foes"], {"party": 2, "foes": 2}, {"party": 10, "foes": 10}, rolls, name,
                           shown=lambda team: team == "party") == []  # the players' view: no GM team's tie
