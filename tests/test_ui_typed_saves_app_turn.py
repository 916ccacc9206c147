"""Typed saves when the app plays a team, and E's order: the prompt first (R-ROLL-1, R-GREN-4).

Two gaps of "players type their own dice" (tactics/ui/panels/typed_saves.py):

- The app plays the bears (F6). A party frag lies among them, its fuse burning to the end of the
  bears' Vanguard turn; Cal (the party's) stands beside them. When the app ended its turn, the
  fuse went off and Cal's save was rolled with app dice. Now the app's End turn waits and the
  prompt asks for Cal's save as when a person ends a turn; the bear (the app's) rolls app dice,
  even when every die is typed. Enter lets the app go on; Esc makes it wait (E: it asks again).
- With a member of the acting group who declared nothing, the first E said "declared nothing
  yet" and only the second asked for the typed save: the prompt now comes first, and the
  status line says who does nothing (Esc still takes it all back).

Driven through the headless window: real key presses and frames; the add-on's clock is injected.
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.control import SetController
from tactics.engine.core.table import ChangeTableSetting
from tactics.rules import actions as act
from tactics.ui.hazards import hazards_of
from tactics.ui.opponent import BEAT_MS, OpponentAddon
from tactics.ui.panels.typed_saves import save_prompt

from test_ground_audit import to_group
from test_ui_hazards import make_app
from ui_driver import click, fighter, key, post


def _frag_among_the_bears(dice: str = "players"):
    """Ann's frag lies at the bear's feet (it goes off at the end of the bears' Vanguard turn), Cal
    beside it; the table types its dice ("players" or "everyone"); the app plays the bears, whose
    turn it is."""
    app = make_app(fighter("ann", "party", (3, 6), modifiers={"DEX": 2}), fighter("cal", "party", (7, 6)),
                   fighter("bear", "bears", (8, 6)))
    enc = app.battle.encounter
    enc.submit(StartCombat())
    enc.submit(Advance())
    to_group(enc, "party:vanguard")
    enc.submit(Declare("ann", Action(act.USE_ITEM, item="grenade", target_cell=(8, 6))))
    enc.submit(ResolveNext(), typed=[5, 5])  # on target: the bear's group's fuse
    to_group(enc, "bears:vanguard")
    enc.submit(ChangeTableSetting("dice", dice))
    enc.submit(SetController("bears", "win"))
    addon = next(a for a in app.addons if isinstance(a, OpponentAddon))
    # the injected clock goes on from pygame's: the add-on's next beat was set by pygame's clock,
    # and starting at 0 the beats never came once the test process had run longer than 30 of them
    # (these tests failed after others in one process: the full suite's worker)
    now = [pygame.time.get_ticks()]
    addon.clock = lambda: now[0]

    def beats(n: int = 30) -> None:
        """Up to ``n`` of the app's beats, animations skipped, until the prompt asks or the app is done."""
        for _ in range(n):
            now[0] += BEAT_MS
            app.step()
            hazards = hazards_of(app.battle)
            if hazards is not None:
                hazards.finish()
            if save_prompt(app).asked is not None or app.battle.state.combat.acting_group().key != "bears:vanguard":
                return

    app.step()
    return app, enc, addon, beats


def _hits(entry) -> dict[str, dict]:
    return {e.combatant: e.save for e in entry.events if e.kind == "hazard.hit"}


def _type(app, faces: str) -> None:
    for ch in faces:
        post(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_RETURN)
    app.step()  # the box reports Enter with an event of its own, handled on the next step


def test_the_apps_end_of_turn_asks_the_players_for_cals_save():  # R-ROLL-1, R-GREN-4
    app, enc, addon, beats = _frag_among_the_bears()
    try:
        beats()
        prompt = save_prompt(app)
        assert prompt.asked is not None, f"the app ended its turn with Cal's save unasked: {app.battle.message}"
        assert prompt.asked.owed == {"cal": [20]}, "Cal's save is asked, never the bear's (the app's)"
        assert "Type Cal's save (d20) for the frag grenade going off" in app.battle.message[0]
        assert enc.state.grenades["grenade-1"].status == "live", "nothing went off yet"
        assert enc.state.combat.acting_group().key == "bears:vanguard", "the app's turn waits for the save"
        count = len(enc.journal.entries)
        for _ in range(5):
            beats(1)
        assert len(enc.journal.entries) == count, "the app submits nothing while the save is asked"
        _type(app, "17")
        entry = next(e for e in enc.journal.entries[count:] if e.command == "advance")
        saves = _hits(entry)
        assert saves["cal"]["d20"] == 17, "Cal's typed save in the log"
        assert "bear" in saves, "the bear's own save rolled by the app"
        assert prompt.asked is None and prompt.entry is None, "the prompt is gone"
        assert enc.state.combat.acting_group() is None or enc.state.combat.acting_group().key != "bears:vanguard"
        beats(5)  # the app goes on (its bear's facing): its turn is over
        key(app, pygame.K_z, pygame.KMOD_CTRL)  # the End turn is the app's: Ctrl+Z takes back the app's turn
        assert enc.state.grenades["grenade-1"].status == "live", app.battle.message
        assert app.battle.message[0].startswith("Undone: Bear moves"), app.battle.message
        assert addon.held, "the app waits after the undo"
    finally:
        pygame.quit()


def test_with_every_die_typed_the_apps_bear_still_rolls_app_dice():
    app, enc, addon, beats = _frag_among_the_bears("everyone")
    try:
        beats()
        prompt = save_prompt(app)
        assert prompt.asked is not None and prompt.asked.owed == {"cal": [20]}, prompt.asked
        click(app, prompt.roll.rect.center)  # Roll for them: the app's dice for Cal too
        app.step()
        entry = next(e for e in reversed(enc.journal.entries) if e.command == "advance")
        assert set(_hits(entry)) == {"cal", "bear"}
        assert "the app's dice for the saves" in app.battle.message[0]
    finally:
        pygame.quit()


def test_esc_makes_the_app_wait_and_e_asks_again():
    app, enc, addon, beats = _frag_among_the_bears()
    try:
        beats()
        count = len(enc.journal.entries)
        key(app, pygame.K_ESCAPE)
        assert save_prompt(app).asked is None
        beats(5)
        assert len(enc.journal.entries) == count and save_prompt(app).asked is None, "the app waits, asks nothing"
        assert addon.held and "press E" in app.battle.message[0], app.battle.message
        key(app, pygame.K_e)  # let the app play on: it asks for Cal's save again
        beats()
        assert save_prompt(app).asked is not None and save_prompt(app).asked.owed == {"cal": [20]}
        _type(app, "4")
        assert _hits(enc.journal.entries[count])["cal"]["d20"] == 4
    finally:
        pygame.quit()


# -- E: the typed-save prompt before "declared nothing yet" ----------------------------------
def test_the_first_e_asks_for_anns_save_not_the_declared_nothing_warning():  # R-ORD-1, N-ORD-4
    from test_ui_typed_fuse import _fuse_on_ann

    app, enc = _fuse_on_ann()  # the party's Vanguard: Ann has declared nothing
    try:
        count = len(enc.journal.entries)
        key(app, pygame.K_e)
        prompt = save_prompt(app)
        said = app.battle.message[0]
        assert prompt.asked is not None and prompt.entry is not None, f"the first E said: {said}"
        assert said.startswith("Type Ann's save (d20) for the frag grenade going off."), said
        assert "Ann has declared nothing yet and does nothing this turn" in said, "who passes is still said"
        assert len(enc.journal.entries) == count
        key(app, pygame.K_ESCAPE)  # Esc: nothing happened, and E asks the prompt again, first
        assert len(enc.journal.entries) == count and prompt.asked is None
        key(app, pygame.K_e)
        assert prompt.asked is not None, app.battle.message
        _type(app, "17")
        assert len(enc.journal.entries) == count + 1, app.battle.message
        entry = enc.journal.entries[-1]
        assert entry.command == "advance" and _hits(entry)["ann"]["d20"] == 17
        assert enc.state.combat.acting_group() is None or enc.state.combat.acting_group().key != "party:vanguard"
    finally:
        pygame.quit()


def test_with_no_typed_save_owed_the_first_e_still_warns():  # review 12: one E lost a whole turn
    from test_ui_typed_fuse import _fuse_on_ann

    app, enc = _fuse_on_ann()
    try:
        enc.submit(ChangeTableSetting("dice", "app"))
        count = len(enc.journal.entries)
        key(app, pygame.K_e)
        assert "Ann has declared nothing yet: End turn again (E)" in app.battle.message[0]
        assert len(enc.journal.entries) == count and save_prompt(app).asked is None
    finally:
        pygame.quit()
