"""Ground combat on screen, driven headless with real pygame events through ``App.step``.

What is tested: the tracker starts combat and shows who acts (R-INIT-1..4); the acting group
glows on the map; an attack is declared by clicking a weapon, then the target token, and the
odds shown are ``hit_chances`` for that attack (R-ROLL-1, R-ROLL-2, R-HIT-1); Resolve rolls it
(R-ORD-1) and the log shows the journal's faces; Ctrl+Z / Ctrl+Y walk the log; a declaration out
of turn is refused with the reason and changes nothing; typed physical dice; the log exports
every line to a text file; the Counter Phase lists the counters and lets Katie join (R-CNT-1,
R-INIT-5); the end of combat is announced (R-END-1).
Expected: the state the engine reports after each click, and the pixels that show it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.gm import ApplyCondition, Hide
from tactics.engine.combat.queries import describe
from tactics.maps import BattleMap, Spawn
from tactics.rules.attacks import hit_chances
from tactics.rules.data import read_document
from tactics.rules.sheets import default_armoury
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.panels.rolls import odds_labels

from ui_driver import app_session, click, end_turn, key, move, post

SIZE = (1920, 1080)
ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (2, 2), "James": (2, 4), "Art": (1, 6), "Katie": (0, 9),
    "Bear 1": (7, 2), "Bear 2": (7, 4), "Bear 3": (8, 5), "Bear 4": (8, 7),
}


def space_bears(seed: int = 3, opening: bool = False, **settings) -> Encounter:
    """The rules text's example in a plain room (the Space Bears roster, sheets from the data)."""
    definition = read_document(bundled("space-bears.encounter.toml"))
    definition["settings"] = {**definition.get("settings", {}), **settings}
    if not opening:  # these tests stage the explosion, the ticks and the surprise by hand: the
        # card starts with everyone ticked aware (the file says so), not unticked by Brandon's Stealth
        definition["opening"] = {"surprise_aware": [c["id"] for c in definition["combatants"]]}
    room = replace(BattleMap.from_text(ROOM, name="Bay"), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=seed)


def explosion(enc: Encounter) -> None:
    """The trap that starts the example: the party Shaken 1 round, Bear 1 Stunned 1 round."""
    for cid in ("brandon", "james", "art"):
        enc.submit(ApplyCondition(cid, "Shaken", 1, source="explosion"))
    enc.submit(ApplyCondition("bear1", "Stunned", 1, source="explosion"))


@pytest.fixture
def app():
    enc = space_bears()
    explosion(enc)
    yield from app_session(App(enc, size=SIZE))


# -- driving the window -------------------------------------------------------------------
def press(app: App, button_key: str) -> None:
    """Click a combat panel button by its key, where it was drawn."""
    rect = app.battle.combat.button_rect(button_key)
    assert rect is not None, f"no {button_key!r} button on screen; have {all_keys(app)}"
    click(app, rect.center)




def all_keys(app: App) -> list[str]:
    return [k for p in app.battle.combat.panels() for k in p.keys()]


def token(app: App, cid: str) -> tuple[int, int]:
    return app.battle.camera.cell_centre(app.battle.state.combatants[cid].cell)


def combat(app: App):
    return app.battle.state.combat


def message(app: App) -> str:
    return app.battle.message[0] if app.battle.message else ""


def start_surprise(app: App) -> None:
    """Only Brandon is aware (R-SURP-1): untick everyone else, then Start combat."""
    for cid in ("james", "art", "bear1", "bear2", "bear3", "bear4"):
        press(app, f"aware:{cid}")
    press(app, "start")


def type_faces(app: App, faces: str) -> None:
    """Type into the typed-dice box like a player: click it, type, press Enter."""
    entry = app.battle.combat.resolve.entry
    assert entry is not None and entry.visible, "the typed-dice box is on screen"
    click(app, entry.rect.center)
    for ch in faces:
        post(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_RETURN)
    app.step()  # the box reports Enter with an event of its own, handled on the next step


# -- tests ------------------------------------------------------------------------------------------
def test_start_combat_from_the_tracker(app):  # R-INIT-1, R-INIT-2, R-INIT-3
    assert combat(app) is None
    press(app, "start")
    c = combat(app)
    assert c is not None and c.round == 1 and c.phase == "advantages"
    assert c.team_order == ["party", "bears"]
    lines = [line for _, line in app.battle.combat.log.wrapped(10_000)]
    assert any(line.startswith("Combat starts") for line in lines)
    assert "banner-advance" in all_keys(app)


def test_unticked_combatants_sit_out_round_0(app):  # R-SURP-1
    start_surprise(app)
    assert combat(app).round == 0 and combat(app).aware == ["brandon"]
    press(app, "banner-advance")
    assert combat(app).phase == "action"
    assert "actor:brandon" in all_keys(app) and "actor:james" not in all_keys(app)


def test_the_acting_group_glows_on_the_map(app):  # R-INIT-4
    press(app, "start")
    move(app, (SIZE[0] // 2, 5))
    px = app.battle.camera.cell_px
    on_ring = int(px * 0.6) - max(2, px // 18) // 2 - 1  # on the glow ring, outside the token's disc
    cx, cy = token(app, "james")
    ring = (cx - on_ring, cy)
    bear = token(app, "bear2")
    bear_ring = (bear[0] - on_ring, bear[1])
    screen = pygame.display.get_surface()
    before, bear_before = tuple(screen.get_at(ring))[:3], tuple(screen.get_at(bear_ring))[:3]
    press(app, "banner-advance")  # the party's Vanguard (Brandon, James) acts
    move(app, (SIZE[0] // 2, 5))
    after, bear_after = tuple(screen.get_at(ring))[:3], tuple(screen.get_at(bear_ring))[:3]
    assert after != before and sum(abs(a - b) for a, b in zip(after, theme.ACCENT)) < 60
    assert bear_after == bear_before, "the bears do not act now: no glow"


def test_declare_an_attack_by_clicking_weapon_then_target(app):  # R-ROLL-1, R-ROLL-2, R-HIT-1
    start_surprise(app)
    press(app, "banner-advance")
    press(app, "actor:brandon")
    press(app, "weapon:silenced_pistol")
    assert app.battle.tool.name == "attack"
    move(app, token(app, "bear1"))
    tool = app.battle.tools["attack"]
    setup, _ = tool.preview(app.battle.state.combatants["bear1"])
    # Brandon: DEX +4, Shaken and not proficient (two disadvantages: -d2); Bear 1 flat-footed, no DEX to AC.
    brandon = app.battle.state.combatants["brandon"].sheet
    bear = app.battle.state.combatants["bear1"].sheet
    pistol = default_armoury().weapon("silenced_pistol")
    expected = hit_chances(brandon.mod("DEX") + pistol.accuracy, bear.ac - bear.mod("DEX"), advantage=-2)
    assert setup.chances == expected
    assert odds_labels(tool.shown.chances) == odds_labels(expected)  # what the card on the map shows
    click(app, token(app, "bear1"))
    decl = combat(app).declarations
    assert [(d.combatant, d.kind, d.params["weapon"], d.params["target"]) for d in decl] == [
        ("brandon", "standard-attack", "silenced_pistol", "bear1")]
    assert app.battle.tool.name == "select"
    assert "resolve" in all_keys(app) and "withdraw:1" in all_keys(app)


def test_resolve_logs_the_journal_faces_and_undo_redo_walk_it(app):  # R-ORD-1
    start_surprise(app)
    press(app, "banner-advance")
    press(app, "actor:brandon")
    press(app, "weapon:silenced_pistol")
    click(app, token(app, "bear1"))
    press(app, "resolve")
    entry = app.battle.encounter.journal.entries[-1]
    assert entry.command == "resolve-next"
    rolled = next(e for e in entry.events if e.kind == "attack.rolled")
    line = describe(rolled, app.battle.state)
    assert f"d20 {rolled.data['d20']}" in line
    log = app.battle.combat.log
    assert line in [text for _, text in log_lines_full(app)]
    count = len(app.battle.encounter.journal.entries)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(app.battle.encounter.journal.entries) == count - 1
    assert combat(app).declarations[0].status == "declared"
    assert line not in [text for _, text in log_lines_full(app)]
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.battle.encounter.journal.entries[-1].events == entry.events
    assert log is app.battle.combat.log


def log_lines_full(app: App) -> list[tuple[str, str]]:
    from tactics.ui.panels.log import log_lines

    return log_lines(app.battle.encounter)


def test_out_of_turn_declaration_is_refused_with_the_reason(app):  # R-INIT-4
    press(app, "start")
    press(app, "banner-advance")  # the party's Vanguard acts
    count = len(app.battle.encounter.journal.entries)
    click(app, token(app, "bear2"))
    assert app.battle.selected == "bear2"
    x, y = token(app, "bear2")
    click(app, (x + app.battle.camera.cell_px, y))  # one square east: a Standard Move
    assert "not Bear 2's group's turn" in message(app) and "The Party Vanguard acts now" in message(app)
    assert app.battle.message[1] == "error"
    assert len(app.battle.encounter.journal.entries) == count


def test_a_move_in_the_fight_is_declared_not_walked(app):  # R-ORD-1, R-MOVE-1
    press(app, "start")
    press(app, "banner-advance")
    click(app, token(app, "james"))
    x, y = token(app, "james")
    click(app, (x + app.battle.camera.cell_px, y))
    d = combat(app).declarations[-1]
    assert (d.combatant, d.kind, d.params["path"]) == ("james", "standard-move", [[3, 4]])
    assert app.battle.state.combatants["james"].cell == (2, 4), "declared, not yet moved"
    press(app, "resolve")
    assert app.battle.state.combatants["james"].cell == (3, 4)


def declare_typed_shot(app) -> None:
    """Round 0: Brandon's pistol shot at Bear 1 declared, the table set to type the players' dice."""
    start_surprise(app)
    press(app, "banner-advance")
    press(app, "actor:brandon")
    press(app, "weapon:silenced_pistol")
    click(app, token(app, "bear1"))
    press(app, "dice-mode")  # app rolls -> players type theirs
    assert app.battle.state.settings["dice"] == "players"


def test_typed_physical_dice(app):  # R-ROLL-1: the table's own dice
    declare_typed_shot(app)
    type_faces(app, "3 1")
    rolled = next(e for e in app.battle.encounter.journal.entries[-1].events if e.kind == "attack.rolled")
    assert rolled.data["d20"] == 3 and rolled.data["extra"] == [2, 1, -1] and rolled.data["outcome"] == "miss"


def test_typed_dice_that_cannot_be_are_refused(app):
    start_surprise(app)
    press(app, "banner-advance")
    press(app, "actor:brandon")
    press(app, "weapon:silenced_pistol")
    click(app, token(app, "bear1"))
    press(app, "dice-mode")
    count = len(app.battle.encounter.journal.entries)
    type_faces(app, "25")
    assert "d20 cannot show 25" in message(app)
    assert len(app.battle.encounter.journal.entries) == count


def test_the_log_exports_every_line(app, tmp_path):
    press(app, "start")
    press(app, "banner-advance")
    app.battle.combat.log.folder = tmp_path
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    files = list(tmp_path.glob("*.txt"))
    assert len(files) == 1
    text = files[0].read_text(encoding="utf-8").splitlines()
    for _, line in log_lines_full(app):
        assert line in text
    assert not list(tmp_path.glob("*.tmp*")), "written atomically: no temporary file left"


def test_the_log_scrolls_with_the_wheel(app):
    for i in range(30):  # a long log
        app.battle.encounter.submit(ApplyCondition("art", f"Note {i}", 1))
    app.step()
    log = app.battle.combat.log
    assert log.scroll == 0
    pos = log.rect.center
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False))
    assert log.scroll > 0
    zoom = app.battle.camera.cell_px
    assert app.battle.camera.cell_px == zoom, "the wheel over the log does not zoom the map"


def test_end_of_combat_is_announced(app):  # R-END-1
    press(app, "start")
    press(app, "end-combat")
    key(app, pygame.K_RETURN)  # it asks first: Enter answers "End combat" (test_end_combat_words)
    app.step()
    assert combat(app).phase == "ended"
    assert "advance" not in all_keys(app)
    assert app.battle.combat.banner.rect is not None


def test_the_first_round_of_space_bears_through_the_window(app):  # R-SURP-1, R-ACT-1, R-CNT-1, R-INIT-5
    """The rules text's example, every step a click or a key; the dice typed as the table rolled them."""
    s = app.battle.state
    start_surprise(app)
    press(app, "dice-mode")
    press(app, "dice-mode")  # everyone types their dice, the GM too
    assert s.settings["dice"] == "everyone"

    # Round 0: Brandon alone shoots Bear 1 and misses.
    press(app, "banner-advance")
    assert "advance" not in all_keys(app)  # one End turn: the banner's, not a second one in the tracker
    assert app.hotseat.banner().detail.endswith("next: Round 1")  # what End turn leads to
    press(app, "who:brandon")
    press(app, "weapon:silenced_pistol")
    click(app, token(app, "bear1"))
    type_faces(app, "3 1")
    end_turn(app)  # Round 0 has no Counter Phase: Round 1
    assert combat(app).round == 1 and combat(app).phase == "advantages"
    assert app.battle.combat.banner.rect is not None  # the Advantages Phase reminder

    # Round 1, the party's Vanguard: Brandon hides, James shocks Bear 3.
    press(app, "banner-advance")
    press(app, "who:brandon")
    press(app, "item:stealth")
    press(app, "who:james")  # a name in the tracker selects
    press(app, "technique:shock")
    click(app, token(app, "bear3"))
    assert [d.kind for d in combat(app).declarations] == ["use-item", "technique"]
    type_faces(app, "15 1 2 3")  # the Technique resolves first (R-ORD-1)
    assert {c.name: c.rounds for c in s.combatants["bear3"].conditions}["Stunned"] == 2
    type_faces(app, "15 1")  # Stealth
    assert s.combatants["brandon"].hidden
    end_turn(app)

    # The bears' Vanguard: Bear 1 is Stunned (no attack button); Bear 2 charges James.
    click(app, token(app, "bear1"))
    assert "weapon:bear_claws" not in all_keys(app) and "technique:bear_charge" not in all_keys(app)
    hp = s.combatants["james"].hp
    click(app, token(app, "bear2"))
    press(app, "technique:bear_charge")
    click(app, token(app, "james"))
    press(app, "do-nothing:bear1")  # Stunned, it could still take a Simple action: it commits to nothing (N-ORD-4)
    type_faces(app, "10 2")
    assert s.combatants["james"].hp == hp - 4
    end_turn(app)

    # Art, the lone Rearguard, shoots Bear 4.
    click(app, token(app, "art"))
    press(app, "weapon:xeno_dart_rifle")
    click(app, token(app, "bear4"))
    type_faces(app, "11 5")
    assert s.combatants["bear4"].hp == 30 - 6
    end_turn(app)

    # The bears' Rearguard: Bear 4 charges Art.
    click(app, token(app, "bear4"))
    press(app, "technique:bear_charge")
    click(app, token(app, "art"))
    press(app, "do-nothing:bear3")  # Stunned by James: it commits to nothing (N-ORD-4)
    type_faces(app, "10 1")
    end_turn(app)

    # The Counter Phase: exactly the text's counters; Katie joins; the next round starts.
    assert combat(app).phase == "counters"
    assert {c.name: c.rounds for c in s.combatants["bear3"].conditions} == {"Stunned": 1}
    assert not s.combatants["bear1"].conditions
    assert "join:katie" not in all_keys(app)  # the Rearguard's facing prompt asks first (R-FACE-1)
    key(app, pygame.K_ESCAPE)  # no facing changes: the Counter Phase card opens
    press(app, "join:katie")
    assert combat(app).groups["party"]["rearguard"] == ["art", "katie"]
    assert combat(app).team_initiative == {"party": 5, "bears": 4}
    press(app, "banner-advance")
    assert combat(app).round == 2 and combat(app).phase == "advantages"


def test_a_sprint_is_declared_as_a_standard_and_a_bonus_move(app):  # R-MOVE-1, R-ACT-1
    press(app, "start")
    press(app, "banner-advance")
    click(app, token(app, "james"))  # James at (2, 4) runs 30 ft; (2, 11) is 35 ft away
    goal = app.battle.camera.cell_centre((2, 11))
    click(app, goal)
    kinds = [(d.kind, len(d.params["path"])) for d in combat(app).declarations]
    assert kinds == [("standard-move", 6), ("bonus-move", 1)]
    for _ in range(2):
        press(app, "resolve")
    assert app.battle.state.combatants["james"].cell == (2, 11)


def test_the_players_view_hides_the_gm_panels_and_hidden_combatants(app):  # R-TRAP-6, N-HIDE-2
    app.battle.encounter.submit(Hide("bear2", 17))
    press(app, "start")
    press(app, "banner-advance")
    assert "who:brandon" in all_keys(app) and "who:bear2" in all_keys(app)
    key(app, pygame.K_F2)
    assert app.battle.viewer == "players"
    keys = all_keys(app)
    assert "who:bear2" not in keys, "a hidden bear is not listed for the players"
    assert "who:brandon" in keys, "Brandon hides from the bears, not from his own players"
    assert "who:james" in keys and "export" not in keys and "resolve" not in keys


def test_the_bundled_opening_starts_like_the_rules_text():  # R-SURP-1, R-COND-1
    """Start combat on the bundled encounter: the explosion's conditions are applied and only
    Brandon, unseen by the bears, acts in Round 0, as in the text's example."""
    a = App(space_bears(opening=True), size=SIZE)
    try:
        a.step()
        assert a.battle.combat.tracker.unaware == {"james", "art", "bear1", "bear2", "bear3", "bear4"}
        press(a, "start")
        state = a.battle.state
        assert state.combat.round == 0 and state.combat.aware == ["brandon"]
        for cid in ("brandon", "james", "art"):
            assert ("Shaken", 1) in [(c.name, c.rounds) for c in state.combatants[cid].conditions]
        assert ("Stunned", 1) in [(c.name, c.rounds) for c in state.combatants["bear1"].conditions]
        commands = [e.command for e in a.battle.encounter.journal.entries]
        assert commands[-1] == "start-combat" and commands.count("apply-condition") == 4
    finally:
        pygame.quit()
