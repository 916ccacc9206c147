"""The GM's declared actions stay off the players' window until they resolve.

In team combat a group declares, then resolves (R-ORD-1). The GM window draws
every declared path and attack line; the players' window must not show what
the GM's creatures are about to do, or the bears' plan leaks to the table.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import Advance, BeginActions, StartCombat
from tactics.engine.combat.actions import Action, Declare
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document
from tactics.ui.app import App

SPAWNS = {"Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
          "Bear 1": (3, 3), "Bear 2": (3, 5), "Bear 3": (3, 4), "Bear 4": (1, 5)}


def _encounter() -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    for c in definition["combatants"]:
        c["hidden"] = False
    room = replace(BattleMap.from_text("\n".join(["." * 12] * 10)),
                   spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=5)


def _picture(surface: pygame.Surface) -> bytes:
    """The board below the hot-seat banner (which may say an action is pending, not what)."""
    board = surface.subsurface(pygame.Rect(0, 130, surface.get_width(), surface.get_height() - 130))
    return pygame.image.tobytes(board, "RGB")


def test_bears_declared_attack_is_drawn_for_the_gm_only():  # R-ORD-1
    enc = _encounter()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    while enc.state.combat.acting_group().team != "bears":
        enc.submit(Advance())
    bear = next(c for c in enc.state.combat.acting_group().members
                if not enc.state.combatants[c].has("Stunned"))
    app = App(enc, size=(1280, 720))
    try:
        pw = app.players.open(size=(960, 600))
        players_before, gm_before = pygame.Surface((960, 600)), pygame.Surface((1280, 720))
        pw.render(players_before)
        app.battle.renderer.draw(gm_before, app.battle.camera, app.battle.state, "gm")

        enc.submit(Declare(bear, Action("standard-attack", target="james")))
        app.battle.invalidate()
        players_after, gm_after = pygame.Surface((960, 600)), pygame.Surface((1280, 720))
        pw.render(players_after)
        app.battle.renderer.draw(gm_after, app.battle.camera, app.battle.state, "gm")

        assert _picture(gm_before) != _picture(gm_after), "the GM should see the declared attack line"
        assert _picture(players_before) == _picture(players_after), "the bears' plan shows to the players"
    finally:
        app._addons("closing")
        pygame.quit()


def test_a_hidden_creatures_declaration_breaks_no_layer_of_the_players_window():
    """Issue 10: a hidden bear's declaration threw KeyError in the players' window and the whole
    declared-actions layer was left out; its plan is not even in what the players' layers get."""
    from tactics.engine.combat.gm import Hide

    enc = _encounter()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    while enc.state.combat.acting_group().team != "bears":
        enc.submit(Advance())
    bear = next(c for c in enc.state.combat.acting_group().members
                if not enc.state.combatants[c].has("Stunned"))
    enc.submit(Hide(bear))
    enc.submit(Declare(bear, Action("standard-attack", target="james")))
    app = App(enc, size=(1280, 720))
    try:
        app.step()
        pw = app.players.open(size=(960, 600))
        pw.render(pygame.Surface((960, 600)))
        assert not pw.renderer.failed, f"layers left out: {pw.renderer.failed}"
        assert bear not in pw.drawn_state.combatants
        assert all(d.combatant != bear for d in pw.drawn_state.combat.declarations)
        assert any(d.combatant == bear for d in enc.state.combat.declarations)  # the GM's state keeps it
    finally:
        app._addons("closing")
        pygame.quit()


def test_the_players_window_draws_their_own_sides_declared_move():  # R-ORD-1
    """Review 3: the declared-actions layer draws lines, which the board's recorder cannot keep;
    the players' window swallowed that and left the layer out, so the table never saw its own
    group's planned moves. It is now drawn (the board composed whole for it), as on the GM's."""
    enc = _encounter()
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    while enc.state.combat.acting_group().team != "party":
        enc.submit(Advance())
    mover = "brandon"
    assert mover in enc.state.combat.acting_group().members
    here = enc.state.combatants[mover].cell
    app = App(enc, size=(1280, 720))
    try:
        app.step()
        pw = app.players.open(size=(960, 600))
        before = pygame.Surface((960, 600))
        pw.render(before)
        path = [(here[0], here[1] - 1), (here[0], here[1] - 2)]  # north, into the empty rows
        enc.submit(Declare(mover, Action("standard-move", path=path)))
        after = pygame.Surface((960, 600))
        pw.render(after)
        assert not pw.renderer.failed, f"layers left out: {pw.renderer.failed}"
        assert _picture(before) != _picture(after), "the party's declared move is not drawn for the players"
    finally:
        app._addons("closing")
        pygame.quit()
