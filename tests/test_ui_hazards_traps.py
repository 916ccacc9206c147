"""Traps and facing in the window, driven headless with real pygame events through ``App.step``.

What is tested: the players' view of a map with hidden traps draws nothing of them (pixels
equal to the same render with the traps removed) while the GM's view shows them (R-TRAP-6);
a detected trap shows for everyone; the trap tool places a hidden trap with a click, a tripwire
with a drag, turns a cone mine with R, removes with a right click, and Ctrl+Z undoes a placing;
disarming in a fight takes the Simple and Standard action together with disadvantage
(R-TRAP-3) and its odds are ``disarm_odds``; the end of a group's turn asks its members for a
facing, answered by the numpad, a click on a token (keep facing) or Enter (R-FACE-1), every
answer a journal entry; the arcs overlay tints by ``arc_of`` (R-FACE-2); the cone tool follows
the selected token's facing when the pointer is on it.
"""

from __future__ import annotations

import copy

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.disarm import DeclareDisarm
from tactics.engine.hazards.commands import DetectTrap, SetFacing
from tactics.engine.core.journal import Refused
from tactics.maps import BattleMap
from tactics.rules import traps as tr
from tactics.rules.facing import arc_of
from tactics.ui.app import App
from tactics.ui.facing import arc_cells
from tactics.ui.hazards import hazards_of
from tactics.ui.tools.traps import disarm_preview

from ui_driver import app_session, centre, click, drag, fighter, key, move, drawn_texts

SIZE = (1920, 1080)
ROOM = "\n".join(["." * 16] * 10)


def make_app(traps: list | None = None, **sheets) -> App:
    definition = {
        "name": "Trap room",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (2, 2), **sheets.get("ann", {})),
                       fighter("bob", "party", (2, 6)),
                       fighter("bear", "bears", (13, 4), **sheets.get("bear", {}))],
        "traps": traps or [],
    }
    app = App(Encounter(definition, BattleMap.from_text(ROOM), seed=9), size=SIZE)
    app.step()
    return app


@pytest.fixture
def app():
    yield from app_session(make_app(), step=False)


def board_render(app: App, state, viewer: str) -> bytes:
    """The board (every layer, no tool preview) for a viewer, as raw pixels."""
    view = app.battle
    surface = pygame.Surface(SIZE)
    view.renderer.draw(surface, view.camera, state, viewer, clip=view.board_rect(), view=view)
    return pygame.image.tobytes(surface, "RGB")


HIDDEN = [
    {"kind": "frag_mine", "cell": [6, 4]},
    {"kind": "tripwire", "cell": [8, 1], "wire_end": [8, 6]},
    {"kind": "directional_mine", "cell": [10, 7], "facing": "W"},
    {"kind": "proximity_sensor", "cell": [5, 8]},
]


# -- what each view draws (R-TRAP-6) ---------------------------------------------------------------
def test_players_view_draws_nothing_of_hidden_traps():  # R-TRAP-6
    a = make_app(traps=HIDDEN)
    try:
        state = a.battle.state
        assert len(state.traps) == 4 and all(t.hidden for t in state.traps.values())
        without = copy.deepcopy(state)
        without.traps = {}
        assert board_render(a, state, "players") == board_render(a, without, "players")
        assert board_render(a, state, "gm") != board_render(a, without, "gm"), "the GM sees them, ghosted"
    finally:
        pygame.quit()


def test_a_detected_trap_shows_for_everyone():  # R-TRAP-2, R-TRAP-6
    a = make_app(traps=HIDDEN)
    try:
        enc = a.battle.encounter
        before = board_render(a, enc.state, "players")
        enc.submit(DetectTrap("trap-1", "ann"))
        assert tr.visible_to_players(enc.state.traps["trap-1"])
        assert board_render(a, enc.state, "players") != before
    finally:
        pygame.quit()


# -- the trap tool ------------------------------------------------------------------------------------
def test_click_places_a_hidden_trap_and_undo_removes_it(app):
    key(app, pygame.K_p)
    key(app, pygame.K_3)  # the third kind in traps.toml
    kind = list(tr.default_trap_kinds())[2]
    click(app, centre(app, (7, 3)))
    traps = app.battle.state.traps
    assert [(t.kind, t.cell, t.hidden) for t in traps.values()] == [(kind, (7, 3), True)]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not app.battle.state.traps


def test_drag_lays_a_tripwire_and_right_click_removes_it(app):
    key(app, pygame.K_p)
    index = list(tr.default_trap_kinds()).index("tripwire")
    key(app, pygame.K_1 + index)
    drag(app, centre(app, (8, 1)), centre(app, (8, 6)))
    trap = next(iter(app.battle.state.traps.values()))
    assert (trap.kind, trap.cell, trap.wire_end) == ("tripwire", (8, 1), (8, 6))
    click(app, centre(app, (8, 3)), button=3)  # on the wire
    assert trap.id not in app.battle.state.traps or app.battle.state.traps[trap.id].status == "removed"


def test_r_turns_a_cone_mine_before_it_is_placed(app):  # R-CONE-2
    key(app, pygame.K_p)
    index = list(tr.default_trap_kinds()).index("directional_mine")
    key(app, pygame.K_1 + index)
    key(app, pygame.K_r)
    key(app, pygame.K_r)  # E -> SE -> S
    click(app, centre(app, (9, 2)))
    trap = next(iter(app.battle.state.traps.values()))
    assert trap.facing == "S"
    assert tr.trap_area(trap) == frozenset(tr.trap_area(trap))  # drawn from the same function


# -- disarming in a fight (R-TRAP-3) ----------------------------------------------------------------------
def test_disarm_in_a_fight_takes_simple_and_standard_with_disadvantage():  # R-TRAP-3, N-TRAP-6
    a = make_app(traps=[{"kind": "frag_mine", "cell": [3, 2], "hidden": False}],
                 ann={"modifiers": {"DEX": 5}, "skills": {"Demolitions": 4}})
    try:
        enc = a.battle.encounter
        enc.submit(StartCombat())
        enc.submit(Advance())
        state = enc.state
        who, trap = state.combatants["ann"], state.traps["trap-1"]
        how, odds = disarm_preview(state, who, trap)
        # Ann lists no Disable Device: untrained, it is her DEX +5 (N-SKILL-1), better than Demolitions 4
        assert odds == tr.disarm_odds(5, 10, in_combat=True) and how == "Disable Device (DEX) +5, disadvantage"
        a.battle.select("ann")
        key(a, pygame.K_p)
        move(a, centre(a, (3, 2)))
        key(a, pygame.K_d)
        kinds = [(d.kind, d.params.get("item")) for d in state.combat.declarations]
        assert kinds == [("simple", "disarm"), ("use-item", "disarm")]
        with pytest.raises(Refused):
            enc.submit(DeclareDisarm("ann", "trap-1"))  # both slots are spent
        enc.submit(ResolveNext())  # the Simple half (no roll)
        entry = enc.submit(ResolveNext(), typed=[15, 2])  # d20 15 - d2 2 + Disable Device (DEX) 5 = 18
        disarm = [e.data for e in entry.events if e.kind == "trap.disarm"][0]
        assert disarm["roll"]["extra"] == [2, 2, -1] and disarm["roll"]["total"] == 18
        assert state.traps["trap-1"].status == "disarmed"
    finally:
        pygame.quit()


# -- facing (R-FACE-1, R-FACE-2) ---------------------------------------------------------------------------
def _steps_down(enc, cid: str) -> None:
    """``cid`` declares a one-square Standard Move down and it resolves (it acted this turn)."""
    c, r = enc.state.combatants[cid].cell
    enc.submit(Declare(cid, Action("standard-move", path=[(c, r + 1)])))
    enc.submit(ResolveNext())


def test_end_of_a_group_turn_asks_each_member_who_acted_for_a_facing():  # R-FACE-1
    a = make_app(ann={"modifiers": {"DEX": 5}})
    try:
        enc = a.battle.encounter
        enc.submit(StartCombat())
        enc.submit(Advance())
        group = enc.state.combat.acting_group()
        for member in group.members:
            _steps_down(enc, member)
        enc.submit(Advance())  # the party's group ends
        prompt = hazards_of(a.battle).prompt
        assert prompt.queue == [m for m in group.members]
        first = prompt.current().id
        key(a, pygame.K_KP6)
        entry = enc.journal.entries[-1]
        assert entry.command == "set-facing" and entry.args == {"combatant": first, "direction": "E",
                                                                 "keep_facing": None}
        assert enc.state.combatants[first].facing == "E"
        assert not prompt.active()
        enc.submit(Advance())  # the Bears' Vanguard ends: Bob's Rearguard acts
        _steps_down(enc, "bob")  # only who acted is asked
        enc.submit(Advance())  # Bob's group ends: now he chooses (N-FACE-3)
        assert prompt.current().id == "bob"
        click(a, centre(a, enc.state.combatants["bob"].cell))  # the prompted token: pick mode
        click(a, centre(a, (13, 4)))  # the bear: Bob keeps facing it
        assert enc.state.combatants["bob"].facing_target == "bear"
        assert enc.journal.entries[-1].args["keep_facing"] == "bear"
        prompt.offer(["bob"])
        click(a, centre(a, enc.state.combatants["ann"].cell))  # Ann does not act now: one click keeps facing her
        assert enc.state.combatants["bob"].facing_target == "ann" and enc.state.combatants["bob"].facing == "N"
        key(a, pygame.K_z, pygame.KMOD_CTRL)
        assert enc.state.combatants["bob"].facing_target == "bear", "undo walks the journal back"
    finally:
        pygame.quit()


def test_the_prompt_keeps_facing_a_known_trap_or_a_square():  # R-FACE-1, N-FACE-3
    a = make_app(traps=[{"kind": "frag_mine", "cell": [5, 2], "id": "mine", "hidden": False}],
                 ann={"modifiers": {"DEX": 5}})
    try:
        enc = a.battle.encounter
        enc.submit(StartCombat())
        enc.submit(Advance())
        enc.submit(Declare("ann", Action("free")))  # only who acted is asked
        enc.submit(ResolveNext())
        enc.submit(Advance())  # Ann's group ends: she is asked
        prompt = hazards_of(a.battle).prompt
        assert prompt.current().id == "ann"
        click(a, centre(a, (2, 2)))  # her own token: pick mode
        click(a, centre(a, (5, 2)))  # the mine
        assert enc.state.combatants["ann"].facing_target == "mine" and enc.state.combatants["ann"].facing == "E"
        prompt.offer(["ann"])  # asked again while her moment lasts
        click(a, centre(a, (2, 2)))
        click(a, centre(a, (2, 0)))  # an empty square: the door north of her, say
        assert enc.state.combatants["ann"].facing_cell == (2, 0) and enc.state.combatants["ann"].facing == "N"
        assert a.battle.current_message() == ("Ann keeps facing the square (2, 0).", "good")
    finally:
        pygame.quit()


def _ann_asked_to_face(a):
    """Combat started, Ann stepped down a square in the party's Vanguard, which ends: she is asked
    her facing (R-FACE-1)."""
    enc = a.battle.encounter
    enc.submit(StartCombat())
    enc.submit(Advance())
    _steps_down(enc, "ann")
    enc.submit(Advance())
    return enc


def test_enter_keeps_the_facing_and_the_table_moving_on_ends_the_asking():  # R-FACE-1
    a = make_app(ann={"modifiers": {"DEX": 5}})
    try:
        enc = _ann_asked_to_face(a)
        prompt = hazards_of(a.battle).prompt
        assert prompt.queue == ["ann"]  # the party's Vanguard: Ann alone, who moved
        n = len(enc.journal.entries)
        key(a, pygame.K_RETURN)
        assert len(enc.journal.entries) == n, "keeping the facing needs no command"
        assert not prompt.active() and enc.state.combatants["ann"].facing == "S"
        prompt.offer(["ann"])  # asked again; the bears declare instead of answering
        enc.submit(Declare("bear", Action("standard-move", path=[(12, 4)])))
        assert not prompt.active()
    finally:
        pygame.quit()


def test_while_a_group_chooses_its_facings_the_next_group_s_banner_waits_and_e_ends_nothing():
    """N-FACE-2, N-FACE-3: an outside reviewer saw the bears' turn under a facing prompt still up for
    the party; an E then would have ended the bears' turn unseen. The banner says whose facing it
    waits for and who acts after; E says so too; Enter answers and the bears' banner comes back."""
    a = make_app(ann={"modifiers": {"DEX": 5}})
    try:
        enc = _ann_asked_to_face(a)  # the party's Vanguard ends: the bears' Vanguard acts, Ann is asked
        acting = enc.state.combat.acting_group().key
        banner = a.hotseat.banner()
        assert banner.title == "Ann's turn is over" and banner.button is None
        # one line says what it waits for (no pill under it besides: review 16 F16i)
        assert banner.waiting == "" and banner.detail.startswith("choose Ann's facing on the map, then ")
        entries = len(enc.journal.entries)
        key(a, pygame.K_e)
        assert len(enc.journal.entries) == entries and enc.state.combat.acting_group().key == acting
        assert "Waiting for Ann's facing" in a.battle.current_message()[0]
        key(a, pygame.K_RETURN)  # Ann's facing is left as it is
        assert a.hotseat.banner().button is not None and a.hotseat.banner().waiting == ""
        enc.submit(Advance())  # the bears' Vanguard ends: Bob's Rearguard, the round's last group
        _steps_down(enc, "bob")
        enc.submit(Advance())  # the Counter Phase waits for Bob's facing: its card names him
        assert enc.state.combat.phase == "counters"
        shown = drawn_texts(a)
        assert "opens once Bob's facing is chosen on the map" in shown  # the keys: by the arrows (F16i)
        assert "Facings as they are: start round 2" in shown  # its button says what it does to the facing asked
    finally:
        pygame.quit()


def test_arcs_are_tinted_by_arc_of():  # R-FACE-2
    arcs = arc_cells((5, 5), "N")
    for arc, cells in arcs.items():
        assert all(arc_of((5, 5), "N", c) == arc for c in cells)
    assert (5, 4) in arcs["front"] and (5, 6) in arcs["rear"] and (7, 5) in arcs["flank"]


def test_cone_from_a_token_follows_its_facing_when_pointing_at_it(app):  # R-CONE-2, R-FACE-1
    app.battle.encounter.submit(SetFacing("ann", "E"))
    key(app, pygame.K_c)
    click(app, centre(app, (2, 2)))  # select Ann
    move(app, (centre(app, (2, 2))[0] + 1, centre(app, (2, 2))[1] - 3))
    cells, label, _ = app.battle.tool.preview()
    assert "E" in label and (3, 2) in cells


def test_a_setter_asks_for_a_higher_disarm_dc_with_plus_and_the_fight_declares_it():  # R-TRAP-3, N-GATE-1
    from ui_driver import post

    a = make_app(ann={"modifiers": {"DEX": 5}, "skills": {"Demolitions": 30}})  # the check always beats 20
    try:
        enc = a.battle.encounter
        enc.submit(StartCombat())
        enc.submit(Advance())  # the party's Vanguard (Ann) acts
        click(a, centre(a, (2, 2)))  # select Ann
        key(a, pygame.K_p)
        key(a, pygame.K_EQUALS, text="+")
        key(a, pygame.K_EQUALS, text="+")
        assert a.battle.tool.disarm_dc == 20 and "disarm DC 20" in a.battle.tool.status()
        post(a, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="",
                                   scancode=0))
        click(a, centre(a, (3, 3)))  # Shift+click: Ann sets the chosen trap beside her
        post(a, pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
        declared = [d for d in enc.state.combat.declarations if d.kind == "use-item"]
        assert declared and declared[0].params["trap"] == {"disarm_dc": 20}
        enc.submit(ResolveNext())
        placed = [t for t in enc.state.traps.values() if t.owner == "ann"]
        assert placed and placed[0].disarm_dc == 20
    finally:
        pygame.quit()


def test_the_traps_tool_offers_no_actions_to_a_token_whose_group_is_not_acting(app):  # R-ORD-1
    """Review 13 F10: a selection kept from the last group's turn was offered "Shift+click: Pirate 2
    sets a trap ... S: search 10 ft around" while the party acted; the engine's reason shows now."""
    enc = app.battle.encounter
    enc.submit(StartCombat())
    enc.submit(Advance())
    acting = [cid for cid in ("ann", "bear") if enc.state.combat.can_act_now(cid)]
    waiting = "bear" if acting == ["ann"] else "ann"
    key(app, pygame.K_p)
    click(app, centre(app, enc.state.combatants[waiting].cell))
    move(app, centre(app, (7, 4)))
    tool = app.battle.tool
    name = enc.state.combatants[waiting].name
    # the GM's view: no pill over the map (a GM click there still places a trap: review 14, finding 5);
    # the status line says the token's own trap actions wait, and why
    assert tool.odds_lines() == []
    assert "Shift+click set" not in tool.status()
    assert f"{name}'s own trap actions (D, S, X, Shift+click) wait: it is not {name}'s group's turn" in tool.status()
    click(app, centre(app, enc.state.combatants[acting[0]].cell))
    move(app, centre(app, (7, 4)))
    assert any(line.startswith("Shift+click: ") for line in tool.odds_lines())
