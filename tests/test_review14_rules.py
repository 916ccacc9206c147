"""Review 14's rules findings (the outside GM at the table), each as the GM met it.

Finding 4 (R-MOVE-1, R-ACT-1, reading N-MOVE-9): a selected combatant was offered a route back to
its own square ("Standard Move + Bonus Move, 10 ft", a sprint), and the engine accepted a Standard
Move that ended where it began. Expected: no route to the mover's own square in either mode, a
route that fits inside the run is never a sprint, a declared move ending on its start square is
refused with words, and hovering one's own token says nothing of a Bonus Move. Fixed seeds.

Finding 2 (N-SURP-2, reading N-SKILL-2): Hide (Stealth) queued with no odds and resolved as
"Stealth +8 = 12, SEEN", with no number it lost to. Expected: the engine's exact chance against the
highest Passive Perception among the foes, named ("Passive Perception 13 (Bear 1-4)"), in the
resolve queue before the roll, on the roll card and in the log after it; a search names the hidden
foes' Stealth. Typed dice, so the faces are fixed.
"""

from __future__ import annotations

import pytest

from tactics.assets import bundled
from tactics.engine.combat import moves, team
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.journal import Refused
from fractions import Fraction

from tactics.engine.combat.actions import ResolveNext
from tactics.engine.combat.events import CombatCheck
from tactics.engine.combat.queries import describe
from tactics.engine.combat.skill_odds import declared_skill_odds, name_run, skill_odds
from tactics.ui.app import App

from test_ground_flow import fight
from test_ui_combat import explosion, press, space_bears, start_surprise, token, type_faces
from ui_driver import app_session, click, drawn_texts, move


def team_fight(seed: int = 7):
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=seed)
    enc.submit(team.StartCombat())
    enc.submit(team.BeginActions())
    return enc


def test_no_route_back_to_the_movers_own_square_and_none_inside_the_run_is_a_sprint():  # N-MOVE-9
    enc = team_fight()
    for cid in ("brandon", "james"):
        who = enc.state.combatants[cid]
        allowance = moves.move_allowance(enc.state, cid)
        routes = moves.move_routes(enc.state, cid)
        assert routes, f"{cid} can move"
        assert who.cell not in routes, f"{cid} is offered a route to the square it stands on"
        for cell, route in routes.items():
            if route.cost <= allowance.run_ft and len(route.legs) == 1:
                assert not route.sprint, f"{cid} to {cell}: {route.cost} ft fits the {allowance.run_ft} ft run"


def test_a_declared_move_that_ends_where_it_began_is_refused_with_words():  # N-MOVE-9
    enc = team_fight()
    start = enc.state.combatants["brandon"].cell
    assert start == (15, 2)
    with pytest.raises(Refused, match=r"ends on \(15, 2\), where Brandon starts: a move ends on another square"):
        enc.submit(Declare("brandon", Action("standard-move", path=[(14, 1), (15, 2)])))
    assert not enc.state.combat.declarations
    assert "already on (15, 2)" in moves.why_not_move(enc.state, "brandon", (15, 2))


def test_individual_turns_offer_no_route_to_the_own_square_and_refuse_a_round_trip():  # N-MOVE-9
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=7)
    enc.submit(StartTurns(order="table"))
    enc.submit(BeginTurn())
    cid = enc.state.combat.current
    who = enc.state.combatants[cid]
    assert who.cell not in moves.move_routes(enc.state, cid)
    step = next(iter(c for c, r in moves.move_routes(enc.state, cid).items() if r.cost == 5))
    with pytest.raises(Refused, match="a move ends on another square"):
        enc.submit(TakeAction(cid, TurnAction("move", path=[step, who.cell])))


@pytest.fixture
def app():
    enc = space_bears()
    explosion(enc)
    yield from app_session(App(enc, size=(1600, 900)))


def test_hovering_ones_own_token_offers_no_move(app):  # N-MOVE-9, review 14 finding 4
    press(app, "start")
    press(app, "banner-advance")
    click(app, token(app, "brandon"))
    assert app.battle.reach is not None and app.battle.reach.who == "brandon"
    move(app, token(app, "brandon"))
    status = app.battle.tool.status()
    assert "uses your Bonus action" not in status and "Standard Move + Bonus Move" not in status, status
    assert app.battle.state.combatants["brandon"].cell not in app.battle.reach.routes


# --------------------------------------------------------------------------- finding 2: skill odds
def test_hide_odds_are_against_the_highest_passive_perception_and_the_roll_names_it():  # N-SURP-2, N-SKILL-2
    enc = fight()
    enc.submit(Declare("james", Action("use-item", item="stealth")))
    decl = enc.state.combat.declarations[-1]
    odds = declared_skill_odds(enc.state, decl.id)
    assert odds is not None
    assert odds.against == "Passive Perception 13 (Bear 1-4)"
    assert odds.chance == Fraction(9, 20), "d20 + 2 must beat 13: 12 or more on the d20"
    entry = enc.submit(ResolveNext(others_pass=True), typed=[5])  # 5 + 2 = 7: seen
    check = next(e for e in entry.events if isinstance(e, CombatCheck))
    assert (check.against, check.result, check.odds) == ("Passive Perception 13 (Bear 1-4)", "seen", "9/20")
    lines = [describe(e, enc.state) for e in entry.events]
    assert ("James Stealth (hiding): d20 5 + Stealth (DEX) 2 = 7 vs Passive Perception 13 (Bear 1-4): seen "
            "(chance to hide was 45%).") in lines
    assert "James is seen by Bear 1-4: Stealth 7 vs Passive Perception 13." in lines


def test_a_foe_with_sharper_eyes_sets_the_number_to_beat():  # N-SURP-2: any one foe meeting it sees
    enc = fight()
    james, bear2 = enc.state.combatants["james"], enc.state.combatants["bear2"]
    bear2.sheet = bear2.sheet.model_copy(update={"skills": {**bear2.sheet.skills, "Perception": 6}})  # Passive 16
    odds = skill_odds(enc.state, james, "stealth")
    assert odds is not None and odds.against == "Passive Perception 16 (Bear 2)"
    assert odds.chance == Fraction(3, 10), "d20 + 2 must beat 16: 15 or more"


def test_a_search_names_the_hidden_foes_stealth():  # N-SKILL-2
    enc = fight()
    bear = enc.state.combatants["bear1"]
    bear.hidden, bear.stealth = True, 15
    odds = skill_odds(enc.state, enc.state.combatants["james"], "perception")
    assert odds is not None and odds.against == "Stealth 15 (Bear 1)" and odds.success == "found"
    bear.hidden = False
    nothing = skill_odds(enc.state, enc.state.combatants["james"], "perception")
    assert nothing is not None and nothing.against == "no hidden enemy"


def test_names_in_a_numbered_run_read_as_one():
    assert name_run(["Bear 1", "Bear 2", "Bear 3", "Bear 4"]) == "Bear 1-4"
    assert name_run(["Bear 1", "Bear 3"]) == "Bear 1, Bear 3"
    assert name_run(["Art", "Bear 2", "Bear 3", "Bear 4"]) == "Art, Bear 2-4"


def test_the_resolve_queue_shows_hide_odds_and_the_card_names_what_it_lost_to(app):  # N-SKILL-2
    start_surprise(app)
    press(app, "dice-mode")
    press(app, "dice-mode")  # everyone types their dice
    press(app, "banner-advance")
    press(app, "who:brandon")
    press(app, "item:stealth")
    texts = " ".join(drawn_texts(app))
    # Shaken from the explosion: one disadvantage, a d2 off; d20 + 8 - d2 must beat 13 (67.5%)
    assert "Brandon: Use Item: Hide (Stealth) Stealth d20 + 8 - d2 vs Passive Perception 13 (Bear 1-4)" in texts
    assert "[Shaken -1] hidden 68%, seen 32%" in texts, texts
    type_faces(app, "3 1")  # 3 - 1 + 8 = 10: seen
    texts = " | ".join(drawn_texts(app))
    assert "= 10 | vs Passive Perception 13 (Bear 1-4)" in texts, texts  # under the dice: it fits the card
    assert "SEEN" in texts


# --------------------------------------------------------------------------- finding 1: dice in individual turns
def test_individual_turns_refuse_typed_dice_in_the_engine():  # N-DICE-1
    from tactics.engine.core.table import ChangeTableSetting, dice_choice_refusal

    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=7)
    assert dice_choice_refusal(enc.state, "app") is None
    with pytest.raises(Refused, match="typed dice are for team rounds: in individual turns each action resolves"):
        enc.submit(ChangeTableSetting("dice", "players"))
    assert enc.state.settings.get("dice", "app") == "app"
    team_enc = load_encounter(bundled("space-bears.encounter.toml"), seed=7)
    team_enc.submit(ChangeTableSetting("dice", "players"))  # team rounds: the table types its dice
    assert team_enc.state.settings["dice"] == "players"


def test_the_table_dialog_says_typed_dice_are_for_team_rounds_in_individual_turns():  # N-DICE-1
    import pygame
    import pygame_gui

    from test_turns_ui import encounter as turns_encounter
    from ui_driver import key, post

    for app in app_session(App(turns_encounter(), size=(1600, 900))):
        key(app, pygame.K_t, pygame.KMOD_CTRL)
        menu = app.table.dice_menu
        assert menu is not None
        options = [o[0] if isinstance(o, tuple) else o for o in menu.options_list]
        refused = [o for o in options if o.startswith(("players (team rounds): ", "everyone (team rounds): "))]
        assert len(refused) == 2, options  # said, greyed and still explained (review 16, F16g)
        post(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=refused[0], ui_element=menu))
        assert app.battle.state.settings.get("dice", "app") == "app"
        assert "typed dice are for team rounds" in (app.battle.message[0] if app.battle.message else "")


# --------------------------------------------------------------------------- finding 5: GM traps, a token selected
def test_a_gm_trap_placed_with_a_waiting_token_selected_shows_no_refusal(app):  # R-TRAP-1, R-ORD-1
    import pygame

    from ui_driver import key

    press(app, "start")  # Round 1's Advantages Phase: no one declares yet
    state = app.battle.state
    assert state.combat.phase == "advantages"
    click(app, token(app, "art"))
    key(app, pygame.K_p)
    art = state.combatants["art"].cell
    cell = next((art[0] + dx, art[1] + dy) for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
                if state.at((art[0] + dx, art[1] + dy)) is None
                and state.current_map().move_cost((art[0] + dx, art[1] + dy)) is not None)
    move(app, app.battle.camera.cell_centre(cell))
    click(app, app.battle.camera.cell_centre(cell))
    assert any(tuple(t.cell) == cell for t in state.traps.values()), "the GM's trap is placed"
    assert app.battle.message[0].startswith("GM placed a ")
    app.draw()
    assert app.battle.tool.pills == [], "no pill over the map about Art's actions"
    assert "Art's own trap actions (D, S, X, Shift+click) wait" in app.battle.tool.status()


# --------------------------------------------------------------------------- finding 8: the app's own facings
def test_the_facing_prompt_never_invites_the_gm_for_a_creature_the_app_plays():  # R-FACE-1
    """The bears played by the app (F6): their group's turn ends with the app choosing their facings;
    the prompt never asks the GM ("Waiting for Bear 1's facing: an arrow ..."), so no arrow key of the
    GM's competes with the app. The add-on's clock is injected: nothing waits on real time."""
    import pygame

    from tactics.engine.combat.team import StartCombat
    from tactics.ui.hazards import hazards_of
    from tactics.ui.opening import open_path
    from tactics.ui.opponent import BEAT_MS, OpponentAddon
    from tactics.ui.panels.next_turn import waiting_for_facing
    from ui_driver import end_turn, key

    for app in app_session(App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=(1280, 720))):
        addon = next(a for a in app.addons if isinstance(a, OpponentAddon))
        now = [0]
        addon.clock = lambda now=now: now[0]
        key(app, pygame.K_F6)  # the bears: the app's
        assert app.battle.submit(StartCombat())
        key(app, pygame.K_e)
        end_turn(app, by_key=True)
        prompt = hazards_of(app.battle).prompt
        if prompt.queue:
            key(app, pygame.K_ESCAPE)  # the party keeps its facings
        journal = app.battle.encounter.journal
        for _ in range(60):
            now[0] += BEAT_MS
            app.step()
            hazards_of(app.battle).finish()
            assert not any(c.startswith("bear") for c in prompt.queue), prompt.queue
            assert "Bear" not in waiting_for_facing(app.battle)
            if not addon.busy():
                break
        assert any(e.command == "set-facing" and e.args["combatant"].startswith("bear") for e in journal.entries), \
            "the app chose its bears' facings"


# --------------------------------------------------------------------------- finding 12: words
def test_the_facing_prompt_says_what_enter_and_esc_keep(app):  # R-FACE-1
    from tactics.ui.hazards import hazards_of
    from tactics.ui.panels.next_turn import waiting_for_facing
    from ui_driver import end_turn

    press(app, "start")
    press(app, "banner-advance")
    click(app, token(app, "james"))
    cell = next(c for c, r in app.battle.reach.routes.items() if not r.sprint)
    click(app, app.battle.camera.cell_centre(cell))
    press(app, "resolve")
    end_turn(app)
    prompt = hazards_of(app.battle).prompt
    assert prompt.current() is not None and prompt.current().id == "james"
    # "keep facing" is the rules' tracking only; Enter leaves the facing as it is (review 16 F16a)
    assert waiting_for_facing(app.battle).endswith("an arrow (or arrow keys); Enter: leave it")


DIFFICULT = "\n".join(["." * 16] * 4 + ["...^" + "." * 12] + ["." * 16] * 7)  # difficult ground at (3, 4)


def test_a_failed_crossing_reads_in_plain_words_and_one_word_for_the_short_move():  # R-MOVE-2, R-ACT-1
    enc = fight(text=DIFFICULT)  # James at (2, 4)
    enc.submit(Declare("james", Action("standard-move", path=[(3, 4), (4, 4)])))
    enc.submit(Declare("james", Action("bonus-move", path=[(5, 4)])))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[1])  # 1 + 2 = 3 vs DC 12: stopped before it
    lines = [describe(e, enc.state) for e in entry.events]
    check = next(line for line in lines if "(entering" in line)
    assert check == ("James Acrobatics (entering difficult ground): d20 1 + Acrobatics (DEX) 2 = 3 vs DC 12: failure "
                     "(chance was 55%)."), check
    assert "((" not in check and "))" not in check
    assert "James' Standard Move fell short." in lines
    lost = enc.submit(ResolveNext())
    said = [describe(e, enc.state) for e in lost.events]
    assert "James' Bonus Move is lost: James' Standard Move fell short." in said, said


def test_the_side_card_says_one_move_left_not_a_sprint_of_the_same_length():
    from tactics.ui.panels.side import budget_words

    assert budget_words(30, 60) == "Run 30 ft   Sprint 60 ft"
    assert budget_words(30, 30) == "Move 30 ft (no sprint)"
    assert budget_words(0, 30) == "Sprint 30 ft (Bonus Move)"
    assert budget_words(0, 0) == "No move left"
