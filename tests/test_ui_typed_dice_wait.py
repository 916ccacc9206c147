"""With the table typing its own dice, an empty box never means "the app rolls" (R-ROLL-1).

An outside review set Dice to "players type", declared Brandon's pistol shot (the banner said
"Waiting for Brandon's dice") and pressed Enter: it resolved at once with the app's d20. What is
tested with real keys and clicks: Enter, the box's own Enter and the Resolve button with the box
empty roll nothing, keep the declaration waiting and say under the box whose dice to type; the
faces typed then resolve it, and a hit's damage dice are asked for, not rolled by the app, when
the faces typed run out; "Roll for Brandon (app dice)" is the GM's explicit choice to let the
app roll; a grenade's box asks for its scatter d10s (R-GREN-2) and waits the same way; an action
that rolls nothing resolves with the box empty.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui.app import App

from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.combat.actions import ResolveNext
from tactics.engine.core.journal import Refused
from tactics.engine.core.table import ChangeTableSetting, dice_beyond_typed

from test_ui_combat import all_keys, declare_typed_shot, press, space_bears, token, type_faces
from test_ui_hazards import aim, make_app
from ui_driver import app_session, centre, click, fighter, key, drawn_texts as texts

SIZE = (1280, 720)


def declared_shot(app: App) -> int:
    """Round 0, players type their dice, Brandon's pistol shot at Bear 1 declared; the journal's length."""
    declare_typed_shot(app)
    assert [d.status for d in app.battle.state.combat.declarations] == ["declared"], "the shot waits"
    return len(app.battle.encounter.journal.entries)


def test_enter_and_resolve_with_an_empty_box_wait_for_the_typed_dice():  # R-ROLL-1
    for app in app_session(App(space_bears(), size=SIZE)):
        count = declared_shot(app)
        key(app, pygame.K_RETURN)  # on the map: Enter resolves the next action
        assert len(app.battle.encounter.journal.entries) == count, "nothing was rolled"
        assert [d.status for d in app.battle.state.combat.declarations] == ["declared"], "the shot still waits"
        assert "Type Brandon's dice first" in texts(app), "the line under the box says what to type"
        press(app, "resolve")
        assert len(app.battle.encounter.journal.entries) == count
        entry = app.battle.combat.resolve.entry
        click(app, entry.rect.center)  # Enter in the empty box itself
        key(app, pygame.K_RETURN)
        app.step()
        assert len(app.battle.encounter.journal.entries) == count
        type_faces(app, "17 1")  # the d20 and the -d2: a hit, but no damage typed
        assert len(app.battle.encounter.journal.entries) == count, "the app rolls no damage for the table"
        more = dice_beyond_typed(app.battle.encounter.journal, ResolveNext(), [17, 1])
        assert more and set(more) == {8}, more  # the pistol's 1d8 (twice on a Major Hit)
        assert any(t.startswith("Type the rest of Brandon's dice: ") for t in texts(app))  # and how many (review 17 N3)
        assert f"{len(more)} more" in app.battle.message[0] and "d8" in app.battle.message[0]
        type_faces(app, " 5" * len(more))  # added to the faces still in the box
        rolled = next(e for e in app.battle.encounter.journal.entries[-1].events if e.kind == "attack.rolled")
        assert rolled.data["d20"] == 17, "the typed face, not the app's"
        damage = next(e for e in app.battle.encounter.journal.entries[-1].events if e.kind == "damage.rolled")
        assert [f for faces, _ in damage.data["rolls"] for f in faces] == [5] * len(more), damage.data
        assert not any(t.startswith("Type ") and "Brandon's dice" in t for t in texts(app))


def test_roll_for_them_lets_the_app_roll_on_purpose():  # R-ROLL-1
    for app in app_session(App(space_bears(), size=SIZE)):
        count = declared_shot(app)
        assert "roll-for-them" in all_keys(app)
        assert any(t.startswith("Roll for Brandon") for t in texts(app))
        press(app, "roll-for-them")
        assert len(app.battle.encounter.journal.entries) == count + 1
        assert [d.status for d in app.battle.state.combat.declarations] == ["resolved"]
        assert any(e.kind == "attack.rolled" for e in app.battle.encounter.journal.entries[-1].events)


def test_a_grenade_waits_for_its_scatter_dice():  # R-GREN-2
    app = make_app(fighter("ann", "party", (3, 6), modifiers={"DEX": 5}), fighter("bear", "bears", (12, 6)))
    try:
        enc = app.battle.encounter
        enc.submit(StartCombat())
        enc.submit(Advance())  # the Action Phase: the party acts first (DEX)
        enc.submit(ChangeTableSetting("dice", "players"))
        aim(app, "ann", (12, 6))
        click(app, centre(app, (12, 6)))
        assert [d.params.get("item") for d in app.battle.state.combat.declarations] == ["grenade"]
        app.battle.set_tool("select")
        app.step()
        assert "Type the two scatter d10s" in texts(app)
        count = len(enc.journal.entries)
        key(app, pygame.K_RETURN)
        assert len(enc.journal.entries) == count and not app.battle.state.grenades, "no scatter rolled by the app"
        assert "Type Ann's dice first" in texts(app)
        type_faces(app, "5 5")
        thrown = next(e for e in enc.journal.entries[-1].events if e.kind == "grenade.thrown")
        assert list(thrown.dice) == [5, 5], "the typed scatter dice"
    finally:
        pygame.quit()


def test_out_of_a_fight_the_grenade_tool_says_the_app_rolls_when_the_table_types():  # R-GREN-2
    """A second reviewer set "players type" and threw outside a fight: the app rolled the scatter
    without a word. The tool's line says so before the click (typed dice go in a fight's box)."""
    app = make_app(fighter("ann", "party", (3, 6), modifiers={"DEX": 5}), fighter("bear", "bears", (12, 6)))
    try:
        enc = app.battle.encounter
        aim(app, "ann", (12, 6))
        assert "app rolls" not in app.battle.tool.status()  # the app rolls anyway: nothing to say
        enc.submit(ChangeTableSetting("dice", "players"))
        assert "Out of a fight the app rolls its dice." in app.battle.tool.status()
        enc.submit(StartCombat())
        assert "app rolls" not in app.battle.tool.status()  # in a fight the box asks for them
    finally:
        pygame.quit()


def test_an_action_that_rolls_nothing_resolves_with_the_box_empty():  # R-ORD-1
    for app in app_session(App(space_bears(), size=SIZE)):
        press(app, "start")
        press(app, "banner-advance")
        press(app, "dice-mode")
        assert app.battle.state.settings["dice"] == "players"
        click(app, token(app, "james"))
        x, y = token(app, "james")
        click(app, (x + app.battle.camera.cell_px, y))  # a plain Standard Move: no dice
        assert "No dice for this one" in texts(app) and "roll-for-them" not in all_keys(app)
        press(app, "resolve")
        assert app.battle.state.combatants["james"].cell == (3, 4)


def test_individual_turns_say_that_the_app_rolls_when_the_table_types_its_dice():  # R-TURN-5
    from test_turns_ui import encounter as turns_encounter
    from test_turns_ui import press as turns_press

    for app in app_session(App(turns_encounter(), size=SIZE)):
        turns_press(app, "start-table")
        note = "Dice: the app rolls every die in individual turns"
        assert not any(t.startswith(note[:20]) for t in texts(app)), "app dice: nothing to say"
        with pytest.raises(Refused, match="typed dice are for team rounds"):  # review 14, finding 1 (N-DICE-1)
            app.battle.encounter.submit(ChangeTableSetting("dice", "players"))
        app.battle.state.settings["dice"] = "players"  # an encounter file written with it still says so
        app.step()
        assert any(t.startswith("Dice: the app rolls every die") for t in texts(app)), texts(app)


def test_a_technique_waits_for_every_die_it_names():  # R-ROLL-1
    """A review typed 20 for James' Shock: it resolved at once, the app rolling the d2 and both
    damage d4s. Now the box asks for the rest, like a weapon attack's."""
    for app in app_session(App(space_bears(), size=SIZE)):
        press(app, "start")
        press(app, "banner-advance")
        press(app, "dice-mode")
        assert app.battle.state.settings["dice"] == "players"
        click(app, token(app, "james"))
        press(app, "technique:shock")
        click(app, token(app, "bear4"))
        assert [d.kind for d in app.battle.state.combat.declarations] == ["technique"]
        press(app, "do-nothing:brandon")  # no roll before every member commits (N-ORD-4)
        count = len(app.battle.encounter.journal.entries)
        type_faces(app, "20")  # a natural 20: a Critical, two damage rolls
        assert len(app.battle.encounter.journal.entries) == count, "the app rolls none of James' dice"
        more = dice_beyond_typed(app.battle.encounter.journal, ResolveNext(), [20])
        assert more is not None and more[-2:] == [4, 4], more  # the two 1d4 of Shock's damage
        assert f"After 20, type James' {len(more)} more dice" in app.battle.message[0]
        assert any(t.startswith("Type the rest of James' dice: ") for t in texts(app))  # and how many (review 17 N3)
        type_faces(app, " 3" * len(more))
        events = app.battle.encounter.journal.entries[-1].events
        rolled = next(e for e in events if e.kind == "attack.rolled")
        assert rolled.data["d20"] == 20 and rolled.data["technique"]
        damage = next(e for e in events if e.kind == "damage.rolled")
        assert [list(faces) for faces, _ in damage.data["rolls"]] == [[3], [3]], "the typed d4s"


def grenade_declared(cook: bool) -> App:
    """Ann (the players' side) declares a frag grenade at the bear, the table typing its dice."""
    app = make_app(fighter("ann", "party", (3, 6), modifiers={"DEX": 5}), fighter("bear", "bears", (12, 6)))
    enc = app.battle.encounter
    enc.submit(StartCombat())
    enc.submit(Advance())  # the Action Phase: the party acts first (DEX)
    enc.submit(ChangeTableSetting("dice", "players"))
    aim(app, "ann", (12, 6))
    if cook:
        key(app, pygame.K_k)  # the grenade tool's cook toggle
    click(app, centre(app, (12, 6)))
    decls = app.battle.state.combat.declarations
    assert [(d.params.get("item"), bool(d.params.get("cook"))) for d in decls] == [("grenade", cook)]
    app.battle.set_tool("select")
    app.step()
    return app


def test_a_grenade_waits_for_its_second_scatter_die():  # R-GREN-2, R-ROLL-1
    app = grenade_declared(cook=False)
    try:
        enc = app.battle.encounter
        count = len(enc.journal.entries)
        type_faces(app, "5")
        assert len(enc.journal.entries) == count and not app.battle.state.grenades, "no d10 rolled by the app"
        assert "After 5, type Ann's 1 more die (d10)" in app.battle.message[0]
        type_faces(app, " 6")
        thrown = next(e for e in enc.journal.entries[-1].events if e.kind == "grenade.thrown")
        assert list(thrown.dice) == [5, 6], "both scatter dice typed"
    finally:
        pygame.quit()


def test_a_cooked_grenade_waits_for_the_wis_d20_and_both_scatter_dice():  # R-GREN-5, R-GREN-2, R-ROLL-1
    app = grenade_declared(cook=True)
    try:
        enc = app.battle.encounter
        assert "Type the WIS check's d20, then the two scatter d10s" in texts(app)
        count = len(enc.journal.entries)
        type_faces(app, "12")
        assert len(enc.journal.entries) == count and not app.battle.state.grenades
        assert "After 12, type Ann's 2 more dice (d10, d10)" in app.battle.message[0]
        type_faces(app, " 5 6")
        events = enc.journal.entries[-1].events
        cooked = next(e for e in events if e.kind == "grenade.cooked")
        thrown = next(e for e in events if e.kind == "grenade.thrown")
        assert cooked.data["roll"]["d20"] == 12 and list(thrown.dice) == [5, 6]
    finally:
        pygame.quit()


def test_a_shaken_thrower_is_told_to_type_the_cooking_checks_disadvantage_die():  # N-GREN-4, R-ROLL-2
    """Shaken gives the cooking WIS check a disadvantage die: the hint names it before anything is
    typed (it said only "the WIS check's d20"), and the throw then waits for it too."""
    from tactics.engine.combat.gm import ApplyCondition

    app = grenade_declared(cook=True)
    try:
        enc = app.battle.encounter
        enc.submit(ApplyCondition("ann", "Shaken", rounds=2))
        app.step()
        # (the hint may wrap to a second line in the Resolve panel's width)
        assert "Type the WIS check's d20 -d2, then the two scatter d10s" in " ".join(texts(app))
        count = len(enc.journal.entries)
        type_faces(app, "12 1")
        assert len(enc.journal.entries) == count and not app.battle.state.grenades
        assert "type Ann's 2 more dice (d10, d10)" in app.battle.message[0]
    finally:
        pygame.quit()


def test_a_contact_blast_is_not_the_throwers_to_type():  # R-GREN-6, R-ROLL-1
    """An impact grenade goes off as it lands: its damage and the bear's save come after the
    thrower's two d10s; the box waits for the d10s only (the app rolls the blast, as any fuse's)."""
    from tactics.engine.combat.own_dice import own_dice
    from tactics.engine.hazards.commands import ThrowGrenade

    app = make_app(fighter("ann", "party", (3, 6)), fighter("bear", "bears", (8, 6)))
    try:
        journal = app.battle.encounter.journal
        throw = ThrowGrenade("ann", (8, 6), "impact")
        mine = lambda events, drawn: own_dice(events, drawn, "ann")  # noqa: E731
        assert dice_beyond_typed(journal, throw, [5], own=mine) == [10]
        assert dice_beyond_typed(journal, throw, [5, 5], own=mine) == []
        everything = dice_beyond_typed(journal, throw, [5, 5])
        assert everything and everything[:2] == [8, 8] and 20 in everything, "2d8 and the bear's Reflex d20"
    finally:
        pygame.quit()
