"""Reloading, drawing and Treat Injury in the declare panel, driven headless with real pygame events.

What is tested (readings N-READY-1, N-READY-2, N-TREAT-1): Rook's holstered revolver shows its
attack disabled with the engine's reason in words ("Draw the Slug revolver first: a Simple action
(holster)") and a "Simple: draw ..." button; clicking it declares the draw (the panel's declared
list names it) and Resolve draws it (the log says so); an empty crossbow's attack is disabled with
"Reload first" and its "Standard Move: reload ..." button declares the reload; the medic's "Use
Item: Treat Injury -> Rook" button declares the treatment, whose check and healing the log shows
with their dice, and the players' view counts the declaration as every declared action is.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.gm import AdjustHP
from tactics.rules import actions as act
from tactics.ui.app import App

from test_common_actions import GUNNER, encounter, next_turn, resolve_all, turn_of
from test_ui_combat import all_keys, press
from ui_driver import app_session, centre, click, drawn_texts, key, move, players_window_frame

SIZE = (1280, 720)


def staged(cid: str, **kw) -> App:
    from tactics.engine.combat.team import BeginActions, StartCombat

    enc = encounter(**kw)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    turn_of(enc, cid)
    return App(enc, size=SIZE)


@pytest.fixture
def rook():
    yield from app_session(staged("rook"))


def log_lines(app: App) -> list[str]:
    return [line for _, line in app.battle.combat.log.wrapped(10_000)]


def resolve(app: App) -> None:
    """Resolve next (Enter), as the table does."""
    key(app, pygame.K_RETURN)
    app.step()


def test_a_holstered_revolver_is_drawn_from_the_panel(rook):  # N-READY-2
    app = rook
    press(app, "actor:rook")
    texts = drawn_texts(app)
    assert "Draw the Slug revolver first: a Simple action (holster)" in " ".join(texts)
    rect = app.battle.combat.button_rect("weapon:slug_revolver")
    assert rect is not None and "weapon:slug_revolver" not in [k for k, fn in _live(app)]  # shown, disabled
    press(app, "draw:slug_revolver")
    declared = app.battle.state.combat.declarations_of("rook")
    assert [(d.kind, d.params.get("effect")) for d in declared] == [(act.SIMPLE, "draw")]
    assert any("Simple action: draw Slug revolver" in t for t in drawn_texts(app))  # the declared card
    assert "weapon:slug_revolver" in [k for k, fn in _live(app)]  # drawn before it resolves: the attack is offered
    app.battle.combat.submit(ResolveNext(others_pass=True))
    app.step()
    assert "Rook draws the Slug revolver from the holster." in log_lines(app)


def _live(app: App) -> list[tuple[str, object]]:
    """The panels' enabled buttons (a disabled one records no action)."""
    return [(h.key, h.action) for panel in app.battle.combat.panels() for h in panel.hits if h.action is not None]


def test_an_empty_crossbow_is_reloaded_from_the_panel(rook):  # N-READY-1
    app = rook
    enc = app.battle.encounter
    enc.submit(Declare("rook", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")))
    enc.submit(ResolveNext(others_pass=True))
    next_turn(enc, "rook")
    app.step()
    press(app, "actor:rook")
    assert "Reload first" in " ".join(drawn_texts(app))
    press(app, "reload:hand_crossbow")
    (decl,) = app.battle.state.combat.declarations_of("rook")
    assert (decl.kind, decl.params) == (act.STANDARD_MOVE, {"effect": "reload", "weapon": "hand_crossbow"})
    assert any("Standard Move: reload Hand crossbow" in t for t in drawn_texts(app))


def test_treat_injury_from_the_panel_rolls_and_heals():  # N-TREAT-1
    for app in app_session(staged("medic"), closing=True):
        app.players.open(size=SIZE)
        enc = app.battle.encounter
        enc.submit(AdjustHP("rook", -10))
        app.step()
        press(app, "actor:medic")
        assert "treat:rook" in all_keys(app) and "treat:bear" not in all_keys(app)
        press(app, "treat:rook")
        (decl,) = app.battle.state.combat.declarations_of("medic")
        assert (decl.kind, decl.params.get("item"), decl.params.get("target")) == (act.USE_ITEM, "treat-injury", "rook")
        assert any("Use Item: Treat Injury -> Rook" in t for t in drawn_texts(app))
        key(app, pygame.K_F2)  # the players' view: counted and marked as every declared action is
        assert "1 declared action to resolve (Enter)" in drawn_texts(app)
        key(app, pygame.K_F2)
        app.battle.combat.submit(ResolveNext(others_pass=True), typed=[12, 5])
        app.step()
        lines = log_lines(app)
        assert any("treating Rook's injuries" in line and "12" in line for line in lines), lines[-5:]
        assert app.battle.state.combatants["rook"].hp == 15
        card = " ".join(players_window_frame(app)[1])  # the players' "Last roll" card: the treater's check
        assert "Medic: Treat Injury (treating Rook's injuries)" in card and "vs DC 15" in card and "SUCCESS" in card
        assert "Healing for Rook: 1d8" in card and "= +5 hp" in card  # and its healing die, as a hit's damage (review 9b)
        gm = drawn_texts(app)  # the GM's "Resolve in order" card
        assert "Healing for Rook: 1d8" in gm and "= +5 hp" in gm


def test_the_attack_tool_says_why_a_holstered_revolver_cannot_fire(rook):  # N-READY-2
    app = rook
    press(app, "actor:rook")
    app.battle.combat.aim("rook", act.STANDARD_ATTACK, weapon="slug_revolver")  # as T with the revolver chosen
    bear = app.battle.state.combatants["bear"]
    move(app, centre(app, bear.cell))
    setup, _ = app.battle.tool.preview(bear)
    assert setup.problem == "Draw the Slug revolver first: a Simple action (holster)"
    texts = drawn_texts(app)  # the panel's line under the greyed attack, and the hover card's
    assert sum(t.startswith("Draw the Slug revolver") for t in texts) == 2, texts


def test_no_two_weapon_pair_with_a_holstered_off_hand(rook):  # N-READY-2: the draw would take the Bonus's slot
    app = rook
    press(app, "actor:rook")
    assert "weapons:hand_crossbow" not in all_keys(app)
    press(app, "draw:slug_revolver")
    assert "weapons:hand_crossbow" not in all_keys(app)  # the Simple slot is spent: no Bonus Attack


def test_treat_injury_is_shown_greyed_with_why_when_no_one_can_be_treated():  # N-TREAT-1 (review 9 new, finding 3)
    for app in app_session(staged("medic"), closing=True):
        press(app, "actor:medic")
        assert "treat:nobody" in all_keys(app) and "treat:nobody" not in [k for k, fn in _live(app)]
        assert "No one on Medic's side is injured" in " ".join(drawn_texts(app))
        enc = app.battle.encounter
        enc.submit(AdjustHP("rook", -10))
        enc.state.combatants["rook"].cell = (5, 5)  # (a scene: Rook stands across the room, as test_common_actions)
        app.step()
        texts = " ".join(drawn_texts(app))
        assert "Rook is out of reach: treating needs them within 5 ft: move next to them first" in texts
        assert "treat:rook" not in all_keys(app)


def test_a_medic_steps_5_ft_then_treats_from_the_window():  # N-MOVE-8, N-TREAT-1 (review 9 new, finding 2)
    for app in app_session(staged("medic"), closing=True):
        enc = app.battle.encounter
        enc.submit(AdjustHP("rook", -10))
        enc.state.combatants["rook"].cell = (4, 2)  # (a scene: Rook two squares from the medic at 2,2)
        app.step()
        press(app, "actor:medic")
        assert "treat:rook" not in all_keys(app)
        press(app, "kind:step")  # the card's "Simple: 5 ft step"
        assert (3, 2) in app.battle.reach.run and (4, 3) not in app.battle.reach.run | app.battle.reach.sprint
        click(app, centre(app, (3, 2)))
        app.step()
        (step,) = app.battle.state.combat.declarations_of("medic")
        assert (step.kind, step.params.get("effect")) == (act.SIMPLE, "step")  # the Standard stays free
        assert app.battle.step_for is None and "kind:step" not in all_keys(app)
        press(app, "treat:rook")  # treated from where the step leaves the medic
        kinds = [d.kind for d in app.battle.state.combat.declarations_of("medic")]
        assert kinds == [act.SIMPLE, act.USE_ITEM]
        app.battle.combat.submit(ResolveNext(others_pass=True))
        app.battle.combat.submit(ResolveNext(others_pass=True), typed=[12, 5])
        app.step()
        assert app.battle.state.combatants["medic"].cell == (3, 2) and app.battle.state.combatants["rook"].hp == 15


def test_after_a_reload_resolves_the_card_offers_the_step_the_status_line_speaks_of(rook):  # N-ORD-4, N-MOVE-8
    app = rook  # review 9 new, finding 6: the card said "nothing new to declare" while a click declared a step
    enc = app.battle.encounter
    enc.submit(Declare("rook", Action(act.SIMPLE, effect="draw", weapon="slug_revolver")))  # nothing else to draw
    enc.submit(Declare("rook", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")))
    resolve_all(enc)
    next_turn(enc, "rook")
    enc.submit(Declare("rook", Action(act.STANDARD_MOVE, effect="reload", weapon="hand_crossbow")))
    enc.submit(ResolveNext())  # the reload rolls nothing: it resolves while Vale and the medic have not declared
    app.step()
    press(app, "actor:rook")
    texts = " ".join(drawn_texts(app))
    assert "nothing new" not in texts and "The group is resolving" not in texts
    assert "Simple: 5 ft step: click a square" in texts and "kind:step" in [k for k, fn in _live(app)]
    assert "5 ft step" in app.battle.reach.allowance.note  # the status line's word, from the same engine answer
    press(app, "kind:step")
    click(app, centre(app, (1, 0)))
    app.step()
    assert [(d.kind, d.params.get("effect")) for d in app.battle.state.combat.declarations_of("rook")][-1] == \
        (act.SIMPLE_AFTER, "step")


def test_no_greyed_treat_injury_on_a_card_without_the_skill_or_the_kit(rook):  # N-TREAT-1: only a medic's card
    press(rook, "actor:rook")
    assert "treat:nobody" not in all_keys(rook)


def test_after_a_standard_move_treat_injury_stays_greyed_with_why():  # N-TREAT-1, R-ACT-1 (fix11, gap 1)
    """The medic runs (a Standard Move, declared by clicks): Treat Injury, a Standard Use Item action,
    is no longer possible this turn, and the card says so under a greyed line, not by dropping it;
    withdrawing the run offers the treatment again."""
    for app in app_session(staged("medic"), closing=True):
        enc = app.battle.encounter
        enc.submit(AdjustHP("rook", -10))
        app.step()
        press(app, "actor:medic")
        assert "treat:rook" in [k for k, fn in _live(app)]
        press(app, "kind:standard-move")
        click(app, centre(app, (3, 3)))
        app.step()
        (run,) = app.battle.state.combat.declarations_of("medic")
        assert run.kind == act.STANDARD_MOVE
        assert "treat:nobody" in all_keys(app) and "treat:nobody" not in [k for k, fn in _live(app)]
        assert "treat:rook" not in all_keys(app)
        texts = " ".join(drawn_texts(app))
        assert "Use Item: Treat Injury" in texts
        assert ("Medic already has a Standard action this turn (Standard Move): Treat Injury is a Standard Use Item "
                "action") in texts
        press(app, f"withdraw:{run.id}")
        assert "treat:rook" in [k for k, fn in _live(app)] and "treat:nobody" not in all_keys(app)


def test_full_hands_grey_the_draw_and_the_card_offers_the_switch():  # N-READY-3 (fix11, gap 3)
    """Rook holds a two-handed Heavy crossbow: the holstered revolver's Simple draw is greyed with the
    engine's words, and "Standard Move: switch to Slug revolver" ("puts away the Heavy crossbow (to the
    pack)") declares the switch (the declared card names what goes away); Resolve puts the crossbow in the pack and draws the
    revolver (the log says both), and the next turn the crossbow's attack says where to draw it from."""
    for app in app_session(staged("rook", rook=GUNNER), closing=True):
        press(app, "actor:rook")
        assert "draw:slug_revolver" in all_keys(app) and "draw:slug_revolver" not in [k for k, fn in _live(app)]
        texts = " ".join(drawn_texts(app))
        assert ("Rook's hands are full (Heavy crossbow): the Slug revolver needs one hand. Switch weapons to put it "
                "away: a Standard Move") in texts
        assert "Standard Move: switch to Slug revolver" in texts and "puts away the Heavy crossbow (to the pack)" in texts
        press(app, "switch:slug_revolver:heavy_crossbow")
        assert "draw:slug_revolver" not in all_keys(app)  # the declared switch draws it: nothing left to grey
        (decl,) = app.battle.state.combat.declarations_of("rook")
        assert (decl.kind, decl.params) == (act.STANDARD_MOVE, {"effect": "draw", "weapon": "slug_revolver",
                                                                "stow": ["heavy_crossbow"]})
        assert "Standard Move: draw Slug revolver, putting away the Heavy crossbow" in " ".join(drawn_texts(app))
        app.battle.combat.submit(ResolveNext(others_pass=True))
        app.step()
        said = log_lines(app)
        at = said.index("Rook puts the Heavy crossbow away in the pack.")
        assert said[at + 1] == "Rook draws the Slug revolver from the holster."
        next_turn(app.battle.encounter, "rook")
        app.step()  # (Rook is still the card's member)
        assert "Draw the Heavy crossbow first: a Standard Move (pack)" in " ".join(drawn_texts(app))
        assert "weapon:slug_revolver" in [k for k, fn in _live(app)]
        assert "switch:heavy_crossbow:slug_revolver" in [k for k, fn in _live(app)]


def test_a_card_without_carried_weapons_shows_no_draw_nor_switch():  # N-READY-3: sheets as they were
    for app in app_session(staged("vale"), closing=True):
        press(app, "actor:vale")
        assert not [k for k in all_keys(app) if k.startswith(("draw:", "switch:"))]
