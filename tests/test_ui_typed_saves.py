"""With "players type", a player's save against a blast is asked like their attack (R-ROLL-1, R-GREN-6).

A review set Dice to "players type": a player's Reflex save against a grenade was still rolled
by the app. The engine says which saves are the table's (``saves_to_type``: the saves of
combatants on a players' team, whoever set the blast off; the GM's creatures keep app dice),
and the Resolve box asks for them as it asks for an attack's dice. What is tested with real keys
in the Resolve box: a bear's impact grenade on Ann waits for Ann's save (nothing rolled on
Enter) and takes the face typed, the bear's own dice rolled by the app; Ann's own impact grenade
takes her scatter d10s, then asks for the save of her ally Bob caught in the blast, not the
bear's; with the app rolling nothing is asked.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.table import ChangeTableSetting, saves_to_type
from tactics.engine.combat.actions import ResolveNext
from tactics.rules import actions as act

from test_ground_audit import to_group
from test_ui_combat import type_faces
from test_ui_hazards import make_app
from ui_driver import drawn_texts as texts, fighter, key


def _fight(acting: str, target: tuple[int, int]):
    """Ann, Bob (the party) and a bear; ``acting``'s group declares an impact grenade at ``target``."""
    app = make_app(fighter("ann", "party", (3, 6), modifiers={"DEX": 5}), fighter("bob", "party", (9, 7)),
                   fighter("bear", "bears", (9, 6), modifiers={"DEX": 1}))
    enc = app.battle.encounter
    enc.submit(StartCombat())
    enc.submit(Advance())
    to_group(enc, f"{enc.state.combatants[acting].team}:vanguard")
    enc.submit(ChangeTableSetting("dice", "players"))
    enc.submit(Declare(acting, Action(act.USE_ITEM, item="grenade", target_cell=target, grenade="impact")))
    app.battle.set_tool("select")
    app.step()
    return app, enc


def _saves(enc) -> dict[str, dict]:
    return {e.combatant: e.save for e in enc.journal.entries[-1].events if e.kind == "hazard.hit"}


def test_a_bears_grenade_waits_for_the_players_saves():  # R-ROLL-1, R-GREN-6
    app, enc = _fight("bear", (2, 6))  # behind Ann: with the app's scatter dice it lands on her
    try:
        owed = saves_to_type(enc.journal, ResolveNext())
        assert owed and set(owed) <= {"ann", "bob"} and "bear" not in owed, owed  # the engine says whose
        assert any(t.startswith("Type Ann's save") for t in texts(app)), "the box says whose save to type"
        count = len(enc.journal.entries)
        key(app, pygame.K_RETURN)
        assert len(enc.journal.entries) == count and not enc.state.grenades, "no save rolled by the app"
        assert "Type Ann's save" in texts(app), "the line under the box says so"
        faces = " ".join(["15"] + ["1"] * (len(owed["ann"]) - 1))
        type_faces(app, faces)
        assert len(enc.journal.entries) == count + 1, app.battle.message
        assert _saves(enc)["ann"]["d20"] == 15, "Ann's typed save"
    finally:
        pygame.quit()


def test_a_players_grenade_asks_for_the_allys_save_after_its_own_dice():  # R-ROLL-1, R-GREN-2, R-GREN-6
    app, enc = _fight("ann", (9, 6))  # on the bear, beside Bob
    try:
        count = len(enc.journal.entries)
        type_faces(app, "5 5")  # on target
        assert len(enc.journal.entries) == count, "Bob's save is asked, not rolled"
        assert "save" in app.battle.message[0] and "Bob's" in app.battle.message[0], app.battle.message
        assert "Type Bob's save too" in texts(app)
        owed = saves_to_type(enc.journal, ResolveNext(), [5, 5])
        assert list(owed) == ["bob"], owed  # the bear's save is the GM's: the app rolls it
        type_faces(app, " " + " ".join(["12"] + ["1"] * (len(owed["bob"]) - 1)))
        assert len(enc.journal.entries) == count + 1, app.battle.message
        thrown = next(e for e in enc.journal.entries[-1].events if e.kind == "grenade.thrown")
        assert list(thrown.dice) == [5, 5]
        saves = _saves(enc)
        assert saves["bob"]["d20"] == 12 and "bear" in saves, saves
    finally:
        pygame.quit()


def test_with_the_app_rolling_no_save_is_asked():
    app, enc = _fight("bear", (2, 6))
    try:
        enc.submit(ChangeTableSetting("dice", "app"))
        assert saves_to_type(enc.journal, ResolveNext()) == {}
        count = len(enc.journal.entries)
        key(app, pygame.K_RETURN)
        assert len(enc.journal.entries) == count + 1 and any(e.kind == "hazard.hit" for e in enc.journal.entries[-1].events)
    finally:
        pygame.quit()
