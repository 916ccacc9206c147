"""A grenade's fuse label tells the players nothing of a creature hidden from them (N-GREN-11).

What is tested: the fuse goes by whoever stands on the aimed square (R-GREN-4, N-GREN-5), so
with a hidden bear there the real fuse differs from an empty square's. The players' copy of the
state (``players_state``, which the players' window and F2 draw) shows the fuse an empty square
would have given and no hidden target; the GM's state keeps the real fuse and its exact words.
In individual turns the label never names the hidden character. The team name keeps one
article ("The Party's", not "the The Party's").
"""

from __future__ import annotations

from types import SimpleNamespace

from test_space_bears import space_bears
from test_turns import SPAWNS, current, started

from tactics.engine.combat.actions import ResolveNext
from tactics.engine.combat.gm import Hide
from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.team import BeginActions, StartCombat
from tactics.engine.hazards.commands import ThrowGrenade
from tactics.engine.hazards.fuses import Fuse, fuse_label
from tactics.ui.players.seen import players_state

REAR = "explodes at the end of the Space Bears' Rearguard turn"
VAN = "explodes at the end of the Space Bears' Vanguard turn"


def _throw_at(cell: tuple[int, int], *, hide: bool):
    enc = space_bears()
    if hide:
        enc.submit(Hide("bear4", 30))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    enc.submit(ThrowGrenade("james", cell, "frag"))
    enc.submit(ResolveNext(others_pass=True), typed=[5, 5])  # both scatter dice 5: on target
    return enc


def test_players_see_the_empty_square_fuse_when_the_target_is_hidden():  # R-GREN-4, N-GREN-11
    hidden = _throw_at((8, 7), hide=True)  # Bear 4 (Rearguard) stands there, hidden
    empty = _throw_at((9, 8), hide=True)
    gm = hidden.state.grenades["grenade-1"]
    assert (gm.target, gm.fuse_text, gm.fuse["group"]) == ("bear4", REAR, "rearguard")  # the GM's exact words
    seen = players_state(hidden.state).grenades["grenade-1"]
    assert seen.fuse_text == players_state(empty.state).grenades["grenade-1"].fuse_text == VAN
    assert seen.target is None and seen.fuse["group"] == "vanguard"
    assert "bear4" not in repr(seen) and "Rearguard" not in repr(seen)
    assert hidden.state.grenades["grenade-1"].fuse_text == REAR  # the copy did not touch the GM's state


def test_a_visible_target_keeps_its_fuse_for_the_players():  # R-GREN-4
    seen = players_state(_throw_at((8, 7), hide=False).state).grenades["grenade-1"]
    assert (seen.fuse_text, seen.target) == (REAR, "bear4")


def test_once_revealed_the_players_see_the_real_fuse():  # N-GREN-11
    from tactics.engine.combat.gm import Reveal

    enc = _throw_at((8, 7), hide=True)
    enc.submit(Reveal("bear4"))
    assert players_state(enc.state).grenades["grenade-1"].fuse_text == REAR


def test_individual_turns_never_name_the_hidden_character():  # N-TURN-10, N-GREN-11
    enc = started(spawns=dict(SPAWNS, **{"Bear 1": (6, 2)}))
    enc.submit(Hide("bear1", 30))
    thrower = current(enc.state)
    enc.submit(TakeAction(thrower, TurnAction("use-item", item="grenade", target_cell=(6, 2),
                                              options={"grenade": "frag"})), typed=[5, 5])
    (gm,) = enc.state.grenades.values()
    assert gm.fuse_text == "explodes at the end of Bear 1's turn"
    (seen,) = players_state(enc.state).grenades.values()
    assert "Bear 1" not in seen.fuse_text and seen.target is None
    assert seen.fuse_text.startswith("explodes at the end of ") and seen.fuse_text.endswith("'s turn") \
        or seen.fuse_text.endswith("' turn")


def test_a_team_named_the_party_gets_no_second_article():  # cosmetic (review 4, finding 12)
    state = SimpleNamespace(teams={"party": SimpleNamespace(name="The Party")}, combatants={})
    assert fuse_label(state, Fuse("party", "rearguard", "end")) == "explodes at the end of The Party's Rearguard turn"


def test_the_fuse_card_is_drawn_over_tokens_and_their_pills() -> None:  # cosmetic (review 4, finding 12)
    """On the players' window a condition pill ("Shaken 1") once covered the middle of the fuse label."""
    import pygame

    from tactics.ui.app import App
    from tactics.ui.render import TOKENS_Z

    from ui_driver import app_session

    for app in app_session(App(space_bears(), size=(1280, 720)), closing=True):
        pw = app.players.open(size=(1280, 720))
        pw.render(pygame.Surface(pw.size))
        order = [(z, name) for z, name, _ in pw.renderer.layers(pw._view)]
        names = [name for _, name in order]
        assert names.index("fuse-cards") > names.index("tokens")
        assert dict((n, z) for z, n in order)["fuse-cards"] > TOKENS_Z


def test_f2_says_the_players_fuse_and_nothing_of_a_hidden_thrower() -> None:  # N-GREN-11, N-SEEN-1
    import pygame

    from tactics.ui.app import App

    from ui_driver import app_session, key

    enc = space_bears()
    enc.submit(Hide("bear4", 30))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        key(app, pygame.K_F2)
        assert app.battle.viewer == "players"
        app.battle.submit(ThrowGrenade("james", (8, 7), "frag"))
        enc.submit(ResolveNext(others_pass=True), typed=[5, 5])
        app.step()
        said = app.battle.message[0]
        assert "throws a Frag grenade" in said and VAN in said and "Rearguard" not in said
        key(app, pygame.K_F2)  # the GM's view: the real fuse
        assert enc.state.grenades["grenade-1"].fuse_text == REAR


def test_f2_draws_no_flight_or_dice_from_a_hidden_thrower() -> None:  # N-HIDE-2
    import pygame

    from tactics.ui.app import App
    from tactics.ui.hazards import hazards_of

    from ui_driver import app_session, key

    enc = space_bears()
    enc.submit(Hide("bear4", 30))
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        key(app, pygame.K_F2)
        addon = hazards_of(app.battle)
        addon.animations.clock = lambda: 0  # the flight stands still in mid-air
        app.step()
        board = app.battle.board_rect()

        def picture(app: App = app, board: pygame.Rect = board) -> bytes:
            app.draw()
            return pygame.image.tobytes(pygame.display.get_surface().subsurface(board), "RGB")

        before = picture()
        enc.submit(ThrowGrenade("bear4", (3, 7), "frag"))
        app.step()
        assert addon.in_flight and addon.last_throw["dice"]  # in the air, scatter dice rolled
        assert picture() == before  # nothing of it on the players' view while it flies
        key(app, pygame.K_F2)  # the GM's view draws the flight and the dice
        app.step()
        assert app.battle.viewer == "gm" and picture() != before
