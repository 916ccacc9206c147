"""The GM's right-click menu, driven headless with real pygame events through ``App.step``.

What is tested: a right click on a token opens the menu beside it (a right drag still
pans and opens nothing); Damage 5 lowers the hit points by 5 in one journal entry; Add
condition Stunned for 2 rounds puts the condition (its pill draws from the state) and
Ctrl+Z undoes it with a readable "Undone:" message; the keyboard alone works (arrows,
digits, Enter, Esc); Remove condition shows the counter; a grenade thrown outside a
fight can be set off from its marker (Detonate now: the detonation's events are in the
journal); a hidden trap can be revealed to the players and removed; the players' view
opens no menu; "Join the fight here" brings an absent combatant in at the Counter Phase
(R-INIT-5).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.hazards.commands import ThrowGrenade
from tactics.engine.hazards.traps import PlaceTrap
from tactics.maps import BattleMap
from tactics.rules import traps as tr
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of

from ui_driver import app_session, centre, click, fighter, key, post

SIZE = (1920, 1080)
ROOM = "\n".join(["." * 18] * 11)


def make_app(*extra: dict) -> App:
    definition = {
        "name": "Menu room",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (3, 4), modifiers={"STR": 1, "DEX": 1}),
                       fighter("bear", "bears", (12, 5)), *extra],
    }
    return App(Encounter(definition, BattleMap.from_text(ROOM), seed=5), size=SIZE)


@pytest.fixture
def app():
    yield from app_session(make_app())


def right_click(app: App, cell) -> None:
    click(app, centre(app, cell), button=3)


def pick(app: App, key_: str) -> None:
    """Click the menu line with ``key_`` where it was drawn."""
    rect = app.gm_menu.item_rect(key_)
    assert rect is not None, (key_, app.gm_menu.keys())
    click(app, rect.center)


def test_right_click_on_a_token_opens_the_menu_beside_it(app):
    right_click(app, (3, 4))
    menu = app.gm_menu
    assert menu.is_open()
    assert menu.page.title == "Ann" and "30/30 HP" in menu.page.subtitle
    assert menu.keys()[:3] == ["damage", "heal", "add-condition"] and "hide" in menu.keys()
    token = pygame.Rect(app.battle.camera.cell_rect((3, 4)))
    assert menu.rect is not None and menu.rect.left > token.right  # beside the token, not over it
    assert not menu.rect.colliderect(token)


def test_damage_5_is_one_journal_entry(app):
    journal = app.battle.encounter.journal
    before = len(journal.entries)
    right_click(app, (3, 4))
    pick(app, "damage")
    key(app, pygame.K_5, text="5")
    pick(app, "apply")
    assert app.battle.state.combatants["ann"].hp == 25
    assert len(journal.entries) == before + 1
    assert journal.entries[-1].command == "adjust-hp" and journal.entries[-1].args["delta"] == -5
    assert not app.gm_menu.is_open()
    assert "loses 5 hp" in app.battle.message[0]


def test_damage_typed_as_dice_is_rolled_with_its_faces_shown_and_undone_in_one_step(app):
    """A GM types 2d6+1 (a rock fall): the engine rolls it with the seeded dice, the log shows the faces."""
    journal = app.battle.encounter.journal
    before = len(journal.entries)
    right_click(app, (3, 4))
    pick(app, "damage")
    for k, text in ((pygame.K_2, "2"), (pygame.K_d, "d"), (pygame.K_6, "6"), (pygame.K_EQUALS, "+"), (pygame.K_1, "1")):
        key(app, k, text=text)
    pick(app, "apply")
    entry = journal.entries[-1]
    assert len(journal.entries) == before + 1 and entry.command == "roll-hp" and entry.args["dice"] == "2d6+1"
    rolled = entry.events[0]
    assert rolled.kind == "hp.rolled" and len(rolled.faces) == 2 and all(1 <= f <= 6 for f in rolled.faces)
    assert rolled.total == sum(rolled.faces) + 1
    assert app.battle.state.combatants["ann"].hp == 30 - rolled.total
    faces = ", ".join(str(f) for f in rolled.faces)
    assert f"2d6+1 [{faces}] = {rolled.total}" in app.battle.message[0]  # every roll shows its dice
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.battle.state.combatants["ann"].hp == 30


def test_bad_dice_are_refused_with_a_reason_and_change_nothing(app):
    right_click(app, (3, 4))
    pick(app, "damage")
    for k, text in ((pygame.K_d, "d"), (pygame.K_d, "d"), (pygame.K_MINUS, "-")):
        key(app, k, text=text)
    entries = len(app.battle.encounter.journal.entries)
    pick(app, "apply")
    assert app.battle.state.combatants["ann"].hp == 30 and len(app.battle.encounter.journal.entries) == entries
    assert "dice" in app.battle.message[0]


def test_refused_dice_leave_the_menu_open_with_what_was_typed_and_why(app):
    """An outside reviewer typed 99999d99999: the menu closed and the text was gone. It stays on
    its page with the text and the engine's reason in red, cleared by the next key."""
    right_click(app, (3, 4))
    pick(app, "damage")
    for text in "9999d99999":
        key(app, pygame.K_d if text == "d" else getattr(pygame, f"K_{text}"), text=text)
    key(app, pygame.K_RETURN)
    page = app.gm_menu.page
    assert app.gm_menu.is_open() and page is not None and page.typed == "9999d99999"
    assert "dice" in page.error and page.error == app.battle.message[0]
    assert app.battle.state.combatants["ann"].hp == 30
    menu = app.gm_menu.rect
    assert any(p[:3] == pygame.Color(*theme.BAD_SOFT)[:3]  # the reason shows on the card
               for p in (pygame.display.get_surface().get_at((x, y)) for x in range(menu.left, menu.right, 2)
                         for y in range(menu.top, menu.top + 80)))
    key(app, pygame.K_BACKSPACE)
    assert page.error == "" and page.typed == "9999d9999"


def test_heal_with_an_amount_chip_and_the_keyboard_only(app):
    state = app.battle.state
    right_click(app, (3, 4))
    key(app, pygame.K_RETURN)  # Damage...
    key(app, pygame.K_1, text="1")
    key(app, pygame.K_2, text="2")
    key(app, pygame.K_RETURN)
    assert state.combatants["ann"].hp == 18
    right_click(app, (3, 4))
    pick(app, "heal")
    click(app, app.gm_menu.chip_rect(5).center)
    key(app, pygame.K_RETURN)
    assert state.combatants["ann"].hp == 23


def test_stunned_for_2_rounds_shows_and_ctrl_z_undoes_it(app):
    right_click(app, (3, 4))
    pick(app, "add-condition")
    assert "condition:Stunned" in app.gm_menu.keys() and "condition:Shaken" in app.gm_menu.keys()
    pick(app, "condition:Stunned")
    pick(app, "rounds:2")
    who = app.battle.state.combatants["ann"]
    assert [(c.name, c.rounds) for c in who.conditions] == [("Stunned", 2)]
    # the token's pill draws from the state: the pill's text is on the board
    right_click(app, (3, 4))
    pick(app, "remove-condition")
    assert app.gm_menu.page.items[0].detail == "2 rounds left"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert not app.gm_menu.is_open()
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.battle.state.combatants["ann"].conditions == []
    assert app.battle.message[0] == "Undone: Add condition: Stunned (Ann)"
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert app.battle.message[0] == "Redone: Add condition: Stunned (Ann)"


def test_a_condition_lasts_any_number_of_rounds_typed(app):
    """Review 13 F9: lengths stopped at 3 rounds; the text's own examples are a 4-turn poison and
    a 1d4-turn wind (rolled at the table, typed here)."""
    right_click(app, (3, 4))
    pick(app, "add-condition")
    pick(app, "condition:Stunned")
    key(app, pygame.K_RETURN)  # nothing typed yet: said, nothing applied
    assert "Type a number of rounds" in app.gm_menu.page.error and app.gm_menu.is_open()
    key(app, pygame.K_1, text="1")
    key(app, pygame.K_d, text="d")  # "1d4": dice are rolled at the table, a number typed here
    assert "Type a number of rounds" in app.gm_menu.page.error and app.gm_menu.page.typed == "1"
    key(app, pygame.K_2, text="2")
    key(app, pygame.K_RETURN)
    who = app.battle.state.combatants["ann"]
    assert [(c.name, c.rounds) for c in who.conditions] == [("Stunned", 12)]
    right_click(app, (3, 4))
    pick(app, "add-condition")
    pick(app, "condition:Shaken")
    for digit in "150":
        key(app, getattr(pygame, f"K_{digit}"), text=digit)
    key(app, pygame.K_RETURN)  # longer than a counter runs: the engine's words, on the page
    assert "99 rounds at most" in app.gm_menu.page.error and app.gm_menu.is_open()


def test_until_removed_and_remove_condition(app):
    right_click(app, (3, 4))
    key(app, pygame.K_3, text="3")  # the third line: Add condition...
    assert app.gm_menu.page.title == "Add condition"
    key(app, pygame.K_DOWN)  # Shaken, Stunned: the second
    key(app, pygame.K_RETURN)
    key(app, pygame.K_UP)  # from "1 round" up to "Until removed"
    key(app, pygame.K_RETURN)
    who = app.battle.state.combatants["ann"]
    assert [(c.name, c.rounds) for c in who.conditions] == [("Stunned", None)]
    right_click(app, (3, 4))
    pick(app, "remove-condition")
    assert app.gm_menu.page.items[0].detail == "until removed"
    pick(app, "remove:Stunned")
    assert who.conditions == []


def test_hide_and_reveal(app):
    right_click(app, (12, 5))
    pick(app, "hide")
    assert app.battle.state.combatants["bear"].hidden
    right_click(app, (12, 5))
    assert "reveal" in app.gm_menu.keys()
    pick(app, "reveal")
    assert not app.battle.state.combatants["bear"].hidden


def test_right_drag_pans_and_opens_no_menu(app):
    cam = app.battle.camera
    before = cam.to_screen((3.5, 4.5))
    start = centre(app, (3, 4))
    end = (start[0] + 120, start[1] + 40)
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3),
         pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(120, 40), buttons=(0, 0, 1)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=3))
    after = cam.to_screen((3.5, 4.5))
    assert (after[0] - before[0], after[1] - before[1]) == (120, 40)
    assert not app.gm_menu.is_open()


def test_right_click_on_an_empty_square_opens_nothing_and_a_click_away_closes(app):
    right_click(app, (8, 8))
    assert not app.gm_menu.is_open()
    right_click(app, (3, 4))
    assert app.gm_menu.is_open()
    hp = app.battle.state.combatants["ann"].hp
    click(app, centre(app, (14, 9)))  # a left click away only closes the menu
    assert not app.gm_menu.is_open()
    assert app.battle.state.combatants["ann"].hp == hp and app.battle.selected is None


def test_players_view_opens_no_menu(app):
    key(app, pygame.K_F2)
    right_click(app, (3, 4))
    assert not app.gm_menu.is_open()


def test_a_grenade_thrown_outside_a_fight_can_be_detonated_from_its_marker(app):
    view = app.battle
    assert view.submit(ThrowGrenade("ann", (8, 4), "frag"))
    hazards_of(view).finish()
    grenade = next(iter(view.state.grenades.values()))
    assert grenade.status == "live"
    cell = tuple(grenade.cell)
    right_click(app, cell)
    assert f"detonate:{grenade.id}" in app.gm_menu.keys()
    journal = view.encounter.journal
    before = len(journal.entries)
    pick(app, f"detonate:{grenade.id}")
    assert len(journal.entries) == before + 1
    kinds = [e.kind for e in journal.entries[-1].events]
    assert "grenade.exploded" in kinds and "hazard.blast" in kinds
    assert view.state.grenades[grenade.id].status != "live"


def test_a_hidden_trap_can_be_revealed_and_removed(app):
    view = app.battle
    assert view.submit(PlaceTrap("frag_mine", (6, 8)))
    tid = next(iter(view.state.traps))
    right_click(app, (6, 8))
    assert app.gm_menu.keys() == [f"reveal-trap:{tid}", f"remove-trap:{tid}"]
    pick(app, f"reveal-trap:{tid}")
    assert tr.visible_to_players(view.state.traps[tid])
    right_click(app, (6, 8))
    assert app.gm_menu.keys() == [f"remove-trap:{tid}"]
    pick(app, f"remove-trap:{tid}")
    assert view.state.traps.get(tid) is None or view.state.traps[tid].status == "removed"


def test_an_absent_combatant_joins_the_fight_here_at_the_counter_phase():  # R-INIT-5
    late = {**fighter("cub", "bears", (14, 8)), "present": False}
    app = make_app(late)
    try:
        app.step()
        view = app.battle
        assert view.submit(StartCombat())
        right_click(app, (14, 8))
        assert not app.gm_menu.is_open()  # not at this moment of the round
        while view.state.combat.phase != "counters":
            assert view.submit(Advance())
        right_click(app, (14, 8))
        assert "join:cub" in app.gm_menu.keys()
        pick(app, "join:cub")
        cub = view.state.combatants["cub"]
        assert cub.present and cub.cell == (14, 8)
        assert view.encounter.journal.entries[-1].command == "join"
    finally:
        pygame.quit()


def test_undo_of_the_next_button_says_which_step():
    app = make_app()
    try:
        app.step()
        view = app.battle
        assert view.submit(StartCombat())
        while view.state.combat.phase != "action":
            assert view.submit(Advance())
        assert view.submit(Advance())  # the acting group's turn ends
        key(app, pygame.K_z, pygame.KMOD_LCTRL)
        assert view.message[0] == "Undone: End turn"
        key(app, pygame.K_y, pygame.KMOD_LCTRL)
        assert view.message[0] == "Redone: End turn"
    finally:
        pygame.quit()


# -- the restore question is modal ----------------------------------------------------------
def test_with_the_restore_prompt_shown_the_board_moves_nothing(app):
    answers: list[str] = []
    prompt = app.saving.ask("Newer autosave", "An autosave from 16:42 is newer than this file. Restore it?",
                            ["Restore", "Ignore"], answers.append)
    app.step()
    view = app.battle
    journal = view.encounter.journal
    cell = view.state.combatants["ann"].cell
    click(app, centre(app, cell))  # select Ann ...
    click(app, centre(app, (5, 4)))  # ... and move her: nothing happens under the question
    key(app, pygame.K_r)  # no tool hotkey
    right_click(app, cell)  # no GM menu
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert view.selected is None and view.state.combatants["ann"].cell == cell
    assert journal.entries == [] and view.tool.name == "select" and not app.gm_menu.is_open()
    assert prompt.alive() and answers == []
    # the map is dimmed behind the question
    shot = pygame.display.get_surface()
    x, y = centre(app, (14, 9))
    dimmed = tuple(shot.get_at((x, y)))[:3]
    key(app, pygame.K_ESCAPE)  # the prompt keeps its keys: Esc answers the last choice
    assert answers == ["Ignore"] and not prompt.alive()
    app.dirty = True
    app.step()
    clear = tuple(pygame.display.get_surface().get_at((x, y)))[:3]
    assert sum(dimmed) < sum(clear) - 60
    click(app, centre(app, cell))
    click(app, centre(app, (5, 4)))
    assert view.state.combatants["ann"].cell == (5, 4)  # play goes on once it is answered


def test_the_prompt_buttons_still_answer(app):
    answers: list[str] = []
    prompt = app.saving.ask("Newer autosave", "Restore it?", ["Restore", "Ignore"], answers.append)
    app.step()
    click(app, prompt.button_centre("Restore"), settle=True)  # pygame_gui posts the press: run it
    assert answers == ["Restore"]


# -- wording on screen ----------------------------------------------------------------------
def test_log_lines_use_labels_not_ids():
    from tactics.engine.core.labels import command_label
    from tactics.engine.combat.queries import describe
    from tactics.engine.hazards.log import describe_hazard
    from tactics.engine.combat.events import ActionDeclared
    from tactics.engine.hazards.events import TrapPlaced

    line = describe(ActionDeclared(id=1, combatant="ann", action_kind="attack",
                                   params={"weapon": "silenced_pistol"}, needs_roll=True))
    assert "(Silenced pistol)" in line and "silenced_pistol" not in line
    placed = describe_hazard(TrapPlaced(trap={"label": "Frag mine", "cell": [6, 8], "hidden": True}, by=None), None)
    assert placed == "GM: a hidden Frag mine is placed at (6, 8)."  # "GM:" keeps it off the players' log
    assert command_label("adjust-hp") == "Change hit points" and command_label("new-thing") == "New thing"
