"""Spawns from a Tiled map on the right side, and a spawn moved to the enemy team (builder).

What is tested: a ``.tmx`` whose ``spawns`` layer holds Hero (no class), Goblin (class ``enemy``),
Grunt (class ``goblin``: a creature kind, not a side), Guard (class ``enemy`` but property
``team = "guards"``: the property wins) opens with Goblin on the GM's Foes, Hero and Grunt in the
party, Guard on Guards. ``EditCombatant`` with ``new_team`` moves a spawn to a team made in the same
step, and one undo takes both back. In the window, the Edit form's Team menu offers the same teams
as Add, "Foes (GM, new)" included, and choosing it moves Hero there (before: only "Party
(players)" was offered).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tactics.engine.builder.commands import EditCombatant
from tactics.maps import load as load_map
from tactics.ui.app import App
from tactics.ui.opening import definition_for_map, open_path

from test_ui_builder import choose, panel_button
from ui_driver import app_session, click_settled as click, key_settled as key

SPAWNS = """
  <object id="1" name="Hero" x="48" y="48"><point/></object>
  <object id="2" name="Goblin" class="enemy" x="176" y="112"><point/></object>
  <object id="3" name="Grunt" class="goblin" x="208" y="112"><point/></object>
  <object id="4" name="Guard" class="enemy" x="208" y="48">
   <properties><property name="team" value="guards"/></properties><point/>
  </object>
"""
PLAIN = """
  <object id="1" name="Hero" x="48" y="48"><point/></object>
  <object id="2" name="Goblin" x="176" y="112"><point/></object>
"""


def tmx_text(spawns: str) -> str:
    """An 8 x 6 Tiled map of empty floor with ``spawns`` on its ``spawns`` object layer."""
    rows = ",\n".join([",".join(["0"] * 8)] * 6)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="8" height="6"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="9">
 <layer id="1" name="floor" width="8" height="6"><data encoding="csv">
{rows}
</data></layer>
 <objectgroup id="2" name="spawns">{spawns} </objectgroup>
</map>
"""


@pytest.fixture
def tmx(tmp_path: Path) -> Path:
    path = tmp_path / "room.tmx"
    path.write_text(tmx_text(SPAWNS))
    return path


def test_a_spawn_class_that_names_a_side_puts_it_there(tmx: Path) -> None:
    teams = {s.name: s.team for s in load_map(tmx).spawns}
    assert teams == {"Hero": None, "Goblin": "foes", "Grunt": None, "Guard": "guards"}
    definition = definition_for_map(load_map(tmx))
    on = {c["name"]: c["team"] for c in definition["combatants"]}
    assert on == {"Hero": "party", "Goblin": "foes", "Grunt": "party", "Guard": "guards"}
    assert definition["teams"]["foes"]["players"] is False and definition["teams"]["party"]["players"] is True


def test_edit_moves_a_spawn_to_a_new_enemy_team_in_one_step(tmx: Path) -> None:
    enc = open_path(tmx, seed=1)
    foes = {"name": "Ogres", "colour": [220, 80, 60], "players": False}
    enc.submit(EditCombatant("grunt", {"team": "ogres"}, new_team=foes))
    assert enc.state.combatants["grunt"].team == "ogres" and not enc.state.teams["ogres"].players
    enc.undo()
    assert enc.state.combatants["grunt"].team == "party" and "ogres" not in enc.state.teams


@pytest.fixture
def app(tmp_path: Path, data_dir: Path):
    path = tmp_path / "plain.tmx"
    path.write_text(tmx_text(PLAIN))  # the review's map: no side on either spawn
    yield from app_session(App(open_path(path, seed=1), size=(1280, 720)), closing=True)


def test_the_edit_form_offers_the_enemy_team_and_makes_it(app: App) -> None:
    state = app.battle.state
    assert {c.name: c.team for c in state.combatants.values()} == {"Hero": "party", "Goblin": "party"}
    key(app, pygame.K_u)
    click(app, panel_button(app, "edit:goblin"))
    form = app.builder.form
    assert form is not None and form.alive()
    assert list(form.choices["team"]) == ["Party (players)", "Foes (GM, new)"]  # as Add offers them
    choose(app, form.menus["team"], "Foes (GM, new)")
    click(app, form.ok.rect.center)
    state = app.battle.state
    assert state.combatants["goblin"].team == "foes" and not state.teams["foes"].players
    assert state.combatants["hero"].team == "party"
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # one undo: the goblin back and no Foes team
    assert app.battle.state.combatants["goblin"].team == "party" and "foes" not in app.battle.state.teams


def test_spawns_of_two_sides_open_with_start_combat_and_the_fight_starts(tmx: Path, data_dir: Path) -> None:
    """A Tiled map whose spawns stand on two sides (none with a stat block) shows the Initiative panel
    with Start combat, and a click starts the fight on the default sheets (review 12: no panel, no
    Start combat and nothing said why until a number in a stat block was changed). One side only:
    no fight to offer."""
    app = App(open_path(tmx, seed=1), size=(1280, 720))
    try:
        app.step()
        start = app.battle.combat.button_rect("start")
        assert start is not None, "no Start combat on a map with spawns of two sides"
        click(app, start.center)
        combat = app.battle.state.combat
        assert combat is not None and set(combat.team_order) == {"party", "foes", "guards"}
    finally:
        pygame.quit()
    plain = tmx.with_name("plain.tmx")
    plain.write_text(tmx_text(PLAIN))  # both on the party
    app = App(open_path(plain, seed=1), size=(1280, 720))
    try:
        app.step()
        assert app.battle.combat.button_rect("start") is None
    finally:
        pygame.quit()
