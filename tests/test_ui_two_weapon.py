"""Two-weapon fighting declared from the window, real clicks, headless (R-ACT-1, R-HIT-3; N-TWF-1).

What is tested: the outside review's steps. Katie (Helix blade and Combat knife) declares a
Standard Attack with the blade, then a Bonus Attack with the knife; the players type their dice and
the blade misses. The knife's attack still happens (before: "Katie's Bonus Attack is lost"), the
Declare panel names the knife "off-hand" and the pair "two weapons", the attack card says what
that means with the engine's numbers, and the Standard's odds use the threshold of 5 (R-HIT-3).
The Declare panel also offers the Standard Attack "with two weapons" from the start, and after
a two-weapon miss it offers the Bonus Attack only with the off-hand knife (R-ACT-1).
"""

import pytest

from tactics.engine.combat.queries import declared_odds
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.ui.app import App
from tactics.ui.panels.actions import declared_text

from test_ground_audit import encounter, to_group
from test_ui_combat import SIZE, all_keys, press, token, type_faces
from ui_driver import app_session, click, move


@pytest.fixture
def app():
    enc = encounter(katie=True)  # Katie at (7, 7) beside Bear 4 (AC 14)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    to_group(enc, "party:rearguard")
    yield from app_session(App(enc, size=SIZE))


def test_the_off_hand_attack_happens_after_a_miss(app):  # R-ACT-1, R-HIT-3, N-TWF-1
    press(app, "actor:katie")
    assert "weapons:helix_blade" in all_keys(app)  # "Attack: Helix blade + Combat knife"
    press(app, "weapon:helix_blade")  # the plain Standard Attack, as the reviewer clicked
    click(app, token(app, "bear4"))
    decls = app.battle.state.combat.declarations_of("katie")
    assert [d.kind for d in decls] == ["standard-attack"] and not decls[0].params.get("two_weapon")
    press(app, "weapon:combat_knife")  # now the Bonus Attack
    move(app, token(app, "bear4"))
    notes = app.battle.tool.two_weapon_terms()
    assert notes is not None and notes.joins and notes.threshold == 5
    click(app, token(app, "bear4"))
    standard, bonus = app.battle.state.combat.declarations_of("katie")
    assert bonus.kind == "bonus-attack" and bonus.params["weapon"] == "combat_knife"
    assert declared_odds(app.battle.state, standard.id).threshold == 5
    assert declared_text(app.battle.state, standard.id, standard.kind, standard.params).endswith("(two weapons)")
    assert declared_text(app.battle.state, bonus.id, bonus.kind, bonus.params).endswith("(off-hand)")
    press(app, "dice-mode")  # the players type their dice
    hp = app.battle.state.combatants["bear4"].hp
    press(app, "do-nothing:art")  # Art commits to nothing: only then is a die rolled (N-ORD-4)
    type_faces(app, "2 1")  # 2 + 1 + STR 4 = 7 vs AC 14: the blade misses
    assert app.battle.state.combat.declaration(standard.id).outcome == "miss"
    type_faces(app, "10 1 3")  # the knife: 15 vs 14, a Hit for 3
    knife = app.battle.state.combat.declaration(bonus.id)
    assert knife.status == "resolved" and knife.outcome == "hit"
    assert app.battle.state.combatants["bear4"].hp == hp - 3
    lines = [line for _, line in app.battle.combat.log.wrapped(10_000)]
    assert not any("is lost" in line for line in lines), lines[-6:]


def test_the_standard_attack_with_two_weapons_is_one_click(app):  # R-HIT-3, N-TWF-1
    press(app, "actor:katie")
    press(app, "weapons:helix_blade")  # "Attack: Helix blade + Combat knife"
    move(app, token(app, "bear4"))
    assert app.battle.tool.shown.threshold == 5  # the card's odds are the two-weapon odds
    click(app, token(app, "bear4"))
    (standard,) = app.battle.state.combat.declarations_of("katie")
    assert standard.params["weapon"] == "helix_blade" and standard.params["two_weapon"] is True


def test_after_a_two_weapon_miss_only_the_off_hand_is_offered(app):  # R-ACT-1
    press(app, "actor:katie")
    press(app, "weapons:helix_blade")
    click(app, token(app, "bear4"))
    press(app, "dice-mode")
    press(app, "do-nothing:art")  # Art commits to nothing: only then is a die rolled (N-ORD-4)
    type_faces(app, "2 1")  # the blade misses; Katie stays the one declaring
    keys = all_keys(app)
    assert "weapon:combat_knife" in keys and "weapon:helix_blade" not in keys, keys
