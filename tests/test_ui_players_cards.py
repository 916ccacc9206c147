"""The players' window shows what is in force and the last public roll (review 4, findings 6 and 7).

What is tested, through the real app with the players' window open:

* Advantages Phase (R-ADV, "a reminder for both the GM and Players"): the card lists the
  conditions in force of the creatures the players see (the party Shaken, Bear 1 Stunned); a
  hidden creature's condition is not listed, while the GM's card lists it.
* After Brandon's attack is resolved (real clicks) the players' window shows its dice and
  outcome; a GM creature's AC is not shown there (N-SEEN-1); the picture changed.
* Which roll is public (reading N-SEEN-6, ``public_roll``): an attack by a hidden bear, the GM's
  typed dice (RollHP), and a hidden bear's save in a blast are never on the players' window; the
  thrower's grenade with its scatter dice is, with the fuse the players were told (N-GREN-11).
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.board import Place
from tactics.engine.combat.gm import Hide, RollHP
from tactics.engine.combat.public_rolls import public_roll
from tactics.engine.combat.queries import advantages_in_force
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.engine.hazards.commands import ThrowGrenade
from tactics.ui.app import App
from tactics.ui.players.seen import players_state
from tactics.ui.players.table_cards import CUT_ROLL

from test_ground_audit import to_group
from test_ui_combat import explosion, press, space_bears, start_surprise, token
from ui_driver import app_session, click, move, players_window_frame

SIZE = (1280, 720)


def _texts(app: App) -> list[str]:
    return players_window_frame(app)[1]


def test_the_advantages_phase_lists_what_is_in_force_without_hidden_creatures() -> None:
    enc = space_bears()
    explosion(enc)
    enc.submit(Hide("bear1", 30))  # Bear 1 is Stunned, and hidden from the players
    for app in app_session(App(enc, size=SIZE), closing=True):
        app.players.open(size=SIZE)
        press(app, "start")
        app.step()
        assert app.battle.state.combat.phase == "advantages"
        assert any(line.startswith("Bear 1 is Stunned") for line in advantages_in_force(app.battle.state))  # the GM's
        shown = app.players.window.cards.in_force
        assert "Brandon: Shaken 1" in shown  # one line per creature
        assert not any("Bear 1" in line for line in shown)
        words = " ".join(_texts(app))
        assert "Brandon: Shaken 1" in words and "Bear 1" not in words


def _brandon_aims_at_bear1(app: App) -> None:
    """From the surprise round to Brandon's declared shot at Bear 1, with real clicks."""
    start_surprise(app)
    press(app, "banner-advance")
    press(app, "actor:brandon")
    press(app, "weapon:silenced_pistol")
    move(app, token(app, "bear1"))
    click(app, token(app, "bear1"))
    app.step()


def test_a_resolved_attack_shows_its_dice_on_the_players_window() -> None:
    enc = space_bears()
    explosion(enc)
    for app in app_session(App(enc, size=SIZE), closing=True):
        app.players.open(size=SIZE)
        _brandon_aims_at_bear1(app)
        before = _texts(app)
        assert not app.players.window.cards.roll  # declared, not rolled: nothing to show yet
        press(app, "resolve")
        app.step()
        kinds = [e.kind for e in app.players.window.cards.roll]
        assert "attack.rolled" in kinds and "damage.rolled" in kinds
        words = _texts(app)
        assert words != before
        assert "Last roll" in words and any(w in ("MAJOR HIT", "HIT", "MINOR HIT", "MISS", "CRITICAL") for w in words)
        assert not any("vs AC" in w for w in words)  # a GM creature's AC stays the GM's
        pw = app.players.window
        for size in ((800, 600), (640, 400), (480, 300)):  # the dice card keeps to the map's room too
            pw.window.size = size
            pw.fit()
            _, texts = players_window_frame(app)
            board = pw.board_rect()
            assert pw.cards.rects and all(board.contains(r) for r in pw.cards.rects), (size, pw.cards.rects, board)
            if size == (640, 400):  # the compact card (review 17 N7) holds the whole roll here
                assert CUT_ROLL not in texts and any(w in ("MAJOR HIT", "HIT", "MINOR HIT", "MISS", "CRITICAL") for w in texts)
        assert CUT_ROLL in texts  # at 480x300 the roll does not fit whole, and the card says so


def _fight():
    enc = space_bears()
    enc.submit(Hide("bear4", 30))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    return enc


def test_rolls_by_or_about_a_hidden_creature_and_the_gms_dice_are_not_public() -> None:  # N-SEEN-6
    enc = _fight()
    seen = lambda: public_roll(enc.state, enc.journal.entries)  # noqa: E731
    assert seen() == []
    enc.submit(RollHP("brandon", "2d6"))  # the GM's typed dice: a rock fall
    assert seen() == []
    bear4 = enc.state.combatants["bear4"]
    target = enc.state.combatants["james"].cell
    enc.submit(ThrowGrenade("james", bear4.cell, "frag"))
    enc.submit(ResolveNext(others_pass=True), typed=[5, 5])
    shown = seen()
    throw = [e for e in shown if e.kind == "grenade.thrown"]
    assert throw and throw[0].dice == [5, 5]
    assert throw[0].fuse_text == players_state(enc.state).grenades[throw[0].id].fuse_text
    assert "Rearguard" not in throw[0].fuse_text  # the hidden Bear 4 set the real fuse
    assert not any("bear4" in repr(e.to_dict()) for e in shown)
    assert target is not None


def test_a_throw_by_a_hidden_creature_is_not_shown_an_attack_gives_it_away() -> None:  # N-SEEN-6, N-HIDE-1
    enc = space_bears()
    enc.submit(Place("bear3", (3, 4)))  # beside James
    enc.submit(Hide("bear3", 30))
    enc.submit(Hide("bear2", 30))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    to_group(enc, "bears:vanguard")
    before = public_roll(enc.state, enc.journal.entries)
    enc.submit(Declare("bear2", Action("use-item", item="grenade", target_cell=(1, 6), grenade="frag")))
    enc.submit(ResolveNext(others_pass=True), typed=[5, 5])
    assert any(e.kind == "grenade.thrown" for e in enc.journal.entries[-1].events)  # the GM sees it
    assert public_roll(enc.state, enc.journal.entries) == before  # the hidden thrower's dice are not said
    to_group(enc, "bears:rearguard")
    enc.submit(Declare("bear3", Action("standard-attack", target="james")))
    enc.submit(DoNothing("bear4"))  # no roll before every member commits (N-ORD-4)
    enc.submit(ResolveNext())
    assert not enc.state.combatants["bear3"].hidden  # attacking gives it away (N-HIDE-1) ...
    assert [e.kind for e in public_roll(enc.state, enc.journal.entries)][:1] == ["attack.rolled"]  # ... and its roll


def test_a_disarm_roll_is_public_without_the_gms_trap_dc() -> None:  # N-SEEN-6, N-SEEN-1, R-TRAP-3
    from test_hazards import encounter, fighter

    from tactics.engine.hazards.commands import Disarm, PlaceTrap
    from tactics.ui.players.table_cards import roll_lines

    enc = encounter(fighter("ann", "party", (2, 3), skills={"Disable Device": 2}))
    enc.submit(PlaceTrap("simple_mechanical", (3, 3), hidden=False))  # the GM's trap, shown to all
    enc.submit(Disarm("ann", sorted(enc.state.traps)[-1]), typed=[4])
    assert "'dc': 10" in str(enc.journal.entries[-1].events)  # the GM's log has it
    lines = roll_lines(public_roll(enc.state, enc.journal.entries), players_state(enc.state))
    assert lines and lines[0].startswith("Ann disarms") and "d20 4" in lines[0] and "DC" not in lines[0]


def _round_one_advantages(app: App) -> None:
    """From the surprise round to Round 1's Advantages Phase with real key presses (E; Esc for a prompt)."""
    from tactics.ui.hazards import hazards_of
    from ui_driver import key

    start_surprise(app)
    for _ in range(12):
        combat = app.battle.state.combat
        if combat.phase == "advantages" and combat.round >= 1:
            return
        if hazards_of(app.battle).prompt.queue:
            key(app, pygame.K_ESCAPE)
        key(app, pygame.K_e)
    raise AssertionError("Round 1's Advantages Phase never came")


def _card_checks(app: App, size: tuple[int, int]) -> tuple[pygame.Rect, list[str]]:
    """The in-force card at ``size``: inside the window, under the banner and the order strip,
    over no token disc (either side's; a free corner exists in these fights)."""
    pw = app.players.window
    pw.window.size = size
    pw.fit()
    _, texts = players_window_frame(app)
    card = pw.cards.rects[0]
    board = pw.board_rect()
    assert pygame.Rect((0, 0), size).contains(card), f"{size}: the card {card} runs off the window"
    assert card.top >= board.top, f"{size}: the card {card} covers the banner or the order strip (map from {board.top})"
    assert card.bottom <= board.bottom and card.right <= board.right
    discs = {who.name: pygame.Rect(pw.camera.cell_rect(who.cell)) for who in pw.drawn_state.on_map()}
    covered = [name for name, disc in discs.items() if card.colliderect(disc)]
    assert not covered, f"{size}: the card covers {covered}"
    return card, texts


def test_the_in_force_card_fits_the_players_window_and_leaves_the_tokens_free() -> None:  # R-ADV
    """Review 6, finding 3: the card listed 10 wrapped entries, covered the party at 1024x768 and
    ran over the banner and off the window at 800x600. One line per creature now, a card no
    taller than the map's room, in the corner covering no token; cut with "+N more"."""
    from tactics.ui.players.table_cards import more_text

    enc = space_bears()
    explosion(enc)
    for app in app_session(App(enc, size=SIZE), closing=True):
        _round_one_advantages(app)
        app.players.open(size=(1024, 768))
        shown = app.players.window.cards
        for size in ((800, 600), (1024, 768), (1920, 1080)):
            _, texts = _card_checks(app, size)
            words = " ".join(texts)  # a line may wrap at 800 wide
            assert "James: Shaken 1, Flat-footed" in words  # one line per creature, the rounds left
            assert "Bear 4: Flat-footed" in words  # the last one too: nothing cut at these sizes
            assert not any(t.endswith(" more") for t in texts)
        assert len(shown.in_force) == 7  # the party and the four bears, a line each
        for size in ((640, 400), (560, 360)):  # its type smaller with the window: all of it still
            _, texts = _card_checks(app, size)
            assert all(line in " ".join(texts) for line in shown.in_force)
            assert not any(t.endswith(" more") for t in texts)
        _, texts = _card_checks(app, (480, 300))  # a smaller window: the list is cut, and says so
        more = [t for t in texts if t.endswith(" more")]
        words = " ".join(texts)
        listed = [line for line in shown.in_force if line in words]
        assert more == [more_text(7 - len(listed))] and listed == shown.in_force[:len(listed)]


def test_a_card_never_covers_a_token_s_name_that_reaches_past_its_square() -> None:
    """Review 7 (evening), finding 5: the "Last roll" card was placed clear of the token squares
    only, so it covered "Bear 4", a name wider than its square, at 1600x900 and 1920x1080. With
    the map moved 6 px at a time under the card's corner (a free corner is left in this
    fight), no frame puts a card over a name or a condition word."""
    enc = space_bears()
    explosion(enc)
    for app in app_session(App(enc, size=SIZE), closing=True):
        app.players.open(size=(1600, 900))
        _brandon_aims_at_bear1(app)
        press(app, "resolve")
        app.step()
        pw = app.players.window
        pw.set_follow(False)
        players_window_frame(app)
        assert pw.cards.rects, "the roll's card is shown"
        x0 = pw.camera.origin_x
        for shift in range(0, pw.camera.cell_px, 6):
            pw.camera.origin_x = x0 - shift
            players_window_frame(app)
            words = pw._renderer().tokens.drawn_words()
            for rect in pw.cards.rects:
                covered = [w for w in words if rect.colliderect(w)]
                assert not covered, f"map moved {shift} px: the card {rect} covers a name or condition word at {covered}"


def test_a_hidden_charge_that_went_off_shows_its_blast_on_the_players_card() -> None:  # N-SEEN-6, R-TRAP-6
    """Review 13 recheck: a hidden mine that downed Katie left the players' Last roll card on an older
    roll: the spent trap still counted as a secret. Gone off, its blast was seen by all."""
    from tactics.engine.hazards.traps import PlaceTrap, TriggerRemote

    enc = _fight()
    james = enc.state.combatants["james"].cell
    enc.submit(PlaceTrap("remote_charge", james, trap_id="charge"))  # hidden from the players
    assert public_roll(enc.state, enc.journal.entries) == []
    enc.submit(TriggerRemote("charge"))  # the GM sets it off
    assert enc.state.traps["charge"].status == "spent"
    shown = public_roll(enc.state, enc.journal.entries)
    assert any(e.kind == "hazard.hit" and e.combatant == "james" for e in shown), [e.kind for e in shown]


def test_with_the_gm_zoomed_in_the_last_roll_card_leaves_every_token_and_name_free() -> None:
    """Review 13 F12: the GM zoomed in on the fight (the bundled Space Bears map), so the players'
    window, which shows what the GM sees, had a token in every corner and its "Last roll" card sat
    over Art and his name. It now tries the sides of the board and inside it, then a smaller card,
    before covering anyone."""
    from tactics.ui.opening import open_default
    from ui_driver import centre, post

    enc = open_default(seed=3)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(Declare("brandon", Action("standard-attack", weapon="silenced_pistol", target="bear1")))
    enc.submit(ResolveNext(others_pass=True))
    for app in app_session(App(enc, size=(1600, 900)), closing=True):
        app.players.open(size=(1600, 900))
        pw = app.players.window
        for notch in range(1, 14):  # the wheel over Bear 1's side of the fight, one notch at a time
            move(app, centre(app, (20, 4)))
            post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False))
            if notch < 10:
                continue  # (from 10 notches on a token stood in every corner of the players' window)
            for size in ((1280, 720), (1600, 900), (1920, 1080)):
                pw.window.size = size
                pw.fit()
                _, texts = players_window_frame(app)
                assert "Last roll" in texts and pw.cards.rects, f"{notch} notches, {size}: the roll's card is shown"
                card = pw.cards.rects[0]
                squares = {who.name: pygame.Rect(pw.camera.cell_rect(who.cell)) for who in pw.drawn_state.on_map()}
                covered = [name for name, square in squares.items() if card.colliderect(square)]
                words = [w for w in pw._renderer().tokens.drawn_words() if card.colliderect(w)]
                assert not covered and not words, f"{notch} notches, {size}: the card {card} covers {covered} {words}"
