"""Review 16's panel findings, driven through the real window headless.

F7: the Resolve button and the banner's pill said "ready" ("Resolve next (Enter)" lit gold,
"1 declared action to resolve (Enter)") while the group still waited for a member to declare or
pass, so Enter was refused. They now say what the engine's :func:`resolve_waits_on` answers
(reading: N-ORD-4): greyed, "Waiting for James (declare or pass)".
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.opening import open_path

from test_ui_combat import SIZE, message, press, space_bears
from ui_driver import app_session, drawn_marks, drawn_texts, end_turn, key


@pytest.fixture
def app():
    enc = space_bears()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    yield from app_session(App(enc, size=SIZE))


def resolve_fill(app: App) -> tuple[int, int, int]:
    """The Resolve button's fill as drawn (a pixel inside its edge, left of its label)."""
    app.draw()
    rect = app.battle.combat.button_rect("resolve")
    assert rect is not None
    return tuple(pygame.display.get_surface().get_at((rect.x + theme.px(4), rect.centery)))[:3]


def test_resolve_is_greyed_and_says_who_it_waits_for_until_the_group_commits(app):  # R-ORD-1, N-ORD-4
    enc = app.battle.encounter
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    app.step()
    texts = drawn_texts(app)
    assert "Waiting for James (declare or pass)" in texts  # the button and the banner's pill
    assert not [t for t in texts if "to resolve (Enter)" in t or t.startswith("Resolve next")], texts
    assert resolve_fill(app) == tuple(theme.DISABLED_BG)[:3]
    entries = len(enc.journal.entries)
    key(app, pygame.K_RETURN)  # still refused, with the reason
    assert len(enc.journal.entries) == entries and "James has not committed" in message(app)
    press(app, "do-nothing:james")
    app.step()
    texts = drawn_texts(app)
    assert "1 declared action to resolve (Enter)" in texts
    assert [t for t in texts if t.startswith("Resolve next")]
    assert resolve_fill(app) in (tuple(theme.PRIMARY_BG)[:3], tuple(theme.PRIMARY_LIT)[:3])  # gold (lit if under the pointer)


def tracker_marks(app: App) -> list:
    """The texts drawn inside the Initiative tracker this frame, top to bottom."""
    rect = app.battle.combat.tracker.rect
    marks = [m for m in drawn_marks(app) if m.kind == "text" and not m.clipped and rect.contains(m.rect)]
    return sorted(marks, key=lambda m: (m.rect.y, m.rect.x))


def test_round_0_lists_everyone_with_hit_points_and_says_who_sits_out():  # R-SURP-1
    """F13: in the surprise round the tracker showed "sits out" where James's hit points go and
    left out Art and every bear. Now each one's hit points show on its row; those who sit out are
    listed under "<team>: sit out Round 0"."""
    app = App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=(1920, 1080))
    try:
        app.step()
        for button in ("start", "banner-advance"):  # the bundled opening: only Brandon is aware
            press(app, button)
        state = app.battle.state
        assert state.combat.round_name() == "Round 0" and state.combat.alone() == ["brandon"]
        marks = tracker_marks(app)
        rows = [m.label for m in marks]
        assert "sits out" not in rows
        assert "The Party: sit out Round 0" in rows and "Space Bears: sit out Round 0" in rows
        for who in state.combatants.values():
            if not who.present:
                continue
            name = next((m for m in marks if m.label == who.name), None)
            assert name is not None, f"{who.name} is not in the tracker: {rows}"
            beside = [m.label for m in marks if m.label.endswith(" hp") and abs(m.rect.centery - name.rect.centery) < 6]
            assert beside == [f"{who.hp}/{who.max_hp} hp"], (who.name, beside)
        party_out = rows.index("The Party: sit out Round 0")
        assert rows.index("Brandon") < party_out < rows.index("James") and rows.index("Art") > party_out
    finally:
        pygame.quit()


def end_group_turn(app: App) -> None:
    """End the acting group's turn (E), then keep everyone's facing (Esc) if the prompt asks."""
    from tactics.ui.panels.next_turn import facing_asked

    end_turn(app, by_key=True)
    if facing_asked(app.battle) is not None:
        key(app, pygame.K_ESCAPE)
    app.step()


def test_the_selection_follows_the_acting_group_and_never_stays_on_the_downed():  # F15
    """F15: Art stayed selected after his turn, and after he was down; the status line said "Art
    cannot move now: it is not Art's group's turn ...". Each new group's turn keeps a selected
    member of it, else clears the selection (the Declare panel asks who declares); the downed and
    an app-played group get no selection; a GM's look at someone waiting is answered in plain words."""
    from tactics.engine.combat.gm import AdjustHP
    from tactics.engine.combat.team import Advance
    from tactics.engine.core.control import SetController
    from tactics.ui.opponent import OpponentAddon

    enc = space_bears()
    enc.submit(SetController("bears", "win"))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    for app in app_session(App(enc, size=SIZE)):
        next(a for a in app.addons if isinstance(a, OpponentAddon)).clock = lambda: -1  # the app never acts
        view = app.battle
        assert enc.state.combat.acting_group().key == "party:vanguard"
        view.select("james")  # a member of the acting group: kept
        app.step()
        assert view.selected == "james"
        view.select("art")  # the GM looks at Art, who waits: told, not refused
        app.step()
        assert view.tool.status() == ("Art moves in The Party Rearguard's turn; now: The Party Vanguard acts. "
                                      "Esc deselects.")
        end_group_turn(app)
        assert enc.state.combat.acting_group().key == "bears:vanguard"
        assert view.selected is None  # the app plays the bears: nothing of theirs is selected
        enc.submit(AdjustHP("art", -enc.state.combatants["art"].hp))  # Art goes down
        view.select("art")  # the GM looks at him
        app.step()
        assert view.selected == "art"  # the GM's own pick stays while the turn goes on
        seen = []
        while enc.state.combat.phase == "action":
            enc.submit(Advance())
            app.step()
            group = enc.state.combat.acting_group()
            seen.append(group.key if group else enc.state.combat.phase)
            assert view.selected is None, (view.selected, seen)  # not the downed Art, no bear
        enc.submit(Advance())  # the Counter Phase done: round 2, the party's Vanguard
        enc.submit(BeginActions())
        app.step()
        assert enc.state.combat.acting_group().key == "party:vanguard" and view.selected is None
        assert "Pick who declares:" in drawn_texts(app)  # the group's members, for the table to pick


def test_the_typed_dice_box_is_gone_from_the_frame_that_shows_the_roll(app):  # F8
    """F8: with the players typing their dice, Enter rolled and the result card showed, but the
    emptied "faces, e.g. 14 1 5" box stayed drawn across it until the pointer moved: the box was
    closed while the panels drew, and pygame_gui blitted its list of what is shown as it was before.
    The frame that shows the roll is the frame the window shows once pygame_gui has caught up."""
    from ui_driver import type_text

    enc = app.battle.encounter
    app.battle.message = None
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    app.step()
    press(app, "do-nothing:james")
    press(app, "dice-mode")  # players type theirs
    app.step()
    entry = app.battle.combat.resolve.entry
    assert entry is not None and entry.visible
    from ui_driver import click

    click(app, entry.rect.center)
    type_text(app, "11 1 6")  # a hit: d20, the disadvantage d2, the d8 of damage
    key(app, pygame.K_RETURN)  # the box reports Enter with an event of its own ...
    app.step()  # ... handled here: the roll, and the frame the window then keeps (nothing else wakes it)
    assert enc.journal.entries[-1].command == "resolve-next" and app.battle.combat.resolve.entry is None
    shown = pygame.image.tobytes(app.window, "RGB")
    app._ui.update(0)  # pygame_gui catches up with the closed box
    app.screen.forget()
    app.draw()
    assert shown == pygame.image.tobytes(app.window, "RGB"), "the frame still shows the closed typed-dice box"


def test_a_mistyped_path_in_the_open_dialog_says_no_file(tmp_path):  # F10
    """F10: Ctrl+O, a path to nothing typed, Enter: the box went back to the folder and OK greyed,
    without a word. Now the dialog says "No file <path>" and keeps what was typed to correct."""
    from tactics.ui.elide import middle
    from tactics.ui.opening import open_path as opened
    from ui_driver import click

    (tmp_path / "cave.txt").write_text("....\n....\n", encoding="utf-8")
    for app in app_session(App(opened(tmp_path / "cave.txt"), size=(1280, 720))):
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        dialog = app.file_dialog
        entry = dialog.file_path_text_line
        click(app, entry.rect.center)
        typed = str(tmp_path / "nothere.json")
        entry.set_text(typed)
        key(app, pygame.K_RETURN, text="\r")
        for _ in range(3):
            app.step()
        assert dialog.alive() and entry.get_text() == typed
        assert dialog.problem_label is not None and dialog.problem_label.text == f"No file {middle(typed, 60)}"
        assert app.battle.state.map.width == 4  # nothing opened


def test_the_traps_hint_stays_clear_of_the_turns_panel_and_the_trap_tags():  # F9
    """F9: individual turns, Brandon selected, P, the pointer on a square just right of the Turns
    panel: the hint "Shift+click: Brandon sets a Simple mechanical trap (...)" began under the
    panel ("Shift+" unreadable) and lay on the trap tags. Now it is in the free board, clear of both."""
    from tactics.engine.core.journal import Refused
    from tactics.engine.hazards.traps import PlaceTrap
    from tactics.ui.layers.hazards import trap_tags
    from tactics.ui.render import DrawContext
    from ui_driver import move

    app = App(open_path(bundled("space-bears-individual.encounter.toml"), seed=1), size=(1920, 1080))
    try:
        app.step()
        rect = app.battle.turns.button_rect("start-table")
        from ui_driver import click

        click(app, rect.center)
        view = app.battle
        assert view.state.combat.current == "brandon" and view.selected == "brandon"
        key(app, pygame.K_p)
        assert view.tool.name == "traps"
        panel = view.turns.rect
        cam = view.camera
        m = view.state.map
        cell = next((c, m.height // 2 + 3) for c in range(m.width)  # the map's left edge, right of the panel
                    if cam.cell_rect((c, 0))[0] > panel.right and m.move_cost((c, m.height // 2 + 3)) is not None)
        placed = 0
        for near in [(cell[0] + dx, cell[1] + dy) for dy in (-2, -1, 1) for dx in (1, 2, 3, 4)]:  # two hidden traps
            if placed < 2 and near != cell:
                try:
                    view.encounter.submit(PlaceTrap("simple_mechanical", near))
                except Refused:
                    continue
                placed += 1
        assert placed == 2
        move(app, cam.cell_centre(cell))
        app.step()
        pills = view.tool.pills
        assert [t for t, _ in pills if t.startswith("Shift+click: Brandon sets a")], pills
        board = view.board_rect()
        column = view.turns.column.rect()  # the log column on the right
        ctx = DrawContext(app.window, cam, view.state, "gm", view.board_rect(), view.renderer, view)
        tags = [r for _, r, _ in trap_tags(ctx).values()]
        assert len(tags) == 2
        for text, pill in pills:
            assert board.contains(pill) and not pill.colliderect(panel), (text, pill, panel)
            assert column is None or not pill.colliderect(column), (text, pill, column)
            assert pill.collidelist(tags) == -1, (text, pill, tags)
    finally:
        pygame.quit()


def test_wording_the_dice_setting_in_the_log_and_one_name_for_begin_next_turn():  # F16 e, f, g
    """F16f: the log said "Table setting dice: players (was app)."; F16e: between two individual
    turns the banner said "Next turn (E)" and the tracker "Begin next turn"; F16g: Ctrl+T offered
    "players: team rounds only" as if it could be chosen, its meaning gone."""
    from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
    from tactics.engine.core.table import ChangeTableSetting
    from tactics.ui.panels.log import log_lines
    from test_turns_ui import encounter as turns_encounter

    enc = space_bears()
    enc.submit(ChangeTableSetting("dice", "players"))
    assert log_lines(enc)[-1][1] == ("Who rolls the dice: players type their own dice; the app rolls the GM's "
                                     "(before: the app rolls every die).")
    for app in app_session(App(turns_encounter(), size=SIZE)):
        enc = app.battle.encounter
        enc.submit(StartTurns())
        enc.submit(BeginTurn())
        enc.submit(EndTurn(facing="N"))
        app.step()
        assert enc.state.combat.phase == "between"
        said = [t for t in drawn_texts(app) if "ext turn" in t]
        assert said and all(t.startswith("Begin next turn") for t in said), said
        key(app, pygame.K_t, pygame.KMOD_CTRL)
        options = app.table.dice_menu.options_list
        refused = [text for text, object_id in options if object_id == "#refused_option"]
        assert refused == ["players (team rounds): Players type their own dice; the app rolls the GM's",
                           "everyone (team rounds): Every die is typed in, the GM's too"]


def test_round_0_says_why_a_counter_is_listed_again_in_round_1():  # F16j, R-SURP-1
    """F16j: "Bear 1 is Stunned (1 round left)" was listed in Round 0's Advantages Phase and again in
    Round 1's. That is the rule (R-SURP-1: Round 0 has no Counter Phase, counters first go down at
    the end of Round 1); Round 0's card now says so, Round 1's does not need to."""
    app = App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=(1920, 1080))
    try:
        app.step()
        press(app, "start")
        shown = " ".join(drawn_texts(app))
        assert "Round 0: Advantages Phase" in shown and "Bear 1 is Stunned (1 round left)" in shown
        assert "Round 0 has no Counter Phase" in shown and "count from the" in shown
        for _ in range(3):  # Round 0's one group, then Round 1's Advantages Phase
            key(app, pygame.K_e)
        app.step()
        shown = " ".join(drawn_texts(app))
        assert "Round 1: Advantages Phase" in shown and "Bear 1 is Stunned (1 round left)" in shown
        assert "Round 0 has no Counter Phase" not in shown
    finally:
        pygame.quit()


def test_a_square_is_written_one_way_in_the_lists_the_log_and_the_status_bar(app):  # F16c
    """F16c: "(22, 6)" in the log, "22,6" in the Declared list, "square 21,5" in the status bar.
    Now "(22, 6)" everywhere: a declared move, its log line, the pointer's square, a door's name."""
    from tactics.engine.combat.actions import ResolveNext
    from tactics.rules.doors import door_name
    from tactics.rules.geometry import Segment
    from ui_driver import move

    enc = app.battle.encounter
    c, r = enc.state.combatants["brandon"].cell
    enc.submit(Declare("brandon", Action("standard-move", path=[(c + 1, r)])))
    press(app, "who:brandon")
    app.step()
    assert any(t.endswith(f"to ({c + 1}, {r}) (5 ft)") for t in drawn_texts(app)), drawn_texts(app)
    enc.submit(ResolveNext())
    from tactics.ui.panels.log import log_lines

    assert any(line.endswith(f"to ({c + 1}, {r}).") for _, line in log_lines(enc)), log_lines(enc)[-3:]
    move(app, app.battle.camera.cell_centre((c + 3, r)))
    app.step()
    assert any(t.startswith(f"square ({c + 3}, {r})") for t in drawn_texts(app))
    assert door_name(Segment(3.0, 1.0, 3.0, 2.0)) == "the door between (2, 1) and (3, 1)"


def test_the_pointer_on_a_token_with_short_badges_says_them_in_words():  # F16b
    """F16b: "Sh1", "Fl" and "St1" on crowded tokens had no key, while roomier tokens spelled out
    "Shaken 1" and "Flat-footed". The pointer on such a token now says them in full beside it."""
    from ui_driver import move

    app = App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=(1920, 1080))
    try:
        app.step()
        press(app, "start")  # the explosion: the party Shaken, Bear 1 Stunned, the unaware Flat-footed
        view = app.battle
        james = view.state.combatants["james"]
        assert view.renderer.tokens.shortened(james), "James's badges are short here (Sh1 Fl)"
        assert "Sh1" in drawn_texts(app) and "Shaken 1 · Flat-footed" not in drawn_texts(app)
        move(app, view.camera.cell_centre(james.cell))
        app.step()
        assert "Shaken 1 · Flat-footed" in drawn_texts(app)
        brandon = view.state.combatants["brandon"]  # his one badge reads in full: no key needed
        move(app, view.camera.cell_centre(brandon.cell))
        app.step()
        assert not view.renderer.tokens.shortened(brandon) and "Shaken 1 · " not in " ".join(drawn_texts(app))
    finally:
        pygame.quit()
