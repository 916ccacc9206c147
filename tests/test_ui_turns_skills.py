"""Hide and Search in individual turns, from the turn tracker (R-TURN-2; reading: N-TURN-4, N-SKILL-2, N-SKILL-3).

The second text: "A contested action ... is any time a character rolls dice against another. These
may be combat (usually as an attack) or non-combat rolls (such as stealth)." So hiding (Stealth
against the foes' Passive Perception) and searching (Perception against a hider's Stealth) are one
action each, the turn's one contested action (N-TURN-4). Team rounds offered both on the declare
card; the tracker offered neither. What is tested, through real clicks on the headless window
(the bundled Space Bears, individual turns, fixed seed): Brandon's tracker shows Hide and Search
with the engine's exact odds ("Stealth d20 + 8 vs Passive Perception 13 (Bear 1-4)", "hidden
75%, seen 25%"); a click hides him with a contested action, and both buttons then grey with the
engine's reason; Search names a hidden bear's Stealth and finds it; Stunned greys both with the
engine's words; and those words are exactly the ones the engine refuses the command with.
"""

from __future__ import annotations

import pytest

from tactics.engine.combat.gm import ApplyCondition, Hide
from tactics.engine.combat.individual.skills import skill_command, turn_skill_refusal, turn_skills
from tactics.engine.combat.individual.view import pips_of
from tactics.engine.combat.skill_odds import skill_odds
from tactics.engine.core.journal import Refused
from tactics.ui.app import App

from test_turns_ui import SIZE, encounter, press
from test_ui_turns_shots import enabled
from ui_driver import app_session, drawn_texts


@pytest.fixture
def app():
    yield from app_session(App(encounter(), size=SIZE))


def _brandons_turn(app: App) -> None:
    press(app, "start-table")  # table order: Brandon first
    app.step()
    assert app.battle.state.combat.current == "brandon"


def _texts(app: App) -> str:
    return " ".join(drawn_texts(app))


def test_hide_shows_its_exact_odds_and_takes_the_contested_action(app):  # R-TURN-2, N-TURN-4, N-SKILL-2
    _brandons_turn(app)
    enc = app.battle.encounter
    assert enabled(app, "skill:stealth") and enabled(app, "skill:perception"), app.battle.turns.keys()
    texts = _texts(app)
    assert "Stealth d20 + 8 vs Passive Perception 13 (Bear 1-4)" in texts, texts
    odds = skill_odds(enc.state, enc.state.combatants["brandon"], "stealth")
    assert odds is not None and odds.chance == 3 / 4  # the engine's exact chance: d20 + 8 >= 14
    assert "hidden 75%, seen 25%" in texts
    assert "Perception d20 + 4 vs no hidden enemy" in texts
    press(app, "skill:stealth")
    app.step()
    entry = enc.journal.entries[-1]
    assert entry.command == "take-action" and entry.args["action"] == {"kind": "use-item", "item": "stealth"}
    check = next(e for e in entry.events if e.kind == "combat.check")
    assert check.against == "Passive Perception 13 (Bear 1-4)" and check.odds == "3/4"
    pips = pips_of(enc.state, "brandon")
    assert pips.contested == "used" and pips.plain == "open", "one action, the contested one"
    assert enc.state.combatants["brandon"].hidden == (check.result == "hidden")
    assert not enabled(app, "skill:stealth") and not enabled(app, "skill:perception")
    said = "Brandon already took a contested action this turn; Hide and Search are contested actions"
    assert said in _texts(app), _texts(app)


def test_search_names_the_hidden_bears_stealth_and_finds_it(app):  # N-HIDE-3, N-SKILL-2
    enc = app.battle.encounter
    enc.submit(Hide("bear1", stealth=4))  # the GM hides Bear 1 with a low Stealth: any roll finds it
    _brandons_turn(app)
    texts = _texts(app)
    assert "Perception d20 + 4 vs Stealth 4 (Bear 1)" in texts, texts
    assert "found 100%, nothing found 0%" in texts
    press(app, "skill:perception")
    app.step()
    check = next(e for e in enc.journal.entries[-1].events if e.kind == "combat.check")
    assert check.against == "Stealth 4 (Bear 1)" and check.result == "found"
    assert not enc.state.combatants["bear1"].hidden, "found: Bear 1 is revealed"
    assert pips_of(enc.state, "brandon").contested == "used"


def test_stunned_greys_both_with_the_engines_words(app):  # N-TURN-5: one non-contested action only
    enc = app.battle.encounter
    _brandons_turn(app)
    enc.submit(ApplyCondition("brandon", "Stunned", rounds=1))
    app.step()
    assert "skill:stealth" in app.battle.turns.keys() and not enabled(app, "skill:stealth")
    assert not enabled(app, "skill:perception")
    words = turn_skill_refusal(enc.state, "brandon", "stealth")
    assert words is not None and "one non-contested action only" in words
    assert "Hide and Search are contested actions" in _texts(app), _texts(app)


def test_the_trackers_words_are_the_engines_refusal():  # the window decides nothing
    enc = encounter()
    from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns

    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    assert [s.refusal for s in turn_skills(enc.state, "brandon")] == [None, None]
    assert turn_skill_refusal(enc.state, "james", "stealth") == "it is not James' turn: Brandon acts now"
    enc.submit(skill_command("brandon", "stealth"))
    words = turn_skill_refusal(enc.state, "brandon", "perception")
    with pytest.raises(Refused) as refused:
        enc.submit(skill_command("brandon", "perception"))
    assert words is not None and words.startswith(refused.value.reason), (words, refused.value.reason)
