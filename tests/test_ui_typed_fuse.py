"""With "players type", a fuse going off as a turn ends asks for the players' saves (R-ROLL-1, R-GREN-4, R-GREN-6).

A player's save against a blast set off by a declared action was asked in the Resolve box, but
a fuse frag going off at the end of a group's turn (End turn: the banner, the tracker, E),
Detonate now and a remote trigger still rolled it with the app's dice. What is tested: the
engine says the save is owed and takes the faces typed for it (fixed seed); in the headless
window a bear's fuse frag on Ann, then E at the end of the party's turn, submits nothing and
shows the prompt; Ann's faces typed and Enter end the turn with her save; Esc leaves everything
as it was; "Roll for them" lets the app roll; Detonate now asks too; with the app rolling
nothing is asked.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.table import ChangeTableSetting, blasts_saved_against, saves_to_type
from tactics.rules import actions as act

from test_ground_audit import to_group
from test_ui_hazards import make_app
from tactics.ui.panels.typed_saves import save_prompt

from ui_driver import click, fighter, key, post


def _fuse_on_ann():
    """A bear's fuse frag at Ann's feet, the table typing its dice, the party's turn on (it goes off as it ends)."""
    app = make_app(fighter("ann", "party", (3, 6), modifiers={"DEX": 2}), fighter("bear", "bears", (8, 6)))
    enc = app.battle.encounter
    enc.submit(StartCombat())
    enc.submit(Advance())
    to_group(enc, "bears:vanguard")
    enc.submit(Declare("bear", Action(act.USE_ITEM, item="grenade", target_cell=(3, 6))))
    enc.submit(ResolveNext(), typed=[5, 5])  # on target
    enc.submit(ChangeTableSetting("dice", "players"))
    to_group(enc, "party:vanguard")
    app.battle.set_tool("select")
    app.step()
    return app, enc


def _saves(entry) -> dict[str, dict]:
    return {e.combatant: e.save for e in entry.events if e.kind == "hazard.hit"}


def _end_turn(app) -> None:
    """E, and E again after "Ann has declared nothing yet: End turn again (E) ..." (the app rolling:
    with a typed save owed the first E asks it, tests/test_ui_typed_saves_app_turn.py)."""
    key(app, pygame.K_e)
    if "End turn again (E)" in app.battle.message[0]:
        key(app, pygame.K_e)


def _type(app, faces: str) -> None:
    for ch in faces:
        post(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_RETURN)
    app.step()  # the box reports Enter with an event of its own, handled on the next step


def test_the_engine_owes_anns_save_and_takes_her_faces():  # R-ROLL-1, R-GREN-6
    app, enc = _fuse_on_ann()
    try:
        assert saves_to_type(enc.journal, Advance()) == {"ann": [20]}
        assert blasts_saved_against(enc.journal, Advance()) == ["Frag grenade"]
        enc.submit(ChangeTableSetting("dice", "app"))
        assert saves_to_type(enc.journal, Advance()) == {}, "the app rolls: nothing owed"
        enc.journal.undo()
        entry = enc.submit(Advance(), saves={"ann": [17]})
        assert _saves(entry)["ann"]["d20"] == 17
    finally:
        pygame.quit()


def test_e_asks_for_anns_save_and_enter_ends_the_turn_with_it():  # R-ROLL-1, R-GREN-4
    app, enc = _fuse_on_ann()
    try:
        count = len(enc.journal.entries)
        _end_turn(app)
        assert len(enc.journal.entries) == count, "nothing submitted: Ann's save is asked"
        prompt = save_prompt(app)
        assert prompt.asked is not None and prompt.entry is not None and prompt.entry.visible
        assert "Type Ann's save (d20) for the frag grenade going off" in app.battle.message[0]
        _type(app, "17")
        assert len(enc.journal.entries) == count + 1, app.battle.message
        entry = enc.journal.entries[-1]
        assert entry.command == "advance" and _saves(entry)["ann"]["d20"] == 17, "Ann's typed save in the log"
        assert prompt.asked is None and prompt.entry is None, "the prompt is gone"
    finally:
        pygame.quit()


def test_esc_cancels_and_nothing_happened():
    app, enc = _fuse_on_ann()
    try:
        count, group = len(enc.journal.entries), enc.state.combat.acting_group().key
        _end_turn(app)
        key(app, pygame.K_ESCAPE)
        assert save_prompt(app).asked is None and save_prompt(app).entry is None
        assert len(enc.journal.entries) == count and enc.state.combat.acting_group().key == group
        assert enc.state.grenades["grenade-1"].status == "live", "the frag has not gone off"
    finally:
        pygame.quit()


def test_roll_for_them_lets_the_app_roll():
    app, enc = _fuse_on_ann()
    try:
        count = len(enc.journal.entries)
        _end_turn(app)
        button = save_prompt(app).roll
        assert button is not None and button.visible
        click(app, button.rect.center)
        app.step()
        assert len(enc.journal.entries) == count + 1, app.battle.message
        assert "ann" in _saves(enc.journal.entries[-1]), "the app rolled Ann's save"
    finally:
        pygame.quit()


def test_with_the_app_rolling_e_ends_the_turn_at_once():
    app, enc = _fuse_on_ann()
    try:
        enc.submit(ChangeTableSetting("dice", "app"))
        count = len(enc.journal.entries)
        _end_turn(app)
        assert len(enc.journal.entries) == count + 1 and "ann" in _saves(enc.journal.entries[-1])
        assert save_prompt(app).asked is None
    finally:
        pygame.quit()


def test_detonate_now_asks_too():  # R-GREN-4: the GM's menu submits through the battle view
    from tactics.engine.hazards.commands import Detonate

    app, enc = _fuse_on_ann()
    try:
        count = len(enc.journal.entries)
        assert not app.battle.submit(Detonate("grenade-1")), "held back for Ann's save"
        assert len(enc.journal.entries) == count and save_prompt(app).asked is not None
        _type(app, "3")
        assert len(enc.journal.entries) == count + 1 and enc.journal.entries[-1].command == "detonate"
        assert _saves(enc.journal.entries[-1])["ann"]["d20"] == 3
    finally:
        pygame.quit()
