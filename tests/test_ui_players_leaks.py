"""The GM's players' view (F2, ``tactics --players``) shows no more than the players' window (Ctrl+P).

An outside review found secrets on F2 that the players' window keeps. What is tested here, with
real keys and clicks through the real app, reading every text drawn in the frame (the layout
probe) or what the players' window draws:

1. The Round 0 Advantages card names no creature hidden from the players (N-HIDE-2): it is
   asked of the players' copy of the state. The GM's view still lists them. Nor do the Counter
   Phase card and the message after End turn (a hidden group's turn is "Action Phase", N-HOT-1).
2. Set up (U) is the GM's tool: in the players' view it does not open, and says how to get it;
   F2 with Set up open closes it.
3. The Initiative panel shows hit points and Initiative numbers of the
   players' own teams only, as their tokens do (N-SEEN-1); a GM team's Team Initiative, the mean
   over all its members, hidden ones too (R-INIT-1), is not shown there.
4. The Traps tool in the players' view is the players' side of traps: no "place hidden", a
   plain click places nothing, no DC or odds of a trap the players did not set; the PLAYERS'
   VIEW badge stays clear of the trap-kind list; the hover text stays inside the map's area.
5. The players' window's order line lists who acts: in a surprise Round 0 only the aware
   (R-SURP-1), so the default encounter reads "Brandon", not "Brandon, James".
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.hazards.commands import DetectTrap, PlaceTrap
from tactics.maps import BattleMap
from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.players.order_strip import order_slots

from ui_driver import app_session, card_text, centre, click, key, move, drawn_texts as texts

SIZE = (1280, 720)
ROOM = "\n".join(["." * 16] * 8)
GOBLINS = [(12, 5), (13, 5), (14, 5)]


def encounter(*, surprise: bool = True) -> Encounter:
    """Brandon (hidden scout, the only one aware), James, a bear, and three goblins hidden from the players."""
    combatants = [
        {"id": "brandon", "team": "party", "sheet": "brandon", "cell": [1, 1], "hidden": True},
        {"id": "james", "team": "party", "sheet": "james", "cell": [1, 3]},
        {"id": "bear1", "name": "Bear 1", "team": "bears", "sheet": "space_bear", "cell": [10, 1]},
    ] + [{"id": f"goblin{i}", "name": f"Goblin {i}", "team": "bears", "hp": 10, "cell": list(cell), "hidden": True}
         for i, cell in enumerate(GOBLINS, 1)]
    definition = {
        "name": "Ambush",
        "teams": {"party": {"name": "The Party", "players": True, "colour": [70, 140, 230]},
                  "bears": {"name": "Space Bears", "colour": [220, 80, 60]}},
        "combatants": combatants,
    }
    if surprise:
        definition["opening"] = {"surprise_aware": ["brandon"]}
    return Encounter(definition, BattleMap.from_text(ROOM, name="Room"), seed=5)


@pytest.fixture
def players_view():
    """``tactics --players FILE``: the GM's window opens as the players' view."""
    yield from app_session(App(encounter(), size=SIZE, viewer="players"))


def start_combat(app: App) -> None:
    rect = app.battle.combat.button_rect("start")
    assert rect is not None
    click(app, rect.center)
    assert app.battle.state.combat is not None


# --------------------------------------------------------------------------- 1. the Advantages card
def test_the_round_0_card_names_no_hidden_creature(players_view: App) -> None:  # N-HIDE-2, R-SURP-1
    app = players_view
    start_combat(app)
    assert app.battle.state.combat.phase == "advantages" and app.battle.state.combat.round == 0
    shown = texts(app)
    card = card_text(app)  # (in the right-hand column its lines wrap: read whole)
    assert "James is Flat-footed: no DEX bonus to AC" in card  # the card is there, the party listed
    assert "Bear 1 is Flat-footed: no DEX bonus to AC" in card  # a foe the players see, too
    assert not [t for t in shown if "Goblin" in t]
    key(app, pygame.K_F2)  # the GM's own view still lists every one of them
    assert "Goblin 1 is Flat-footed: no DEX bonus to AC" in card_text(app)


def test_the_counter_phase_and_end_turn_say_nothing_of_hidden_creatures() -> None:  # N-HIDE-2, N-HOT-1
    app = App(encounter(surprise=False), size=SIZE, viewer="players")
    try:
        app.step()
        start_combat(app)
        view = app.battle
        assert view.submit(ApplyCondition("goblin1", "Shaken", 1)) and view.submit(ApplyCondition("bear1", "Shaken", 2))
        combat = view.state.combat
        secret_groups = [f"Space Bears: {g.kind.capitalize()}" for g in combat.turn_order()
                         if all(view.state.hidden_from_players(view.state.combatants[m]) for m in g.members)]
        assert secret_groups  # the goblins make a group of their own
        said = []
        for _ in range(8):  # E: through every group's turn to the Counter Phase
            key(app, pygame.K_e)
            said.append(view.message[0] if view.message else "")
            if combat.phase == "counters":
                break
        assert combat.phase == "counters" and combat.round == 1
        assert not [m for m in said if any(g in m for g in secret_groups)]  # "Space Bears: Rearguard done"
        shown = texts(app)
        assert "Bear 1: Shaken 2 -> 1" in shown  # the card is there, with what the players see
        assert not [t for t in shown if "Goblin" in t]  # not "Goblin 1: Shaken 1 -> 0"
        key(app, pygame.K_F2)
        assert "Goblin 1: Shaken 1 -> 0" in texts(app)
    finally:
        pygame.quit()


# --------------------------------------------------------------------------- 2. Set up
def test_set_up_is_the_gm_s_tool_and_does_not_open_in_the_players_view(players_view: App) -> None:
    app = players_view
    key(app, pygame.K_u)
    assert app.battle.tool.name == "select"
    shown = texts(app)
    assert not [t for t in shown if "Goblin" in t or "AC 1" in t]
    assert any("Set up is the GM's tool" in t and "F2" in t for t in shown)  # says why and how
    key(app, pygame.K_F2)
    key(app, pygame.K_u)
    assert app.battle.tool.name == "setup" and "Goblin 1  (hidden)" in texts(app)
    key(app, pygame.K_F2)  # back to the players' view with Set up open: it closes
    assert app.battle.tool.name == "select"
    assert not [t for t in texts(app) if "Goblin" in t or "(hidden)" in t]


# --------------------------------------------------------------------------- 3. hit points and Initiative
def test_the_initiative_panel_shows_numbers_of_the_players_own_only() -> None:  # N-SEEN-1, R-INIT-1
    app = App(encounter(surprise=False), size=SIZE, viewer="players")
    try:
        app.step()
        state = app.battle.state
        bear, brandon = state.combatants["bear1"], state.combatants["brandon"]
        start_combat(app)
        combat = state.combat
        shown = texts(app)
        assert f"{brandon.hp}/{brandon.max_hp} hp" in shown
        assert f"{bear.hp}/{bear.max_hp} hp" not in shown  # was "30/30 hp" beside Bear 1
        assert "Bear 1" in shown
        team_lines = [t for t in shown if t.startswith("Team Initiative")]
        assert team_lines == [f"Team Initiative {combat.team_initiative['party']}"]
        numbers = [t for t in shown if t[:1] in "+-" and t[1:].isdigit()]
        assert sorted(numbers) == sorted(f"{combat.initiative[c]:+d}" for c in ("brandon", "james"))
        key(app, pygame.K_F2)  # the GM's view: every number
        shown = texts(app)
        assert f"{bear.hp}/{bear.max_hp} hp" in shown and f"{10}/{10} hp" in shown
        assert f"Team Initiative {combat.team_initiative['bears']}" in shown
    finally:
        pygame.quit()


# --------------------------------------------------------------------------- 4. the Traps tool
def test_the_traps_tool_in_the_players_view_is_the_players_side() -> None:  # R-TRAP-3, R-TRAP-6
    app = App(encounter(surprise=False), size=(1920, 1080), viewer="players")
    try:
        app.step()
        view = app.battle
        assert view.submit(PlaceTrap("simple_mechanical", (6, 1)))
        trap_id = next(iter(view.state.traps))
        assert view.submit(DetectTrap(trap_id))  # the GM shows it to everyone: the players know it
        key(app, pygame.K_p)
        assert view.tool.name == "traps"
        shown = texts(app)
        assert not [t for t in shown if "place hidden" in t.lower() or "H: show" in t]
        badge = [m for m in _marks(app) if m.label.startswith("PLAYERS' VIEW")]
        assert badge and view.tool.dropdown is not None
        assert not badge[0].rect.colliderect(view.tool.dropdown.rect)  # the badge stays in sight
        before = len(view.encounter.journal.entries)
        click(app, centre(app, (6, 6)))  # a plain click: the GM's "place hidden" is not the players'
        assert len(view.encounter.journal.entries) == before
        assert view.message and "GM" in view.message[0]
        click(app, centre(app, (1, 1)))  # Brandon acts
        assert view.selected == "brandon"
        move(app, centre(app, (6, 1)))
        shown = texts(app)
        disarm = [t for t in view.tool.odds_lines() if t.startswith("D:")]
        assert disarm and "DC" not in disarm[0] and "%" not in disarm[0]  # the check, not the GM's odds
        edge = (view.state.map.width - 1, 3)
        move(app, centre(app, edge))
        app.draw()
        board = view.board_rect()
        assert view.tool.pills and all(board.contains(rect) for _, rect in view.tool.pills)
        key(app, pygame.K_F2)  # the GM's own view: the odds with the trap's DC
        move(app, centre(app, (6, 1)))
        assert any("DC" in t and "%" in t for t in view.tool.odds_lines() if t.startswith("D:"))
    finally:
        pygame.quit()


def _marks(app: App) -> list[probe.Mark]:
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    return rec.on(pygame.display.get_surface())


# --------------------------------------------------------------------------- 5. the players' window's order line
def test_the_players_window_order_line_lists_who_acts_in_round_0() -> None:  # R-SURP-1
    app = App(load_encounter(bundled("space-bears.encounter.toml")), size=SIZE)
    try:
        app.step()
        key(app, pygame.K_p, mod=pygame.KMOD_LCTRL)
        window = app.players.window
        assert window is not None
        start_combat(app)
        combat = app.battle.state.combat
        assert combat.round == 0 and combat.aware == ["brandon"]
        window.draw()
        head, slots = order_slots(window.drawn_state)
        assert head == "Round 0" and [s.label for s in slots] == ["Brandon"]
    finally:
        app._addons("closing")
        pygame.quit()
