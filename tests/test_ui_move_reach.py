"""The Select tool's reach, the log, the last roll and the odds in both modes, driven headless (R-MOVE-1,
R-ACT-1, R-INIT-4, R-TURN-1, R-TURN-2, R-HIT-1).

What is tested: after Brandon declares his Standard Attack the run and sprint tint is gone (pixels),
only the 5 ft step squares are tinted (a Simple action, N-MOVE-4) and the status bar says why; a
click on one declares the step; during the bears' turn a party token shows no reach and the status
says whose turn it is; in individual turns after one move the reach is the one move left and the
engine takes a click at its edge; the individual-mode log lists the turns engine's lines and Ctrl+E
exports them; the odds card in individual turns shows ``hit_chances``; the tracker shows each
d20 + Reflex initiative roll.
Expected: the state the engine reports after each click, and the pixels that show it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import Advance
from tactics.engine.combat.queries import describe
from tactics.engine.combat.individual.view import initiative_rolls
from tactics.maps import BattleMap, Spawn
from tactics.rules.attacks import hit_chances
from tactics.rules.data import read_document
from tactics.rules.sheets import default_armoury
from tactics.ui.app import App
from tactics.ui.panels.log import log_lines
from tactics.ui.panels.turns import roll_text

from ui_driver import app_session, click, key, move

SIZE = (1920, 1080)
ROOM = "\n".join(["." * 16] * 12)
SPAWNS = {
    "Brandon": (3, 2), "James": (3, 5), "Art": (3, 8), "Katie": (0, 11),
    "Bear 1": (10, 2), "Bear 2": (11, 5), "Bear 3": (12, 8), "Bear 4": (13, 10),
}


def encounter(mode: str) -> Encounter:
    name = "space-bears-individual.encounter.toml" if mode == "individual" else "space-bears.encounter.toml"
    definition = read_document(bundled(name))
    definition.pop("opening", None)
    room = replace(BattleMap.from_text(ROOM, name="Bay"), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=5)


@pytest.fixture
def team():
    yield from app_session(App(encounter("team"), size=SIZE))


@pytest.fixture
def solo():
    yield from app_session(App(encounter("individual"), size=SIZE))


def at(app: App, cell) -> tuple[int, int]:
    return app.battle.camera.cell_centre(cell)


def pixel(app: App, cell) -> tuple[int, int, int]:
    """A pixel near a square's bottom-left corner (clear of tokens, and of the name pill that
    hangs down from the token above)."""
    x, y, w, h = app.battle.camera.cell_rect(cell)
    return tuple(pygame.display.get_surface().get_at((x + w // 6, y + h - h // 6)))[:3]


def look(app: App) -> None:
    move(app, (SIZE[0] // 2, 4))  # the pointer off the board: no path preview on the squares
    app.step()


def press_combat(app: App, key_name: str) -> None:
    rect = app.battle.combat.button_rect(key_name)
    assert rect is not None, key_name
    click(app, rect.center)


def press_turns(app: App, key_name: str) -> None:
    rect = app.battle.turns.button_rect(key_name)
    assert rect is not None, (key_name, app.battle.turns.keys())
    click(app, rect.center)


# --------------------------------------------------------------------------- team rules
def test_after_a_standard_attack_the_run_and_sprint_are_gone_and_a_step_is_offered(team):  # R-ACT-1, R-MOVE-1
    app = team
    press_combat(app, "start")
    press_combat(app, "banner-advance")  # the party's Vanguard (Brandon, James) acts
    state = app.battle.state
    assert {"brandon", "james"} <= set(state.combat.acting_group().members)
    far, near = (3, 0), (4, 2)  # 10 ft and 5 ft from Brandon at (3, 2)
    look(app)
    plain_far, plain_near = pixel(app, far), pixel(app, near)
    click(app, at(app, (3, 2)))
    look(app)
    assert pixel(app, far) != plain_far and pixel(app, near) != plain_near  # the run is tinted
    click(app, at(app, (3, 2)))  # deselect
    press_combat(app, "actor:brandon")
    press_combat(app, "weapon:silenced_pistol")
    click(app, at(app, (10, 2)))  # Standard Attack on Bear 1
    assert [d.kind for d in state.combat.declarations] == ["standard-attack"]
    if app.battle.selected != "brandon":
        click(app, at(app, (3, 2)))
    look(app)
    assert pixel(app, far) == plain_far, "no run or sprint after the Standard Attack"
    assert pixel(app, near) != plain_near, "the 5 ft step square is offered"
    status = app.battle.tool.status()
    assert "5 ft step only" in status and "already has a Standard action" in status
    move(app, at(app, (3, 0)))
    click(app, at(app, near))  # take the step
    d = app.battle.state.combat.declarations[-1]
    assert (d.kind, d.params.get("effect"), d.params["path"]) == ("simple-after", "step", [[4, 2]])
    look(app)
    assert pixel(app, near) == plain_near and not app.battle.reach.routes
    assert "cannot move now" in app.battle.tool.status() and "Simple" in app.battle.tool.status()


def test_during_the_other_teams_turn_a_party_token_shows_no_reach(team):  # R-INIT-4
    app = team
    press_combat(app, "start")
    state = app.battle.state
    while state.combat.acting_group() is None or "bear1" not in state.combat.acting_group().members:
        app.battle.encounter.submit(Advance())  # the procedure's next step (the banner's button)
        state = app.battle.state
    app.step()
    key(app, pygame.K_ESCAPE)  # stop the end-of-turn facing questions (R-FACE-1)
    if app.battle.selected is not None:
        key(app, pygame.K_ESCAPE)
    look(app)
    plain = pixel(app, (3, 3))
    click(app, at(app, (3, 2)))  # Brandon
    look(app)
    assert app.battle.selected == "brandon" and not app.battle.reach.routes
    assert pixel(app, (3, 3)) == plain
    status = app.battle.tool.status()
    assert status == "Brandon moves in The Party Vanguard's turn; now: Space Bears Vanguard acts. Esc deselects."
    count = len(app.battle.encounter.journal.entries)
    click(app, at(app, (3, 3)))
    assert len(app.battle.encounter.journal.entries) == count
    assert "not Brandon's group's turn" in app.battle.message[0]


# --------------------------------------------------------------------------- individual turns
def start_rolled(app: App) -> str:
    press_turns(app, "start-rolled")
    return app.battle.state.combat.current


def test_individual_after_one_move_the_reach_is_what_is_left(solo):  # R-TURN-2
    app = solo
    cid = start_rolled(app)
    who = app.battle.state.combatants[cid]
    start = who.cell
    click(app, at(app, start))
    reach = app.battle.reach
    assert (reach.run_ft, reach.sprint_ft) == (30, 60) and reach.sprint
    goal = next(c for c, r in sorted(reach.routes.items()) if r.cost == 30 and not r.sprint and c[0] > start[0]
                and app.battle.turns.clear_room(app.battle.board_rect()).collidepoint(at(app, c)))
    click(app, at(app, goal))
    assert app.battle.state.combatants[cid].cell == goal
    if app.battle.selected != cid:
        click(app, at(app, goal))
    reach = app.battle.reach
    assert (reach.run_ft, reach.sprint_ft) == (30, 30) and not reach.sprint
    assert max(r.cost for r in reach.routes.values()) == 30
    assert "1 move left" in app.battle.tool.status()
    edge = next(c for c, r in sorted(reach.routes.items()) if r.cost == 30
                and app.battle.turns.clear_room(app.battle.board_rect()).collidepoint(at(app, c)))
    click(app, at(app, edge))
    assert app.battle.state.combatants[cid].cell == edge, app.battle.message
    assert app.battle.state.combat.spent == ["non-contested", "non-contested"]
    click(app, at(app, edge)) if app.battle.selected != cid else None
    assert not app.battle.reach.routes and "both actions" in app.battle.tool.status()


def test_individual_log_lists_the_turns_lines_and_exports_them(solo, tmp_path):  # R-TURN-1
    app = solo
    cid = start_rolled(app)
    log = app.battle.turns.column.log
    assert log.rect is not None
    lines = [line for _, line in log_lines(app.battle.encounter)]
    assert any(line.startswith("Individual turns, rolled d20 + Reflex") for line in lines)
    assert any(f"{app.battle.state.combatants[cid].name}'" in line and "turn" in line for line in lines)
    assert lines == [describe(e, app.battle.state) for e in app.battle.encounter.journal.events]
    log.folder = tmp_path
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    files = list(tmp_path.glob("*.txt"))
    assert len(files) == 1
    text = files[0].read_text(encoding="utf-8").splitlines()
    assert all(line in text for line in lines)


def test_individual_odds_card_shows_hit_chances_and_the_roll_is_shown(solo):  # R-HIT-1, R-ROLL-1
    app = solo
    cid = start_rolled(app)
    state = app.battle.state
    who = state.combatants[cid]
    weapon = who.sheet.weapons[0]
    press_turns(app, f"weapon:{weapon}")
    assert app.battle.tool.name == "attack"
    foe = min(state.enemies_of(who), key=lambda c: abs(c.cell[0] - who.cell[0]) + abs(c.cell[1] - who.cell[1]))
    move(app, at(app, foe.cell))
    shown = app.battle.tools["attack"].shown
    assert shown is not None and not shown.problem
    arms = default_armoury().weapon(weapon)
    # R-ROLL-1: the ability (DEX ranged, STR melee) + the weapon's accuracy against the target's AC
    assert (arms.ability, who.sheet.mod(arms.ability)) in [tuple(m) for m in shown.modifiers]
    assert shown.bonus == sum(v for _, v in shown.modifiers)
    assert shown.ac == foe.sheet.ac
    assert shown.chances == hit_chances(shown.bonus, foe.sheet.ac, advantage=shown.advantage)
    click(app, at(app, foe.cell))
    events = [e.kind for e in app.battle.encounter.journal.entries[-1].events]
    assert "attack.rolled" in events
    roll = app.battle.turns.column.roll
    assert roll.rect is not None, "the last roll card shows the dice"


def test_the_tracker_shows_the_initiative_rolls(solo):  # R-TURN-1
    app = solo
    start_rolled(app)
    rolls = app.battle.state.combat.rolls
    assert rolls
    first = rolls[0]
    text = roll_text(initiative_rolls(app.battle.state, first["members"][0]))
    assert text.startswith(f"d20 {first['d20']} {'+' if first['bonus'] >= 0 else '-'} {abs(first['bonus'])} "
                           f"= {first['total']}")
    row = app.battle.turns.row_rects[first["members"][0]]
    assert row.height > 40, "a rolled order adds the roll's line under each name"


def test_tied_initiative_rolls_show_the_re_roll():  # R-TURN-1: ties re-rolled
    from tactics.rules.turns import OrderRoll
    rolls = [OrderRoll("art", ("art",), 0, 14, 3), OrderRoll("art", ("art",), 1, 9, 3)]
    assert roll_text(rolls) == "d20 14 + 3 = 17, tie: 9 + 3 = 12"


def test_the_odds_card_never_covers_the_target_at_the_map_s_edge() -> None:
    """A target on the top row with the room's top edge just above it: every side but below is
    clamped back over it; the card goes where the target shows."""
    import pygame

    from tactics.ui.tools.attack import _place

    import random

    rng = random.Random(5)
    room = pygame.Rect(0, 100, 1200, 700)
    for _ in range(300):  # a target on the top row among a few others (the Space Bears den)
        x = rng.randrange(200, 1000)
        target = pygame.Rect(x, 104, 36, 36)
        crowd = [target.move(rng.randint(-6, 6) * 40, rng.randint(0, 4) * 40) for _ in range(rng.randint(2, 14))]
        crowd = [t for t in crowd if not t.colliderect(target)]
        card = _place(pygame.Rect(0, 0, 340, 110), target, (x - 200, 300), room, tokens=crowd, cards=[])
        assert room.contains(card) and not card.colliderect(target), (x, card)
